"""Hypothesis-driven random play over every shipped variant, checking invariants after each action."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.fuzz import load_for_random_play
from seed_games import SEEDS
from rulespec import IllegalActionError

VARIANTS = rulespec.shipped_variants()
GAMES = {name: load_for_random_play(name) for name in VARIANTS}
# Parameter settings the property tests also cover (sizes the issues name).
GAMES.update({
    "mefuvha[pits=6]": rulespec.load("mefuvha", pits=6),
    "mefuvha[pits=28]": rulespec.load("mefuvha", pits=28),
    "oware[pits=5,seeds=3]": rulespec.load("oware", pits=5, seeds=3),
    "kiothi[lift=all,per_boma=5]": rulespec.load("kiothi", lift="all", per_boma=5),
})
# The seed and oracle games (and their parameter cases) get the long runs; the rest of the
# catalogue gets a few games each, so the suite stays fast as the catalogue grows.
CASES = sorted(name for name in GAMES if name.split("[")[0] in SEEDS)
CATALOGUE = sorted(name for name in GAMES if name.split("[")[0] not in SEEDS)
MAX_ACTIONS = 400


def pieces(snap: dict) -> int:
    """Every piece in a snapshot: pits, stores, hands, removed and in hand mid-move."""
    total = snap["removed"] + snap.get("in_hand", 0) + sum(snap.get("shared") or [])
    for player in snap["players"]:
        total += sum(player["pits"]) + player["store"] + player["hand"]
    return total


def play_random(game, data, max_actions: int = MAX_ACTIONS):
    """Play random legal actions drawn by hypothesis; yield (state, action) before each."""
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal() and len(actions) < max_actions:
        legal = state.legal_actions()
        action = data.draw(st.sampled_from(legal), label="action")
        yield state, action
        state.apply_action(action)
        actions.append(action)


EXAMPLES = {"mefuvha[pits=28]": 8, "glass-bead-game": 12, "mefuvha": 20, "kiothi": 24}
"""Hypothesis games per case: 40, fewer where one checked game costs seconds (the long 28-hole
board, several kinds of bead, Mefuvha's long relay moves); `rulespec fuzz` plays thousands."""


@pytest.mark.parametrize("name", CASES)
def test_invariants_hold_during_random_play(name: str) -> None:
    @settings(max_examples=EXAMPLES.get(name, 40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        check_invariants(GAMES[name], data)

    run()


@pytest.mark.parametrize("name", CATALOGUE)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_invariants_hold_in_the_catalogue(name: str, data: st.DataObject) -> None:
    check_invariants(GAMES[name], data)


def check_invariants(game, data: st.DataObject) -> None:
    total = game.total_pieces
    state = game.new_initial_state()
    history = []
    while not state.is_terminal() and len(history) < MAX_ACTIONS:
        snap = state.snapshot()
        assert pieces(snap) == total, "pieces are conserved"
        if game.multi:
            from rulespec.fuzz import points

            assert points(game, snap) == game.total_points, "points are conserved"
        legal = state.legal_actions()
        assert legal, "a non-terminal state has a legal action"
        assert legal == sorted(set(legal)) and state.current_player() in (0, 1, -2)  # -2: both at once
        for a in legal:
            text = state.action_to_string(a)
            assert state.string_to_action(text) == a, "notation round-trips"
        outside = [a for a in range(-3, game.num_distinct_actions + 4) if a not in set(legal)]
        illegal = data.draw(st.sampled_from(outside), label="illegal")  # (no filter: legal may be most ids)
        with pytest.raises(IllegalActionError):
            state.apply_action(illegal)
        assert state.snapshot() == snap, "an illegal action changes nothing"
        action = data.draw(st.sampled_from(legal), label="action")
        twin = state.clone()
        state.apply_action(action)
        history.append(action)
        assert twin.snapshot() == snap, "a clone is independent of its original"
        restored = game.state_from_snapshot(json.loads(json.dumps(snap)))
        restored.apply_action(action)
        assert restored.snapshot() == state.snapshot(), "a snapshot plays on exactly like the state"
    if state.is_terminal():
        assert state.legal_actions() == [] and state.current_player() == -4
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
        assert pieces(state.snapshot()) == total
    replay = game.new_initial_state()
    for a in history:
        replay.apply_action(a)
    assert replay.snapshot() == state.snapshot(), "play is deterministic given the actions"


@pytest.mark.parametrize("name", CASES + CATALOGUE)
def test_random_games_end(name: str) -> None:
    """Hundreds of random games per variant: each ends, conserving pieces."""
    import random

    game = GAMES[name]
    rng = random.Random(7)
    games = {"bao-la-kiswahili": 1500}.get(name, 300 if "28" not in name else 20) if name in CASES else 15
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(5000):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.is_terminal(), f"a random game of {name} did not end in 5000 actions"
        assert pieces(state.snapshot()) == game.total_pieces
