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
from .opening import Opening
from .parameters import Parameter
from .rounds import Rounds
from .setup import Setup
from .sowing import Sowing
from .stages import Stage
from .turn import Turn
from .variables import Effect, Variable


class Spec(Block):
    """A mancala variant: identity, parameters and rule blocks."""

    name: str
    """The game's usual name."""
    extends: str | None = None
    """A variant this one is a member of the family of: a shipped variant's name or a .yaml file
    (relative to this one). Its blocks are inherited; this file gives only what differs
    (mappings merge key by key, lists and values replace, `null` removes a key; `name`,
    `aliases`, `examples` and `editor_notes` are never inherited)."""
    aliases: list[str] = Field(default_factory=list)
    """Other names the game is known by."""
    origin: Origin | None = None
    """Where and by whom it is played."""
    sources: list[Source] = Field(default_factory=list)
    """The documents the rules come from."""
    summary: str | None = None
    """One paragraph: what kind of game this is."""
    history: str | None = None
    """Prose for the rulebook: where the game comes from."""
    notes: list[str] = Field(default_factory=list)
    """For players: where the sources differ or are silent, the rule played and, briefly, the
    alternative, in the game's own terms (the rulebook's "Sources and choices")."""
    editor_notes: list[str] = Field(default_factory=list)
    """For the spec's editors, never in the rules a player reads: what mutation testing found,
    option keys, bounds set for automated play, how the spec language expresses a rule,
    problems in the source texts (the rulebook's final "Notes for editors")."""
    parameters: dict[Name, Parameter] = Field(default_factory=dict)
    """Named values written `$name` elsewhere; overridable at load time."""
    board: Board
    """Ranks, pits, stores, names and roles."""
    setup: Setup
    """The starting position."""
    turn: Turn = Turn()
    """Who moves first and the ways a move may start."""
    sowing: Sowing = Sowing()
    """How lifted pieces are spread."""
    captures: list[CaptureRule] = Field(default_factory=list)
    """Capture rules, tried in order where the last piece of a lap lands."""
    obligations: Obligations = Obligations()
    """Duties towards the opponent (feeding)."""
    marks: dict[Name, MarkRule] = Field(default_factory=dict)
    """Per-pit marks that rules set, clear and test."""
    variables: dict[Name, Variable] = Field(default_factory=dict)
    """Numbers the game keeps beside the board (for the whole game or per player), by name:
    set by `effects`, tested by the `variable` condition."""
    effects: list[Effect] = Field(default_factory=list)
    """What changes the variables, on which event, in this order."""
    opening: Opening | None = None
    """A simultaneous first move (a sowing race by both players at once); none: the first
    player makes the first move alone."""
    stages: list[Stage] = Field(default_factory=list)
    """Phases with their own rules, in order (none: one stage)."""
    end: list[EndCondition] = Field(min_length=1)
    """When the game ends, checked in order after every move."""
    rounds: Rounds | None = None
    """Several rounds: the end conditions end a round, the pits are refilled from the stores and
    the game goes on until a player cannot fill a pit (none: one round is the game)."""
    scoring: Scoring = Scoring()
    """What a score counts."""
    examples: list[Example] = Field(default_factory=list)
    """Worked examples: rulebook illustrations and regression tests."""
