"""Whole games in native code (`Game.playouts`) against the Python path.

The native games choose with their own generator, so they are checked by replaying what they
played: every game's actions are applied to a Python `State` (with and without the move
kernel), each must be legal there, the game must end exactly when the native one did, and
the wins, draws, actions and turns must add up to what the native run reported.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_spec_fuzz import specs

import rulespec
from interpreter import native
from rulespec import RulespecError

NATIVE = [("oware", {}), ("oware", {"pits": 3, "seeds": 2}), ("oware", {"pits": 12}), ("kalah", {}),
          ("kalah", {"pits": 3, "seeds": 1}), ("kalah", {"empty_capture": True}), ("mefuvha", {}),
          ("mefuvha", {"pits": 6, "bonus": 2})]


def replay(game, result: dict) -> None:
    """Play the recorded games on the Python State API and compare the totals."""
    wins, draws, turns, actions = [0, 0], 0, 0, 0
    for record in result["records"]:
        state = game.new_initial_state()
        for action in record:
            assert not state.is_terminal(), f"{game.name}: the native game went on after the end"
            assert action in state.legal_actions(), f"{game.name}: {action} not legal after {state.history()}"
            state.apply_action(action)
        assert state.is_terminal(), f"{game.name}: the native game stopped early ({state.history()})"
        r = state.returns()[0]
        if r > 0:
            wins[0] += 1
        elif r < 0:
            wins[1] += 1
        else:
            draws += 1
        turns += state.moves_played
        actions += len(record)
    assert (wins, draws, turns, actions) == (result["wins"], result["draws"], result["turns"], result["actions"])
    assert result["lengths"] == [len(r) for r in result["records"]]


@pytest.mark.parametrize("name,params", NATIVE, ids=[f"{n}{p or ''}" for n, p in NATIVE])
def test_native_games_replay_on_both_python_paths(name: str, params: dict) -> None:
    game = rulespec.load(name, **params)
    result = native.playouts(game, 40, seed=7, lengths=True, record=True)
    assert result["engine"] == "native", game.native_refusal
    assert result["games"] == 40 and sum(result["wins"]) + result["draws"] == 40
    replay(rulespec.load(name, **params), result)
    replay(rulespec.load(name, **params).without_kernel(), result)


def test_a_seed_gives_the_same_games_and_another_seed_others() -> None:
    game = rulespec.load("oware")
    first = game.playouts(30, seed=5, lengths=True)
    assert first == game.playouts(30, seed=5, lengths=True)
    assert first["lengths"] != game.playouts(30, seed=6, lengths=True)["lengths"]
    assert set(first) == {"games", "wins", "draws", "actions", "turns", "engine", "lengths"}
    assert "lengths" not in game.playouts(3)


def test_what_native_code_does_not_cover_plays_in_python_with_the_same_result_shape() -> None:
    game = rulespec.load("glass-bead-game")
    result = game.playouts(2, seed=1, lengths=True)
    assert result["engine"] == "python" and game.native_refusal == "it does not cover several kinds of piece"
    assert result["games"] == 2 and sum(result["wins"]) + result["draws"] == 2
    assert sum(result["lengths"]) == result["actions"] > 0 and result["turns"] > 0
    assert result == game.playouts(2, seed=1, lengths=True), "the Python path is seeded too"


def test_the_switch_sends_playouts_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_KERNEL", "0")
    game = rulespec.load("kalah")
    result = game.playouts(5, seed=2)
    assert result["engine"] == "python" and "RULESPEC_KERNEL=0" in game.native_refusal


def test_bad_arguments_are_refused() -> None:
    game = rulespec.load("kalah")
    with pytest.raises(ValueError, match="players"):
        game.playouts(1, players="minimax")
    with pytest.raises(ValueError, match="at least 0"):
        game.playouts(-1)
    assert game.playouts(0)["games"] == 0


def test_the_native_entry_checks_what_it_is_given() -> None:
    game = rulespec.load("kalah")
    runner = native.native(game)
    start = game.new_position()
    with pytest.raises(ValueError, match="turn record"):
        native._native_playouts(runner.stages_t, (10**6,), *start, 1, 0, False, False)
    with pytest.raises(TypeError, match="Kernel"):
        native._native_playouts(("not a kernel",), runner.turns_t, *start, 1, 0, False, False)
    board = list(start[0])
    with pytest.raises(ValueError, match="board"):
        native._native_playouts(runner.stages_t, runner.turns_t, board[:-1], *start[1:], 1, 0, False, False)
    with pytest.raises(ValueError, match="stage"):
        native._native_playouts(runner.stages_t, runner.turns_t, *start[:4], 3, *start[5:], 1, 0, False, False)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=specs(), seed=st.integers(0, 1000))
def test_generated_specs_replay_the_same(spec: dict, seed: int) -> None:
    """Random specs: where native code plays them, the Python path accepts every game."""
    text = json.dumps(spec)
    try:
        game = rulespec.load_text(text, "generated.yaml")
    except RulespecError:
        return
    result = native.playouts(game, 3, seed=seed, lengths=True, record=True)
    if result["engine"] == "native":
        replay(rulespec.load_text(text, "generated.yaml").without_kernel(), result)
