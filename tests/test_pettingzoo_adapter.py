"""The PettingZoo adapter: PettingZoo's own API test on every shipped variant, and whole games."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import rulespec  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402
from rulespec.adapters import pettingzoo as pz  # noqa: E402
from rulespec.errors import IllegalActionError  # noqa: E402
from rulespec.fuzz import random_play_params  # noqa: E402


VARIANTS = rulespec.shipped_variants()


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant):
    with warnings.catch_warnings():
        # Classic board-game envs share these advisories: a Dict observation with an action mask.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(pz.env(variant, render_mode="ansi"), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_masked_random_game_ends_as_the_rulespec_game_does(variant):
    params = random_play_params(rulespec.load(variant))  # e.g. rounds capped: random games end
    env = pz.env(variant, **params)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    mirror = rulespec.load(variant, **params).new_initial_state()
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        assert env.observation_space(agent).contains(obs)
        if termination or truncation:
            env.step(None)
            continue
        player = env.possible_agents.index(agent)
        both = mirror.current_player() == -2  # a simultaneous node: player_0, then player_1
        assert player == mirror.current_player() or both
        legal = np.flatnonzero(obs["action_mask"])
        ids = env.unwrapped.actions.ids
        assert [ids[a] for a in legal] == (mirror.legal_actions(player) if both else mirror.legal_actions())
        assert set(info["legal_moves"]) == set(legal)
        index = int(rng.choice(legal))
        env.step(index)
        action = ids[index]
        if both and player == 0:
            held = action
        elif both:
            mirror.apply_actions([held, action])
        else:
            mirror.apply_action(action)
    assert mirror.is_terminal()
    assert [totals[a] for a in env.possible_agents] == mirror.returns()


def test_observation_counts_and_mask_belong_to_the_agent_to_move():
    env = pz.env("oware")
    env.reset()
    assert env.agent_selection == "player_0"
    south, north = env.observe("player_0"), env.observe("player_1")
    assert list(south["observation"][:12]) == [4] * 12
    assert list(np.flatnonzero(south["action_mask"])) == [0, 1, 2, 3, 4, 5]
    assert not north["action_mask"].any()
    env.step(2)
    assert env.agent_selection == "player_1"
    assert list(env.observe("player_1")["observation"][:12]) == [5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5]


def test_an_inner_decision_is_a_step_by_the_same_agent_and_an_illegal_one_changes_nothing():
    env = pz.env("bao-la-kiswahili", render_mode="ansi")
    env.reset()
    state = env.unwrapped.state_
    a6 = state.string_to_action("A6")
    env.step(a6)
    assert env.agent_selection == "player_0"
    assert sorted(env.infos["player_0"]["legal_moves"].values()) == ["<", ">"]
    assert env.infos["player_0"]["decision"] == "direction"
    before = env.render()
    with pytest.raises(IllegalActionError):
        env.step(a6)
    assert env.render() == before
    assert "Bao la Kiswahili" in before and "South to move" in before


def test_max_actions_truncates_and_parameters_reach_the_game():
    env = pz.env("oware", max_actions=5, pits=5, seeds=3)
    env.reset()
    assert env.action_space("player_0").n == 5  # the five starts: no other decision is ever asked
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            assert truncation and not termination and reward == 0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5


def test_rgb_array_draws_the_counts_where_the_pits_are():
    env = pz.env("kalah", render_mode="rgb_array")
    env.reset(seed=0)
    start = env.render()
    assert start.dtype == np.uint8 and start.ndim == 3 and start.shape[2] == 3
    env.step(2)  # C: four seeds sown along South's row and into the store
    after = env.render()
    assert after.shape == start.shape
    changed = np.argwhere((after != start).any(axis=2))
    assert len(changed) > 0
    assert changed[:, 1].min() > start.shape[1] // 3  # South's pits from C on and the store, not A or B


@pytest.mark.parametrize("variant", ["sungka", "kalah", "bao-la-kiswahili"])
def test_the_parallel_api_plays_whole_games_as_the_rulespec_game_does(variant):
    from pettingzoo.test import parallel_api_test

    parallel_api_test(pz.parallel_env(variant), num_cycles=100)
    env = pz.parallel_env(variant)
    observations, infos = env.reset(seed=3)
    mirror = rulespec.load(variant).new_initial_state()
    ids = env.actions.ids
    rng = np.random.default_rng(3)
    rewards = {}
    for _ in range(2000):
        if not env.agents:
            break
        acting = [a for a in env.agents if infos[a]["to_act"]]
        assert len(acting) == (2 if mirror.is_simultaneous_node() else 1)
        chosen = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in acting}
        for a in env.agents:
            if a not in acting:
                assert not observations[a]["action_mask"].any()
                chosen[a] = 0  # ignored: not this agent's turn
        observations, rewards, terminations, truncations, infos = env.step(chosen)
        if len(acting) == 2:
            mirror.apply_actions([ids[chosen["player_0"]], ids[chosen["player_1"]]])
        else:
            mirror.apply_action(ids[chosen[acting[0]]])
    assert mirror.is_terminal() and [rewards[a] for a in env.possible_agents] == mirror.returns()


def test_the_parallel_api_refuses_an_illegal_action_and_changes_nothing():
    env = pz.parallel_env("sungka")
    observations, infos = env.reset(seed=0)
    legal = np.flatnonzero(observations["player_0"]["action_mask"])
    illegal = env.action_space("player_1").n  # every start is legal in the race: one past them
    before = observations["player_0"]["observation"].copy()
    with pytest.raises(IllegalActionError):
        env.step({"player_0": int(legal[0]), "player_1": illegal})
    with pytest.raises(ValueError, match="no action for player_1"):
        env.step({"player_0": int(legal[0])})
    assert (env.state() == before).all() and env.to_act() == ["player_0", "player_1"]
