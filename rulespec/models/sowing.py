"""How pieces are spread: what is skipped, stores, laps."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .base import Block
from .conditions import Condition


class Laps(Block):
    """Whether a sowing continues from where it ended."""

    kind: Literal["single", "relay"] = "single"
    """`single`: one lap per move; `relay`: when `when` holds at the landing pit, lift all its
    pieces and sow on from the next pit, in the same direction."""
    when: Condition = Condition(count_before={"min": 1})
    """When a relay lap follows (default: the last piece fell into an occupied pit). With
    `lift: next` it is tested on the pit after the landing pit."""
    lift: Literal["landing", "next"] = "landing"
    """Which pit a relay lap lifts: the `landing` pit, or the `next` pit after it along the
    sowing (the relay then sows on from the pit after that one)."""
    max_laps: int = Field(500, ge=1)
    """A move that would need more laps (sowings, including sowings of captured pieces) than
    this is illegal: it counts as endless."""
    stop_when: Condition | None = None
    """Where a relay would go on, the move ends instead if the landing pit satisfies this.
    Not with `lift: next`, where `when` (on the pit after the landing pit) decides alone."""
    ask_when: Condition | None = None
    """Where a relay would go on, the mover decides whether to go on (`+`) or stop (`-`).
    Not with `lift: next`."""
    seek: bool = False
    """With `lift: next`: the relay passes over empty pits (and stores) to the next pit along
    the sowing that holds pieces, and `when` is tested on that pit; at most once round the
    circuit, never back to the landing pit: if no other pit holds pieces, the move ends. This
    holds for the relay after a capture (`then: relay`) too."""
    reverse: bool = False
    """Each relay lap is sown the other way from the lap before: the move turns back at every
    relay (with `lift: landing`; the relay after a capture, `then: relay`, turns back too)."""


class PassingCapture(Block):
    """A capture made while a lap passes: each pit the lap drops a piece into is tested at once,
    and taken when `when` holds (e.g. a pit reaching four)."""

    name: str
    """A short name, shown in the rulebook and in rule coverage."""
    when: Condition
    """Tested on each pit just after the lap drops a piece into it."""
    by: Literal["mover", "owner"] = "mover"
    """Who takes the pieces into their store: the player sowing, or the owner of the pit."""
    last: Literal["skip", "include"] = "skip"
    """Whether the lap's last pit is tested too (`skip`: it is left to the capture rules)."""


class Sowing(Block):
    """How a lifted handful is sown along the mover's circuit: one piece per pit, or as many as
    `per_pit` says."""

    skip_origin: bool = False
    """The pit the lap started from receives nothing when the lap goes all round."""
    first_into_origin: bool = False
    """The move's first piece goes back into the pit it was lifted from (a pit holding one piece
    moves it on to the next pit instead)."""
    into_own_store: bool = True
    """With stores in the circuit: the mover sows into their own store."""
    into_opponent_store: bool = False
    """With stores in the circuit: the mover sows into the opponent's store."""
    skip: Condition | None = None
    """Pits that receive nothing (for example marked pits)."""
    per_pit: Literal["all"] | Annotated[int, Field(ge=1)] = 1
    """Pieces dropped into each pit in turn: `1`, the usual sowing; a number (`4`: four into
    each pit, the last pit getting what is left); `all`, the whole handful into the next pit.
    Tests of what a pit held before the last drop (`count_before`) take away the whole drop.
    With `sow: anywhere`, each decision puts this many pieces (or all of them) into the pit
    chosen."""
    order: Literal["choice"] | None = None
    """With several kinds of piece: `choice`, the mover decides which kind of piece goes into
    each pit (a decision per pit; identical pieces are one option)."""
    laps: Laps = Laps()
    """Whether a move is one lap or goes on in relay laps."""
    passing: list[PassingCapture] = Field(default_factory=list)
    """Captures made while a lap passes (tried in order at each pit a piece is dropped into)."""
