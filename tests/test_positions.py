"""Reading positions (docs/positions.md): the stage inferred or refused, fragments with
`partial: true`, and pieces counted kind by kind."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.interpreter.snapshot import PositionError

BAO = rulespec.load("bao-la-kiswahili")
KIOTHI = rulespec.load("kiothi")
MEFUVHA = rulespec.load("mefuvha", pits=6)
GLASS = rulespec.load("glass-bead-game")

MTAJI = {"to_move": 0, "players": [
    {"rows": {"A": [2, 0, 0, 0, 2, 0, 0, 0], "B": [0, 0, 0, 0, 0, 0, 0, 27]}},
    {"rows": {"a": [0, 2, 0, 0, 0, 3, 0, 0], "b": [0, 0, 0, 0, 0, 0, 0, 28]}}]}
KIOTHI_PLAY = {"to_move": 0, "players": [{"pits": [0, 0, 2, 0, 0, 0, 0, 0, 0, 0], "store": 25},
                                         {"pits": [5, 0, 0, 0, 0, 3, 0, 0, 0, 0], "store": 25}]}


def test_a_bao_position_with_both_stocks_empty_is_in_the_mtaji_stage() -> None:
    # Kunamua ends when both stocks are empty (until: {stocks: 0}): the position decides it.
    state = BAO.state_from_snapshot(MTAJI)
    assert state.snapshot()["stage"] == "mtaji"
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["A1", "A5"]
    assert not state.is_terminal()
    with_stock = {**MTAJI, "players": [{**MTAJI["players"][0], "hand": 1},
                                       {**MTAJI["players"][1], "rows": {"a": [0, 2, 0, 0, 0, 3, 0, 0],
                                                                        "b": [0, 0, 0, 0, 0, 0, 0, 27]}}]}
    assert BAO.state_from_snapshot(with_stock).snapshot()["stage"] == "kunamua"


def test_a_stage_the_position_cannot_tell_must_be_given() -> None:
    # Kiothi's opening ends after two moves: without moves_played nothing says which stage it is.
    with pytest.raises(PositionError, match=r"give the position's stage \(opening, play\).*moves_played"):
        KIOTHI.state_from_snapshot(KIOTHI_PLAY)
    assert KIOTHI.state_from_snapshot({**KIOTHI_PLAY, "moves_played": 1}).snapshot()["stage"] == "opening"
    assert KIOTHI.state_from_snapshot({**KIOTHI_PLAY, "moves_played": 7}).snapshot()["stage"] == "play"
    assert KIOTHI.state_from_snapshot({**KIOTHI_PLAY, "stage": "play"}).snapshot()["stage"] == "play"


FRAGMENT = {"to_move": 0, "players": [{"rows": {"A": [0, 0, 2, 0, 0, 0], "B": [0] * 6}},
                                      {"rows": {"a": [0] * 5 + [2], "b": [0] * 5 + [2]}}]}


def test_a_fragment_needs_partial_and_its_missing_pieces_are_out_of_play() -> None:
    with pytest.raises(PositionError, match="6 pieces; this game is played with 42 .*partial: true"):
        MEFUVHA.state_from_snapshot(FRAGMENT)
    state = MEFUVHA.state_from_snapshot({**FRAGMENT, "partial": True})
    assert state.snapshot()["removed"] == 36
    # A snapshot of it reads back as a full position (the removed pieces are counted).
    assert MEFUVHA.state_from_snapshot(state.snapshot()).snapshot() == state.snapshot()
    # It plays like any position: A3 sows A2, A1 (empty) facing a6: a6 and b6 taken; North is
    # left without pieces and loses (the extra hole has nothing to pick).
    state.apply_action(state.string_to_action("A3"))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.snapshot()["players"][0]["store"] == 4


def test_a_fragment_never_holds_more_pieces_than_the_game() -> None:
    crowded = {**FRAGMENT, "partial": True, "players": [{"pits": [10] * 12}, {"pits": [0] * 12}]}
    with pytest.raises(PositionError, match="120 pieces; this game is played with 42$"):
        MEFUVHA.state_from_snapshot(crowded)


def glass(south: list[dict[str, int]], north: list[dict[str, int]], **extra: object) -> dict:
    return {"to_move": 0, "players": [{"contents": south}, {"contents": north}], **extra}


def test_pieces_are_counted_kind_by_kind() -> None:
    # Twenty beads, as the game has, but ten five-gems (50 points) instead of two.
    fives = glass([{"gem5": 2, "stone": 1}] * 5, [{"stone": 1}] * 5)
    with pytest.raises(PositionError, match="holds 10 gem5; this game is played with 2"):
        GLASS.state_from_snapshot(fives)
    with pytest.raises(PositionError, match="holds 10 gem5"):
        GLASS.state_from_snapshot({**fives, "partial": True})
    # A fragment may hold fewer of a kind: two stones and a one-gem, the rest out of play.
    corner = glass([{"stone": 1, "gem1": 1}, {}, {}, {}, {}], [{"stone": 1}, {}, {}, {}, {}], partial=True)
    state = GLASS.state_from_snapshot(corner)
    assert state.snapshot()["removed"] == 17
    with pytest.raises(PositionError, match="holds 2 stone; this game is played with 10 .*partial: true"):
        GLASS.state_from_snapshot({**corner, "partial": False})


def test_a_position_that_ends_a_round_is_refused_not_settled_silently() -> None:
    """state_from_snapshot used to set up the next round (refilled pits, another player to move)."""
    game = rulespec.load("dakon")
    snap = game.new_initial_state().snapshot()
    snap["players"][0].update(pits=[0] * 7, store=60)
    snap["players"][1].update(pits=[0] * 7, store=38)
    with pytest.raises(PositionError, match="this position ends round 1"):
        game.state_from_snapshot(snap)
    state = game.new_initial_state()
    assert game.state_from_snapshot(state.snapshot()).snapshot() == state.snapshot()
