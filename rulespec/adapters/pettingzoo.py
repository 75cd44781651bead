"""Rulespec games as PettingZoo environments: AEC (`env`) and parallel (`parallel_env`).

    from rulespec.adapters import pettingzoo
    env = pettingzoo.env("kiothi", render_mode="ansi")          # any variant or spec path, **params
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The agents are "player_0" (South, who moves first unless the spec says otherwise) and
"player_1" (North). An action is one decision (a move with inner decisions is several steps by
the same agent; an extra turn likewise), numbered 0..n-1 over the decisions the game's rules
can ask (`env.unwrapped.actions.ids[a]` is action a's rulespec id; docs/adapters.md). The observation
is a dict: `observation`, the float32 vector described in rulespec/adapters/observation.py,
seen from the agent, and `action_mask`, int8, 1 for each legal action of the agent to move
(all 0 for the other). `infos[agent]` names the decision asked and the legal actions' strings.
Rewards are given once, at the end: +1, -1, or 0 for a draw.

A spec's opening race (both players choosing their first move at once: a simultaneous node in
the OpenSpiel API) is played in AEC turns without letting either see the other's choice:
player_0 steps first and its action is held back (checked, not applied: the observations do
not change); then player_1 steps, and both actions are applied together
(`State.apply_actions`). `infos[agent]["decision"]` is "simultaneous" at such a node. `max_actions` (default 10,000
decisions) truncates a game that has not ended by then; an illegal action raises
IllegalActionError and changes nothing.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..extras import require_extra

for _module in ("pettingzoo", "gymnasium", "numpy", "PIL"):
    require_extra("pettingzoo", _module, "rulespec.adapters.pettingzoo")

import numpy as np  # noqa: E402 - after the check that names the extra
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv, ParallelEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from rulespec.interpreter.state import as_action

from ..errors import IllegalActionError
from .actions import ActionSpace
from .observation import Encoding
from .picture import board_picture

SIMULTANEOUS = -2
"""current_player() at a simultaneous node (OpenSpiel's kSimultaneousPlayerId)."""
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

    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "is_parallelizable": False, "render_fps": 1}

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
        self.actions = ActionSpace.of(self.game)
        """Actions are indices 0..n-1 of the rulespec ids the game can ask (adapters/actions.py):
        `actions.ids[a]` is action a's rulespec id."""
        n = len(self.actions)
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
        self.held: int | None = None
        """player_0's choice at a simultaneous node, held until player_1 has chosen too."""
        self.agent_selection = AGENTS[self._next_agent()]
        self._update_infos()

    def _next_agent(self) -> int:
        """The player to step: at a simultaneous node, player_0 and then player_1."""
        player = self.state_.current_player()
        if player == SIMULTANEOUS:
            return 0 if self.held is None else 1
        return player

    def _legal(self, player: int) -> list[int]:
        st = self.state_
        if st.is_terminal() or self._next_agent() != player:
            return []
        return st.legal_actions(player) if st.current_player() == SIMULTANEOUS else st.legal_actions()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        flat = np.zeros(self.encoding.size, np.float32)
        player = AGENTS.index(agent)
        self.encoding.fill(self.state_, player, self.encoding.views(flat))
        mask = np.zeros(len(self.actions), np.int8)
        mask[[self.actions.to_index(a) for a in self._legal(player)]] = 1
        return {"observation": flat, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st = self.state_
        index = as_action(action)  # TypeError for 1.5 or True, which int() made action 1
        try:
            action = self.actions.to_action(index)
        except ValueError:
            raise IllegalActionError(index, f"outside the action space 0..{len(self.actions) - 1}",
                                     [str(self.actions.to_index(a)) for a in self._legal(AGENTS.index(agent))]) from None
        if st.current_player() == SIMULTANEOUS and self.held is None:
            if int(action) not in st.legal_actions(0):
                labels = [st.action_to_string(0, a) for a in st.legal_actions(0)]
                raise IllegalActionError(int(action), "not legal for South in the opening race", labels)
            self.held = int(action)
            self.actions_taken += 1
            self._cumulative_rewards[agent] = 0.0
            self.agent_selection = AGENTS[1]
            self._update_infos()
            return
        if st.current_player() == SIMULTANEOUS:
            st.apply_actions([self.held, int(action)])  # IllegalActionError, state unchanged, if not legal
            self.held = None
        else:
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
            self.agent_selection = AGENTS[self._next_agent()]
        self._accumulate_rewards()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def _update_infos(self) -> None:
        """Each agent's info: the legal actions' strings when it is to move (the decision asked)."""
        st = self.state_
        for i, a in enumerate(AGENTS):
            info: dict[str, Any] = {}
            legal = self._legal(i)
            if legal:
                both = st.current_player() == SIMULTANEOUS
                info["legal_moves"] = {self.actions.to_index(act): st.action_to_string(i, act) if st.race is not None
                                       else st.action_to_string(act) for act in legal}
                request = st.pending_request()
                info["decision"] = "simultaneous" if both else request.kind if request is not None else "start"
            self.infos[a] = info

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self.render_mode == "rgb_array":
            return board_picture(self.state_)
        text = str(self.state_)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def parallel_env(variant: str | Path, render_mode: str | None = None, max_actions: int = DEFAULT_MAX_ACTIONS,
                 **params: Any) -> "RulespecParallelEnv":
    """The parallel environment of a variant: both agents choose at once at a simultaneous
    node (the opening race), one agent elsewhere."""
    return RulespecParallelEnv(raw_env(variant, render_mode, max_actions, **params))


class RulespecParallelEnv(ParallelEnv):
    """PettingZoo's parallel API over the AEC environment. Each step takes the actions of the
    agents to act: both at a simultaneous node, else the one to move (`infos[agent]["to_act"]`;
    its action mask is the only non-zero one). Actions given for an agent not to act are
    ignored, so code that sends every live agent an action works; a missing action of an agent
    to act is an error. Observations, rewards and ends are the AEC environment's."""

    def __init__(self, aec: raw_env):
        self.aec = aec
        self.metadata = {**aec.metadata, "is_parallelizable": True}
        self.possible_agents = list(aec.possible_agents)
        self.render_mode = aec.render_mode
        self.actions = aec.actions
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return self._observations(), self._infos()

    def to_act(self) -> list[str]:
        """The agents whose actions the next step needs."""
        st = self.aec.state_
        if st.is_terminal():
            return []
        return list(AGENTS) if st.current_player() == SIMULTANEOUS else [AGENTS[st.current_player()]]

    def step(self, actions: dict[str, int]) -> tuple[dict, dict, dict, dict, dict]:
        acting = self.to_act()
        missing = [a for a in acting if actions.get(a) is None]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, to act now (infos[agent]['to_act'])")
        st = self.aec.state_
        both = st.current_player() == SIMULTANEOUS
        for agent in acting:  # all checked before any is played: an illegal one changes nothing
            player = AGENTS.index(agent)
            legal = st.legal_actions(player) if both else st.legal_actions()
            index = as_action(actions[agent])
            if index not in [self.actions.to_index(a) for a in legal]:
                raise IllegalActionError(index, f"not legal for {agent}",
                                         [str(self.actions.to_index(a)) for a in legal])
        for agent in acting:  # the AEC environment holds player_0's race choice until player_1's
            self.aec.step(actions[agent])
        rewards = {a: float(self.aec.rewards[a]) for a in self.agents}
        terminations = {a: self.aec.terminations[a] for a in self.agents}
        truncations = {a: self.aec.truncations[a] for a in self.agents}
        observations, infos = self._observations(), self._infos()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        """Each agent's observation; at a simultaneous node player_1's mask is shown beside
        player_0's, since both choose in the same step."""
        st = self.aec.state_
        seen = {a: self.aec.observe(a) for a in self.agents}
        if not st.is_terminal() and st.current_player() == SIMULTANEOUS:
            mask = np.zeros(len(self.actions), np.int8)
            mask[[self.actions.to_index(a) for a in st.legal_actions(1)]] = 1
            seen[AGENTS[1]]["action_mask"] = mask
        return seen

    def _infos(self) -> dict[str, dict[str, Any]]:
        acting = self.to_act()
        return {a: {**self.aec.infos.get(a, {}), "to_act": a in acting} for a in self.agents}

    def render(self) -> str | np.ndarray | None:
        return self.aec.render()

    def state(self) -> np.ndarray:
        return self.aec.observe(AGENTS[0])["observation"]

    def close(self) -> None:
        self.aec.close()
