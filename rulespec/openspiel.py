"""`rulespec.openspiel`: register rulespec games with OpenSpiel (needs the `openspiel` extra).
See rulespec/adapters/openspiel.py and docs/adapters.md."""
try:
    from .adapters.openspiel import (DEFAULT_MAX_GAME_LENGTH, RulespecGame, RulespecState, register,
                                     register_file, short_name)
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(f"rulespec.openspiel needs OpenSpiel: pip install 'rulespec[openspiel]' ({exc})") from exc

__all__ = ["register", "register_file", "short_name", "RulespecGame", "RulespecState",
           "DEFAULT_MAX_GAME_LENGTH"]
