"""Games of several rounds: how the pits are refilled and who starts the next round, as the
engine reads it (its next_round plays it)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RoundRules:
    """The spec's `rounds` block, compiled: per player, the pits in filling order."""

    per_pit: int
    fill_order: tuple[tuple[int, ...], tuple[int, ...]]
    out_of_play: int
    """The mark bits an unfilled pit carries (0: none)."""
    next_player: str
    max_rounds: int | None
    held: tuple[int, int] | None = None
    """South's and North's bits of the mark a pit passed to the opponent carries (to_opponent)."""
    part_min: int = 0
    """The fewest pieces left that fill a part pit (part_pit.min; 0: no part pit)."""
    part_tie: str = "weaker"
    """Who fills the part pit when both have as many left (part_pit.tie)."""
    clear: int = 0
    """The mark bits cleared from every pit when a round begins (clear_marks)."""
    remainder: str = "store"
    """Where the pieces short of a whole pit go (remainder: store, next_pit or
    next_pit_out_of_play)."""


def compile_rounds(rounds: Any, game: Any) -> RoundRules | None:
    if rounds is None:
        return None
    geo = game.geo
    order = [tuple(geo.own[p]) for p in (0, 1)]
    if rounds.order == "last":
        order = [tuple(reversed(o)) for o in order]
    per_pit = rounds.per_pit if rounds.per_pit is not None else game.spec.setup.per_pit
    held = rounds.to_opponent
    part = rounds.part_pit
    return RoundRules(per_pit, (order[0], order[1]),
                      game.mark_bit[rounds.out_of_play] if rounds.out_of_play is not None else 0,
                      rounds.next_player, rounds.max_rounds or None,
                      tuple(game.owner_bits[held]) if held is not None else None,
                      part.min if part is not None else 0, part.tie if part is not None else "weaker",
                      sum(game.mark_bit[name] for name in set(rounds.clear_marks)),
                      rounds.remainder)
