"""Mefuvha, rule by rule (numbered rules 1-14 and the variation)."""
from __future__ import annotations

import random

import pytest

import rulespec
from engines import ENGINES, run_on
from rulespec.interpreter.notation import parse_move

SIX = rulespec.load("mefuvha", pits=6)


def position(south: dict[str, list[int]], north: dict[str, list[int]], stores: tuple[int, int],
             to_move: int = 0, game=SIX):
    return game.state_from_snapshot({"to_move": to_move, "players": [
        {"rows": south, "store": stores[0]}, {"rows": north, "store": stores[1]}]})


def play(state, *moves: str):
    for move in moves:
        for a in parse_move(state, move):
            state.apply_action(a)
    return state


def rows(state, player: int) -> dict[str, list[int]]:
    return state.snapshot()["players"][player]["rows"]


def legal(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


@pytest.mark.parametrize("pits,total", [(6, 42), (16, 122), (28, 218)])
def test_rule_1_setup_two_each_but_the_front_left_empty_and_the_next_single(pits: int, total: int) -> None:
    game = rulespec.load("mefuvha", pits=pits)
    state = game.new_initial_state()
    assert game.total_pieces == total
    for p, (front, back) in enumerate((("A", "B"), ("a", "b"))):
        assert rows(state, p)[front] == [0, 1] + [2] * (pits - 2)
        assert rows(state, p)[back] == [2] * pits


def test_board_sizes_must_be_even_from_6_to_28() -> None:
    for bad in (5, 7, 4, 30):
        with pytest.raises(rulespec.ParameterError):
            rulespec.load("mefuvha", pits=bad)


def test_rule_2_each_player_owns_and_sows_the_two_nearest_rows() -> None:
    state = SIX.new_initial_state()
    assert legal(state) == ["B1", "B2", "B3", "B4", "B5", "B6", "A6", "A5", "A4", "A3"]


def test_rule_3_south_begins() -> None:
    assert SIX.new_initial_state().current_player() == 0


def test_rules_4_5_a_loaded_hole_is_lifted_and_sown_anticlockwise() -> None:
    north = {"a": [0] * 6, "b": [0, 0, 0, 0, 0, 4]}
    # Anticlockwise: rightwards along the back row, round the corner, leftwards along the front.
    state = play(position({"A": [0] * 6, "B": [0, 0, 0, 0, 3, 0]}, north, (18, 17)), "B5")
    assert rows(state, 0) == {"A": [0, 0, 0, 0, 1, 1], "B": [0, 0, 0, 0, 0, 1]}
    state = play(position({"A": [0, 0, 0, 2, 0, 0], "B": [0] * 6}, north, (18, 18)), "A4")
    assert rows(state, 0) == {"A": [0, 1, 1, 0, 0, 0], "B": [0] * 6}


def test_rule_6_laps_go_on_while_the_last_piece_falls_into_an_occupied_hole() -> None:
    state = play(SIX.new_initial_state(), "A3b1", "a4")
    assert rows(state, 1) == {"a": [1, 0, 3, 0, 2, 0], "b": [1, 2, 2, 2, 2, 0]}


@pytest.mark.parametrize("engine", ENGINES)
def test_rule_6_a_lap_ending_in_a_hole_it_filled_itself_goes_on(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run_on(engine, monkeypatch)
    # A2's 13 pieces go round all 12 holes (A2 included) and the 13th falls into A1, which
    # this lap filled first: A1 is occupied, so rule 6 sows another lap (not a capture).
    # 2 A1(2): B1, B2   3 B2(2): B3, B4   4 B4(2): B5, B6   5 B6(2): A6, A5
    # 6 A5(2): A4, A3   7 A3(2): A2, A1 (emptied by lap 2) -> captures a6 and b6.
    game = rulespec.load("mefuvha", pits=6)
    state = position({"A": [0, 13, 0, 0, 0, 0], "B": [0] * 6}, {"a": [0] * 5 + [3], "b": [0] * 5 + [2]},
                     (10, 14), game=game)
    play(state, "A2")
    assert state.last_move.sowings == 7
    assert rows(state, 0) == {"A": [1, 2, 0, 2, 0, 2], "B": [2, 0, 2, 0, 2, 0]}
    assert state.snapshot()["players"][0]["store"] == 15
    assert state.returns() == [1.0, -1.0]


def test_rules_7_8_singletons_only_when_nothing_is_loaded_and_only_into_an_empty_hole() -> None:
    state = position({"A": [0, 1, 1, 1, 0, 0], "B": [0] * 6}, {"a": [0] * 6, "b": [0, 0, 0, 0, 0, 3]}, (15, 21))
    assert legal(state) == ["A2"]
    loaded = position({"A": [0, 1, 1, 2, 0, 0], "B": [0] * 6}, {"a": [0] * 6, "b": [0, 0, 0, 0, 0, 3]}, (14, 21))
    assert legal(loaded) == ["A4"], "a loaded hole excludes singletons"


def test_rule_9_after_the_final_lap_and_captures_the_opponent_moves() -> None:
    state = play(SIX.new_initial_state(), "A3b1")
    assert state.current_player() == 1


def test_rules_10_to_13_capture_front_back_and_a_chosen_hole() -> None:
    state = SIX.new_initial_state()
    state.apply_action(state.string_to_action("A3"))
    assert state.pending_request().kind == "pit", "rule 13: the mover chooses the extra hole"
    assert "a6" not in legal(state) and "b6" not in legal(state), "already taken"
    play(state, "b1")
    assert rows(state, 1) == {"a": [0, 1, 2, 2, 2, 0], "b": [0, 2, 2, 2, 2, 0]}
    assert state.snapshot()["players"][0]["store"] == 6


@pytest.mark.parametrize("engine", ENGINES)
def test_rule_13_the_capturer_may_decline_the_extra_hole(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run_on(engine, monkeypatch)
    # "a player may select one other hole": the pick offers - (no extra hole) besides the
    # holes; declined, only a6 and b6 are taken (2 + 2 = 4 into the store).
    game = rulespec.load("mefuvha", pits=6)
    state = (game).new_initial_state()
    state.apply_action(state.string_to_action("A3"))
    assert legal(state)[0] == "-" and "b1" in legal(state)
    state.apply_action(state.string_to_action("-"))
    assert rows(state, 1) == {"a": [0, 1, 2, 2, 2, 0], "b": [2, 2, 2, 2, 2, 0]}
    assert state.snapshot()["players"][0]["store"] == 4
    forced = rulespec.load("mefuvha", pits=6, decline_bonus=False)
    state = (forced).new_initial_state()
    state.apply_action(state.string_to_action("A3"))
    assert "-" not in legal(state) and "b1" in legal(state)


def test_rule_10_no_capture_when_the_last_lap_ends_in_the_back_row() -> None:
    state = play(position({"A": [0, 2, 0, 0, 0, 0], "B": [0] * 6}, {"a": [0] * 5 + [2], "b": [0] * 5 + [2]},
                          (20, 16)), "A2")
    assert rows(state, 0) == {"A": [1, 0, 0, 0, 0, 0], "B": [1, 0, 0, 0, 0, 0]}
    assert state.snapshot()["players"][0]["store"] == 20


def test_rule_10_no_capture_when_the_opposite_hole_is_empty() -> None:
    state = play(position({"A": [0, 0, 2, 0, 0, 0], "B": [0] * 6}, {"a": [2] * 5 + [0], "b": [0] * 6},
                          (20, 10)), "A3")
    assert rows(state, 1) == {"a": [2] * 5 + [0], "b": [0] * 6}


def test_rule_12_the_hole_behind_is_taken_only_if_it_has_pieces() -> None:
    no_bonus = rulespec.load("mefuvha", pits=6, bonus=0)
    state = play(position({"A": [0, 0, 2, 0, 0, 0], "B": [0] * 6}, {"a": [1] * 6, "b": [0] * 6}, (20, 14),
                          game=no_bonus), "A3")
    assert rows(state, 1) == {"a": [1] * 5 + [0], "b": [0] * 6}
    assert state.snapshot()["players"][0]["store"] == 21


def test_variation_without_the_extra_hole_and_with_two() -> None:
    none = play(rulespec.load("mefuvha", pits=6, bonus=0).new_initial_state(), "A3")
    assert none.current_player() == 1 and none.snapshot()["players"][0]["store"] == 4
    two = rulespec.load("mefuvha", pits=6, bonus=2).new_initial_state()
    play(two, "A3b1b2")
    assert two.snapshot()["players"][0]["store"] == 8


def test_rule_14_a_player_without_pieces_loses() -> None:
    no_bonus = rulespec.load("mefuvha", pits=6, bonus=0)
    state = play(position({"A": [0, 0, 2, 0, 0, 0], "B": [0] * 6}, {"a": [0] * 5 + [2], "b": [0] * 5 + [2]},
                          (36, 0), game=no_bonus), "A3")
    snap = state.snapshot()
    assert snap["terminal"] and snap["returns"] == [1.0, -1.0] and snap["end_reason"] == "side_empty"


@pytest.mark.parametrize("pits", [6, 16, 28])
def test_random_games_conserve_pieces_and_end(pits: int) -> None:
    game = rulespec.load("mefuvha", pits=pits)
    rng = random.Random(pits)
    for _ in range(40 if pits < 28 else 10):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal_now = state.legal_actions()
            assert legal_now
            action = rng.choice(legal_now)
            assert state.string_to_action(state.action_to_string(action)) == action
            state.apply_action(action)
            snap = state.snapshot()
            assert sum(sum(p["pits"]) + p["store"] for p in snap["players"]) + snap["in_hand"] == game.total_pieces
