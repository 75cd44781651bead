"""Pits won by the counted surplus between rounds (`rounds.part_pit`): the whole pits filled,
then one more for the player with enough left over, and the end when a player would hold no
pit. Every position is counted by hand; each test runs on both ways of running the engine."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from engines import compiled_and_interpreted
from rulespec.errors import SpecError
from rulespec.interpreter import Game
from rulespec.loader import load_spec_text

ROOT = Path(__file__).resolve().parent.parent

# Three pits a side, four pieces a pit (24 in all), each row filled from its last pit (C, B, A
# and c, b, a); the round ends when the player to move cannot move, the other taking the rest.
SURPLUS = """
name: Surplus
board: {ranks: 2, pits: 3, stores: beside, notation: letters}
setup: {per_pit: 4}
marks:
  won: {meaning: a pit won from the opponent, owned: true, holds_pit: true}
turn:
  moves: [{name: sow, direction: counterclockwise}]
end:
  - {kind: no_legal_move, remaining: to_other}
rounds: {order: last, to_opponent: won, part_pit: {min: 3, tie: weaker}}
"""


def after_round(text: str, south: int) -> dict:
    """The snapshot after a round that leaves South `south` pieces and North the rest: South's
    piece from B ends in C, North cannot move, and South takes that piece."""
    game = Game(load_spec_text(text))
    state = game.state_from_snapshot({"to_move": 0, "players": [
        {"pits": [0, 1, 0], "store": south - 1}, {"pits": [0, 0, 0], "store": 24 - south}]})
    state.apply_action(state.string_to_action("B"))
    return state.snapshot()


# South's total: the pits South then holds on North's row, and North's pits filled
ROUNDS = [
    (12, [], [4, 4, 4]),  # no surplus: every pit its row's
    (15, ["a"], [4, 4, 4]),  # three extra against one: South wins a, North gives up its one
    (14, [], [4, 4, 4]),  # two each: the weaker (North) keeps a, South giving up two
    (13, [], [4, 4, 4]),  # one against three: North's three fill its own a
    (21, ["b", "c"], [4, 4, 4]),  # nine left fill c and b; North's three (to South's one) fill a
    (22, ["b", "c"], [4, 4, 4]),  # two each again: North keeps a, its one pit
]


@pytest.mark.usefixtures("each_engine")
@pytest.mark.parametrize("south,held,north_pits", ROUNDS)
def test_pits_won_by_the_counted_surplus(south: int, held: list[str], north_pits: list[int]) -> None:
    snap = after_round(SURPLUS, south)
    assert snap["round"] == 2 and not snap["terminal"]
    assert snap["marks"]["won:south"] == held and snap["marks"]["won:north"] == []
    assert snap["players"][0]["pits"] == [4, 4, 4] and snap["players"][1]["pits"] == north_pits
    assert [p["store"] for p in snap["players"]] == [0, 0]  # every piece back on the board


@pytest.mark.usefixtures("each_engine")
def test_the_game_ends_when_a_player_would_hold_no_pit() -> None:
    # South 23: its own three, North's c and b, and three left over against North's one: a too
    snap = after_round(SURPLUS, 23)
    assert snap["terminal"] and snap["returns"] == [1.0, -1.0]
    assert [p["store"] for p in snap["players"]] == [23, 1]  # the stores as counted
    # North's two (a tie) keep it in the game with one pit, above; one short of a pit it is out
    assert not after_round(SURPLUS, 22)["terminal"]


@pytest.mark.usefixtures("each_engine")
def test_a_tie_to_the_stronger_player() -> None:
    text = SURPLUS.replace("tie: weaker", "tie: stronger")
    snap = after_round(text, 14)  # two each: South, the stronger, fills a and holds it
    assert snap["marks"]["won:south"] == ["a"] and snap["players"][1]["pits"] == [4, 4, 4]
    assert after_round(text, 22)["terminal"]  # North's last pit goes to South: North has none


@pytest.mark.usefixtures("each_engine")
def test_a_lower_minimum_and_a_north_winner() -> None:
    text = SURPLUS.replace("min: 3", "min: 2")
    # South 10, North 14: South fills C and B (two left), North its three and two left: a tie,
    # and the weaker (South) fills its own A
    snap = after_round(text, 10)
    assert snap["marks"] == {"won:south": [], "won:north": []}
    assert snap["players"][0]["pits"] == [4, 4, 4]
    # South 5: C filled, one left; North 19: its three and B (seven left, three over): North's
    # three against South's one win A too, so South holds only C
    snap = after_round(text, 5)
    assert snap["marks"]["won:north"] == ["A", "B"] and not snap["terminal"]


def test_without_a_part_pit_the_pieces_short_of_a_pit_stay_in_the_stores() -> None:
    snap = after_round(SURPLUS.replace(", part_pit: {min: 3, tie: weaker}", ""), 15)
    assert snap["marks"]["won:south"] == [] and snap["players"][1]["pits"] == [0, 4, 4]
    assert [p["store"] for p in snap["players"]] == [3, 1]


@pytest.mark.parametrize("change,message", [
    ("to_opponent: won, ", "give rounds.to_opponent"),
    ("min: 3", "must be fewer than the pieces of a whole pit"),
])
def test_a_part_pit_needs_pits_that_change_hands_and_a_part_of_a_pit(change: str, message: str) -> None:
    text = SURPLUS.replace(change, "" if change.startswith("to_") else "min: 4")
    with pytest.raises(SpecError, match=message):
        load_spec_text(text)


def test_marks_cleared_between_rounds_must_be_declared() -> None:
    with pytest.raises(SpecError, match="undeclared mark 'wn'.*did you mean 'won'"):
        load_spec_text(SURPLUS.replace("part_pit:", "clear_marks: [wn], part_pit:"))


def test_whole_games_with_part_pits_alike_compiled_and_interpreted() -> None:
    """Rio Kadalis, capped at three rounds, played on both ways of running the engine, action
    by action: the same games, and some of them go on into later rounds with holes held."""
    fast, slow = compiled_and_interpreted(lambda: rulespec.load(ROOT / "variants/rio-kadalis.yaml", rounds=3))
    rng, held = random.Random(7), 0
    for _ in range(6):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not b.is_terminal():
            action = rng.choice(b.legal_actions())
            assert a.legal_actions() == b.legal_actions()
            a.apply_action(action)
            b.apply_action(action)
            held += b.round > 1 and any(m & (b.game.held[0] | b.game.held[1]) for m in b.marks)
        assert (a.board, a.marks, a.returns(), a.round) == (b.board, b.marks, b.returns(), b.round)
        assert sum(b.board) == 48
    assert held, "no game went on with a hole held"


@pytest.mark.usefixtures("each_engine")
def test_a_held_pit_is_emptied_into_its_holders_store_between_rounds() -> None:
    text = SURPLUS.replace("to_other", "stay").replace(", part_pit: {min: 3, tie: weaker}", "")
    game = Game(load_spec_text(text))
    # round 2, South holds North's a (three pieces); South's piece from B ends in C, and North,
    # whose own b and c are empty, cannot move: the round ends with the pieces where they are
    state = game.state_from_snapshot({"to_move": 0, "round": 2, "marks": {"won:south": ["a"]}, "players": [
        {"pits": [0, 1, 0], "store": 9}, {"pits": [3, 0, 0], "store": 11}]})
    state.apply_action(state.string_to_action("B"))
    snap = state.snapshot()
    # a's three go to South, its holder: South 13 fills its three (one left), North 11 fills c
    # and b (three left); a stays unfilled
    assert snap["round"] == 3 and snap["marks"]["won:south"] == []
    assert snap["players"][0]["pits"] == [4, 4, 4] and snap["players"][1]["pits"] == [0, 4, 4]
    assert [p["store"] for p in snap["players"]] == [1, 3]


@pytest.mark.usefixtures("each_engine")
@pytest.mark.parametrize("clear", [True, False])
def test_marks_a_round_starts_without(clear: bool) -> None:
    """Um el Banat's marked holes are cleared when a round begins (rounds.clear_marks); left
    out of the list, a mark stays where it was."""
    text = (ROOT / "variants/um-el-banat.yaml").read_text()
    if not clear:
        text = text.replace("  clear_marks: [claim]\n", "")
    game = Game(load_spec_text(text))
    # South's last counter falls into a, the hole South marked: only a holds counters, and the
    # round ends with South 27 to North 21 (a, unfilled by North, is South's to fill)
    state = game.state_from_snapshot({"to_move": 0, "marks": {"claim:south": ["a"]}, "players": [
        {"pits": [0, 0, 0, 0, 0, 1], "store": 23}, {"pits": [3, 0, 0, 0, 0, 0], "store": 21}]})
    state.apply_action(state.string_to_action("F"))
    snap = state.snapshot()
    assert snap["round"] == 2 and snap["marks"]["won:south"] == ["f"]
    assert snap["marks"]["claim:south"] == ([] if clear else ["a"])


@pytest.mark.parametrize("name", ["mewelad", "mewegae"])
def test_a_race_that_takes_as_its_laps_pass_alike_compiled_and_interpreted(name: str) -> None:
    """Mewelad's opening race (fours taken as the laps pass) and Mewegae's (holes captured,
    another turn), and the rounds after them, played on both ways of running the engine: the
    same games, and the race takes pieces or holes in some."""
    from engines import play_both

    fast, slow = compiled_and_interpreted(lambda: rulespec.load(ROOT / f"variants/{name}.yaml", rounds=2))
    rng, taken = random.Random(11), 0
    for _ in range(8):
        start = slow.new_initial_state()
        pair = [rng.choice(start.legal_actions(p)) for p in (0, 1)]
        start.apply_actions(pair)
        snap = start.snapshot()
        taken += sum(p["store"] for p in snap["players"]) > 0 or any(snap["marks"].values())
        play_both(fast, slow, rng.choice, max_actions=4000)
    assert taken, "no race took pieces or holes"


# The same board with the pieces short of a whole pit put into the next pit, in play, and the
# pits left unfilled closed (`rounds.remainder: next_pit`).
REMAINDER = SURPLUS.replace("""marks:
  won: {meaning: a pit won from the opponent, owned: true, holds_pit: true}""", """marks:
  closed: {meaning: a pit out of play for the round}""").replace(
    "rounds: {order: last, to_opponent: won, part_pit: {min: 3, tie: weaker}}",
    "rounds: {order: first, out_of_play: closed, remainder: next_pit}\nsowing: {skip: {mark: closed}}")


@pytest.mark.usefixtures("each_engine")
@pytest.mark.parametrize("south,south_pits,north_pits,closed,stores", [
    (12, [4, 4, 4], [4, 4, 4], [], [0, 0]),
    (14, [4, 4, 4], [4, 4, 2], [], [2, 0]),  # North's ten: a, b and two in c (in play)
    (5, [4, 1, 0], [4, 4, 4], ["C"], [0, 7]),  # South's five: A and one in B; C closed
    (1, [1, 0, 0], [4, 4, 4], ["B", "C"], [0, 11]),
])
def test_the_pieces_short_of_a_pit_go_into_the_next_pit(south, south_pits, north_pits, closed, stores) -> None:
    snap = after_round(REMAINDER, south)
    assert snap["round"] == 2 and not snap["terminal"]
    assert snap["players"][0]["pits"] == south_pits and snap["players"][1]["pits"] == north_pits
    assert snap["marks"]["closed"] == closed
    assert [p["store"] for p in snap["players"]] == stores


@pytest.mark.usefixtures("each_engine")
def test_with_the_remainder_put_out_the_game_ends_when_a_player_has_no_piece() -> None:
    snap = after_round(REMAINDER, 24)
    assert snap["terminal"] and snap["returns"] == [1.0, -1.0]


def test_the_remainder_and_pits_passed_to_the_opponent_exclude_each_other() -> None:
    bad = SURPLUS.replace("part_pit: {min: 3, tie: weaker}}", "remainder: next_pit}")
    with pytest.raises(SpecError, match="the remainder put into the next pit leaves no pit to pass"):
        load_spec_text(bad)
