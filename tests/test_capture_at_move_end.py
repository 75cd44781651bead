"""Captures made once the move is over (`at: move_end`) and captures whose pieces go to each
taken pit's owner (`by: owner`): "at the end of sowing, every hole of four is taken by the
owner of its row". Played on the compiled engine and on its source run by Python
(RULESPEC_PURE=1)."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.errors import SpecError
from test_capture_where import after

pytestmark = pytest.mark.usefixtures("each_engine")

OWNERS_FOURS = "  - {name: fours, at: move_end, when: {}, take: [{where: {count: 4}}], by: owner}\n"
LAST_FOUR = "  - {name: last four, when: {count: 4}, take: [landing]}\n"


def game(captures: str, laps: str = "single"):
    return rulespec.load_text(f"""name: Test
board: {{pits: 4, stores: beside, notation: letters}}
setup: {{per_pit: 3}}
sowing: {{laps: {{kind: {laps}}}}}
captures:
{captures}end: [{{kind: move_limit, moves: 50}}]
""", "test.yaml")


def test_each_pit_s_pieces_go_to_its_owner_s_store() -> None:
    # B's three go into C, D and North's a: C 3 -> 4 (South's), D 1 -> 2, a 3 -> 4 (North's).
    st = after(game(OWNERS_FOURS), [0, 3, 3, 1], [3, 0, 2, 0], "B")
    assert st.board[:8] == [0, 0, 0, 2, 0, 0, 2, 0]
    assert st.scores() == [4, 4]


def test_a_move_end_capture_sees_the_board_once_the_relay_is_over() -> None:
    """A hole made four by one lap and five by a later one is not taken; a lap ending in a hole
    of four goes on, since the capture is not tried at a lap's end."""
    g = game(OWNERS_FOURS, laps="relay")
    # D's two go into a (3 -> 4) and b (1 -> 2): the lap ends in an occupied hole and b's two
    # are sown on into c (0 -> 1) and d (0 -> 1), which was empty: the move is over. a holds
    # four now and goes to North, its owner.
    st = after(g, [0, 0, 0, 2], [3, 1, 0, 0], "D", stores=(0, 0))
    assert st.board[:8] == [0, 0, 0, 0, 0, 0, 1, 1] and st.scores() == [0, 4]
    # C's four go into D (3 -> 4), a, b and c; c held three: the lap ends there with four, which
    # is no reason to stop, so its four go on into d, A (3 -> 4), B and C (0 -> 1). D was made
    # four and then left alone: it is taken by South with A.
    st = after(g, [3, 0, 4, 3], [0, 0, 3, 0], "C")
    assert st.scores() == [8, 0]
    assert st.board[:8] == [0, 1, 1, 0, 1, 1, 0, 1]


def test_a_lap_s_capture_ends_the_move_and_the_move_end_capture_follows() -> None:
    g = game(LAST_FOUR + OWNERS_FOURS, laps="relay")
    # B's two go into C (3 -> 4) and D (3 -> 4): the last makes four, which the mover takes
    # (the move ends); then C, four, goes to South as its owner.
    st = after(g, [0, 2, 3, 3], [2, 2, 2, 2], "B")
    assert st.board[:8] == [0, 0, 0, 0, 2, 2, 2, 2] and st.scores() == [8, 0]
    facts = st.last_move_facts()
    assert facts["rules"] == ["last four", "fours"] and facts["stop"] == "a capture"


def test_a_move_that_only_the_move_end_capture_took_from_stopped_at_its_last_lap() -> None:
    st = after(game(OWNERS_FOURS), [0, 3, 3, 1], [3, 0, 2, 0], "B")
    facts = st.last_move_facts()
    assert facts["rules"] == ["fours"] and facts["stop"] == "the last lap"
    assert facts["captures"] == [{"pit": "C", "pieces": 4}, {"pit": "a", "pieces": 4}]


@pytest.mark.parametrize("rule, message", [
    ("{name: x, at: move_end, when: {}, take: [landing], to: {sow: {entry: {side: own}}}}",
     "a capture once the move is over ends the move"),
    ("{name: x, at: move_end, when: {}, take: [landing], then: relay}", "a capture once the move is over ends the move"),
    ("{name: x, when: {}, take: [landing], by: owner, to: removed}", "a capture by each pit's owner"),
])
def test_rules_a_move_end_or_owner_capture_cannot_keep_are_refused_where_written(rule: str, message: str) -> None:
    with pytest.raises(SpecError, match=rf"test\.yaml:6:\d+: {message}"):
        game(f"  - {rule}\n")


def test_the_rulebook_says_when_and_to_whom() -> None:
    from rulespec.book import render_book

    text = render_book(game(LAST_FOUR + OWNERS_FOURS, laps="relay")).markdown
    assert ("Fours.** Once your move is over, take the seeds of every pit that holds exactly four seeds. "
            "The seeds of each pit go to the store of the player who holds it, yours or your opponent's.") in text
    assert 'The rules that say "once your move is over" are tried only then' in text
    assert "Capture (fours, §" in text and "): once the move is over." in text
