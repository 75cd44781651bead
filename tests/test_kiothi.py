"""Kiothi, sentence by sentence of its source (the encyclopaedia entry)."""
from __future__ import annotations

import pytest

import rulespec
from engines import ENGINES, run_on
from rulespec.interpreter.notation import parse_move

GAME = rulespec.load("kiothi")


def position(south: list[int], north: list[int], stores: tuple[int, int], *, to_move: int = 0,
             nki: list[str] | None = None, game=GAME) -> object:
    return game.state_from_snapshot({
        "stage": "play", "to_move": to_move, "marks": {"nki": nki or []},
        "players": [{"pits": south, "store": stores[0]}, {"pits": north, "store": stores[1]}]})


def play(state, *moves: str):
    for move in moves:
        for a in parse_move(state, move):
            state.apply_action(a)
    return state


def pits(state) -> tuple[list[int], list[int]]:
    snap = state.snapshot()
    return snap["players"][0]["pits"], snap["players"][1]["pits"]


def legal(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_board_two_rows_of_ten_boma_and_a_prison_each() -> None:
    state = GAME.new_initial_state()
    snap = state.snapshot()
    assert [len(p["pits"]) for p in snap["players"]] == [10, 10]
    assert [p["store"] for p in snap["players"]] == [0, 0]
    assert GAME.spec.board.terms.store == "prison"


def test_thirty_warriors_each_in_the_five_rightmost_boma() -> None:
    assert pits(GAME.new_initial_state()) == ([0] * 5 + [6] * 5, [0] * 5 + [6] * 5)
    five = rulespec.load("kiothi", per_boma=5)
    assert pits(five.new_initial_state()) == ([0] * 5 + [5] * 5, [0] * 5 + [5] * 5)
    assert (GAME.total_pieces, five.total_pieces) == (60, 50)


def test_first_turn_empties_up_to_two_boma_and_places_warriors_anywhere() -> None:
    state = GAME.new_initial_state()
    assert legal(state) == ["A6", "A7", "A8", "A9", "A10"]
    state.apply_action(state.string_to_action("A9"))
    assert state.pending_request().kind == "pit"
    assert legal(state) == ["-", "A6", "A7", "A8", "A10"], "a second boma, or none"
    state.apply_action(state.string_to_action("A10"))
    assert state.pending_request().kind == "place" and state.snapshot()["in_hand"] == 12
    assert len(legal(state)) == 20, "into any boma, the player's own or the adversary's"
    play(state, "a1" * 7 + "A1" * 5)
    assert pits(state) == ([5, 0, 0, 0, 0, 6, 6, 6, 0, 0], [7, 0, 0, 0, 0, 6, 6, 6, 6, 6])
    assert state.current_player() == 1


def test_first_turn_one_boma_only_as_an_option() -> None:
    state = rulespec.load("kiothi", extra_boma=0).new_initial_state()
    state.apply_action(state.string_to_action("A9"))
    assert state.pending_request().kind == "place"


def test_boma_holding_warriors_after_the_first_turn_are_nki() -> None:
    state = play(GAME.new_initial_state(), "A10-" + "a1" * 6, "a10-" + "A1" * 6)
    nki = state.snapshot()["marks"]["nki"]
    assert nki == ["A1", "A6", "A7", "A8", "A9", "a1", "a6", "a7", "a8", "a9"]
    assert state.snapshot()["stage"] == "play"


def test_later_moves_take_any_number_of_warriors_from_one_boma() -> None:
    state = position([0, 0, 4, 0, 0, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0, 0, 0, 0], (26, 27))
    state.apply_action(state.string_to_action("A3"))
    assert legal(state) == ["x1", "x2", "x3", "x4"]
    all_of_them = rulespec.load("kiothi", lift="all")
    state = position([0, 0, 4, 0, 0, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0, 0, 0, 0], (26, 27), game=all_of_them)
    play(state, "A3")
    assert pits(state)[0] == [0, 0, 0, 1, 1, 1, 1, 0, 0, 0], "all four sown, counterclockwise"


def test_sowing_is_counterclockwise_round_the_board() -> None:
    state = play(position([0] * 9 + [3], [1] + [0] * 9, (28, 28)), "A10x3")
    assert pits(state) == ([0] * 10, [2, 1, 1] + [0] * 7), "a1 (occupied: relay) ..."


def test_first_lap_must_not_end_in_an_occupied_own_boma() -> None:
    # A2 with one warrior would end in the occupied A3; with two, in the empty A4.
    state = position([0, 2, 1, 0, 0, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0, 0, 0, 0, 0], (26, 26))
    state.apply_action(state.string_to_action("A2"))
    # x1 is refused, so x2 is forced: applied, not asked (the move is over, one action).
    assert state.pending_request() is None and len(state.history()) == 1
    assert state.move_to_string() == "A2x2" and state.board[3] == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_first_lap_must_not_end_in_a_boma_the_same_lap_already_filled(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run_on(engine, monkeypatch)
    # A1's 21 warriors go round all 20 boma (A1 itself included) and the 21st falls into A2,
    # which this lap filled first: the first lap ends in an occupied own boma, so x21 (and
    # x20, ending in A1 with its one warrior left) may not be played.
    south, north, stores = [21] + [0] * 9, [0] * 8 + [3, 0], (20, 16)
    game = rulespec.load("kiothi")
    state = position(south, north, stores, game=game)
    state.apply_action(state.string_to_action("A1"))
    assert legal(state) == [f"x{n}" for n in range(1, 20)]
    # Lifting all: A1 is South's only boma and its move is illegal, so South cannot move and
    # North takes the warriors left on the board (16 + 21 + 3 = 40 against 20).
    game = rulespec.load("kiothi", lift="all")
    state = position(south, north, stores, game=game)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert [p["store"] for p in state.snapshot()["players"]] == [20, 40]


def test_sowing_from_a_boma_removes_its_nki() -> None:
    state = position([0, 0, 2, 0, 0, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0, 0, 0, 0, 0], (26, 27), nki=["A3", "a1"])
    play(state, "A3x1")
    assert state.snapshot()["marks"]["nki"] == ["a1"]


def test_last_warrior_in_an_occupied_boma_sows_another_lap() -> None:
    # A3 (1) -> A4 (occupied, 2 warriors now 3)... first lap must not end in an occupied own
    # boma, so use the opponent's row: A10 (1) -> a1 (occupied: 1 -> 2) -> a2, a3 (empty).
    state = play(position([0] * 9 + [1], [1] + [0] * 9, (29, 29)), "A10x1")
    assert pits(state) == ([0] * 10, [0, 1, 1] + [0] * 7)


def test_a_move_ends_in_an_empty_boma() -> None:
    state = position([0] * 8 + [1, 2], [0] * 10, (28, 29))
    play(state, "A10x2")
    assert pits(state) == ([0] * 8 + [1, 0], [1, 1] + [0] * 8)
    assert state.current_player() == 1


def test_capture_opposite_with_the_capturing_warrior_into_the_prison() -> None:
    state = play(position([0, 0, 2, 0, 0, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 3, 0, 0, 0, 0], (25, 25)), "A3x2")
    assert pits(state) == ([0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [5] + [0] * 9)
    assert [p["store"] for p in state.snapshot()["players"]] == [29, 25]


@pytest.mark.parametrize("north,nki", [([5, 0, 0, 0, 0, 0, 0, 0, 0, 0], []), ([5, 0, 0, 0, 0, 3, 0, 0, 0, 0], ["a6"])])
def test_nothing_captured_opposite_an_empty_boma_or_an_nki(north: list[int], nki: list[str]) -> None:
    total = sum(north)
    state = play(position([0, 0, 2, 0, 0, 0, 0, 0, 0, 0], north, (25, 58 - 25 - total), nki=nki), "A3x2")
    assert pits(state) == ([0, 0, 0, 1, 1, 0, 0, 0, 0, 0], north)
    assert state.snapshot()["players"][0]["store"] == 25
    assert state.current_player() == 1, "either way the move ends"


def test_leftmost_boma_also_captures_three_occupied_boma_to_its_right() -> None:
    state = play(position([0] * 9 + [11], [2, 0, 0, 0, 0, 0, 1, 1, 1, 1], (20, 23)), "A10x11")
    assert pits(state) == ([0] * 10, [3, 1, 1, 1, 1, 1, 0, 0, 0, 0])
    assert state.snapshot()["players"][0]["store"] == 20 + 1 + 2 * 4


def test_leftmost_boma_bonus_needs_three_contiguous_occupied_boma_without_nki() -> None:
    # a8 is nki: a9 alone does not make a line of three, so only a10 is taken.
    state = play(position([0] * 9 + [11], [2, 0, 0, 0, 0, 0, 1, 1, 1, 1], (20, 23), nki=["a8"]), "A10x11")
    assert pits(state) == ([0] * 10, [3, 1, 1, 1, 1, 1, 2, 2, 2, 0])
    assert state.snapshot()["players"][0]["store"] == 20 + 1 + 2


@pytest.mark.parametrize("engine", ENGINES)
def test_the_three_boma_capture_is_an_entitlement_the_player_may_decline(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run_on(engine, monkeypatch)
    # "he is also entitled to capture the contents of the three adjacent enemy boma": after
    # A10x11 lands in the empty leftmost A1, South is asked (+ take, - decline). Declined, the
    # boma opposite (a10) is still captured with the capturing warrior; the three stay.
    game = rulespec.load("kiothi")
    south, north = [0] * 9 + [11], [2, 0, 0, 0, 0, 0, 1, 1, 1, 1]
    state = position(south, north, (20, 23), game=game)
    for label in ("A10", "x11"):
        state.apply_action(state.string_to_action(label))
    assert state.pending_request().kind == "capture" and legal(state) == ["+", "-"]
    declined = play(state.clone(), "-")
    assert pits(declined) == ([0] * 10, [3, 1, 1, 1, 1, 1, 2, 2, 2, 0])
    assert [p["store"] for p in declined.snapshot()["players"]] == [20 + 1 + 2, 23]
    taken = play(state, "+")
    assert pits(taken) == ([0] * 10, [3, 1, 1, 1, 1, 1, 0, 0, 0, 0])
    # A move written without the decision takes the capture; decline_three = false never asks.
    assert pits(play(position(south, north, (20, 23), game=game), "A10x11")) == pits(taken)
    forced = rulespec.load("kiothi", decline_three=False)
    state = position(south, north, (20, 23), game=forced)
    for label in ("A10", "x11"):
        state.apply_action(state.string_to_action(label))
    assert state.pending_request() is None and pits(state) == pits(taken)


def test_no_move_ends_the_game_and_the_other_takes_the_rest() -> None:
    state = play(position([0, 0, 2, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3, 0, 0, 0, 0], (30, 25)), "A3x2")
    snap = state.snapshot()
    assert snap["terminal"] and snap["end_reason"] == "no_legal_move"
    assert [p["store"] for p in snap["players"]] == [30 + 4 + 1, 25]
    assert snap["returns"] == [1.0, -1.0]


def test_a_win_by_two_counts_as_two_victories() -> None:
    state = play(position([0, 0, 2, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3, 0, 0, 0, 0], (26, 29)), "A3x2")
    snap = state.snapshot()
    assert (snap["margin"], snap["victory_value"]) == (2, 2)
