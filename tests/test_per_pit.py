"""`sowing.per_pit`: several pieces dropped into each pit ("players sow four counters at a time,
placing four counters in each hole"), or the whole handful into one pit. Played on the compiled
engine and on its source run by Python (RULESPEC_PURE=1).

Two rows of four pits, stores beside; anticlockwise South sows A B C D a b c d."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.book import render_book
from rulespec.errors import SpecError
from rulespec.records import complete_moves
from test_capture_where import after

pytestmark = pytest.mark.usefixtures("each_engine")


def game(per_pit: object = 2, captures: str = "", laps: str = "single", extra: str = "", moves: str = "[{}]"):
    return rulespec.load_text(f"""name: Test
board: {{pits: 4, stores: beside, notation: letters}}
setup: {{per_pit: 3}}
turn: {{moves: {moves}}}
sowing: {{per_pit: {per_pit}, laps: {{kind: {laps}}}{extra}}}
captures: [{captures}]
end: [{{kind: move_limit, moves: 50}}]
""", "test.yaml")


def test_each_pit_gets_per_pit_pieces_and_the_last_what_is_left() -> None:
    st = after(game(2), [0, 5, 0, 0], [0, 0, 0, 0], "B")
    assert st.board[:8] == [0, 0, 2, 2, 1, 0, 0, 0]
    facts = st.last_move_facts()
    assert facts["last"] == "a"


def test_a_lap_goes_round_the_board_a_drop_at_a_time() -> None:
    # 18 pieces, two a pit: nine drops, C D a b c d A B and C again (the origin B is sown too).
    st = after(game(2), [0, 18, 0, 0], [0, 0, 0, 0], "B")
    assert st.board[:8] == [2, 2, 4, 2, 2, 2, 2, 2]


def test_all_puts_the_whole_handful_into_the_next_pit() -> None:
    st = after(game("all"), [0, 7, 1, 0], [0, 0, 0, 0], "B")
    assert st.board[:8] == [0, 0, 8, 0, 0, 0, 0, 0]


def test_count_before_takes_away_the_whole_last_drop() -> None:
    """"Four falling into an empty hole": the pit held nothing before the last drop."""
    empty = "{name: empty, when: {side: own, count_before: 0}, take: [opposite]}"
    g = game(4, captures=empty)
    st = after(g, [8, 0, 0, 0], [0, 0, 5, 0], "A")  # B 0 -> 4, C 0 -> 4: C faces North's b
    assert st.scores() == [0, 0]
    st = after(g, [8, 0, 0, 0], [0, 5, 0, 0], "A")
    assert st.scores() == [5, 0] and st.board[:8] == [0, 4, 4, 0, 0, 0, 0, 0]
    # a pit sown earlier in the lap held its count less a whole drop: D 1 -> 5 is not empty
    st = after(g, [0, 0, 4, 1], [0, 0, 0, 0], "C")
    assert st.scores() == [0, 0] and st.board[:8] == [0, 0, 0, 5, 0, 0, 0, 0]


def test_a_relay_tests_what_the_pit_held_before_the_last_drop() -> None:
    g = game(2, laps="relay")
    # B's three: C 0 -> 2, D 1 -> 2 (the last drop, of one): D held one, so the relay goes on
    # with its two, both into the empty a: the move ends there.
    st = after(g, [0, 3, 0, 1], [0, 0, 0, 0], "B")
    assert st.board[:8] == [0, 0, 2, 0, 2, 0, 0, 0]
    assert st.last_move_facts()["laps"] == 2


def test_captures_while_passing_are_tested_after_each_drop() -> None:
    passing = ", passing: [{name: fours, when: {count: 4}}]"
    # A's six: B 2 -> 4 (taken at once), C 0 -> 2, D 0 -> 2 (the last, left to the captures)
    st = after(game(2, extra=passing), [6, 2, 0, 2], [0, 0, 0, 0], "A")
    assert st.scores() == [4, 0] and st.board[:8] == [0, 0, 2, 4, 0, 0, 0, 0]


def test_sown_marks_the_pits_the_lap_dropped_into() -> None:
    sown = "{name: sown twos, when: {}, take: [{where: {sown: true, count: 2}}]}"
    st = after(game(2, captures=sown), [0, 4, 0, 0], [2, 0, 0, 0], "B")  # C and D get two
    assert st.scores() == [4, 0] and st.board[:8] == [0, 0, 0, 0, 2, 0, 0, 0]


def test_the_trace_lists_every_piece_dropped() -> None:
    g = game(3).traced()
    st = g.state_from_snapshot({"players": [{"pits": [0, 7, 0, 0], "store": 0}, {"pits": [0, 0, 0, 0], "store": 0}],
                                "to_move": 0, "partial": True})
    st.apply_move("B")
    c, d, a = (g.geo.label.index(x) for x in "CDa")
    assert st.last_move.trace == [("lap", (c, c, c, d, d, d, a))]


def test_placing_anywhere_puts_per_pit_pieces_with_each_decision() -> None:
    anywhere = "[{sow: anywhere, into: {start: false, not: {opposite: {start: true}}}}]"
    g = game("all", moves=anywhere)
    st = g.new_initial_state()
    legal = complete_moves(st)
    assert "Ad" not in legal and "AA" not in legal and "Ac" in legal  # A faces North's d
    st.apply_move("Ac")
    assert st.board[:8] == [0, 3, 3, 3, 3, 3, 6, 3]
    g = game(2, moves="[{sow: anywhere, into: {side: own}}]")
    st = g.new_initial_state()
    st.apply_move("ABD")  # two into B, the last one into D
    assert st.board[:8] == [0, 5, 3, 4, 3, 3, 3, 3]


def test_the_rulebook_says_how_many_go_into_each_pit() -> None:
    book = render_book(game(4)).markdown
    assert "Sow the lifted seeds four at a time into the pits that follow, four in each" in book
    assert "put them four at a time into the pits that follow" in book
    book = render_book(game("all", moves="[{sow: anywhere}]")).markdown
    assert "Then put them all together into one pit you choose" in book


@pytest.mark.parametrize("text, message", [
    ("opening: {kind: race}\n", r"test\.yaml:\d+:\d+: .*sowing one piece into each pit \(per_pit: 1\)"),
])
def test_what_cannot_sow_several_a_pit_is_refused(text: str, message: str) -> None:
    spec = f"""name: Test
board: {{pits: 4, stores: beside}}
setup: {{per_pit: 3}}
sowing: {{per_pit: 2}}
{text}end: [{{kind: side_empty}}]
"""
    with pytest.raises(SpecError, match=message):
        rulespec.load_text(spec, "test.yaml")


def test_several_kinds_of_piece_refuse_per_pit() -> None:
    text = """name: Test
board: {pits: 4, stores: beside, notation: row-number}
setup: {kinds: [{name: a}, {name: b}], contents: {A1: {a: 1, b: 1}, A2: {a: 2}}}
sowing: {per_pit: 2}
end: [{kind: side_empty}]
"""
    with pytest.raises(SpecError, match=r"test\.yaml:4:\d+: sowing several pieces into each pit is not supported "
                                         r"with several kinds of piece"):
        rulespec.load_text(text, "test.yaml")


def test_per_pit_must_be_a_positive_number_or_all() -> None:
    with pytest.raises(SpecError, match=r"test\.yaml:5:19: expected at least 1, got 0"):
        game(0)


def test_the_web_app_asks_where_the_whole_handful_goes() -> None:
    from rulespec.web.wording import question

    st = rulespec.load("luuth").new_initial_state()
    st.apply_action(st.legal_actions()[0])  # the start of an opening move: A's four in hand
    assert question(st).text == "Where do you put them? You hold 4 counters. Click a hole ringed in green."
