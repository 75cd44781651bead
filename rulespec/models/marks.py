"""Marks on pits that rules set, clear and test."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .base import Block
from .conditions import Condition


class MarkRule(Block):
    """A named, per-pit flag. Set at setup (`setup.marks`) or after moves; tested with
    `{mark: name}` in any condition."""

    meaning: str
    """The plain-English meaning, for the glossary."""
    cleared_when: list[Literal["lifted", "lifted_all", "emptied", "captured", "captured_this_move",
                               "owner_moved"]] = Field(default_factory=list)
    """Events that remove the mark: pieces are `lifted` from the pit to be sown (`lifted_all`:
    all of them), the pit is found `emptied` after a move, it is `captured` from, its owner's
    move `captured_this_move`, or its owner has made a move (`owner_moved`)."""
    clear_after_move: Condition | None = None
    """After each move, marked pits where this holds lose the mark."""
    set_after_move: Condition | None = None
    """After each move, the pits where this holds get the mark (tested on every pit; `side`
    is from the mover's point of view)."""
    unique: bool = False
    """Set the mark only if exactly one pit satisfies `set_after_move`."""
    suffix: str | None = Field(None, pattern=r"^[*!?#]{1,3}$")
    """Written after a move that sets this mark, instead of its kind's suffix (Bao's `**`, a
    kutakatia)."""
    unless: Condition | None = None
    """Pits chosen by `set_after_move` (after the `unique` test) that satisfy this are not marked."""
    owned: bool = False
    """The mark belongs to a player: the one whose move (or capture) set it. Test the owner with
    `{mark: name, mark_owner: own}`; a position lists it as `name:south` / `name:north`."""
    holds_pit: bool = False
    """While a pit carries this (owned) mark it belongs to the mark's owner, whichever row it
    is on: every rule that asks whose pit it is reads the mark (`side: own`/`opponent`, so the
    pits a player may move from and the captures they make; pieces a lap passes taken by the
    pit's owner; an empty side; pieces left going to their owners; `own_pits` in scores). Set
    by `rounds.to_opponent` (pits changing hands between rounds, Oware Nam-Nam)."""
    sown_to_owner: bool = False
    """Pieces sown into a pit carrying this (owned) mark go straight to the mark's owner's store,
    at the end of each lap (before captures are tested)."""

    @model_validator(mode="after")
    def _owner_needed(self) -> "MarkRule":
        if self.sown_to_owner and not self.owned:
            raise ValueError("sown_to_owner needs an owned mark (owned: true)")
        if self.holds_pit and not self.owned:
            raise ValueError("holds_pit needs an owned mark (owned: true)")
        return self
