"""The condition `sown_by_move`: some lap of the move so far has dropped a piece into the pit
(`sown` asks the current lap only). Played on the compiled engine and on its source run by
Python (RULESPEC_PURE=1)."""
from __future__ import annotations

import pytest

import rulespec
from test_capture_where import after

pytestmark = pytest.mark.usefixtures("each_engine")


def game(where: str, when: str = "{}"):
    return rulespec.load_text(f"""name: Test
board: {{pits: 4, stores: beside, notation: letters}}
setup: {{per_pit: 3}}
sowing: {{laps: {{kind: relay}}}}
captures:
  - {{name: fours, at: move_end, when: {when}, take: [{{where: {where}}}], by: owner}}
end: [{{kind: move_limit, moves: 50}}]
""", "test.yaml")


# D's two go into a (3 -> 4) and b (1 -> 2): the lap ends in an occupied hole, and b's two are
# sown on into c (0 -> 1) and d (0 -> 1), which was empty: the move is over. a was sown by the
# first lap only; A holds four but was never sown.
SOUTH, NORTH = [4, 0, 0, 2], [3, 1, 0, 0]


def test_a_pit_sown_by_an_earlier_lap_was_sown_by_the_move() -> None:
    st = after(game("{count: 4, sown_by_move: true}"), SOUTH, NORTH, "D")
    assert st.board[:8] == [4, 0, 0, 0, 0, 0, 1, 1] and st.scores() == [0, 4]


def test_the_current_lap_alone_did_not_sow_it() -> None:
    st = after(game("{count: 4, sown: true}"), SOUTH, NORTH, "D")
    assert st.board[:8] == [4, 0, 0, 0, 4, 0, 1, 1] and st.scores() == [0, 0]


def test_a_pit_no_lap_sowed_into() -> None:
    st = after(game("{count: 4, sown_by_move: false}"), SOUTH, NORTH, "D")
    assert st.board[:8] == [0, 0, 0, 0, 4, 0, 1, 1] and st.scores() == [4, 0]


def test_the_next_move_starts_with_no_pit_sown() -> None:
    """What one move sowed is forgotten by the next: a, made four by South's move (whose fours
    are not taken here), is not taken after North's, which did not sow into it."""
    g = game("{count: 4, sown_by_move: true}", when="{mover: north}")
    st = after(g, SOUTH, NORTH, "D")
    assert st.board[:8] == [4, 0, 0, 0, 4, 0, 1, 1]
    st.apply_move("c")  # c's one into d (1 -> 2), on with two into A (4 -> 5) and the empty B
    assert st.board[:8] == [5, 1, 0, 0, 4, 0, 0, 0] and st.scores() == [0, 0]


def test_the_rulebook_says_it() -> None:
    from rulespec.book import render_book

    text = render_book(game("{count: 4, sown_by_move: true}")).markdown
    assert "received a seed during the move" in text
