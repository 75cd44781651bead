"""Clones of engine states share what they have not changed (a clone is one object: the game
and the history's buffer are copied by whichever state changes them while another still holds
them). A population of states cloned from one another, moved and dropped in random order, each
checked against a state played from the start to the same history without a clone."""
from __future__ import annotations

import random

import pytest
from engines import assert_same

import rulespec

GAMES = [("oware", {}), ("kalah", {}), ("mefuvha", {}), ("glass-bead-game", {})]


def replayed(game, history: list[int]):
    """A state of the game played from the start through `history`."""
    fresh = game.new_initial_state()
    for action in history:
        fresh.apply_action(action)
    return fresh


@pytest.mark.parametrize("name,params", GAMES, ids=[n for n, _ in GAMES])
def test_clones_moved_in_any_order_stay_independent(name: str, params: dict) -> None:
    rng = random.Random(name)
    game = rulespec.load(name, **params)
    states = [(game.new_initial_state(), [])]  # each state and the actions it was given
    for step in range(400):
        i = rng.randrange(len(states))
        a, history = states[i]
        roll = rng.random()
        if roll < 0.4 and len(states) < 12:
            states.append((a.clone(), list(history)))
        elif roll < 0.5 and len(states) > 1:
            del states[i]
        elif not a.is_terminal():
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            history.append(action)
        for a, history in states:
            assert a.history() == history, f"step {step}"
        if step % 5 == 4:
            for a, history in states:
                assert_same(replayed(game, history), a, f"step {step}: {history}")
