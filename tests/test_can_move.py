"""The conditions can_move and opponent_can_move: whether a player has a legal move, were it
their turn now, tested after a move by the engine's own legality. Played through the public
API on the compiled engine and on its source run by Python (RULESPEC_PURE=1)."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.book import render_book

pytestmark = pytest.mark.usefixtures("each_engine")


def spec(turn: str, extra: str = "", move: str = "{name: sow, from: {side: own, count: {min: 2}}}") -> str:
    """Two rows of three pits, stores beside; a move starts from a pit of two or more (or as
    `move` says)."""
    return f"""name: Test
board: {{pits: 3, stores: beside}}
setup: {{per_pit: 2}}
turn:
  moves:
    - {move}
{turn}{extra}end: [{{kind: move_limit, moves: 100}}]
"""


AHEAD = "{name: sow, require: {side: opponent}}"
"""A move is legal only if its first lap ends on the opponent's side (played out to know)."""


def state_at(game, south: list[int], north: list[int], **more):
    return game.state_from_snapshot({"players": [{"pits": south, "store": 12 - sum(south) - sum(north), "hand": 0},
                                                 {"pits": north, "store": 0, "hand": 0}],
                                     "to_move": 0, **more})


@pytest.mark.parametrize("north,again", [
    ([1, 1, 0], True),   # North holds pieces but no pit of two: North cannot move, South again
    ([2, 1, 0], False),  # North's a1 holds two: North moves
])
def test_extra_turn_when_the_opponent_cannot_move(north: list[int], again: bool) -> None:
    game = rulespec.load_text(spec("  extra_turn: {opponent_can_move: false}\n"), "x.yaml")
    st = state_at(game, [2, 2, 0], north)
    st.apply_move("A1")  # A1's two go into A2 and A3
    assert st.board[:6] == [0, 3, 1, *north]
    assert st.to_move == (0 if again else 1)
    if again:
        assert st.legal_actions() == [st.string_to_action("A2")]


@pytest.mark.parametrize("south,stage", [
    ([2, 0, 0], 1),  # after A1, South's pits hold 0, 1, 1: South could not move again
    ([2, 2, 0], 0),  # A2 holds three: South could move again, the stage goes on
])
def test_stage_ends_when_the_mover_could_not_move_again(south: list[int], stage: int) -> None:
    stages = """stages:
  - {name: heavy, until: {can_move: false}}
  - name: light
    turn:
      moves:
        - {name: sow, from: {side: own, count: {min: 1}}}
"""
    game = rulespec.load_text(spec("", stages), "x.yaml")
    st = state_at(game, south, [2, 2, 0], stage="heavy")
    st.apply_move("A1")
    assert st.stage == stage
    assert st.to_move == 1


@pytest.mark.parametrize("north,again", [([0, 0, 0], True), ([0, 1, 0], False)])
def test_the_opponents_legality_is_played_ahead(north: list[int], again: bool) -> None:
    # after South's A3, North's a1 and a2 hold one each and reach only North's own pits; with
    # a2 holding two, a2 reaches South's A1
    game = rulespec.load_text(spec("  extra_turn: {opponent_can_move: false}\n", move=AHEAD), "x.yaml")
    st = state_at(game, [3, 0, 2], north)
    st.apply_move("A3")
    assert st.board[:6] == [3, 0, 0, north[0] + 1, north[1] + 1, 0]
    assert st.to_move == (0 if again else 1)
    assert st.legal_actions() == [st.string_to_action("A1" if again else "a2")]


@pytest.mark.parametrize("north,marked", [([0, 0, 0], True), ([0, 1, 0], False)])
def test_a_mark_set_when_the_opponent_cannot_move(north: list[int], marked: bool) -> None:
    # the position of the test above, with no extra turn: a mark on the pit where the move
    # ended when the opponent cannot move
    marks = """marks:
  blocked:
    meaning: where a move ended that left the opponent without a move
    set_after_move: {last: true, opponent_can_move: false}
"""
    game = rulespec.load_text(spec("", marks, move=AHEAD), "x.yaml")
    st = state_at(game, [3, 0, 2], north)
    st.apply_move("A3")
    assert [q for q, bits in enumerate(st.marks) if bits] == ([4] if marked else [])


def test_feeding_counts_in_the_opponents_legality() -> None:
    # North must feed South when South's side is empty; a1's two reach only a2 and a3, so North
    # has no legal move although it holds a pit of two: South moves again
    text = spec("  extra_turn: {opponent_can_move: false}\n",
                "obligations:\n  feed: {when: {opponent_side: 0}}\n")
    game = rulespec.load_text(text, "x.yaml")
    st = state_at(game, [0, 0, 2], [2, 0, 0])
    st.apply_move("A3")  # A3's two go into a1 and a2: South's side is empty
    assert st.board[:6] == [0, 0, 0, 3, 1, 0]
    assert st.to_move == 1  # a1's three reach a2, a3 and A1: North can feed


@pytest.mark.parametrize("where,at", [
    ("captures:\n  - {name: c, when: {opponent_can_move: true}, take: [landing]}\n", "8:22"),
    ("end:\n  - {kind: condition, when: {can_move: false}}\n", "8:30"),
])
def test_refused_inside_a_move_or_at_an_end(where: str, at: str) -> None:
    text = spec("", where).replace("end: [{kind: move_limit, moves: 100}]\n", "") if where.startswith("end") \
        else spec("", where)
    with pytest.raises(rulespec.SpecError, match=rf"x.yaml:{at}: (opponent_can_move|can_move) looks ahead"):
        rulespec.load_text(text, "x.yaml")


def test_refused_in_a_race_extra_turn() -> None:
    text = spec("  extra_turn: {opponent_can_move: false}\n", "opening: {}\n")
    with pytest.raises(rulespec.SpecError, match="another turn decided without looking ahead"):
        rulespec.load_text(text, "x.yaml")


def test_rulebook_english() -> None:
    game = rulespec.load_text(spec("  extra_turn: {opponent_can_move: false}\n"), "x.yaml")
    text = render_book(game).markdown
    assert "your opponent could not move, were it their turn" in text
