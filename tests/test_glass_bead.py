"""The Glass Bead Game, rule by rule. Pits are written as bead strings: '0' a stone, '1'-'5'
gems, so '03' is a stone and the three-gem."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import rulespec
from rulespec.interpreter.notation import parse_move
from rulespec.errors import NotationError
from rulespec.records import RecordError, complete_moves, format_record, parse_record, replay

GAME = rulespec.load("glass-bead-game")
NAMES = {"0": "stone", **{str(v): f"gem{v}" for v in range(1, 6)}}


def contents(beads: str) -> dict[str, int]:
    return {NAMES[s]: n for s, n in Counter(beads).items()}


def position(south: list[str], north: list[str], cups: tuple[str, str] = ("", ""), to_move: int = 0):
    return GAME.state_from_snapshot({"to_move": to_move, "players": [
        {"contents": [contents(b) for b in south], "store_contents": contents(cups[0])},
        {"contents": [contents(b) for b in north], "store_contents": contents(cups[1])}]})


def beads(state, player: int) -> list[str]:
    out = []
    for pit in state.snapshot()["players"][player]["contents"]:
        out.append("".join(sorted(s * pit.get(n, 0) for s, n in NAMES.items())))
    return out


def cup(state, player: int) -> str:
    pit = state.snapshot()["players"][player]["store_contents"]
    return "".join(sorted(s * pit.get(n, 0) for s, n in NAMES.items()))


def play(state, *moves: str):
    for move in moves:
        for a in parse_move(state, move):
            state.apply_action(a)
    return state


def legal(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_each_pit_starts_with_a_stone_and_a_gem_thirty_points_in_all() -> None:
    state = GAME.new_initial_state()
    assert beads(state, 0) == ["01", "02", "03", "04", "05"]
    assert beads(state, 1) == ["01", "02", "03", "04", "05"]
    assert GAME.total_pieces == 20 and GAME.total_points == 30
    other = rulespec.load("glass-bead-game", gems="decreasing").new_initial_state()
    assert beads(other, 0) == ["05", "04", "03", "02", "01"]


def test_sowing_is_counterclockwise_and_the_mover_chooses_each_bead() -> None:
    state = GAME.new_initial_state()
    state.apply_action(state.string_to_action("C"))
    assert state.pending_request().kind == "piece" and legal(state) == ["0", "3"]
    state.apply_action(state.string_to_action("3"))
    assert state.pending_request() is None, "the last bead is forced: not asked"
    assert state.move_to_string() == "C30" and state.history() == [2, state.history()[1]]
    assert beads(state, 0) == ["01", "02", "", "034", "005"]


def test_direct_capture_takes_the_single_gem() -> None:
    state = play(position(["01", "02", "04", "005", "0"], ["3", "02", "03", "04", "015"]), "E0")
    assert cup(state, 0) == "3" and beads(state, 1)[0] == "0"
    assert state.snapshot()["players"][0]["score"] == 3


def test_capture_counts_a_bead_put_there_earlier_in_the_same_lap() -> None:
    # E's ten beads go round: the first lands in North's a (empty before), the tenth, a
    # stone, lands there again: a held exactly one bead before it, the gem dropped first.
    state = position(["", "", "", "0", "0000000005"], ["", "", "", "", ""], ("1234", "12345"))
    # a gets the 5, b..e and A..D a stone each; skipping E, a a stone. Once the 5 is sown
    # only stones are in hand: the other nine beads are forced, not asked.
    state.apply_move("E5000000000")
    assert len(state.history()) == 2 and state.move_to_string() == "E5000000000"
    assert cup(state, 0) == "12345", "the five-gem sown first into a is captured by the tenth bead"


def test_indirect_capture_picks_any_gem_of_the_opponent() -> None:
    state = position(["01", "02", "04", "05", "0"], ["0", "023", "03", "04", "015"])
    play(state, "E0")
    assert state.pending_request().kind == "pick"
    assert legal(state) == ["+2b", "+3b", "+3c", "+4d", "+1e", "+5e"]
    play(state, "+5e")
    assert cup(state, 0) == "5" and beads(state, 1)[4] == "01"


def test_indirect_capture_from_the_cup_when_no_gem_is_on_the_opponents_side() -> None:
    state = position(["0123", "045", "0", "0", "0"], ["0", "0", "0", "0", "0"], ("", "12345"))
    play(state, "E0")
    assert legal(state) == ["+1N", "+2N", "+3N", "+4N", "+5N"]
    play(state, "+4N")
    assert cup(state, 0) == "4" and cup(state, 1) == "1235"


def test_indirect_capture_with_nothing_to_take_captures_nothing() -> None:
    state = position(["0", "0", "0", "0", "0"], ["0", "0", "0", "0", "0"], ("1122334455", ""))
    play(state, "E0")
    assert state.current_player() == 1 and cup(state, 0) == "1122334455"


def test_multiple_direct_capture() -> None:
    state = play(position(["01", "02", "03", "05", "00"], ["4", "2", "03", "04", "0015"]), "E00")
    assert cup(state, 0) == "24"


def test_multiple_indirect_capture_entitles_one_gem_per_pit() -> None:
    state = position(["01", "02", "03", "05", "00"], ["0", "0", "34", "24", "0015"])
    play(state, "E00")
    assert state.pending_request().kind == "pick"
    play(state, "+4c", "+5e")
    assert cup(state, 0) == "45"


def test_a_chain_stops_at_a_pit_of_the_other_kind() -> None:
    # a held a single stone, b a single gem: the last pit (b) makes it direct, and a is not
    # part of the chain.
    state = play(position(["01", "02", "03", "05", "00"], ["0", "4", "023", "04", "015"]), "E00")
    assert cup(state, 0) == "4" and beads(state, 1)[0] == "00"


@pytest.mark.parametrize("gem", "12345")
def test_an_indirect_chain_stops_at_a_pit_that_held_a_stone_and_a_gem(gem: str) -> None:
    # E's two stones fall into a and b. b held a single stone: one gem. a held a stone and a
    # gem, two beads, so it adds no second pick (which would come from North's cup).
    rest = "1122334455".replace(gem, "", 1)
    state = position(["000", "000", "", "", "00"], ["0" + gem, "0", "", "", ""], (rest[:5], rest[5:]))
    play(state, "E00")
    assert state.current_player() == 1, "a single pick, made without asking: the only gem on North's side"
    assert cup(state, 0) == "".join(sorted(rest[:5] + gem)) and cup(state, 1) == rest[5:]


def test_only_a_stone_captures() -> None:
    state = play(position(["01", "02", "04", "005", "3"], ["0", "02", "03", "04", "015"]), "E3")
    assert cup(state, 0) == "" and beads(state, 1)[0] == "03"


def test_more_than_nine_beads_skip_the_origin_pit() -> None:
    state = position(["0000000001", "", "", "", "1"], ["0", "2", "3", "4", "5"], ("", "2345"))
    play(state, "A" + "1000000000")
    # A's ten beads: B..E, a..e is nine pits, the tenth skips A and lands in B again.
    assert beads(state, 0) == ["", "01", "0", "0", "01"]


@pytest.mark.parametrize("gem", "12345")
def test_an_empty_player_must_be_fed_while_gems_remain(gem: str) -> None:
    # Any gem in play, of whatever value, keeps the duty to feed: here the only one is in E.
    rest = "1122334455".replace(gem, "", 1)
    state = position(["0", "00", "00", "00", "000" + gem], ["", "", "", "", ""], (rest[:5], rest[5:]))
    assert sorted({m[0] for m in complete_moves(state)}) == ["D", "E"], "only D and E reach North"


def test_in_the_endgame_there_is_no_duty_to_feed() -> None:
    state = position(["0", "00", "00", "00", "000"], ["", "", "", "", ""], ("12345", "12345"))
    assert sorted({m[0] for m in complete_moves(state)}) == ["A", "B", "C", "D", "E"]


def test_fifteen_points_and_an_empty_opponent_to_move_wins() -> None:
    state = play(position(["0", "00", "00", "00", "000"], ["", "", "", "", ""], ("5542", "433211")), "A0")
    snap = state.snapshot()
    assert snap["terminal"] and snap["returns"] == [1.0, -1.0]


def test_emptying_the_opponent_with_fewer_than_fifteen_points_loses() -> None:
    state = play(position(["0", "00", "00", "00", "000"], ["", "", "", "", ""], ("43321", "55421")), "A0")
    snap = state.snapshot()
    assert snap["terminal"] and snap["returns"] == [-1.0, 1.0]


def test_notation_of_a_whole_move_and_records() -> None:
    state = GAME.new_initial_state()
    assert "C03" in complete_moves(state) and "C30" in complete_moves(state)
    assert parse_move(state, "C30") == parse_move(state, "C3"), "a forced bead may be written"
    with pytest.raises(NotationError, match="complete before '3'"):
        parse_move(state, "C33")
    play(state, "C30", "a01")
    record = format_record(GAME, ["C30", "a01"])
    replayed, _ = replay(GAME, parse_record(record))
    assert replayed.snapshot() == state.snapshot()


def distinct_orders(pit_beads: list[int]) -> int:
    return len(set(itertools.permutations(pit_beads)))


def test_legal_complete_moves_counted_two_ways_agree() -> None:
    """Enumerating the distinct bead orders of each playable pit, and expanding the decisions
    one by one, give the same number of complete moves (positions without capture choices)."""
    rng = random.Random(3)
    checked = 0
    for _ in range(120):
        state = GAME.new_initial_state()
        for _ in range(rng.randrange(0, 60)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal() or state.pending_request() is not None:
            continue
        moves = complete_moves(state, limit=100000)
        if any("+" in m for m in moves):
            continue  # a capture choice multiplies the count; covered elsewhere
        kinds = state.kinds
        expected = sum(distinct_orders([k for k, n in enumerate(kinds[q]) for _ in range(n)])
                       for q in (state.game.geo.own[state.current_player()][i] for i in state.legal_actions()))
        assert len(moves) == expected
        checked += 1
    assert checked >= 10, checked
    assert len(complete_moves(GAME.new_initial_state())) == 10


def test_random_games_conserve_beads_and_points_and_never_draw() -> None:
    rng = random.Random(11)
    for _ in range(60):
        state = GAME.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            snap = state.snapshot()
            points = sum(p["score"] for p in snap["players"])
            points += sum(int(NAMES_BY_NAME[n]) * c for n, c in snap.get("in_hand_contents", {}).items())
            for p in snap["players"]:
                for pit in p["contents"]:
                    points += sum(int(NAMES_BY_NAME[n]) * c for n, c in pit.items())
            assert points == 30
            assert sum(sum(p["pits"]) + p["store"] for p in snap["players"]) + snap["in_hand"] == 20
        assert state.returns() in ([1.0, -1.0], [-1.0, 1.0])


NAMES_BY_NAME = {v: k for k, v in NAMES.items()}


def test_published_notation_lists_captures_after_x() -> None:
    """The published notation writes what a move captures after " x ": each pit's gems as the
    pit and the gems' values ("D55": two 5-gems from D), bare values for gems taken from the
    opponent's cup ("e0000 x D55 E4 3"). Picks are read from the list, and the list is checked
    against what the move captured (a direct capture's gem is written too)."""
    # North's four stones from e fall into A..D, each holding one stone: an indirect multiple
    # capture of four gems: both 5s and the 4 on South's side, then the 3 from South's cup.
    state = position(["0", "0", "0", "0", "554"], ["00", "", "", "", "0000"], ("3", "112234"), to_move=1)
    picks = parse_move(state, "e0000+5E+5E+4E+3S")
    assert parse_move(state, "e0000 x E55 E4 3") == parse_move(state, "e0000 x E5 E5 E4 3") == picks
    with pytest.raises(NotationError, match=r"this move captures E455 3, not E554 2"):
        parse_move(state, "e0000 x E55 E4 2")
    state.apply_move("e0000 x E55 E4 3")
    assert cup(state, 1) == "1122334455" and cup(state, 0) == ""
    # A direct capture takes the single gem by itself; written, it is checked.
    state = position(["01", "02", "04", "005", "0"], ["3", "02", "03", "04", "015"])
    assert parse_move(state, "E0 x a3") == parse_move(state, "E0")
    with pytest.raises(NotationError, match="this move captures a3, not a4"):
        parse_move(state, "E0 x a4")


def test_records_in_the_published_notation_replay() -> None:
    """A record with capture lists (two moves a line: the list ends where the next move begins)."""
    moves = ["D04", "e05", "B250", "a014", "C032", "c301", "E35000 x a3", "d04430", "A11040 x a2", "b2005"]
    state = GAME.new_initial_state()
    for move in moves:
        state.apply_move(move)
    replayed, warnings = replay(GAME, parse_record(format_record(GAME, moves)))
    assert replayed.snapshot() == state.snapshot() and not warnings
    wrong = format_record(GAME, moves[:6] + ["E35000 x a4"])
    with pytest.raises(RecordError, match=r"'E35000 x a4' is not legal here .*none of the pieces written after 'x' can be picked"):
        replay(GAME, parse_record(wrong))
