"""Three ranks: a middle row shared or owned half by each player, middle pits named in specs,
the same-column relation (condition `column`, selector `opponent_column`) and `then: carry`."""
from __future__ import annotations

import json
import random

import pytest

import rulespec
from rulespec.errors import SpecError
from rulespec.summary import summary

SPLIT = """
name: Split middle
board: {ranks: 3, pits: 4, middle: right_half, stores: beside}
setup: {per_pit: 2, pits: {M3: 5}}
sowing: {laps: {kind: relay}}
captures:
  - name: column
    when: {side: own, count: 1, column: {side: opponent, count: {min: 1}}}
    take: [opponent_column]
    then: carry
end: [{kind: side_empty, remaining: to_owner}]
"""


def test_each_player_owns_the_middle_half_on_their_right():
    game = rulespec.load_text(SPLIT)
    geo = game.geo
    assert [geo.label[q] for q in geo.own[0]] == ["A1", "A2", "A3", "A4", "M4", "M3"]
    assert [geo.label[q] for q in geo.own[1]] == ["a1", "a2", "a3", "a4", "m4", "m3"]
    loop = geo.circuit(0, "all", 0, own_store=False, opponent_store=False)
    assert [geo.label[q] for q in loop] == ["A1", "A2", "A3", "A4", "M4", "M3", "m3", "m4", "a4", "a3", "a2", "a1"]
    assert game.initial_board[geo.by_label["M3"]] == game.initial_board[geo.by_label["m3"]] == 5
    assert [geo.label[q] for q in geo.column[geo.by_label["A1"]]] == ["m4", "a4"]
    snap = game.new_initial_state().snapshot()
    assert "shared" not in snap and snap["players"][0]["pits"] == [2, 2, 2, 2, 2, 5]
    assert "m|M" in str(game.new_initial_state())


def test_captures_down_the_column_and_the_capturing_piece_goes_on():
    game = rulespec.load_text(SPLIT)
    st = game.state_from_snapshot({"to_move": 0, "players": [
        {"pits": [1, 0, 0, 0, 0, 0], "store": 14}, {"pits": [1, 0, 0, 0, 0, 3], "store": 11}]})
    # A1's seed falls into the empty A2 (left half): North's m3 (3) and a3 (0) share its column.
    # The capturing seed goes on into A3 (right half: South's own M3 above it, North's a2 empty):
    # nothing to take there, so the move ends.
    st.apply_move("A1")
    facts = st.last_move_facts()
    assert facts["captures"] == [{"pit": "m3", "pieces": 3}] and facts["last"] == "A3"
    assert st.snapshot()["players"][0]["pits"] == [0, 0, 1, 0, 0, 0]


def test_middle_pits_are_named_in_specs():
    shared = rulespec.load_text("""
name: Shared middle
board: {ranks: 3, pits: 5, stores: beside}
setup: {per_pit: 2, pits: {M3: 4}}
captures: [{name: centre, when: {pit: M3, count: {min: 2}}, take: [landing]}]
end: [{kind: side_empty}]
""")
    assert shared.initial_board[shared.geo.by_label["M3"]] == 4 and shared.total_pieces == 32
    with pytest.raises(SpecError) as err:
        rulespec.load_text(SPLIT.replace("pits: {M3: 5}", "pits: {M1: 5}"))
    assert "unknown pit 'M1'" in str(err.value)


@pytest.mark.parametrize("board, message", [
    ("{ranks: 2, pits: 4, middle: right_half}", "3 ranks"),
    ("{ranks: 3, pits: 5, middle: left_half}", "even number"),
])
def test_a_split_middle_needs_three_ranks_of_an_even_number_of_pits(board, message):
    with pytest.raises(SpecError, match=message):
        rulespec.load_text(f"name: Bad\nboard: {board}\nsetup: {{per_pit: 2}}\nend: [{{kind: side_empty}}]\n")


SPLIT_MOST = SPLIT.replace("then: carry", "then: carry\n    most: 2")
SHARED = SPLIT.replace("middle: right_half", "middle: shared").replace("{M3: 5}", "{M1: 5}").replace(
    "when: {side: own,", "when: {not: {side: opponent},")
"""(shared middle pits are nobody's: the capture may land there too)"""


@pytest.mark.parametrize("text", [SPLIT, SPLIT_MOST, SHARED], ids=["carry", "most", "shared"])
def test_the_engine_plays_column_captures_alike_compiled_and_interpreted(text):
    """`column`, `opponent_column`, `then: carry` and `most` in the engine and in its whole
    games: whole games replay on the state API, compiled and interpreted alike, and the column
    capture fires in them."""
    from engines import compiled_and_interpreted, replay

    from rulespec.interpreter import native

    game, interpreted = compiled_and_interpreted(lambda: rulespec.load_text(text))
    assert "engine: native code (moves, whole games and the solver)" in summary(game)
    result = native.playouts(game, 15, seed=2, lengths=True, record=True)
    replay(rulespec.load_text(text), result)
    fired = 0
    for record in result["records"][:5]:
        a, b = game.new_initial_state(), interpreted.new_initial_state()
        for action in record:
            a.apply_action(action)
            b.apply_action(action)
            assert a.snapshot() == b.snapshot() and a.last_move_facts() == b.last_move_facts()
            fired += "column" in b.last_move.fired
    assert fired


def test_random_split_games_conserve_pieces_and_snapshots_replay():
    game = rulespec.load_text(SPLIT)
    rng = random.Random(3)
    for _ in range(10):
        st = game.new_initial_state()
        while not st.is_terminal():
            snap = st.snapshot()
            a = rng.choice(st.legal_actions())
            st.apply_action(a)
            back = game.state_from_snapshot(json.loads(json.dumps(snap)))
            back.apply_action(a)
            assert back.snapshot() == st.snapshot()
        s = st.snapshot()
        assert sum(sum(p["pits"]) + p["store"] for p in s["players"]) == game.total_pieces


def test_column_about_a_store_is_false_on_every_path():
    """A store is in no column (the reference: `column` holds for some other pit in the
    subject's column), so `column` tested on a store is false (a store's column is empty),
    compiled and interpreted. Kalah's another turn written as "the last seed
    landed where no other pit shares the column": in the store."""
    from pathlib import Path

    from engines import compiled_and_interpreted

    text = (Path(__file__).parent.parent / "variants" / "kalah.yaml").read_text()
    changed = text.replace("extra_turn: {store: true, side: own}", "extra_turn: {not: {column: {}}}")
    assert changed != text
    games = compiled_and_interpreted(lambda: rulespec.load_text(changed, "k.yaml"))
    states = [game.new_initial_state() for game in games]
    for state in states:
        state.apply_action(state.string_to_action("C"))  # four seeds from C: the last into the store
        assert state.current_player() == 0, "another turn"
        state.apply_action(state.string_to_action("A"))  # the last into E, which has a column
        assert state.current_player() == 1
    assert states[0].board == states[1].board
