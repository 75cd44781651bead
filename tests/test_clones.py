"""Clones of engine states share what they have not changed (a clone is one object: the game
and the history's buffer are copied by whichever state changes them while another still holds
them). A population of states cloned from one another, moved and dropped
in random order, each checked against a Python State at the same history."""
from __future__ import annotations

import random

import pytest
from test_playouts import assert_same_api, native_and_python

GAMES = [("oware", {}), ("kalah", {}), ("mefuvha", {}), ("glass-bead-game", {})]


@pytest.mark.parametrize("name,params", GAMES, ids=[n for n, _ in GAMES])
def test_clones_moved_in_any_order_stay_independent(name: str, params: dict) -> None:
    rng = random.Random(name)
    start, python = native_and_python(name, **params)
    states = [(start, python)]
    for step in range(400):
        i = rng.randrange(len(states))
        a, b = states[i]
        roll = rng.random()
        if roll < 0.4 and len(states) < 12:
            states.append((a.clone(), b.clone()))
        elif roll < 0.5 and len(states) > 1:
            del states[i]
        elif not b.is_terminal():
            action = rng.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        for a, b in states:
            assert_same_api(a, b, f"step {step}: {b.history()}")
