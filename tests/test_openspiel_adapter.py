"""The OpenSpiel adapter: games registered with pyspiel, checked by OpenSpiel's own tests and bots."""
from __future__ import annotations

import numpy as np
import pytest

import pyspiel  # a hard dependency of the test extra: a missing oracle fails, never skips

import rulespec
from rulespec.adapters.actions import ActionSpace
from rulespec.adapters import openspiel
from rulespec.errors import SpecError

NAMES = openspiel.register()

# The bound keeps the Glass Bead Game (about 1,100 actions a random game) quick to test.
QUICK = {"rulespec_bao_la_kiswahili": {}, "rulespec_kiothi": {},
         "rulespec_glass_bead_game": {"max_game_length": 120}}


def test_every_shipped_variant_is_registered_under_its_snake_case_name():
    assert NAMES == [openspiel.short_name(n) for n in rulespec.shipped_variants()]
    assert "rulespec_bao_la_kiswahili" in NAMES
    assert openspiel.register() == NAMES  # registering twice is harmless
    registered = {t.short_name for t in pyspiel.registered_games()}
    assert set(NAMES) <= registered


@pytest.mark.parametrize("name", NAMES)
def test_game_type_and_info_tell_the_truth(name):
    game = pyspiel.load_game(name)
    kind = game.get_type()
    rules = rulespec.load(name[len("rulespec_"):].replace("_", "-"))
    simultaneous = rules.spec.opening is not None  # an opening race: both players move at once
    assert kind.dynamics == (pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                             else pyspiel.GameType.Dynamics.SEQUENTIAL)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == len(ActionSpace.of(rules)) <= rules.num_distinct_actions
    assert game.max_game_length() == openspiel.DEFAULT_MAX_GAME_LENGTH
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    state = game.new_initial_state()
    legal = state.legal_actions()  # at a simultaneous node: flat joint actions, the same on both APIs
    assert (legal if simultaneous else [game.actions.ids[a] for a in legal]) == rules.new_initial_state().legal_actions()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


@pytest.mark.parametrize("name", sorted(QUICK))
def test_openspiel_random_simulation_test(name):
    game = pyspiel.load_game(name, QUICK[name])
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_state_survives_openspiel_serialization():
    game = pyspiel.load_game("rulespec_bao_la_kiswahili")
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history() and str(back) == str(state)
    assert back.legal_actions() == state.legal_actions()
    assert back.observation_tensor(0) == state.observation_tensor(0)


@pytest.mark.parametrize("name", sorted(QUICK))
def test_an_mcts_bot_plays_a_whole_game(name):
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(name, QUICK[name])
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    rules = rulespec.load(name[len("rulespec_"):].replace("_", "-"))
    mirror = rules.new_initial_state()  # the same actions on the rulespec API
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        rulespec_id = game.actions.ids[action]
        assert state.action_to_string(state.current_player(), action) == mirror.action_to_string(rulespec_id)
        state.apply_action(action)
        mirror.apply_action(rulespec_id)
    returns = state.returns()
    assert sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}
    if mirror.is_terminal():
        assert returns == mirror.returns()
    else:  # cut off by max_game_length: a draw
        assert len(state.history()) == QUICK[name]["max_game_length"] and returns == [0.0, 0.0]


def test_parameters_pass_through_and_change_the_game():
    game = pyspiel.load_game("rulespec_oware(pits=5,seeds=3,max_game_length=9)")
    assert game.num_distinct_actions() == 5  # the five starts: no other decision is ever asked
    assert game.max_game_length() == 9
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 3, 4]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 9 and state.returns() == [0.0, 0.0]
    with pytest.raises(Exception, match="above the maximum"):
        pyspiel.load_game("rulespec_oware", {"pits": 99})


def test_observation_is_the_position_seen_from_each_side():
    game = pyspiel.load_game("rulespec_oware")
    state = game.new_initial_state()
    start = [np.array(state.observation_tensor(p)) for p in (0, 1)]
    assert (start[0] != start[1]).sum() == 2  # the same but for who moves next
    state.apply_action(state.legal_actions()[2])  # South sows C: A B 0 5 5 5 | a 5 ...
    south = np.array(state.observation_tensor(0))
    north = np.array(state.observation_tensor(1))
    assert list(south[:12]) == [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]
    assert list(north[:12]) == [5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5]  # own pits first
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    assert list(observer.dict["to_move"]) == [0, 1] and observer.dict["decision"][0] == 1


@pytest.mark.parametrize("name", ["rulespec_bao_la_kiswahili", "rulespec_glass_bead_game"])
def test_observed_pieces_add_up_to_every_piece_in_play(name):
    game = pyspiel.load_game(name)
    rules = game.rules
    observer = game.make_py_observer()
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        observer.set_from(state, state.current_player())
        d = observer.dict
        seen = d["pits"].sum() + d["stores"].sum() + d["hands"].sum()
        assert seen == rules.total_pieces - state.inner.removed
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_move_with_inner_decisions_is_several_actions_by_the_same_player():
    game = pyspiel.load_game("rulespec_bao_la_kiswahili")
    state = game.new_initial_state()
    pit = next(a for a in state.legal_actions()
               if state.action_to_string(0, a) == "A6")  # kutakata: the direction is asked next
    state.apply_action(pit)
    assert state.current_player() == 0
    assert sorted(state.action_to_string(0, a) for a in state.legal_actions()) == ["<", ">"]
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    assert observer.dict["decision"][1] == 1 and observer.dict["move_from"].sum() == 1


def test_register_file_takes_any_spec_and_reports_a_broken_one(tmp_path):
    from rulespec.loader import resolve

    spec = tmp_path / "my-oware.yaml"
    spec.write_text(resolve("oware").read_text(encoding="utf-8"), encoding="utf-8")
    assert openspiel.register_file(spec) == "rulespec_my_oware"
    assert pyspiel.load_game("rulespec_my_oware").new_initial_state().legal_actions() == list(range(6))
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: Broken\nboard: {ranks: 2, pits: 0}\n", encoding="utf-8")
    with pytest.raises(SpecError, match=r"broken.yaml:2:"):
        openspiel.register_file(broken)


def test_a_spec_is_read_once_per_file_version_and_parameters(tmp_path, monkeypatch):
    """OpenSpiel re-creates games (once per deserialized state); each reads the file only when it
    changed since, or with other parameters."""
    import os

    from rulespec.adapters import openspiel as adapter
    from rulespec.loader import resolve

    reads = []
    real = adapter.load_spec
    monkeypatch.setattr(adapter, "load_spec", lambda *a, **k: reads.append(a) or real(*a, **k))
    spec = tmp_path / "cached-oware.yaml"
    spec.write_text(resolve("oware").read_text(encoding="utf-8"), encoding="utf-8")
    name = openspiel.register_file(spec)
    reads.clear()
    for _ in range(5):
        assert len(pyspiel.load_game(name).new_initial_state().legal_actions()) == 6
    assert len(reads) == 1
    pyspiel.load_game(name, {"pits": 5})
    assert len(reads) == 2
    assert pyspiel.load_game(name).rules.spec.name == "Oware"
    spec.write_text(spec.read_text(encoding="utf-8").replace("name: Oware", "name: Edited Oware", 1), encoding="utf-8")
    stat = spec.stat()
    os.utime(spec, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert pyspiel.load_game(name).rules.spec.name == "Edited Oware"
    assert len(reads) == 3


def test_register_reads_each_spec_as_the_full_load_would(monkeypatch) -> None:
    # register() reads only the name, parameters and opening of each spec (and its parents');
    # they must be what the whole spec gives, for every shipped variant.
    from rulespec.adapters.openspiel import outline
    from rulespec.loader import load_spec, resolve, shipped_variants

    for name in shipped_variants():
        spec = load_spec(name).spec
        assert outline(resolve(name)) == (spec.name, {k: p.default for k, p in spec.parameters.items()},
                                          spec.opening is not None), name


def test_register_loads_no_spec_and_takes_one_variant(monkeypatch) -> None:
    from rulespec.adapters import openspiel as adapter

    monkeypatch.setattr(adapter, "load_spec", lambda *a, **k: pytest.fail("a whole spec was read"))
    assert openspiel.register("oware") == ["rulespec_oware"]
    assert adapter.register() == NAMES
    with pytest.raises(ValueError, match="no shipped variant 'owar' \\(did you mean 'oware'\\?\\)"):
        openspiel.register("owar")
