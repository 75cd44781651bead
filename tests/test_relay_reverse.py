"""`laps.reverse`: each relay lap is sown the other way from the lap before ("the contents of
this hole are picked up and sowing continues in the opposite direction"). Played on the
compiled engine and on its source run by Python (RULESPEC_PURE=1).

Two rows of four pits, stores beside; anticlockwise South sows A B C D a b c d."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.book import render_book
from rulespec.errors import SpecError
from test_capture_where import after

pytestmark = pytest.mark.usefixtures("each_engine")


def game(laps: str = "{kind: relay, reverse: true}", extra: str = ""):
    return rulespec.load_text(f"""name: Test
board: {{pits: 4, stores: beside, notation: letters}}
setup: {{per_pit: 3}}
turn: {{moves: [{{direction: choice}}]}}
sowing: {{laps: {laps}}}
{extra}end: [{{kind: move_limit, moves: 50}}]
""", "test.yaml")


def test_each_relay_lap_turns_back() -> None:
    # B's two go into C and D (1 -> 2): D's two go back into C (1 -> 2) and B (0 -> 1), the
    # empty B: the move ends there, two laps.
    st = after(game(), [0, 2, 0, 1], [0, 0, 0, 0], "B>")
    assert st.board[:8] == [0, 1, 2, 0, 0, 0, 0, 0]
    facts = st.last_move_facts()
    assert facts["laps"] == 2 and facts["direction"] == "cw"


def test_a_relay_turns_back_every_time() -> None:
    # D's one goes into a (1 -> 2); a's two go back into D (0 -> 1) and C (1 -> 2); C's two go
    # on again the first way, into D (1 -> 2) and a (0 -> 1): a was empty, three laps.
    st = after(game(), [0, 0, 1, 1], [1, 0, 0, 0], "D>")
    assert st.board[:8] == [0, 0, 0, 2, 1, 0, 0, 0]
    assert st.last_move_facts()["laps"] == 3
    # the same move without reverse goes on anticlockwise: a's two into b and c
    st = after(game("{kind: relay}"), [0, 0, 1, 1], [1, 0, 0, 0], "D>")
    assert st.board[:8] == [0, 0, 1, 0, 0, 1, 1, 0]


@pytest.mark.parametrize("laps, message", [
    ("{kind: single, reverse: true}", "reverse turns each relay lap back from the landing pit it lifts: it needs "
                                      "kind: relay and lift: landing"),
    ("{kind: relay, lift: next, reverse: true}", "reverse turns each relay lap back"),
])
def test_reverse_needs_relays_of_the_landing_pit(laps: str, message: str) -> None:
    with pytest.raises(SpecError, match=rf"test\.yaml:5:\d+: {message}"):
        game(laps)


def test_the_opening_race_refuses_relays_that_turn_back() -> None:
    with pytest.raises(SpecError, match=r"relay laps that go on in the same direction \(no reverse\)"):
        game("{kind: relay, reverse: true}", extra="opening: {kind: race}\n").new_initial_state()


def test_the_rulebook_says_the_lap_turns_back() -> None:
    assert "sow them back the other way round" in render_book(game()).markdown
    assert "sow them back the other way round" not in render_book(game("{kind: relay}")).markdown
