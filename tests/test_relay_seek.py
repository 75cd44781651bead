"""`seek` for relays that lift the next pit (sowing.laps.seek, and a capture's own after
`then: relay`): the relay passes over empty pits to the next pit holding pieces, once round
the circuit at most. Played through the public API on the compiled engine and on its source
run by Python (RULESPEC_PURE=1).

Two rows of four pits, stores beside; counter-clockwise South sows A1 A2 A3 A4 a1 a2 a3 a4."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.book import render_book

pytestmark = pytest.mark.usefixtures("each_engine")


def spec(when: str, seek: str = "", captures: str = "") -> str:
    return f"""name: Test
board: {{pits: 4, stores: beside}}
setup: {{per_pit: 2}}
sowing:
  laps: {{kind: relay, lift: next, when: {when}{seek}}}
{captures}end: [{{kind: move_limit, moves: 100}}]
"""


CAPTURE = """captures:
  - name: beyond the empty pit
    when: {next: {count: 0, next: {count: {min: 1}}}}
    take:
      - chain: {start: landing, skip_first: true, direction: forwards, length: 2, while: {store: false}}
    to: store
    then: relay
"""


def played(text: str, south: list[int], north: list[int], move: str) -> tuple[list[int], dict]:
    """The board (pits, then the stores) and the move's facts after `move` from the position."""
    game = rulespec.load_text(text, "x.yaml")
    st = game.state_from_snapshot({"players": [{"pits": south, "store": 16 - sum(south) - sum(north), "hand": 0},
                                               {"pits": north, "store": 0, "hand": 0}], "to_move": 0})
    assert st.string_to_action(move) in st.legal_actions()
    st.apply_move(move)
    return st.board[:8], st.last_move_facts()


@pytest.mark.parametrize("seek,board,last", [
    ("", [0, 1, 0, 0, 0, 0, 2, 0], "A2"),  # A3 after A2 is empty: the move ends
    # A3, A4, a1 and a2 are passed over: a3's two are lifted and sown into a4 and A1; then the
    # next pit holding pieces, A2, holds one, which `when` refuses: the move ends
    (", seek: true", [1, 1, 0, 0, 0, 0, 0, 1], "A1"),
])
def test_laps_seek_passes_over_empty_pits(seek: str, board: list[int], last: str) -> None:
    found, facts = played(spec("{count: {min: 2}}", seek), [1, 0, 0, 0], [0, 0, 2, 0], "A1")
    assert found == board
    assert facts["last"] == last
    assert facts["laps"] == (2 if seek else 1)


def test_laps_seek_tests_when_on_the_pit_found() -> None:
    # a3 (the opponent's) is lifted into a4; from a4 the next pit holding pieces is South's
    # own A2, which `when` refuses: the move ends rather than seeking further
    found, facts = played(spec("{count: {min: 1}, side: opponent}", ", seek: true"), [1, 0, 0, 0], [0, 0, 1, 0], "A1")
    assert found == [0, 1, 0, 0, 0, 0, 0, 1]
    assert facts["last"] == "a4"


def test_laps_seek_goes_round_the_circuit_once() -> None:
    # no other pit holds a piece: the search comes back to A2 and the move ends (a legal move)
    found, facts = played(spec("{count: {min: 1}}", ", seek: true"), [1, 0, 0, 0], [0, 0, 0, 0], "A1")
    assert found == [0, 1, 0, 0, 0, 0, 0, 0]
    assert facts["laps"] == 1


@pytest.mark.parametrize("seek,board,last", [
    ("", [0, 0, 0, 1, 0, 0, 0, 1], "A4"),  # a3 after the pit taken (a2) is empty: the move ends
    ("    seek: true\n", [1, 0, 0, 1, 0, 0, 0, 0], "A1"),  # a3 passed over: a4's seed goes into A1
])
def test_capture_seek_goes_on_from_the_next_pit_holding_pieces(seek: str, board: list[int], last: str) -> None:
    # A3's seed falls into A4; a1 after it is empty: a2 beyond it is captured, and the move
    # goes on after a2
    found, facts = played(spec("{count: {min: 1}}", "", CAPTURE + seek), [0, 0, 1, 0], [0, 2, 0, 1], "A3")
    assert found == board
    assert facts["captures"] == [{"pit": "a2", "pieces": 2}]
    assert facts["last"] == last


@pytest.mark.parametrize("text,at,message", [
    (spec("{count: {min: 1}}", ", seek: true").replace("lift: next", "lift: landing"), "5:69",
     "seek passes over empty pits to the next pit a relay lifts: it needs kind: relay and lift: next"),
    (spec("{count: {min: 1}}", "", CAPTURE.replace("then: relay", "then: end") + "    seek: true\n"), "13:11",
     "seek says where the move goes on after the capture, but this capture's move ends: use then: relay"),
    (spec("{count: {min: 1}}", "", CAPTURE + "    seek: true\n").replace("lift: next", "lift: landing"), "13:11",
     "seek looks for the next pit holding pieces"),
])
def test_seek_refused_where_no_relay_lifts_the_next_pit(text: str, at: str, message: str) -> None:
    with pytest.raises(rulespec.SpecError, match=rf"x.yaml:{at}: {message}"):
        rulespec.load_text(text, "x.yaml")


def test_rulebook_english() -> None:
    text = render_book(rulespec.load_text(spec("{count: {min: 1}}", ", seek: true", CAPTURE + "    seek: true\n"),
                                          "x.yaml")).markdown
    assert "look at the first pit holding seeds after the one where its last seed fell, passing over empty pits" \
           in text
    assert "You go on from the next pit after it that holds seeds, passing over empty pits" in text


def test_pallanguli_reading_of_the_next_cup_containing_seeds() -> None:
    """Pallanguli's capture with `seek: true`: the other reading of "goes on from the next
    cup containing seeds" (the shipped spec reads "the next cup"). The position of the spec's
    first example: after capturing c, South goes on from d either way (it holds seeds); make
    d empty and the readings differ."""
    shipped = rulespec.loader.resolve("pallanguli").read_text(encoding="utf-8")
    assert shipped.count("    then: relay\n") == 1
    texts = {False: shipped, True: shipped.replace("    then: relay\n", "    then: relay\n    seek: true\n")}
    position = {"to_move": 0, "players": [{"pits": [0, 0, 0, 0, 0, 2, 0], "store": 40},
                                          {"pits": [0, 0, 3, 0, 2, 0, 0], "store": 37}]}
    boards = {}
    for seek in (False, True):
        st = rulespec.load_text(texts[seek], "pallanguli.yaml").state_from_snapshot(position)
        st.apply_move("F")
        boards[seek] = st.board
    # F's seeds go into G and a; b is empty, so c's three are captured; d after c is empty
    assert boards[False][:14] == [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 2, 0, 0]
    # passing over d, South lifts e's two and sows them into f and g
    assert boards[True][:14] == [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1]
