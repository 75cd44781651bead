"""How pieces are spread: what is skipped, stores, laps."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import Block
from .conditions import Condition


class Laps(Block):
    """Whether a sowing continues from where it ended."""

    kind: Literal["single", "relay"] = "single"
    """`single`: one lap per move; `relay`: when `when` holds at the landing pit, lift all its
    pieces and sow on from the next pit, in the same direction."""
    when: Condition = Condition(count_before={"min": 1})
    """When a relay lap follows (default: the last piece fell into an occupied pit)."""
    max_laps: int = Field(500, ge=1)
    """A move that would need more laps (sowings, including sowings of captured pieces) than
    this is illegal: it counts as endless."""
    stop_when: Condition | None = None
    """Where a relay would go on, the move ends instead if the landing pit satisfies this."""
    ask_when: Condition | None = None
    """Where a relay would go on, the mover decides whether to go on (`+`) or stop (`-`)."""


class Sowing(Block):
    """How a lifted handful is sown, one piece per pit, along the mover's circuit."""

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
    order: Literal["choice"] | None = None
    """With several kinds of piece: `choice`, the mover decides which kind of piece goes into
    each pit (a decision per pit; identical pieces are one option)."""
    laps: Laps = Laps()
    """Whether a move is one lap or goes on in relay laps."""
