"""Players: specs, scores, and strength (MCTS against random on Oware, alpha-beta against random)."""
from __future__ import annotations

import re

import pytest

import rulespec
from rulespec.campaign.games import play_one
from rulespec.players import (AlphaBetaPlayer, GreedyPlayer, MCTSPlayer, PlayerSpecError, RandomPlayer,
                              make_player)


def test_make_player_reads_specs() -> None:
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("greedy"), GreedyPlayer)
    ab = make_player("alphabeta:6")
    assert isinstance(ab, AlphaBetaPlayer) and ab.depth == 6 and ab.seconds is None
    assert make_player("alphabeta:0.5s").seconds == 0.5
    mc = make_player("mcts:2s")
    assert isinstance(mc, MCTSPlayer) and mc.seconds == 2.0 and mc.simulations is None
    assert make_player("MCTS:200").simulations == 200
    assert make_player("mcts:200").name == "mcts:200"


@pytest.mark.parametrize("spec, message", [
    ("mcst:2s", "unknown player 'mcst:2s' (did you mean 'mcts'?)"),
    ("alphabeta:deep", "expected a whole number or seconds"),
    ("mcts:0", "must be positive"),
    ("random:3", "random takes no setting"),
])
def test_bad_player_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(PlayerSpecError, match=re.escape(message)):
        make_player(spec)


def test_scores_and_margin_follow_the_scoring_block() -> None:
    game = rulespec.load("kalah")
    state = game.state_from_snapshot({
        "to_move": 0,
        "players": [{"pits": [0, 0, 0, 0, 0, 1], "store": 20}, {"pits": [3, 0, 0, 2, 0, 1], "store": 21}]})
    assert state.scores() == [21, 27]  # Kalah counts the store and the seeds on one's own side
    assert state.margin() == -6 and state.margin(1) == 6
    state.apply_action(state.string_to_action("F"))
    assert state.is_terminal() and state.scores() == [21, 27] and state.returns() == [-1.0, 1.0]
    oware = rulespec.load("oware").new_initial_state()
    assert oware.scores() == [0, 0]  # Oware counts the store only


def test_mcts_beats_random_in_at_least_95_of_100_oware_games() -> None:
    # Few simulations, with playouts cut off after 10 decisions (the margin then decides),
    # keep this cheap; sides alternate.
    game = rulespec.load("oware")
    wins = 0
    for g in range(100):
        mcts = MCTSPlayer(simulations=16, seed=g, max_playout=10)
        rand = RandomPlayer(seed=1000 + g)
        players = [mcts, rand] if g % 2 == 0 else [rand, mcts]
        record = play_one(game, players, g, max_moves=1000)
        mcts_side = 1 if g % 2 == 0 else -1
        wins += record.result == mcts_side
    assert wins >= 95


def test_alpha_beta_beats_random_and_greedy_at_kalah() -> None:
    game = rulespec.load("kalah")
    for opponent in (RandomPlayer, GreedyPlayer):
        wins = 0
        for g in range(6):
            ab, other = AlphaBetaPlayer(depth=4, seed=g), opponent(seed=g)
            players = [ab, other] if g % 2 == 0 else [other, ab]
            record = play_one(game, players, g, 1000)
            wins += record.result == (1 if g % 2 == 0 else -1)
        assert wins >= 5, opponent


def test_a_timed_player_answers_within_its_time() -> None:
    import time

    state = rulespec.load("oware").new_initial_state()
    for spec in ("alphabeta:0.2s", "mcts:0.2s"):
        player = make_player(spec)
        start = time.perf_counter()
        assert player.choose(state) in state.legal_actions()
        assert time.perf_counter() - start < 2.0


def test_players_handle_decisions_inside_a_move() -> None:
    # Bao asks for directions and choices inside moves: every player must answer them.
    game = rulespec.load("bao-la-kiswahili")
    for spec in ("greedy", "alphabeta:1", "mcts:4"):
        player = make_player(spec, seed=3)
        state = game.new_initial_state()
        for _ in range(12):
            if state.is_terminal():
                break
            state.apply_action(player.choose(state))
