"""Captures over the whole board: the `where` selector (every pit where a condition holds), the
`sown` condition (the lap dropped a piece there) and captures made by the opponent (`by:
opponent`). Played on the compiled engine and on its source run by Python (RULESPEC_PURE=1)."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.errors import SpecError

pytestmark = pytest.mark.usefixtures("each_engine")


def game(captures: str, sowing: str = ""):
    return rulespec.load_text(f"""name: Test
board: {{pits: 4, stores: beside, notation: letters}}
setup: {{per_pit: 3}}
{sowing}captures:
{captures}end: [{{kind: move_limit, moves: 50}}]
""", "test.yaml")


def after(g, south: list[int], north: list[int], move: str, stores: tuple[int, int] = (0, 0)):
    st = g.state_from_snapshot({"players": [{"pits": south, "store": stores[0]}, {"pits": north, "store": stores[1]}],
                                "to_move": 0, "partial": True})
    st.apply_move(move)
    return st


EVERY = "  - {name: evens, when: {}, take: [{where: {count: [2, 4]}}]}\n"


def test_every_pit_where_the_condition_holds_is_taken_on_either_side() -> None:
    # B's two go into C and D: C 1 -> 2, D 3 -> 4. Untouched: A 2 (own), b 4 (North's), c 1.
    st = after(game(EVERY), [2, 2, 1, 3], [0, 4, 1, 0], "B")
    assert st.board[:8] == [0, 0, 0, 0, 0, 0, 1, 0]
    assert st.scores() == [12, 0]  # A 2 + C 2 + D 4 + b 4


def test_the_pits_are_tested_before_any_is_taken() -> None:
    """Taking one pit never changes the test of another: each holds what the lap left."""
    st = after(game("  - {name: evens, when: {}, take: [{where: {count: 2, opposite: {count: 2}}}]}\n"),
               [1, 0, 0, 2], [2, 0, 0, 0], "A")  # A's one into B: B 1. D 2 faces a 2 and a faces D.
    assert st.board[:8] == [0, 1, 0, 0, 0, 0, 0, 0] and st.scores() == [4, 0]


SOWN = "  - {name: sown evens, when: {}, take: [{where: {side: opponent, sown: true, count: [2, 4]}}]}\n"


def test_sown_limits_the_take_to_the_pits_the_lap_dropped_into() -> None:
    # D's three go into a, b and c: a 1 -> 2, b 3 -> 4, c 0 -> 1. d holds 2 but was not sown.
    st = after(game(SOWN), [0, 0, 0, 3], [1, 3, 0, 2], "D")
    assert st.board[4:8] == [0, 0, 1, 2]
    assert st.scores() == [6, 0]


def test_a_capture_by_the_opponent_goes_to_the_opponent_s_store() -> None:
    g = game("  - {name: gift, when: {side: opponent, count: 1}, take: [opposite], by: opponent}\n")
    # C's two go into D and North's empty a: North takes D, which faces a.
    st = after(g, [0, 0, 2, 5], [0, 3, 3, 3], "C")
    assert st.board[:8] == [0, 0, 0, 0, 1, 3, 3, 3]
    assert st.scores() == [0, 6]  # D's five and the one C dropped there


def test_an_opponent_s_capture_cannot_sow_onto_the_mover_s_side() -> None:
    with pytest.raises(SpecError, match=r"test\.yaml:5:\d+: a capture by the opponent puts the pieces"):
        game("  - {name: gift, when: {side: opponent, count: 1}, take: [opposite], by: opponent, to: landing}\n")


def test_a_where_selector_is_said_in_the_rulebook() -> None:
    from rulespec.book import render_book

    text = render_book(game(SOWN)).markdown
    assert "capture the seeds of every pit of your opponent's that holds two or four seeds and received a seed " \
           "from the lap" in text
