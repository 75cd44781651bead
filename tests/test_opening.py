"""The opening race (`opening: {kind: race}`): a simultaneous first move, played step by step."""
from __future__ import annotations

import json
import random

import pytest

import rulespec
from rulespec.interpreter import state as state_module
from rulespec.errors import IllegalActionError, NotationError, SpecError

SHORT = {"race": True, "to_move": 0, "players": [{"pits": [0, 0, 0, 0, 0, 0, 2], "store": 45},
                                                 {"pits": [0, 0, 0, 0, 0, 0, 3], "store": 48}]}
"""South's part (G: head, a) ends at step 2, North's (g: head, A, B) at step 3."""


def counts(st):
    snap = st.snapshot()
    return [p["pits"] for p in snap["players"]], [p["store"] for p in snap["players"]]


def test_the_start_is_a_simultaneous_node():
    st = rulespec.load("sungka").new_initial_state()
    assert st.current_player() == -2 and st.is_simultaneous_node()
    assert st.legal_actions(0) == st.legal_actions(1) == list(range(7))
    assert st.legal_actions() == list(range(49))  # OpenSpiel's flat joint actions
    assert st.action_to_string(0, 2) == "C" and st.action_to_string(1, 2) == "c"
    assert st.action_to_string(2 + 7 * 4) == "C/e" and st.string_to_action("C/e") == 2 + 7 * 4
    joint = st.clone()
    joint.apply_action(2 + 7 * 4)
    st.apply_actions([2, 4])
    assert joint.snapshot() == st.snapshot() and st.history() == [2, 4]


def test_the_first_to_finish_moves_next_and_the_steps_interleave():
    game = rulespec.load("sungka")
    st = game.state_from_snapshot(SHORT)
    st.apply_move("G/g")
    # North's third piece went into South's B after South's part had ended: both counted.
    assert counts(st) == ([[1, 1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]], [46, 49])
    assert st.race is None and st.current_player() == 0 and st.move_to_string() == "G/g"
    other = rulespec.load("congkak", race="last_finished").state_from_snapshot({**SHORT, "round": 1})
    other.apply_move("G/g")
    assert other.current_player() == 1


def test_a_tie_goes_to_the_first_player():
    st = rulespec.load("sungka").state_from_snapshot(
        {"race": True, "to_move": 0, "players": [{"pits": [0, 0, 0, 0, 0, 0, 2], "store": 47},
                                                 {"pits": [0, 0, 0, 0, 0, 0, 2], "store": 47}]})
    st.apply_move("G/g")  # both: head, then the opponent's empty A / a at step 2
    assert st.current_player() == 0
    assert counts(st) == ([[1, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]], [48, 48])


def test_another_turn_inside_the_race_is_a_one_player_node():
    game = rulespec.load("sungka")
    # South's G (1) reaches the head at once; North's a (3) sows on: South alone chooses.
    st = game.state_from_snapshot({"race": True, "to_move": 0, "players": [
        {"pits": [0, 0, 0, 0, 0, 1, 1], "store": 45}, {"pits": [3, 0, 0, 0, 0, 0, 0], "store": 48}]})
    st.apply_move("G/a")
    assert st.current_player() == 0 and not st.is_simultaneous_node() and st.race is not None
    assert st.legal_actions(1) == [] and st.legal_actions() == [5]
    snap = st.snapshot()
    assert snap["in_hand"] == 2 and snap["race"]["players"][1]["sowing"] == ["c", "d"]
    restored = game.state_from_snapshot(json.loads(json.dumps(snap)))
    st.apply_move("F")
    restored.apply_move("F")
    assert restored.snapshot() == st.snapshot() and st.race is None
    # South's F (1) reaches the head at step 2 and South has nothing left: South's part ends
    # at step 2, North's (b, c, d) at step 3.
    assert st.current_player() == 0


def test_illegal_race_actions_change_nothing():
    st = rulespec.load("sungka").state_from_snapshot(SHORT)
    before = st.snapshot()
    with pytest.raises(IllegalActionError, match="South in the opening race"):
        st.apply_actions([0, 6])
    with pytest.raises(IllegalActionError):
        st.apply_action(1)  # one joint action only: 0
    with pytest.raises(NotationError, match="S/n"):
        st.apply_move("G")
    assert st.snapshot() == before


def test_random_races_conserve_pieces_and_replay():
    game = rulespec.load("congkak", rounds=2)
    rng = random.Random(5)
    for _ in range(6):
        st = game.new_initial_state()
        while st.race is not None:
            snap = st.snapshot()
            assert sum(map(sum, counts(st)[0])) + sum(counts(st)[1]) + snap["in_hand"] == game.total_pieces
            st.apply_action(rng.choice(st.legal_actions()))
        replay = game.new_initial_state()
        history = st.history()
        i = 0
        while i < len(history):
            if replay.is_simultaneous_node():
                replay.apply_actions(history[i:i + 2])
                i += 2
            else:
                replay.apply_action(history[i])
                i += 1
        assert replay.snapshot() == st.snapshot()


@pytest.mark.parametrize("move, reason", [
    ("{name: sow, direction: choice}", "fixed direction"),
    # each player races from their own pits: a start any pit may match (a named pit without
    # side: own) is refused at load, not played into a crash
    ("{name: sow, from: {pit: A1, count: {min: 1}}, direction: counterclockwise}",
     "starting from the mover's own pits"),
], ids=["asks-inside-moves", "starts-off-own-pits"])
def test_a_race_the_opening_cannot_play_is_refused(move, reason):
    text = f"""
name: Bad race
board: {{pits: 4, stores: in_circuit}}
setup: {{per_pit: 3}}
opening: {{kind: race}}
turn:
  moves: [{move}]
end: [{{kind: side_empty}}]
"""
    with pytest.raises(SpecError) as err:
        rulespec.load_text(text)
    assert ":5:10:" in str(err.value) and reason in str(err.value)


def test_show_and_rulebook_describe_the_race():
    from rulespec.book.render import render_book
    from rulespec.interpreter.kernel import engine_module
    from rulespec.summary import summary

    game = rulespec.load("sungka")
    text = summary(game)
    compiled = engine_module().__name__.endswith("._engine")  # (this test also runs with RULESPEC_PURE=1)
    engine = "native code (moves, whole games and the solver)" if compiled else "the engine's source run by Python"
    assert "opening: a race" in text and f"engine: {engine}" in text
    book = render_book(game).markdown
    assert "both players move at once" in book
    assert "both players move at once" not in render_book(rulespec.load("chongka")).markdown


def test_openspiel_sees_a_simultaneous_game():
    pyspiel = pytest.importorskip("pyspiel")
    from rulespec.adapters import openspiel

    openspiel.register()
    game = pyspiel.load_game("rulespec_sungka")
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert pyspiel.load_game("rulespec_chongka").get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    st = game.new_initial_state()
    assert st.current_player() == pyspiel.PlayerId.SIMULTANEOUS and st.legal_actions(1) == list(range(7))
    twin = st.clone()
    st.apply_actions([2, 4])
    assert st.history() == [2, 4]
    twin.apply_action(2 + 7 * 4)  # a flat joint action (one history entry), replayed as such
    assert twin.history() == [30] and str(game.deserialize_state(twin.serialize())) == str(st)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_pettingzoo_collects_both_actions():
    pytest.importorskip("pettingzoo")
    from rulespec.adapters import pettingzoo

    env = pettingzoo.raw_env("sungka")
    env.reset(seed=0)
    assert env.agent_selection == "player_0" and env.infos["player_0"]["decision"] == "simultaneous"
    board = env.observe("player_1")["observation"].copy()
    env.step(2)
    assert env.agent_selection == "player_1" and env.state_.is_simultaneous_node()
    assert (env.observe("player_1")["observation"] == board).all(), "South's choice stays hidden"
    env.step(4)
    assert env.state_.history() == [2, 4]


def test_players_and_the_web_app_choose_their_own_start_only():
    from rulespec.players import make_player, play_decision, race_start
    from rulespec.web.sessions import HUMAN, Play

    game = rulespec.load("sungka")
    st = game.new_initial_state()
    greedy = make_player("greedy", seed=0)
    assert race_start(greedy, st, 1) in st.legal_actions(1)
    play_decision([make_player("random", 1), greedy], st)
    assert len(st.history()) == 2 and all(0 <= a < 7 for a in st.history())  # one start per seat
    play = Play(game, [HUMAN, HUMAN])
    view = play.click(game.geo.own[0][2])  # South's C, held unseen
    assert play.state.is_simultaneous_node() and view["clickable"] == [game.geo.own[1][a] for a in range(7)]
    assert "both players choose at once" in view["question"]
    play.click(game.geo.own[1][4])
    assert play.written == [("Both", "C/e")] and play.state.history() == [2, 4]


def test_a_record_with_the_race_replays():
    from rulespec.records import format_record, parse_record, replay

    game = rulespec.load("sungka")
    st = game.new_initial_state()
    rng = random.Random(4)
    moves = []
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
        if st.pending_request() is None:
            moves.append(st.move_to_string(suffix=False))
    text = format_record(game, moves)
    assert "/" in text.splitlines()[2]
    end, warnings = replay(game, parse_record(text))
    assert end.snapshot() == st.snapshot() and warnings == []


def test_the_solver_refuses_a_position_inside_the_race():
    from rulespec.solve import solve

    game = rulespec.load("sungka", holes=3, shells=1)
    with pytest.raises(ValueError, match="no minimax value"):
        solve(game)


def test_the_race_can_be_restricted_to_some_pits():
    text = "name: Next to the store\nextends: sungka\nopening: {from: {next: {store: true}}}\n"
    game = rulespec.load_text(text)
    assert game.new_initial_state().legal_actions(0) == [6]  # G: the hole next to the head
    st = game.state_from_snapshot({"race": True, "to_move": 0, "players": [
        {"pits": [2, 0, 0, 0, 0, 0, 1], "store": 46}, {"pits": [2, 0, 0, 0, 0, 0, 1], "store": 46}]})
    assert st.legal_actions(0) == st.legal_actions(1) == [6]
    st.apply_move("G/g")  # both reach their head at once: the new choice may be any hole
    assert st.is_simultaneous_node() and st.legal_actions(0) == st.legal_actions(1) == [0]
    from rulespec.book.render import render_book

    assert "to start from (a hole that is followed along the sowing by a head)" in render_book(game).markdown


def _same_api(a, b, where):
    assert a.is_simultaneous_node() == b.is_simultaneous_node() and (a.race is None) == (b.race is None), where
    assert a.legal_actions() == b.legal_actions(), where
    assert a.legal_actions(0) == b.legal_actions(0) and a.legal_actions(1) == b.legal_actions(1), where
    assert (a.is_terminal(), a.current_player(), a.returns(), a.move_number(), a.history()) == \
        (b.is_terminal(), b.current_player(), b.returns(), b.move_number(), b.history()), where


RACES = [("sungka", {"holes": 4, "shells": 3}, ""), ("congkak", {"rounds": 2, "holes": 5, "shells": 4}, ""),
         ("sungka", {"holes": 4, "shells": 3}, "opening: {from: {next: {store: true}}}"),
         ("enkeshui", {}, "")]  # a race in a stage of its own (relay only), then owned marks


@pytest.mark.parametrize("name,params,extra", RACES, ids=["sungka", "congkak", "from", "enkeshui"])
def test_the_native_state_runs_the_race_alike_compiled_and_interpreted(name, params, extra):
    """The race in the engine (NativeState): every action, both ways of giving both
    starts (a flat joint action, apply_actions), clones, refusals, and what the state shows,
    compiled and interpreted; the runner's whole games replay on the state API."""
    from engines import Interpreted, replay

    from rulespec.interpreter import native

    def load():
        if not extra:
            return rulespec.load(name, **params)
        args = "".join(f"  {k}: {{default: {v}}}\n" for k, v in params.items())
        return rulespec.load_text(f"name: Variant\nextends: {name}\nparameters:\n{args}{extra}\n")

    rng = random.Random(name + extra)
    compiled, interpreted = load(), Interpreted(load)
    for _ in range(3):
        a = compiled.new_initial_state()
        assert isinstance(a, state_module.State) and a._racing
        b = interpreted.new_initial_state()
        while not b.is_terminal():
            _same_api(a, b, str(b.history()))
            if a._racing:  # the race's notation, read from the engine alone
                probe = a.clone()
                written = [probe.action_to_string(x) for x in probe.legal_actions()]
                assert written == [b.action_to_string(x) for x in b.legal_actions()]
                assert [probe.string_to_action(w) for w in written] == b.legal_actions()
                for p in (0, 1):
                    assert [probe.action_to_string(p, x) for x in probe.legal_actions(p)] == \
                        [b.action_to_string(p, x) for x in b.legal_actions(p)]
            if a.race is not None:
                assert a.snapshot() == b.snapshot() and str(a) == str(b) and a.move_to_string() == b.move_to_string()
            if rng.random() < 0.2:  # a clone plays on by itself, the original is untouched
                c = a.clone()
                c.apply_action(rng.choice(c.legal_actions()))
                _same_api(a, b, f"after a clone moved, {b.history()}")
            if b.is_simultaneous_node() and rng.random() < 0.5:
                both = [rng.choice(b.legal_actions(0)), rng.choice(b.legal_actions(1))]
                a.apply_actions(both)
                b.apply_actions(both)
            else:
                action = rng.choice(b.legal_actions())
                a.apply_action(action)
                b.apply_action(action)
        _same_api(a, b, "the end")
        assert a.board == b.board and a.end_reason == b.end_reason
    result = native.playouts(load(), 10, seed=3, lengths=True, record=True)
    replay(load(), result)


def test_the_native_race_refuses_bad_joint_actions_and_changes_nothing():
    st = rulespec.load("sungka").new_initial_state()
    for bad in ([99, 0], [0], [0, 0, 0]):
        with pytest.raises(IllegalActionError):
            st.apply_actions(bad)
    with pytest.raises(IllegalActionError, match="not a joint action"):
        st.apply_action(49)
    assert st.history() == [] and st.is_simultaneous_node()


def test_the_position_after_the_race_is_the_first_one_counted_for_repetition():
    """(the race used to leave that position in the seen set, so a repetition end held at once)"""
    text = ("name: Race and repetition\nextends: sungka\nparameters:\n  holes: {default: 3}\n"
            "  shells: {default: 2}\nend:\n  - {kind: repetition}\n  - {kind: condition, when: {on_board: 0}}\n")
    from engines import Interpreted

    for game in (rulespec.load_text(text), Interpreted(lambda: rulespec.load_text(text))):
        st = game.new_initial_state()
        st.apply_actions([0, 0])
        while st.race is not None:
            st.apply_action(st.legal_actions()[0])
        assert not st.is_terminal() and st.move_number() == 1
