"""Bao la Kiswahili, rule by rule.

One test per numbered rule of J. Donkers' "rules for the computer" (seed 004, rules 1.x-5.x and
the notation appendix), plus the positions of the player's tutorial (seed 000, photos 16-20).
Every expected result was worked out by hand from the rules; the traces are in the comments.
Where the numbered rules are ambiguous the tests follow the choice written in the spec's
`notes:` (variants/bao-la-kiswahili.yaml) and say so.

Conventions used in the traces
------------------------------
* Rows are written as 8 counts from the owner's left: South's A1..A8 / B1..B8, North's
  a1..a8 / b1..b8. A<i> faces a<9-i> (A1-a8, A4-a5, A5-a4, A8-a1).
* South clockwise (CW, written `>` on the A row, `<` on the B row) runs
  A1 A2 ... A8 B8 B7 ... B1 A1; anticlockwise (CCW, `<` on A, `>` on B) the other way.
  North is the mirror image with its own labels.
* "x 1->2" means pit x held 1 seed and now holds 2. A lap is one sowing; "relay" is kuendelea.
* Captured seeds are sown starting IN the kichwa: from A1 going CW, or from A8 going CCW.
* A position must hold 64 seeds (board + hands). Seeds a test does not care about ("ballast")
  are parked in back-row pits that the move never reaches; in the mtaji stage a pit of more
  than 15 seeds can never start a harvest (3.4.2), so ballast pits of 16+ seeds are inert for
  harvest and kutakatia look-ahead.
"""
from __future__ import annotations

import pytest

import rulespec
from engines import Interpreted
from rulespec.interpreter.notation import parse_move
from rulespec.errors import NotationError
from rulespec.records import RecordError, parse_record, replay

GAME = rulespec.load("bao-la-kiswahili")
GAME10 = rulespec.load("bao-la-kiswahili", max_laps=10)
INTERPRETED = Interpreted(lambda: rulespec.load("bao-la-kiswahili"))
BOTH_PATHS = pytest.mark.parametrize("game", [GAME, INTERPRETED], ids=["compiled", "interpreted"])
"""For the rules whose reading matters most: the test runs on the engine compiled and on its
source run by Python."""
Z = [0] * 8


# --- helpers -------------------------------------------------------------------------------

def position(A, B, a, b, *, hands=(0, 0), to_move=0, stage="mtaji", owned=(), blocked=(),
             game=GAME):
    """A state from rows (each from its owner's left)."""
    for row in (A, B, a, b):
        assert len(row) == 8
    assert sum(A) + sum(B) + sum(a) + sum(b) + sum(hands) == 64, "a Bao position holds 64 seeds"
    snap = {
        "stage": stage,
        "to_move": to_move,
        "marks": {"owned": list(owned), "blocked": list(blocked)},
        "players": [{"rows": {"A": list(A), "B": list(B)}, "hand": hands[0]},
                    {"rows": {"a": list(a), "b": list(b)}, "hand": hands[1]}],
    }
    return game.state_from_snapshot(snap)


def play(state, *moves):
    """Apply whole moves written in the appendix notation (in place); returns the state."""
    for move in moves:
        for action in parse_move(state, move):
            state.apply_action(action)
    return state


def after(state, *moves):
    """The state after the moves, leaving `state` untouched."""
    return play(state.clone(), *moves)


def whole_moves(state):
    """Every complete legal move, written in notation ('-', stop at the nyumba, is omitted)."""
    out = set()

    def walk(st, text):
        for action in st.legal_actions():
            label = st.action_to_string(action)
            nxt = st.clone()
            nxt.apply_action(action)
            written = text + ("" if label == "-" else label)
            if nxt.pending_request() is None:  # (with any decision the rules forced)
                out.add(nxt.move_to_string(suffix=False))
            else:
                walk(nxt, written)

    walk(state, "")
    return out


def start_labels(state):
    """The pits the player to move may start from (the first decision of a move)."""
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def summary(state):
    s = state.snapshot()
    south, north = s["players"]
    out = {
        "A": south["rows"]["A"], "B": south["rows"]["B"],
        "a": north["rows"]["a"], "b": north["rows"]["b"],
        "hands": [south["hand"], north["hand"]],
        "to_move": s["to_move"], "stage": s["stage"],
        "owned": sorted(s["marks"]["owned"]), "blocked": sorted(s["marks"]["blocked"]),
        "terminal": s["terminal"],
    }
    if s["terminal"]:
        out["returns"] = list(s["returns"])
        out["end_reason"] = s["end_reason"]
    return out


def expected(A, B, a, b, *, hands=(0, 0), to_move=1, stage="mtaji", owned=(), blocked=(),
             returns=None, end_reason=None):
    out = {
        "A": list(A), "B": list(B), "a": list(a), "b": list(b),
        "hands": list(hands), "to_move": to_move, "stage": stage,
        "owned": sorted(owned), "blocked": sorted(blocked), "terminal": returns is not None,
    }
    if returns is not None:
        out["to_move"] = None
        out["returns"] = list(returns)
        out["end_reason"] = end_reason
    return out


SOUTH_WINS, NORTH_WINS = (1.0, -1.0), (-1.0, 1.0)


# --- 1.1, 1.2: goal and end of the game ---------------------------------------------------

def test_rule_1_1_goal_empty_the_front_row_or_leave_no_move():
    """1.1: the goal is to empty the opponent's front row or to leave them without a move."""
    # (a) North's only front seed is a7 (1). "A4<": A4 (2) CCW -> A3 0->1, A2 1->2; A2 faces a7
    # -> harvest 1 seed; A2 is a kimbi -> sown from A1: A1 0->1 (empty, the move would end).
    # North's front row is empty: South wins.
    st = position([0, 1, 0, 2, 0, 0, 0, 0], Z, [0, 0, 0, 0, 0, 0, 1, 0], [8, 8, 8, 8, 7, 7, 7, 7])
    assert whole_moves(st) == {"A4<"}  # A4> ends in empty A6
    play(st, "A4<")
    assert summary(st) == expected([1, 2, 1, 0, 0, 0, 0, 0], Z, Z, [8, 8, 8, 8, 7, 7, 7, 7],
                                   returns=SOUTH_WINS, end_reason="side_empty")

    # (b) North: a6=2, a8=1 and eight singletons behind. "A1>": A2 0->1, A3 1->2 faces a6 ->
    # harvest 2, A3 is not a kimbi, CW -> from A1: A1 0->1, A2 1->2; a7 empty -> relay A2 (2):
    # A3 2->3, A4 0->1 (empty) -> end. North has only single seeds left: no move, South wins.
    south_back = [7, 7, 6, 6, 6, 6, 6, 6]
    st = position([2, 0, 1, 0, 0, 0, 0, 0], south_back, [0, 0, 0, 0, 0, 2, 0, 1], [1] * 8)
    play(st, "A1>")
    assert summary(st) == expected([1, 0, 3, 1, 0, 0, 0, 0], south_back, [0, 0, 0, 0, 0, 0, 0, 1],
                                   [1] * 8,
                                   returns=SOUTH_WINS, end_reason="no_legal_move")


def test_rule_1_2_1_front_row_empty_at_the_start_of_a_turn():
    """1.2.1: a player whose front row is empty has lost, whoever is to move."""
    back = [4] * 8
    north = [0, 0, 0, 0, 6, 2, 2, 0]
    st = position(Z, back, north, [3, 3, 3, 3, 3, 3, 2, 2])  # South to move, South's A row empty
    assert st.is_terminal() and st.legal_actions() == []
    assert summary(st) == expected(Z, back, north, [3, 3, 3, 3, 3, 3, 2, 2], returns=NORTH_WINS,
                                   end_reason="side_empty")
    st = position(north, [3, 3, 3, 3, 3, 3, 2, 2], Z, back)  # South to move, North's a row empty
    assert summary(st) == expected(north, [3, 3, 3, 3, 3, 3, 2, 2], Z, back, returns=SOUTH_WINS,
                                   end_reason="side_empty")


def test_rule_1_2_1_front_row_emptied_in_the_middle_of_a_move():
    """1.2.1: "(even before his/her move ends)": the game ends at once, the kuendelea that
    would follow is not played. Assumed (the rules are silent): the harvested seeds are
    still sown (that lap completes) and the game ends right after it."""
    # North's only front pit is a7 (2). "A4<": lap 1 A3 0->1, A2 1->2 faces a7 -> harvest 2;
    # A2 kimbi -> from A1 CW: lap 2 A1 0->1, A2 2->3. A2 is occupied and a7 is now empty, so
    # kuendelea would lift A2 (3) next -- but North's front row is empty: the game is over.
    ballast = [8, 8, 8, 7, 7, 7, 7, 7]
    st = position([0, 1, 0, 2, 0, 0, 0, 0], Z, [0, 0, 0, 0, 0, 0, 2, 0], ballast)
    play(st, "A4<")
    assert st.last_move.sowings == 2
    assert summary(st) == expected([1, 3, 1, 0, 0, 0, 0, 0], Z, Z, ballast, returns=SOUTH_WINS,
                                   end_reason="side_empty")


def test_rule_1_2_2_player_who_cannot_move_loses():
    """1.2.2: the game ends when a player cannot move; that player loses."""
    # South: A1=2 (the only front seeds) and back-row seeds; North: a1=1 and b1..b8 = 1.
    # No South sowing ends in A8 (empty, the only pit facing a North seed): no harvest.
    # A1 is the kichwa and the only filled front pit: only A1> (1.5.3.1). A1 (2): A2 0->1,
    # A3 0->1 -> end. North now holds only single seeds: no legal move, North loses.
    back = [7, 7, 7, 7, 7, 6, 6, 6]
    st = position([2, 0, 0, 0, 0, 0, 0, 0], back, [1, 0, 0, 0, 0, 0, 0, 0], [1] * 8)
    assert whole_moves(st) == {"A1>"}
    play(st, "A1>")
    assert summary(st) == expected([0, 1, 1, 0, 0, 0, 0, 0], back, [1, 0, 0, 0, 0, 0, 0, 0],
                                   [1] * 8,
                                   returns=SOUTH_WINS, end_reason="no_legal_move")


# --- 1.3: sowing ---------------------------------------------------------------------------

def test_rule_1_3_sowing_goes_round_the_own_two_rows_either_way():
    """1.3: seeds are sown one by one into consecutive pits of the own two rows, CW or CCW."""
    # A6 (6), nothing to harvest (North's only front seed a1 faces empty A8).
    ballast = [8, 7, 7, 7, 7, 7, 7, 7]
    st = position([0, 0, 0, 0, 0, 6, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast)
    assert whole_moves(st) == {"A6<", "A6>"}
    # A6> (CW): A7, A8, round the corner B8, B7, B6, B5 (empty) -> end.
    assert summary(after(st, "A6>")) == expected([0, 0, 0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1],
                                                 [1, 0, 0, 0, 0, 0, 0, 0], ballast)
    # A6< (CCW): A5, A4, A3, A2, A1, round the corner B1 -> end. North's rows are never sown.
    assert summary(after(st, "A6<")) == expected([1, 1, 1, 1, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0],
                                                 [1, 0, 0, 0, 0, 0, 0, 0], ballast)


def test_rule_1_3_1_direction_changes_only_after_a_harvest_in_a_kimbi():
    """1.3.1: the direction is kept, unless a sowing ends with a harvest in a kichwa or kimbi."""
    # A4> (CW): A5 0->1, A6 0->1, A7 1->2; A7 faces a2 (2) -> harvest. A7 is a kimbi: the 2
    # seeds go in from the nearest kichwa A8 and the move turns CCW: A8 0->1, A7 2->3; a2 is
    # now empty -> kuendelea CCW (the new direction): A7 (3) -> A6 1->2, A5 1->2, A4 0->1 (empty).
    ballast = [8, 7, 7, 7, 7, 7, 7, 7]
    st = position([0, 0, 0, 3, 0, 0, 1, 0], Z, [0, 2, 0, 0, 0, 0, 0, 1], ballast)
    assert whole_moves(st) == {"A4>"}
    play(st, "A4>")
    assert st.last_move.fired == ("harvest",) and st.last_move.sowings == 3
    assert summary(st) == expected([0, 0, 0, 1, 2, 2, 0, 1], Z, [0, 0, 0, 0, 0, 0, 0, 1], ballast)


def test_rule_1_3_2_no_sowing_starts_with_a_single_seed():
    """1.3.2: a sowing never starts with one seed."""
    # mtaji: A2 (1) and B5 (1) are never offered; only A3 (2). No harvest: A3> ends in empty A5,
    # A3< ends in empty A1.
    st = position([0, 1, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0],
                  [8, 8, 8, 7, 7, 7, 7, 7])
    assert whole_moves(st) == {"A3<", "A3>"}
    # kunamua: a pit of one seed is played by adding the stock seed first, so two are sown.
    # A3> : stock seed A3 1->2, lift 2: A4 0->1, A5 0->1 (empty) -> end.
    ballast = [6, 6, 5, 5, 5, 5, 5, 5]
    st = position([0, 0, 1, 0, 0, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua")
    play(st, "A3>")
    assert st.last_move.sowings == 2
    assert summary(st) == expected([0, 0, 0, 1, 1, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")


# --- 1.4: harvesting -----------------------------------------------------------------------

def test_rule_1_4_harvest_only_from_an_occupied_front_pit_facing_an_occupied_pit():
    """1.4: a harvest needs the sowing to end in an occupied pit of the front row whose
    opposite pit (front row of the opponent) is occupied."""
    # North: a1=1 (faces A8), a6=3 (faces A3). South: A1=2, A3=1, A6=2, B2=2.
    #   A1> : A2, A3 1->2 faces a6=3            -> harvest (the only one)
    #   A1< : B1, B2 2->3                       -> back row: no
    #   A6> : A7, A8 0->1 faces a1=1            -> ends in an empty pit: no
    #   A6< : A5, A4 (empty)                    -> no
    #   B2< : B1, A1 2->3 faces a8=0            -> opposite empty: no
    #   B2> : B3, B4                            -> back row: no
    st = position([2, 0, 1, 0, 0, 2, 0, 0], [0, 2, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 3, 0, 0],
                  [7, 7, 7, 7, 7, 6, 6, 6])
    assert whole_moves(st) == {"A1>"}
    # A1>: lap 1 A2 0->1, A3 1->2: take a6 (3). A3 not a kimbi, CW -> from A1:
    # lap 2 A1 0->1, A2 1->2, A3 2->3; a6 empty -> relay A3 (3): lap 3 A4 0->1, A5 0->1,
    # A6 2->3; a3 empty -> relay A6 (3): lap 4 A7 0->1, A8 0->1, B8 0->1 (empty) -> end.
    play(st, "A1>")
    assert st.last_move.sowings == 4 and st.last_move.fired == ("harvest",)
    assert summary(st) == expected([1, 2, 0, 1, 1, 0, 1, 1], [0, 2, 0, 0, 0, 0, 0, 1],
                                   [1, 0, 0, 0, 0, 0, 0, 0], [7, 7, 7, 7, 7, 6, 6, 6])


def test_rule_1_4_1_must_harvest_if_possible():
    """1.4.1: if a player can harvest, he must. After the opening A7< North's a5 faces A4 (1):
    only the harvest from a5 is legal, although a6 and a7 could start a kutakata."""
    st = play(GAME.new_initial_state(), "A7<")  # South: A=[0,0,0,1,7,3,0,0], hand 21
    assert whole_moves(st) == {"a5<", "a5>"}
    # a5> : stock seed a5 6->7; take A4 (1); '>' = North's right kichwa a8: a8 0->1 (empty) -> end.
    play(st, "a5>")
    assert summary(st) == expected([0, 0, 0, 0, 7, 3, 0, 0], Z, [0, 0, 0, 0, 7, 2, 2, 1], Z,
                                   hands=(21, 21), to_move=0, stage="kunamua", owned=("A5", "a5"))


def test_rule_1_4_2_harvested_seeds_are_all_taken_and_sown_from_a_kichwa():
    """1.4.2: all seeds of the harvested pit are taken and sown on the own side, starting at
    a kichwa (the first seed goes into the kichwa itself)."""
    # A3> : A4 0->1, A5 1->2 faces a4 (4) -> take all 4. A5 not a kimbi, CW -> from A1:
    # A1 0->1, A2 0->1, A3 0->1, A4 1->2; a5 empty -> relay A4 (2): A5 2->3, A6 0->1 -> end.
    st = position([0, 0, 2, 0, 1, 0, 0, 0], Z, [0, 0, 0, 4, 0, 0, 0, 1], [7] * 8)
    assert whole_moves(st) == {"A3>"}
    play(st, "A3>")
    assert summary(st) == expected([1, 1, 1, 0, 3, 1, 0, 0], Z, [0, 0, 0, 0, 0, 0, 0, 1], [7] * 8)


def test_rule_1_4_3_direction_is_kept_and_chosen_at_the_start_of_a_kunamua_move():
    """1.4.3: the move's direction is sustained when harvested seeds are sown; at the start of
    a kunamua move the player chooses it."""
    # mtaji, A6< (CCW): A5 0->1, A4 1->2 faces a5 (3) -> harvest; A4 not a kimbi, the move is
    # CCW -> from the right kichwa A8, CCW: A8 0->1, A7 0->1, A6 0->1 (emptied at the start) -> end.
    ballast = [8, 7, 7, 7, 7, 7, 7, 7]
    st = position([0, 0, 0, 1, 0, 2, 0, 0], Z, [0, 0, 0, 0, 3, 0, 0, 1], ballast)
    assert whole_moves(st) == {"A6<"}
    assert summary(after(st, "A6<")) == expected([0, 0, 0, 2, 1, 1, 1, 1], Z,
                                                 [0, 0, 0, 0, 0, 0, 0, 1],
                                                 ballast)
    # kunamua: A4 (1) faces a5 (2). The stock seed has no direction: the player chooses.
    ballast = [5] * 8
    st = position([0, 0, 0, 1, 0, 0, 0, 0], Z, [0, 0, 0, 0, 2, 0, 0, 1], ballast, hands=(10, 10),
                  stage="kunamua")
    assert whole_moves(st) == {"A4<", "A4>"}
    # A4<: A4 1->2, take a5 (2), from A1 CW: A1 0->1, A2 0->1 -> end.
    assert summary(after(st, "A4<")) == expected([1, 1, 0, 2, 0, 0, 0, 0], Z,
                                                 [0, 0, 0, 0, 0, 0, 0, 1],
                                                 ballast, hands=(9, 10), stage="kunamua")
    # A4>: from A8 CCW: A8 0->1, A7 0->1 -> end.
    assert summary(after(st, "A4>")) == expected([0, 0, 0, 2, 0, 0, 1, 1], Z,
                                                 [0, 0, 0, 0, 0, 0, 0, 1],
                                                 ballast, hands=(9, 10), stage="kunamua")


def test_rule_1_4_4_left_kichwa_sows_clockwise_right_kichwa_anticlockwise():
    """1.4.4: seeds sown from the left kichwa go clockwise, from the right kichwa anticlockwise
    (and the kuendelea that follows keeps that direction)."""
    ballast = [5, 5, 5, 5, 5, 5, 4, 4]
    st = position([0, 0, 1, 1, 0, 0, 0, 0], Z, [0, 0, 0, 0, 3, 0, 0, 1], ballast, hands=(10, 10),
                  stage="kunamua")
    assert whole_moves(st) == {"A4<", "A4>"}  # A3 faces empty a6
    # A4<: A4 1->2, take a5 (3): A1 0->1, A2 0->1, A3 1->2 (clockwise); a6 empty -> relay A3 (2)
    # clockwise: A4 2->3, A5 0->1 -> end.
    assert summary(after(st, "A4<")) == expected([1, 1, 0, 3, 1, 0, 0, 0], Z,
                                                 [0, 0, 0, 0, 0, 0, 0, 1],
                                                 ballast, hands=(9, 10), stage="kunamua")
    # A4>: take a5 (3): A8 0->1, A7 0->1, A6 0->1 (anticlockwise) -> end.
    assert summary(after(st, "A4>")) == expected([0, 0, 1, 2, 0, 1, 1, 1], Z,
                                                 [0, 0, 0, 0, 0, 0, 0, 1],
                                                 ballast, hands=(9, 10), stage="kunamua")


def test_rule_1_4_5_harvest_in_a_kimbi_is_sown_from_the_nearest_kichwa():
    """1.4.5: a harvest in the left kichwa/kimbi is sown from the left kichwa, in the right
    one from the right kichwa; the player has no choice (no direction in the notation)."""
    ballast = [5, 5, 5, 5, 5, 4, 4, 4]
    st = position([0, 1, 0, 0, 0, 0, 1, 0], Z, [0, 3, 0, 0, 0, 0, 2, 0], ballast, hands=(10, 10),
                  stage="kunamua")
    assert whole_moves(st) == {"A2", "A7"}
    # A2: A2 1->2, take a7 (2); left kimbi -> from A1 CW: A1 0->1, A2 2->3; a7 empty ->
    # relay A2 (3): A3 0->1, A4 0->1, A5 0->1 -> end.
    assert summary(after(st, "A2")) == expected([1, 0, 1, 1, 1, 0, 1, 0], Z,
                                                [0, 3, 0, 0, 0, 0, 0, 0],
                                                ballast, hands=(9, 10), stage="kunamua")
    # A7: A7 1->2, take a2 (3); right kimbi -> from A8 CCW: A8 0->1, A7 2->3, A6 0->1 -> end.
    assert summary(after(st, "A7")) == expected([0, 1, 0, 0, 0, 1, 3, 1], Z,
                                                [0, 0, 0, 0, 0, 0, 2, 0],
                                                ballast, hands=(9, 10), stage="kunamua")


# --- 1.5: the move -------------------------------------------------------------------------

def test_rule_1_5_a_move_is_a_sequence_of_sowings_and_harvests_by_one_player():
    """1.5: one move = the stock seed, the sowing of the harvested seeds and the kuendelea,
    all by South; North does not move until the whole move is over."""
    st = position([0, 0, 1, 1, 0, 0, 0, 0], Z, [0, 0, 0, 0, 3, 0, 0, 1], [5, 5, 5, 5, 5, 5, 4, 4],
                  hands=(10, 10), stage="kunamua")
    st.apply_action(st.string_to_action("A4"))
    request = st.pending_request()
    assert request.kind == "entry" and sorted(request.labels) == ["<", ">"]
    assert st.current_player() == 0 and st.snapshot()["in_hand"] == 3  # a5's 3 seeds in hand
    st.apply_action(st.string_to_action("<"))
    assert st.current_player() == 1
    # stock seed (1), the 3 harvested seeds from A1 (2), kuendelea from A3 (3): see 1.4.4.
    assert st.last_move.sowings == 3 and st.last_move.fired == ("harvest",)
    assert st.last_move.kind == "harvest"


def test_rule_1_5_1_mtaji_move_must_start_with_a_harvest():
    """1.5.1: a move must start with a harvest if possible: the kutakata moves (A3<, A7<, A7>)
    are not offered while A3> harvests."""
    # A3> : A4 0->1, A5 1->2 faces a4 (1) -> harvest. A3< ends in empty A1; A7 (4) either way
    # ends in the back row or in A3 (faces empty a6).
    st = position([0, 0, 2, 0, 1, 0, 4, 0], Z, [0, 0, 0, 1, 0, 0, 0, 1], [7, 7, 7, 7, 7, 7, 7, 6])
    assert whole_moves(st) == {"A3>"}
    # take a4 (1); A5 not a kimbi, CW -> from A1: A1 0->1 (empty) -> end.
    play(st, "A3>")
    assert summary(st) == expected([1, 0, 0, 1, 2, 0, 4, 0], Z, [0, 0, 0, 0, 0, 0, 0, 1],
                                   [7, 7, 7, 7, 7, 7, 7, 6])


def test_rule_1_5_2_kutakata_from_the_front_row_while_it_has_a_pit_of_two():
    """1.5.2: without a harvest the move starts from a front pit with more than one seed; the
    back row (B4, 5 seeds) only when every front pit has fewer than two."""
    # No harvest: North's only front seed a1 faces A8, which no sowing reaches occupied.
    ballast = [7, 7, 7, 7, 7, 7, 6, 6]
    st = position([0, 3, 0, 0, 1, 0, 0, 0], [0, 0, 0, 5, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0],
                  ballast)
    assert whole_moves(st) == {"A2<", "A2>"}
    # A2> : A3 0->1, A4 0->1, A5 1->2 -> relay A5 (2): A6 0->1, A7 0->1 -> end.
    play(st, "A2>")
    assert st.last_move.kind == "kutakata"
    assert summary(st) == expected([0, 0, 1, 1, 0, 1, 1, 0], [0, 0, 0, 5, 0, 0, 0, 0],
                                   [1, 0, 0, 0, 0, 0, 0, 0], ballast)


def test_rule_1_5_3_no_harvest_at_all_during_a_kutakata():
    """1.5.3: a move that does not start with a harvest harvests nothing, even when a later
    sowing ends in an occupied pit facing an occupied pit."""
    # No harvest to start with (A2> ends in A4 facing empty a5; A2< in B1). A2> : A3 0->1,
    # A4 1->2 -> relay A4 (2): A5 0->1, A6 1->2 -- A6 faces a3 (2), but no harvest: relay A6
    # (2): A7 0->1, A8 0->1 -> end. a3 keeps its 2 seeds.
    ballast = [8, 8, 7, 7, 7, 7, 7, 7]
    st = position([0, 2, 0, 1, 0, 1, 0, 0], Z, [0, 0, 2, 0, 0, 0, 0, 0], ballast)
    assert whole_moves(st) == {"A2<", "A2>"}
    play(st, "A2>")
    assert st.last_move.fired == () and st.last_move.sowings == 3
    assert summary(st) == expected([0, 0, 1, 0, 1, 0, 1, 1], Z, [0, 0, 2, 0, 0, 0, 0, 0], ballast)


def test_rule_1_5_3_1_lone_kichwa_may_not_kutakata_towards_the_back_row():
    """1.5.3.1: when a kichwa is the only filled front pit, kutakata may not go towards the
    back row, even if the sowing would come back into the front row."""
    # A8 (10) is South's only front pit. A8> would sow B8..B1 and end in A2 (front row) --
    # still illegal. A8< : A7..A1 (7 seeds), B1, B2, B3 (empty) -> end.
    ballast = [7, 7, 7, 7, 7, 6, 6, 6]
    st = position([0, 0, 0, 0, 0, 0, 0, 10], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast)
    assert whole_moves(st) == {"A8<"}
    play(st, "A8<")
    assert summary(st) == expected([1, 1, 1, 1, 1, 1, 1, 0], [1, 1, 1, 0, 0, 0, 0, 0],
                                   [1, 0, 0, 0, 0, 0, 0, 0], ballast)


def test_rule_1_5_4_a_move_stops_when_a_sowing_ends_in_an_empty_pit():
    """1.5.4: the move stops in an empty pit (A6), even with a full pit (A7) right after it.
    (The stops at the nyumba and at a kutakatia-ed pit: see 4.2.2.3.1, 4.2.2.3.2 and 5.2.)"""
    ballast = [8, 8, 8, 7, 7, 7, 7, 7]
    st = position([0, 0, 3, 0, 0, 0, 1, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast)
    # A3> : A4 0->1, A5 0->1, A6 0->1 -> empty: the move ends.
    play(st, "A3>")
    assert st.last_move.sowings == 1
    assert summary(st) == expected([0, 0, 0, 1, 1, 1, 1, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast)


def test_rule_1_5_5_after_a_move_the_opponent_is_to_move():
    """1.5.5: the turn passes only when the whole move is over (not between its decisions)."""
    st = GAME.new_initial_state()
    st.apply_action(st.string_to_action("A7"))
    assert st.pending_request().kind == "direction" and st.current_player() == 0
    st.apply_action(st.string_to_action("<"))
    assert st.current_player() == 1
    st.apply_action(st.string_to_action("a5"))
    assert st.pending_request().kind == "entry" and st.current_player() == 1
    st.apply_action(st.string_to_action("<"))
    # North took A4's seed and sowed it into its left kichwa a1.
    assert summary(st) == expected([0, 0, 0, 0, 7, 3, 0, 0], Z, [1, 0, 0, 0, 7, 2, 2, 0], Z,
                                   hands=(21, 21), to_move=0, stage="kunamua", owned=("A5", "a5"))


def test_rule_1_5_6_a_move_needing_more_sowings_than_the_bound_is_illegal():
    """1.5.6: infinite moves are illegal; the spec's notes define "infinite" as more than
    max_laps sowings (default 200). With max_laps=10, A7< (11 sowings) is not legal."""
    # No harvest (North's only front seed a5 faces empty A4). Only A7 (2) can start a kutakata.
    A, B = [1, 1, 1, 0, 1, 0, 2, 1], [2, 1, 0, 1, 0, 1, 1, 2]
    a, b = [0, 0, 0, 0, 1, 0, 0, 0], [24, 0, 0, 0, 0, 0, 0, 24]
    # A7< (CCW), each lap lifts the pit it ended in:
    #  1 A7(2): A6 0->1, A5 1->2      2 A5(2): A4 0->1, A3 1->2      3 A3(2): A2 1->2, A1 1->2
    #  4 A1(2): B1 2->3, B2 1->2      5 B2(2): B3 0->1, B4 1->2      6 B4(2): B5 0->1, B6 1->2
    #  7 B6(2): B7 1->2, B8 2->3      8 B8(3): A8 1->2, A7 0->1, A6 1->2
    #  9 A6(2): A5 0->1, A4 1->2     10 A4(2): A3 0->1, A2 2->3
    # 11 A2(3): A1 0->1, B1 3->4, B2 0->1 (empty) -> end after 11 sowings.
    # A7> (CW): A8 1->2, B8 2->3 -> relay B8 (3): B7 1->2, B6 1->2, B5 0->1 -> end (2 sowings).
    st = position(A, B, a, b)
    assert whole_moves(st) == {"A7<", "A7>"}
    long = after(st, "A7<")
    assert long.last_move.sowings == 11
    assert summary(long) == expected([1, 0, 1, 0, 1, 0, 1, 2], [4, 1, 1, 0, 1, 0, 2, 0], a, b)

    st = position(A, B, a, b, game=GAME10)
    assert whole_moves(st) == {"A7>"}
    with pytest.raises(NotationError):
        parse_move(st, "A7<")
    play(st, "A7>")
    assert summary(st) == expected([1, 1, 1, 0, 1, 0, 0, 2], [2, 1, 0, 1, 1, 2, 2, 0], a, b)


def test_rule_1_5_6_a_player_with_only_endless_moves_loses():
    """1.5.6: "If no finite move is available, the game is lost by the player at move."
    South's only moves, A1< and A1>, both need 11 sowings; with max_laps=10 South loses."""
    A, B = [3, 1, 1, 1, 0, 1, 1, 1], [1, 2, 1, 2, 1, 1, 1, 1]
    a, b = [0, 0, 0, 0, 0, 1, 0, 0], [22, 0, 0, 0, 0, 0, 0, 22]
    # No harvest: the only North front seed a6 faces A3, and no first sowing ends in A3
    # (A1> ends in A4, A1< in B3, B2/B4 stay in the back row or end in A1 facing empty a8).
    # A1> (CW):  1 A1(3): A2 1->2, A3 1->2, A4 1->2   2 A4(2): A5 0->1, A6 1->2
    #  3 A6(2): A7 1->2, A8 1->2   4 A8(2): B8 1->2, B7 1->2   5 B7(2): B6 1->2, B5 1->2
    #  6 B5(2): B4 2->3, B3 1->2   7 B3(2): B2 2->3, B1 1->2   8 B1(2): A1 0->1, A2 2->3
    #  9 A2(3): A3 2->3, A4 0->1, A5 1->2   10 A5(2): A6 0->1, A7 2->3
    # 11 A7(3): A8 0->1, B8 2->3, B7 0->1 (empty) -> 11 sowings.
    # A1< (CCW): 1 A1(3): B1 1->2, B2 2->3, B3 1->2   2 B3(2): B4 2->3, B5 1->2
    #  3 B5(2): B6 1->2, B7 1->2   4 B7(2): B8 1->2, A8 1->2   5 A8(2): A7 1->2, A6 1->2
    #  6 A6(2): A5 0->1, A4 1->2   7 A4(2): A3 1->2, A2 1->2   8 A2(2): A1 0->1, B1 2->3
    #  9 B1(3): B2 3->4, B3 0->1, B4 3->4   10 B4(4): B5 0->1, B6 2->3, B7 0->1, B8 2->3
    # 11 B8(3): A8 0->1, A7 2->3, A6 0->1 (empty) -> 11 sowings.
    st = position(A, B, a, b)
    assert whole_moves(st) == {"A1<", "A1>"}
    right, left = after(st, "A1>"), after(st, "A1<")
    assert right.last_move.sowings == left.last_move.sowings == 11
    assert summary(right) == expected([1, 0, 3, 1, 0, 1, 0, 1], [0, 3, 0, 3, 0, 2, 1, 3], a, b)
    assert summary(left) == expected([1, 0, 2, 0, 1, 1, 3, 1], [0, 4, 1, 0, 1, 3, 1, 0], a, b)

    st = position(A, B, a, b, game=GAME10)
    assert st.legal_actions() == []
    assert summary(st) == expected(A, B, a, b, returns=NORTH_WINS, end_reason="no_legal_move")


def test_rule_1_5_6_an_endless_continuation_is_not_offered_but_the_move_stays_legal():
    """1.5.6 with a decision inside the move: playing the nyumba (+) would make the move
    endless, stopping (no +) is finite, so the harvest stays legal and only + is refused.
    (mtaji; the nyumba is still owned during its owner's first harvest move, see 1.6.2.)"""
    A, B = [1, 0, 0, 0, 6, 1, 0, 2], [1, 0, 1, 1, 1, 1, 1, 1]
    a, b = [0, 0, 2, 0, 4, 0, 0, 0], [20, 0, 0, 0, 0, 0, 0, 21]
    # mtaji, South still owns A5 (6). A8< : lap 1 A7 0->1, A6 1->2 faces a3 (2) -> harvest;
    # A6 not a kimbi, CCW -> from A8: lap 2 A8 0->1, A7 1->2; a2 empty -> relay A7 (2):
    # lap 3 A6 2->3, A5 6->7: the owned nyumba, a4 empty -> South may stop or play it (+).
    # A8<+ : lift A5 (7):  4 A4 0->1, A3 0->1, A2 0->1, A1 1->2, B1 1->2, B2 0->1, B3 1->2
    #  5 B3(2): B4 1->2, B5 1->2   6 B5(2): B6 1->2, B7 1->2   7 B7(2): B8 1->2, A8 1->2
    #  8 A8(2): A7 0->1, A6 3->4   9 A6(4): A5 0->1, A4 1->2, A3 1->2, A2 1->2
    # 10 A2(2): A1 2->3, B1 2->3  11 B1(3): B2 1->2, B3 0->1, B4 2->3
    # 12 B4(3): B5 0->1, B6 2->3, B7 0->1 (empty) -> 12 sowings.
    st = position(A, B, a, b, owned=["A5"])
    assert whole_moves(st) == {"A8<", "A8<+"}
    plus = after(st, "A8<+")
    assert plus.last_move.sowings == 12
    assert summary(plus) == expected([3, 0, 2, 2, 1, 0, 1, 0], [0, 2, 1, 0, 1, 3, 1, 2],
                                     [0, 0, 0, 0, 4, 0, 0, 0], b)

    st = position(A, B, a, b, owned=["A5"], game=GAME10)
    assert whole_moves(st) == {"A8<"}
    with pytest.raises(NotationError):
        parse_move(st, "A8<+")
    play(st, "A8<")
    # The first harvest of the mtaji stage also ends South's ownership of the nyumba (3.2).
    assert summary(st) == expected([1, 0, 0, 0, 7, 3, 0, 1], B, [0, 0, 0, 0, 4, 0, 0, 0], b)


# --- 1.6: kuendelea ------------------------------------------------------------------------

def test_rule_1_6_kuendelea_continues_from_an_occupied_pit():
    """1.6: a sowing that ends in an occupied pit (and cannot harvest) goes on from there,
    with all that pit's seeds, in the same direction."""
    # kutakata A2> : A3 0->1, A4 1->2 -> relay A4 (2): A5 0->1, A6 2->3 -> relay A6 (3):
    # A7 0->1, A8 0->1, B8 1->2 -> relay B8 (2): B7 0->1, B6 0->1 (empty) -> end.
    ballast = [8, 7, 7, 7, 7, 7, 7, 7]
    st = position([0, 2, 0, 1, 0, 2, 0, 0], [0, 0, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0, 0],
                  ballast)
    assert whole_moves(st) == {"A2<", "A2>", "A6<", "A6>"}
    play(st, "A2>")
    assert st.last_move.sowings == 4
    assert summary(st) == expected([0, 0, 1, 0, 1, 0, 1, 1], [0, 0, 0, 0, 0, 1, 1, 0],
                                   [1, 0, 0, 0, 0, 0, 0, 0], ballast)


def test_rule_1_6_kuendelea_after_a_lap_of_more_than_sixteen_seeds():
    """1.6: A3 (17) sown CW goes all round the 16 pits and ends in A4, which got a seed at
    the start of the lap: it holds 2 after sowing, so the move goes on (kutakata: 17 seeds
    cannot harvest, 3.4.2)."""
    # lap 1: every pit +1 (A3 included), A4 +1 more: A=[1,2,1,2,1,1,1,1], B=[1]*8; ends in A4 (2).
    #  2 A4(2): A5 1->2, A6 1->2   3 A6(2): A7 1->2, A8 1->2   4 A8(2): B8 1->2, B7 1->2
    #  5 B7(2): B6 1->2, B5 1->2   6 B5(2): B4 1->2, B3 1->2   7 B3(2): B2 1->2, B1 1->2
    #  8 B1(2): A1 1->2, A2 2->3   9 A2(3): A3 1->2, A4 0->1, A5 2->3
    # 10 A5(3): A6 0->1, A7 2->3, A8 0->1 (empty) -> end.
    st = position([0, 1, 17, 0, 0, 0, 0, 0], Z, [0, 0, 0, 0, 0, 0, 1, 0], [6, 6, 6, 6, 6, 5, 5, 5])
    play(st, "A3>")
    assert st.last_move.sowings == 10
    assert summary(st) == expected([2, 0, 2, 1, 0, 1, 3, 1], [0, 2, 0, 2, 0, 2, 0, 2],
                                   [0, 0, 0, 0, 0, 0, 1, 0], [6, 6, 6, 6, 6, 5, 5, 5])


def test_rule_1_6_1_kuendelea_stops_for_a_harvest_in_the_kuendelea_direction():
    """1.6.1: kuendelea gives way to a harvest; its seeds go in the direction of the
    kuendelea (here already turned CCW by an earlier kimbi harvest, not the CW of the start)."""
    # A5> : 1 A6 0->1, A7 1->2 faces a2 (3): harvest; kimbi -> from A8, now CCW:
    # 2 A8 0->1, A7 2->3, A6 1->2; a3 empty -> relay A6 (2): 3 A5 0->1, A4 1->2 faces a5 (2):
    # harvest; A4 not a kimbi -> kuendelea's direction (CCW) -> from A8: 4 A8 1->2, A7 3->4;
    # a2 empty -> relay A7 (4): 5 A6 0->1, A5 1->2, A4 2->3, A3 0->1 (empty) -> end.
    ballast = [7, 7, 7, 7, 7, 7, 6, 6]
    st = position([0, 0, 0, 1, 2, 0, 1, 0], Z, [0, 3, 0, 0, 2, 0, 0, 1], ballast)
    assert whole_moves(st) == {"A5>"}
    play(st, "A5>")
    assert st.last_move.fired == ("harvest", "harvest") and st.last_move.sowings == 5
    assert summary(st) == expected([0, 0, 1, 3, 2, 1, 0, 2], Z, [0, 0, 0, 0, 0, 0, 0, 1], ballast)


def test_rule_1_6_2_kuendelea_may_stop_at_the_owned_nyumba():
    """1.6.2: kuendelea stops at the owned nyumba with six or more seeds unless the player
    decides to play it (+). Here in the mtaji stage, the nyumba still owned (3.2). Reading
    followed (notes: "lost ... in the mtaji stage after its owner's first harvest"): the
    nyumba stays owned until the end of the move that makes that first harvest."""
    # A1> : 1 A2 0->1, A3 1->2 faces a6 (5): harvest; CW -> from A1:
    # 2 A1 0->1, A2 1->2, A3 2->3, A4 0->1, A5 6->7: owned nyumba, a4 empty -> choice.
    ballast = [7, 6, 6, 6, 6, 6, 6, 6]
    st = position([2, 0, 1, 0, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 5, 0, 0], ballast, owned=["A5"])
    assert whole_moves(st) == {"A1>", "A1>+"}
    pending = st.clone()
    pending.apply_action(pending.string_to_action("A1"))  # A1< does not harvest: > is forced
    request = pending.pending_request()
    assert request.kind == "relay" and request.labels == ["+", "-"]
    # stop: the first harvest of the mtaji stage also ends the ownership (3.2).
    assert summary(after(st, "A1>")) == expected([1, 2, 3, 1, 7, 0, 0, 0], Z,
                                                 [1, 0, 0, 0, 0, 0, 0, 0],
                                                 ballast)
    # +: lift A5 (7): 3 A6, A7, A8, B8, B7, B6, B5 (each 0->1, B5 empty) -> end.
    assert summary(after(st, "A1>+")) == expected([1, 2, 3, 1, 0, 1, 1, 1],
                                                  [0, 0, 0, 0, 1, 1, 1, 1],
                                                  [1, 0, 0, 0, 0, 0, 0, 0], ballast)


def test_rule_1_6_3_kuendelea_stops_at_a_kutakatia_ed_pit():
    """1.6.3: kuendelea stops in a kutakatia-ed pit. South's A6 is blocked (North's last
    kutakata threatened it alone: a1 (2) sown a2, a3 would take it)."""
    # A4> : 1 A5 0->1, A6 2->3 faces a3 (2): harvest (ending in the blocked pit is allowed);
    # CW -> from A1: 2 A1 0->1, A2 3->4; a7 empty -> relay A2 (4): 3 A3 0->1, A4 0->1,
    # A5 1->2, A6 3->4; a3 is empty now, A6 is occupied, but it is kutakatia-ed -> end.
    south_back, north_back = [0, 0, 0, 0, 0, 0, 0, 26], [0, 0, 0, 0, 0, 0, 0, 27]
    A, a = [0, 3, 0, 2, 0, 2, 0, 0], [2, 0, 2, 0, 0, 0, 0, 0]
    st = position(A, south_back, a, north_back, blocked=["A6"])
    assert whole_moves(st) == {"A4>"}  # A6 itself may not be emptied
    play(st, "A4>")
    assert summary(st) == expected([1, 0, 1, 1, 2, 4, 0, 0], south_back, [2, 0, 0, 0, 0, 0, 0, 0],
                                   north_back)
    # Without the mark the relay would lift A6 (4): A7 0->1, A8 0->1, B8 26->27, B7 0->1.
    free = play(position(A, south_back, a, north_back), "A4>")
    assert summary(free) == expected([1, 0, 1, 1, 2, 0, 1, 1], [0, 0, 0, 0, 0, 0, 1, 27],
                                     [2, 0, 0, 0, 0, 0, 0, 0], north_back)


def test_rule_1_7_two_stages_kunamua_then_mtaji():
    """1.7: the game starts in kunamua; each kunamua move spends one stock seed (2.1.2), so
    after 22 moves each the stocks are empty and the mtaji stage begins."""
    st = GAME.new_initial_state()
    for n in range(44):
        snap = st.snapshot()
        assert snap["stage"] == "kunamua"
        assert [p["hand"] for p in snap["players"]] == [22 - (n + 1) // 2, 22 - n // 2]
        mover = st.current_player()
        while st.current_player() == mover and not st.is_terminal():
            st.apply_action(st.legal_actions()[0])
        assert not st.is_terminal()
    snap = st.snapshot()
    assert snap["stage"] == "mtaji" and [p["hand"] for p in snap["players"]] == [0, 0]


# --- 2: kunamua ----------------------------------------------------------------------------

def test_rule_2_1_initial_position():
    """2.1: six seeds in each nyumba, two in each of the next two pits to its right, 22 in
    each store; the nyumba is owned."""
    st = GAME.new_initial_state()
    assert summary(st) == expected([0, 0, 0, 0, 6, 2, 2, 0], Z, [0, 0, 0, 0, 6, 2, 2, 0], Z,
                                   hands=(22, 22), to_move=0, stage="kunamua", owned=("A5", "a5"))


def test_rule_2_1_1_south_moves_first():
    """2.1.1: South moves first. No harvest is possible (A5, A6, A7 face empty pits), the
    nyumba (6) may not start a kutakata (4.2.2.1): A6 and A7, either way."""
    st = GAME.new_initial_state()
    assert st.current_player() == 0
    assert whole_moves(st) == {"A6<", "A6>", "A7<", "A7>"}


def test_rule_2_1_2_a_kunamua_move_starts_with_one_seed_from_the_store():
    """2.1.2: the move starts by sowing one seed from the store; that is its first sowing, and
    the direction is chosen only after the pit."""
    st = GAME.new_initial_state()
    st.apply_action(st.string_to_action("A6"))
    assert st.pending_request().kind == "direction" and st.pending_request().labels == ["<", ">"]
    assert st.pending_request().in_hand == 1, "the stock seed is in hand, about to be sown"
    st.apply_action(st.string_to_action(">"))
    # stock seed A6 2->3; lift 3: A7 2->3, A8 0->1, B8 0->1 (empty) -> end.
    assert st.last_move.sowings == 2
    assert summary(st) == expected([0, 0, 0, 0, 6, 0, 3, 1], [0, 0, 0, 0, 0, 0, 0, 1],
                                   [0, 0, 0, 0, 6, 2, 2, 0], Z, hands=(21, 22), stage="kunamua",
                                   owned=("A5", "a5"))


def test_rule_2_2_kunamua_harvest_puts_the_stock_seed_in_the_harvesting_pit():
    """2.2: the player takes a seed from the store into the harvesting pit (it stays there),
    and holds the harvested seeds until the kichwa is chosen."""
    ballast = [5, 5, 5, 5, 4, 4, 4, 4]
    st = position([0, 0, 1, 0, 0, 2, 0, 0], Z, [0, 0, 0, 0, 3, 2, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua")
    st.apply_action(st.string_to_action("A3"))
    snap = st.snapshot()  # waiting for the kichwa: A3 1->2, a6 (2) taken into the hand
    assert st.pending_request().kind == "entry"
    assert snap["players"][0]["rows"]["A"] == [0, 0, 2, 0, 0, 2, 0, 0]
    assert snap["players"][1]["rows"]["a"] == [0, 0, 0, 0, 3, 0, 0, 0]
    assert snap["players"][0]["hand"] == 9 and snap["in_hand"] == 2
    st.apply_action(st.string_to_action(">"))  # from A8 CCW: A8 0->1, A7 0->1 -> end
    assert summary(st) == expected([0, 0, 2, 0, 0, 2, 1, 1], Z, [0, 0, 0, 0, 3, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")


def test_rule_2_2_1_kunamua_harvest_needs_an_occupied_pit_facing_an_occupied_pit():
    """2.2.1: the harvest starts in an occupied front pit facing an occupied pit: A3 (1) facing
    a6 (2). Not A4 (empty, facing a5=3), not A6 (2, facing empty a3); no kutakata."""
    ballast = [5, 5, 5, 5, 4, 4, 4, 4]
    st = position([0, 0, 1, 0, 0, 2, 0, 0], Z, [0, 0, 0, 0, 3, 2, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua")
    assert whole_moves(st) == {"A3<", "A3>"}
    # A3< : A3 1->2, take a6 (2), from A1 CW: A1 0->1, A2 0->1 -> end.
    play(st, "A3<")
    assert summary(st) == expected([1, 1, 2, 0, 0, 2, 0, 0], Z, [0, 0, 0, 0, 3, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")


def test_rule_2_2_2_kichwa_chosen_unless_the_harvest_is_in_a_kimbi():
    """2.2.2: a harvest outside the kimbi lets the player choose the kichwa (the direction of
    the second sowing); in a kimbi it is forced."""
    ballast = [5, 5, 5, 5, 5, 5, 4, 4]
    st = position([0, 0, 0, 0, 1, 0, 1, 0], Z, [0, 1, 0, 2, 0, 0, 0, 1], ballast, hands=(10, 10),
                  stage="kunamua")
    assert whole_moves(st) == {"A5<", "A5>", "A7"}
    # A5< : A5 1->2 (not owned here), take a4 (2), from A1: A1 0->1, A2 0->1 -> end.
    assert summary(after(st, "A5<")) == expected([1, 1, 0, 0, 2, 0, 1, 0], Z,
                                                 [0, 1, 0, 0, 0, 0, 0, 1],
                                                 ballast, hands=(9, 10), stage="kunamua")
    # A5> : take a4 (2), from A8: A8 0->1, A7 1->2 faces a2 (1): harvest again, kimbi -> from
    # A8: A8 1->2; a1 empty -> relay A8 (2): A7 2->3, A6 0->1 -> end.
    right = after(st, "A5>")
    assert right.last_move.fired == ("harvest", "harvest")
    assert summary(right) == expected([0, 0, 0, 0, 2, 1, 3, 0], Z, [0, 0, 0, 0, 0, 0, 0, 1],
                                      ballast, hands=(9, 10), stage="kunamua")
    # A7 : A7 1->2, take a2 (1), kimbi -> from A8: A8 0->1 -> end.
    assert summary(after(st, "A7")) == expected([0, 0, 0, 0, 1, 0, 2, 1], Z,
                                                [0, 0, 0, 2, 0, 0, 0, 1],
                                                ballast, hands=(9, 10), stage="kunamua")


def test_rule_2_3_kunamua_kutakata_starts_in_an_occupied_front_pit():
    """2.3: without a harvest, the stock seed goes into an occupied front pit, never into the
    back row (B3 holds 3) nor an empty pit."""
    ballast = [5, 5, 5, 5, 5, 5, 4, 4]
    st = position([0, 1, 0, 0, 0, 1, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0],
                  ballast, hands=(10, 10), stage="kunamua")
    assert whole_moves(st) == {"A2<", "A2>", "A6<", "A6>"}
    # A6< : A6 1->2, lift 2: A5 0->1, A4 0->1 -> end.
    play(st, "A6<")
    assert st.last_move.kind == "kutakata"
    assert summary(st) == expected([0, 1, 0, 1, 1, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0],
                                   [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")


def test_rule_2_3_1_kunamua_lone_kichwa_may_not_kutakata_towards_the_back_row():
    """2.3.1: A1 is the only filled front pit: A1< (A1 2 seeds into B1, B2 would empty the
    front row) is illegal; A1> : A1 1->2, lift 2: A2 0->1, A3 0->1 -> end."""
    ballast = [5] * 8
    st = position([1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0],
                  ballast, hands=(10, 10), stage="kunamua")
    assert whole_moves(st) == {"A1>"}
    play(st, "A1>")
    assert summary(st) == expected([0, 1, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0],
                                   [0, 0, 0, 1, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")


def test_rule_2_3_2_nyumba_tax():
    """2.3.2: the owned nyumba (6) is the only filled front pit: one seed from the store goes
    in, two come out and are sown left or right (notes: the nyumba tax)."""
    ballast = [5, 5, 5, 5, 5, 4, 4, 4]
    st = position([0, 0, 0, 0, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    assert whole_moves(st) == {"A5<", "A5>"}
    # A5< : A5 6->7, take 2 (A5 5): A4 0->1, A3 0->1 -> end. Still owned (not emptied).
    play(st, "A5<")
    assert st.last_move.kind == "nyumba tax"
    assert summary(st) == expected([0, 0, 1, 1, 5, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua", owned=["A5"])


def test_rule_2_3_3_lost_nyumba_no_kutakata_from_single_seeds_while_a_pit_has_more():
    """2.3.3: with the nyumba lost and pits of more than one seed in the front row, a kutakata
    may not start from a pit of one seed. With the nyumba owned, it may."""
    A, ballast = [0, 1, 2, 0, 7, 1, 0, 0], [4] * 8
    lost = position(A, Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10), stage="kunamua")
    assert whole_moves(lost) == {"A3<", "A3>", "A5<", "A5>"}
    owned = position(A, Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10), stage="kunamua",
                     owned=["A5"])
    # A5 (owned, 7) may not start a kutakata (4.2.2.1):
    assert whole_moves(owned) == {"A2<", "A2>", "A3<", "A3>", "A6<", "A6>"}
    # lost, A3> : A3 2->3, lift 3: A4 0->1, A5 7->8 (not owned: just a pit), A6 1->2 -> relay
    # A6 (2): A7 0->1, A8 0->1 -> end.
    play(lost, "A3>")
    assert summary(lost) == expected([0, 1, 0, 1, 8, 0, 1, 1], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                     hands=(9, 10), stage="kunamua")


# --- 3: mtaji ------------------------------------------------------------------------------

def test_rule_3_1_mtaji_starts_when_all_seeds_are_on_the_board():
    """3.1: the stage stays kunamua while a stock seed is left, and mtaji begins when both
    stores are empty; the next move lifts a whole pit."""
    back = [4, 4, 4, 4, 4, 4, 3, 3]
    st = position([0, 0, 1, 0, 0, 0, 0, 0], back, [0, 0, 1, 0, 0, 0, 0, 0], back, hands=(1, 1),
                  stage="kunamua")
    # A3< : A3 1->2: A2 0->1, A1 0->1 -> end. North still holds a seed: kunamua.
    play(st, "A3<")
    assert summary(st) == expected([1, 1, 0, 0, 0, 0, 0, 0], back, [0, 0, 1, 0, 0, 0, 0, 0], back,
                                   hands=(0, 1), stage="kunamua")
    assert whole_moves(st) == {"a3<", "a3>"}
    # a3< : a3 1->2: a2 0->1, a1 0->1 -> end. All seeds are on the board: mtaji.
    play(st, "a3<")
    assert summary(st) == expected([1, 1, 0, 0, 0, 0, 0, 0], back, [1, 1, 0, 0, 0, 0, 0, 0], back,
                                   to_move=0, stage="mtaji")
    # South: no harvest (a1, a2 face empty A8, A7), front only single seeds: the back row.
    assert start_labels(st) == ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"]


def test_rule_3_2_nyumba_stays_owned_in_mtaji_until_the_first_harvest():
    """3.2: a nyumba still owned in mtaji stays owned until its owner's first harvest (notes);
    only the general nyumba rules apply, so it may start a kutakata."""
    # (a) No harvest (A3> ends in A5 facing empty a4; A3< and A5 either way do not either).
    # The owned nyumba (7) may start a kutakata in mtaji.
    # A3< : A2 0->1, A1 0->1 -> end; still owned.
    ballast = [7, 7, 7, 7, 7, 7, 6, 6]
    st = position([0, 0, 2, 0, 7, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, owned=["A5"])
    assert whole_moves(st) == {"A3<", "A3>", "A5<", "A5>"}
    assert summary(after(st, "A3<")) == expected([1, 1, 0, 0, 7, 0, 0, 0], Z,
                                                 [1, 0, 0, 0, 0, 0, 0, 0],
                                                 ballast, owned=["A5"])
    # Only the general rules: a kutakata ending in the owned nyumba does not stop there in
    # mtaji (4.2.2.3.1 is a kunamua rule). A3> : A4 0->1, A5 7->8 -> relay A5 (8, lifted: the
    # nyumba is lost): A6, A7, A8, B8, B7, B6, B5, B4 (0->1 each) -> end.
    assert summary(after(st, "A3>")) == expected([0, 0, 0, 1, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1, 1, 1],
                                                 [1, 0, 0, 0, 0, 0, 0, 0], ballast)
    # (b) A1> : A2 0->1, A3 1->2 faces a6 (1): harvest, from A1: A1 0->1 -> end. The nyumba is
    # not touched but South's first harvest ends its ownership; North's a5 stays owned.
    ballast = [6, 6, 6, 6, 6, 6, 6, 5]
    st = position([2, 0, 1, 0, 7, 0, 0, 0], Z, [0, 0, 0, 0, 6, 1, 0, 0], ballast,
                  owned=["A5", "a5"])
    assert whole_moves(st) == {"A1>"}
    play(st, "A1>")
    assert summary(st) == expected([1, 1, 2, 0, 7, 0, 0, 0], Z, [0, 0, 0, 0, 6, 0, 0, 0], ballast,
                                   owned=["a5"])


def test_rule_3_3_mtaji_move_lifts_a_chosen_pit_and_sows_it_in_a_chosen_direction():
    """3.3: a mtaji move chooses a pit, then a direction, and sows its whole content."""
    st = position([0, 0, 0, 5, 0, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], [8, 8, 7, 7, 7, 7, 7, 7])
    assert start_labels(st) == ["A4"]
    st.apply_action(st.string_to_action("A4"))
    assert st.pending_request().kind == "direction" and st.pending_request().labels == ["<", ">"]
    st.apply_action(st.string_to_action(">"))
    # A4 (5): A5, A6, A7, A8, B8 (empty) -> end; no store is used.
    assert summary(st) == expected([0, 0, 0, 0, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 1],
                                   [1, 0, 0, 0, 0, 0, 0, 0], [8, 8, 7, 7, 7, 7, 7, 7])


def test_rule_3_3_1_mtaji_single_seeds_cannot_be_played():
    """3.3.1: only pits with more than one seed can be played: A3 (1) sown into A4 (1, facing
    a5=2) would harvest, but it is a single seed. A7 (2) can only kutakata."""
    st = position([0, 0, 1, 1, 0, 0, 2, 0], Z, [0, 0, 0, 0, 2, 0, 0, 0], [8, 8, 7, 7, 7, 7, 7, 7])
    assert whole_moves(st) == {"A7<", "A7>"}


def test_rule_3_3_2_only_single_seeds_or_an_empty_front_row_loses():
    """3.3.2: a player whose pits hold only single seeds, or whose front row is empty, loses."""
    A, B = [0, 0, 0, 2, 0, 0, 0, 0], [7, 7, 7, 7, 7, 7, 6, 6]
    st = position(A, B, [1, 0, 1, 0, 1, 0, 1, 0], [1, 1, 0, 0, 0, 0, 1, 1], to_move=1)
    assert summary(st) == expected(A, B, [1, 0, 1, 0, 1, 0, 1, 0], [1, 1, 0, 0, 0, 0, 1, 1],
                                   returns=SOUTH_WINS, end_reason="no_legal_move")
    st = position(A, B, Z, [2, 2, 2, 2, 0, 0, 0, 0], to_move=1)
    assert summary(st) == expected(A, B, Z, [2, 2, 2, 2, 0, 0, 0, 0], returns=SOUTH_WINS,
                                   end_reason="side_empty")


def test_rule_3_4_mtaji_harvest_may_start_in_the_back_row():
    """3.4: a harvest move starts from any pit of more than one seed, back row included."""
    # B3< (CW): B2 0->1, B1 0->1, A1 1->2 faces a8 (2): harvest; A1 is the kichwa -> from A1:
    # A1 2->3, A2 0->1 -> end. B3> stays in the back row; A1 (1) is a single seed.
    st = position([1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0, 2],
                  [8, 7, 7, 7, 7, 7, 7, 7])
    assert whole_moves(st) == {"B3<"}
    play(st, "B3<")
    assert summary(st) == expected([3, 1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0, 0],
                                   [0, 0, 1, 0, 0, 0, 0, 0], [8, 7, 7, 7, 7, 7, 7, 7])


def test_rule_3_4_1_harvested_seeds_follow_the_chosen_direction():
    """3.4.1: outside the kimbi, harvested seeds go in the move's direction: CW from A1,
    CCW from A8."""
    st = position([0, 0, 1, 2, 2, 1, 0, 0], Z, [0, 0, 1, 0, 0, 1, 0, 0], [7] * 8)
    # A4> : A5 2->3, A6 1->2 faces a3 (1). A4< ends in empty A2. A5< : A4 2->3, A3 1->2 faces
    # a6 (1). A5> ends in empty A7.
    assert whole_moves(st) == {"A4>", "A5<"}
    # A4> : take a3 (1), CW -> A1 0->1 -> end.
    assert summary(after(st, "A4>")) == expected([1, 0, 1, 0, 3, 2, 0, 0], Z,
                                                 [0, 0, 0, 0, 0, 1, 0, 0],
                                                 [7] * 8)
    # A5< : take a6 (1), CCW -> A8 0->1 -> end.
    assert summary(after(st, "A5<")) == expected([0, 0, 2, 3, 0, 1, 0, 1], Z,
                                                 [0, 0, 1, 0, 0, 0, 0, 0],
                                                 [7] * 8)


def test_rule_3_4_2_no_harvest_from_a_pit_of_more_than_fifteen_seeds():
    """3.4.2: a move from a pit of more than 15 seeds cannot harvest (it is played as
    kutakata, notes); 15 seeds still can."""
    # A3 (17) CCW ends in A2 (1+2=3) facing a7 (1): it would harvest, but 17 > 15.
    ballast = [6, 6, 6, 6, 6, 5, 5, 5]
    st = position([0, 1, 17, 0, 0, 0, 0, 0], Z, [0, 0, 0, 0, 0, 0, 1, 0], ballast)
    assert whole_moves(st) == {"A3<", "A3>"}
    # A3< as kutakata. 1 A3(17): A2 A1 B1..B8 A8..A4 A3 A2: every pit +1, A2 +2 -> A2=3 (ends).
    #  2 A2(3): A1 1->2, B1 1->2, B2 1->2   3 B2(2): B3 1->2, B4 1->2   4 B4(2): B5 1->2, B6 1->2
    #  5 B6(2): B7 1->2, B8 1->2   6 B8(2): A8 1->2, A7 1->2   7 A7(2): A6 1->2, A5 1->2
    #  8 A5(2): A4 1->2, A3 1->2   9 A3(2): A2 0->1, A1 2->3  10 A1(3): B1 2->3, B2 0->1, B3 2->3
    # 11 B3(3): B4 0->1, B5 2->3, B6 0->1 (empty) -> end. a7 is never taken.
    # Afterwards South threatens a7 (A4< would end in A2), but it is North's only occupied
    # front pit: no kutakatia (5.1.1.2).
    play(st, "A3<")
    assert st.last_move.kind == "kutakata" and st.last_move.fired == ()
    assert st.last_move.sowings == 11
    assert summary(st) == expected([0, 1, 0, 2, 0, 2, 0, 2], [3, 1, 0, 1, 3, 1, 2, 0],
                                   [0, 0, 0, 0, 0, 0, 1, 0], ballast)
    # A3 (15) CCW: A2 A1 B1..B8 A8 A7 A6 A5 A4: ends in A4 1->2 facing a5 (1): a harvest.
    ballast = [6, 6, 6, 6, 6, 6, 6, 5]
    st = position([0, 0, 15, 1, 0, 0, 0, 0], Z, [0, 0, 0, 0, 1, 0, 0, 0], ballast)
    assert whole_moves(st) == {"A3<"}  # A3> ends in empty A2
    # take a5 (1), A4 not a kimbi, CCW -> A8 1->2; North's front row is now empty: South wins.
    play(st, "A3<")
    assert st.last_move.kind == "harvest"
    assert summary(st) == expected([1, 1, 0, 2, 1, 1, 1, 2], [1] * 8, Z, ballast,
                                   returns=SOUTH_WINS,
                                   end_reason="side_empty")


def test_rule_3_5_mtaji_kutakata_when_no_harvest_is_possible():
    """3.5: no harvest possible -> kutakata from the front row (A7), not from B2 (4)."""
    # No harvest: a8 faces A1, which no first sowing reaches occupied (B2< ends in A3).
    st = position([0, 0, 0, 0, 0, 0, 3, 0], [0, 4, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 1],
                  [7] * 8)
    assert whole_moves(st) == {"A7<", "A7>"}
    # A7> : A8 0->1, B8 0->1, B7 0->1 -> end.
    play(st, "A7>")
    assert st.last_move.kind == "kutakata"
    assert summary(st) == expected([0, 0, 0, 0, 0, 0, 0, 1], [0, 4, 0, 0, 0, 0, 1, 1],
                                   [0, 0, 0, 0, 0, 0, 0, 1], [7] * 8)


def test_rule_3_5_1_back_row_kutakata_only_when_the_front_row_holds_single_seeds():
    """3.5.1: the front row holds only single seeds, so the back row (B3, B6) may start."""
    st = position([0, 1, 0, 0, 0, 1, 0, 0], [0, 0, 2, 0, 0, 3, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0],
                  [7] * 8)
    assert whole_moves(st) == {"B3<", "B3>", "B6<", "B6>"}
    # B6> (CCW): B7 0->1, B8 0->1, A8 0->1 (empty, though a1 faces it) -> end.
    play(st, "B6>")
    assert st.last_move.kind == "kutakata from the back row"
    assert summary(st) == expected([0, 1, 0, 0, 0, 1, 0, 1], [0, 0, 2, 0, 0, 0, 1, 1],
                                   [1, 0, 0, 0, 0, 0, 0, 0], [7] * 8)


def test_rule_3_5_2_mtaji_lone_kichwa_may_not_kutakata_towards_the_back_row():
    """3.5.2: A1 (3) is the only filled front pit: only A1> (B5 may not start: the front row
    has a pit of more than one seed). A1> : A2, A3, A4 (0->1 each) -> end."""
    st = position([3, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0],
                  [8, 8, 7, 7, 7, 7, 7, 7])
    assert whole_moves(st) == {"A1>"}
    play(st, "A1>")
    assert summary(st) == expected([0, 1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0],
                                   [0, 0, 0, 1, 0, 0, 0, 0], [8, 8, 7, 7, 7, 7, 7, 7])


# --- 4: special pits -----------------------------------------------------------------------

def test_rule_4_1_harvest_in_a_kichwa_is_sown_from_it_and_may_turn():
    """4.1: a harvest in a kichwa is sown from the nearest kichwa: the CCW move turns CW."""
    # A3< : A2 0->1, A1 1->2 faces a8 (2): harvest in the kichwa -> from A1, now CW:
    # A1 2->3, A2 1->2; a7 empty -> relay A2 (2): A3 0->1, A4 0->1 -> end.
    st = position([1, 0, 2, 0, 0, 0, 0, 0], Z, [0, 0, 0, 1, 0, 0, 0, 2], [8, 8, 7, 7, 7, 7, 7, 7])
    assert whole_moves(st) == {"A3<"}
    play(st, "A3<")
    assert summary(st) == expected([3, 0, 1, 1, 0, 0, 0, 0], Z, [0, 0, 0, 1, 0, 0, 0, 0],
                                   [8, 8, 7, 7, 7, 7, 7, 7])


def test_rule_4_2_1_1_nyumba_is_lost_when_emptied_or_at_the_first_harvest():
    """4.2.1.1: the nyumba is lost when it is emptied (captured, or played with +) and, in
    mtaji, at its owner's first harvest (see 3.2)."""
    # (a) captured: A4 (1) faces North's owned a5 (6). A4> : A4 1->2, take a5 (6), from A8:
    # A8, A7, A6, A5 (0->1 each), A4 2->3, A3 0->1 -> end. North has lost its nyumba.
    ballast = [5, 5, 5, 5, 4, 4, 4, 4]
    st = position([0, 0, 0, 1, 0, 0, 0, 0], Z, [1, 0, 0, 0, 6, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["a5"])
    play(st, "A4>")
    assert summary(st) == expected([0, 0, 1, 3, 1, 1, 1, 1], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")
    # (b) emptied by playing it: A3< : A3 1->2, take a6 (5), from A1: A1, A2 (0->1), A3 2->3,
    # A4 0->1, A5 6->7 (owned, a4 empty) -> + : lift A5 (7): A6, A7, A8, B8, B7, B6, B5 -> end.
    ballast = [4, 4, 4, 4, 4, 4, 4, 3]
    st = position([0, 0, 1, 0, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 5, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    play(st, "A3<+")
    assert summary(st) == expected([1, 1, 3, 1, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1],
                                   [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")


def test_rule_4_2_1_2_harvest_move_ending_in_the_nyumba_asks_unless_it_can_harvest():
    """4.2.1.2: a sowing of a harvest move ending in the owned nyumba (6+) lets the player
    decide to play it or not -- only when no harvest is possible there."""
    # (i) a4 empty: A3 then '<': stock seed A3 1->2, take a6 (5), from A1: A1 0->1, A2 0->1,
    # A3 2->3, A4 0->1, A5 6->7 -> the player is asked.
    st = position([0, 0, 1, 0, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 5, 0, 0], [4, 4, 4, 4, 4, 4, 4, 3],
                  hands=(10, 10), stage="kunamua", owned=["A5"])
    for text in ("A3", "<"):
        st.apply_action(st.string_to_action(text))
    request = st.pending_request()
    assert request.kind == "relay" and request.labels == ["+", "-"] and st.current_player() == 0
    assert st.snapshot()["players"][0]["rows"]["A"] == [1, 1, 3, 1, 7, 0, 0, 0]
    # (ii) a4 holds 2: the same sowing ends in A5 facing a4 -> harvest, no question.
    # take a4 (2), A5 not a kimbi, CW -> from A1: A1 1->2, A2 1->2; a7 empty -> relay A2 (2):
    # A3 3->4, A4 1->2; a5 empty -> relay A4 (2): A5 7->8, A6 0->1 -> end.
    ballast = [4, 4, 4, 4, 4, 3, 3, 3]
    st = position([0, 0, 1, 0, 6, 0, 0, 0], Z, [1, 0, 0, 2, 0, 5, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    # A3> ends in empty A4; A5 (facing a4) may harvest too: A5< and A5> end in empty A2 / A7.
    assert whole_moves(st) == {"A3<", "A3>", "A5<", "A5>"}
    play(st, "A3<")
    assert st.last_move.fired == ("harvest", "harvest")
    assert summary(st) == expected([2, 0, 4, 0, 8, 1, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua", owned=["A5"])


def test_rule_4_2_1_3_six_or_more_rules_do_not_apply_below_six():
    """4.2.1.3: the "six or more seeds" nyumba rules do not apply to a smaller nyumba."""
    # (a) harvest ending in the owned nyumba with 5: no question, kuendelea goes on.
    # A3< : A3 1->2, take a6 (5), from A1: A1, A2 (0->1), A3 2->3, A4 0->1, A5 4->5; a4 empty
    # -> relay A5 (5, the nyumba is emptied and lost): A6, A7, A8, B8, B7 (0->1) -> end.
    ballast = [5, 4, 4, 4, 4, 4, 4, 4]
    st = position([0, 0, 1, 0, 4, 0, 0, 0], Z, [1, 0, 0, 0, 0, 5, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    assert whole_moves(st) == {"A3<", "A3>"}
    play(st, "A3<")
    assert summary(st) == expected([1, 1, 3, 1, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0, 1, 1],
                                   [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")
    # (b) the owned nyumba (4) alone in the front row: no tax, an ordinary kutakata.
    # A5> : A5 4->5, lift all 5: A6, A7, A8, B8, B7 (0->1) -> end (all 5 sown, not the tax's 2).
    ballast = [5, 5, 5, 5, 5, 5, 5, 4]
    st = position([0, 0, 0, 0, 4, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    assert whole_moves(st) == {"A5<", "A5>"}
    play(st, "A5>")
    assert st.last_move.kind == "kutakata"
    assert summary(st) == expected([0, 0, 0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0, 1, 1],
                                   [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")
    # (c) "... but they reapply if it gets again at least six seeds": the owned nyumba holds 5,
    # a kutakata puts the stock seed in (2.1.2: that is the move's first sowing) and it holds 6:
    # the sowing ended in the owned nyumba with six seeds, so the move ends (4.2.2.3.1).
    # (Literal reading of 2.1.2 + 4.2.1.3 + 4.2.2.3.1; the notes are silent on this case.)
    ballast = [5, 5, 5, 5, 5, 5, 4, 4]
    st = position([0, 0, 0, 0, 5, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    assert whole_moves(st) == {"A5<", "A5>"}
    play(st, "A5>")
    assert st.last_move.sowings == 1
    assert summary(st) == expected([0, 0, 0, 0, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua", owned=["A5"])


def test_rule_4_2_2_1_no_kunamua_kutakata_from_the_owned_nyumba():
    """4.2.2.1: in kunamua a kutakata may not start from the owned nyumba with six or more
    seeds (it is not the only filled pit here)."""
    ballast = [5, 5, 5, 5, 4, 4, 4, 4]
    st = position([0, 1, 0, 0, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    assert whole_moves(st) == {"A2<", "A2>"}
    # A2> : A2 1->2: A3 0->1, A4 0->1 -> end.
    play(st, "A2>")
    assert summary(st) == expected([0, 0, 1, 1, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua", owned=["A5"])


def test_rule_4_2_2_2_nyumba_tax_takes_out_two_seeds_only():
    """4.2.2.2: the nyumba (10) is the only filled front pit: 10+1, two taken out, sown left
    or right; the other 9 stay."""
    ballast = [5, 4, 4, 4, 4, 4, 4, 4]
    st = position([0, 0, 0, 0, 10, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    assert whole_moves(st) == {"A5<", "A5>"}
    assert summary(after(st, "A5>")) == expected([0, 0, 0, 0, 9, 1, 1, 0], Z,
                                                 [1, 0, 0, 0, 0, 0, 0, 0],
                                                 ballast,
                                                 hands=(9, 10), stage="kunamua", owned=["A5"])
    assert summary(after(st, "A5<")) == expected([0, 0, 1, 1, 9, 0, 0, 0], Z,
                                                 [1, 0, 0, 0, 0, 0, 0, 0],
                                                 ballast,
                                                 hands=(9, 10), stage="kunamua", owned=["A5"])


def test_rule_4_2_2_3_1_kunamua_kutakata_ends_in_the_owned_nyumba():
    """4.2.2.3.1: a kutakata whose sowing ends in the owned nyumba with six or more seeds
    ends there."""
    # A3> : A3 1->2: A4 0->1, A5 6->7 -> owned nyumba, 7 seeds: the move ends.
    ballast = [5, 5, 5, 5, 4, 4, 4, 4]
    st = position([0, 0, 1, 0, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    assert whole_moves(st) == {"A3<", "A3>"}
    play(st, "A3>")
    assert st.last_move.sowings == 2
    assert summary(st) == expected([0, 0, 0, 1, 7, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua", owned=["A5"])
    # With 4 seeds (5 after the sowing) the kuendelea goes on (4.2.1.3): lift A5 (5, lost):
    # A6, A7, A8, B8, B7 (0->1) -> end.
    ballast = [5, 5, 5, 5, 5, 5, 4, 4]
    st = position([0, 0, 1, 0, 4, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    assert whole_moves(st) == {"A3<", "A3>", "A5<", "A5>"}
    play(st, "A3>")
    assert summary(st) == expected([0, 0, 0, 1, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0, 1, 1],
                                   [1, 0, 0, 0, 0, 0, 0, 0], ballast,
                                   hands=(9, 10), stage="kunamua")


def test_rule_4_2_2_3_2_kunamua_harvest_may_stop_in_the_owned_nyumba():
    """4.2.2.3.2: a harvest move whose sowing ends in the owned nyumba (no harvest there)
    ends if the player wishes (no +), or plays it (+)."""
    # A3> : A3 1->2, take a6 (4), from A8 CCW: A8, A7, A6 (0->1), A5 6->7 -> choice.
    ballast = [4] * 8
    st = position([0, 0, 1, 0, 6, 0, 0, 0], Z, [1, 0, 0, 0, 0, 4, 0, 0], ballast, hands=(10, 10),
                  stage="kunamua", owned=["A5"])
    # A3< : from A1: A1, A2 (0->1), A3 2->3, A4 0->1 (empty) -> end, no question.
    assert whole_moves(st) == {"A3<", "A3>", "A3>+"}
    assert summary(after(st, "A3>")) == expected([0, 0, 2, 0, 7, 1, 1, 1], Z,
                                                 [1, 0, 0, 0, 0, 0, 0, 0],
                                                 ballast,
                                                 hands=(9, 10), stage="kunamua", owned=["A5"])
    # + : lift A5 (7) CCW: A4 0->1, A3 2->3, A2, A1, B1, B2, B3 (0->1) -> end; nyumba lost.
    assert summary(after(st, "A3>+")) == expected([1, 1, 3, 1, 0, 1, 1, 1],
                                                  [1, 1, 1, 0, 0, 0, 0, 0],
                                                  [1, 0, 0, 0, 0, 0, 0, 0], ballast, hands=(9, 10),
                                                  stage="kunamua")


# --- kutakatia positions (4.2.3.1, 5.1.1.1) ------------------------------------------------

# South: A2 (2), A6 (2); North: a2 (2), a5 (6), a8 (1). Ballast: B8 (25), b8 (26), too big to
# harvest. No South harvest (A2> ends in empty A4, A6< in empty A4, A6> in empty A8, A2< in B1).
# A2> : A3 0->1, A4 0->1 -> end. Now A6< would end in A4 (1->2) facing a5: South threatens a5,
# and only a5 (A6> ends in empty A8; the rest are single seeds or too big).
# North has no harvest (only a2 (2) could move onto a5, and a2> ends in a4), so it kutakatas.
KUTAKATIA_A, KUTAKATIA_B = [0, 2, 0, 0, 0, 2, 0, 0], [0, 0, 0, 0, 0, 0, 0, 25]
KUTAKATIA_a, KUTAKATIA_b = [0, 2, 0, 0, 6, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 26]


def test_rule_4_2_3_1_owned_nyumba_is_not_kutakatia_ed_in_mtaji():
    """4.2.3.1: North's nyumba, still owned in mtaji, is the only pit South threatens after its
    kutakata, but it is not kutakatia-ed: North may still empty it."""
    st = position(KUTAKATIA_A, KUTAKATIA_B, KUTAKATIA_a, KUTAKATIA_b, owned=["a5"])
    assert whole_moves(st) == {"A2<", "A2>", "A6<", "A6>"}
    play(st, "A2>")
    assert summary(st) == expected([0, 0, 1, 1, 0, 2, 0, 0], KUTAKATIA_B, KUTAKATIA_a, KUTAKATIA_b,
                                   owned=["a5"])
    assert start_labels(st) == ["a2", "a5"]
    # a5< (North CCW): a4, a3 (0->1), a2 2->3, a1, b1, b2 (0->1) -> end; the nyumba is emptied.
    play(st, "a5<")
    assert summary(st) == expected([0, 0, 1, 1, 0, 2, 0, 0], KUTAKATIA_B, [1, 3, 1, 1, 0, 0, 0, 1],
                                   [1, 1, 0, 0, 0, 0, 0, 26], to_move=0)


def test_rule_5_1_1_1_owned_nyumba_cannot_be_kutakatia_ed():
    """5.1.1.1: the same position with North's nyumba no longer owned: a5 is kutakatia-ed and
    North may not play it; owned, it is not."""
    owned = play(position(KUTAKATIA_A, KUTAKATIA_B, KUTAKATIA_a, KUTAKATIA_b, owned=["a5"]), "A2>")
    lost = play(position(KUTAKATIA_A, KUTAKATIA_B, KUTAKATIA_a, KUTAKATIA_b), "A2>")
    assert owned.snapshot()["marks"]["blocked"] == []
    assert lost.snapshot()["marks"]["blocked"] == ["a5"]
    assert start_labels(owned) == ["a2", "a5"] and start_labels(lost) == ["a2"]


# --- 5: special rules ----------------------------------------------------------------------

@BOTH_PATHS
def test_rule_5_1_kutakatia_blocks_the_one_threatened_pit(game):
    """5.1: after South's kutakata, North's a6 is the only pit South could harvest and North
    has no harvest either (it too must kutakata, the published reading): North may not empty
    a6 on its next move; the mark goes after that move."""
    south_back, north_back = [0, 0, 0, 0, 0, 0, 0, 27], [0, 0, 0, 0, 0, 0, 0, 28]
    st = position([2, 0, 0, 0, 2, 0, 0, 0], south_back, [0, 2, 0, 0, 0, 3, 0, 0], north_back, game=game)
    # No South harvest: A1> ends in empty A3, A5< in empty A3, A1< / A5> elsewhere empty.
    assert whole_moves(st) == {"A1<", "A1>", "A5<", "A5>"}
    # A1> : A2 0->1, A3 0->1 -> end. Now A5< (A4 0->1, A3 1->2) would take a6 (3): the one
    # threatened pit; not the nyumba, not the only occupied pit, not the only one with 2+.
    play(st, "A1>")
    assert summary(st) == expected([0, 1, 1, 0, 2, 0, 0, 0], south_back, [0, 2, 0, 0, 0, 3, 0, 0],
                                   north_back, blocked=["a6"])
    # North cannot harvest (nothing ends in a6) and may not lift a6: only a2.
    assert whole_moves(st) == {"a2<", "a2>"}
    # a2> : a3 0->1, a4 0->1 -> end. The mark is gone; North threatens nothing (a6< ends in
    # a3 facing empty A6), so South gets no mark.
    play(st, "a2>")
    assert summary(st) == expected([0, 1, 1, 0, 2, 0, 0, 0], south_back, [0, 0, 1, 1, 0, 3, 0, 0],
                                   north_back, to_move=0)


@BOTH_PATHS
def test_rule_5_1_kutakatia_after_the_last_kunamua_move_looks_at_the_mtaji_move(game):
    """5.1 at the stage boundary. North plays the last stock seed; the next moves are mtaji
    moves, and the threat and the opponent's harvest are looked for there."""
    back, north_back = [0, 0, 0, 0, 0, 0, 0, 27], [0, 0, 0, 0, 0, 0, 0, 28]
    st = position([0, 2, 0, 0, 0, 2, 0, 0], back, [2, 0, 0, 0, 0, 2, 0, 0], north_back, hands=(0, 1),
                  to_move=1, stage="kunamua", game=game)
    # No North harvest (a1 faces empty A8, a6 faces empty A3). a6< : a6 2->3, lift 3: a5, a4,
    # a3 (0->1 each) -> end; the stocks are empty: mtaji. There a1> (a2 0->1, a3 1->2) would
    # take A6 (2); a1< ends in b2, b8 (28) cannot harvest: A6 is the only threatened pit. South
    # cannot harvest (A2 and A6 end in empty pits either way, B8 has 27): South must kutakata
    # too. A6 is not the nyumba, not the only occupied pit (A2), not the only pit of 2+ (A2):
    # it is kutakatia-ed.
    play(st, "a6<")
    assert summary(st) == expected([0, 2, 0, 0, 0, 2, 0, 0], back, [2, 0, 1, 1, 1, 0, 0, 0], north_back,
                                   to_move=0, blocked=["A6"])
    # The other way round, South plays its last seed while North still has one: a pit South
    # threatens faces an occupied pit of South's, so North can always harvest it with a stock
    # seed in kunamua, and nothing is blocked.
    st = position([2, 0, 0, 0, 0, 2, 0, 0], back, [0, 2, 0, 0, 0, 2, 0, 0], back, hands=(1, 1),
                  stage="kunamua", game=game)
    play(st, "A6<")
    assert summary(st) == expected([2, 0, 1, 1, 1, 0, 0, 0], back, [0, 2, 0, 0, 0, 2, 0, 0], back,
                                   hands=(0, 1), stage="kunamua")
    assert whole_moves(st) == {"a6<", "a6>"}  # a stock seed into a6 takes A3, from either kichwa


@BOTH_PATHS
def test_rule_5_1_no_kutakatia_when_the_opponent_can_harvest(game):
    """5.1, the published reading (the notes): a pit is kutakatia-ed only when its owner must
    kutakata too. Here South's kutakata threatens North's a6 alone, but North can harvest,
    and only from a6: nothing is blocked, and the harvest is compulsory (1.4.1)."""
    south_back, north_back = [0, 0, 0, 0, 0, 0, 0, 27], [0, 0, 0, 0, 0, 0, 0, 28]
    st = position([2, 0, 0, 0, 2, 0, 0, 0], south_back, [2, 0, 0, 1, 0, 2, 0, 0], north_back, game=game)
    # No South harvest: A1> / A5< end in empty A3, A1< in B2, A5> in A7; B8 (27) cannot.
    assert whole_moves(st) == {"A1<", "A1>", "A5<", "A5>"}
    # A1> : A2 0->1, A3 0->1 -> end. Now A5< (A4 0->1, A3 1->2) would take a6 (2): the one
    # threatened pit, and not excepted by 5.1.1. But North's a6< (a5 0->1, a4 1->2) harvests
    # South's A5, so North need not kutakata: a6 stays free.
    play(st, "A1>")
    assert summary(st) == expected([0, 1, 1, 0, 2, 0, 0, 0], south_back, [2, 0, 0, 1, 0, 2, 0, 0],
                                   north_back)
    assert whole_moves(st) == {"a6<"}
    # a6< takes A5 (2) and sows it from North's right kichwa, leftwards: a8 0->1, a7 0->1 -> end.
    play(st, "a6<")
    assert st.last_move.fired == ("harvest",)
    assert summary(st) == expected([0, 1, 1, 0, 0, 0, 0, 0], south_back, [2, 0, 0, 2, 1, 0, 1, 1],
                                   north_back, to_move=0)


def test_rule_5_1_1_2_the_only_occupied_front_pit_cannot_be_kutakatia_ed():
    """5.1.1.2: South threatens only a6 (1 seed). As North's only occupied front pit it is not
    kutakatia-ed; with one more (unthreatened) seed in a1 it is."""
    # A1> : A2 0->1, A3 0->1; then A5< (A4, A3 1->2) would take a6. A8 stays empty, so a1 is
    # never threatened.
    alone = play(position([2, 0, 0, 0, 2, 0, 0, 0], Z, [0, 0, 0, 0, 0, 1, 0, 0],
                          [30, 0, 0, 0, 0, 0, 0, 29]), "A1>")
    assert summary(alone) == expected([0, 1, 1, 0, 2, 0, 0, 0], Z, [0, 0, 0, 0, 0, 1, 0, 0],
                                      [30, 0, 0, 0, 0, 0, 0, 29])
    other = play(position([2, 0, 0, 0, 2, 0, 0, 0], Z, [1, 0, 0, 0, 0, 1, 0, 0],
                          [29, 0, 0, 0, 0, 0, 0, 29]), "A1>")
    assert summary(other) == expected([0, 1, 1, 0, 2, 0, 0, 0], Z, [1, 0, 0, 0, 0, 1, 0, 0],
                                      [29, 0, 0, 0, 0, 0, 0, 29], blocked=["a6"])


def test_rule_5_1_1_3_the_only_front_pit_with_more_than_one_seed_cannot_be_kutakatia_ed():
    """5.1.1.3: a6 (3), threatened alone, is North's only front pit of two or more: it is not
    kutakatia-ed and North plays it (otherwise North would have no move at all)."""
    st = play(position([2, 0, 0, 0, 2, 0, 0, 0], Z, [1, 0, 0, 0, 0, 3, 0, 0],
                       [28, 0, 0, 0, 0, 0, 0, 28]), "A1>")
    assert summary(st) == expected([0, 1, 1, 0, 2, 0, 0, 0], Z, [1, 0, 0, 0, 0, 3, 0, 0],
                                   [28, 0, 0, 0, 0, 0, 0, 28])
    assert start_labels(st) == ["a6"]
    # a1 with 2 seeds: a6 is no longer the only pit of 2+, it is kutakatia-ed, North plays a1.
    st = play(position([2, 0, 0, 0, 2, 0, 0, 0], Z, [2, 0, 0, 0, 0, 3, 0, 0],
                       [28, 0, 0, 0, 0, 0, 0, 27]), "A1>")
    assert st.snapshot()["marks"]["blocked"] == ["a6"]
    assert start_labels(st) == ["a1"]


def test_rule_5_2_kuendelea_ends_in_a_kutakatia_ed_pit():
    """5.2: North's kuendelea that ends in its kutakatia-ed pit a6 ends the move."""
    south_back, north_back = [3, 0, 0, 0, 0, 0, 0, 26], [0, 0, 0, 0, 0, 0, 0, 27]
    st = position([0, 0, 0, 0, 2, 0, 0, 0], south_back, [0, 2, 0, 1, 0, 3, 0, 0], north_back)
    # South cannot harvest (A5< ends in empty A3, B1< in empty A3). A5< : A4 0->1, A3 0->1.
    # Then B1< (A1, A2, A3 1->2) would take a6 (3), the only threatened pit -> kutakatia.
    play(st, "A5<")
    assert summary(st) == expected([0, 0, 1, 1, 0, 0, 0, 0], south_back, [0, 2, 0, 1, 0, 3, 0, 0],
                                   north_back, blocked=["a6"])
    assert whole_moves(st) == {"a2<", "a2>"}  # no harvest (a2> ends in a4 facing empty A5)
    # a2> : a3 0->1, a4 1->2 -> relay a4 (2): a5 0->1, a6 3->4: kutakatia-ed -> the move ends.
    blocked_position = st.snapshot()
    play(st, "a2>")
    assert summary(st) == expected([0, 0, 1, 1, 0, 0, 0, 0], south_back, [0, 0, 1, 0, 1, 4, 0, 0],
                                   north_back, to_move=0)
    # Without the mark the kuendelea would lift a6 (4): a7 0->1, a8 0->1, b8 27->28, b7 0->1.
    blocked_position["marks"] = {"owned": [], "blocked": []}
    free = play(GAME.state_from_snapshot(blocked_position), "a2>")
    assert summary(free) == expected([0, 0, 1, 1, 0, 0, 0, 0], south_back, [0, 0, 1, 0, 1, 0, 1, 1],
                                     [0, 0, 0, 0, 0, 0, 1, 28], to_move=0)


# --- appendix: notation --------------------------------------------------------------------

@BOTH_PATHS
def test_appendix_notation_star_marks_a_kutakata_and_two_stars_a_kutakatia(game):
    """Appendix: "A kutakata move is indicated by an asterisk '*', a kutakatia by two". The
    marks are read and checked: a starred harvest, or a single star on a move that blocks a
    pit, is refused; an unmarked move is read as before."""
    st = position([2, 0, 0, 0, 2, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 27], [0, 2, 0, 0, 0, 3, 0, 0],
                  [0, 0, 0, 0, 0, 0, 0, 28], game=game)
    # A1> is a kutakata that blocks a6 (test_rule_5_1_kutakatia_blocks_the_one_threatened_pit).
    with pytest.raises(NotationError, match=r"'A1>\*': this move is written 'A1>\*\*'"):
        parse_move(st, "A1>*")
    assert parse_move(st, "A1>**") == parse_move(st, "A1>")
    st.apply_move("A1>**")
    assert st.move_to_string() == "A1>**"
    # A5< sowing A4, A3 (0 -> 1 each) blocks nothing: a single star.
    st = position([2, 0, 0, 0, 2, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 27], [0, 0, 0, 0, 0, 3, 0, 0],
                  [0, 0, 0, 0, 0, 0, 0, 30], game=game)
    st.apply_move("A5<*")
    assert st.move_to_string() == "A5<*" and st.snapshot()["marks"]["blocked"] == []
    # A harvest carries no star (1.4.1 example: the mtaji harvest A4>).
    st = position([0, 0, 1, 2, 2, 1, 0, 0], Z, [0, 0, 1, 0, 0, 1, 0, 0], [7] * 8, game=game)
    with pytest.raises(NotationError, match=r"this move is written 'A4>', not with '\*'"):
        st.apply_move("A4>*")
    st.apply_move("A4>")
    assert st.move_to_string() == "A4>"


@BOTH_PATHS
def test_appendix_notation_direction_may_be_omitted_when_the_capturing_pit_is_a_kichwa_or_kimbi(game):
    """Appendix: "If the capturing pit is a kichwa or kimbi, the direction indication can be
    omitted": the rules choose the kichwa (4.1), so the direction is not asked; written, it is
    read when it matches and refused when it contradicts the rules, in moves and in records."""
    B, b = [3, 3, 3, 3, 3, 3, 2, 2], [3, 3, 3, 2, 2, 2, 2, 2]
    # kunamua: stock seed A2 1->2 harvests a7 (2); A2 is a kimbi: sown from the left kichwa A1.
    st = position([0, 1, 0, 0, 0, 0, 0, 0], B, [0, 0, 0, 0, 0, 0, 2, 0], b, hands=(10, 10),
                  stage="kunamua", game=game)
    assert parse_move(st, "A2<") == parse_move(st, "A2") == [st.string_to_action("A2")]
    with pytest.raises(NotationError, match=r"'A2>': the entry is not the mover's choice here: "
                                            r"the rules make it '<', and '>' contradicts it"):
        parse_move(st, "A2>")
    st.apply_move("A2<")
    assert st.last_move_facts()["captures"] == [{"pit": "a7", "pieces": 2}]
    # North's a8, the right kichwa, harvests A1 and is sown from itself: '>' (from North's seat).
    st = position([2, 0, 0, 0, 0, 0, 0, 0], B, [0, 0, 0, 0, 0, 0, 0, 1], b, hands=(10, 10),
                  stage="kunamua", to_move=1, game=game)
    assert parse_move(st, "a8>") == parse_move(st, "a8")
    with pytest.raises(NotationError, match="contradicts"):
        parse_move(st, "a8<")
    # A record: North's a1 (the left kichwa) harvests in move 4; its '<' may be written, '>' not.
    opening = "Variant: bao-la-kiswahili\n\n1: A7>* a7<*\n2: A5< a6<*\n3: A5< a3<\n4: A5< a1"
    for written in ("", "<"):
        final, warnings = replay(game, parse_record(opening + written + "\n"))
        assert final.move_to_string() == "a1" and not warnings
    with pytest.raises(RecordError, match=r"'a1>' is not legal here .*the rules make it '<'"):
        replay(game, parse_record(opening + ">\n"))


def test_appendix_notation_directions_are_seen_from_the_player_at_move():
    """Appendix: '<' and '>' are relative to the player at move: North's a6> goes to North's
    right (a7, a8), the mirror image of South's A6> (see 2.1.2)."""
    st = position([0, 0, 0, 0, 6, 2, 2, 0], Z, [0, 0, 0, 0, 6, 2, 2, 0], Z, hands=(22, 22),
                  to_move=1,
                  stage="kunamua", owned=["A5", "a5"])
    assert whole_moves(st) == {"a6<", "a6>", "a7<", "a7>"}
    play(st, "a6>")  # a6 2->3: a7 2->3, a8 0->1, b8 0->1 -> end
    assert summary(st) == expected([0, 0, 0, 0, 6, 2, 2, 0], Z, [0, 0, 0, 0, 6, 0, 3, 1],
                                   [0, 0, 0, 0, 0, 0, 0, 1],
                                   hands=(22, 21), to_move=0, stage="kunamua",
                                   owned=("A5", "a5"))


# --- the tutorial (seed 000), photos 16-20 ---------------------------------------------------
# The photos are not included; each position below is built to match the text, with the
# assumptions said in the comments.

# Photos 16-18 (kunamua, "To keep on sowing"). Assumed: South harvests from A3 (1), facing
# a6 with the "seven seeds"; A7 holds 5 so that it holds "now six" after the harvested seeds
# reach it; A4 holds 3 so that after this move North's nyumba a5 faces the "4 seeds" of
# photo 18; both nyumba owned with 6; 17 seeds in each store (South to move, equal stores).
PHOTO16 = dict(A=[0, 0, 1, 3, 6, 0, 5, 0], B=Z, a=[0, 0, 0, 0, 6, 7, 2, 0], b=Z)


def photo16():
    p = PHOTO16
    return position(p["A"], p["B"], p["a"], p["b"], hands=(17, 17), stage="kunamua",
                    owned=["A5", "a5"])


def test_tutorial_photo_16_17_kuendelea_after_sowing_the_captured_seven():
    """Photos 16-17: capture seven, sow from the left, the last seed ends in the seventh pit
    (now six seeds, nothing to capture): take them and go on in the same direction, ending in
    the back row, fourth pit from the left (B4)."""
    st = photo16()
    # A3>: from A8: A8, A7 5->6, A6, A5 6->7, A4 3->4, A3 2->3, A2 0->1 (empty) -> end.
    # A4 (3) also faces a5 (6): A4< ends in empty A6; A4> ends in A3 facing a6 (7): harvest again.
    assert whole_moves(st) == {"A3<", "A3>", "A4<", "A4>"}
    # A3< : A3 1->2; take a6 (7); from the left (A1) CW: A1 0->1, A2 0->1, A3 2->3, A4 3->4,
    # A5 6->7, A6 0->1, A7 5->6 -- the seventh pit, a2 empty -> take its 6 and go on CW:
    # A8, B8, B7, B6, B5, B4 (0->1 each), B4 was empty -> end.
    play(st, "A3<")
    assert st.last_move.sowings == 3
    assert summary(st) == expected([1, 1, 3, 4, 7, 1, 0, 1], [0, 0, 0, 1, 1, 1, 1, 1],
                                   [0, 0, 0, 0, 6, 0, 2, 0], Z, hands=(16, 17), stage="kunamua",
                                   owned=["A5", "a5"])


def test_tutorial_photo_18_take_the_four_opposite_the_nyumba_and_stop_or_go_on():
    """Photo 18: North takes the 4 seeds facing its nyumba, sows from the right and the last
    seed falls into the nyumba: North may stop or go on."""
    st = play(photo16(), "A3<")
    # North: a5 (6) faces A4 (4), a7 (2) faces A2 (1).  a5< : from a1: a1..a4 (0->1), a4 empty
    # -> end.  a7 : a7 2->3, take A2 (1), kimbi -> a8 0->1 -> end.
    assert whole_moves(st) == {"a5<", "a5>", "a5>+", "a7"}
    # a5> : a5 6->7; take A4 (4); from the right kichwa a8 (North's CCW): a8 0->1, a7 2->3,
    # a6 0->1, a5 7->8 -> the nyumba, A4 now empty: stop ...
    stop = after(st, "a5>")
    assert summary(stop) == expected([1, 1, 3, 0, 7, 1, 0, 1], [0, 0, 0, 1, 1, 1, 1, 1],
                                     [0, 0, 0, 0, 8, 1, 3, 1], Z, hands=(16, 16), to_move=0,
                                     stage="kunamua", owned=["A5", "a5"])
    # ... or + : lift a5 (8) CCW: a4, a3, a2, a1, b1, b2, b3, b4 (0->1 each) -> end; lost.
    go_on = after(st, "a5>+")
    assert summary(go_on) == expected([1, 1, 3, 0, 7, 1, 0, 1], [0, 0, 0, 1, 1, 1, 1, 1],
                                      [1, 1, 1, 1, 0, 1, 3, 1], [1, 1, 1, 1, 0, 0, 0, 0],
                                      hands=(16, 16), to_move=0, stage="kunamua", owned=["A5"])


def test_tutorial_photo_19_nyumba_alone_in_the_front_row():
    """Photo 19: no capture, the nyumba is the only filled front pit: one seed in, two out,
    sown left or right. Assumed: South's nyumba holds 8, two back-row pits hold seeds,
    North's a4 (facing the nyumba) is empty; 20 seeds in each store."""
    A, B = [0, 0, 0, 0, 8, 0, 0, 0], [0, 2, 0, 0, 1, 0, 0, 0]
    a = [1, 0, 0, 0, 7, 3, 2, 0]
    st = position(A, B, a, Z, hands=(20, 20), stage="kunamua", owned=["A5", "a5"])
    assert whole_moves(st) == {"A5<", "A5>"}
    assert summary(after(st, "A5<")) == expected([0, 0, 1, 1, 7, 0, 0, 0], B, a, Z, hands=(19, 20),
                                                 stage="kunamua", owned=["A5", "a5"])
    assert summary(after(st, "A5>")) == expected([0, 0, 0, 0, 7, 1, 1, 0], B, a, Z, hands=(19, 20),
                                                 stage="kunamua", owned=["A5", "a5"])
    # "these special rules do not apply if there are less than six seeds in your nyumba":
    # with 4 seeds: A5> : 4->5, all 5 sown: A6, A7, A8, B8, B7 (0->1) -> end; nyumba lost.
    # (A8 now faces a1 (1), the one North pit South threatens; but North can harvest it with a
    # stock seed, so it is not kutakatia-ed, 5.1.)
    st = position([0, 0, 0, 0, 4, 0, 0, 0], B, a, Z, hands=(22, 22), stage="kunamua",
                  owned=["A5", "a5"])
    assert summary(after(st, "A5>")) == expected([0, 0, 0, 0, 0, 1, 1, 1], [0, 2, 0, 0, 1, 0, 1, 1],
                                                 a, Z,
                                                 hands=(21, 22), stage="kunamua", owned=["a5"])


def test_tutorial_photo_20_two_mitaji():
    """Photo 20 (mtaji): "play your 3 seeds to the right and capture 5, or your nine seeds to
    the right, sowing around the corner, and capture 6". Assumed: the 3 are in A2 (ending in
    A5, facing a4 = 5), the 9 in the back row B4 (to the right is B5..B8, round the corner
    into A8..A4, facing a5 = 6)."""
    A, B = [0, 3, 0, 1, 1, 0, 0, 0], [0, 0, 0, 9, 0, 0, 0, 0]
    a, b = [0, 0, 0, 5, 6, 0, 0, 0], [20, 0, 0, 0, 0, 0, 0, 19]
    st = position(A, B, a, b)
    # A2< ends in B2, B4< (B3 B2 B1 A1..A6) in empty A6, A4/A5 are single seeds.
    assert whole_moves(st) == {"A2>", "B4>"}
    # A2> : A3 0->1, A4 1->2, A5 1->2 faces a4 (5): take 5; CW -> from A1: A1 0->1, A2 0->1,
    # A3 1->2, A4 2->3, A5 2->3; a4 empty -> relay A5 (3): A6, A7, A8 (0->1) -> end.
    assert summary(after(st, "A2>")) == expected([1, 1, 2, 3, 0, 1, 1, 1], B,
                                                 [0, 0, 0, 0, 6, 0, 0, 0], b)
    # B4> : B5, B6, B7, B8, A8, A7, A6 (0->1), A5 1->2, A4 1->2 faces a5 (6): take 6; CCW ->
    # from A8: A8 1->2, A7 1->2, A6 1->2, A5 2->3, A4 2->3, A3 0->1 -> end.
    assert summary(after(st, "B4>")) == expected([0, 3, 1, 3, 3, 2, 2, 2], [0, 0, 0, 0, 1, 1, 1, 1],
                                                 [0, 0, 0, 5, 0, 0, 0, 0], b)
