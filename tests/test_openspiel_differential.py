"""Move-by-move agreement with OpenSpiel's hand-written Oware and Kalah (the oracle)."""
from __future__ import annotations

import random

import pyspiel  # noqa: F401  the oracle is a hard dependency of the test extra: missing, these fail
import pytest

import rulespec
from rulespec.oracle import kalah_action, kalah_view, load_kalah, load_oware, ours_view, oware_view

GAMES = 1500


def _play_oware(houses: int, seeds: int, games: int, seed: int) -> int:
    ours_game = rulespec.load("oware", pits=houses, seeds=seeds)
    theirs_game = load_oware(houses, seeds)
    total = 2 * houses * seeds
    rng = random.Random(seed)
    moves = 0
    for g in range(games):
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while True:
            a, b = ours_view(ours), oware_view(theirs, houses, total)
            assert a == b, f"game {g}, after {ours.history()}:\n{ours}\n{theirs}"
            if theirs.is_terminal():
                break
            action = rng.choice(theirs.legal_actions())
            ours.apply_action(action)
            theirs.apply_action(action)
            moves += 1
    return moves


def test_oware_default_agrees_with_openspiel() -> None:
    assert _play_oware(6, 4, GAMES, seed=1) > GAMES * 50


@pytest.mark.parametrize("houses,seeds", [(3, 2), (4, 3), (5, 4), (6, 1), (7, 5)])
def test_oware_parameters_agree_with_openspiel(houses: int, seeds: int) -> None:
    _play_oware(houses, seeds, 150, seed=houses * 10 + seeds)


def test_kalah_agrees_with_openspiel() -> None:
    ours_game, theirs_game = rulespec.load("kalah"), load_kalah()
    rng = random.Random(2)
    moves = 0
    for g in range(GAMES):
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while True:
            a, b = ours_view(ours), kalah_view(theirs)
            assert a == b, f"game {g}, after {ours.history()}:\n{ours}\n{theirs}"
            if theirs.is_terminal():
                break
            action = rng.choice(ours.legal_actions())
            theirs.apply_action(kalah_action(ours.current_player(), action))
            ours.apply_action(action)
            moves += 1
    assert moves > GAMES * 20
