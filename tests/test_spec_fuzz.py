"""Spec fuzzing: generated specs load and play to the end or are rejected with a located
error; mutated YAML is always a located error (or still a valid spec), never a traceback."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import RulespecError, SpecError

COUNTS = st.one_of(st.integers(0, 5), st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True),
                   st.builds(lambda lo, span: {"min": lo, "max": lo + span}, st.integers(0, 3), st.integers(0, 4)),
                   st.builds(lambda lo: {"min": lo}, st.integers(0, 4)))


def conditions(depth: int = 2) -> st.SearchStrategy[dict]:
    leaf = st.fixed_dictionaries({}, optional={
        "side": st.sampled_from(["own", "opponent"]),
        "row": st.sampled_from(["front", "back"]),
        "count": COUNTS,
        "count_before": COUNTS,
        "lifted": COUNTS,
        "store": st.booleans(),
        "captured": st.booleans(),
        "own_side": COUNTS,
        "opponent_side": COUNTS,
    })
    if depth == 0:
        return leaf
    sub = conditions(depth - 1)
    return st.one_of(leaf, st.builds(lambda a, b: {**a, "opposite": b}, leaf, sub),
                     st.builds(lambda a: {"not": a}, sub), st.builds(lambda xs: {"any": xs}, st.lists(sub, min_size=1, max_size=2)))


SELECTORS = st.lists(st.one_of(
    st.sampled_from(["landing", "opposite", "behind_opposite"]),
    st.builds(lambda w, d, n: {"chain": {"while": w, "direction": d, **({"length": n} if n else {})}},
              conditions(1), st.sampled_from(["backwards", "forwards"]), st.integers(0, 3)),
    st.builds(lambda n, f: {"choose": {"count": n, "from": f}}, st.integers(0, 2), conditions(0)),
), min_size=1, max_size=3)


@st.composite
def specs(draw: st.DrawFn) -> dict:
    ranks = draw(st.sampled_from([2, 2, 3, 4]))
    stores = draw(st.sampled_from(["none", "beside", "in_circuit"]))
    kinds = draw(st.lists(st.fixed_dictionaries({
        "from": conditions(1),
        "lift": st.one_of(st.sampled_from(["all", "one_from_stock"]),
                          st.builds(lambda t: {"take": t}, st.sampled_from(["all", "any", 1, 2]))),
        "direction": st.sampled_from(["counterclockwise", "clockwise", "choice", "later"]),
        "captures": st.booleans(),
    }, optional={"require_capture": st.sampled_from([True, "first_lap"]), "require": conditions(0)}),
        min_size=1, max_size=2))
    for i, kind in enumerate(kinds):
        kind["name"] = f"kind{i}"
    captures = draw(st.lists(st.fixed_dictionaries({
        "when": conditions(1), "take": SELECTORS, "to": st.sampled_from(["store", "removed"]),
        "grand_slam": st.sampled_from(["allowed", "forfeit"]),
    }), max_size=2))
    for i, cap in enumerate(captures):
        cap["name"] = f"capture{i}"
    spec = {
        "name": "Generated",
        "board": {"ranks": ranks, "pits": draw(st.integers(2, 6)), "stores": stores},
        "setup": {"per_pit": draw(st.integers(1, 4)), "stock": draw(st.integers(0, 3))},
        "turn": {"moves": kinds},
        "sowing": {"skip_origin": draw(st.booleans()),
                   "laps": {"kind": draw(st.sampled_from(["single", "relay"])), "max_laps": 30}},
        "captures": captures,
        "end": [{"kind": "no_legal_move"}, {"kind": "move_limit", "moves": 150}]
        + draw(st.lists(st.sampled_from([{"kind": "side_empty"}, {"kind": "majority"}]), max_size=2, unique_by=str)),
        "scoring": {"counts": ["own_pits"] if stores == "none" else ["store", "own_pits"]},
    }
    if draw(st.booleans()):
        spec["obligations"] = {"feed": {}}
    return spec


def assert_located(exc: RulespecError, text: str) -> None:
    lines = text.count("\n") + 1
    if isinstance(exc, SpecError):
        assert exc.problems
        for p in exc.problems:
            assert 1 <= p.line <= lines + 1 and p.col >= 1 and p.message, p


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
def test_generated_specs_play_or_are_rejected_with_a_location(spec: dict, seed: int) -> None:
    text = json.dumps(spec, indent=1)  # JSON is YAML
    try:
        game = rulespec.load_text(text, "generated.yaml")
    except RulespecError as exc:
        assert_located(exc, text)
        return
    play_some(game, 2, seed)


SHIPPED = {name: rulespec.load_spec(name).text for name in rulespec.shipped_variants()}
GARBAGE = ["", "]", "{", ": :", "\t", "&a", "*nowhere", "!!python/object/apply:os.system ['true']",
           "10000000000000", "-7", "[1, 2", "yes", "~", "'unterminated", "$nope"]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
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
        assert_located(exc, text)
        return
    play_some(game, 1, i, limit=200)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=specs(), seed=st.integers(0, 1000))
def test_generated_specs_take_mutated_positions_and_records_cleanly(spec: dict, seed: int) -> None:
    """Positions and records are input too: a generated game's snapshot and record, mutated,
    load and play on or are refused with a RulespecError (rulespec fuzz checks the same)."""
    from rulespec.fuzz import check_hostile_inputs, moves_of

    try:
        game = rulespec.load_text(json.dumps(spec, indent=1), "generated.yaml")
    except RulespecError:
        return
    rng = random.Random(seed)
    state, actions = game.new_initial_state(), []
    while not state.is_terminal() and len(actions) < rng.randint(0, 60):
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
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
