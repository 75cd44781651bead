"""The OpenSpiel-style API, including moves made of several decisions."""
from __future__ import annotations

import re

import json

import pytest

import rulespec
from engines import ENGINES, run_on
from rulespec import IllegalActionError, NotationError
from rulespec.interpreter import PositionError
from rulespec.interpreter.notation import parse_move

CHOICE = """\
name: Choice test
board: {ranks: 2, pits: 4, stores: beside, notation: row-number}
setup: {per_pit: 2}
turn:
  moves: [{name: sow, direction: choice}]
captures:
  - name: pick
    when: {side: opponent, count: 3}
    take: [landing, {choose: {count: 1, from: {side: opponent, count: {min: 1}}}}]
    to: store
end:
  - {kind: side_empty, player: next, remaining: to_owner}
"""


@pytest.fixture()
def game():
    return rulespec.load_text(CHOICE, "choice.yaml")


def test_a_move_of_several_decisions(game) -> None:
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 3]
    state.apply_action(state.string_to_action("A4"))
    assert state.current_player() == 0 and state.pending_request().kind == "direction"
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["<", ">"]
    state.apply_action(state.string_to_action(">"))  # on round the corner: a1 and a2 get 3
    assert state.pending_request().kind == "pit"
    picks = [state.action_to_string(a) for a in state.legal_actions()]
    assert picks == ["a1", "a3", "a4"], "a2 is already taken"
    state.apply_action(state.string_to_action("a3"))
    snap = state.snapshot()
    assert snap["to_move"] == 1
    assert snap["players"][0]["store"] == 3 + 2
    assert snap["players"][1]["pits"] == [3, 0, 0, 2]


def test_pending_move_snapshot_clone_and_restore(game) -> None:
    state = game.new_initial_state()
    for action in parse_move(state, "A4>"):
        state.apply_action(action)
    snap = state.snapshot()
    assert snap["pending"]["decisions"] == ["A4", ">"]
    assert snap["pending"]["position"]["players"][0]["pits"] == [2, 2, 2, 2]
    twin = state.clone()
    restored = game.state_from_snapshot(json.loads(json.dumps(snap)))
    assert restored.legal_actions() == state.legal_actions()
    state.apply_action(state.legal_actions()[0])
    assert twin.snapshot() == snap, "the clone did not move"
    restored.apply_action(restored.legal_actions()[0])
    assert restored.snapshot() == state.snapshot()


def test_illegal_decision_mid_move_changes_nothing(game) -> None:
    state = game.new_initial_state()
    state.apply_action(3)
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=r"illegal action 0: not legal for South here; legal: >, <"):
        state.apply_action(0)
    assert state.snapshot() == before


def test_string_to_action_names_the_legal_moves(game) -> None:
    state = game.new_initial_state()
    with pytest.raises(NotationError, match=r"'A9' is not a legal move here; legal: A1, A2, A3, A4"):
        state.string_to_action("A9")


def test_openspiel_style_player_arguments() -> None:
    state = rulespec.load("oware").new_initial_state()
    assert state.action_to_string(0, 2) == "C"
    assert state.string_to_action(0, "C") == 2
    assert state.legal_actions(1) == []


def test_terminal_state_rejects_actions() -> None:
    game = rulespec.load("kalah")
    state = game.state_from_snapshot({"to_move": 0, "players": [
        {"pits": [0, 0, 0, 0, 0, 1], "store": 20}, {"pits": [3, 0, 0, 2, 0, 1], "store": 21}]})
    state.apply_action(5)
    assert state.is_terminal() and state.current_player() == -4
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(0)


@pytest.mark.parametrize("snap,message", [
    ({"players": [{"pits": [4] * 5}, {"pits": [4] * 6}]}, "players[0].pits has 5 counts"),
    ({"players": [{"pits": [4] * 6}, {"pits": [4] * 6, "store": 1}]}, "holds 49 pieces"),
    ({"players": [{"pits": [4] * 6}]}, "list both players, South's entry first, then North's"),
    ({"players": [{"pits": [4] * 6}, {}], "store": 3}, "'store' is about one player"),
    ({"players": [{"pits": [4] * 6, "stor": 3}, {}]}, "unknown key 'stor' at players.0 (did you mean 'store'?)"),
    ({"players": [{}, {}], "to_mvoe": 1}, "unknown key 'to_mvoe' at the top level (did you mean 'to_move'?)"),
    ({"players": [{"pits": [4] * 6}, {"pits": [4] * 6}], "stage": "endgame"}, "unknown stage 'endgame'"),
])
def test_bad_positions_are_explained(snap: dict, message: str) -> None:
    with pytest.raises(PositionError, match=re.escape(message)):
        rulespec.load("oware").state_from_snapshot(snap)


def test_history_and_move_number() -> None:
    state = rulespec.load("kalah").new_initial_state()
    state.apply_action(2)  # ends in the store: South again
    state.apply_action(0)
    assert state.history() == [2, 0] and state.move_number() == 2


def test_unknown_variant_and_parameter_errors() -> None:
    with pytest.raises(rulespec.UnknownVariantError, match="did you mean 'kalah'"):
        rulespec.load("kalha")
    with pytest.raises(rulespec.ParameterError, match="unknown parameter 'seed' .*did you mean 'seeds'"):
        rulespec.load("oware", seed=3)


@pytest.mark.parametrize("engine", ENGINES)
def test_whole_moves_in_notation_and_the_facts_of_the_last_move(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run_on(engine, monkeypatch)
    game = rulespec.load("bao-la-kiswahili")
    state = game.new_initial_state()
    assert state.move_to_string() == "" and state.last_move_facts() is None
    for move, written in [("A7<", "A7<*"), ("a5<", "a5<"), ("A6<*", "A6<*"), ("a6<", "a6<")]:
        state.apply_move(move)
        assert state.move_to_string() == written
    actions = rulespec.parse_move(state, "A4>")
    assert actions[0] == state.string_to_action("A4") and actions == rulespec.parse_move(state, "A4>-")
    with pytest.raises(rulespec.NotationError, match="'A4>x'"):
        state.apply_move("A4>x")
    assert state.current_player() == 0 and state.pending_request() is None, "untouched"
    # The spec's example: the harvest of a5 (7) sown from the right kichwa ends in A2, a kimbi:
    # a7 (2) is harvested from the left kichwa; the move ends in the nyumba, stopped (no +).
    state.apply_move("A4>")
    assert state.move_to_string() == "A4>", "the nyumba's default stop is not written"
    facts = state.last_move_facts()
    assert facts == {
        "player": 0, "kind": "harvest", "from": "A4", "direction": "cw", "lifted": 1, "laps": 4, "last": "A5",
        "captured": 9, "captures": [{"pit": "a5", "pieces": 7}, {"pit": "a7", "pieces": 2}],
        "rules": ["harvest", "harvest"], "stop": "stopped by the mover", "move": "A4>",
        "marks_set": {"owned": [], "blocked": []}, "marks_cleared": {"owned": ["a5"], "blocked": []}}


def test_the_facts_of_a_capture_of_several_kinds_in_the_order_taken() -> None:
    game = rulespec.load("glass-bead-game")
    state = game.state_from_snapshot({"to_move": 0, "players": [
        {"contents": [{"stone": 1, "gem1": 1}, {"stone": 1, "gem2": 1}, {"stone": 1, "gem3": 1},
                      {"stone": 1, "gem5": 1}, {"stone": 2}]},
        {"contents": [{"gem4": 1}, {"gem2": 1}, {"stone": 1, "gem3": 1}, {"stone": 1, "gem4": 1},
                      {"stone": 2, "gem5": 1, "gem1": 1}]}]})
    state.apply_move("E00")
    facts = state.last_move_facts()
    assert facts["captures"] == [{"pit": "b", "pieces": 1, "kinds": {"gem2": 1}},
                                 {"pit": "a", "pieces": 1, "kinds": {"gem4": 1}}]
    assert facts["rules"] == ["direct capture"] and facts["stop"] == "a capture"


@pytest.mark.parametrize("engine", ENGINES)
def test_the_last_move_facts_list_captures_made_while_a_lap_passes(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pallanguli's pasu (a cup sown to four is taken at once) was missing from the facts:
    `captured` counted it, `captures` and `rules` did not."""
    import random

    run_on(engine, monkeypatch)
    game = rulespec.load("pallanguli")
    rng = random.Random(0)
    for _ in range(50):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            facts = state.last_move_facts() if state.pending_request() is None else None
            if facts and "pasu" in facts["rules"]:
                pasu = facts["rules"].count("pasu")
                assert len(facts["captures"]) >= pasu
                mover_took = sum(c["pieces"] for c in facts["captures"])
                assert mover_took >= facts["captured"] and 4 * pasu <= mover_took
                return
    raise AssertionError("no pasu in 50 random games")


def test_a_finished_game_says_why_in_words() -> None:
    """Results said 'North wins (condition)': every kind of end has a phrase of its own."""
    import random
    import typing

    from rulespec.models.end import END_REASONS, EndCondition

    union = typing.get_args(typing.get_args(EndCondition)[0])
    kinds = {typing.get_args(model.model_fields["kind"].annotation)[0] for model in union}
    assert kinds == set(END_REASONS)
    game, rng = rulespec.load("kalah"), random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert str(state).splitlines()[-1] == f"result: South wins ({END_REASONS[state.end_reason]})"
