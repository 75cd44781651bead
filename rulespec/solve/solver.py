"""Solving a game exactly: negamax alpha-beta to the end of every line, with a memory-bounded
transposition table over position keys (rulespec.players.search, shared with the alpha-beta
player).

The value is the final score margin (South minus North, as the spec's scoring counts it)
under perfect play by both sides; a game decided by an end condition that names a loser,
whatever the scores, is worth +-(all the points + 1). Positions are keyed by
`state.position_key()`; in a variant that ends on repetition the value can depend on the
history of the game, which the key leaves out, so such values are exact only when no line
repeats (the solver says so)."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulespec.players.search import Search, TranspositionTable, win_value


@dataclass
class Solution:
    value: int
    """South's score minus North's under perfect play (from the position solved)."""
    best: list[str]
    """Every first decision that keeps that value, in the game's notation."""
    nodes: int
    seconds: float
    table_entries: int
    table_flushes: int
    """How often the table was full and its older half dropped (memory bound reached)."""
    moves: dict[str, int] = field(default_factory=dict)
    """With `all_moves`: each first decision's exact value (South's view)."""
    caveat: str = ""

    def value_text(self) -> str:
        return f"+{self.value}" if self.value > 0 else str(self.value)


def solve(game: Any, state: Any = None, memory_mb: float = 1000, all_moves: bool = False,
          progress: Callable[[int], None] | None = None) -> Solution:
    """Solve `state` (default: the start). `memory_mb` bounds the transposition table."""
    state = state if state is not None else game.new_initial_state()
    if state.is_terminal():
        return Solution(state.margin(0), [], 0, 0.0, 0, 0)
    table = TranspositionTable.with_memory(memory_mb)
    search = Search(table, progress=progress)
    start = time.perf_counter()
    me = state.current_player()
    sign = 1 if me == 0 else -1
    moves: dict[str, int] = {}
    value, best = search.best_actions(state)
    if all_moves:  # the table now holds the proof: each move's exact value reuses it
        moves = {state.action_to_string(a): sign * v for a, v in search.ranked(state)}
    caveat = ""
    if game.uses_repetition:
        caveat = ("this variant ends on repetition; the table ignores the game's history, so the "
                  "value is exact only if no optimal line repeats a position")
    if abs(value) >= win_value(game):
        caveat = (caveat + "; " if caveat else "") + "the value is a forced win or loss, not a score margin"
    return Solution(sign * value, [state.action_to_string(a) for a in best], search.nodes,
                    time.perf_counter() - start, len(table), table.flushes, moves, caveat)
