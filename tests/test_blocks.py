"""One small hand-written spec per rule block and option, each with a position where that
block decides the outcome, asserting the exact resulting position.

Unless a test says otherwise the board is 2 ranks of 3 pits with stores beside, 2 pieces per
pit (12 in all). Pits in action order: South A1 A2 A3 (from South's left), North a1 a2 a3
(from North's left). Counter-clockwise, both players sow A1 A2 A3 a1 a2 a3 A1 ...; the pits
facing each other are A1-a3, A2-a2, A3-a1.
"""
from __future__ import annotations

import textwrap
from typing import Any

import pytest

import rulespec
from rulespec import ParameterError

BOARD = "{pits: 3, stores: beside}"
SETUP = "{per_pit: 2}"
END = "[{kind: move_limit, moves: 100}]"
SOUTH_WINS, NORTH_WINS, DRAW = [1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]
ORDER = ["parameters", "board", "setup", "turn", "sowing", "captures", "obligations", "marks",
         "stages", "end", "scoring"]


def spec_text(**blocks: str | None) -> str:
    """A spec named Test from YAML snippets, one per top-level block (None leaves it out)."""
    blocks = {"board": BOARD, "setup": SETUP, "end": END, **blocks}
    lines = ["name: Test"]
    for key in ORDER + [k for k in blocks if k not in ORDER]:
        value = blocks.get(key)
        if value is None:
            continue
        value = textwrap.dedent(value).strip()
        if "\n" in value:
            lines.append(f"{key}:")
            lines += ["  " + line for line in value.splitlines()]
        else:
            lines.append(f"{key}: {value}")
    return "\n".join(lines) + "\n"


def make(values: dict[str, Any] | None = None, **blocks: str | None) -> Any:
    return rulespec.load_text(spec_text(**blocks), "test.yaml", **(values or {}))


def position(south: list[int], north: list[int], *, to_move: int = 0, stores: tuple[int, int] = (0, 0),
             hands: tuple[int, int] = (0, 0), **extra: Any) -> dict[str, Any]:
    return {
        "players": [{"pits": south, "store": stores[0], "hand": hands[0]},
                    {"pits": north, "store": stores[1], "hand": hands[1]}],
        "to_move": to_move,
        **extra,
    }


def play(game: Any, pos: dict[str, Any] | None, *moves: str) -> Any:
    """The state after `moves` (action strings, one decision each) from `pos`."""
    st = game.new_initial_state() if pos is None else game.state_from_snapshot(pos)
    for move in moves:
        st.apply_action(st.string_to_action(move))
    return st


def outcome(st: Any) -> dict[str, Any]:
    snap = st.snapshot()
    out = {
        "S": snap["players"][0]["pits"],
        "N": snap["players"][1]["pits"],
        "stores": [p["store"] for p in snap["players"]],
        "hands": [p["hand"] for p in snap["players"]],
        "removed": snap["removed"],
        "to_move": snap["to_move"],
        "terminal": snap["terminal"],
        "returns": snap.get("returns"),
    }
    if "shared" in snap:
        out["shared"] = snap["shared"]
    return out


def expect(south: list[int], north: list[int], *, stores: tuple[int, int] = (0, 0), to_move: int | None = 1,
           hands: tuple[int, int] = (0, 0), removed: int = 0, returns: list[float] | None = None,
           shared: list[int] | None = None) -> dict[str, Any]:
    """The expected outcome; a game with `returns` is over (and nobody is to move)."""
    out = {
        "S": south, "N": north, "stores": list(stores), "hands": list(hands), "removed": removed,
        "to_move": None if returns is not None else to_move,
        "terminal": returns is not None, "returns": returns,
    }
    if shared is not None:
        out["shared"] = shared
    return out


def legal(st: Any) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


# --- board ---------------------------------------------------------------------------------


def test_board_two_ranks_row_number_notation() -> None:
    game = make()
    st = play(game, None)
    assert legal(st) == ["A1", "A2", "A3"]
    play_on = play(game, None, "A3")
    assert outcome(play_on) == expect([2, 2, 0], [3, 3, 2])
    assert legal(play_on) == ["a1", "a2", "a3"]


def test_board_two_ranks_letters_notation() -> None:
    game = make(board="{pits: 3, stores: beside, notation: letters}")
    st = play(game, None)
    assert legal(st) == ["A", "B", "C"]
    st = play(game, None, "C")
    assert outcome(st) == expect([2, 2, 0], [3, 3, 2])
    assert legal(st) == ["a", "b", "c"]


def test_board_row_labels_name_the_rows() -> None:
    game = make(board="{pits: 3, stores: beside, row_labels: {front: [X, y]}}")
    st = play(game, None, "X2")
    assert outcome(st) == expect([2, 0, 3], [3, 2, 2])
    assert legal(st) == ["y1", "y2", "y3"]


def test_board_row_labels_for_one_row_keep_the_other_defaults() -> None:
    game = make(board="{ranks: 4, pits: 2, stores: beside, row_labels: {front: [X, y]}}", setup="{per_pit: 1}")
    assert legal(play(game, None)) == ["B1", "B2", "X2", "X1"]


def test_board_three_ranks_middle_row_is_shared() -> None:
    game = make(board="{ranks: 3, pits: 3, stores: beside}", setup="{per_pit: 1}")
    assert outcome(play(game, None)) == expect([1, 1, 1], [1, 1, 1], to_move=0, shared=[1, 1, 1])
    # From South's right end the hand goes up into the middle row and along it leftwards.
    st = play(game, position([0, 0, 3], [1, 1, 1], shared=[1, 1, 1]), "A3")
    assert outcome(st) == expect([0, 0, 0], [1, 1, 1], shared=[2, 2, 2])


def test_board_three_ranks_north_sows_into_the_middle_row_too() -> None:
    game = make(board="{ranks: 3, pits: 3, stores: beside}", setup="{per_pit: 1}")
    # The mirror image of South's A3 (3) -> M3, M2, M1: North's a3 is at South's left end,
    # next to M1.
    st = play(game, position([1, 1, 1], [0, 0, 3], shared=[1, 1, 1], to_move=1), "a3")
    assert outcome(st) == expect([1, 1, 1], [0, 0, 0], shared=[2, 2, 2], to_move=0)


@pytest.mark.parametrize("board", ["{ranks: 4, pits: 3, stores: beside}",
                                   "{ranks: 4, pits: 3, stores: beside, circuit: own}"])
def test_board_four_ranks_circuit_own(board: str) -> None:
    game = make(board=board, setup="{per_pit: 1}")
    # Own pits in action order: back row from the left, then the front row from the right.
    assert legal(play(game, None)) == ["B1", "B2", "B3", "A3", "A2", "A1"]
    st = play(game, position([1, 1, 1, 1, 0, 2], [1] * 6), "A1")
    assert outcome(st) == expect([2, 2, 1, 1, 0, 0], [1] * 6)


def test_board_circuit_all_crosses_to_the_opponent() -> None:
    game = make(board="{pits: 3, stores: beside, circuit: all}")
    st = play(game, position([2, 2, 2], [2, 1, 1], stores=(1, 1)), "A3")
    assert outcome(st) == expect([2, 2, 0], [3, 2, 1], stores=(1, 1))


def test_board_stores_beside_are_never_sown() -> None:
    game = make()
    st = play(game, position([2, 2, 2], [2, 1, 1], stores=(1, 1)), "A3")
    assert outcome(st) == expect([2, 2, 0], [3, 2, 1], stores=(1, 1))


def test_board_stores_in_circuit_are_sown_by_their_owner() -> None:
    game = make(board="{pits: 3, stores: in_circuit}")
    st = play(game, position([2, 2, 2], [2, 1, 1], stores=(1, 1)), "A3")
    assert outcome(st) == expect([2, 2, 0], [3, 1, 1], stores=(2, 1))
    # North passes its own store and skips South's.
    st = play(game, position([2, 2, 2], [2, 1, 2], stores=(0, 1), to_move=1), "a3")
    assert outcome(st) == expect([3, 2, 2], [2, 1, 0], stores=(0, 2), to_move=0)


def test_board_stores_none() -> None:
    game = make(board="{pits: 3}", scoring="{counts: [own_pits]}")
    st = play(game, position([2, 2, 2], [2, 2, 2]), "A3")
    assert outcome(st) == expect([2, 2, 0], [3, 3, 2])
    assert st.snapshot()["players"][0]["score"] == 4


# --- setup ---------------------------------------------------------------------------------


def test_setup_per_pit() -> None:
    assert outcome(play(make(setup="{per_pit: 3}"), None)) == expect([3, 3, 3], [3, 3, 3], to_move=0)


def test_setup_pits_overrides_by_label_for_both_players() -> None:
    game = make(setup="{per_pit: 2, pits: {A1: 0, A3: 5}}")
    assert outcome(play(game, None)) == expect([0, 2, 5], [0, 2, 5], to_move=0)


def test_setup_pits_overrides_with_letters_notation() -> None:
    game = make(board="{pits: 3, stores: beside, notation: letters}", setup="{per_pit: 1, pits: {B: 4}}")
    assert outcome(play(game, None)) == expect([1, 4, 1], [1, 4, 1], to_move=0)


def test_setup_stock() -> None:
    game = make(setup="{per_pit: 1, stock: 4}")
    assert outcome(play(game, None)) == expect([1, 1, 1], [1, 1, 1], hands=(4, 4), to_move=0)


def test_setup_marks_apply_to_both_players() -> None:
    game = make(setup="{per_pit: 2, marks: {holy: [A2]}}", marks="{holy: {meaning: holy pit}}")
    assert play(game, None).snapshot()["marks"] == {"holy": ["A2", "a2"]}


# --- turn ----------------------------------------------------------------------------------


def test_turn_first_player_north() -> None:
    game = make(turn="{first_player: north}")
    st = play(game, None)
    assert st.current_player() == 1
    assert legal(st) == ["a1", "a2", "a3"]


MOVE_KINDS = """
moves:
  - {name: big, from: {side: own, count: {min: 3}}}
  - {name: small}
"""


def test_turn_move_kinds_in_priority_order() -> None:
    game = make(turn=MOVE_KINDS)
    assert legal(play(game, position([1, 3, 0], [2, 2, 2], stores=(1, 1)))) == ["A2"]
    # No start for the first kind: the second kind is used.
    assert legal(play(game, position([1, 2, 1], [2, 2, 2], stores=(1, 1)))) == ["A1", "A2", "A3"]


def test_turn_from_condition() -> None:
    game = make(turn="{moves: [{from: {side: own, count: {min: 2}}}]}")
    assert legal(play(game, position([1, 2, 3], [2, 2, 2]))) == ["A2", "A3"]


def test_turn_from_condition_next_follows_the_move_kind_direction() -> None:
    game = make(turn="{moves: [{from: {side: own, count: {min: 1}, next: {count: 0}}}]}")
    # Counter-clockwise the pit after A2 is the empty A3.
    assert legal(play(game, position([1, 2, 0], [4, 5, 0]))) == ["A2"]


def test_turn_from_condition_next_for_a_clockwise_kind() -> None:
    game = make(turn="{moves: [{direction: clockwise, from: {side: own, count: {min: 1}, next: {count: 0}}}]}")
    # Clockwise the pit after A1 is the empty a3; after A2 comes A1 (1).
    assert legal(play(game, position([1, 2, 0], [4, 5, 0]))) == ["A1"]


def test_turn_from_opponent_pits() -> None:
    game = make(turn="{moves: [{from: {side: opponent, count: 2}}]}")
    st = play(game, position([1, 2, 3], [1, 2, 3]))
    assert legal(st) == ["a2"]
    st = play(game, position([1, 2, 3], [1, 2, 3]), "a2")
    assert outcome(st) == expect([2, 2, 3], [1, 0, 4])


def test_turn_lift_all() -> None:
    game = make(turn="{moves: [{lift: all}]}")
    st = play(game, position([0, 5, 0], [2, 2, 2], stores=(1, 0)), "A2")
    assert outcome(st) == expect([1, 0, 1], [3, 3, 3], stores=(1, 0))


STOCK_DROP = {
    "setup": "{per_pit: 1, stock: 2}",
    "turn": "{moves: [{name: drop, lift: one_from_stock, from: {side: own}}]}",
    "captures": "[{name: pair, when: {side: own, count: 2}, take: [landing]}]",
}


@pytest.mark.parametrize("move,result", [
    ("A1", expect([1, 1, 0], [1, 1, 1], stores=(1, 1), hands=(1, 2))),
    # The dropped piece's pit is where the lap ended: a capture rule applies there.
    ("A2", expect([0, 0, 0], [1, 1, 1], stores=(3, 1), hands=(1, 2))),
])
def test_turn_lift_one_from_stock(move: str, result: dict[str, Any]) -> None:
    game = make(**STOCK_DROP)
    pos = position([0, 1, 0], [1, 1, 1], stores=(1, 1), hands=(2, 2))
    assert legal(play(game, pos)) == ["A1", "A2", "A3"]  # empty pits too: nothing is lifted
    assert outcome(play(game, pos, move)) == result


def test_turn_lift_one_from_stock_needs_stock() -> None:
    game = make(setup="{per_pit: 1, stock: 2}", turn="""
        moves:
          - {name: drop, lift: one_from_stock, from: {side: own}}
          - {name: sow}
        """)
    pos = position([0, 2, 0], [1, 1, 1], stores=(1, 2), hands=(0, 2))
    assert legal(play(game, pos)) == ["A2"]
    assert outcome(play(game, pos, "A2")) == expect([0, 0, 1], [2, 1, 1], stores=(1, 2), hands=(0, 2))


ARRANGE = """
    - name: arrangement
      until: {stocks: 0}
      turn: {moves: [{name: arrange, from: {side: own, pit: A1}, lift: {from_stock: 3}, sow: anywhere, into: INTO,
                      captures: false}]}
    - {name: main}
    """


def test_turn_sow_anywhere_into_own_pits_arranges_the_stock() -> None:
    game = make(setup="{stock: 3}", stages=ARRANGE.replace("INTO", "{side: own}"))
    assert legal(play(game, None)) == ["A1"]  # the one start: A1, where the stock is dropped
    assert legal(play(game, None, "A1")) == ["A1", "A2", "A3"]  # each piece: one of South's pits only
    st = play(game, None, "A1", "A3", "A3", "A2")
    assert (st.snapshot()["stage"], outcome(st)) == ("arrangement", expect([0, 1, 2], [0, 0, 0], hands=(0, 3)))
    assert legal(play(game, None, "A1", "A3", "A3", "A2", "a1")) == ["a1", "a2", "a3"]  # North's own pits
    st = play(game, None, "A1", "A3", "A3", "A2", "a1", "a1", "a3", "a1")
    # both stocks placed: play begins, South first
    assert (st.snapshot()["stage"], outcome(st)) == ("main", expect([0, 1, 2], [2, 0, 1], to_move=0))
    assert legal(st) == ["A2", "A3"]


def test_turn_sow_anywhere_into_a_row() -> None:
    game = make(board="{ranks: 4, pits: 2, stores: none}", setup="{stock: 3}", scoring="{counts: [own_pits]}",
                stages=ARRANGE.replace("INTO", "{side: own, row: back}"))
    assert legal(play(game, None, "A1")) == ["B1", "B2"]
    anywhere = make(board="{ranks: 4, pits: 2, stores: none}", setup="{stock: 3}", scoring="{counts: [own_pits]}",
                    stages=ARRANGE.replace("INTO", "{not: {pit: A2}}"))
    # any pit of the board but the two named A2 (a label names both players' pits), in action order
    assert legal(play(anywhere, None, "A1")) == ["B1", "B2", "A1", "b1", "b2", "a1"]


@pytest.mark.parametrize("into,message", [
    ("{side: own, count: 0}", "into may test only what a pit is .* not `count`"),
    ("{any: [{row: back}, {last: true}]}", "not `last`"),
])
def test_turn_sow_anywhere_into_tests_only_what_a_pit_is(into: str, message: str) -> None:
    with pytest.raises(rulespec.SpecError, match=message):
        make(setup="{stock: 3}", stages=ARRANGE.replace("INTO", into))


def test_turn_into_needs_sow_anywhere() -> None:
    with pytest.raises(rulespec.SpecError, match="into says where placed pieces may go: it needs sow: anywhere"):
        make(turn="{moves: [{into: {side: own}}]}")


@pytest.mark.parametrize("direction,result", [
    ("counterclockwise", expect([0, 0, 1], [3, 2, 6])),
    ("clockwise", expect([1, 0, 0], [2, 2, 7])),
])
def test_turn_direction(direction: str, result: dict[str, Any]) -> None:
    game = make(turn=f"{{moves: [{{direction: {direction}}}]}}")
    assert outcome(play(game, position([0, 2, 0], [2, 2, 6]), "A2")) == result


def test_turn_direction_choice_is_a_separate_decision() -> None:
    game = make(turn="{moves: [{direction: choice}]}")
    pos = position([0, 2, 0], [2, 2, 6])
    st = play(game, pos, "A2")
    assert st.current_player() == 0
    assert legal(st) == [">", "<"]
    assert st.snapshot()["pending"]["decisions"] == ["A2"]
    # '>' is towards the mover's right (counter-clockwise), '<' towards their left.
    assert outcome(play(game, pos, "A2", ">")) == expect([0, 0, 1], [3, 2, 6])
    assert outcome(play(game, pos, "A2", "<")) == expect([1, 0, 0], [2, 2, 7])
    north = position([0, 2, 0], [2, 2, 6], to_move=1)
    assert outcome(play(game, north, "a2", ">")) == expect([1, 2, 0], [2, 0, 7], to_move=0)
    assert outcome(play(game, north, "a2", "<")) == expect([0, 2, 1], [3, 0, 6], to_move=0)


TWO_CAPTURES = "[{name: two, when: {side: opponent, count: 2}, take: [landing]}]"


def test_turn_require_capture() -> None:
    game = make(turn="{moves: [{require_capture: true}]}", captures=TWO_CAPTURES)
    pos = position([1, 1, 2], [1, 1, 2], stores=(2, 2))
    assert legal(play(game, pos)) == ["A3"]
    assert outcome(play(game, pos, "A3")) == expect([1, 1, 0], [2, 0, 2], stores=(4, 2))


def test_turn_require_capture_falls_back_to_the_next_kind() -> None:
    game = make(turn="""
        moves:
          - {name: capture, require_capture: true}
          - {name: plain}
        """, captures=TWO_CAPTURES)
    assert legal(play(game, position([1, 1, 0], [3, 3, 0], stores=(2, 2)))) == ["A1", "A2"]


def test_turn_second_kind_with_require() -> None:
    # Sow a pit of 2 or more if you have one; else a single piece, and only into an empty pit.
    game = make(turn="""
        moves:
          - {name: loaded, from: {side: own, count: {min: 2}}}
          - {name: single, require: {count_before: 0}}
        """)
    assert legal(play(game, position([2, 1, 0], [3, 3, 1], stores=(1, 1)))) == ["A1"]
    pos = position([1, 1, 0], [3, 3, 2], stores=(1, 1))
    assert legal(play(game, pos)) == ["A2"]  # A1 would land in the occupied A2
    assert outcome(play(game, pos, "A2")) == expect([1, 0, 1], [3, 3, 2], stores=(1, 1))


def test_turn_require_is_tested_on_the_first_lap_landing() -> None:
    game = make(turn="{moves: [{require: {side: opponent}}]}", sowing="{laps: {kind: relay}}")
    pos = position([1, 1, 1], [0, 4, 3], stores=(1, 1))
    # A1's first lap lands on A2 (own) even though its relay ends on a1; A2 lands on A3.
    assert legal(play(game, pos)) == ["A3"]
    assert outcome(play(game, pos, "A3")) == expect([1, 1, 0], [1, 4, 3], stores=(1, 1))


@pytest.mark.parametrize("engine", ["compiled", "interpreted"])
def test_turn_require_after_refuses_a_move_that_takes_everything(engine: str) -> None:
    """Tested once the move is over, its captures made, from the mover's point of view: A3 would
    take North's only pieces, so South must sow A1 or A2."""
    from engines import compiled_and_interpreted

    game = compiled_and_interpreted(lambda: make(turn="{moves: [{require_after: {opponent_side: {min: 1}}}]}",
                                                 captures=TWO_CAPTURES))[engine == "interpreted"]
    pos = position([1, 1, 1], [1, 0, 0], stores=(4, 4))
    assert legal(play(game, pos)) == ["A1", "A2"]
    # North's a3 would take South's only piece: for North, South is the opponent
    pos = position([1, 0, 0], [0, 1, 1], to_move=1, stores=(4, 5))
    assert legal(play(game, pos)) == ["a2"]
    assert outcome(play(game, pos, "a2")) == expect([1, 0, 0], [0, 0, 2], stores=(4, 5), to_move=0)


@pytest.mark.parametrize("engine", ["compiled", "interpreted"])
def test_turn_require_after_tests_the_pit_where_the_move_ended_after_its_captures(engine: str) -> None:
    """The landing pit is tested as the move left it: a capture has emptied it, which `require`,
    tested before the capture, never sees."""
    from engines import compiled_and_interpreted

    after, first_lap = (compiled_and_interpreted(lambda: make(turn=f"{{moves: [{{{key}: {{count: 0}}}}]}}",
                                                              captures=TWO_CAPTURES))[engine == "interpreted"]
                        for key in ("require_after", "require"))
    pos = position([1, 1, 2], [1, 1, 2], stores=(2, 2))
    assert legal(play(after, pos)) == ["A3"]  # its last piece makes a2 hold two, taken
    assert legal(play(first_lap, pos)) == []


def test_turn_move_kind_captures_false() -> None:
    game = make(turn="{moves: [{captures: false}]}", captures=TWO_CAPTURES)
    pos = position([1, 1, 2], [1, 1, 2], stores=(2, 2))
    assert outcome(play(game, pos, "A3")) == expect([1, 1, 0], [2, 2, 2], stores=(2, 2))
    assert outcome(play(make(captures=TWO_CAPTURES), pos, "A3")) == expect([1, 1, 0], [2, 0, 2], stores=(4, 2))


@pytest.mark.parametrize("move,result", [
    ("A3", expect([2, 2, 0], [2, 2, 2], stores=(1, 1), to_move=0)),
    ("A2", expect([2, 0, 2], [2, 2, 2], stores=(1, 1), to_move=0)),
    ("A1", expect([0, 3, 2], [2, 2, 2], stores=(0, 1), to_move=1)),
])
def test_turn_extra_turn(move: str, result: dict[str, Any]) -> None:
    game = make(board="{pits: 3, stores: in_circuit}", turn="{extra_turn: {store: true}}")
    assert outcome(play(game, position([2, 2, 1], [2, 2, 2], stores=(0, 1)), move)) == result


# --- sowing --------------------------------------------------------------------------------


@pytest.mark.parametrize("skip_origin,result", [
    (True, expect([0, 2, 2], [2, 2, 2], stores=(1, 1))),
    (False, expect([1, 2, 1], [2, 2, 2], stores=(1, 1))),
])
def test_sowing_skip_origin(skip_origin: bool, result: dict[str, Any]) -> None:
    game = make(sowing=f"{{skip_origin: {str(skip_origin).lower()}}}")
    assert outcome(play(game, position([7, 0, 0], [1, 1, 1], stores=(1, 1)), "A1")) == result


@pytest.mark.parametrize("skip_origin,result", [
    # Six pieces, exactly the circuit's length: the sixth goes to A2 rather than back into A1.
    (True, expect([0, 2, 1], [2, 2, 2], stores=(1, 2))),
    (False, expect([1, 1, 1], [2, 2, 2], stores=(1, 2))),
])
def test_sowing_skip_origin_with_exactly_a_lap(skip_origin: bool, result: dict[str, Any]) -> None:
    game = make(sowing=f"{{skip_origin: {str(skip_origin).lower()}}}")
    assert outcome(play(game, position([6, 0, 0], [1, 1, 1], stores=(1, 2)), "A1")) == result


def test_sowing_skip_origin_only_on_a_lap_round_the_circuit() -> None:
    game = make(sowing="{skip_origin: true}")
    # 5 pieces, one short of the circuit's 6 slots: the origin would not be reached anyway.
    st = play(game, position([5, 1, 0], [1, 1, 1], stores=(2, 1)), "A1")
    assert outcome(st) == expect([0, 2, 1], [2, 2, 2], stores=(2, 1))


@pytest.mark.parametrize("sowing,result", [
    ("{into_own_store: true}", expect([0, 0, 0], [3, 2, 2], stores=(3, 2))),
    ("{into_own_store: false}", expect([0, 0, 0], [3, 3, 2], stores=(2, 2))),
])
def test_sowing_into_own_store(sowing: str, result: dict[str, Any]) -> None:
    game = make(board="{pits: 3, stores: in_circuit}", sowing=sowing)
    assert outcome(play(game, position([0, 0, 2], [2, 2, 2], stores=(2, 2)), "A3")) == result


@pytest.mark.parametrize("sowing,result", [
    ("{into_opponent_store: true}", expect([1, 0, 0], [2, 2, 2], stores=(2, 3))),
    ("{into_opponent_store: false}", expect([2, 0, 0], [2, 2, 2], stores=(2, 2))),
])
def test_sowing_into_opponent_store(sowing: str, result: dict[str, Any]) -> None:
    game = make(board="{pits: 3, stores: in_circuit}", sowing=sowing)
    assert outcome(play(game, position([1, 0, 5], [1, 1, 1], stores=(1, 2)), "A3")) == result


def test_sowing_skip_condition() -> None:
    game = make(sowing="{skip: {side: own, pit: A2}}")
    # The mover's A2 receives nothing; North's a2 (A2 from its owner's side) is not the mover's.
    st = play(game, position([3, 0, 0], [3, 3, 3]), "A1")
    assert outcome(st) == expect([0, 0, 1], [4, 4, 3])


RELAY_POSITION = position([1, 1, 0], [0, 2, 2], stores=(3, 3))


@pytest.mark.parametrize("laps,result", [
    ("{kind: single}", expect([0, 2, 0], [0, 2, 2], stores=(3, 3))),
    # A1 lands in the occupied A2: its 2 pieces are lifted and sown on into A3 and a1.
    ("{kind: relay}", expect([0, 0, 1], [1, 2, 2], stores=(3, 3))),
])
def test_sowing_laps(laps: str, result: dict[str, Any]) -> None:
    game = make(sowing=f"{{laps: {laps}}}")
    assert outcome(play(game, RELAY_POSITION, "A1")) == result


def test_sowing_relay_when() -> None:
    game = make(sowing="{laps: {kind: relay, when: {side: opponent, count_before: {min: 1}}}}")
    # A1 ends in the occupied own A2: no relay there.
    assert outcome(play(game, RELAY_POSITION, "A1")) == expect([0, 2, 0], [0, 2, 2], stores=(3, 3))
    # A2 (3) ends in the occupied a2: relay a2's 2 into a3 and A1, which is own: stop.
    st = play(game, position([1, 3, 0], [1, 1, 0], stores=(3, 3)), "A2")
    assert outcome(st) == expect([2, 0, 1], [2, 0, 1], stores=(3, 3))


def test_sowing_max_laps() -> None:
    assert legal(play(make(sowing="{laps: {kind: relay}}"), RELAY_POSITION)) == ["A1", "A2"]
    # A1 needs two laps: more than max_laps, so it is illegal.
    assert legal(play(make(sowing="{laps: {kind: relay, max_laps: 1}}"), RELAY_POSITION)) == ["A2"]
    assert legal(play(make(sowing="{laps: {kind: relay, max_laps: 2}}"), RELAY_POSITION)) == ["A1", "A2"]


def test_sowing_endless_relay_move_is_illegal() -> None:
    game = make(setup="{per_pit: 1}", sowing="{laps: {kind: relay}}")
    pos = position([0, 1, 2], [0, 2, 1])
    # A3 relays forever (a2, A2, a1, a3, A3, a2, ...): only A2 is legal.
    assert legal(play(game, pos)) == ["A2"]
    assert outcome(play(game, pos, "A2")) == expect([1, 1, 0], [1, 3, 0])


# --- captures ------------------------------------------------------------------------------


def test_captures_landing() -> None:
    game = make(captures="[{name: c, when: {side: opponent, count: [2, 3]}, take: [landing]}]")
    st = play(game, position([0, 0, 2], [1, 2, 5], stores=(1, 1)), "A3")
    assert outcome(st) == expect([0, 0, 0], [2, 0, 5], stores=(4, 1))


def test_captures_opposite() -> None:
    game = make(captures="[{name: c, when: {side: own, count: 1}, take: [landing, opposite]}]")
    st = play(game, position([1, 0, 2], [2, 3, 1], stores=(1, 2)), "A1")
    assert outcome(st) == expect([0, 0, 2], [2, 0, 1], stores=(5, 2))


def test_captures_behind_opposite() -> None:
    game = make(board="{ranks: 4, pits: 2, stores: beside}", setup="{per_pit: 1}",
                captures="[{name: c, when: {side: own, count: 1}, take: [opposite, behind_opposite]}]")
    # Action order B1 B2 A2 A1. A2 -> A1; A1 faces a2, and b2 is behind a2.
    st = play(game, position([0, 0, 1, 0], [1, 2, 3, 0], stores=(1, 0)), "A2")
    assert outcome(st) == expect([0, 0, 0, 1], [1, 0, 0, 0], stores=(6, 0))


def test_captures_chain_backwards() -> None:
    game = make(captures="""
        - name: c
          when: {side: opponent, count: [2, 3]}
          take: [{chain: {direction: backwards, while: {side: opponent, count: [2, 3]}}}]
        """)
    # A3 -> a1 (2), a2 (2): take a2, then a1, then stop at A3 (own).
    st = play(game, position([0, 0, 2], [1, 1, 4], stores=(2, 2)), "A3")
    assert outcome(st) == expect([0, 0, 0], [0, 0, 4], stores=(6, 2))


def test_captures_chain_forwards() -> None:
    game = make(captures="""
        - name: c
          when: {side: opponent, count: 2}
          take: [{chain: {direction: forwards, while: {side: opponent, count: {min: 1}}}}]
        """)
    # A3 -> a1 (2): take a1, then a2 (3), then stop at the empty a3.
    st = play(game, position([2, 0, 1], [1, 3, 0], stores=(2, 3)), "A3")
    # North is left without a move; the spec says nothing, so the scores decide.
    assert outcome(st) == expect([2, 0, 0], [0, 0, 0], stores=(7, 3), returns=SOUTH_WINS)


STEPPED = """
    - name: c
      when: {{next: {{count: 0}}}}
      take: [{{chain: {{start: landing, skip_first: true, direction: forwards, step: 2, {extra}while: {{count: {{min: 1}}}}}}}}]
    """


@pytest.mark.usefixtures("each_engine")
@pytest.mark.parametrize("extra,result", [
    # A4 -> A5; a1 after it is empty: take a2 (3), over the empty a3 take a4 (2); a5 is occupied: stop.
    ("gap: {count: 0}, ", expect([2, 0, 0, 0, 1], [0, 0, 0, 0, 1], stores=(5, 11))),
    # With no gap test a5 is passed over whatever it holds, and A1 (2) is taken too; A3 is empty: stop.
    ("", expect([0, 0, 0, 0, 1], [0, 0, 0, 0, 1], stores=(7, 11))),
    # At most two pits: a2 and a4; at most one: a2.
    ("gap: {count: 0}, length: 2, ", expect([2, 0, 0, 0, 1], [0, 0, 0, 0, 1], stores=(5, 11))),
    ("gap: {count: 0}, length: 1, ", expect([2, 0, 0, 0, 1], [0, 0, 0, 2, 1], stores=(3, 11))),
])
def test_captures_chain_steps_over_gaps(extra: str, result: dict[str, Any]) -> None:
    game = make(board="{pits: 5, stores: beside}", captures=STEPPED.format(extra=extra))
    st = play(game, position([2, 0, 0, 1, 0], [0, 3, 0, 2, 1], stores=(0, 11)), "A4")
    assert outcome(st) == result


@pytest.mark.usefixtures("each_engine")
def test_captures_chain_step_comes_round_the_board() -> None:
    game = make(captures=STEPPED.format(extra="gap: {count: 0}, "))
    # A2 -> A3; a1 is empty: take a2 (3); over a3 take A1 (2); over the emptied A2 take the
    # landing pit A3 (1) itself; over a1 the run comes back to a2, which it took: it stops.
    st = play(game, position([2, 1, 0], [0, 3, 0], stores=(0, 6)), "A2")
    assert outcome(st) == expect([0, 0, 0], [0, 0, 0], stores=(6, 6), returns=DRAW)


@pytest.mark.usefixtures("each_engine")
def test_captures_chain_step_three_backwards() -> None:
    game = make(board="{pits: 5, stores: beside}", captures="""
        - name: c
          when: {side: opponent, count: 2}
          take: [{chain: {direction: backwards, step: 3, gap: {count: 1}, while: {count: {min: 2}}}}]
        """)
    # A5 -> a1 (2): take a1; three back, the first pit passed over is the emptied A5: stop.
    st = play(game, position([0, 0, 4, 1, 1], [1, 0, 0, 0, 3], stores=(0, 10)), "A5")
    assert outcome(st) == expect([0, 0, 4, 1, 0], [0, 0, 0, 0, 3], stores=(2, 10))
    # A4 -> A5, a1 (2): take a1; back over A5 (1), then the emptied A4: stop.
    st = play(game, position([0, 0, 4, 2, 0], [1, 0, 0, 0, 5], stores=(0, 8)), "A4")
    assert outcome(st) == expect([0, 0, 4, 0, 1], [0, 0, 0, 0, 5], stores=(2, 8))
    # A3 -> A4 (2), A5, a1, a2 (2): take a2; back over a1 (1) and A5 (1) to A4 (2): take it;
    # back over the emptied A3: stop.
    st = play(game, position([0, 0, 4, 1, 0], [0, 1, 0, 0, 5], stores=(0, 9)), "A3")
    assert outcome(st) == expect([0, 0, 0, 0, 1], [1, 0, 0, 0, 5], stores=(4, 9))


@pytest.mark.usefixtures("each_engine")
@pytest.mark.parametrize("with_opposite,result", [
    # A3 -> a1 (2): take a1, then a2 (2) and a3 (4), stopping at A1 (1)...
    ("false", expect([1, 3, 0], [0, 0, 0], stores=(8, 0), returns=SOUTH_WINS)),
    # ... each with the pit facing it: a1 with A3 (emptied), a2 with A2 (3), a3 with A1 (1).
    ("true", expect([0, 0, 0], [0, 0, 0], stores=(12, 0), returns=SOUTH_WINS)),
])
def test_captures_chain_with_opposite(with_opposite: str, result: dict[str, Any]) -> None:
    game = make(captures=f"""
        - name: c
          when: {{side: opponent, count: 2}}
          take: [{{chain: {{direction: forwards, while: {{count: [2, 4]}}, with_opposite: {with_opposite}}}}}]
        """)
    st = play(game, position([1, 3, 1], [1, 2, 4]), "A3")
    assert outcome(st) == result


def test_chain_gap_needs_a_step() -> None:
    with pytest.raises(rulespec.SpecError, match="needs a step of 2 or more"):
        make(captures="[{name: c, when: {count: 2}, take: [{chain: {gap: {count: 0}, while: {count: 2}}}]}]")


CHOOSE = "[{{name: c, when: {{side: opponent, count: 2}}, take: [landing, {{choose: {{count: {n}}}}}]}}]"
CHOOSE_POSITION = position([0, 0, 1], [1, 3, 2], stores=(2, 3))


def test_captures_choose_is_a_decision() -> None:
    game = make(captures=CHOOSE.format(n=1))
    st = play(game, CHOOSE_POSITION, "A3")
    assert st.current_player() == 0
    assert legal(st) == ["a2", "a3"]  # a1 is taken already
    assert outcome(play(game, CHOOSE_POSITION, "A3", "a3")) == expect([0, 0, 0], [0, 3, 0], stores=(6, 3))
    assert outcome(play(game, CHOOSE_POSITION, "A3", "a2")) == expect([0, 0, 0], [0, 0, 2], stores=(7, 3))


def test_captures_choose_count_takes_fewer_when_fewer_qualify() -> None:
    game = make(captures=CHOOSE.format(n=3))
    st = play(game, CHOOSE_POSITION, "A3")
    assert legal(st) == ["a2", "a3"]
    # After a2 the second pick has one option left (a3): a forced decision is applied at once,
    # and no third pick is asked, as nothing else qualifies.
    assert outcome(play(game, CHOOSE_POSITION, "A3", "a2")) == expect([0, 0, 0], [0, 0, 0], stores=(9, 3),
                                                                      returns=SOUTH_WINS)


def test_captures_choose_from() -> None:
    game = make(captures="[{name: c, when: {side: opponent, count: 2}, "
                         "take: [{choose: {from: {side: own, count: {min: 1}}}}]}]")
    st = play(game, position([1, 2, 1], [1, 3, 0], stores=(2, 2)), "A3")
    assert legal(st) == ["A1", "A2"]
    st = play(game, position([1, 2, 1], [1, 3, 0], stores=(2, 2)), "A3", "A2")
    assert outcome(st) == expect([1, 0, 0], [2, 3, 0], stores=(4, 2))


def test_captures_to_removed() -> None:
    game = make(board="{pits: 3}", scoring="{counts: [own_pits]}",
                captures="[{name: c, when: {side: opponent, count: [2, 3]}, take: [landing], to: removed}]")
    st = play(game, position([2, 0, 2], [1, 2, 5]), "A3")
    assert outcome(st) == expect([2, 0, 0], [2, 0, 5], removed=3)


def test_captures_to_store() -> None:
    game = make(captures="[{name: c, when: {side: opponent, count: [2, 3]}, take: [landing], to: store}]")
    st = play(game, position([2, 0, 2], [1, 2, 5]), "A3")
    assert outcome(st) == expect([2, 0, 0], [2, 0, 5], stores=(3, 0))


@pytest.mark.parametrize("first,result", [
    ("landing", expect([1, 1, 0], [2, 0, 1], stores=(5, 2))),
    ("both", expect([1, 0, 0], [2, 0, 1], stores=(6, 2))),
])
def test_captures_first_rule_that_applies_is_used(first: str, result: dict[str, Any]) -> None:
    rules = {"landing": "{name: landing, when: {side: opponent, count: 3}, take: [landing]}",
             "both": "{name: both, when: {side: opponent}, take: [landing, opposite]}"}
    second = "both" if first == "landing" else "landing"
    game = make(captures=f"[{rules[first]}, {rules[second]}]")
    # A3 -> a1, a2 (3); a2 faces A2.
    assert outcome(play(game, position([1, 1, 2], [1, 2, 1], stores=(2, 2)), "A3")) == result


@pytest.mark.parametrize("grand_slam,result", [
    ("forfeit", expect([0, 0, 0], [2, 2, 0], stores=(4, 4))),
    ("allowed", expect([0, 0, 0], [0, 0, 0], stores=(8, 4), returns=[1.0, -1.0])),
])
def test_captures_grand_slam(grand_slam: str, result: dict[str, Any]) -> None:
    game = make(captures=f"""
        - name: c
          when: {{side: opponent, count: 2}}
          take: [{{chain: {{while: {{side: opponent, count: 2}}}}}}]
          grand_slam: {grand_slam}
        """)
    # A3 -> a1 (2), a2 (2): the chain would take every piece on North's side.
    assert outcome(play(game, position([0, 0, 2], [1, 1, 0], stores=(4, 4)), "A3")) == result


def test_captures_grand_slam_forfeit_only_when_everything_is_taken() -> None:
    game = make(captures="[{name: c, when: {side: opponent, count: 2}, take: [landing], grand_slam: forfeit}]")
    st = play(game, position([0, 0, 2], [1, 1, 1], stores=(4, 3)), "A3")
    assert outcome(st) == expect([0, 0, 0], [2, 0, 1], stores=(6, 3))


CAPTURE_SWITCH = {
    "parameters": "{captures_on: {doc: capturing is allowed, default: true}}",
    "captures": "[{name: c, enabled: $captures_on, when: {side: opponent, count: [2, 3]}, take: [landing]}]",
}


@pytest.mark.parametrize("values,result", [
    ({}, expect([0, 0, 0], [2, 0, 5], stores=(4, 1))),
    ({"captures_on": True}, expect([0, 0, 0], [2, 0, 5], stores=(4, 1))),
    ({"captures_on": False}, expect([0, 0, 0], [2, 3, 5], stores=(1, 1))),
])
def test_captures_enabled_through_a_bool_parameter(values: dict[str, Any], result: dict[str, Any]) -> None:
    game = make(values, **CAPTURE_SWITCH)
    assert game.params == {"captures_on": values.get("captures_on", True)}
    assert outcome(play(game, position([0, 0, 2], [1, 2, 5], stores=(1, 1)), "A3")) == result


def test_captures_enabled_false() -> None:
    game = make(captures="[{name: c, enabled: false, when: {side: opponent}, take: [landing]}]")
    st = play(game, position([0, 0, 2], [1, 2, 5], stores=(1, 1)), "A3")
    assert outcome(st) == expect([0, 0, 0], [2, 3, 5], stores=(1, 1))


def test_capture_optional_declined_falls_through_to_the_next_rule() -> None:
    # A3 (2) sows a1 and lands in a2 (2 -> 3), facing A2 (1): 'big' takes both, or is declined
    # (-) and 'small' takes a2 alone.
    game = make(captures="""
        - {name: big, when: {side: opponent, count: [2, 3]}, take: [landing, opposite], optional: true}
        - {name: small, when: {side: opponent, count: [2, 3]}, take: [landing]}""")
    asked = play(game, BASE, "A3")
    assert asked.pending_request().kind == "capture" and legal(asked) == ["+", "-"]
    assert outcome(play(game, BASE, "A3", "+")) == expect([1, 0, 0], [2, 0, 1], stores=(6, 2))
    declined = play(game, BASE, "A3", "-")
    assert outcome(declined) == CAUGHT["A3"] and declined.last_move.fired == ("small",)


def test_capture_choose_optional_may_stop_picking() -> None:
    game = make(captures="[{name: c, when: {side: opponent, count: [2, 3]}, "
                         "take: [landing, {choose: {count: 1, optional: true}}]}]")
    assert legal(play(game, BASE, "A3")) == ["-", "a1", "a3"]
    assert outcome(play(game, BASE, "A3", "-")) == CAUGHT["A3"]
    assert outcome(play(game, BASE, "A3", "a3")) == expect([1, 1, 0], [2, 0, 0], stores=(6, 2))


# --- conditions ----------------------------------------------------------------------------
# A capture rule `when: <condition>, take: [landing]` decides each test. From BASE:
#   A1 (1) lands in A2 (own, 1 -> 2); A2 (1) lands in A3 (own, 2 -> 3);
#   A3 (2) sows a1 and lands in a2 (opponent, 2 -> 3).

BASE = position([1, 1, 2], [1, 2, 1], stores=(2, 2))
CAUGHT = {
    "A1": expect([0, 0, 2], [1, 2, 1], stores=(4, 2)),
    "A2": expect([1, 0, 0], [1, 2, 1], stores=(5, 2)),
    "A3": expect([1, 1, 0], [2, 0, 1], stores=(5, 2)),
}
MISSED = {
    "A1": expect([0, 2, 2], [1, 2, 1], stores=(2, 2)),
    "A2": expect([1, 0, 3], [1, 2, 1], stores=(2, 2)),
    "A3": expect([1, 1, 0], [2, 3, 1], stores=(2, 2)),
}


def when(cond: str, move: str, pos: dict[str, Any] = BASE, **blocks: str) -> dict[str, Any]:
    """The outcome of `move` from `pos` under the single rule: take the landing pit when `cond`."""
    game = make(captures=f"[{{name: c, when: {cond}, take: [landing]}}]", **blocks)
    return outcome(play(game, pos, move))


@pytest.mark.parametrize("cond,move,caught", [
    ("{side: own}", "A1", True), ("{side: own}", "A3", False),
    ("{side: opponent}", "A3", True), ("{side: opponent}", "A1", False),
])
def test_condition_side(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


@pytest.mark.parametrize("cond", ["{side: neutral}", "{row: middle}"])
def test_condition_side_neutral_and_row_middle(cond: str) -> None:
    blocks = {"board": "{ranks: 3, pits: 3, stores: beside}", "setup": "{per_pit: 1}"}
    pos = position([0, 1, 1], [1, 1, 1], shared=[1, 1, 1], stores=(1, 0))
    assert when(cond, "A3", pos, **blocks) == expect([0, 1, 0], [1, 1, 1], shared=[1, 1, 0], stores=(3, 0))
    assert when(cond, "A2", pos, **blocks) == expect([0, 0, 2], [1, 1, 1], shared=[1, 1, 1], stores=(1, 0))


FOUR = {"board": "{ranks: 4, pits: 2, stores: beside}", "setup": "{per_pit: 1}"}
FOUR_POSITION = position([1, 0, 1, 0], [1, 1, 1, 1], stores=(1, 1))  # B1 B2 A2 A1


@pytest.mark.parametrize("cond,move,result", [
    ("{row: back}", "B1", expect([0, 0, 1, 0], [1, 1, 1, 1], stores=(2, 1))),
    ("{row: back}", "A2", expect([1, 0, 0, 1], [1, 1, 1, 1], stores=(1, 1))),
    ("{row: front}", "A2", expect([1, 0, 0, 0], [1, 1, 1, 1], stores=(2, 1))),
    ("{row: front}", "B1", expect([0, 1, 1, 0], [1, 1, 1, 1], stores=(1, 1))),
])
def test_condition_row(cond: str, move: str, result: dict[str, Any]) -> None:
    assert when(cond, move, FOUR_POSITION, **FOUR) == result


def test_condition_role() -> None:
    board = "{pits: 3, stores: beside, roles: {end: {pits: [A3], meaning: end pit}}}"
    assert when("{role: end}", "A2", board=board) == CAUGHT["A2"]
    assert when("{role: end}", "A1", board=board) == MISSED["A1"]
    assert when("{role: [end]}", "A2", board=board) == CAUGHT["A2"]


@pytest.mark.parametrize("cond,move,caught", [
    ("{pit: A2}", "A1", True),
    ("{pit: A2}", "A3", True),  # a2 is North's A2, named from its owner's side
    ("{pit: A2}", "A2", False),
    ("{pit: [A1, A3]}", "A2", True),
    ("{pit: [A1, A3]}", "A3", False),
])
def test_condition_pit(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


@pytest.mark.parametrize("cond,move,to_move", [
    ("{store: true}", "A3", 0), ("{store: true}", "A1", 1),
    ("{store: false}", "A3", 1), ("{store: false}", "A1", 0),
])
def test_condition_store(cond: str, move: str, to_move: int) -> None:
    game = make(board="{pits: 3, stores: in_circuit}", turn=f"{{extra_turn: {cond}}}")
    st = play(game, position([1, 1, 1], [2, 2, 2], stores=(1, 2)), move)
    south = {"A3": [1, 1, 0], "A1": [0, 2, 1]}[move]
    assert outcome(st) == expect(south, [2, 2, 2], stores=(2 if move == "A3" else 1, 2), to_move=to_move)


@pytest.mark.parametrize("cond,move,caught", [
    ("{count: 2}", "A1", True), ("{count: 2}", "A2", False),
    ("{count: [2, 3]}", "A1", True), ("{count: [2, 3]}", "A2", True), ("{count: [1, 3]}", "A1", False),
    ("{count: {min: 3}}", "A2", True), ("{count: {min: 3}}", "A1", False),
    ("{count: {max: 2}}", "A1", True), ("{count: {max: 2}}", "A2", False),
    ("{count: {min: 2, max: 2}}", "A1", True), ("{count: {min: 2, max: 2}}", "A3", False),
])
def test_condition_count(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


@pytest.mark.parametrize("cond,move,caught", [
    ("{count_before: 1}", "A1", True), ("{count_before: 1}", "A2", False),
    ("{count_before: [2]}", "A3", True), ("{count_before: {max: 1}}", "A3", False),
])
def test_condition_count_before(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


def test_condition_count_before_of_the_pit_after_the_landing() -> None:
    # A2's single piece lands in A3; a1, the pit after it, was not sown into by this lap, so its
    # count before the lap is its count now (1): the boundary of what a lap dropped where.
    assert when("{next: {count_before: 1}}", "A2") == CAUGHT["A2"]
    assert when("{next: {count_before: 0}}", "A2") == MISSED["A2"]


def test_condition_count_before_when_the_lap_passes_twice() -> None:
    # A1 (7) sows A2 A3 a1 a2 a3 A1 A2: the landing A2 went 0 -> 1 -> 2, so it held one
    # just before the last piece fell (the piece this lap dropped there earlier counts).
    pos = position([7, 0, 0], [1, 1, 1], stores=(1, 1))
    assert when("{count_before: 1}", "A1", pos) == expect([1, 0, 1], [2, 2, 2], stores=(3, 1))
    assert when("{count_before: 0}", "A1", pos) == expect([1, 2, 1], [2, 2, 2], stores=(1, 1))


def test_condition_mark() -> None:
    marks = "{m: {meaning: marked}}"
    pos = {**BASE, "marks": {"m": ["A2", "a2"]}}
    assert when("{mark: m}", "A1", pos, marks=marks) == CAUGHT["A1"]
    assert when("{mark: m}", "A3", pos, marks=marks) == CAUGHT["A3"]
    assert when("{mark: m}", "A2", pos, marks=marks) == MISSED["A2"]


@pytest.mark.parametrize("cond,move,caught", [
    ("{opposite: {count: 2}}", "A1", True),  # A2 faces a2 (2)
    ("{opposite: {count: 2}}", "A2", False),  # A3 faces a1 (1)
    ("{opposite: {side: own}}", "A3", True),  # a2 faces the mover's A2
    ("{opposite: {count: {min: 0}}}", "A3", True),
])
def test_condition_opposite(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


def test_condition_opposite_is_false_where_there_is_none() -> None:
    # The store of an in-circuit board faces nothing.
    game = make(board="{pits: 3, stores: in_circuit}", turn="{extra_turn: {not: {opposite: {count: {min: 0}}}}}")
    st = play(game, position([1, 1, 1], [2, 2, 2], stores=(1, 2)), "A3")
    assert outcome(st) == expect([1, 1, 0], [2, 2, 2], stores=(2, 2), to_move=0)


@pytest.mark.parametrize("cond,move,result", [
    # A2 -> A1; B1 is behind A1.
    ("{behind: {count: 1}}", "A2", expect([1, 0, 0, 0], [1, 1, 1, 1], stores=(2, 1))),
    ("{behind: {count: 0}}", "A2", expect([1, 0, 0, 1], [1, 1, 1, 1], stores=(1, 1))),
    # B1 -> B2: nothing is behind a back-row pit.
    ("{behind: {count: {min: 0}}}", "B1", expect([0, 1, 1, 0], [1, 1, 1, 1], stores=(1, 1))),
])
def test_condition_behind(cond: str, move: str, result: dict[str, Any]) -> None:
    assert when(cond, move, FOUR_POSITION, **FOUR) == result


@pytest.mark.parametrize("cond,move,caught", [
    ("{next: {count: 2}}", "A1", True),  # after A2 comes A3 (2)
    ("{next: {count: 2}}", "A2", False),  # after A3 comes a1 (1)
    ("{next: {side: opponent}}", "A2", True),
])
def test_condition_next(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


def test_condition_next_follows_the_direction_of_the_move() -> None:
    game = make(turn="{moves: [{direction: clockwise}]}",
                captures="[{name: c, when: {next: {count: 1}}, take: [landing]}]")
    # Clockwise A2 (1) -> A1; the next pit clockwise is a3 (1).
    st = play(game, position([1, 1, 2], [1, 2, 1], stores=(2, 2)), "A2")
    assert outcome(st) == expect([0, 0, 2], [1, 2, 1], stores=(4, 2))


def test_condition_next_is_false_off_the_movers_circuit() -> None:
    # Four ranks: A2 -> A1, which faces a2; North's a2 is not on South's circuit, so it has
    # no next pit. The last slot of the board is North's (empty) store.
    pos = position([1, 0, 1, 0], [1, 1, 1, 1], stores=(2, 0))
    assert when("{opposite: {next: {count: 0}}}", "A2", pos, **FOUR) == expect([1, 0, 0, 1], [1, 1, 1, 1], stores=(2, 0))


@pytest.mark.parametrize("cond,move,caught", [
    ("{origin: {pit: A1}}", "A1", True), ("{origin: {pit: A1}}", "A2", False),
    ("{origin: {count: 0}}", "A3", True),
])
def test_condition_origin(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


@pytest.mark.parametrize("cond,move,caught", [
    ("{lifted: 2}", "A3", True), ("{lifted: 2}", "A1", False), ("{lifted: {max: 1}}", "A2", True),
])
def test_condition_lifted(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


@pytest.mark.parametrize("cond,result", [
    # Lap 1 ends in A2 (2); lap 2 ends in a1 (1).
    ("{lap: 1}", expect([0, 0, 0], [0, 2, 2], stores=(5, 3))),
    ("{lap: 2}", expect([0, 0, 1], [0, 2, 2], stores=(4, 3))),
    ("{lap: 3}", expect([0, 0, 1], [1, 2, 2], stores=(3, 3))),
])
def test_condition_lap(cond: str, result: dict[str, Any]) -> None:
    assert when(cond, "A1", RELAY_POSITION, sowing="{laps: {kind: relay}}") == result


STAGES = """
- {name: early, until: {moves_played: 1}}
- {name: late}
"""


def test_condition_stage() -> None:
    assert when("{stage: late}", "A1", {**BASE, "stage": "late"}, stages=STAGES) == CAUGHT["A1"]
    assert when("{stage: late}", "A1", {**BASE, "stage": "early"}, stages=STAGES) == MISSED["A1"]
    assert when("{stage: [early, late]}", "A1", {**BASE, "stage": "early"}, stages=STAGES) == CAUGHT["A1"]


@pytest.mark.parametrize("cond,hands,caught", [
    ("{stock: 2}", (2, 0), True), ("{stock: 2}", (0, 2), False),  # the mover's stock
    ("{stock: 1}", (1, 1), True), ("{stock: 0}", (1, 1), False),
    ("{stocks: 2}", (2, 0), True), ("{stocks: 2}", (0, 2), True), ("{stocks: 1}", (1, 1), False),
])
def test_condition_stock_and_stocks(cond: str, hands: tuple[int, int], caught: bool) -> None:
    result = when(cond, "A1", {**BASE, "players": [
        {"pits": [1, 1, 2], "store": 2, "hand": hands[0]}, {"pits": [1, 2, 1], "store": 2, "hand": hands[1]}]},
        setup="{per_pit: 2, stock: 1}")
    south, stores = ([0, 0, 2], (4, 2)) if caught else ([0, 2, 2], (2, 2))
    assert result == expect(south, [1, 2, 1], stores=stores, hands=hands)


@pytest.mark.parametrize("cond,move,caught", [
    ("{own_side: 4}", "A1", True), ("{own_side: 5}", "A1", False),  # counted after the lap: 0+2+2
    ("{opponent_side: 6}", "A3", True), ("{opponent_side: 6}", "A1", False),
    ("{opponent_side: {min: 5}}", "A3", True),
])
def test_condition_own_side_and_opponent_side(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


@pytest.mark.parametrize("played,caught", [(3, True), (2, False)])
def test_condition_moves_played(played: int, caught: bool) -> None:
    assert when("{moves_played: 3}", "A1", {**BASE, "moves_played": played}) == (CAUGHT if caught else MISSED)["A1"]


@pytest.mark.parametrize("cond,move,to_move", [
    ("{captured: true}", "A3", 0), ("{captured: true}", "A1", 1),
    ("{captured: false}", "A3", 1), ("{captured: false}", "A1", 0),
])
def test_condition_captured(cond: str, move: str, to_move: int) -> None:
    game = make(turn=f"{{extra_turn: {cond}}}",
                captures="[{name: c, when: {side: opponent, count: [2, 3]}, take: [landing]}]")
    result = {"A3": CAUGHT["A3"], "A1": MISSED["A1"]}[move]
    assert outcome(play(game, BASE, move)) == {**result, "to_move": to_move}


@pytest.mark.parametrize("want", [True, False])
@pytest.mark.parametrize("south,can_capture", [([0, 1, 1], False), ([1, 1, 1], True)])
def test_condition_opponent_can_capture(want: bool, south: list[int], can_capture: bool) -> None:
    # A3 (1) sows a1 (0 -> 1), no capture. Then North's a3 (1) would land in A1: with A1
    # empty it holds 1 (no capture; a1 -> a2 neither); with A1 holding 1 it holds 2, a capture.
    game = make(turn=f"{{extra_turn: {{opponent_can_capture: {str(want).lower()}}}}}",
                captures="[{name: c, when: {side: opponent, count: [2, 3]}, take: [landing]}]")
    pos = position(south, [0, 0, 1], stores=(5, 6 - sum(south)))
    again = want == can_capture
    assert outcome(play(game, pos, "A3")) == expect(south[:2] + [0], [1, 0, 1], stores=(5, 6 - sum(south)),
                                                    to_move=0 if again else 1)


def test_look_ahead_conditions_only_after_a_move() -> None:
    with pytest.raises(rulespec.SpecError, match=r"test.yaml:4:29: opponent_can_capture looks ahead"):
        make(captures="[{name: c, when: {opponent_can_capture: false}, take: [landing]}]")


@pytest.mark.parametrize("cond,move,caught", [
    ("{all: [{side: own}, {count: 2}]}", "A1", True),
    ("{all: [{side: own}, {count: 2}]}", "A2", False),
    ("{any: [{count: 2}, {side: opponent}]}", "A1", True),
    ("{any: [{count: 2}, {side: opponent}]}", "A3", True),
    ("{any: [{count: 2}, {side: opponent}]}", "A2", False),
    ("{not: {side: own}}", "A3", True),
    ("{not: {side: own}}", "A1", False),
    ("{side: own, count: 3}", "A2", True),  # keys are AND-ed
    ("{side: own, count: 3}", "A1", False),
])
def test_condition_all_any_not(cond: str, move: str, caught: bool) -> None:
    assert when(cond, move) == (CAUGHT if caught else MISSED)[move]


# --- obligations ---------------------------------------------------------------------------


def test_obligations_feed() -> None:
    pos = position([1, 0, 2], [0, 0, 0], stores=(4, 5))
    assert legal(play(make(), pos)) == ["A1", "A3"]
    game = make(obligations="{feed: {}}")
    assert legal(play(game, pos)) == ["A3"]
    assert outcome(play(game, pos, "A3")) == expect([1, 0, 0], [1, 1, 0], stores=(4, 5))


def test_obligations_feed_when() -> None:
    # The duty applies only from the third move on.
    game = make(obligations="{feed: {when: {opponent_side: 0, moves_played: {min: 2}}}}")
    assert legal(play(game, position([1, 0, 2], [0, 0, 0], stores=(4, 5)))) == ["A1", "A3"]
    assert legal(play(game, position([1, 0, 2], [0, 0, 0], stores=(4, 5), moves_played=2))) == ["A3"]


def test_obligations_feed_impossible_leaves_no_legal_move() -> None:
    game = make(obligations="{feed: {}}", end="[{kind: no_legal_move, remaining: to_owner}]")
    st = play(game, position([1, 1, 0], [0, 0, 0], stores=(5, 5)))
    assert outcome(st) == expect([0, 0, 0], [0, 0, 0], stores=(7, 5), returns=SOUTH_WINS)


# --- marks ---------------------------------------------------------------------------------


def marks_after(cleared_when: str, marked: list[str], move: str, pos: dict[str, Any] = BASE,
                **blocks: str) -> dict[str, list[str]]:
    game = make(marks=f"{{m: {{meaning: marked, cleared_when: {cleared_when}}}}}", **blocks)
    return play(game, {**pos, "marks": {"m": marked}}, move).snapshot()["marks"]


def test_marks_kept_without_cleared_when() -> None:
    assert marks_after("[]", ["A1", "A3", "a2"], "A1") == {"m": ["A1", "A3", "a2"]}


def test_marks_cleared_when_lifted() -> None:
    # A1 is lifted; A3 and a2 are sown into; a1 is untouched.
    assert marks_after("[lifted]", ["A1", "A3", "a1"], "A1") == {"m": ["A3", "a1"]}


def test_marks_cleared_when_lifted_by_a_relay_lap() -> None:
    # A1 -> A2 (occupied): A2 is lifted and sown on.
    assert marks_after("[lifted]", ["A2", "A3"], "A1", RELAY_POSITION,
                       sowing="{laps: {kind: relay}}") == {"m": ["A3"]}


def test_marks_cleared_when_lifted_by_anyone() -> None:
    # A3 (1) -> a1 (occupied): South lifts North's a1 to sow on, so its mark goes
    # (as Kiothi's nki: a boma whose contents were sown is no longer nki).
    pos = position([0, 0, 1], [1, 0, 0], stores=(5, 5))
    assert marks_after("[lifted]", ["a1"], "A3", pos, sowing="{laps: {kind: relay}}") == {"m": []}


def test_marks_cleared_when_emptied() -> None:
    # After A1: A1 is empty; the untouched empty a3 of this position is empty too.
    pos = position([1, 1, 2], [1, 3, 0], stores=(2, 2))
    assert marks_after("[emptied]", ["A1", "A3", "a3"], "A1", pos) == {"m": ["A3"]}


def test_marks_cleared_when_captured() -> None:
    blocks = {"captures": "[{name: c, when: {side: opponent, count: 3}, take: [landing, opposite]}]"}
    # A3 lands in a2 (3) and takes a2 and A2; A1 and a1 keep their marks.
    assert marks_after("[captured]", ["A1", "A2", "a1", "a2"], "A3", **blocks) == {"m": ["A1", "a1"]}
    assert marks_after("[]", ["A1", "A2", "a1", "a2"], "A3", **blocks) == {"m": ["A1", "A2", "a1", "a2"]}


def test_marks_cleared_when_captured_this_move() -> None:
    blocks = {"captures": "[{name: c, when: {side: opponent, count: 3}, take: [landing]}]"}
    # South's capture clears South's marks only.
    assert marks_after("[captured_this_move]", ["A1", "a1", "a3"], "A3", **blocks) == {"m": ["a1", "a3"]}
    assert marks_after("[captured_this_move]", ["A1", "a1", "a3"], "A1", **blocks) == {"m": ["A1", "a1", "a3"]}


def test_marks_set_after_move() -> None:
    game = make(marks="{big: {meaning: three or more, set_after_move: {count: {min: 3}}}}")
    # A2 makes A3 hold 3: it is the mover's, so it is marked.
    assert play(game, BASE, "A2").snapshot()["marks"] == {"big": ["A3"]}
    # A3 makes North's a2 hold 3: every pit is tested, so North's a2 is marked too.
    assert play(game, BASE, "A3").snapshot()["marks"] == {"big": ["a2"]}
    own_only = make(marks="{big: {meaning: three or more, set_after_move: {side: own, count: {min: 3}}}}")
    assert play(own_only, BASE, "A3").snapshot()["marks"] == {"big": []}
    st = play(game, BASE, "A2", "a2")  # North: a2 (2) -> a3, A1; a3 now holds 2
    assert st.snapshot()["marks"] == {"big": ["A3"]}


# --- stages --------------------------------------------------------------------------------


def test_stages_until_moves_on_and_replaces_rules() -> None:
    game = make(stages="""
        - {name: opening, turn: {moves: [{direction: clockwise}]}, until: {moves_played: 2}}
        - {name: main}
        """)
    st = play(game, None, "A2")  # clockwise: A1, a3
    assert (st.snapshot()["stage"], outcome(st)) == ("opening", expect([3, 0, 2], [2, 2, 3]))
    st = play(game, None, "A2", "a2")  # clockwise for North: a1, A3
    assert (st.snapshot()["stage"], outcome(st)) == ("main", expect([3, 0, 3], [3, 0, 3], to_move=0))
    st = play(game, None, "A2", "a2", "A1")  # counter-clockwise again: A2, A3, a1
    assert (st.snapshot()["stage"], outcome(st)) == ("main", expect([0, 1, 4], [4, 0, 3]))


def test_stages_replace_captures_and_sowing() -> None:
    game = make(captures="[{name: c, when: {side: opponent, count: 3}, take: [landing]}]", stages="""
        - name: opening
          captures: []
          sowing: {laps: {kind: relay, when: {count_before: 2}}}
          until: {moves_played: 5}
        - {name: main}
        """)
    # In the opening A3 does not capture; a2 (2 before) is relayed: a3, A1, A2 (1 before).
    st = play(game, {**BASE, "stage": "opening"}, "A3")
    assert outcome(st) == expect([2, 2, 0], [2, 0, 2], stores=(2, 2))
    assert outcome(play(game, {**BASE, "stage": "main"}, "A3")) == CAUGHT["A3"]


def test_stages_last_stage_never_ends() -> None:
    game = make(stages="""
        - {name: opening, until: {moves_played: 1}}
        - {name: main}
        """)
    st = play(game, None, "A1", "a1", "A2")
    assert st.snapshot()["stage"] == "main"


def test_stages_default_single_stage() -> None:
    assert play(make(), None).snapshot()["stage"] == "play"


# --- end -----------------------------------------------------------------------------------
# South's last piece leaves its side: A3 (1) -> a1. Stores 5 - 3, North's side then holds 4.

SOUTH_EMPTIES = position([0, 0, 1], [1, 1, 1], stores=(5, 3))


@pytest.mark.parametrize("end,result", [
    ("{kind: side_empty}", expect([0, 0, 0], [2, 1, 1], stores=(5, 3), returns=SOUTH_WINS)),
    ("{kind: side_empty, player: any}", expect([0, 0, 0], [2, 1, 1], stores=(5, 3), returns=SOUTH_WINS)),
    ("{kind: side_empty, player: mover}", expect([0, 0, 0], [2, 1, 1], stores=(5, 3), returns=SOUTH_WINS)),
    ("{kind: side_empty, player: opponent}", expect([0, 0, 0], [2, 1, 1], stores=(5, 3))),
    ("{kind: side_empty, player: next}", expect([0, 0, 0], [2, 1, 1], stores=(5, 3))),
    ("{kind: side_empty, remaining: stay}", expect([0, 0, 0], [2, 1, 1], stores=(5, 3), returns=SOUTH_WINS)),
    ("{kind: side_empty, remaining: to_owner}", expect([0, 0, 0], [0, 0, 0], stores=(5, 7), returns=NORTH_WINS)),
    ("{kind: side_empty, remaining: to_player}", expect([0, 0, 0], [0, 0, 0], stores=(9, 3), returns=SOUTH_WINS)),
    ("{kind: side_empty, remaining: to_other}", expect([0, 0, 0], [0, 0, 0], stores=(5, 7), returns=NORTH_WINS)),
    ("{kind: side_empty, remaining: removed}",
     expect([0, 0, 0], [0, 0, 0], stores=(5, 3), removed=4, returns=SOUTH_WINS)),
    ("{kind: side_empty, result: player_loses}", expect([0, 0, 0], [2, 1, 1], stores=(5, 3), returns=NORTH_WINS)),
    ("{kind: side_empty, result: player_wins}", expect([0, 0, 0], [2, 1, 1], stores=(5, 3), returns=SOUTH_WINS)),
])
def test_end_side_empty_when_the_mover_empties_their_side(end: str, result: dict[str, Any]) -> None:
    assert outcome(play(make(end=f"[{end}]"), SOUTH_EMPTIES, "A3")) == result


# South's capture takes North's last pieces: A3 (1) -> a1 (2), captured.
NORTH_EMPTIED = position([1, 0, 1], [1, 0, 0], stores=(4, 5))


@pytest.mark.parametrize("player,ends", [("any", True), ("mover", False), ("opponent", True), ("next", True)])
def test_end_side_empty_when_the_opponent_is_emptied(player: str, ends: bool) -> None:
    game = make(captures=TWO_CAPTURES, end=f"[{{kind: side_empty, player: {player}, result: player_loses}}]")
    st = play(game, NORTH_EMPTIED, "A3")
    # Either way the game is over with South ahead; what ended it differs.
    assert outcome(st) == expect([1, 0, 0], [0, 0, 0], stores=(6, 5), returns=SOUTH_WINS)
    if ends:  # North's side is empty: North loses by this rule
        assert st.snapshot()["end_reason"] == "side_empty"
    else:  # not about North: North cannot move, and with no rule for that the scores decide
        assert st.snapshot()["end_reason"] == "no_legal_move"


def test_end_side_empty_rows() -> None:
    # Four ranks, action order B1 B2 A2 A1: A1 (1) -> B1 empties South's front row.
    pos = position([1, 0, 0, 1], [1, 1, 1, 1], stores=(2, 0))
    front = make(**FOUR, end="[{kind: side_empty, rows: [front]}]")
    assert outcome(play(front, pos, "A1")) == expect([2, 0, 0, 0], [1, 1, 1, 1], stores=(2, 0), returns=SOUTH_WINS)
    back = make(**FOUR, end="[{kind: side_empty, rows: [back]}]")
    assert outcome(play(back, pos, "A1")) == expect([2, 0, 0, 0], [1, 1, 1, 1], stores=(2, 0))


@pytest.mark.parametrize("end,result", [
    ("{kind: no_legal_move}", expect([0, 0, 0], [0, 1, 0], stores=(5, 6), returns=NORTH_WINS)),
    ("{kind: no_legal_move, remaining: to_owner}", expect([0, 0, 0], [0, 0, 0], stores=(5, 7), returns=NORTH_WINS)),
    ("{kind: no_legal_move, remaining: to_player}", expect([0, 0, 0], [0, 0, 0], stores=(6, 6), returns=DRAW)),
    ("{kind: no_legal_move, result: player_loses}", expect([0, 0, 0], [0, 1, 0], stores=(5, 6), returns=NORTH_WINS)),
    ("{kind: no_legal_move, result: player_wins}", expect([0, 0, 0], [0, 1, 0], stores=(5, 6), returns=SOUTH_WINS)),
])
def test_end_no_legal_move(end: str, result: dict[str, Any]) -> None:
    # North a1 (1) -> a2, and South, to move, has no piece to lift.
    st = play(make(end=f"[{end}]"), position([0, 0, 0], [1, 0, 0], stores=(5, 6), to_move=1), "a1")
    assert outcome(st) == result


MAJORITY = {"captures": "[{name: c, when: {side: opponent, count: [2, 3]}, take: [landing]}]"}


def test_end_majority() -> None:
    game = make(**MAJORITY, end="[{kind: majority, remaining: to_owner}]")
    pos = position([1, 1, 2], [1, 2, 1], stores=(4, 0))
    # A3 captures 3: 7 of 12 is a majority.
    assert outcome(play(game, pos, "A3")) == expect([0, 0, 0], [0, 0, 0], stores=(9, 3), returns=SOUTH_WINS)
    assert outcome(play(game, pos, "A1")) == expect([0, 2, 2], [1, 2, 1], stores=(4, 0))


def test_end_majority_both_exactly_half() -> None:
    game = make(**MAJORITY, end="[{kind: majority}]")
    st = play(game, position([0, 0, 1], [1, 0, 0], stores=(4, 6)), "A3")
    assert outcome(st) == expect([0, 0, 0], [0, 0, 0], stores=(6, 6), returns=DRAW)


def test_end_score_at_least() -> None:
    game = make(**MAJORITY, end="[{kind: score_at_least, points: 5}]")
    assert outcome(play(game, BASE, "A3")) == {**CAUGHT["A3"], "to_move": None, "terminal": True,
                                                "returns": SOUTH_WINS}
    assert outcome(play(game, BASE, "A1")) == MISSED["A1"]


def test_end_repetition() -> None:
    game = make(board="{pits: 2, stores: beside}", setup="{per_pit: 1}",
                end="[{kind: repetition, remaining: to_owner}]")
    pos = position([1, 2], [0, 1])
    st = play(game, pos, "A2", "a2", "A1")
    assert outcome(st) == expect([0, 2], [2, 0])
    # a1 brings back the starting position, South to move.
    st = play(game, pos, "A2", "a2", "A1", "a1")
    assert outcome(st) == expect([0, 0], [0, 0], stores=(3, 1), returns=SOUTH_WINS)


def test_end_repetition_of_the_positions_seen_in_the_snapshot() -> None:
    game = make(board="{pits: 2, stores: beside}", setup="{per_pit: 1}",
                end="[{kind: repetition, remaining: to_owner}]")
    seen = position([1, 2], [0, 1], repetition=[])  # the snapshot says nothing was seen yet
    st = play(game, seen, "A2", "a2", "A1", "a1")
    assert outcome(st) == expect([1, 2], [0, 1], to_move=0)


def test_end_move_limit() -> None:
    game = make(end="[{kind: move_limit, moves: 2, remaining: to_owner}]")
    st = play(game, None, "A3")
    assert outcome(st) == expect([2, 2, 0], [3, 3, 2])
    st = play(game, None, "A3", "a3")  # a3 (2) -> A1, A2
    assert outcome(st) == expect([0, 0, 0], [0, 0, 0], stores=(6, 6), returns=DRAW)
    st = play(game, position([2, 2, 2], [2, 2, 2], moves_played=1), "A3")
    assert outcome(st) == expect([0, 0, 0], [0, 0, 0], stores=(4, 8), returns=NORTH_WINS)


def test_end_conditions_are_tried_in_order() -> None:
    ends = ["{kind: side_empty, result: player_wins}", "{kind: side_empty, result: player_loses}"]
    assert outcome(play(make(end=f"[{ends[0]}, {ends[1]}]"), SOUTH_EMPTIES, "A3"))["returns"] == SOUTH_WINS
    assert outcome(play(make(end=f"[{ends[1]}, {ends[0]}]"), SOUTH_EMPTIES, "A3"))["returns"] == NORTH_WINS


# --- scoring -------------------------------------------------------------------------------


@pytest.mark.parametrize("counts,scores", [
    ("[store]", [2, 1]),
    ("[own_pits]", [4, 4]),
    ("[stock]", [1, 2]),
    ("[store, stock]", [3, 3]),
    ("[store, own_pits]", [6, 5]),
    ("[store, own_pits, stock]", [7, 7]),
])
def test_scoring_counts(counts: str, scores: list[int]) -> None:
    game = make(setup="{per_pit: 2, stock: 1}", scoring=f"{{counts: {counts}}}")
    st = play(game, position([1, 1, 2], [1, 2, 1], stores=(2, 1), hands=(1, 2)))
    assert [p["score"] for p in st.snapshot()["players"]] == scores


def test_scoring_piece_value() -> None:
    game = make(setup="{per_pit: 2, kinds: [{name: bean, value: 2}]}")
    st = play(game, position([1, 1, 2], [1, 2, 1], stores=(3, 1)))
    assert [p["score"] for p in st.snapshot()["players"]] == [6, 2]


def test_scoring_counts_decide_the_result() -> None:
    # Move limit 1: after A3 (2) -> a1, a2, South has 4 on its pits and North 8, stores 3 - 1.
    pos = position([2, 2, 2], [2, 2, 2], stores=(0, 0))
    for counts, returns in [("[store]", DRAW), ("[own_pits]", NORTH_WINS)]:
        game = make(scoring=f"{{counts: {counts}}}", end="[{kind: move_limit, moves: 1}]")
        assert outcome(play(game, pos, "A3")) == expect([2, 2, 0], [3, 3, 2], returns=returns)


# --- parameters ----------------------------------------------------------------------------

PARAMS = """
pits: {doc: pits per row, default: 3, min: 2, max: 4}
seeds: {doc: seeds per pit, default: 2, min: 2, even: true}
way: {doc: sowing direction, default: counterclockwise, choices: [counterclockwise, clockwise]}
"""
PARAM_BLOCKS = {"parameters": PARAMS, "board": "{pits: $pits, stores: beside}", "setup": "{per_pit: $seeds}",
                    "turn": "{moves: [{direction: $way}]}"}


def test_parameters_defaults() -> None:
    game = make(**PARAM_BLOCKS)
    assert game.params == {"pits": 3, "seeds": 2, "way": "counterclockwise"}
    assert outcome(play(game, None, "A2")) == expect([2, 0, 3], [3, 2, 2])


def test_parameters_overrides_at_load() -> None:
    game = make({"pits": 4, "seeds": 4, "way": "clockwise"}, **PARAM_BLOCKS)
    assert game.params == {"pits": 4, "seeds": 4, "way": "clockwise"}
    assert outcome(play(game, None, "A2")) == expect([5, 0, 4, 4], [4, 5, 5, 5])


@pytest.mark.parametrize("values,message", [
    ({"pits": 5}, "parameter 'pits' = 5: 5 is above the maximum 4"),
    ({"pits": 1}, "parameter 'pits' = 1: 1 is below the minimum 2"),
    ({"pits": "4"}, "parameter 'pits' = '4': expected a whole number, got '4'"),
    ({"pits": True}, "parameter 'pits' = True: expected a whole number, got True"),
    ({"seeds": 3}, "parameter 'seeds' = 3: 3 is not even"),
    ({"way": "sideways"}, "parameter 'way' = 'sideways': 'sideways' is not one of counterclockwise, clockwise"),
    ({"pit": 4}, "unknown parameter 'pit' (did you mean 'pits'?) for test.yaml; parameters: pits, seeds, way"),
])
def test_parameters_out_of_bounds_or_unknown(values: dict[str, Any], message: str) -> None:
    with pytest.raises(ParameterError) as info:
        make(values, **PARAM_BLOCKS)
    assert str(info.value) == message


@pytest.mark.parametrize("value,message", [
    (1, "parameter 'on' = 1: expected true or false, got 1"),
    ("yes", "parameter 'on' = 'yes': expected true or false, got 'yes'"),
])
def test_parameters_bool(value: Any, message: str) -> None:
    blocks = {"parameters": "{on: {doc: captures are on, default: true}}",
                  "captures": "[{name: c, enabled: $on, when: {side: opponent}, take: [landing]}]"}
    assert make({"on": False}, **blocks).params == {"on": False}
    with pytest.raises(ParameterError) as info:
        make({"on": value}, **blocks)
    assert str(info.value) == message


def test_parameters_unknown_when_none_are_declared() -> None:
    with pytest.raises(ParameterError) as info:
        make({"pits": 4})
    assert str(info.value) == "unknown parameter 'pits' for test.yaml; parameters: none"


# --- captured pieces sown again (to: sow) ----------------------------------------------------

SOW_AGAIN = "[{name: c, when: {side: own, count: 2, opposite: {count: {min: 1}}}, take: [opposite], to: {sow: %s}}]"
SOW_POSITION = position([0, 1, 1], [1, 2, 1], stores=(3, 3))
"""A2's piece makes A3 two, facing a1's one piece: a1 is taken and sown again from an entry."""


def test_captures_sown_again_from_the_entry_in_the_move_direction() -> None:
    # Entries at both ends of the row; the move sows anticlockwise, and from A1 sowing runs
    # anticlockwise along the row (from A3 it would run clockwise): A1 is used (keep_direction).
    game = make(captures=SOW_AGAIN % "{entry: {pit: [A1, A3]}}")
    assert outcome(play(game, SOW_POSITION, "A2")) == expect([1, 0, 2], [0, 2, 1], stores=(3, 3))


def test_captures_sown_again_from_the_nearest_entry() -> None:
    # nearest_when holds at the capturing pit A3: the entry nearest to it, A3 itself, is used.
    game = make(captures=SOW_AGAIN % "{entry: {pit: [A1, A3]}, nearest_when: {side: own}}")
    assert outcome(play(game, SOW_POSITION, "A2")) == expect([0, 0, 3], [0, 2, 1], stores=(3, 3))


def test_captures_sown_again_from_an_entry_the_mover_picks() -> None:
    game = make(captures=SOW_AGAIN % "{entry: {pit: [A1, A3]}, keep_direction: false}")
    st = play(game, SOW_POSITION, "A2")
    assert st.pending_request() is not None and st.pending_request().kind == "entry"
    assert len(st.legal_actions()) == 2
    labels = [st.action_to_string(a) for a in st.legal_actions()]
    st.apply_action(st.legal_actions()[1])
    assert outcome(st) == expect([0, 0, 3], [0, 2, 1], stores=(3, 3)), labels
