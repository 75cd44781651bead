"""Snapshots and positions made by the engine: a state restored from its snapshot plays on as
the state itself: every shipped variant, seeded random games and the worked examples'
positions. (The snapshots a game passes through are pinned by the golden games,
tests/golden/, compiled and interpreted.)"""
from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

import rulespec
from rulespec.fuzz import load_for_random_play

VARIANTS = rulespec.shipped_variants()
GAMES = 2
ACTIONS = 150


def played(game: Any, seed: int) -> Iterator[Any]:
    """The states of a seeded random game, from the start to its end (or ACTIONS actions)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(ACTIONS):
        yield state
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


def same_play(a: Any, b: Any, rng: random.Random, actions: int = 6) -> None:
    """a and b offer the same actions and give the same snapshots over a few random actions."""
    for _ in range(actions):
        assert a.legal_actions() == b.legal_actions()
        assert a.current_player() == b.current_player()
        assert a.snapshot() == b.snapshot()
        if a.is_terminal():
            return
        action = rng.choice(a.legal_actions())
        a.apply_action(action)
        b.apply_action(action)
    assert a.snapshot() == b.snapshot()


@pytest.mark.parametrize("name", VARIANTS)
def test_a_state_from_its_snapshot_plays_on_alike(name: str) -> None:
    game = load_for_random_play(name)
    rng = random.Random(name)
    for seed in range(GAMES):
        for step, state in enumerate(played(game, seed)):
            if step % 7:
                continue
            restored = game.state_from_snapshot(state.snapshot())
            assert restored.snapshot() == state.snapshot()
            same_play(state.clone(), restored, rng)


WITH_POSITIONS = [name for name in VARIANTS
                  if any(example.position is not None for example in rulespec.load_spec(name).spec.examples)]
"""The variants with a worked example that starts from a position."""


@pytest.mark.parametrize("name", WITH_POSITIONS)
def test_worked_examples_positions_play_on_alike(name: str) -> None:
    from rulespec.examples import example_game

    rng = random.Random(name)
    base = rulespec.load(name)
    for index, example in enumerate(base.spec.examples):
        if example.position is None:
            continue
        game = example_game(base, index)
        state = game.state_from_snapshot(dict(example.position))
        same_play(game.state_from_snapshot(dict(example.position)), state, rng)
        same_play(state, game.state_from_snapshot(state.snapshot()), rng)
