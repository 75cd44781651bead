"""The reference's "How a game is played" (docs/reference-play.md), pinned by tiny games."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.errors import SpecError


def game(text: str):
    return rulespec.load_text(text)


def start(text: str):
    return game(text).new_initial_state()


def sowing_spec(board: str, pits: str, *, direction: str = "counterclockwise", first: str = "south",
                sowing: str = "{}", captures: str = "[]", extra: str = "", scoring: str = "") -> str:
    return f"""
name: T
board: {board}
setup: {{per_pit: 0, pits: {pits}}}
turn:
  first_player: {first}
  moves:
    - from: {{side: own, count: {{min: 1}}}}
      direction: {direction}
sowing: {sowing}
captures: {captures}
{scoring or "scoring: {counts: [own_pits]}"}
{extra}
end:
  - {{kind: no_legal_move}}
"""


def landings(board: str, n: int, *, direction: str = "counterclockwise", north: bool = False,
             sowing: str = "{}") -> list[str]:
    """Where a lap from A1 (North: a1) of 1, 2, ... n pieces ends: the circuit, in order."""
    scoring = "scoring: {counts: [store]}" if "stores" in board else ""
    out = []
    for k in range(1, n + 1):
        st = start(sowing_spec(board, f"{{A1: {k}}}", direction=direction, first="north" if north else "south",
                               sowing=sowing, scoring=scoring))
        st.apply_move("a1" if north else "A1")
        out.append(st.last_move_facts()["last"])
    return out


# --- circuits -------------------------------------------------------------------------

def test_three_ranks_with_a_shared_middle_row_sow_a_snake() -> None:
    board = "{ranks: 3, pits: 3}"
    assert landings(board, 9) == "A2 A3 M3 M2 M1 a3 a2 a1 A1".split()
    assert landings(board, 9, direction="clockwise") == "a1 a2 a3 M1 M2 M3 A3 A2 A1".split()
    assert landings(board, 9, north=True) == "a2 a3 M1 M2 M3 A3 A2 A1 a1".split()


@pytest.mark.parametrize("middle, path", [
    ("right_half", "A2 A3 A4 M4 M3 m3 m4 a4 a3 a2 a1 A1"),
    ("left_half", "A2 A3 A4 m1 m2 M2 M1 a4 a3 a2 a1 A1"),
])
def test_three_ranks_with_a_split_middle_row(middle: str, path: str) -> None:
    assert landings(f"{{ranks: 3, pits: 4, middle: {middle}}}", 12) == path.split()


def test_sides_on_a_split_middle_row_is_a_figure_of_eight() -> None:
    board = "{ranks: 3, pits: 4, middle: right_half, circuit: sides}"
    assert landings(board, 12) == "A2 A3 A4 M4 M3 a1 a2 a3 a4 m4 m3 A1".split()


def test_four_ranks_sow_round_the_own_two_ranks() -> None:
    board = "{ranks: 4, pits: 3}"
    assert landings(board, 6) == "B1 B2 B3 A3 A2 A1".split()
    assert landings(board, 6, direction="clockwise") == "A2 A3 B3 B2 B1 A1".split()
    assert landings(board, 6, north=True) == "b1 b2 b3 a3 a2 a1".split()


def test_stores_in_the_circuit() -> None:
    board = "{ranks: 2, pits: 3, stores: in_circuit}"
    assert landings(board, 7) == "A2 A3 S a1 a2 a3 A1".split()
    assert landings(board, 7, direction="clockwise") == "a3 a2 a1 S A3 A2 A1".split()
    assert landings(board, 8, sowing="{into_opponent_store: true}") == "A2 A3 S a1 a2 a3 N A1".split()


@pytest.mark.parametrize("board, says", [
    ("{ranks: 3, pits: 3, stores: in_circuit}", "stores in the circuit need a 2-rank board"),
    ("{ranks: 4, pits: 3, circuit: all}", "use circuit: own"),
    ("{ranks: 3, pits: 3, circuit: own}", "circuit: own needs 4 ranks"),
    ("{ranks: 3, pits: 3, circuit: sides}", "circuit: sides runs over the players' own pits"),
])
def test_circuits_the_loader_refuses(board: str, says: str) -> None:
    with pytest.raises(SpecError, match=says):
        game(sowing_spec(board, "{A1: 1}"))


# --- next, previous, chains and relays ------------------------------------------------

def captured_at(pits: str, when: str, *, sowing: str = "{skip: {pit: A3}}", take: str = "[landing]") -> list[str]:
    spec = sowing_spec("{ranks: 2, pits: 4, stores: beside}", pits, sowing=sowing,
                       captures=f"[{{name: c, when: {when}, take: {take}}}]", scoring="scoring: {counts: [store]}")
    st = start(spec)
    st.apply_move("A1")
    return [c["pit"] for c in st.last_move_facts()["captures"]]


def test_previous_and_next_do_not_step_over_a_skipped_pit() -> None:
    # A1 holding 2 sows A2 and A4: A3 is skipped
    assert captured_at("{A1: 2, A4: 1}", "{last: true, previous: {pit: A3}}") == ["A4"]
    assert captured_at("{A1: 2, A4: 1}", "{last: true, previous: {pit: A2}}") == []
    assert captured_at("{A1: 1, A2: 1}", "{last: true, next: {pit: A3}}") == ["A2"]


def test_previous_reaches_the_origin_a_lap_skips() -> None:
    # 8 pieces round a circuit of 8 pits, skipping the origin: the last falls into A2
    assert captured_at("{A1: 8}", "{last: true, previous: {start: true}}", sowing="{skip_origin: true}") == ["A2"]


def test_a_chain_walks_through_a_skipped_pit() -> None:
    chain = "[{chain: {direction: backwards, while: {count: {min: 1}}}}]"
    assert captured_at("{A1: 2, A2: 1, A3: 5, A4: 1}", "{last: true}", take=chain) == ["A4", "A3", "A2"]
    assert captured_at("{A1: 2, A2: 1, A4: 1}", "{last: true}", take=chain) == ["A4"]


def test_a_stepped_chain_tests_the_skipped_pit_it_passes_over() -> None:
    # A1 holding 2 sows A2 and A4 (A3 skipped); back two at a time from A4: over A3 to A2,
    # then over the emptied A1 to North's empty a4
    chain = "[{chain: {direction: backwards, step: 2, gap: {count: 0}, while: {count: {min: 1}}}}]"
    assert captured_at("{A1: 2}", "{last: true}", take=chain) == ["A4", "A2"]
    assert captured_at("{A1: 2, A3: 1}", "{last: true}", take=chain) == ["A4"]


def test_a_relay_lifting_the_next_pit_lifts_a_skipped_one() -> None:
    relay = "laps: {kind: relay, lift: next, when: {count: {min: 1}}}"
    boards = []
    for sowing in (f"{{{relay}}}", f"{{skip: {{pit: A3}}, {relay}}}"):
        st = start(sowing_spec("{ranks: 2, pits: 4, stores: beside}", "{A1: 1, A3: 3}", sowing=sowing,
                               scoring="scoring: {counts: [store]}"))
        st.apply_move("A1")
        boards.append([p["pits"] for p in st.snapshot()["players"]])
    assert boards[0] == boards[1]
    assert boards[1][0][2] == 0  # A3 was lifted


# --- repeated positions ---------------------------------------------------------------

REPEATING = """
name: T
board: {ranks: 2, pits: 1}
setup: {per_pit: 1}
scoring: {counts: [own_pits]}
%s
end:
  - {kind: repetition}
  - {kind: no_legal_move}
"""


def moves_until_repetition(extra: str) -> int:
    st = start(REPEATING % extra)
    n = 0
    while not st.is_terminal():
        st.apply_move("A1" if st.current_player() == 0 else "a1")
        n += 1
        assert n < 10
    assert st.end_reason == "repetition"
    return n


def test_marks_are_part_of_a_repeated_position() -> None:
    assert moves_until_repetition("") == 2  # back to the start
    # the mark set after the first move makes the start's counts a new position
    assert moves_until_repetition("marks:\n  seen: {meaning: seen, set_after_move: {last: true}}") == 3


def test_a_new_round_forgets_the_positions_and_does_not_record_its_first() -> None:
    spec = """
name: T
board: {ranks: 2, pits: 1, stores: beside}
setup: {per_pit: 1}
rounds: {next_player: first_player}
end:
  - {kind: repetition, remaining: to_owner}
"""
    st = start(spec)
    rounds = []
    while not st.is_terminal():
        st.apply_move("A1" if st.current_player() == 0 else "a1")
        rounds.append(st.round)
        assert len(rounds) < 10
    # the first round is back at its start after two moves; the second repeats only at its third
    assert rounds == [0, 1, 1, 1, 1] and st.end_reason == "repetition"


# --- the order of events --------------------------------------------------------------

def test_an_end_during_the_move_comes_before_the_lap_s_capture() -> None:
    spec = sowing_spec("{ranks: 2, pits: 3, stores: beside}", "{A1: 1, A2: 1}",
                       captures="[{name: c, when: {count: 2}, take: [landing]}]",
                       scoring="scoring: {counts: [store]}")
    st = start(spec)
    st.apply_move("A1")
    assert st.last_move_facts()["captured"] == 2  # without the end, the lap captures
    spec = spec.replace("  - {kind: no_legal_move}", "  - {kind: condition, when: {count: 2}, during_move: true}")
    st = start(spec)
    st.apply_move("A1")
    assert st.is_terminal() and st.end_reason == "condition"
    assert st.last_move_facts()["captured"] == 0


def test_the_marks_a_move_sets_are_seen_by_the_ends_after_it() -> None:
    spec = sowing_spec("{ranks: 2, pits: 3, stores: beside}", "{A1: 1, A2: 1}", scoring="scoring: {counts: [store]}",
                       extra="marks:\n  hit: {meaning: hit, set_after_move: {last: true}}")
    ends = spec.replace("  - {kind: no_legal_move}", "  - {kind: condition, when: {mark: hit}}")
    st = start(ends)
    st.apply_move("A1")
    assert st.is_terminal() and st.end_reason == "condition"


def test_an_end_condition_reads_a_fresh_move_on_the_last_pit() -> None:
    # tested on the pit where the move ended, but `last: true` does not hold there
    spec = sowing_spec("{ranks: 2, pits: 3, stores: beside}", "{A1: 1, A2: 1}", scoring="scoring: {counts: [store]}")
    for when, ends in (("{count: 2}", True), ("{last: true}", False)):
        st = start(spec.replace("  - {kind: no_legal_move}", f"  - {{kind: condition, when: {when}}}"))
        st.apply_move("A1")
        assert st.is_terminal() == ends, when


# --- the opening race -----------------------------------------------------------------

RACE = """
name: T
board: {ranks: 2, pits: 3, stores: beside}
setup: {per_pit: 2%s}
turn:
  moves:
    - from: {side: own, count: {min: 1}}
      direction: counterclockwise
opening: {kind: race}
marks:
  hit: {meaning: hit, set_after_move: {last: true}}
%s
end:
  - {kind: no_legal_move%s}
"""


@pytest.mark.parametrize("setup, extra, end, needs", [
    (", stock: 3", "", "", "no pieces in hand"),
    ("", "sowing: {laps: {kind: relay, lift: next}}", "", "lift: landing"),
    ("", "sowing: {first_into_origin: true}", "", "skips the origin as usual"),
    ("", "captures: [{name: c, when: {count: 3}, take: [landing], optional: true}]", "", "not optional"),
    ("", "", ", during_move: true", "no end condition checked in the middle of a move"),
])
def test_what_the_opening_race_refuses(setup: str, extra: str, end: str, needs: str) -> None:
    with pytest.raises(SpecError, match="the opening race plays both first moves step by step") as err:
        game(RACE % (setup, extra, end))
    assert needs in str(err.value)


def test_the_race_counts_as_one_move_and_sets_no_marks() -> None:
    st = start(RACE % ("", "", ""))
    st.apply_move("A1/a1")
    snap = st.snapshot()
    assert snap["moves_played"] == 1 and not snap.get("race")
    assert snap["marks"] == {"hit": []}
    st.apply_move(st.action_to_string(st.legal_actions()[0]))
    assert st.snapshot()["marks"]["hit"]  # the first ordinary move sets it


# --- several kinds of piece -----------------------------------------------------------

KINDS = """
name: T
board: {ranks: 2, pits: 3, stores: beside}
setup: {kinds: [{name: a}, {name: b, value: 2}], contents: {A1: {a: 1, b: 1}, A2: {a: 1}, A3: {b: 2}}%s}
turn:
  moves:
    - from: {side: own, count: {min: 1}}
      direction: counterclockwise
%s
end:
  - {kind: no_legal_move%s}
"""


@pytest.mark.parametrize("setup, extra, end, says", [
    ("", "sowing: {laps: {kind: relay}}", "", "relay sowing is not supported with several kinds"),
    ("", "captures: [{name: c, when: {count: 2}, take: [landing], to: removed}]", "",
     "captures anywhere but the store is not supported"),
    ("", "stages: [{name: s, captures: [{name: c, when: {count: 2}, take: [landing], to: removed}]}]", "",
     ":9:80: captures anywhere but the store is not supported"),
    (", stock: 2", "", "", "a stock is not supported"),
    ("", "", ", remaining: to_owner", "collecting the pieces left is not supported"),
    ("", "opening: {kind: race}", "", "one kind of piece"),
])
def test_what_several_kinds_of_piece_refuse(setup: str, extra: str, end: str, says: str) -> None:
    with pytest.raises(SpecError, match=says):
        game(KINDS % (setup, extra, end))


def test_several_kinds_of_piece_play_marks_skips_and_passing_captures() -> None:
    extra = ("sowing: {skip_origin: true, skip: {mark: m}, passing: [{name: p, when: {count: 9}}]}\n"
             "marks:\n  m: {meaning: m, set_after_move: {last: true}}")
    st = start(KINDS % ("", extra, ""))
    st.apply_move("A1")
    assert st.last_move_facts()["marks_set"] == {"m": ["A3"]}


def test_the_reference_includes_how_a_game_is_played() -> None:
    from rulespec.docgen import PLAY_PATH, reference

    text = reference()
    assert "[How a game is played](#how-a-game-is-played)" in text
    assert PLAY_PATH.read_text(encoding="utf-8") in text
    for head in ("Circuits on two, three and four ranks", "Next, previous, chains and relays",
                 "Repeated positions", "The order of events", "The opening race", "Several kinds of piece"):
        assert f"\n### {head}" in text
