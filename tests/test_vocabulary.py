"""The blocks added for the catalogue: families, parity and divisibility, `on_board`,
`direction`, end on any condition, passing. Each is played by the engine compiled and by its
source run by Python."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.interpreter import state as state_module
from engines import Interpreted, replay
from rulespec.interpreter import Game
from rulespec.errors import SpecError
from rulespec.loader import load_spec_text
from rulespec.models import Condition, CountRange

ROOT = Path(__file__).resolve().parent.parent


def game_of(text: str, interpreted: bool = False, **params) -> Game:
    """The spec's game, played by the compiled engine or by its source run by Python."""
    if interpreted:
        return Interpreted(lambda: Game(load_spec_text(text, "<test>", **params)))
    return Game(load_spec_text(text, "<test>", **params))


def play_alike(fast: Game, slow: Game, seed: int, games: int, max_actions: int = 3000) -> list[dict]:
    """Random games played compiled and interpreted at once: the same snapshot after every
    action. Returns each game's last snapshot."""
    import random

    rng = random.Random(seed)
    last = []
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        for _ in range(max_actions):
            if a.is_terminal():
                break
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
            assert a.snapshot() == b.snapshot()
        last.append(a.snapshot())
    return last


def position(game: Game, south: list[int], north: list[int], stores=None, to_move: int = 0):
    """A position; unless given, the stores share the pieces not on the board."""
    if stores is None:
        rest = game.total_pieces - sum(south) - sum(north)
        stores = (rest // 2, rest - rest // 2)
    return game.state_from_snapshot({"to_move": to_move, "players": [
        {"pits": south, "store": stores[0]}, {"pits": north, "store": stores[1]}]})


# --- families ---------------------------------------------------------------------

def test_a_family_member_inherits_its_parents_blocks_and_overrides_some(tmp_path: Path) -> None:
    child = "name: Small Oware\nextends: oware\nparameters:\n  seeds: {doc: s, default: 3}\nboard: {terms: {pit: hole}}\n"
    loaded = load_spec_text(child, str(tmp_path / "small.yaml"))
    spec = loaded.spec
    assert spec.name == "Small Oware" and spec.extends == "oware"
    assert spec.board.terms.pit == "hole" and spec.board.stores == "beside"   # merged key by key
    assert spec.setup.per_pit == 3 and spec.examples == [] and spec.aliases == []
    assert spec.captures == rulespec.load_spec("oware").spec.captures
    assert Game(loaded).new_initial_state().snapshot()["players"][0]["pits"] == [3] * 6


def test_null_removes_an_inherited_key_and_lists_replace() -> None:
    child = ("name: No feeding\nextends: oware\nobligations: {feed: null}\n"
             "end:\n  - {kind: no_legal_move, remaining: to_owner}\n")
    spec = load_spec_text(child).spec
    assert spec.obligations.feed is None
    assert [e.kind for e in spec.end] == ["no_legal_move"]


def test_family_errors_are_located_in_the_file_that_wrote_them(tmp_path: Path) -> None:
    parent = tmp_path / "parent.yaml"
    parent.write_text(rulespec.loader.resolve("oware").read_text().replace("per_pit: $seeds", "per_pit: $seeds\n  pits: {F: 2}"))
    child = tmp_path / "child.yaml"
    child.write_text("name: Child\nextends: parent.yaml\nboard:\n  pits: 4\n  stores: besid\n")
    with pytest.raises(SpecError) as err:
        rulespec.load_spec(child)
    assert [(Path(p.path).name, p.line) for p in err.value.problems] == [("child.yaml", 5)]
    assert "did you mean 'beside'" in str(err.value)
    child.write_text("name: Child\nextends: parent.yaml\nboard:\n  pits: 4\n")
    with pytest.raises(SpecError) as err:
        rulespec.load_spec(child)
    where = {(Path(p.path).name, p.line) for p in err.value.problems}
    text = str(err.value)
    parent_line = next(i for i, line in enumerate(parent.read_text().splitlines(), 1) if "pits: {F: 2}" in line)
    assert ("parent.yaml", parent_line) in where and "unknown pit 'F'" in text


def test_extends_refuses_unknown_parents_and_cycles(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match=r"<spec>:2:\d+: .*owarre"):
        load_spec_text("name: X\nextends: owarre\n")
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("name: A\nextends: b.yaml\n")
    b.write_text("name: B\nextends: a.yaml\n")
    with pytest.raises(SpecError, match="circle"):
        rulespec.load_spec(a)


# --- counts: parity and divisibility -------------------------------------------------

def test_parity_and_multiples_match_counts() -> None:
    even = Condition(count="even").count
    assert isinstance(even, CountRange) and even.parity == "even"
    assert [n for n in range(9) if even.matches(n)] == [0, 2, 4, 6, 8]
    fours = CountRange(min=1, multiple_of=4)
    assert [n for n in range(13) if fours.matches(n)] == [4, 8, 12]
    with pytest.raises(SpecError, match="is not one of"):
        load_spec_text(OWARE_EVEN.replace("count: even", "count: {parity: evn}"))


OWARE_EVEN = """
name: Even capture
extends: oware
captures:
  - name: even
    when: {side: opponent, count: even}
    take: [landing]
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_an_even_count_captures_on_both_paths(interpreted: bool) -> None:
    game = game_of(OWARE_EVEN, interpreted)
    state = position(game, [0, 0, 0, 0, 0, 2], [1, 3, 0, 4, 4, 4])
    state.apply_action(5)  # F: two seeds into a (2) and b (4): b holds four, even
    assert state.snapshot()["players"][0]["store"] == 4 + 15
    state = position(game, [0, 0, 0, 0, 0, 2], [1, 2, 0, 4, 4, 4])
    state.apply_action(5)  # b holds three: odd, no capture
    assert state.snapshot()["players"][0]["store"] == 15


def test_the_kernel_plays_parity_and_direction_conditions() -> None:
    spec = OWARE_EVEN.replace("take: [landing]", "take: [landing]\n  - name: odd clockwise\n"
                              "    when: {side: opponent, count: {parity: odd, min: 3}, direction: clockwise}\n"
                              "    take: [landing]") + "turn:\n  moves:\n    - {name: sow, direction: choice}\n"
    fast, slow = game_of(spec), game_of(spec, interpreted=True)
    assert all(snap["terminal"] for snap in play_alike(fast, slow, seed=3, games=10))


# --- end on a condition, passing ----------------------------------------------------

FEW_LEFT = """
name: Few left
extends: oware
end:
  - {kind: condition, when: {on_board: {max: 4}}, remaining: to_owner}
  - {kind: no_legal_move, remaining: to_owner}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_the_game_ends_when_an_end_condition_holds(interpreted: bool) -> None:
    game = game_of(FEW_LEFT, interpreted)
    state = position(game, [0, 0, 0, 0, 1, 2], [0, 0, 0, 0, 0, 3], stores=(20, 22))
    state.apply_action(5)  # F: a and b get one each; six on the board: play on
    assert not state.is_terminal()
    state = position(game, [0, 0, 0, 0, 0, 2], [1, 1, 0, 0, 0, 2], stores=(21, 21))
    state.apply_action(5)  # F into a and b: both hold two and are taken: two seeds are left
    snap = state.snapshot()
    assert state.is_terminal() and snap["players"][0]["score"] + snap["players"][1]["score"] == 48


PASSING = """
name: Passing
extends: kalah
turn:
  no_move: pass
end:
  - {kind: no_legal_move, remaining: to_owner}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_player_without_a_move_passes(interpreted: bool) -> None:
    game = game_of(PASSING, interpreted)
    state = position(game, [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 2, 0], stores=(20, 25))
    state.apply_action(5)  # F into South's kalah: another turn, but South has nothing: pass
    assert not state.is_terminal() and state.current_player() == 1
    state.apply_action(4)  # e: f and North's kalah; South still has nothing, North moves on
    assert state.current_player() == 1
    state.apply_action(5)
    assert state.is_terminal()


def test_without_pass_the_same_position_ends() -> None:
    game = game_of(PASSING.replace("no_move: pass", "no_move: end"))
    state = position(game, [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 2, 0], stores=(20, 25))
    state.apply_action(5)
    assert state.is_terminal()


# --- the reference ------------------------------------------------------------------

def test_the_reference_has_a_section_for_every_link_and_readable_defaults() -> None:
    from rulespec.docgen import reference

    text = reference()
    heads = {h.lower() for h in re.findall(r"^## (\w+)", text, re.M)}
    links = set(re.findall(r"\]\(#(\w+)\)", text))
    assert links <= heads, links - heads
    assert "object at" not in text and "<lambda>" not in text and "see block" not in text
    assert "`{side: own, count: {min: 1}}`" in text  # a default written as YAML


# --- several move kinds offered together --------------------------------------------

TOGETHER = """
name: Together
extends: oware
turn:
  offer: {offer}
  moves:
    - name: capture
      from: {{side: own, count: {{min: 1}}}}
      require_capture: true
    - name: backwards
      from: {{side: own, pit: A, count: {{min: 1}}}}
      direction: clockwise
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_kinds_offered_together_are_all_legal_and_priorities_still_work(interpreted: bool) -> None:
    first = game_of(TOGETHER.format(offer="first"), interpreted)
    state = position(first, [1, 0, 0, 0, 0, 2], [1, 2, 3, 3, 3, 3])
    assert state.legal_actions() == [5]  # only the capture: the first kind with a start
    together = game_of(TOGETHER.format(offer="all"), interpreted)
    state = position(together, [1, 0, 0, 0, 0, 2], [1, 2, 3, 3, 3, 3])
    assert state.legal_actions() == [0, 5]
    state.apply_action(0)  # A, clockwise: into North's f
    assert state.snapshot()["players"][1]["pits"] == [1, 2, 3, 3, 3, 4]


def test_the_rulebook_index_lists_board_origin_and_features() -> None:
    from rulespec.book.features import features, index_page

    games = [(rulespec.load(n), f"{n}.md") for n in ("toguz-korgool", "bao-la-kujifunza", "sungka")]
    page = index_page(games)
    assert "| [Toguz Korgool](toguz-korgool.md) | 2 × 9, stores beside | Central Asia" in page
    assert features(games[0][0].spec) == ["first piece back into the origin", "captured holes", "owned pits"]
    assert features(games[1][0].spec)[0] == "family of bao-la-kiswahili"
    assert {"passing", "extra turns", "relay laps", "end on a condition"} <= set(features(games[2][0].spec))


# --- rounds ----------------------------------------------------------------------------

ROUNDS = """
name: Rounds
extends: sungka
opening: null
parameters:
  holes: {doc: h, default: 4}
  shells: {doc: s, default: 3}
marks:
  burnt: {meaning: not filled this round}
sowing:
  skip: {mark: burnt}
rounds:
  order: last
  out_of_play: burnt
"""


def round_end(game: Game, south_store: int, to_move: int = 0):
    """South to move with one seed in D (next to the store) and everything else in the stores:
    South's move ends the round with South holding `south_store + 1`."""
    rest = game.total_pieces - 1 - south_store
    return position(game, [0, 0, 0, 1], [0, 0, 0, 0], stores=(south_store, rest), to_move=to_move)


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_round_ends_with_the_pits_refilled_and_the_unfilled_ones_out_of_play(interpreted: bool) -> None:
    game = game_of(ROUNDS, interpreted)
    state = round_end(game, 7)
    state.apply_action(3)  # D into the store: no piece on the board, the round is over (8 to 16)
    snap = state.snapshot()
    assert not state.is_terminal() and snap["round"] == 2
    assert snap["players"][0]["pits"] == [0, 0, 3, 3] and snap["players"][0]["store"] == 2
    assert snap["players"][1]["pits"] == [3, 3, 3, 3] and snap["players"][1]["store"] == 4
    assert snap["marks"] == {"burnt": ["A", "B"]}
    assert state.current_player() == 0  # the loser starts
    # D's three: store, a, b; b was occupied: its four go on to c, d, then past South's burnt A
    # and B to C and the emptied D, which captures it with the four of a, facing it
    state.apply_action(3)
    snap = state.snapshot()
    assert snap["players"][0]["pits"] == [0, 0, 4, 0] and snap["players"][0]["store"] == 2 + 1 + 5
    assert snap["players"][1]["pits"] == [0, 0, 4, 4]
    # the round's position plays on after a snapshot (the round and the burnt pits kept)
    again = game.state_from_snapshot(state.snapshot())
    assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize("interpreted", [False, True])
def test_burnt_pits_are_skipped_and_refilled_when_their_owner_can(interpreted: bool) -> None:
    game = game_of(ROUNDS, interpreted)
    state = game.state_from_snapshot({"to_move": 1, "round": 2, "marks": {"burnt": ["A", "B"]}, "players": [
        {"pits": [0, 0, 3, 3], "store": 2}, {"pits": [0, 0, 0, 4], "store": 12}]})
    state.apply_action(3)  # d's four: North's store, C and D (A and B skipped), then the empty a,
    snap = state.snapshot()  # which captures with the four of D, facing it
    assert snap["players"][0]["pits"] == [0, 0, 4, 0] and snap["players"][1]["store"] == 12 + 1 + 5
    state = game.state_from_snapshot({"to_move": 0, "round": 2, "marks": {"burnt": ["A"]}, "players": [
        {"pits": [0, 0, 0, 1], "store": 12}, {"pits": [0, 0, 0, 0], "store": 11}]})
    state.apply_action(3)  # South now holds 13: all four pits again (A no longer burnt); North 11: a burnt
    snap = state.snapshot()
    assert snap["players"][0]["pits"] == [3, 3, 3, 3] and snap["marks"] == {"burnt": ["a"]}
    assert snap["round"] == 3 and state.current_player() == 1  # 13 > 11: North lost, starts


@pytest.mark.parametrize("interpreted", [False, True])
def test_the_game_ends_when_a_player_cannot_fill_one_pit(interpreted: bool) -> None:
    game = game_of(ROUNDS, interpreted)
    state = round_end(game, 1)  # South ends the round with 2 seeds: not enough for one pit
    state.apply_action(3)
    snap = state.snapshot()
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert snap["players"][0]["store"] == 2 and snap["players"][1]["store"] == 22


@pytest.mark.parametrize("starter, expected", [("winner", 1), ("loser", 0), ("first_player", 0),
                                               ("alternate", 1), ("last_mover", 0)])
def test_who_starts_the_next_round(starter: str, expected: int) -> None:
    game = game_of(ROUNDS + f"  next_player: {starter}\n")
    state = round_end(game, 7)  # South (the last mover) loses the round 8 to 16
    state.apply_action(3)
    assert state.current_player() == expected


def test_max_rounds_ends_the_game() -> None:
    game = game_of(ROUNDS + "  max_rounds: 1\n")
    state = round_end(game, 7)
    state.apply_action(3)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


@pytest.mark.parametrize("starter", ["winner", "loser", "first_player", "alternate", "last_mover"])
def test_native_games_of_rounds_replay_on_the_state_api(starter: str) -> None:
    """Whole games in C: each round's end, the refilling, the marks and the next starter, as
    the state API plays them."""
    from rulespec.interpreter.native import playouts
    from rulespec.summary import engine

    text = ROUNDS + f"  next_player: {starter}\n  max_rounds: 4\n"
    game = game_of(text)
    result = playouts(game, 6, seed=2, lengths=True, record=True)
    assert engine(game) == "native code (moves, whole games and the solver)"
    finals = replay(game_of(text), result)
    assert max(state.round for state in finals) >= 2, "the games went past their first rounds"


def test_rounds_are_played_the_same_compiled_and_interpreted() -> None:
    fast, slow = game_of(ROUNDS), game_of(ROUNDS, interpreted=True)
    rounds = [snap["round"] for snap in play_alike(fast, slow, seed=5, games=6)]
    assert max(rounds) >= 2  # the games went past their first round


def test_rounds_errors_name_the_problem() -> None:
    with pytest.raises(SpecError, match="undeclared mark 'burn'.*did you mean 'burnt'"):
        load_spec_text(ROUNDS.replace("out_of_play: burnt", "out_of_play: burn"))
    with pytest.raises(SpecError, match="needs stores"):
        load_spec_text(ROUNDS + "board: {stores: none}\n")
    one_round = game_of(ROUNDS.replace("rounds:\n  order: last\n  out_of_play: burnt\n", ""))
    from rulespec.interpreter.snapshot import PositionError

    with pytest.raises(PositionError, match="one round"):
        one_round.state_from_snapshot({"round": 2, "players": [{"pits": [3] * 4}, {"pits": [3] * 4}]})


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_capture_can_let_the_move_go_on(interpreted: bool) -> None:
    spec = ("name: Go on\nextends: sungka\nopening: null\ncaptures:\n  - name: facing hole\n"
            "    when: {side: own, store: false, count: 1, opposite: {count: {min: 1}}}\n"
            "    take: [opposite]\n    to: store\n    then: relay\n")
    game = game_of(spec, interpreted)
    state = position(game, [0, 0, 0, 0, 1, 0, 0], [3, 5, 0, 0, 0, 0, 0], stores=(40, 49))
    # E into the empty F: the five of b, facing it, are taken; the move goes on as if its lap had
    # ended in b, the last pit taken, which is empty now: no relay, the move ends there
    state.apply_action(4)
    snap = state.snapshot()
    assert snap["players"][0]["store"] == 45 and snap["players"][0]["pits"][5] == 1
    with pytest.raises(SpecError, match="single-lap"):
        load_spec_text(spec.replace("extends: sungka", "extends: sungka\nsowing: {laps: {kind: single}}"))


# --- captured pieces sown in a set direction (Omweso's reverse captures) ------------------------

REVERSE_POSITION = {"to_move": 0, "players": [
    {"rows": {"A": [0, 2, 0, 1, 0, 0, 0, 0], "B": [0, 0, 2, 0, 0, 0, 0, 0]}},
    {"rows": {"a": [4, 4, 4, 4, 3, 4, 4, 4], "b": [4, 4, 4, 4, 2, 4, 3, 3]}}]}


@pytest.mark.parametrize("interpreted", [False, True])
@pytest.mark.parametrize("direction, rows", [
    # sown back counter-clockwise from A2: A2, A1, B1, B2, B3 (held two: relay into B4, B5, B6)
    ("counterclockwise", {"A": [1, 1, 1, 2, 0, 0, 0, 0], "B": [1, 1, 0, 1, 1, 1, 0, 0]}),
    # without a set direction the move keeps its own (clockwise): A2..A6, ending in the empty A6
    (None, {"A": [0, 1, 2, 3, 1, 1, 0, 0], "B": [0, 0, 2, 0, 0, 0, 0, 0]}),
])
def test_captured_pieces_sown_in_a_set_direction(interpreted: bool, direction, rows) -> None:
    text = (ROOT / "variants" / "omweso.yaml").read_text(encoding="utf-8")
    if direction is None:
        text = text.replace("        direction: counterclockwise\n", "")
    game = game_of(text.split("examples:")[0], interpreted)
    state = game.state_from_snapshot(REVERSE_POSITION)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["B3", "A2"]
    state.apply_action(state.string_to_action("A2"))
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["<", ">"]  # both ways
    state.apply_action(state.string_to_action(">"))  # clockwise: A3, A4 captures a5 and b5
    assert state.snapshot()["players"][0]["rows"] == rows


# --- pieces moved into the landing pit; own pits scored apart from owned ones (Layli Goobalay) --

LANDING = """
name: Landing
board: {ranks: 2, pits: 4, stores: beside, notation: letters}
setup: {per_pit: 2}
marks:
  held: {meaning: a pit pair made by a capture, owned: true}
captures:
  - name: pair
    when: {side: own, count: 1, opposite: {count: 3}}
    take: [opposite]
    most: 1
    to: landing
    mark: held
end:
  - {kind: no_legal_move}
scoring:
  counts: [store, own_pits{extra}]
"""


@pytest.mark.parametrize("interpreted", [False, True])
@pytest.mark.parametrize("extra", ["", ", owned_marks"])
def test_a_capture_can_move_pieces_into_the_landing_pit(extra: str, interpreted: bool) -> None:
    game = game_of(LANDING.replace("{extra}", extra), interpreted)
    state = position(game, [0, 0, 1, 0], [3, 0, 0, 1], stores=(5, 6))
    state.apply_action(state.string_to_action("C"))  # into the empty D, facing a's three
    snap = state.snapshot()
    assert snap["players"][0]["pits"] == [0, 0, 0, 2] and snap["players"][1]["pits"] == [2, 0, 0, 1]
    assert snap["marks"]["held:south"] == ["D"]
    # D is South's own pit and carries South's mark: counted once either way
    assert (snap["players"][0]["score"], snap["players"][1]["score"]) == (5 + 2, 6 + 2 + 1)


def test_own_pits_carrying_the_opponents_owned_mark_score_for_the_owner() -> None:
    game = Game(rulespec.load("layli-goobalay"))
    state = game.state_from_snapshot({"to_move": 0, "marks": {"uur:north": ["C", "d"]}, "players": [
        {"pits": [2, 0, 3, 0, 0, 0], "store": 14}, {"pits": [5, 1, 0, 2, 3, 1], "store": 17}]})
    assert [state.score(p) for p in (0, 1)] == [14 + 2, 17 + 5 + 1 + 3 + 1 + 3 + 2]
    from rulespec.summary import engine
    assert engine(game) == "native code (moves, whole games and the solver)"


@pytest.mark.parametrize("extra", ["", ", owned_marks"])
def test_pieces_put_into_the_landing_pit_and_own_pits_scored_apart_in_whole_games(extra: str) -> None:
    """Native whole games (the kernel's `to: landing`, the scores counting own pits apart from
    owned marks) replayed on the state API: legal action by action, the same ends and results;
    the capture into the landing pit fires in them."""
    from rulespec.interpreter import native

    text = LANDING.replace("{extra}", extra)
    game = rulespec.load_text(text, "landing.yaml")
    result = native.playouts(game, 40, seed=5, lengths=True, record=True)
    finals = replay(game, result)
    assert any(any(m & 3 for m in state.marks) for state in finals), "a pair was made in some game"


# --- pits changing hands between rounds (rounds.to_opponent, a mark that holds a pit) -----------

HELD = """
name: Held
board: {ranks: 2, pits: 3, stores: beside, notation: letters}
setup: {per_pit: 2}
marks:
  burnt: {meaning: not filled this round}
  won: {meaning: a pit won from the opponent, owned: true, holds_pit: true}
sowing: {skip: {mark: burnt}}
end:
  - {kind: side_empty, player: any, remaining: to_owner}
scoring: {counts: [store, own_pits]}
rounds: {out_of_play: burnt, to_opponent: won}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_unfilled_pits_pass_to_the_opponent_then_out_of_play(interpreted: bool) -> None:
    game = game_of(HELD, interpreted)
    state = game.state_from_snapshot({"to_move": 0, "players": [
        {"pits": [0, 0, 1], "store": 9}, {"pits": [1, 0, 0], "store": 1}]})
    state.apply_action(state.string_to_action("C"))  # into a: South's side is empty, the round over
    # the pieces left go to their owners: South 9 (its store), North 3 (its store and a's two)
    snap = state.snapshot()
    assert snap["round"] == 2 and not snap["terminal"]
    # South fills A, B, C; North fills a; South, with three left, takes b; c is left out of play
    assert snap["players"][0]["pits"] == [2, 2, 2] and snap["players"][1]["pits"] == [2, 2, 0]
    assert snap["marks"]["won:south"] == ["b"] and snap["marks"]["burnt"] == ["c"]
    assert [p["store"] for p in snap["players"]] == [1, 1]
    assert [state.score(p) for p in (0, 1)] == [1 + 6 + 2, 1 + 2]  # b is South's side


def test_a_held_pit_is_its_holders_for_moves_sides_and_pieces_left() -> None:
    game = Game(load_spec_text(HELD))
    state = game.state_from_snapshot({"to_move": 1, "round": 2, "marks": {"won:south": ["b"], "burnt": ["c"]},
                                      "players": [{"pits": [0, 0, 0], "store": 7}, {"pits": [1, 3, 0], "store": 1}]})
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["a"]  # b is South's
    state.apply_action(state.string_to_action("a"))  # into b: North's side (a, c) is now empty
    snap = state.snapshot()
    # the round ends: b's four seeds go to its holder, South; North cannot fill a pit: game over
    assert snap["terminal"] and [p["store"] for p in snap["players"]] == [11, 1]


def test_a_grand_slam_counts_the_pits_the_opponent_holds() -> None:
    text = HELD.replace("sowing: {skip: {mark: burnt}}", """sowing: {skip: {mark: burnt}}
captures:
  - {name: two, when: {side: opponent, count: 2}, take: [landing], grand_slam: forfeit}""")
    game = Game(load_spec_text(text))
    # North holds only a (b is South's): taking a's two takes every seed North holds, so nothing
    state = game.state_from_snapshot({"to_move": 0, "round": 2, "marks": {"won:south": ["b"]},
                                      "players": [{"pits": [0, 0, 1], "store": 6}, {"pits": [1, 2, 0], "store": 2}]})
    state.apply_action(state.string_to_action("C"))
    assert state.snapshot()["players"][1]["pits"] == [2, 2, 0]


def test_held_pits_play_alike_in_whole_games_compiled_and_interpreted() -> None:
    """Native whole games where pits change hands (the kernel reading whose pit it is from the
    position, unfilled pits passed to the opponent between rounds) replayed on the state API,
    and the state compiled played against the state interpreted action by action: the same
    games, the same boards and marks, and some of them go on with pits held."""
    import random

    from rulespec.interpreter import native

    text = HELD.replace("sowing: {skip: {mark: burnt}}", """sowing: {skip: {mark: burnt}}
captures:
  - {name: take, when: {side: opponent, count: [2, 3]}, take: [landing]}""")
    game = rulespec.load_text(text, "held.yaml")
    result = native.playouts(game, 40, seed=2, lengths=True, record=True)
    replay(game, result)
    interpreted = game_of(text, interpreted=True)
    rng, held = random.Random(4), 0
    for _ in range(10):
        a, b = game.new_initial_state(), interpreted.new_initial_state()
        assert isinstance(a, state_module.native_state_class())
        while not b.is_terminal():
            action = rng.choice(b.legal_actions())
            assert a.legal_actions() == b.legal_actions()
            a.apply_action(action)
            b.apply_action(action)
            held += any(m & b.game.held[0] | m & b.game.held[1] for m in b.marks)
        assert (a.board, a.marks, a.returns(), a.round) == (b.board, b.marks, b.returns(), b.round)
    assert held, "no game went on with a pit held"


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_list_of_counts_with_a_side_is_tested_where_pits_change_hands(interpreted: bool) -> None:
    """`side: opponent, count: [2, 3]`: where pits never change hands the two can be fused into
    one test; where they do, the side is asked of the position and the count must
    still be tested (it was dropped: North's seed making four in South's B captured them)."""
    text = HELD.replace("sowing: {skip: {mark: burnt}}", """sowing: {skip: {mark: burnt}}
captures:
  - {name: take, when: {side: opponent, count: [2, 3]}, take: [landing]}""")
    game = game_of(text, interpreted)
    state = game.state_from_snapshot({"to_move": 1, "players": [{"pits": [0, 3, 3], "store": 0},
                                                                {"pits": [2, 2, 2], "store": 0}]})
    state.apply_action(state.string_to_action("c"))  # into A (one: no capture) and B (four: none)
    assert state.snapshot()["players"][0]["pits"] == [1, 4, 3]
    state = game.state_from_snapshot({"to_move": 1, "players": [{"pits": [0, 2, 3], "store": 0},
                                                                {"pits": [2, 2, 2], "store": 1}]})
    state.apply_action(state.string_to_action("c"))  # B reaches three: captured
    assert state.snapshot()["players"][0]["pits"] == [1, 0, 3] and state.snapshot()["players"][1]["store"] == 4


# --- the pit before the subject along the sowing (`previous`) ------------------------

BEFORE_THE_LAST = """
name: Before the last
extends: oware
turn:
  moves:
    - {name: sow, direction: choice}
captures:
  - name: pair
    when: {side: opponent, previous: {count: 3}}
    take: [landing]
"""


@pytest.mark.parametrize("interpreted", [False, True])
@pytest.mark.parametrize("move, taken", [("F>", True), ("A<", True), ("F<", False), ("A>", False)])
def test_previous_is_the_pit_the_lap_dropped_into_before(interpreted: bool, move: str, taken: bool) -> None:
    """Anticlockwise F's two seeds go into a (three now) and b; clockwise A's into f (three
    now) and e: in both the pit before the landing pit, along the move's own direction, holds
    three and the landing pit's seed is taken. Sown the other way they stay on South's side."""
    game = game_of(BEFORE_THE_LAST, interpreted)
    state = position(game, [2, 0, 0, 0, 0, 2], [2, 0, 0, 0, 0, 2], stores=(20, 20))
    state.apply_move(move)
    assert state.snapshot()["players"][0]["store"] == (21 if taken else 20)


def test_previous_plays_alike_compiled_and_interpreted() -> None:
    spec = BEFORE_THE_LAST.replace("previous: {count: 3}", "previous: {count: [1, 3], previous: {count: {min: 2}}}")
    fast, slow = game_of(spec), game_of(spec, interpreted=True)
    assert all(snap["terminal"] for snap in play_alike(fast, slow, seed=5, games=10))


def test_a_game_may_keep_no_score() -> None:
    """scoring.counts: [] (every end says who wins) was refused."""
    text = ("name: No score\nboard: {ranks: 2, pits: 4, stores: none}\nsetup: {per_pit: 2}\n"
            "turn: {moves: [{from: {side: own, count: {min: 1}}}]}\n"
            "end: [{kind: no_legal_move, result: player_loses}]\nscoring: {counts: []}\n")
    game = rulespec.load_text(text, "n.yaml")
    state = game.new_initial_state()
    assert (state.score(0), state.score(1)) == (0, 0)
    native = game.playouts(30, seed=1)
    assert native["draws"] == 0 and sum(native["wins"]) == 30
    assert Interpreted(lambda: rulespec.load_text(text, "n.yaml")).playouts(10, seed=1) == game.playouts(10, seed=1)
