"""`rulespec.pettingzoo`: rulespec games as PettingZoo AEC environments (needs the `pettingzoo`
extra). See rulespec/adapters/pettingzoo.py and docs/adapters.md."""
try:
    from .adapters.pettingzoo import AGENTS, DEFAULT_MAX_ACTIONS, env, raw_env
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(f"rulespec.pettingzoo needs PettingZoo: pip install 'rulespec[pettingzoo]' ({exc})") from exc

__all__ = ["env", "raw_env", "AGENTS", "DEFAULT_MAX_ACTIONS"]
