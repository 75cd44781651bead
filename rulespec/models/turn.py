"""Who moves, from where, and in which direction."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .base import Block
from .conditions import Condition


class Lift(Block):
    """How a move takes its pieces: first drop `from_stock` pieces from the mover's stock into
    the chosen pit, then take `take` of its pieces to sow (`all`, a number, or `none`: the
    pit itself is then treated as where a lap just ended)."""

    from_stock: int = Field(0, ge=0)
    """Pieces dropped from the mover's stock into the chosen pit first."""
    take: Literal["all", "none", "any"] | Annotated[int, Field(ge=1)] = "all"
    """Pieces then lifted from the pit to sow: `all`, a number, `any` (the mover decides how
    many, from one to all: a decision), or `none`."""
    more_pits: int = Field(0, ge=0)
    """After the first pit, the mover may lift all the pieces of up to this many more of their
    own pits too (each a decision, which the mover may decline)."""


class MoveKind(Block):
    """One way of starting a move. A turn offers the kinds in order and uses the first one
    that has a legal start (so earlier kinds have priority)."""

    name: str = "move"
    """A short name (shown in the rulebook and notation)."""
    from_: Condition = Field(Condition(side="own", count={"min": 1}), alias="from")
    """Which pits may start the move (tested on each candidate pit). With `store: true` the
    candidates are the stores in the circuit instead (a store sown as a move, with `board.stores:
    in_circuit`; stores beside the board are never a start), e.g. `{side: own, store: true, count: {min: 13}}`."""
    lift: Literal["all", "one_from_stock"] | Lift = "all"
    """`all`: lift every piece from the pit; `one_from_stock`: drop one piece from the
    mover's stock into the pit and treat the pit as where a lap ended; or a {from_stock, take}."""
    sow: Literal["circuit", "anywhere"] = "circuit"
    """`circuit`: sow one by one along the circuit; `anywhere`: the mover puts each lifted piece
    into any pit of the board, one decision per piece (a free redistribution; no laps or
    captures follow)."""
    into: Condition | None = None
    """With `sow: anywhere`: only pits where this holds may receive a piece (e.g. `{side: own}`:
    the mover's own pits). It may test only what a pit is and where it lies (`side`, `row`,
    `role`, `pit`, `store`, `start`, and `opposite`, `mirror`, `behind`, `origin`, `all`, `any`,
    `not` of those: `{not: {opposite: {start: true}}}`, any pit but the one facing the start),
    never what a pit holds: every piece always has a pit to go to.
    Left out: any pit of the board. An arrangement before play is a first stage whose move drops
    the player's whole stock into one fixed pit and places it, `from: {side: own, pit: A1}`,
    `lift: {from_stock: N}`, `into: {side: own}`, lasting `until: {stocks: 0}`: the players
    arrange in turn, each seeing the arrangements made before theirs (the game has no hidden
    information), and the first player then makes the first move of play."""
    direction: Literal["counterclockwise", "clockwise", "choice", "later"] = "counterclockwise"
    """The sowing direction; `choice`: the mover decides (a separate decision) before sowing;
    `later`: set by the first capture that sows from an entry pit, or asked when first needed."""
    captures: bool = True
    """Whether this kind of move may capture at all."""
    require_capture: bool | Literal["first_lap"] = False
    """Only starts whose move captures are legal under this kind (`first_lap`: the first lap
    itself must end in a capture). Must capture if you can."""
    require: Condition | None = None
    """Tested on the pit where the first lap ends: only starts where it holds are legal."""
    require_after: Condition | None = None
    """Tested once the move is over (its captures made), on the pit where it ended, from the
    mover's point of view: only starts after which it holds are legal, e.g. `{opponent_side:
    {min: 1}}`: a move may not take every piece the opponent has."""
    suffix: str | None = Field(None, pattern=r"^[*!?#]{1,3}$")
    """Written after a move of this kind in the game's notation (Bao's `*`, a kutakata). A move
    written with a suffix must be one it belongs to; without one it is read all the same."""


class Turn(Block):
    """The shape of a turn."""

    first_player: Literal["south", "north"] = "south"
    """Who makes the first move."""
    moves: list[MoveKind] = Field(default_factory=lambda: [MoveKind()], min_length=1)
    """The ways a move may start, in priority order."""
    offer: Literal["first", "all"] = "first"
    """`first`: the first move kind with a legal start is the only one offered (priorities, e.g.
    must capture); `all`: every kind's legal starts are offered together (choices). A pit two
    kinds start from in the same direction takes the earlier kind; in different directions
    the mover picks the direction."""
    extra_turn: Condition | None = None
    """When the move ends on a pit where this holds, the mover moves again."""
    no_move: Literal["end", "pass"] = "end"
    """What happens when the player to move has no legal move: the game `end`s (see `end`;
    `no_legal_move` says how), or the player must `pass` and the opponent moves again (the
    game ends only when neither player can move)."""
