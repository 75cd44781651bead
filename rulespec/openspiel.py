"""`rulespec.openspiel`: register rulespec games with OpenSpiel (needs the `openspiel` extra).
See rulespec/adapters/openspiel.py and docs/adapters.md."""
from .extras import require_extra

require_extra("openspiel", "pyspiel", "rulespec.openspiel")
require_extra("openspiel", "numpy", "rulespec.openspiel")

from .adapters.openspiel import (DEFAULT_MAX_GAME_LENGTH, RulespecGame, RulespecState,  # noqa: E402
                                 register, register_file, short_name)

__all__ = ["register", "register_file", "short_name", "RulespecGame", "RulespecState",
           "DEFAULT_MAX_GAME_LENGTH"]
