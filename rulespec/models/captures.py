"""Capture rules: a trigger, what is taken, where it goes."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from .base import Block
from .conditions import Condition


class Chain(Block):
    """Pits taken in a run along the mover's circuit, from the landing pit or the one opposite."""

    start: Literal["landing", "opposite"] = "landing"
    """Where the run starts."""
    skip_first: bool = False
    """The run begins with the pit after the start (the start itself is not part of it)."""
    direction: Literal["backwards", "forwards"] = "backwards"
    """`backwards`: against the sowing direction (towards where the lap came from); a move
    that has not sown yet counts as sowing anticlockwise."""
    while_: Condition = Field(alias="while")
    """Each pit of the run must satisfy this; the run stops at the first that does not."""
    length: int | None = Field(None, ge=1)
    """At most this many pits (left out: as many as the board has slots). A run that comes round
    the circuit to pits it met already takes each pit once."""
    exactly: bool = False
    """With `length`: the run is taken only if it reaches that length, else nothing is."""
    step: int = Field(1, ge=1, le=16)
    """How far apart the pits of the run are along the circuit: 1, each pit after the last;
    2, every other pit (the pit between is passed over and must satisfy `gap`), and so on.
    With `skip_first`, the run begins this far on from the start. With a step over 1 the run
    stops where it comes back to a pit it has taken. Every pit is tested as the board stands
    before the capture."""
    gap: Condition | None = None
    """With `step` over 1: each pit passed over between two pits of the run (and between the
    start and the first, with `skip_first`) must satisfy this, else the run stops there, e.g.
    `{count: 0}` for a run over alternate empty and occupied pits."""

    with_opposite: bool = False
    """Each pit of the run is taken together with the pit facing it across the board (where
    there is one), e.g. a run of twos and fours each taken with the hole opposite."""

    @model_validator(mode="after")
    def _gap_needs_step(self) -> "Chain":
        if self.gap is not None and self.step < 2:
            raise ValueError("a chain's gap is tested on the pits passed over between two of its pits: "
                             "it needs a step of 2 or more")
        return self


class ChainSelector(Block):
    """Take a run of pits: `{chain: {direction, while}}`."""

    chain: Chain
    """The run's direction and the test each pit must pass."""


class ChooseSelector(Block):
    """The mover picks pits to take (a decision)."""

    class Choose(Block):
        count: int = Field(1, ge=0)
        """How many pits the mover picks (fewer if fewer qualify)."""
        from_: Condition = Field(Condition(side="opponent", count={"min": 1}), alias="from")
        """Which pits may be picked."""
        optional: bool = False
        """The mover may pick fewer, or none (`-` stops picking; a move written without further
        picks stops there)."""

    choose: Choose
    """How many pits, and which may be picked."""


class WhereSelector(Block):
    """Take every pit of the board where a condition holds: `{where: {count: [2, 4, 6]}}`."""

    where: Condition
    """Tested on each pit (not the stores) from the mover's point of view, all before any is
    taken, e.g. every hole holding two, four or six once the lap is over."""


def _selector_tag(value: Any) -> str | None:
    if isinstance(value, str):
        return "pit"
    if isinstance(value, (ChainSelector, ChooseSelector, PickSelector, WhereSelector)):
        return {ChainSelector: "chain", ChooseSelector: "choose", PickSelector: "pick",
                WhereSelector: "where"}[type(value)]
    if isinstance(value, dict):
        for tag in ("chain", "choose", "pick", "where"):
            if tag in value:
                return tag
    return None


class PickSelector(Block):
    """The mover picks pieces one at a time: `count` of them, or one for each pit of a chain."""

    class Pick(Block):
        count: int | None = Field(None, ge=1)
        """How many pieces (or give `per_pit_of`)."""
        per_pit_of: Chain | None = None
        """One piece for each pit of this chain (from the landing pit)."""
        kinds: list[str] = Field(min_length=1)
        """The kinds that may be picked."""
        from_: Condition = Field(Condition(side="opponent"), alias="from")
        """The pits pieces may be picked from."""
        or_opponent_store: bool = False
        """When no such pit holds one, pick from the opponent's store instead."""

        @model_validator(mode="after")
        def _how_many(self) -> "PickSelector.Pick":
            if (self.count is None) == (self.per_pit_of is None):
                raise ValueError("a pick needs either count (how many pieces) or per_pit_of (one per pit "
                                 "of a chain), not both or neither")
            return self

    pick: Pick
    """What the mover picks."""


Selector = Annotated[
    Annotated[Literal["landing", "opposite", "behind_opposite", "opponent_column"], Tag("pit")]
    | Annotated[ChainSelector, Tag("chain")]
    | Annotated[ChooseSelector, Tag("choose")]
    | Annotated[PickSelector, Tag("pick")]
    | Annotated[WhereSelector, Tag("where")],
    Discriminator(
        _selector_tag,
        custom_error_type="selector",
        custom_error_message="expected landing, opposite, behind_opposite, opponent_column, {chain: ...}, {choose: ...}, "
                             "{pick: ...} or {where: ...}",
    ),
]
"""What a capture takes: the `landing` pit, the `opposite` pit, the pit behind the opposite
one, a `chain`, pits the mover will `choose`, or every pit `where` a condition holds."""


class SowFrom(Block):
    """Captured pieces are sown again on the mover's side, starting in an entry pit (the first
    piece goes into the entry itself), and the move goes on from where they end."""

    entry: Condition
    """The mover's pits captured pieces may be sown from (e.g. the ends of the front row)."""
    nearest_when: Condition | None = None
    """If the capturing pit satisfies this, the entry nearest to it must be used."""
    keep_direction: bool = True
    """When the move already has a direction, use the entry from which sowing runs in it."""
    turn: bool = True
    """The entry sets the direction: sowing runs away from a row end along the row, which can
    reverse the move (Bao). False: the move keeps its direction whatever the entry."""
    direction: Literal["counterclockwise", "clockwise"] | None = None
    """Sow the captured pieces in this direction whatever the move's, and go on in it (e.g.
    Omweso's reverse captures, whose seeds are sown back the usual way); none: the direction
    is the move's, or the entry's (see `turn`)."""


class SowDestination(Block):
    """`to: {sow: {...}}`."""

    sow: SowFrom
    """Where the captured pieces are sown from."""


class CaptureRule(Block):
    """Taken when the last piece of a lap lands where `when` holds (or once the move is over,
    with `at: move_end`). Rules are tried in order; the first that applies is used."""

    name: str
    """A short name, shown in the rulebook and in rule coverage."""
    when: Condition
    """Tested on the pit where the last piece landed."""
    take: list[Selector]
    """The pits emptied by the capture, in order (`[]` with `mark`: the capture takes the pit
    itself, not its pieces): `landing`, the pit where the lap ended; `opposite`, the pit facing
    it; `behind_opposite`, the pit behind that one; `opponent_column`, every pit of the
    opponent's in the landing pit's column across the ranks (three ranks); or a chain, choice
    or pick."""
    pieces: Literal["all", "capturable"] = "all"
    """Which pieces of the taken pits are taken: `all`, or only the kinds that are capturable."""
    by: Literal["mover", "opponent", "owner"] = "mover"
    """Who makes the capture: the `mover`, or their `opponent` (the captured pieces go to the
    opponent's store, e.g. "a lap ending in an empty hole of the opponent's lets the opponent
    take the hole facing it"), or each taken pit's `owner` (the player who holds it now: its
    pieces go to that player's store, e.g. "holes of four are taken by the owner of the row
    they are in"; only `to: store`)."""
    at: Literal["lap_end", "move_end"] = "lap_end"
    """When the rule is tried: at the end of each lap (`lap_end`, where the last piece
    landed), or once, when the move is over (`move_end`: after its last lap and that lap's
    capture, still tested on the pit where the move ended; the move then ends whatever
    `then` says), e.g. "at the end of sowing, every hole of four is taken by its owner".
    The lap-end rules and the move-end rules are each tried in order, the first that applies
    being used."""
    to: Literal["store", "removed", "landing"] | SowDestination = "store"
    """Where captured pieces go: the mover's `store`, `removed` from play, into the `landing`
    pit (where the lap ended: pieces moved across, e.g. with `most: 1`, Layli Goobalay's uur),
    or `{sow: ...}` back onto the mover's side (the move then goes on); with `by: opponent`,
    only `store` or `removed`."""
    grand_slam: Literal["allowed", "forfeit"] = "allowed"
    """`forfeit`: a capture that would take every piece on the opponent's side takes nothing."""
    enabled: bool = True
    """Set to false (usually through a parameter) to switch the rule off."""
    mark: str | None = None
    """After the capture, the landing pit gets this mark (owned by the mover, for an owned mark),
    e.g. Toguz Korgool's tuzdyk."""
    then: Literal["end", "relay", "carry", "next_pit"] = "end"
    """After a capture into the store or out of play: the move `end`s, or goes on as after a lap
    (`relay`): the last pit taken counts as the landing pit for the sowing's relay rule (with
    `laps.lift: next`, the move goes on from the pit after it when that pit holds pieces), or
    the piece that made the capture is lifted from the landing pit and sown on into the next pit
    (`carry`), a new lap of one piece (Abalala'e), or the pieces of the pit after the last pit
    taken are lifted and sown on from there (`next_pit`), a new lap, whatever the relay rule
    says (the move ends if that pit is empty), e.g. "the player picks up the counters in the
    next hole after the one captured and continues sowing"."""
    seek: bool = False
    """With `then: relay` and the sowing's `laps.lift: next`: after this capture the move goes
    on from the next pit after the last pit taken that holds pieces, passing over empty pits
    (as `laps.seek` does for every relay, here only after this capture); e.g. "the mover goes
    on from the next cup containing seeds"."""
    most: int | None = Field(None, ge=1)
    """Take at most this many pieces from each pit taken (the rest stay), e.g. two from an
    opponent's owned pit (Gabata); none: all of them."""
    optional: bool = False
    """The mover may decline the capture when `when` holds (a decision: `+` take it, `-` leave
    it; a move written without either takes it). Declined, the rules after it are tried as if
    this one had not held."""
