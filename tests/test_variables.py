"""Variables kept beside the board, the effects that change them and the `variable` condition:
a direction each player chooses on their first move and keeps, a move allowed once, a round
counter. Played through the public API on the compiled engine and on its source run by Python
(RULESPEC_PURE=1)."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.errors import SpecError
from rulespec.interpreter.snapshot import PositionError

pytestmark = pytest.mark.usefixtures("each_engine")

KEPT = """name: Kept direction
board: {pits: 4, stores: beside}
setup: {per_pit: 3}
variables:
  way:
    meaning: sowing direction
    per: player
    values: [free, counterclockwise, clockwise]
effects:
  - {when: {direction: counterclockwise}, set: {way: counterclockwise}}
  - {when: {direction: clockwise}, set: {way: clockwise}}
turn:
  offer: all
  moves:
    - name: left
      direction: counterclockwise
      from: {side: own, count: {min: 1}, variable: {name: way, is: [free, counterclockwise]}}
    - name: right
      direction: clockwise
      from: {side: own, count: {min: 1}, variable: {name: way, is: [free, clockwise]}}
end: [{kind: move_limit, moves: 40}]
"""


WAY = {"ccw": "counterclockwise", "cw": "clockwise"}
"""The last move's facts write a direction short."""


def directions(st) -> list[str]:
    """The directions the player to move may sow their first pit in (a decision after the pit
    where both are open; none asked where one is)."""
    probe = st.clone()
    probe.apply_action(probe.legal_actions()[0])
    return [probe.action_to_string(a) for a in probe.legal_actions()] if probe.pending_request() else []


def test_each_player_keeps_the_direction_of_their_first_move() -> None:
    game = rulespec.load_text(KEPT, "kept.yaml")
    st = game.new_initial_state()
    assert st.variables == {"way": ["free", "free"]}
    assert len(directions(st)) == 2
    st.apply_action(st.legal_actions()[0])
    st.apply_action(st.legal_actions()[0])  # the first direction offered
    south = st.variables["way"][0]
    assert south in ("clockwise", "counterclockwise") and st.variables["way"][1] == "free"
    assert len(directions(st)) == 2  # North has not chosen yet
    st.apply_action(st.legal_actions()[0])
    st.apply_action(st.legal_actions()[1])  # the other one
    north = st.variables["way"][1]
    assert north in ("clockwise", "counterclockwise") and north != south
    for _ in range(6):  # no direction is asked again: each plays their own
        assert directions(st) == [] and st.to_move in (0, 1)
        before = st.clone()
        st.apply_action(st.legal_actions()[0])
        assert WAY[st.last_move_facts()["direction"]] == (south if before.to_move == 0 else north)
    assert st.variables == {"way": [south, north]}


def test_a_snapshot_keeps_the_variables_and_plays_on_alike() -> None:
    game = rulespec.load_text(KEPT, "kept.yaml")
    st = game.new_initial_state()
    st.apply_action(st.legal_actions()[0])
    st.apply_action(st.legal_actions()[0])
    snap = st.snapshot()
    assert snap["variables"] == st.variables and snap["variables"]["way"][1] == "free"
    again = game.state_from_snapshot(snap)
    assert again.variables == st.variables and again.legal_actions() == st.legal_actions()
    snap["variables"] = {"way": ["free", "clockwise"]}
    other = game.state_from_snapshot(snap)
    assert directions(other) == []  # North, to move, keeps clockwise
    other.apply_action(other.legal_actions()[0])
    assert WAY[other.last_move_facts()["direction"]] == "clockwise"
    with pytest.raises(PositionError, match="no value of this variable"):
        game.state_from_snapshot({**snap, "variables": {"way": ["up", "free"]}})
    with pytest.raises(PositionError, match="unknown variable 'wya'"):
        game.state_from_snapshot({**snap, "variables": {"wya": 1}})


def test_the_variables_make_positions_differ_for_repetition() -> None:
    game = rulespec.load_text(KEPT, "kept.yaml")
    st = game.new_initial_state()
    same = game.new_initial_state()
    assert st.position_key() == same.position_key()
    snap = st.snapshot()
    snap["variables"] = {"way": ["clockwise", "free"]}
    assert game.state_from_snapshot(snap).position_key() != st.position_key()


ONCE = """name: Once
board: {pits: 3, stores: beside}
setup: {per_pit: 2}
variables:
  reversed: {meaning: count of backward moves, per: player}
  captures: {meaning: number of captures made}
effects:
  - {when: {move_kind: back}, set: {reversed: 1}}
  - {when: {captured: true}, add: {captures: 1}}
turn:
  offer: all
  moves:
    - {name: sow}
    - name: back
      direction: clockwise
      from: {side: own, count: {min: 1}, variable: {name: reversed, is: 0}}
captures:
  - {name: pair, when: {side: opponent, count: [2, 3]}, take: [landing]}
end:
  - {kind: condition, when: {variable: {name: captures, count: {min: 2}}}, result: by_score}
  - {kind: move_limit, moves: 60}
"""


def test_a_move_allowed_once_per_player_and_a_counter_the_end_reads() -> None:
    game = rulespec.load_text(ONCE, "once.yaml")
    ended_by_captures = 0
    for seed in range(8):
        st = game.new_initial_state()
        backs = [0, 0]
        captures = 0
        while not st.terminal:
            mover = st.to_move
            st.apply_action(st.legal_actions()[(seed + st.moves_played) % len(st.legal_actions())])
            while st.pending_request() is not None:
                options = st.legal_actions()
                st.apply_action(options[(seed // 2 + st.moves_played) % len(options)])
            facts = st.last_move_facts()
            backs[mover] += facts["kind"] == "back"
            captures += facts["captured"] > 0
            assert st.variables["reversed"] == backs  # once each, and never again
            assert st.variables["captures"] == min(captures, 2)
        ended_by_captures += st.end_reason == "condition"
        assert st.end_reason == ("condition" if captures >= 2 else "move_limit") or st.end_reason == "no_legal_move"
    assert ended_by_captures >= 4


def test_unknown_variables_and_values_are_located_errors() -> None:
    bad = KEPT.replace("variable: {name: way, is: [free, clockwise]}", "variable: {name: wya, is: [free, clockwise]}")
    with pytest.raises(SpecError) as error:
        rulespec.load_text(bad, "kept.yaml")
    assert "kept.yaml:20:59:" in str(error.value) and "unknown variable 'wya' (did you mean 'way'?)" in str(error.value)
    bad = KEPT.replace("set: {way: clockwise}", "set: {way: clockwize}")
    with pytest.raises(SpecError) as error:
        rulespec.load_text(bad, "kept.yaml")
    assert "kept.yaml:11:" in str(error.value) and "'clockwize' is no value" in str(error.value)
    assert "did you mean 'clockwise'?" in str(error.value)
    bad = KEPT.replace("  - {when: {direction: clockwise}, set: {way: clockwise}}",
                       "  - {on: round_start, set: {way: clockwise}}")
    with pytest.raises(SpecError, match="round_start happens only in a game of rounds"):
        rulespec.load_text(bad, "kept.yaml")


def test_the_solver_searches_a_game_with_variables_over_states() -> None:
    """The engine's solver leaves variables out of its keys, so it refuses such a game; the
    search over states (whose keys hold them) solves it."""
    from rulespec.solve import solve

    game = rulespec.load_text(KEPT.replace("moves: 40", "moves: 3"), "kept.yaml")
    with pytest.raises(ValueError, match="variables"):
        solve(game, engine="native")
    assert solve(game).engine == "python"


ROUNDS = """name: Counted rounds
extends: galatjang
variables:
  begun: {meaning: number of rounds begun after the first}
  seen: {meaning: number of new rounds seen, per: player}
effects:
  - {on: round_start, add: {begun: 1}}
  - {on: round_start, of: both, add: {seen: 1}}
"""


def test_effects_on_a_round_s_start_count_the_rounds() -> None:
    game = rulespec.load_text(ROUNDS, "rounds.yaml", rounds=4)
    rounds_seen = 0
    for seed in range(3):
        st = game.new_initial_state()
        while not st.terminal and st.moves_played < 3000:
            actions = st.legal_actions()
            st.apply_action(actions[(seed * 5 + st.moves_played) % len(actions)])
            assert st.variables["begun"] == st.round
            assert st.variables["seen"] == [st.round, st.round]
        rounds_seen = max(rounds_seen, st.round)
    assert rounds_seen >= 1  # new rounds began in these games
