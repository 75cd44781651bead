"""The whole variant: one YAML file."""
from __future__ import annotations

from pydantic import Field

from .base import Block, Name
from .board import Board
from .captures import CaptureRule
from .end import EndCondition, Scoring
from .examples import Example
from .identity import Origin, Source
from .marks import MarkRule
from .obligations import Obligations
from .parameters import Parameter
from .setup import Setup
from .sowing import Sowing
from .stages import Stage
from .turn import Turn


class Spec(Block):
    """A mancala variant: identity, parameters and rule blocks."""

    name: str
    """The game's usual name."""
    aliases: list[str] = Field(default_factory=list)
    origin: Origin | None = None
    sources: list[Source] = Field(default_factory=list)
    summary: str | None = None
    """One paragraph: what kind of game this is."""
    history: str | None = None
    notes: list[str] = Field(default_factory=list)
    """Choices the spec makes where sources differ or are silent (shown in the rulebook)."""
    parameters: dict[Name, Parameter] = Field(default_factory=dict)
    board: Board
    setup: Setup
    turn: Turn = Turn()
    sowing: Sowing = Sowing()
    captures: list[CaptureRule] = Field(default_factory=list)
    obligations: Obligations = Obligations()
    marks: dict[Name, MarkRule] = Field(default_factory=dict)
    stages: list[Stage] = Field(default_factory=list)
    end: list[EndCondition] = Field(min_length=1)
    scoring: Scoring = Scoring()
    examples: list[Example] = Field(default_factory=list)
