"""Rulespec games as PettingZoo AEC environments.

    from rulespec import pettingzoo
    env = pettingzoo.env("kiothi", render_mode="ansi")          # any variant or spec path, **params
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The agents are "player_0" (South, who moves first unless the spec says otherwise) and
"player_1" (North). An action is one decision, with the ids of the rulespec API (a move with
inner decisions is several steps by the same agent; an extra turn likewise). The observation
is a dict: `observation`, the float32 vector described in rulespec/adapters/observation.py,
seen from the agent, and `action_mask`, int8, 1 for each legal action of the agent to move
(all 0 for the other). `infos[agent]` names the decision asked and the legal actions' strings.
Rewards are given once, at the end: +1, -1, or 0 for a draw. `max_actions` (default 10,000
decisions) truncates a game that has not ended by then; an illegal action raises
IllegalActionError and changes nothing.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .observation import Encoding

AGENTS = ("player_0", "player_1")
"""South (player 0 in the rulespec and OpenSpiel APIs) and North, in PettingZoo's naming."""
DEFAULT_MAX_ACTIONS = 10_000


def env(variant: str | Path, render_mode: str | None = None, max_actions: int = DEFAULT_MAX_ACTIONS,
        **params: Any) -> AECEnv:
    """The AEC environment of a shipped variant (by name) or a spec file, with its parameters,
    wrapped in PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(variant, render_mode, max_actions, **params))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's conventional name)
    """The unwrapped environment; see the module docstring."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, variant: str | Path, render_mode: str | None = None,
                 max_actions: int = DEFAULT_MAX_ACTIONS, **params: Any):
        super().__init__()
        import rulespec

        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        if max_actions < 1:
            raise ValueError(f"max_actions must be at least 1, got {max_actions}")
        self.game = rulespec.load(variant, **params)
        self.metadata = {**self.metadata, "name": f"rulespec_{Path(str(variant)).stem.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.encoding = Encoding.of(self.game)
        self.possible_agents = list(AGENTS)
        n = self.game.num_distinct_actions
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, self.encoding.high, (self.encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = {a: observation for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self.state_: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # The games are deterministic: the seed only seeds the action spaces' sampling.
        if seed is not None:
            for i, a in enumerate(AGENTS):
                self.action_spaces[a].seed(seed + i)
        self.state_ = self.game.new_initial_state()
        self.actions_taken = 0
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[self.state_.current_player()]
        self._update_infos()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        flat = np.zeros(self.encoding.size, np.float32)
        player = AGENTS.index(agent)
        self.encoding.fill(self.state_, player, self.encoding.views(flat))
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        if not self.state_.is_terminal() and self.state_.current_player() == player:
            mask[self.state_.legal_actions()] = 1
        return {"observation": flat, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st = self.state_
        st.apply_action(int(action))  # IllegalActionError, state unchanged, if not legal
        self.actions_taken += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if st.is_terminal():
            self.rewards = {a: float(r) for a, r in zip(AGENTS, st.returns())}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.actions_taken >= self.max_actions:
            self.truncations = dict.fromkeys(self.agents, True)
        if not st.is_terminal():
            self.agent_selection = AGENTS[st.current_player()]
        self._accumulate_rewards()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def _update_infos(self) -> None:
        """Each agent's info: the legal actions' strings when it is to move (the decision asked)."""
        st = self.state_
        for i, a in enumerate(AGENTS):
            info: dict[str, Any] = {}
            if not st.is_terminal() and st.current_player() == i:
                info["legal_moves"] = {act: st.action_to_string(act) for act in st.legal_actions()}
                request = st.pending_request()
                info["decision"] = request.kind if request is not None else "start"
            self.infos[a] = info

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.state_)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
