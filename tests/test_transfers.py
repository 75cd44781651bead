"""Pieces moved by hand by an effect (`transfer`): stylised openings made of prescribed lifts
and placements, at the game's start and at each round's, and the checks that locate a
mistaken step. Played on the compiled engine and on its source run by Python."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.errors import SpecError

pytestmark = pytest.mark.usefixtures("each_engine")

PAIRS = """name: Pairs
board: {ranks: 2, pits: 6, stores: beside, notation: letters}
setup: {per_pit: 4}
effects:
  - on: game_start
    transfer:
      - {from: A, to: next}
      - {from: next, to: next, times: 5}
stages:
  - name: opening
    turn:
      moves: [{name: sow, from: {side: opponent, pit: F}}]
    until: {moves_played: 1}
  - name: play
turn: {no_move: pass}
sowing: {laps: {kind: relay}}
end: [{kind: no_legal_move}]
"""


def pits(st, player: int) -> list[int]:
    return st.snapshot()["players"][player]["pits"]


def test_counters_gathered_into_every_other_hole_before_the_first_move() -> None:
    game = rulespec.load_text(PAIRS, "pairs.yaml")
    st = game.new_initial_state()
    assert pits(st, 0) == [0, 8, 0, 8, 0, 8] and pits(st, 1) == [0, 8, 0, 8, 0, 8]
    assert [st.action_to_string(a) for a in st.legal_actions()] == ["f"]  # the last hole made eight
    st.apply_action(st.legal_actions()[0])
    assert sum(st.board) == 48 and st.stage == 1  # play


def test_the_player_who_moves_first_does_the_opening_from_their_side() -> None:
    game = rulespec.load_text(PAIRS.replace("setup: {per_pit: 4}", "setup: {per_pit: 4}\nturn: {first_player: north, no_move: pass}")
                              .replace("turn: {no_move: pass}\n", ""), "pairs.yaml")
    st = game.new_initial_state()
    assert st.to_move == 1
    assert pits(st, 1) == [0, 8, 0, 8, 0, 8]  # North's a into b, c into d ... South's E into F
    assert [st.action_to_string(a) for a in st.legal_actions()] == ["F"]


HELD = """name: Held
board: {ranks: 2, pits: 6, stores: beside, notation: letters}
setup: {per_pit: 4}
marks:
  weg: {meaning: a hole made by the opening, owned: true}
effects:
  - on: game_start
    transfer:
      - {from: F, take: 1, to: hand}
      - {from: next, take: 1, to: next, times: 6}
      - {from: hand, to: next, mark: weg}
end: [{kind: no_legal_move}]
"""


def test_a_counter_held_in_hand_and_dropped_last_marks_the_hole() -> None:
    st = rulespec.load_text(HELD, "held.yaml").new_initial_state()
    # one held from F; one from a into b, c into d, e into f, A into B, C into D, E into F;
    # the held one into a, which is marked South's weg
    assert pits(st, 0) == [3, 5, 3, 5, 3, 4] and pits(st, 1) == [4, 5, 3, 5, 3, 5]
    assert st.snapshot()["marks"] == {"weg:south": ["a"], "weg:north": []}
    assert sum(st.board) == 48


def test_both_players_and_pieces_to_the_store_and_off_the_board() -> None:
    text = HELD.replace("""    transfer:
      - {from: F, take: 1, to: hand}
      - {from: next, take: 1, to: next, times: 6}
      - {from: hand, to: next, mark: weg}""", """    of: both
    transfer:
      - {from: A, take: 3, to: store}
      - {from: {pit: A, side: opponent}, to: off}
      - {from: B, take: 2, to: opposite}""")
    st = rulespec.load_text(text, "both.yaml").new_initial_state()
    # South: 3 from A into South's store, all four of North's a off, 2 from B into e (facing
    # B); then North the same from North's side: nothing from a (emptied) into North's store,
    # South's last counter in A off, 2 from b into E
    snap = st.snapshot()
    assert pits(st, 0) == [0, 2, 4, 4, 6, 4] and pits(st, 1) == [0, 2, 4, 4, 6, 4]
    assert [p["store"] for p in snap["players"]] == [3, 0] and snap["removed"] == 5
    assert sum(st.board) + st.removed == 48


ROUNDS = """name: Opening each round
extends: galatjang
effects:
  - on: [game_start, round_start]
    transfer:
      - {from: F, take: 1, to: off}
"""


def test_the_opening_is_done_again_at_each_round_s_start() -> None:
    game = rulespec.load_text(ROUNDS, "rounds.yaml", rounds=4)
    st = game.new_initial_state()
    assert pits(st, 0)[5] == 6 and pits(st, 1)[5] == 7 and st.removed == 1
    new_rounds = 0
    for seed in range(3):
        st = game.new_initial_state()
        while not st.terminal and st.moves_played < 3000:
            actions = st.legal_actions()
            round_ = st.round
            st.apply_action(actions[(seed * 7 + st.moves_played) % len(actions)])
            if st.round != round_ and not st.terminal:
                new_rounds += 1
                starter = st.to_move
                assert pits(st, starter)[5] in (0, 6)  # filled with seven, one taken off
                assert st.removed == st.round + 1
    assert new_rounds >= 1


@pytest.mark.parametrize("steps, where, message", [
    ("[{from: next, to: A}]", ":7:", "no step touched a pit before this one"),
    ("[{from: A, to: hand}]", ":7:", "pieces are left in hand"),
    ("[{from: A, to: next, mark: wegg}]", ":7:", "undeclared mark 'wegg'"),
    ("[{from: A, to: store}]", ":7:", "the board has no stores"),
    ("[{from: A, to: hand}, {from: hand, take: 2, to: B}]", ":7:", "from the hand every piece held is put"),
    ("[{from: G, to: B}]", ":7:", "unknown pit 'G'"),
    ("[{from: opposite, to: B}]", ":7:", "from: opposite is not allowed here"),
    ("[{from: A, to: next, times: 200}, {from: next, to: next, times: 100}]", ":7:", "at most 256 steps"),
    ("[{from: store, to: next}]", ":7:", "`next` is reckoned from the pit the pieces came from"),
    ("[{from: A, to: off, mark: weg}]", ":7:", "`to: off` is no pit"),
])
def test_a_mistaken_step_is_located(steps: str, where: str, message: str) -> None:
    text = f"""name: Bad
board: {{ranks: 2, pits: 6, notation: letters}}
setup: {{per_pit: 4}}
effects:
  - on: game_start
    transfer:
      {steps}
end: [{{kind: no_legal_move}}]
scoring: {{counts: [own_pits]}}
"""
    with pytest.raises(SpecError) as error:
        rulespec.load_text(text, "bad.yaml")
    assert "bad.yaml" + where in str(error.value) and message in str(error.value)


def test_the_rulebook_says_the_opening_step_by_step_with_the_board_it_leads_to() -> None:
    from rulespec.book import render_book

    book = render_book(rulespec.load_text(HELD, "held.yaml"))
    opening = book.markdown.split("## 2. Before the first move")[1].split("\n## ")[0]
    assert "1. Take one seed from your pit F and hold it in your hand." in opening
    assert ("2. Then do this six times, each time going on round the board from the last pit used: take one "
            "seed from the next pit and put it into the pit after it.") in opening
    assert "3. Put the seed in your hand into the next pit; that pit is marked **weg**." in opening
    assert "held-opened.svg" in opening and "held-opened.svg" in book.figures
    assert ">4<" in book.figures["held-initial.svg"] and ">5<" not in book.figures["held-initial.svg"]
