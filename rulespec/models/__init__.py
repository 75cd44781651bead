"""The spec language: one pydantic model per rule block."""
from .base import Block, Count, CountRange
from .board import Board, Role, Terms
from .captures import (CaptureRule, Chain, ChainSelector, ChooseSelector, PickSelector, Selector, SowDestination, SowFrom,
                       WhereSelector)
from .conditions import Condition, KindCount, PitCount, VariableTest
from .end import EndCondition, Majority, MoveLimit, NoLegalMove, Repetition, ScoreAtLeast, Scoring, SideEmpty, VictoryValue, WhenHolds
from .examples import Example
from .identity import Origin, Source
from .marks import MarkRule
from .obligations import Feeding, Obligations
from .opening import Opening
from .parameters import Parameter
from .setup import PieceKind, Setup
from .rounds import PartPit, Rounds
from .sowing import Laps, PassingCapture, Sowing
from .spec import Spec
from .stages import Stage
from .turn import Lift, MoveKind, Turn
from .variables import Effect, PitOf, Transfer, Variable

__all__ = [name for name in dir() if not name.startswith("_")]
