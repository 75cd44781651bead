"""`rulespec.pettingzoo`: rulespec games as PettingZoo AEC environments (needs the `pettingzoo`
extra). See rulespec/adapters/pettingzoo.py and docs/adapters.md."""
from .adapters.pettingzoo import AGENTS, DEFAULT_MAX_ACTIONS, env, raw_env

__all__ = ["env", "raw_env", "AGENTS", "DEFAULT_MAX_ACTIONS"]
