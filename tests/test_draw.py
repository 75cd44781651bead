"""result: draw: an end that draws the game whatever the scores, on the compiled engine and
on its source run by Python (RULESPEC_PURE=1)."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.book import render_book
from rulespec.errors import SpecError

pytestmark = pytest.mark.usefixtures("each_engine")

SPEC = """name: Test
board: {pits: 3, stores: beside}
setup: {per_pit: 2}
scoring: {counts: [store, own_pits]}
end: [{kind: move_limit, moves: 2, result: %s}]
"""


@pytest.mark.parametrize("result,returns", [("draw", [0.0, 0.0]), ("by_score", [1.0, -1.0])])
def test_an_end_draws_whatever_the_scores(result: str, returns: list[float]) -> None:
    st = rulespec.load_text(SPEC % result, "x.yaml").new_initial_state()
    st.apply_move("A2")  # one seed into A3, one into North's a1 (the stores are not sown)
    st.apply_move("a3")  # a3's two into South's A1 and A2: South's side holds 7, North's 5
    assert st.is_terminal() and st.scores() == [7, 5]
    assert st.returns() == returns
    snap = st.snapshot()
    assert snap["terminal"] and snap["victory_value"] == (0 if result == "draw" else 1)


def test_a_draw_needs_no_player() -> None:
    """An end about no one player may draw (but not name a loser)."""
    majority = "end: [{kind: majority}, {kind: repetition, result: draw}]\n"
    rulespec.load_text(SPEC.split("end:")[0] + majority, "x.yaml")
    with pytest.raises(SpecError, match="is not about one player: use result: by_score or draw"):
        rulespec.load_text(SPEC.split("end:")[0] + "end: [{kind: majority, result: player_loses}]\n", "x.yaml")


def test_the_rulebook_says_the_game_is_drawn() -> None:
    book = render_book(rulespec.load_text(SPEC % "draw", "x.yaml")).markdown
    assert "the game is drawn, whatever the scores" in book and "(a draw)" in book
