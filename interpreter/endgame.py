"""End conditions as the assembler reads them: what ends the game, what happens to the pieces
left, and the result (the engine tests them: interpreter/engine.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class EndProgram:
    spec: Any
    """The end condition this was compiled from (rulespec.models.end)."""
    kind: str
    remaining: str
    result: str
    during_move: bool = False
    winner_needs: int | None = None
    """With a result about one player: the other wins only with at least this score."""
    player: str = ""
    """side_empty: whose side is looked at ('any', 'mover', 'opponent' or 'to_move')."""
    side_pits: list[list[int]] | None = None
    """side_empty: per player, the pits that must all be empty (where pits change hands: every
    pit of the rows looked at, for both players; only those the player holds then count)."""


def compile_end(cond: Any, game: Any) -> EndProgram:
    """One end condition of `game` (its board and whether pits change hands are known)."""
    prog = EndProgram(cond, cond.kind, cond.remaining, cond.result, cond.during_move,
                      winner_needs=getattr(cond, "winner_needs", None))
    if cond.kind == "side_empty":
        geo = game.geo
        rows = set(cond.rows) if cond.rows else None
        prog.player = cond.player
        if game.held is not None:  # pits change hands: the pits held when it is tested
            prog.side_pits = [[q for q in range(geo.n_pits) if not rows or geo.row[q] in rows]] * 2
        else:
            prog.side_pits = [[q for q in geo.own[p] if not rows or geo.row[q] in rows] for p in (0, 1)]
    return prog
