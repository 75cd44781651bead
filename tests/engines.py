"""The engine compiled against its source run by Python (RULESPEC_PURE=1), and the engine's
whole games (its runner) against its per-action state API: helpers shared by the test files."""
from __future__ import annotations

from typing import Any, Callable

import pytest

FACTS = ("mover", "origin", "direction", "kind", "stage", "lifted", "lap", "captured", "first_captured",
         "last", "first_ok", "sowings", "lap_seq", "lap_hand", "fired", "taken", "taken_kinds")
"""What a move did, as `state.last_move` says."""


class Interpreted:
    """A game whose states and whole games are the engine's source run by Python: loaded, and
    every start made, with RULESPEC_PURE=1 (a game keeps the engine it first played with)."""

    def __init__(self, load: Callable[[], Any]) -> None:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("RULESPEC_PURE", "1")
            self.game = load()
            start = self.game.new_initial_state()
        assert type(start).__mro__[2].__module__ == "rulespec.interpreter.engine"

    def new_initial_state(self) -> Any:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("RULESPEC_PURE", "1")
            return self.game.new_initial_state()

    def state_from_snapshot(self, snapshot: dict) -> Any:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("RULESPEC_PURE", "1")
            return self.game.state_from_snapshot(snapshot)

    def playouts(self, *args: Any, **kwargs: Any) -> dict:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("RULESPEC_PURE", "1")
            return self.game.playouts(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def compiled_and_interpreted(load: Callable[[], Any]) -> tuple[Any, Interpreted]:
    """The same game twice: played by the compiled engine, and by its source run by Python."""
    game = load()
    assert type(game.new_initial_state()).__mro__[2].__module__ == "rulespec.interpreter._engine"
    return game, Interpreted(load)


def assert_same(a: Any, b: Any, where: str) -> None:
    """Everything a user or a search sees of two states: legal actions, the position, who is to
    move, the end, the decision asked and what the last move did."""
    assert a.legal_actions() == b.legal_actions(), where
    assert (a.board, a.marks, a.stock, a.removed, a.kinds) == (b.board, b.marks, b.stock, b.removed, b.kinds), where
    assert (a.to_move, a.stage, a.round, a.is_terminal(), a.returns(), a.end_reason) == \
        (b.to_move, b.stage, b.round, b.is_terminal(), b.returns(), b.end_reason), where
    assert (a.scores(), a.history(), str(a)) == (b.scores(), b.history(), str(b)), where
    ra, rb = a.pending_request(), b.pending_request()
    assert (ra is None) == (rb is None), where
    if ra is not None:
        assert (ra.kind, ra.options, ra.labels, ra.default, ra.in_hand, ra.hand_kinds) == \
            (rb.kind, rb.options, rb.labels, rb.default, rb.in_hand, rb.hand_kinds), where
    ma, mb = a.last_move, b.last_move
    assert (ma is None) == (mb is None), where
    if ma is not None:
        for fact in FACTS:
            assert getattr(ma, fact) == getattr(mb, fact), f"{where}: move fact {fact}"
        ends = [None if m.end is None else (m.end[0].kind, m.end[0].player, m.end[1]) for m in (ma, mb)]
        assert ends[0] == ends[1], f"{where}: the end inside the move"
        if a.pending_request() is None:
            assert a.move_to_string() == b.move_to_string(), where


def play_both(fast: Any, slow: Any, choose: Callable[[list], Any], max_actions: int = 600) -> int:
    """One game on both, each action chosen by `choose` from the legal ones (a pair at a
    simultaneous node), compared after every action; the number of actions played."""
    a, b = fast.new_initial_state(), slow.new_initial_state()
    assert_same(a, b, "start")
    n = 0
    while not b.is_terminal() and n < max_actions:
        if b.is_simultaneous_node():
            pair = [choose(b.legal_actions(p)) for p in (0, 1)]
            a.apply_actions(pair)
            b.apply_actions(pair)
        else:
            action = choose(b.legal_actions())
            assert a.action_to_string(action) == b.action_to_string(action)
            a.apply_action(action)
            b.apply_action(action)
        n += 1
        assert_same(a, b, f"after action {n} ({b.history()})")
    return n


def replay(game: Any, result: dict) -> list:
    """The engine's whole games (`native.playouts(..., record=True)`) played again action by
    action on the game's state API: each action legal, each game ending where it did, the wins,
    draws, turns and actions as the runner reported; the games' last states."""
    wins, draws, turns, actions = [0, 0], 0, 0, 0
    finals = []
    for record in result["records"]:
        state = game.new_initial_state()
        for action in record:
            assert not state.is_terminal(), f"{game.name}: the runner's game went on after the end"
            assert action in state.legal_actions(), f"{game.name}: {action} not legal after {state.history()}"
            state.apply_action(action)
        assert state.is_terminal(), f"{game.name}: the runner's game stopped early ({state.history()})"
        south = state.returns()[0]
        wins[0], wins[1], draws = wins[0] + (south > 0), wins[1] + (south < 0), draws + (south == 0)
        turns += state.moves_played
        actions += len(record)
        finals.append(state)
    assert (wins, draws, turns, actions) == (result["wins"], result["draws"], result["turns"], result["actions"])
    assert result["lengths"] == [len(r) for r in result["records"]]
    return finals


ENGINES = ["compiled", "interpreted"]
"""The engine compiled, and its source run by Python."""


def run_on(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games loaded from here on (within the test) are played by `engine`."""
    from rulespec.interpreter import kernel

    monkeypatch.setenv("RULESPEC_PURE", "1" if engine == "interpreted" else "0")
    assert kernel.engine_module().__name__.endswith(".engine" if engine == "interpreted" else "._engine")


def random_step(states: list[Any], rng: Any) -> None:
    """One random action of the first state (a pair at a simultaneous node), applied to every
    state alike."""
    first = states[0]
    if first.is_simultaneous_node():
        pair = [rng.choice(first.legal_actions(p)) for p in (0, 1)]
        for state in states:
            state.apply_actions(pair)
    else:
        action = rng.choice(first.legal_actions())
        for state in states:
            state.apply_action(action)
