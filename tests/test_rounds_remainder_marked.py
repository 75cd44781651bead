"""The pit that takes the pieces short of a whole pit between rounds, out of play like the
empty ones (`rounds.remainder: next_pit_out_of_play`): it is sown into, no move starts from it
and no capture is made in it until it holds a whole pit's pieces again. Every position is
counted by hand; each test runs on both ways of running the engine."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from engines import compiled_and_interpreted
from rulespec.errors import SpecError
from rulespec.interpreter import Game
from rulespec.loader import load_spec_text
from test_part_pit import after_round

ROOT = Path(__file__).resolve().parent.parent

# Three pits a side, four pieces a pit (24 in all), each row filled from A onwards; a pit out of
# play is still sown into and comes back into play once it holds four. A lap ending in a pit it
# makes two captures it, unless the pit is out of play. The round ends when the player to move
# cannot move, the other taking the rest; the winner of a round starts the next.
RESTING = """
name: Resting
board: {ranks: 2, pits: 3, stores: beside, notation: letters}
setup: {per_pit: 4}
marks:
  resting:
    meaning: a pit out of play until it holds four again
    clear_after_move: {count: {min: 4}}
turn:
  moves: [{name: sow, direction: counterclockwise, from: {side: own, count: {min: 1}, not: {mark: resting}}}]
captures:
  - {name: two, when: {count: 2, not: {mark: resting}}, take: [landing]}
end:
  - {kind: no_legal_move, remaining: to_other}
rounds: {order: first, out_of_play: resting, remainder: next_pit_out_of_play, next_player: winner}
"""


@pytest.mark.usefixtures("each_engine")
@pytest.mark.parametrize("south,south_pits,north_pits,resting,stores", [
    (12, [4, 4, 4], [4, 4, 4], [], [0, 0]),
    (14, [4, 4, 4], [4, 4, 2], ["c"], [2, 0]),  # North's ten: a, b and two in c, out of play
    (5, [4, 1, 0], [4, 4, 4], ["B", "C"], [0, 7]),  # South's five: A and one in B; B and C out
    (1, [1, 0, 0], [4, 4, 4], ["A", "B", "C"], [0, 11]),  # South's one piece: every pit out
    (8, [4, 4, 0], [4, 4, 4], ["C"], [0, 4]),  # nothing short of a pit: C empty, out of play
])
def test_the_pit_short_of_its_pieces_is_out_of_play(south, south_pits, north_pits, resting, stores) -> None:
    snap = after_round(RESTING, south)
    assert snap["round"] == 2 and not snap["terminal"]
    assert snap["players"][0]["pits"] == south_pits and snap["players"][1]["pits"] == north_pits
    assert snap["marks"]["resting"] == resting
    assert [p["store"] for p in snap["players"]] == stores


@pytest.mark.usefixtures("each_engine")
def test_in_play_with_next_pit() -> None:
    """The same round with `remainder: next_pit`: the partly filled pit is in play."""
    snap = after_round(RESTING.replace("next_pit_out_of_play", "next_pit"), 5)
    assert snap["players"][0]["pits"] == [4, 1, 0] and snap["marks"]["resting"] == ["C"]


@pytest.mark.usefixtures("each_engine")
def test_the_game_ends_when_a_player_has_no_piece_left() -> None:
    snap = after_round(RESTING, 24)
    assert snap["terminal"] and snap["returns"] == [1.0, -1.0]
    assert not after_round(RESTING, 23)["terminal"]  # North's one piece: a game still


def round_two(south: list[int], north: list[int], resting: list[str], to_move: int = 1):
    """A position of round two, South's store empty and North's holding the rest."""
    game = Game(load_spec_text(RESTING))
    return game.state_from_snapshot({"to_move": to_move, "round": 2, "marks": {"resting": resting}, "players": [
        {"pits": south, "store": 0}, {"pits": north, "store": 24 - sum(south) - sum(north)}]})


@pytest.mark.usefixtures("each_engine")
def test_no_move_starts_from_the_pit_and_no_capture_is_made_in_it() -> None:
    # South's B holds one, out of play: only A can start a move
    state = round_two([4, 1, 0], [4, 4, 2], ["B", "C"], to_move=0)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["A"]
    # North's two from c: South's A, and B, which now holds two, but is out of play: no capture
    state = round_two([4, 1, 0], [4, 4, 2], ["B", "C"])
    state.apply_action(state.string_to_action("c"))
    snap = state.snapshot()
    assert snap["players"][0]["pits"] == [5, 2, 0] and snap["players"][0]["store"] == 0
    assert snap["players"][1]["pits"] == [4, 4, 0] and snap["marks"]["resting"] == ["B", "C"]
    # the same lap into B in play captures
    state = round_two([4, 1, 0], [4, 4, 2], ["C"])
    state.apply_action(state.string_to_action("c"))
    snap = state.snapshot()
    assert snap["players"][0]["pits"] == [5, 0, 0] and snap["players"][1]["store"] == 11


@pytest.mark.usefixtures("each_engine")
def test_the_pit_comes_back_into_play_with_a_whole_pits_pieces() -> None:
    # South's B holds three, out of play; North's two from c end in it: four, even, but out of
    # play when the piece fell, so no capture; after the move it is back in play
    state = round_two([1, 3, 0], [4, 4, 2], ["B", "C"])
    state.apply_action(state.string_to_action("c"))
    snap = state.snapshot()
    assert snap["players"][0]["pits"] == [2, 4, 0] and snap["marks"]["resting"] == ["C"]
    # and South may start from A or B, not from C
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["A", "B"]


@pytest.mark.parametrize("change,message", [
    ("out_of_play: resting, ", "give rounds.out_of_play"),
    ("order: first,", "leaves no pit to pass to the opponent"),
])
def test_the_remainder_out_of_play_needs_the_mark_and_no_pits_passed(change: str, message: str) -> None:
    text = RESTING.replace(change, "" if change.startswith("out_") else
                           "order: first, to_opponent: won,").replace(
        "marks:\n", "marks:\n  won: {meaning: a pit won, owned: true, holds_pit: true}\n")
    with pytest.raises(SpecError, match=message) as caught:
        load_spec_text(text)
    problem = next(p for p in caught.value.problems if message in p.message)
    line = text.count("\n", 0, text.index("rounds:")) + 1  # located at the remainder's value
    assert (problem.line, problem.col) == (line, text.splitlines()[line - 1].index("next_pit_out_of_play") + 1)


def test_whole_games_alike_compiled_and_interpreted() -> None:
    """Random games of several rounds on both ways of running the engine, action by action:
    the same games, and some rounds begin with a partly filled pit, always out of play."""
    text = RESTING.replace("end:\n", "end:\n  - {kind: move_limit, moves: 300}\n").replace(
        "next_player: winner}", "next_player: winner, max_rounds: 4}")
    fast, slow = compiled_and_interpreted(lambda: Game(load_spec_text(text)))
    rng, partly = random.Random(5), 0
    for _ in range(12):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not b.is_terminal():
            action = rng.choice(b.legal_actions())
            assert a.legal_actions() == b.legal_actions()
            before = b.round
            a.apply_action(action)
            b.apply_action(action)
            assert (a.board, a.marks, a.round) == (b.board, b.marks, b.round)
            if b.round > before and not b.is_terminal():
                snap = b.snapshot()
                for side, letters in zip(snap["players"], ("ABC", "abc")):
                    for n, label in zip(side["pits"], letters):
                        assert (n < 4) == (label in snap["marks"]["resting"]), snap
                        partly += 0 < n < 4
        assert a.returns() == b.returns()
    assert partly, "no round began with a partly filled pit"
