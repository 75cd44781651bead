"""`rulespec.openspiel`: register rulespec games with OpenSpiel (needs the `openspiel` extra).
See rulespec/adapters/openspiel.py and docs/adapters.md."""
from .adapters.openspiel import (DEFAULT_MAX_GAME_LENGTH, RulespecGame, RulespecState, register,
                                 register_file, short_name)

__all__ = ["register", "register_file", "short_name", "RulespecGame", "RulespecState",
           "DEFAULT_MAX_GAME_LENGTH"]
