"""`then: next_pit`: after a capture the pieces of the pit after the last one taken are lifted
and sown on, a new lap, whatever the relay rule says ("the player picks up the counters in the
next hole after the one captured and continues sowing"). Played on the compiled engine and on
its source run by Python (RULESPEC_PURE=1).

Two rows of four pits, stores beside; anticlockwise South sows A B C D a b c d."""
from __future__ import annotations

import pytest

from rulespec.book import render_book
from rulespec.errors import SpecError
from test_capture_at_move_end import game as four_pits

pytestmark = pytest.mark.usefixtures("each_engine")

FOUR = "  - {name: four, when: {count: 4}, take: [landing], then: next_pit}\n"


def game(captures: str = FOUR, laps: str = "relay"):
    return four_pits(captures, laps)


def after(g, south: list[int], north: list[int], move: str):
    st = g.state_from_snapshot({"players": [{"pits": south, "store": 0}, {"pits": north, "store": 0}],
                                "to_move": 0, "partial": True})
    st.apply_move(move)
    return st


def test_the_next_pit_is_lifted_and_sown_on_after_the_capture() -> None:
    # B's two go into C and D (3 -> 4): South takes D's four, lifts a's two and sows them into
    # b and c; c was empty and the relay ends there.
    st = after(game(), [0, 2, 0, 3], [2, 1, 0, 5], "B")
    assert st.board[:8] == [0, 0, 1, 0, 0, 2, 1, 5]
    assert st.scores() == [4, 0]
    assert st.last_move_facts()["laps"] == 2


def test_the_move_ends_when_the_next_pit_is_empty() -> None:
    st = after(game(), [0, 2, 0, 3], [0, 1, 0, 5], "B")
    assert st.board[:8] == [0, 0, 1, 0, 0, 1, 0, 5]
    assert st.last_move_facts()["laps"] == 1


def test_the_lap_from_the_next_pit_captures_and_goes_on_again() -> None:
    # D's one goes into a (3 -> 4): taken; b's one goes into c (3 -> 4): taken; d's two go into
    # A and B, B empty: the move ends. A single-lap sowing goes on all the same.
    for laps in ("relay", "single"):
        st = after(game(laps=laps), [0, 0, 0, 1], [3, 1, 3, 2], "D")
        assert st.board[:8] == [1, 1, 0, 0, 0, 0, 0, 0] and st.scores() == [8, 0]


@pytest.mark.parametrize("rule, message", [
    ("to: {sow: {entry: {side: own}}}", "captures sown again already go on; then: next_pit"),
    ("seek: true", "seek says where the move goes on after the capture, but this capture's move goes on by "
                   "then: next_pit: use then: relay"),
])
def test_a_capture_that_cannot_go_on_from_the_next_pit_is_refused(rule: str, message: str) -> None:
    with pytest.raises(SpecError, match=rf"test\.yaml:6:\d+: {message}"):
        game(f"  - {{name: x, when: {{count: 4}}, take: [landing], then: next_pit, {rule}}}\n")


def test_the_rulebook_says_where_the_move_goes_on() -> None:
    text = render_book(game()).markdown
    assert ("Then lift the seeds of the next pit after the last one taken and sow them on from there (a new "
            "lap); if that pit is empty, the move ends.") in text
