"""The last move's facts, notation and trace read from the engine's record, compiled and
interpreted alike."""
from __future__ import annotations

import random
from typing import Any

import pytest

import rulespec
from rulespec.interpreter import state as state_module
from rulespec.fuzz import load_for_random_play
from rulespec.interpreter.game import Game
from engines import Interpreted

FIELDS = ("mover", "origin", "direction", "kind", "stage", "lifted", "lap", "sowings", "last", "captured", "fired",
          "taken", "taken_kinds", "decisions", "played", "trace")
"""The MoveInfo attributes the readers of a last move use (notation, terminal, records, web,
fuzz, the rulebook's diagrams)."""


def seen(mv: Any, game: Any) -> dict[str, Any] | None:
    """What a reader can see of a last move."""
    if mv is None:
        return None
    out = {name: getattr(mv, name) for name in FIELDS}
    out["end"] = mv.end and (game.rulesets[mv.stage].during.index(mv.end[0]), mv.end[1])
    if game.mark_names:
        out["marks_before"] = mv.marks_before
    out["forced"] = [(i, request.kind, request.labels[request.options.index(option)], option == request.default)
                     for i, request, option in mv.forced]
    return out


def twin_games(name: str) -> tuple[Any, Any]:
    """The variant traced, played by the engine compiled and by its source run by Python."""
    loaded = load_for_random_play(name).loaded
    return Game(loaded).traced(), Interpreted(lambda: Game(loaded).traced())


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_the_engine_reports_the_last_move_alike_compiled_and_interpreted(name: str) -> None:
    """Every action of a seeded random game: last_move's fields, last_move_facts() and
    move_to_string() with and without the suffix, traced."""
    engine, interpreted = twin_games(name)
    rng = random.Random(name)
    state, twin = engine.new_initial_state(), interpreted.new_initial_state()
    assert type(state) is state_module.native_state_class()
    for _ in range(150):
        if not state._racing:
            where = state.history()
            assert seen(state.last_move, engine) == seen(twin.last_move, interpreted), where
            assert state.last_move_facts() == twin.last_move_facts(), where
            assert state.move_to_string() == twin.move_to_string(), where
            assert state.move_to_string(suffix=False) == twin.move_to_string(suffix=False), where
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        twin.apply_action(action)
        state.apply_action(action)


@pytest.mark.parametrize("name", ["oware", "bao-la-kiswahili", "mefuvha", "glass-bead-game", "kiothi"])
def test_the_last_move_is_read_mid_game(name: str) -> None:
    """The last move, its facts and its notation, read after every whole move."""
    state = rulespec.load(name).new_initial_state()
    rng = random.Random(name)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        if state.pending_request() is None:
            state.last_move, state.last_move_facts(), state.move_to_string(), state.move_to_string(suffix=False)
    assert state.last_move is not None


def test_a_finished_move_is_read_only() -> None:
    state = rulespec.load("oware").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(AttributeError):
        state.last_move.captured = 3
