"""`rulespec.pettingzoo`: rulespec games as PettingZoo AEC environments (needs the `pettingzoo`
extra). See rulespec/adapters/pettingzoo.py and docs/adapters.md."""
from .extras import require_extra

for _module in ("pettingzoo", "gymnasium", "numpy"):
    require_extra("pettingzoo", _module, "rulespec.pettingzoo")

from .adapters.pettingzoo import AGENTS, DEFAULT_MAX_ACTIONS, env, raw_env  # noqa: E402

__all__ = ["env", "raw_env", "AGENTS", "DEFAULT_MAX_ACTIONS"]
