"""The exact solver: published Kalah values, an independent brute-force oracle, the memory
bound, and alpha-beta agreeing with the solver."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.players import AlphaBetaPlayer
from rulespec.players.search import Search, TranspositionTable, utility
from rulespec.solve import solve


@pytest.mark.parametrize("seeds, value", [(1, 2), (2, 10)])
def test_reproduces_irving_donkers_uiterwijk_kalah_values(seeds: int, value: int) -> None:
    # "Solving Kalah" (ICGA Journal 23(3), 2000) solves the empty-capture convention (a last
    # seed in an own empty pit is captured even with nothing opposite), seeds left on the board
    # counting for their owner: Kalah(6,1) = +2, Kalah(6,2) = +10 for the first player.
    # Kalah(6,3) and (6,4) take minutes: benchmarks/solve.py.
    game = rulespec.load("kalah", pits=6, seeds=seeds, empty_capture=True)
    sol = solve(game, memory_mb=8)
    assert (sol.value, sol.engine) == (value, "native")
    assert solve(rulespec.load("kalah-empty-capture", pits=6, seeds=seeds), memory_mb=8).value == value


def test_the_python_reference_reproduces_kalah_6_1() -> None:
    sol = solve(rulespec.load("kalah", pits=6, seeds=1, empty_capture=True), engine="python")
    assert (sol.value, sol.engine) == (2, "python")


NATIVE_INSTANCES = [("kalah", {"pits": 3, "seeds": 2}), ("kalah", {"pits": 3, "seeds": 3, "empty_capture": True}),
                    ("kalah", {"pits": 4, "seeds": 1})]


@pytest.mark.parametrize("variant, params", NATIVE_INSTANCES[:3])
def test_native_and_python_solvers_agree_on_every_first_move(variant: str, params: dict) -> None:
    game = rulespec.load(variant, **params)
    native = solve(game, all_moves=True, memory_mb=16, engine="native")
    python = solve(game, all_moves=True, engine="python")
    assert native.engine == "native"
    assert native.stores_shared  # Kalah's rules never read a store: the keys leave them out
    assert (native.value, native.best, native.moves) == (python.value, python.best, python.moves)
    full = solve(game, all_moves=True, memory_mb=16, engine="native", share_stores=False)
    assert not full.stores_shared
    assert (full.value, full.best, full.moves) == (python.value, python.best, python.moves)
    ending = solve(game, all_moves=True, memory_mb=16, engine="native", endgame=5)
    assert ending.endgame_pieces == 5 and ending.endgame_positions > 0
    assert (ending.value, ending.best, ending.moves) == (python.value, python.best, python.moves)


@pytest.mark.parametrize("variant, params", NATIVE_INSTANCES)
def test_native_and_python_solvers_agree_from_random_late_positions(variant: str, params: dict) -> None:
    # From any position between moves, not only the start: late positions of random games
    # (short enough to solve in Python), the native state as it is after those moves.
    game = rulespec.load(variant, **params)
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal() and _in_pits(state) > 10:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        native = solve(game, state, memory_mb=4, engine="native")
        python = solve(game, state, engine="python")
        assert (native.value, native.best) == (python.value, python.best), state.history()
        checked += 1
        if checked == 4:
            break
    assert checked == 4


KALAH_TEXT = (Path(__file__).parent.parent / "variants" / "kalah.yaml").read_text()


@pytest.mark.parametrize("change", [
    ("end:\n  - {kind: side_empty", "end:\n  - {kind: score_at_least, points: 9}\n  - {kind: side_empty"),
    ("when: {side: own, store: false, count: 1, opposite: {count: {min: 1}}}",  # a capture may fire at a store
     "when: {side: own, count: 1, opposite: {count: {min: 1}}}"),
])
def test_a_spec_whose_rules_read_the_stores_keeps_them_in_the_keys(change: tuple[str, str]) -> None:
    assert change[0] in KALAH_TEXT
    game = rulespec.load_text(KALAH_TEXT.replace(*change), pits=3, seeds=2)
    native = solve(game, all_moves=True, memory_mb=4, engine="native")
    python = solve(game, all_moves=True, engine="python")
    assert native.engine == "native" and not native.stores_shared
    assert (native.value, native.best, native.moves) == (python.value, python.best, python.moves)


def _in_pits(state) -> int:
    """Pieces still on the pits (not in stores): how much game is left."""
    stores = set(state.game.geo.store)
    return sum(n for slot, n in enumerate(state.board) if slot not in stores)


def test_the_native_solver_solves_a_state_and_games_that_end_on_repetition() -> None:
    game = rulespec.load("kalah", pits=3, seeds=2)
    state = game.new_initial_state()
    assert solve(game, state).engine == "native"
    assert solve(game, state, engine="native").value == solve(game, engine="python").value
    oware = rulespec.load("oware", pits=2, seeds=1)  # ends on repetition: the solver follows the rule
    sol = solve(oware, engine="native")
    assert (sol.engine, sol.value, sol.caveat) == ("native", 2, "")


def test_a_game_that_can_cycle_for_ever_is_reported_not_crashed() -> None:
    # Bohnenspiel has no repetition end and its lines can go round for ever: no value exists
    # (the Python solver runs out of recursion); the native one says why.
    from rulespec.errors import LimitError

    with pytest.raises(LimitError, match="does the game cycle"):
        solve(rulespec.load("bohnenspiel"), memory_mb=4, engine="native")


def test_a_tiny_native_table_still_gives_the_exact_value() -> None:
    game = rulespec.load("kalah", pits=4, seeds=2)
    tiny = solve(game, memory_mb=0.001, engine="native")
    assert tiny.value == solve(game, engine="python").value and tiny.table_entries <= 64


def test_both_capture_rules_match_the_brute_force_oracle() -> None:
    # kalah.yaml's default (OpenSpiel's rule) captures nothing when the opposite pit is empty;
    # the option gives the paper's convention. Both are solved exactly on a small board.
    values = set()
    for empty in (False, True):
        game = rulespec.load("kalah", pits=3, seeds=2, empty_capture=empty)
        value = solve(game).value
        assert value == minimax(game.new_initial_state(), 0)
        values.add(value)


def minimax(state, player: int) -> int:
    """Plain minimax to the end, no pruning and no table: the solver's oracle."""
    if state.is_terminal():
        return utility(state, player)
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        values.append(minimax(child, player))
    return max(values) if state.current_player() == player else min(values)


@pytest.mark.parametrize("variant, params", [("kalah", {"pits": 3, "seeds": 2}), ("kalah", {"pits": 4, "seeds": 1}),
                                             ("kalah", {"pits": 2, "seeds": 3, "empty_capture": True})])
def test_solver_agrees_with_brute_force_from_random_positions(variant: str, params: dict) -> None:
    game = rulespec.load(variant, **params)
    rng = random.Random(7)
    for _ in range(6):
        state = game.new_initial_state()
        for _ in range(rng.randrange(4)):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        assert solve(game, state).value == minimax(state, 0)


def test_a_tiny_table_gives_the_same_value_within_its_bound() -> None:
    game = rulespec.load("kalah", pits=4, seeds=2)
    full = solve(game)
    table = TranspositionTable(max_entries=64)
    search = Search(table)
    state = game.new_initial_state()
    assert search.value(state) == full.value
    assert len(table) <= 64 and table.flushes > 0


def test_best_moves_are_those_whose_exact_value_is_the_games() -> None:
    game = rulespec.load("kalah", pits=4, seeds=2)
    sol = solve(game, all_moves=True)
    assert sol.best and set(sol.best) == {m for m, v in sol.moves.items() if v == sol.value}
    assert max(sol.moves.values()) == sol.value


def test_alpha_beta_to_full_depth_plays_only_optimal_moves() -> None:
    game = rulespec.load("kalah", pits=4, seeds=2)
    sol = solve(game, all_moves=True)
    for seed in range(2):
        player = AlphaBetaPlayer(depth=40, seed=seed)
        state = game.new_initial_state()
        assert state.action_to_string(player.choose(state)) in sol.best


def test_solve_command_prints_value_and_best_moves() -> None:
    from typer.testing import CliRunner

    from rulespec.cli import app

    result = CliRunner().invoke(app, ["solve", "kalah", "-p", "seeds=1", "-p", "empty_capture=true"])
    assert result.exit_code == 0, result.output
    assert "value: +2" in result.output
    assert "best first moves: " in result.output


def test_the_search_keeps_off_the_python_stack() -> None:
    # Oware ends on repetition, so the Python search solves it, down lines longer than the
    # few frames left here: a recursive search ended in a RecursionError.
    import inspect
    import sys

    game = rulespec.load("oware", pits=3, seeds=2)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 60)
    try:
        sol = solve(game, engine="python")
    finally:
        sys.setrecursionlimit(limit)
    assert (sol.value, sol.best) == (8, ["C"])


@pytest.mark.parametrize("engine", ["native", "python"])
def test_progress_reports_bounds_that_close_on_the_value(engine: str) -> None:
    reports: list[tuple[int, int, int]] = []
    sol = solve(rulespec.load("kalah", pits=4, seeds=3), engine=engine,
                progress=lambda *report: reports.append(report))
    assert reports[-1] == (sol.nodes if engine == "python" else reports[-1][0], sol.value, sol.value)
    for (n0, lo0, hi0), (n1, lo1, hi1) in zip(reports, reports[1:]):
        assert n0 <= n1 and lo0 <= lo1 <= sol.value <= hi1 <= hi0
    if engine == "python":
        assert len(reports) > 1 and reports[0][1:] != (sol.value, sol.value)


@pytest.mark.parametrize("memory", [float("nan"), float("inf"), -1.0, 0.0])
def test_a_memory_bound_must_be_a_positive_number(memory: float) -> None:
    with pytest.raises(ValueError, match="the memory bound must be a positive number of megabytes"):
        solve(rulespec.load("kalah", pits=3, seeds=1), memory_mb=memory)


def test_a_line_past_the_ply_bound_is_refused_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulespec.errors import LimitError
    from rulespec.players import search

    monkeypatch.setattr(search, "MAX_PLIES", 5)
    with pytest.raises(LimitError, match="a line of play went past 5 decisions"):
        solve(rulespec.load("oware", pits=3, seeds=2), engine="python")


@pytest.mark.parametrize("name", ["oware", "kalah"])
def test_the_search_plays_on_the_engine_s_own_states(name: str) -> None:
    from rulespec.players.alphabeta import AlphaBetaPlayer

    game = rulespec.load(name, pits=3, seeds=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    exact = solve(game, state, engine="native").value
    before = state.history()
    assert solve(game, state, engine="python").value == exact
    AlphaBetaPlayer(depth=4).choose(state)
    assert state.history() == before  # the search played on clones


# ---- the engine's solver against references

def exact_with_history(state, memo: dict, ids: dict | None = None) -> int:
    """Minimax over the state API with the state's whole history, no pruning: the value for the
    player to move. Memoised on the position and the positions seen since the last capture
    (all of the history the rules read; the engine's own keys of them, which state.positions_seen()
    translates, each numbered once in `ids` to keep the memo small), so exact for a game that
    ends on repetition."""
    ids = {} if ids is None else ids
    key = (state.position_key(), frozenset(ids.setdefault(seen, len(ids)) for seen in state._seen_keys()))
    if key in memo:
        return memo[key]
    me = state.current_player()
    best = None
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        if child.is_terminal():
            v = utility(child, me)
        else:
            v = exact_with_history(child, memo, ids)
            v = v if child.current_player() == me else -v
        best = v if best is None or v > best else best
    memo[key] = best
    return best


def exact_moves(state) -> dict[str, int]:
    """Each first move's exact value (South's view), following the history."""
    out = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        if child.is_terminal():
            out[state.action_to_string(a)] = utility(child, 0)
        else:
            v = exact_with_history(child, {})
            out[state.action_to_string(a)] = v if child.current_player() == 0 else -v
    return out


SIZES = [(p, s) for p in (1, 2, 3) for s in (1, 2, 3)]


@pytest.mark.parametrize("pits, seeds", SIZES)
def test_the_solver_gives_the_python_references_values_and_best_moves_on_kalah(pits: int, seeds: int) -> None:
    game = rulespec.load("kalah", pits=pits, seeds=seeds)
    typed = solve(game, all_moves=True, memory_mb=8, engine="native")
    python = solve(game, all_moves=True, engine="python")
    assert typed.engine == "native"
    assert (typed.value, typed.best, typed.moves) == (python.value, python.best, python.moves)


@pytest.mark.parametrize("pits, seeds", [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)])
def test_the_solver_follows_the_repetition_rule_on_oware(pits: int, seeds: int) -> None:
    # Oware ends when a position repeats since the last capture: the reference plays every
    # line with its whole history (tiny instances only: it knows no pruning)
    game = rulespec.load("oware", pits=pits, seeds=seeds)
    typed = solve(game, all_moves=True, memory_mb=8, engine="native")
    moves = exact_moves(game.new_initial_state())
    assert typed.moves == moves
    assert typed.value == max(moves.values())
    assert typed.best == [m for m, v in moves.items() if v == typed.value]


@pytest.mark.parametrize("pits, seeds", [(2, 3), (3, 1)])
def test_the_solver_follows_the_history_from_random_late_oware_positions(pits: int, seeds: int) -> None:
    # late positions of random games, with the positions seen since the last capture that
    # their history left: the solver's line starts with them
    game = rulespec.load("oware", pits=pits, seeds=seeds)
    rng = random.Random(2)
    checked = 0
    for _ in range(200):
        state = game.new_initial_state()
        for _ in range(rng.randrange(4, 30)):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal() or sum(state.board[:2 * pits]) > 4:
            continue
        typed = solve(game, state, memory_mb=4, engine="native")
        sign = 1 if state.current_player() == 0 else -1
        assert typed.value == sign * exact_with_history(state, {}), state.history()
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("variant, params", [("kalah", {"pits": 3, "seeds": 2}), ("oware", {"pits": 2, "seeds": 2})])
def test_the_solver_interpreted_agrees(monkeypatch: pytest.MonkeyPatch, variant: str, params: dict) -> None:
    from rulespec.interpreter import kernel

    compiled = solve(rulespec.load(variant, **params), all_moves=True, memory_mb=4, engine="native")
    monkeypatch.setenv("RULESPEC_PURE", "1")
    assert kernel.engine_module().__name__.endswith(".engine")
    pure = solve(rulespec.load(variant, **params), all_moves=True, memory_mb=4, engine="native")
    assert (pure.value, pure.best, pure.moves, pure.nodes) == (compiled.value, compiled.best, compiled.moves,
                                                              compiled.nodes)


class SignalLost(Exception):
    """A second timer signal arrived: the first one's KeyboardInterrupt was swallowed."""


def test_ctrl_c_stops_a_long_solve() -> None:
    """A long solve answers Ctrl-C: a timer's signal raises KeyboardInterrupt, as Ctrl-C's
    does. The timer repeats, so a solve that lost the first signal fails on the second
    instead of searching on; the table is bounded by its few megabytes, so nothing grows."""
    import signal

    signals = []

    def interrupt(signum, frame) -> None:
        signals.append(signum)
        raise KeyboardInterrupt if len(signals) == 1 else SignalLost(f"{len(signals)} signals")

    game = rulespec.load("kalah", pits=6, seeds=4)
    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.5, 2.0)
    try:
        with pytest.raises(KeyboardInterrupt):
            solve(game, memory_mb=4, engine="native")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert signals == [signal.SIGALRM]
