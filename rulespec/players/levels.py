"""Named strengths for people choosing an opponent: `easy`, `medium` and `hard`, each a
player spec that `make_player` reads (`make_player("medium")`). The terminal player and the
web app offer these names; the specs behind them are the measured choice (docs/analysis.md, "Players")."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    spec: str
    """The player spec make_player builds for this level."""
    description: str
    """What the level does, in a phrase fit for a menu."""


LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("easy", "greedy", "looks one move ahead"),
    Level("medium", "mcts:0.5s", "searches half a second a move"),
    Level("hard", "mcts:2s", "searches two seconds a move"),
)}
"""The levels, weakest first."""

DEFAULT_LEVEL = "medium"
"""The level `rulespec play` and `rulespec analyze` use unless told otherwise."""


def level_spec(name: str) -> str | None:
    """The player spec behind a level's name (any case), or None if it names no level."""
    level = LEVELS.get(name.strip().lower())
    return level.spec if level else None
