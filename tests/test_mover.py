"""The condition `mover`: rules that differ between South and North, played through the public
API on the compiled engine and on its source run by Python (RULESPEC_PURE=1)."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.book import render_book
from rulespec.errors import SpecError

pytestmark = pytest.mark.usefixtures("each_engine")

BY_PLAYER = """name: Test
board: {pits: 3, stores: beside}
setup: {per_pit: 2}
turn:
  moves:
    - {name: south_sow, from: {mover: south, side: own, count: {min: 1}}, direction: counterclockwise}
    - {name: north_sow, from: {mover: north, side: own, count: {min: 1}}, direction: clockwise}
%send: [{kind: move_limit, moves: 100}]
"""


def test_each_player_sows_by_their_own_move_kind() -> None:
    """South sows anticlockwise and North clockwise: a move kind only one player may play."""
    st = rulespec.load_text(BY_PLAYER % "", "x.yaml").new_initial_state()
    st.apply_move("A2")  # A2's two: one into A3, one into North's a1 (the stores are not sown)
    assert st.last_move_facts()["kind"] == "south_sow"
    assert st.board[:6] == [2, 0, 3, 3, 2, 2]
    st.apply_move("a2")  # a2's two, clockwise: one into a1, then over to South's A3
    facts = st.last_move_facts()
    assert (facts["kind"], facts["direction"], facts["last"]) == ("north_sow", "cw", "A3")
    assert st.board[:6] == [2, 0, 4, 4, 0, 2]


def test_a_turn_rule_for_one_player_only() -> None:
    """North alone moves again after a move ending in the opponent's row (between moves the
    condition reads the player who just moved)."""
    rule = "  extra_turn: {all: [{mover: north}, {side: opponent}]}\n"
    st = rulespec.load_text(BY_PLAYER % rule, "x.yaml").new_initial_state()
    st.apply_move("A2")  # South's last piece falls in North's a1: no extra turn for South
    assert st.to_move == 1
    st.apply_move("a2")  # North's last piece falls in South's A3: North moves again
    assert st.to_move == 1


def test_the_value_is_checked_where_it_is_written() -> None:
    with pytest.raises(SpecError) as caught:
        rulespec.load_text((BY_PLAYER % "").replace("mover: north", "mover: norht"), "x.yaml")
    problem = caught.value.problems[0]
    assert problem.line == 7 and "north" in problem.message


def test_the_rulebook_says_who() -> None:
    book = render_book(rulespec.load_text(BY_PLAYER % "", "x.yaml")).markdown
    assert "you are North" in book and "you are South" in book
