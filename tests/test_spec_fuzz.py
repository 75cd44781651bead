"""Spec fuzzing: generated specs (valid, across the whole vocabulary) load and play; mutated
YAML is always a located error (or still a valid spec), never a traceback."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import LimitError, RulespecError, SpecError

COUNTS = st.one_of(st.integers(0, 5), st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True),
                   st.builds(lambda lo, span: {"min": lo, "max": lo + span}, st.integers(0, 3), st.integers(0, 4)),
                   st.builds(lambda lo: {"min": lo}, st.integers(0, 4)))
KINDS = ["kind0", "kind1"]
STAGES = ["early", "late"]


@dataclass(frozen=True)
class Board:
    """What a generated spec's conditions may name: the board's rows, its stores, marks, stages."""

    rows: tuple[str, ...]
    stores: bool
    marks: bool
    stages: bool


def conditions(board: Board, depth: int = 2) -> st.SearchStrategy[dict]:
    """Valid conditions for `board`, over the whole predicate vocabulary."""
    optional = {
        "side": st.sampled_from(["own", "opponent"]),
        "row": st.sampled_from(board.rows),
        "count": COUNTS,
        "count_before": COUNTS,
        "lifted": COUNTS,
        "lap": COUNTS,
        "captured": st.booleans(),
        "own_side": COUNTS,
        "opponent_side": COUNTS,
        "stock": COUNTS,
        "moves_played": COUNTS,
        "move_kind": st.sampled_from(KINDS),
    }
    if board.stores:
        optional["store"] = st.booleans()
    if board.marks:
        optional["mark"] = st.just("m")
    if board.stages:
        optional["stage"] = st.sampled_from(STAGES)
    leaf = st.fixed_dictionaries({}, optional=optional)
    if depth == 0:
        return leaf
    sub = conditions(board, depth - 1)
    return st.one_of(
        leaf,
        st.builds(lambda a, b: {**a, "opposite": b}, leaf, sub),
        st.builds(lambda a, b: {**a, "next": b}, leaf, sub),
        st.builds(lambda a: {"not": a}, sub),
        st.builds(lambda xs: {"any": xs}, st.lists(sub, min_size=1, max_size=2)),
        st.builds(lambda xs: {"all": xs}, st.lists(sub, min_size=1, max_size=2)),
        st.builds(lambda a, w, n: {**a, "count_pits": {"where": w, "count": n}}, leaf, leaf, COUNTS),
    )


AFTER_A_MOVE = st.fixed_dictionaries({}, optional={
    "side": st.sampled_from(["own", "opponent"]), "count": COUNTS, "captured": st.booleans(),
    "own_side": COUNTS, "opponent_side": COUNTS})
"""Conditions a move kind's require_after may test once the move is over."""


def selectors(board: Board) -> st.SearchStrategy[list]:
    pits = ["landing", "opposite"] + (["behind_opposite"] if "back" in board.rows else [])
    return st.lists(st.one_of(
        st.sampled_from(pits),
        st.builds(lambda w, d, n: {"chain": {"while": w, "direction": d, **({"length": n} if n else {})}},
                  conditions(board, 1), st.sampled_from(["backwards", "forwards"]), st.integers(0, 3)),
        st.builds(lambda n, f: {"choose": {"count": n, "from": f}}, st.integers(0, 2), conditions(board, 0)),
    ), min_size=1, max_size=3)


@st.composite
def turns(draw: st.DrawFn, board: Board, stock: int) -> dict:
    lifts = ["all", "one_from_stock"] if stock else ["all"]
    kinds = draw(st.lists(st.fixed_dictionaries({
        "from": conditions(board, 1),
        "lift": st.one_of(st.sampled_from(lifts),
                          st.builds(lambda t: {"take": t}, st.sampled_from(["all", "any", 1, 2]))),
        "direction": st.sampled_from(["counterclockwise", "clockwise", "choice", "later"]),
        "captures": st.booleans(),
    }, optional={"require_capture": st.sampled_from([True, "first_lap"]), "require": conditions(board, 0),
                 "require_after": AFTER_A_MOVE}),
        min_size=1, max_size=2))
    for name, kind in zip(KINDS, kinds):
        kind["name"] = name
    turn: dict = {"moves": kinds}
    if draw(st.booleans()):
        turn["extra_turn"] = {"store": True} if board.stores and draw(st.booleans()) else draw(conditions(board, 1))
    return turn


@st.composite
def sowings(draw: st.DrawFn, board: Board) -> dict:
    laps: dict = {"kind": draw(st.sampled_from(["single", "relay"])), "max_laps": 30}
    if laps["kind"] == "relay":
        laps["reverse"] = draw(st.booleans())
        for key in ("when", "stop_when", "ask_when"):
            if draw(st.booleans()):
                laps[key] = draw(conditions(board, 1))
    sowing: dict = {"skip_origin": draw(st.booleans()), "laps": laps}
    if draw(st.booleans()):
        sowing["per_pit"] = draw(st.sampled_from([2, 3, "all"]))
    if draw(st.booleans()):
        sowing["skip"] = {"mark": "m"} if board.marks and draw(st.booleans()) else {"count": {"min": 6}}
    return sowing


@st.composite
def capture_rules(draw: st.DrawFn, board: Board) -> list:
    places = ["removed", "landing"] + (["store"] if board.stores else [])
    rules = draw(st.lists(st.fixed_dictionaries({
        "when": conditions(board, 1), "take": selectors(board),
        "to": st.one_of(st.sampled_from(places),
                        st.builds(lambda near: {"sow": {"entry": {"side": "own", "row": "front"},
                                                        **({"nearest_when": near} if near else {})}},
                                  st.one_of(st.none(), conditions(board, 0)))),
        "grand_slam": st.sampled_from(["allowed", "forfeit"]),
    }, optional={"mark": st.just("m")} if board.marks else {}), max_size=2))
    for i, rule in enumerate(rules):
        rule["name"] = f"capture{i}"
        if rule["to"] in ("store", "removed"):  # who takes, how the move goes on, and when
            rule["by"] = draw(st.sampled_from(["mover", "opponent"] + (["owner"] if rule["to"] == "store" else [])))
            rule["then"] = draw(st.sampled_from(["end", "carry", "next_pit"]))
            if rule["then"] == "end" and draw(st.booleans()):
                rule["at"] = "move_end"
    return rules


@st.composite
def specs(draw: st.DrawFn) -> dict:
    """A valid spec (every generated spec loads) drawing on the whole vocabulary: ranks and
    stores, stock, move kinds with lifts, directions and requirements, another turn, skipped
    pits, relay laps with stop and ask conditions, captures to the store, removed, back into
    the landing pit or sown again, taken by the mover, the opponent or each pit's owner, once a
    lap or once the move is over, the move going on after a capture, marks set (after a move or
    by a capture) and cleared, owned
    marks and marks that hold a pit (pits changing hands, also between rounds), stages,
    feeding, and the end conditions."""
    ranks = draw(st.sampled_from([2, 2, 3, 4]))
    stores = draw(st.sampled_from(["none", "beside"] + (["in_circuit"] if ranks == 2 else [])))
    board = Board({2: ("front",), 3: ("front", "middle"), 4: ("front", "back")}[ranks],
                  stores != "none", draw(st.booleans()), draw(st.booleans()))
    stock = draw(st.integers(0, 3))
    spec: dict = {
        "name": "Generated",
        "board": {"ranks": ranks, "pits": draw(st.integers(2, 6)), "stores": stores},
        "setup": {"per_pit": draw(st.integers(1, 4)), "stock": stock},
        "turn": draw(turns(board, stock)),
        "sowing": draw(sowings(board)),
        "captures": draw(capture_rules(board)),
        "end": [{"kind": "no_legal_move"}, {"kind": "move_limit", "moves": 150}]
        + draw(st.lists(st.sampled_from([{"kind": "side_empty"}, {"kind": "majority"}]), max_size=2, unique_by=str)),
        "scoring": {"counts": (["store"] if board.stores else []) + ["own_pits"] + (["stock"] if stock else [])},
    }
    if board.marks:
        mark: dict = {"meaning": "marked", "cleared_when": draw(st.lists(st.sampled_from(
            ["lifted", "lifted_all", "emptied", "captured", "captured_this_move", "owner_moved"]),
            unique=True, max_size=2))}
        if draw(st.booleans()):
            mark["set_after_move"] = draw(conditions(board, 1))
            mark["unique"] = draw(st.booleans())
        spec["marks"] = {"m": mark}
        if draw(st.booleans()):
            spec["setup"]["marks"] = {"m": ["A1"]}
        if draw(st.booleans()):  # owned by the player who set it; perhaps making the pit theirs
            mark["owned"] = True
            mark["holds_pit"] = draw(st.booleans())
            if mark["holds_pit"] and board.stores and ranks == 2 and draw(st.booleans()):
                spec["rounds"] = {"to_opponent": "m", "max_rounds": draw(st.integers(1, 3)),
                                  "per_pit": draw(st.integers(1, 4)),
                                  "next_player": draw(st.sampled_from(["loser", "alternate", "last_mover"]))}
    if board.stages:
        spec["stages"] = [
            {"name": STAGES[0], "until": {"moves_played": {"min": draw(st.integers(1, 6))}},
             "turn": draw(turns(board, stock)), "sowing": draw(sowings(board))},
            {"name": STAGES[1], "captures": draw(capture_rules(board))},
        ]
    if draw(st.booleans()):
        spec["obligations"] = {"feed": {}}
    return spec


def assert_located(exc: RulespecError, text: str, path: str | None = None) -> None:
    """Every problem has a line, a column and a message; one in the mutated file itself (not in
    a base game it extends, where a family's inherited blocks are reported) lies inside it."""
    lines = text.count("\n") + 1
    if isinstance(exc, SpecError):
        assert exc.problems
        for p in exc.problems:
            assert p.line >= 1 and p.col >= 1 and p.message, p
            if path is None or str(p.path) == path:
                assert p.line <= lines + 1, p


def play_some(game, games: int, seed: int, limit: int = 400) -> None:
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(limit):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal, "a state that is not terminal has no legal action"
            state.apply_action(rng.choice(legal))
        snap = state.snapshot()
        total = snap["removed"] + snap["in_hand"] + sum(snap.get("shared") or [])
        total += sum(sum(p["pits"]) + p["store"] + p["hand"] for p in snap["players"])
        assert total == game.total_pieces


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=specs(), seed=st.integers(0, 1000))
def test_generated_specs_load_and_play_to_the_end(spec: dict, seed: int) -> None:
    """The generator makes valid specs only (an invalid one is a generator bug, or a loader
    that refuses a good spec), and each plays with its pieces conserved."""
    game = rulespec.load_text(json.dumps(spec, indent=1), "generated.yaml")  # JSON is YAML
    try:
        play_some(game, 2, seed)
    except LimitError as exc:  # a degenerate spec's look-ahead past its bound: said in a message
        assert "the look-ahead needed more than" in str(exc)


SHIPPED = {name: rulespec.load_spec(name).text for name in rulespec.shipped_variants()}
GARBAGE = ["", "]", "{", ": :", "\t", "&a", "*nowhere", "!!python/object/apply:os.system ['true']",
           "10000000000000", "-7", "[1, 2", "yes", "~", "'unterminated", "$nope"]


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(sorted(SHIPPED)), data=st.data())
def test_mutated_yaml_is_a_located_error_never_a_traceback(name: str, data: st.DataObject) -> None:
    lines = SHIPPED[name].splitlines()
    i = data.draw(st.integers(1, len(lines) - 1), label="line")
    op = data.draw(st.sampled_from(["delete", "duplicate", "typo", "value", "insert"]), label="op")
    line = lines[i]
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, line)
    elif op == "typo" and ":" in line:
        key, rest = line.split(":", 1)
        stripped = key.strip(" -")
        if len(stripped) > 2:
            j = data.draw(st.integers(0, len(stripped) - 2), label="swap")
            typo = stripped[:j] + stripped[j + 1] + stripped[j] + stripped[j + 2:]
            lines[i] = key.replace(stripped, typo, 1) + ":" + rest
    elif op == "value" and ":" in line:
        key = line.split(":", 1)[0]
        lines[i] = f"{key}: {data.draw(st.sampled_from(GARBAGE), label='value')}"
    else:
        lines.insert(i, data.draw(st.sampled_from(GARBAGE), label="garbage"))
    text = "\n".join(lines) + "\n"
    try:
        game = rulespec.load_text(text, f"{name}.yaml")
    except RulespecError as exc:
        assert_located(exc, text, f"{name}.yaml")
        return
    play_some(game, 1, i, limit=200)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=specs(), seed=st.integers(0, 1000))
def test_generated_specs_take_mutated_positions_and_records_cleanly(spec: dict, seed: int) -> None:
    """Positions and records are input too: a generated game's snapshot and record, mutated,
    load and play on or are refused with a RulespecError (rulespec fuzz checks the same)."""
    from rulespec.fuzz import check_hostile_inputs, moves_of

    game = rulespec.load_text(json.dumps(spec, indent=1), "generated.yaml")
    rng = random.Random(seed)
    try:
        state, actions = game.new_initial_state(), []
        while not state.is_terminal() and len(actions) < rng.randint(0, 60):
            actions.append(rng.choice(state.legal_actions()))
            state.apply_action(actions[-1])
    except LimitError:  # a look-ahead past its bound, said in a message (once a raw kernel error)
        return
    check_hostile_inputs(game, state, moves_of(game, actions), len(actions), rng, tries=6)


def test_the_hostile_input_check_reports_what_is_not_a_rulespec_error(monkeypatch) -> None:
    from rulespec.fuzz import InvariantError, check_hostile_inputs

    game = rulespec.load("kalah")
    monkeypatch.setattr(game, "state_from_snapshot", lambda snap: snap["no such key"])
    try:
        check_hostile_inputs(game, game.new_initial_state(), [], 0, random.Random(0))
    except InvariantError as exc:
        assert "KeyError" in str(exc)
    else:
        raise AssertionError("a KeyError from a mutated snapshot went unreported")
