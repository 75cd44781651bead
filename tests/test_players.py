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


def _midgame(game, moves: int = 4):
    state = game.new_initial_state()
    for action in [a for a in range(moves)]:
        legal = state.legal_actions()
        state.apply_action(legal[action % len(legal)])
    return state


def test_native_playout_is_seeded_and_leaves_the_state_as_it_was() -> None:
    game = rulespec.load("kalah", pits=4, seeds=3)
    state = _midgame(game)
    assert type(state).__name__ == "NativeState"
    history, board = state.history(), state.board
    first = state._playout(7, 10_000)
    assert first == state._playout(7, 10_000)  # the same seed, the same game
    assert state.history() == history and state.board == board
    finished, result, margin, actions = first
    assert finished and actions > 0 and result == (margin > 0) - (margin < 0)  # Kalah: scores decide
    assert state._playout(7, 0) == (False, 0, state.margin(0), 0)  # no action: the position as it is
    assert len({state._playout(seed, 10_000) for seed in range(20)}) > 1


def test_playouts_from_a_state_are_the_same_games_compiled_and_interpreted(monkeypatch) -> None:
    """The engine's source run by Python (RULESPEC_PURE=1) plays a state's random games with
    the same generator and choices as its compiled build: the same seed, the same game."""
    positions = {}
    for pure in ("0", "1"):
        monkeypatch.setenv("RULESPEC_PURE", pure)
        for name in ("kalah", "oware", "bao-la-kiswahili", "sungka"):
            state = _midgame(rulespec.load(name), 6)
            assert type(state).__mro__[2].__module__.endswith("._engine" if pure == "0" else ".engine")
            positions[pure, name] = [state._playout(seed, 10_000) for seed in range(5)]
    for name in ("kalah", "oware", "bao-la-kiswahili", "sungka"):
        assert positions["0", name] == positions["1", name], name


def test_native_playouts_agree_with_random_play_on_the_state_api_statistically() -> None:
    # Native playouts use their own generator: not the games Python's random.Random chooses on
    # the state API, but the same uniform choice among legal actions, so South's mean result
    # and margin agree within sampling error.
    import random

    game = rulespec.load("kalah", pits=4, seeds=3)
    native_state = _midgame(game)
    python_state = native_state.clone()
    n, rng = 1200, random.Random(5)
    native = [native_state._playout(seed, 10_000) for seed in range(n)]
    python = []
    for _ in range(n):
        st = python_state.clone()
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
        python.append((st.returns()[0], st.margin(0)))
    mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
    assert abs(mean([r for _, r, _, _ in native]) - mean([r for r, _ in python])) < 0.12
    assert abs(mean([m for _, _, m, _ in native]) - mean([m for _, m in python])) < 1.5


def test_mcts_plays_its_playouts_natively_when_it_can(monkeypatch) -> None:
    from rulespec.interpreter.state import native_state_class

    NativeState = native_state_class()
    calls = []
    native_playout = NativeState._playout
    monkeypatch.setattr(NativeState, "_playout", lambda st, seed, n: calls.append(n) or native_playout(st, seed, n))
    game = rulespec.load("kalah", pits=4, seeds=3)
    state = game.new_initial_state()
    assert MCTSPlayer(simulations=20, seed=1).choose(state) in state.legal_actions()
    assert len(calls) == 20
    calls.clear()
    assert MCTSPlayer(simulations=20, seed=1, native=False).choose(state) in state.legal_actions()
    assert not calls


def test_levels_are_players_make_player_builds() -> None:
    from rulespec.players.levels import LEVELS

    assert list(LEVELS) == ["easy", "medium", "hard"]
    for name, level in LEVELS.items():
        player = make_player(name)
        assert player.name == name
        assert type(player) is type(make_player(level.spec))
    assert make_player(" Medium ").name == "medium"


@pytest.mark.parametrize("spec, message", [
    ("mcts:nans", "the seconds must be a finite number"),
    ("alphabeta:infs", "the seconds must be a finite number"),
    ("alphabeta:100000", "at most 30 plies deep"),
    ("mcts:1e9s", "at most 600 seconds a decision"),
    ("mcts:20000000", "at most 10,000,000 simulations a decision"),
    ("mediun", "did you mean 'medium'?"),
])
def test_absurd_budgets_are_refused(spec: str, message: str) -> None:
    with pytest.raises(PlayerSpecError, match=re.escape(message)):
        make_player(spec)


@pytest.mark.parametrize("spec, words", [
    ("mcts:0.1s", "Monte Carlo tree search, 0.1 s a decision"),
    ("alphabeta:6", "alpha-beta search, 6 decisions deep"),
    ("medium", "medium: Monte Carlo tree search, 0.5 s a decision"),
    ("greedy", "the best score margin one move ahead"),
])
def test_players_are_described_in_words(spec: str, words: str) -> None:
    from rulespec.players import describe_player

    assert describe_player(spec) == words
