"""Generated games with several kinds of piece: the engine compiled against its source run by
Python, and its whole games against its state API.

The Glass Bead Game is the one shipped game with several kinds of piece; these specs draw on
the same vocabulary in other combinations (two to four kinds with any values, capturable or
not, the order of the kinds dropped chosen or fixed, captures that hold on the kind dropped
or on the pit's pieces of some kinds before it fell, chains, pieces picked per pit of a chain
or a fixed number, from the board or the opponent's store, feeding while some kinds are in
play, scores by value in the store and the own pits, repeated positions, a mark set and
cleared after a move). Each spec plays the same random games compiled and interpreted,
action by action; native whole games replay on the state API.
"""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from engines import compiled_and_interpreted, replay

import rulespec
from rulespec.interpreter import native
from rulespec import LimitError, RulespecError

NAMES = ["k0", "k1", "k2", "k3"]
COUNT = st.one_of(st.integers(0, 2), st.fixed_dictionaries({}, optional={"min": st.integers(0, 2),
                                                                         "max": st.integers(1, 3)}))


def kind_conditions(kinds: list[str]) -> st.SearchStrategy[dict]:
    """Conditions on the pit the capture looks at: its side, the kind dropped there last, its
    pieces of some kinds before that piece fell, its count, and the pieces of some kinds in play."""
    some = st.lists(st.sampled_from(kinds), min_size=1, max_size=len(kinds), unique=True)
    leaf = st.fixed_dictionaries({}, optional={
        "side": st.sampled_from(["own", "opponent"]),
        "dropped": st.one_of(st.sampled_from(kinds), some),
        "before": st.fixed_dictionaries({"kinds": some, "count": COUNT}),
        "in_play": st.fixed_dictionaries({"kinds": some, "count": COUNT}),
        "count": COUNT,
    })
    return st.one_of(leaf, st.builds(lambda a, b: {**a, "all": [b]}, leaf, leaf),
                     st.builds(lambda a, b: {"any": [a, b]}, leaf, leaf))


@st.composite
def kind_specs(draw: st.DrawFn) -> dict:
    n_kinds = draw(st.integers(2, 4))
    kinds = NAMES[:n_kinds]
    pits = draw(st.integers(2, 5))
    labels = [f"A{i + 1}" for i in range(pits)]
    pieces = [{"name": name, "value": draw(st.integers(0, 5)), "symbol": str(i),
               "capturable": draw(st.booleans())} for i, name in enumerate(kinds)]
    contents = {label: {k: n for k in kinds if (n := draw(st.integers(0, 2)))} for label in labels}
    if not any(contents.values()):
        contents[labels[0]] = {kinds[0]: 1}
    cond = kind_conditions(kinds)
    some = st.lists(st.sampled_from(kinds), min_size=1, max_size=n_kinds, unique=True)
    chain = st.builds(lambda w, d: {"direction": d, "while": w}, cond, st.sampled_from(["backwards", "forwards"]))
    take = st.one_of(
        st.just(["landing"]),
        st.builds(lambda c: [{"chain": c}], chain),
        st.builds(lambda n, k, f, s: [{"pick": {"count": n, "kinds": k, "from": f, "or_opponent_store": s}}],
                  st.integers(1, 2), some, cond, st.booleans()),
        st.builds(lambda c, k, s: [{"pick": {"per_pit_of": c, "kinds": k, "or_opponent_store": s}}],
                  chain, some, st.booleans()),
    )
    captures = draw(st.lists(st.fixed_dictionaries({
        "when": cond, "take": take, "pieces": st.sampled_from(["all", "capturable"]), "to": st.just("store")}),
        max_size=2))
    for i, rule in enumerate(captures):
        rule["name"] = f"capture{i}"
    spec: dict = {
        "name": "Generated kinds",
        "board": {"ranks": 2, "pits": pits, "stores": "beside"},
        "setup": {"kinds": pieces, "contents": contents},
        "turn": {"moves": [{"name": "sow", "from": {"side": "own", "count": {"min": 1}},
                            "direction": draw(st.sampled_from(["counterclockwise", "clockwise"]))}]},
        "sowing": {"skip_origin": draw(st.booleans()), **({"order": "choice"} if draw(st.booleans()) else {})},
        "captures": captures,
        "end": [{"kind": "side_empty", "player": "next", "result": "player_loses"}, {"kind": "no_legal_move"},
                {"kind": "move_limit", "moves": 80}],
        "scoring": {"counts": draw(st.sampled_from([["store"], ["store", "own_pits"]]))},
    }
    if draw(st.booleans()):  # a mark set after a move and cleared by the move's events
        spec["marks"] = {"m": {"meaning": "marked", "set_after_move": draw(cond), "unique": draw(st.booleans()),
                               "cleared_when": draw(st.lists(st.sampled_from(
                                   ["lifted", "lifted_all", "emptied", "captured_this_move", "owner_moved"]),
                                   unique=True, max_size=2))}}
        for rule in captures:
            if draw(st.booleans()):
                rule["when"] = {**rule["when"], "mark": "m"}
    if draw(st.booleans()):  # positions keyed with their kinds (state.position_key, _game.c make_key)
        spec["end"].insert(0, {"kind": "repetition", "result": "by_score"})
    if draw(st.booleans()):
        spec["obligations"] = {"feed": {"when": {"opponent_side": 0, "in_play": {"kinds": draw(some), "count": {"min": 1}}}}}
    return spec


def load(text: str):
    try:
        return rulespec.load_text(text, "generated.yaml")
    except (RulespecError, ValueError):
        return None


def same(a, b, where: str) -> None:
    assert a.legal_actions() == b.legal_actions(), where
    assert (a.board, a.kinds, a.stock, a.to_move, a.is_terminal(), a.returns()) == \
        (b.board, b.kinds, b.stock, b.to_move, b.is_terminal(), b.returns()), where
    ra, rb = a.pending_request(), b.pending_request()
    assert (ra is None) == (rb is None), where
    if ra is not None:
        assert (ra.kind, ra.options, ra.labels, ra.in_hand, ra.hand_kinds) == \
            (rb.kind, rb.options, rb.labels, rb.in_hand, rb.hand_kinds), where
    ma, mb = a.last_move, b.last_move
    if ma is not None and mb is not None:
        assert (ma.last, ma.captured, ma.taken, ma.taken_kinds, ma.fired) == \
            (mb.last, mb.captured, mb.taken, mb.taken_kinds, mb.fired), where


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=kind_specs(), seed=st.integers(0, 1000))
def test_generated_kinds_play_the_same_compiled_and_interpreted(spec: dict, seed: int) -> None:
    text = json.dumps(spec)
    if load(text) is None:
        return
    try:
        fast, slow = compiled_and_interpreted(lambda: load(text))
    except LimitError:  # a look-ahead past its bound at the start
        return
    rng = random.Random(seed)
    for _ in range(2):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        for n in range(300):
            same(a, b, f"after {b.history()}")
            if b.is_terminal():
                break
            action = rng.choice(b.legal_actions())
            try:
                a.apply_action(action)
            except LimitError:
                return
            b.apply_action(action)


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=kind_specs(), seed=st.integers(0, 1000))
def test_generated_kinds_whole_native_games_replay_on_the_state_api(spec: dict, seed: int) -> None:
    text = json.dumps(spec)
    game = load(text)
    if game is None:
        return
    try:
        result = native.playouts(game, 3, seed=seed, lengths=True, record=True)
    except LimitError:
        return
    replay(load(text), result)
    a, b = game.new_initial_state(), game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(150):
        assert a.legal_actions() == b.legal_actions() and a.snapshot() == b.snapshot(), str(b.history())
        if b.is_terminal():
            break
        if rng.random() < 0.1:  # a clone moves on by itself; the original is untouched
            c = a.clone()
            c.apply_action(rng.choice(c.legal_actions()))
        action = rng.choice(b.legal_actions())
        a.apply_action(action)
        b.apply_action(action)


def test_positions_that_differ_only_in_their_kinds_are_not_the_same_position() -> None:
    """The search players' transposition tables and the repetition rule key positions by
    position_key: the same counts of other kinds are another position."""
    a = rulespec.load("glass-bead-game").new_initial_state()
    b = rulespec.load("glass-bead-game", gems="decreasing").new_initial_state()
    assert a.board == b.board and a.kinds != b.kinds
    assert a.position_key() != b.position_key()
    assert a.position_key() == a.clone().position_key()
