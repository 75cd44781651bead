"""The generic engine: plays any validated spec. No game is named here."""
from .game import Game
from rulespec.errors import EndlessMove
from .snapshot import PositionError
from .state import State

__all__ = ["Game", "State", "EndlessMove", "PositionError"]
