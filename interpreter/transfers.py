"""Pieces moved by hand (an effect's `transfer`), resolved to slots once for each performer.

Every step names its pits from the performer's side and `next` follows the performer's path,
so where each step takes from and puts into never depends on the board: the assembler writes
the steps out as (from, to, take, mark) and the engine only moves the pieces.
"""
from __future__ import annotations

from typing import Any

from . import layout
from .geometry import CCW, NONE


def resolve_transfers(game: Any, steps: list[Any], performer: int) -> list[tuple[int, int, int, int]]:
    """The steps as the engine does them for `performer`: (from, to, take, mark bits), each a
    slot or layout.SPOT_HAND / SPOT_OFF. ValueError when a step names a place that is not on
    this board (a pit without an opposite one, a store on a board without stores)."""
    geo = game.geo
    path = geo.circuit(performer, game.circuit, CCW, own_store=False, opponent_store=False)
    after = {q: path[(i + 1) % len(path)] for i, q in enumerate(path)}
    cursor = NONE
    out: list[tuple[int, int, int, int]] = []
    for i, step in enumerate(steps):
        for _ in range(step.times):
            source = _place(game, step.from_, performer, cursor, after, i)
            base = source if source >= 0 else cursor
            if step.to == "next":
                target = _after(after, base, i)
            elif step.to == "opposite":
                target = geo.opposite[base] if base >= 0 else NONE
                if target == NONE:
                    raise ValueError(f"transfer step {i + 1}: the pit {geo.label[base] if base >= 0 else '?'} "
                                     "faces no pit")
            else:
                target = _place(game, step.to, performer, cursor, after, i)
            take = layout.TAKE_ALL if step.take == "all" else step.take
            mark = _mark_bits(game, step.mark, performer) if step.mark is not None and target >= 0 else 0
            out.append((source, target, take, mark))
            pits = range(geo.n_pits)
            cursor = target if target in pits else source if source in pits else cursor
    return out


def _place(game: Any, place: Any, performer: int, cursor: int, after: dict[int, int], i: int) -> int:
    geo = game.geo
    if place == "next":
        return _after(after, cursor, i)
    if place == "hand":
        return layout.SPOT_HAND
    if place == "off":
        return layout.SPOT_OFF
    if place == "store":
        if geo.store[performer] == NONE:
            raise ValueError(f"transfer step {i + 1}: the board has no stores")
        return geo.store[performer]
    label, side = (place, "own") if isinstance(place, str) else (place.pit, place.side)
    return geo.relative[performer if side == "own" else 1 - performer][label]


def _after(after: dict[int, int], pit: int, i: int) -> int:
    if pit not in after:
        raise ValueError(f"transfer step {i + 1}: `next` needs a pit before it on the path of sowing")
    return after[pit]


def _mark_bits(game: Any, name: str, performer: int) -> int:
    bits = game.owner_bits.get(name)
    return bits[performer] if bits is not None else game.mark_bit[name]
