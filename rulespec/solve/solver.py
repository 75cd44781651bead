"""Solving a game exactly: negamax alpha-beta to the end of every line, with a memory-bounded
transposition table over position keys (rulespec.players.search, shared with the alpha-beta
player).

The value is the final score margin (South minus North, as the spec's scoring counts it)
under perfect play by both sides; a game decided by an end condition that names a loser,
whatever the scores, is worth +-(all the points + 1).

The engine's solver (interpreter/engine.py: MTD(f) over the same alpha-beta, a
memory-bounded table of lower and upper bounds, enhanced transposition cut-offs) solves from
any position between moves of a game its runner plays, following the repetition rule where a
game ends on repetition (the positions seen since the last capture are on its line; see the
solver's section of engine.py and docs/analysis.md). A search written in Python over the
engine's states (rulespec.players.search: `engine="python"`) checks it and solves what it
leaves out (moves that ask a decision, a decision pending); it keys positions by
`state.position_key()`, which leaves the history out, so in a variant that ends on repetition
its values are exact only when no line repeats (it says so).
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulespec.errors import LimitError
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
    engine: str = "python"
    """"native" (the engine's solver, interpreter/engine.py) or "python" (the search over the
    engine's states written in Python, rulespec.players.search)."""
    stores_shared: bool = False
    """Native: positions that differ only in their stores shared table entries (no rule reads
    a store's count, the score is the store plus what the rules add; interpreter/engine.py)."""
    endgame_pieces: int = 0
    """Native, stores shared: positions with at most this many pieces on the pits were kept
    exactly in an endgame table (0: none), filled as the search met them."""
    endgame_positions: int = 0

    def value_text(self) -> str:
        return f"+{self.value}" if self.value > 0 else str(self.value)


ENGINES = ("auto", "native", "python")


Progress = Callable[[int, int, int], None]
"""progress(positions searched, lower, upper): the bounds proved so far on the value (South's view)."""


def solve(game: Any, state: Any = None, memory_mb: float = 1000, all_moves: bool = False,
          progress: Progress | None = None, engine: str = "auto",
          share_stores: bool = True, endgame: int = 0) -> Solution:
    """Solve `state` (default: the start). `memory_mb` bounds the transposition table;
    `engine`: "auto" (the engine's solver where it covers the position, else the search over
    states in Python), "native" (an error where it does not) or "python" (that search).
    `share_stores=False` keeps the stores in the native table's keys even where the rules
    allow leaving them out, `endgame=False` leaves out the native endgame table (both for
    measuring)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if not math.isfinite(memory_mb) or memory_mb <= 0:
        raise ValueError(f"the memory bound must be a positive number of megabytes, not {memory_mb:g}")
    state = state if state is not None else game.new_initial_state()
    if state.is_terminal():
        return Solution(state.margin(0), [], 0, 0.0, 0, 0)
    if getattr(state, "race", None) is not None:
        raise ValueError("the position is inside the opening race, where both players choose at once: "
                         "it has no minimax value (a simultaneous game); solve a position after the race")
    if engine != "python":
        solution = _solve_native(game, state, memory_mb, all_moves, progress, required=engine == "native",
                                 share_stores=share_stores, endgame=endgame)
        if solution is not None:
            return solution
    return _solve_python(game, state, memory_mb, all_moves, progress)


def _solve_native(game: Any, state: Any, memory_mb: float, all_moves: bool,
                  progress: Progress | None, required: bool,
                  share_stores: bool = True, endgame: int = 0) -> Solution | None:
    """The engine's solver's answer, or None where it does not cover the state (the search
    over states solves it)."""
    from rulespec.interpreter.kernel import engine_module
    from rulespec.interpreter.native import native

    runner, why = native(game), ""
    if state.pending_request() is not None:
        runner, why = None, "a decision inside a move is pending"
    if runner is not None:
        start = time.perf_counter()
        sign = 1 if state.current_player() == 0 else -1
        report = None if progress is None else lambda n, lo, hi: progress(n, *_south(sign, lo, hi))
        try:
            value, moves, nodes, entries, exact_keys, shared, eg_pieces, eg_positions = engine_module().solve(
                runner.runner, *runner_position(state), win_value(game), float(memory_mb), all_moves, report,
                share_stores, endgame, _seen_before(game, state))
        except NotImplementedError as refused:
            why = str(refused)
        except LimitError as exc:  # the engine's own subclass
            raise LimitError(str(exc)) from None
        else:
            text = state.action_to_string
            caveat = "" if exact_keys else ("positions are told apart by a 128-bit hash of the full position "
                                            "(a collision, vanishingly unlikely, could change the value)")
            return Solution(sign * value, [text(a) for a, v in moves if v == value], nodes,
                            time.perf_counter() - start, entries, 0,
                            {text(a): sign * v for a, v in moves} if all_moves else {},
                            _caveat(game, value, caveat), "native", shared, eg_pieces, eg_positions)
    if required:
        raise ValueError(f"the native solver does not cover this position: {why}")
    return None


def runner_position(state: Any) -> tuple[Any, ...]:
    """A state's position as the engine reads it."""
    return (list(state.board), list(state.marks), list(state.stock), state.removed, state.stage,
            state.moves_played, state.to_move, list(state.variable_slots))


def _seen_before(game: Any, state: Any) -> list[tuple[Any, ...]]:
    """In a game that ends on repetition, the positions seen since the last capture (the
    State's record of them, in any order) as (board, stock, stage, mover): the solver's line
    starts with them."""
    if not game.uses_repetition:
        return []
    ns = len(state.board)
    out = []
    for key in state.positions_seen():
        if len(key) == 1 + ns:  # (mover, *board): one stage, no stock
            out.append((key[1:], (0, 0), 0, key[0]))
        else:  # (mover, stage, *board, *stock, ...)
            out.append((key[2:2 + ns], key[2 + ns:4 + ns], key[1], key[0]))
    return out


def _solve_python(game: Any, state: Any, memory_mb: float, all_moves: bool,
                  progress: Progress | None) -> Solution:
    table = TranspositionTable.with_memory(memory_mb)
    search = Search(table)
    state = state.clone()
    sign = 1 if state.current_player() == 0 else -1
    if progress is not None:
        win = win_value(game)

        def report(nodes: int) -> None:
            lower = search.root_lower_bound()
            progress(nodes, *_south(sign, -win if lower is None else lower, win))

        search.progress = report
    start = time.perf_counter()
    moves: dict[str, int] = {}
    value, best = search.best_actions(state)
    if progress is not None:
        progress(search.nodes, sign * value, sign * value)
    if all_moves:  # the table now holds the proof: each move's exact value reuses it
        moves = {state.action_to_string(a): sign * v for a, v in search.ranked(state)}
    caveat = ""
    if game.uses_repetition:
        caveat = ("this variant ends on repetition; the table ignores the game's history, so the "
                  "value is exact only if no optimal line repeats a position")
    return Solution(sign * value, [state.action_to_string(a) for a in best], search.nodes,
                    time.perf_counter() - start, len(table), table.flushes, moves, _caveat(game, value, caveat))


def _south(sign: int, lower: int, upper: int) -> tuple[int, int]:
    """Bounds on the mover's value as bounds on South's."""
    return (lower, upper) if sign > 0 else (-upper, -lower)


def _caveat(game: Any, value: int, caveat: str) -> str:
    if abs(value) >= win_value(game):
        caveat = (caveat + "; " if caveat else "") + "the value is a forced win or loss, not a score margin"
    return caveat
