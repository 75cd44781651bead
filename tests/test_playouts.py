"""Whole games in native code (`Game.playouts`) against the Python path.

The native games choose with their own generator, so they are checked by replaying what they
played: every game's actions are applied to a Python `State` (with and without the move
kernel), each must be legal there, the game must end exactly when the native one did, and
the wins, draws, actions and turns must add up to what the native run reported.
"""
from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from native_replay import replay
from test_spec_fuzz import specs

import rulespec
from rulespec.interpreter import native
from rulespec.interpreter.state import State
from rulespec import LimitError, RulespecError
from rulespec.fuzz import load_for_random_play
from rulespec.errors import IllegalActionError

ROOT = Path(__file__).resolve().parent.parent
NATIVE = [("oware", {}), ("oware", {"pits": 3, "seeds": 2}), ("oware", {"pits": 12}), ("kalah", {}),
          ("kalah", {"pits": 3, "seeds": 1}), ("kalah", {"empty_capture": True}), ("mefuvha", {}),
          ("mefuvha", {"pits": 6, "bonus": 2}), ("glass-bead-game", {})]


@pytest.mark.parametrize("name,params", NATIVE, ids=[f"{n}{p or ''}" for n, p in NATIVE])
def test_native_games_replay_on_both_python_paths(name: str, params: dict) -> None:
    game = rulespec.load(name, **params)
    result = native.playouts(game, 40, seed=7, lengths=True, record=True)
    assert result["engine"] == "native", game.native_refusal
    assert result["games"] == 40 and sum(result["wins"]) + result["draws"] == 40
    replay(rulespec.load(name, **params), result)
    replay(rulespec.load(name, **params).without_kernel(), result)


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_every_variant_native_code_plays_replays_the_same_in_python(name: str) -> None:
    """Whatever native code says it covers, it plays as the Python reference does: a few whole
    random games of every shipped variant (with its random-play values), replayed action by
    action on the Python path. Every shipped variant is played by native code (issue 12: every
    block on both engine paths), so a decline fails here."""
    game = load_for_random_play(name)
    assert native.native(game) is not None, f"whole games in Python: {game.native_refusal}"
    result = native.playouts(game, 3, seed=11, lengths=True, record=True)
    assert result["engine"] == "native" and result["games"] == 3
    replay(load_for_random_play(name).without_kernel(), result)


def test_a_seed_gives_the_same_games_and_another_seed_others() -> None:
    game = rulespec.load("oware")
    first = game.playouts(30, seed=5, lengths=True)
    assert first == game.playouts(30, seed=5, lengths=True)
    assert first["lengths"] != game.playouts(30, seed=6, lengths=True)["lengths"]
    assert set(first) == {"games", "wins", "draws", "actions", "turns", "engine", "lengths"}
    assert "lengths" not in game.playouts(3)


def kalah_whose_program_the_engine_refuses(monkeypatch: pytest.MonkeyPatch):
    """Kalah with the engine's check of the whole-game program refusing it (the one way left,
    besides RULESPEC_KERNEL=0, for whole games to be Python's)."""

    def refuse(self, game, engine) -> None:
        raise ValueError("a refusal made for this test")

    monkeypatch.setattr(native.NativeGames, "__init__", refuse)
    return rulespec.load("kalah")


ENGINE_REFUSAL = "the kernel refuses the game's program (a refusal made for this test)"


def test_whole_games_the_engine_refuses_play_in_python_with_the_same_result_shape(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = kalah_whose_program_the_engine_refuses(monkeypatch)
    result = game.playouts(2, seed=1, lengths=True)
    assert result["engine"] == "python"
    assert game.native_refusal == ENGINE_REFUSAL
    assert result["games"] == 2 and sum(result["wins"]) + result["draws"] == 2
    assert sum(result["lengths"]) == result["actions"] > 0 and result["turns"] > 0
    assert result == game.playouts(2, seed=1, lengths=True), "the Python path is seeded too"


def test_pieces_worth_more_than_the_engine_counts_are_refused_at_load() -> None:
    """The Glass Bead Game with a gem worth a billion: its scores could pass 2^30, which the
    engine counts in 32 bits; the loader says where."""
    text = (ROOT / "variants" / "glass-bead-game.yaml").read_text()
    changed = text.replace("{name: gem5, value: 5}", "{name: gem5, value: 1000000000, symbol: '5'}")
    assert changed != text
    with pytest.raises(RulespecError, match=r"too-much.yaml:\d+:\d+: 20 pieces worth up to 1000000000 each could "
                                           r"score 20000000000; at most 1073741824 \(see docs/limits.md\)"):
        rulespec.load_text(changed, "too-much.yaml")


def test_the_switch_sends_playouts_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_KERNEL", "0")
    game = rulespec.load("kalah")
    result = game.playouts(5, seed=2)
    assert result["engine"] == "python" and "RULESPEC_KERNEL=0" in game.native_refusal


def test_bad_arguments_are_refused() -> None:
    game = rulespec.load("kalah")
    with pytest.raises(ValueError, match="players"):
        game.playouts(1, players="minimax")
    with pytest.raises(ValueError, match="at least 0"):
        game.playouts(-1)
    assert game.playouts(0)["games"] == 0


def test_the_native_entry_checks_what_it_is_given() -> None:
    game = rulespec.load("kalah")
    engine = native.native(game).engine
    kernels, turns = native.native(game).runner_parts
    start = game.new_position()
    with pytest.raises(ValueError, match="turn record"):
        engine.Runner(kernels, (10**6,))
    with pytest.raises(TypeError, match="Kernel"):
        engine.Runner(("not a kernel",), turns)
    runner = engine.Runner(kernels, turns)
    board = list(start[0])
    with pytest.raises(ValueError, match="board"):
        engine.playouts(runner, board[:-1], *start[1:], 1, 0, False, False, 1000)
    with pytest.raises(ValueError, match="stage"):
        engine.playouts(runner, *start[:4], 3, *start[5:], 1, 0, False, False, 1000)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(spec=specs(), seed=st.integers(0, 1000))
def test_generated_specs_replay_the_same(spec: dict, seed: int) -> None:
    """Random specs: where native code plays them, the Python path accepts every game."""
    text = json.dumps(spec)
    try:
        game = rulespec.load_text(text, "generated.yaml")
    except (RulespecError, ValueError):  # ValueError: main's kernel validator refusing a load (reported)
        return
    result = native.playouts(game, 3, seed=seed, lengths=True, record=True)
    if result["engine"] == "native":
        replay(rulespec.load_text(text, "generated.yaml").without_kernel(), result)


GRAND_SLAM_CHAIN = {
    "name": "Generated", "board": {"pits": 3, "stores": "beside"}, "setup": {"per_pit": 1},
    "turn": {"moves": [{"name": "kind1", "from": {"count": {"min": 0, "max": 1}}, "require_capture": True,
                        "direction": "counterclockwise"}], "extra_turn": {"store": True}},
    "sowing": {"skip_origin": True},
    "captures": [{"name": "capture1", "when": {}, "take": [{"chain": {"while": {"any": [{}]}, "direction": "backwards"}}],
                  "to": "removed", "grand_slam": "forfeit"}],
    "end": [{"kind": "no_legal_move"}, {"kind": "move_limit", "moves": 150}],
}


def test_a_chain_that_comes_round_the_circuit_takes_each_pit_once_under_grand_slam_forfeit() -> None:
    """A chain run as long as the board comes round the circuit to its first pits again: the
    capture takes each pit once, so taking every piece the opponent has is a grand slam and,
    under `forfeit`, takes nothing; the move kind requires a capture, so no start is legal.
    (Found by the generated-spec test: the Python path counted the pits met twice, saw more
    than the opponent's side and offered A3, a1 and a2.) With grand slams allowed, both offer
    the same starts."""
    from rulespec.interpreter.state import State

    def starts(spec: dict) -> tuple[list[int], list[int]]:
        text = json.dumps(spec)
        return (rulespec.load_text(text, "g.yaml").without_kernel().new_initial_state().legal_actions(),
                State.initial(rulespec.load_text(text, "g.yaml")).legal_actions())

    assert starts(GRAND_SLAM_CHAIN) == ([], [])
    allowed = copy.deepcopy(GRAND_SLAM_CHAIN)
    allowed["captures"][0]["grand_slam"] = "allowed"
    python, kernel = starts(allowed)
    assert python == kernel and len(python) == 6  # every pit: each move captures


def test_marks_set_after_a_move_by_a_look_ahead_replay_the_same() -> None:
    """Bao's kutakatia: a mark set after a move where exactly one pit is threatened and the
    opponent cannot capture (two look-aheads over a whole turn), cleared when its owner moves."""
    game = rulespec.load("bao-la-kiswahili")
    result = native.playouts(game, 12, seed=3, lengths=True, record=True)
    assert result["engine"] == "native", game.native_refusal
    replay(rulespec.load("bao-la-kiswahili"), result)
    python = rulespec.load("bao-la-kiswahili").without_kernel()
    blocked = python.mark_bit["blocked"]
    marked = 0
    for record in result["records"]:
        state = python.new_initial_state()
        for action in record:
            state.apply_action(action)
            marked += any(m & blocked for m in state.marks)
    assert marked, "these games set the mark (so the replay checked it)"


BAO_BLOCK = """    set_after_move:
      all:
        - {move_kind: [kutakata, nyumba tax, kutakata from the back row]}
        - {opponent_can_capture: false}
        - {side: opponent, row: front, threatened: true}
    unique: true"""
OTHER_LOOK_AHEADS = {
    "threatened-alone": """    set_after_move: {side: opponent, row: front, threatened: true}
    unique: false""",
    "inside-a-condition-about-another-pit": """    set_after_move: {side: opponent, row: front, opposite: {threatened: true}}
    unique: false""",
    "inside-any-and-not": """    set_after_move:
      any:
        - {opponent_can_capture: true, side: opponent, row: back, count: {min: 3}}
        - not: {side: opponent, threatened: false}
    unique: false""",
}


@pytest.mark.parametrize("block", list(OTHER_LOOK_AHEADS), ids=list(OTHER_LOOK_AHEADS))
def test_other_look_ahead_mark_conditions_replay_the_same(block: str) -> None:
    """The look-aheads without Bao's gate, not unique, under any/not: the C evaluator's and/or/
    not around them, and its caches, against the Python path."""
    text = (Path(__file__).parent.parent / "variants" / "bao-la-kiswahili.yaml").read_text()
    assert BAO_BLOCK in text
    text = text.replace(BAO_BLOCK, OTHER_LOOK_AHEADS[block])
    game = rulespec.load_text(text, "bao-variant.yaml")
    result = native.playouts(game, 4, seed=4, lengths=True, record=True)
    assert result["engine"] == "native", game.native_refusal
    replay(rulespec.load_text(text, "bao-variant.yaml").without_kernel(), result)


TURN_RULES = [("chongka", {}, 10), ("vai-lung-thlan", {}, 10), ("dakon", {"rounds": 3}, 4),
              ("ohvalhu", {"rounds": 2}, 3), ("dakon", {"rounds": 2, "next_round": "winner"}, 3),
              ("nam-nam", {"rounds": 5}, 6)]
"""Passing when a player has no move (the first three) and games of several rounds (pits
refilled from the stores, unfilled pits marked or passed to the opponent, who holds them for
the round (Nam-Nam), the next round's first player)."""


@pytest.mark.parametrize("name,params,n", TURN_RULES, ids=[n for n, _, _ in TURN_RULES])
def test_passing_and_rounds_replay_the_same(name: str, params: dict, n: int) -> None:
    game = rulespec.load(name, **params)
    result = native.playouts(game, n, seed=3, lengths=True, record=True)
    assert result["engine"] == "native", game.native_refusal
    replay(rulespec.load(name, **params), result)
    finals = replay(rulespec.load(name, **params).without_kernel(), result)
    if "rounds" in params:
        assert max(state.round for state in finals) >= 1, "the games went past their first round"


def test_the_native_solver_declines_what_its_keys_leave_out() -> None:
    """Its transposition keys hold no marks, no round and no kinds of piece: games whose marks
    change after a move, played in rounds or with several kinds of piece are the Python solver's (a chance native state does not
    make them the native one's)."""
    from rulespec.solve import solve

    with pytest.raises(ValueError, match="marks change after a move"):
        solve(rulespec.load("bao-la-kiswahili"), engine="native")
    with pytest.raises(ValueError, match="played in rounds"):
        solve(rulespec.load("dakon", rounds=2, holes=3, shells=1), engine="native")
    with pytest.raises(ValueError, match="several kinds of piece"):
        solve(rulespec.load("glass-bead-game"), engine="native")


# --- the native state behind the per-action API ------------------------------------------

def native_and_python(name: str, **params):
    game = rulespec.load(name, **params)
    state = game.new_initial_state()
    assert type(state) is native.native_state_class(), game.native_refusal
    return state, State.initial(rulespec.load(name, **params).without_kernel())


def python_twin(state, python_game):
    """The Python State of `python_game` (the same game, loaded again without_kernel()) at
    `state`'s history, from the snapshot `state` was made from or the start. The last twin
    made is kept on `python_game` and played on when the history only grew (a random game
    asks at every action: replaying from the start each time would be quadratic)."""
    from rulespec.interpreter.snapshot import state_from_snapshot

    history = state.history()
    kept = python_game.__dict__.get("_last_twin")
    if kept is not None and kept[0] is state._base and history[:len(kept[1])] == kept[1]:
        twin, at = kept[2].clone(), len(kept[1])
    else:
        twin = (State.initial(python_game) if state._base is None
                else state_from_snapshot(python_game, state._base, python=True))
        at = 0
    while at < len(history):
        if twin.is_simultaneous_node():  # both starts of the race, as recorded
            twin.apply_actions(history[at:at + 2])
            at += 2
        else:
            twin.apply_action(history[at])
            at += 1
    python_game._last_twin = (state._base, history, twin.clone())
    return twin


ENGINE_VIEWS = ("board", "kinds", "marks", "stock", "removed", "stage", "moves_played", "to_move", "terminal",
                "end_reason", "round")
"""What a NativeState reads from the engine's position and status."""


def assert_same_api(a, b, where: str) -> None:
    assert a.legal_actions() == b.legal_actions(), where
    assert a.legal_actions(0) == b.legal_actions(0) and a.legal_actions(1) == b.legal_actions(1), where
    assert (a.is_terminal(), a.current_player(), a.returns(), a.move_number(), a.history()) == \
        (b.is_terminal(), b.current_player(), b.returns(), b.move_number(), b.history()), where
    if isinstance(a, native.CompiledState):
        assert [getattr(a, name) for name in ENGINE_VIEWS] == [getattr(b, name) for name in ENGINE_VIEWS], where
        assert a.scores() == b.scores() and a.margin(1) == b.margin(1), where
        assert asked(a) == asked(b), where


def start_kinds(state) -> dict[int, list[str]]:
    """The Python State's legal starts and the move kinds each starts (those of the player to
    move between moves, or of the one chooser in the opening race)."""
    if state.race is not None:
        deciding = state.race.deciding()
        if len(deciding) != 1:
            return {}
        runner = state.race.runners[deciding[0]]
        return {a: sorted({s.kind.name for s in runner.starts[a]}) for a in runner.legal}
    if state.terminal or state.pending_request() is not None:
        return {}
    return {a: sorted({s.kind.name for s in state._starts[a]}) for a in state.legal_actions()}


def asked(state) -> tuple | None:
    """What a player sees of the decision asked inside a move."""
    request = state.pending_request()
    return request and (request.kind, request.options, request.labels, request.default, request.in_hand,
                        request.hand_kinds)


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_the_engine_shows_every_variant_as_the_python_state_does(name: str) -> None:
    """Position, scores, stage, round, the end, the decision asked and the board drawn, read
    from the engine at every action of two random games (decisions inside a move included),
    against the Python State."""
    game = load_for_random_play(name)
    python = load_for_random_play(name).without_kernel()
    rng = random.Random(name)
    for _ in range(2):
        state = game.new_initial_state()
        assert type(state) is native.native_state_class(), game.native_refusal
        for _ in range(300):
            twin = python_twin(state, python)
            assert [getattr(state, f) for f in ENGINE_VIEWS] == [getattr(twin, f) for f in ENGINE_VIEWS], \
                state.history()
            assert state.scores() == twin.scores(), state.history()
            assert asked(state) == asked(twin), state.history()
            assert str(state) == str(twin) and state.render(1) == twin.render(1), state.history()
            assert {a: sorted(k) for a, k in state.start_kinds().items()} == start_kinds(twin), state.history()
            if state.is_simultaneous_node():  # each chooser's own
                assert [{a: sorted(k) for a, k in state.start_kinds(p).items()} for p in (0, 1)] == \
                    [{a: sorted({s.kind.name for s in r.starts[a]}) for a in r.legal} for r in twin.race.runners]
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_the_engine_words_an_illegal_action_as_the_python_state_does(name: str) -> None:
    """At every action of a random game (decisions inside a move included), an illegal action
    raises the Python State's error and changes nothing."""
    from rulespec.errors import IllegalActionError

    game = load_for_random_play(name)
    python = load_for_random_play(name).without_kernel()
    rng = random.Random(name)
    state = game.new_initial_state()
    for _ in range(200):
        legal = state.legal_actions()
        wrong = rng.choice([-1, max(legal, default=0) + 1, 1 << 40])
        probe = state.clone()
        with pytest.raises(IllegalActionError) as engine_error:
            probe.apply_action(wrong)
        assert probe.history() == state.history() and probe.legal_actions() == legal
        with pytest.raises(IllegalActionError) as python_error:
            python_twin(state, python).apply_action(wrong)
        assert str(engine_error.value) == str(python_error.value), state.history()
        if state.is_terminal():
            break
        state.apply_action(rng.choice(legal))


STATES = [*NATIVE, ("mefuvha", {"pits": 6, "bonus": 0}), ("bao-la-kiswahili", {}), ("chongka", {}),
          ("dakon", {"rounds": 3}), ("qelat", {}), ("alemungula", {}), ("um-el-bagara", {}), ("abalalae", {}),
          ("gabata-adowa", {}), ("layli-goobalay", {}), ("layli-goobalay", {"captured": "removed"}),
          ("nam-nam", {"rounds": 4})]
LONG_GAMES = [("mefuvha", {}), ("bao-la-kiswahili", {}), ("chongka", {}), ("dakon", {"rounds": 3}), ("qelat", {}),
              ("alemungula", {}), ("um-el-bagara", {}), ("abalalae", {}), ("gabata-adowa", {}), ("glass-bead-game", {}),
              ("nam-nam", {"rounds": 4})]


@pytest.mark.parametrize("name,params", STATES, ids=[f"{n}{p or ''}" for n, p in STATES])
def test_the_native_state_agrees_with_the_python_state_action_by_action(name: str, params: dict) -> None:
    """Mefuvha's moves ask decisions (the holes a capture adds): pending moves in C too."""
    rng = random.Random(name + str(params))
    for _ in range(3 if (name, params) in LONG_GAMES else 15):
        a, b = native_and_python(name, **params)
        while not b.is_terminal():
            assert_same_api(a, b, str(b.history()))
            if rng.random() < 0.1:  # a clone plays on by itself, the original is untouched
                c = a.clone()
                c.apply_action(rng.choice(c.legal_actions()))
                assert_same_api(a, b, f"after a clone moved, {b.history()}")
            action = rng.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        assert_same_api(a, b, "the end")
        assert (a.board, a.end_reason, str(a)) == (b.board, b.end_reason, str(b))


def test_the_native_state_answers_the_rest_of_the_api_as_the_python_state_does() -> None:
    a, b = native_and_python("oware")
    for action in (2, 4, 1):
        a.apply_action(numpy.int64(action))  # any integral type, as the Python State takes
        b.apply_action(action)
    assert a.snapshot() == b.snapshot() and str(a) == str(b)
    assert a.move_to_string() == b.move_to_string() and a.last_move_facts() == b.last_move_facts()
    a.apply_move("d")
    b.apply_move("d")
    assert a.history() == b.history() and a.board == b.board
    assert a.action_to_string(3) == b.action_to_string(3) and a.last_move.last == b.last_move.last
    a.board[0] = 99  # a copy: the state cannot be changed behind its back
    assert a.board == b.board
    c = copy.deepcopy(a)
    assert type(c) is type(a) and c.history() == a.history()


def test_an_illegal_action_gives_the_python_message_and_changes_nothing() -> None:
    a, b = native_and_python("kalah")
    a.apply_action(2)
    b.apply_action(2)
    for bad, error in ((2, IllegalActionError), (99, IllegalActionError), (-1, IllegalActionError),
                       (10**30, IllegalActionError), ("x", TypeError), (True, TypeError)):
        with pytest.raises(error) as native_error:
            a.apply_action(bad)
        with pytest.raises(error) as python_error:
            b.apply_action(bad)
        assert str(native_error.value) == str(python_error.value)
        assert_same_api(a, b, f"after refusing {bad!r}")
    while not a.is_terminal():
        a.apply_action(a.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="over"):
        a.apply_action(0)


def test_the_native_state_has_no_python_state_behind_it() -> None:
    a, _ = native_and_python("oware")
    with pytest.raises(AttributeError):
        a._adopt  # noqa: B018 - a Python State's internals are no attribute of the engine's state
    with pytest.raises(AttributeError):
        a.python_state()


def test_a_move_waiting_for_a_decision_keeps_its_request_and_clones() -> None:
    """A Mefuvha capture asks for the extra hole: legal actions are its options, the request
    (options, labels) is the Python one, and a clone mid-move finishes the move by itself."""
    game = rulespec.load("mefuvha", pits=6)
    slow = rulespec.load("mefuvha", pits=6).without_kernel()
    rng = random.Random(3)
    for _ in range(30):
        a, b = game.new_initial_state(), State.initial(slow)
        assert isinstance(a, native.CompiledState)
        while not b.is_terminal():
            if b.pending_request() is not None:
                ra, rb = a.pending_request(), b.pending_request()
                assert (ra.kind, ra.options, ra.labels) == (rb.kind, rb.options, rb.labels)
                c = a.clone()
                c.apply_action(rb.options[-1])
                assert a.legal_actions() == b.legal_actions() and a.history() == b.history()
                return
            action = rng.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
    pytest.fail("no decision asked in 30 games")


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=specs(), seed=st.integers(0, 1000))
def test_generated_specs_native_state_agrees(spec: dict, seed: int) -> None:
    text = json.dumps(spec)
    try:
        game = rulespec.load_text(text, "generated.yaml")
    except (RulespecError, ValueError):  # ValueError: main's kernel validator refusing a load (reported)
        return
    try:
        a = game.new_initial_state()
    except LimitError:  # a look-ahead past its bound (e.g. a choice of direction at every lap)
        return
    b = State.initial(rulespec.load_text(text, "generated.yaml").without_kernel())
    rng = random.Random(seed)
    for _ in range(200):
        assert_same_api(a, b, str(b.history()))
        if b.is_terminal():
            break
        action = rng.choice(b.legal_actions())
        try:
            a.apply_action(action)
        except LimitError:
            return
        b.apply_action(action)


def test_show_says_which_build_of_the_engine_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulespec import summary
    from rulespec.fuzz import lint

    assert summary.engine(rulespec.load("kalah")) == "native code (moves, whole games and the solver)"
    assert summary.engine(rulespec.load("mefuvha")) == "native code (moves, whole games and the solver)"
    assert summary.engine(rulespec.load("bao-la-kiswahili")) == "native code (moves, whole games and the solver)"
    assert summary.engine(rulespec.load("kiothi")) == "native code (moves, whole games and the solver)"
    assert summary.engine(rulespec.load("glass-bead-game")) == "native code (moves, whole games and the solver)"
    monkeypatch.setenv("RULESPEC_PURE", "1")
    assert summary.engine(rulespec.load("kalah")).startswith("the engine's source run by Python")
    monkeypatch.undo()
    assert not any(w.startswith("native code") for w in lint(rulespec.load("kalah"), games=5))


def test_rulespec_bench_prints_rates_and_ratios_against_openspiel(tmp_path: Path) -> None:
    """The command's shape, not its speed (figures are for docs/benchmarks.md)."""
    from typer.testing import CliRunner

    from rulespec import bench
    from rulespec.cli import app

    result = CliRunner().invoke(app, ["bench", "kalah", "--seconds", "0.05", "--rounds", "1"])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("| ")]
    assert "OpenSpiel C++ MCTS random rollouts" in rows[1] and "pyspiel, same Python loop" in rows[2]
    assert all(float(row.split("|")[5]) > 0 for row in rows[1:4]), "a ratio in each OpenSpiel row"
    assert "turns per game" in rows[-1] or "turns, " in rows[-1]
    assert CliRunner().invoke(app, ["bench", "no-such-game"]).exit_code == 1
    points = bench.scaling(0.02, games=["oware"])
    assert [p.pits for p in points] == list(range(6, 27, 4)) and all(p.us_per_action > 0 for p in points)
    bench.plot(points, str(tmp_path / "scaling.png"))
    assert (tmp_path / "scaling.png").read_bytes()[:4] == b"\x89PNG"


def test_rulespec_bench_plays_uncapped_games_with_their_random_play_parameters() -> None:
    """Congkak's rules set no limit on rounds, and random games can run for thousands of them:
    the benchmark plays it with the cap its spec offers random play, and says so."""
    from rulespec import bench

    rows = bench.run(["congkak"], seconds=0.02, rounds=1)
    assert rows[-1].note.endswith("random play with rounds=3")
    assert all(row.ours > 0 for row in rows)
    assert bench.capped("kalah") == ""


def test_without_the_compiled_engine_its_source_plays_interpreted() -> None:
    """As after an install without a C compiler: the same API and the same games, the engine's
    source run by Python."""
    code = ("import sys; sys.modules['rulespec.interpreter._engine'] = None\n"
            "import rulespec\n"
            "from rulespec.interpreter import kernel\n"
            "g = rulespec.load('oware')\n"
            "s = g.new_initial_state(); s.apply_action(s.legal_actions()[0])\n"
            "r = g.playouts(3, seed=1, lengths=True)\n"
            "assert kernel.engine_module().__name__ == 'rulespec.interpreter.engine'\n"
            "assert type(s).__name__ == 'NativeState' and r['engine'] == 'native' and len(r['lengths']) == 3\n"
            "print(r['wins'], r['draws'], r['actions'])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    compiled = rulespec.load("oware").playouts(3, seed=1)
    assert done.stdout.split() == [*str(compiled["wins"]).split(), str(compiled["draws"]), str(compiled["actions"])]


def test_forced_decisions_are_applied_alike_on_every_path() -> None:
    """A decision with one option is applied, not asked, by the Python State, the native state
    and native playouts alike (Bao la Kujifunza: a direction only one way can be played)."""
    result = native.playouts(rulespec.load("bao-la-kujifunza"), 4, seed=3, lengths=True, record=True)
    assert result["engine"] == "native"
    replay(rulespec.load("bao-la-kujifunza"), result)
    rng = random.Random(5)
    a, b = native_and_python("bao-la-kujifunza")
    forced = 0
    while not b.is_terminal() and b.moves_played < 120:
        assert_same_api(a, b, str(b.history()))
        action = rng.choice(b.legal_actions())
        a.apply_action(action)
        b.apply_action(action)
        if b.pending_request() is None and b.last_move is not None and b.last_move.forced:
            forced += 1
            assert a.move_to_string() == b.move_to_string() and len(b.last_move.played) > len(b.last_move.decisions)
    assert forced > 0 and a.history() == b.history()


BOTH_WAYS = """
name: Both ways offered
board: {ranks: 2, pits: 5, stores: beside}
setup: {per_pit: 3}
turn:
  offer: all
  moves:
    - {name: left, from: {side: own, count: {min: 1}}, direction: clockwise}
    - {name: right, from: {side: own, count: {min: 1}}, direction: counterclockwise}
captures:
  - {name: pair, when: {count: [2, 3]}, take: [landing], optional: true}
end: [{kind: side_empty, remaining: to_owner}]
"""
RELAY_ASKED = BOTH_WAYS.replace("captures:", "sowing: {laps: {kind: relay, when: {count: {min: 2}}, "
                                "ask_when: {count: {min: 2}}, max_laps: 20}}\ncaptures:")


@pytest.mark.parametrize("text", [BOTH_WAYS, RELAY_ASKED], ids=["capture asked", "relay asked, look-ahead"])
def test_a_direction_chosen_between_offered_kinds_is_not_a_later_answer(text: str) -> None:
    """Two kinds offered from the same pit in fixed directions: the mover picks the direction,
    which no kind asks itself; the decisions asked later in the move (an optional capture, a
    relay to go on) are answered alike by the Python path, the move kernel and native code."""
    rng = random.Random(4)
    for _ in range(6):
        a = rulespec.load_text(text).new_initial_state()
        b = State.initial(rulespec.load_text(text).without_kernel())
        c = State.initial(rulespec.load_text(text))
        assert isinstance(a, native.native_state_class()) and c.game.rulesets[0].kernel is not None
        while not b.is_terminal():
            assert a.legal_actions() == b.legal_actions() == c.legal_actions(), b.history()
            action = rng.choice(b.legal_actions())
            for st in (a, b, c):
                st.apply_action(action)
            assert a.board == b.board == c.board, b.history()
    result = native.playouts(rulespec.load_text(text), 10, seed=1, lengths=True, record=True)
    replay(rulespec.load_text(text).without_kernel(), result)


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_the_whole_state_api_makes_no_python_state(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A random game of every variant (decisions and the race included), every question of the
    State API asked at every action, and every move written then read back (apply_move on the
    state before it): no Python State is made."""
    game = load_for_random_play(name)
    rng = random.Random(name)
    state = game.new_initial_state()

    def no_python_state(*_: object) -> None:
        raise AssertionError("a Python State was made")

    monkeypatch.setattr(State, "initial", no_python_state)
    begun = state.clone()
    for step in range(150):
        where = state.history()
        legal = state.legal_actions()
        assert [state.string_to_action(state.action_to_string(a)) for a in legal] == legal, where
        state.snapshot(), state.last_move, state.last_move_facts(), state.start_kinds(), state.pending_request()
        state.move_to_string(), state.move_to_string(suffix=False), state.render(), state.render(1), str(state)
        state.position_key(), state.race, state.scores(), state.margin(1), state.returns(), state.move_start()
        state.is_simultaneous_node(), state.current_player(), state.board, state.kinds, state.marks, state.stock
        if step % 10 == 0:
            assert game.state_from_snapshot(state.snapshot()).snapshot() == state.snapshot(), where
        if state.is_terminal():
            break
        state.apply_action(rng.choice(legal))
        if state.move_start() is None:  # a whole move (or a step of the race) played
            written = state.move_to_string()
            if written:
                begun.apply_move(written)
                assert begun.history() == state.history(), (where, written)
            begun = state.clone()
