"""Typed predicates: the only way a spec states 'when'. Never code, never eval."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .base import Block, Count, Name


PIT_FREE = frozenset({"mover", "origin", "lifted", "lap", "stage", "stock", "stocks", "own_side", "opponent_side",
                      "on_board",
                      "direction", "moves_played", "captured", "move_kind", "count_pits", "in_play",
                      "opponent_can_capture", "can_move", "opponent_can_move", "variable"})
"""Condition keys that look only at the move and the board, never at the pit tested (the
subject)."""


Value = int | Name
"""A variable's value: a number, or one of the names its `values` give."""


class VariableTest(Block):
    """A test on a variable's value."""

    name: Name
    """The variable, by name (declared under `variables`)."""
    of: Literal["mover", "opponent"] = "mover"
    """For a player's variable: the mover's value or the opponent's."""
    is_: Value | list[Value] | None = Field(None, alias="is")
    """The value is this one (or one of these): numbers or the variable's value names."""
    count: Count | None = None
    """The value, as a number, passes this test (e.g. `{min: 2}`)."""

    @model_validator(mode="after")
    def _one_test(self) -> "VariableTest":
        if (self.is_ is None) == (self.count is None):
            raise ValueError("a variable test needs exactly one of `is` or `count`")
        return self


class KindCount(Block):
    """How many pieces of some kinds."""

    kinds: list[str] = Field(min_length=1)
    """The kinds counted, by name."""
    count: Count
    """How many of them there must be."""


class PitCount(Block):
    """How many pits of the board satisfy `where` (each tested as the subject)."""

    where: "Condition"
    """The test each pit must pass."""
    count: Count
    """How many pits must pass it."""


class Condition(Block):
    """A test on a pit (the *subject*, usually the pit where the last piece landed) and the position.

    Every key that is given must hold (they are AND-ed); `all`, `any` and `not` combine
    conditions. Keys about the position (`stage`, `stock`, `lap`...) ignore the subject.
    """

    side: Literal["own", "opponent", "neutral"] | None = None
    """Whose pit the subject is, from the mover's point of view."""
    row: Literal["front", "back", "middle"] | None = None
    """Which of its owner's rows the subject is in (front = the row facing the opponent)."""
    role: str | list[str] | None = None
    """The subject has this named role (or one of these), e.g. a house or an end pit."""
    pit: str | list[str] | None = None
    """The subject is this pit (or one of these), named from its owner's side (e.g. A5)."""
    store: bool | None = None
    """The subject is a store (true) or an ordinary pit (false)."""
    count: Count | None = None
    """Pieces in the subject now."""
    count_before: Count | None = None
    """Pieces in the subject just before the last piece the current lap dropped there (a lap
    longer than the circuit passes a pit twice: what it dropped the first time counts as there)."""
    mark: str | None = None
    """The subject carries this mark."""
    mark_owner: Literal["own", "opponent"] | None = None
    """With `mark` naming an owned mark: the mark belongs to the mover (`own`) or to the opponent."""
    start: bool | None = None
    """The subject is (true) or is not (false) the pit the move started from (e.g. captured
    seeds sown again from the move's origin)."""
    last: bool | None = None
    """The subject is (true) or is not (false) the pit where the last piece of the move (so far) landed."""
    sown: bool | None = None
    """The current lap has (true) or has not (false) dropped a piece into the subject (e.g. "the
    opponent's holes it made hold two, four or six": `{side: opponent, sown: true, count: [2, 4, 6]}`)."""
    sown_by_move: bool | None = None
    """Some lap of the move (so far) has (true) or none has (false) dropped a piece into the
    subject: unlike `sown`, a relay's earlier laps count too (e.g. "every hole the move sowed
    into that now holds four": `{sown_by_move: true, count: 4}` in a capture made at the move's end)."""
    after_last: bool | None = None
    """The subject is (true) or is not (false) the pit after the one where the last piece landed,
    along the move's sowing (e.g. captured pieces sown again from the next pit on)."""
    opposite: Condition | None = None
    """Holds for the pit facing the subject across the board (false if there is none)."""
    column: Condition | None = None
    """Holds for some other pit in the subject's column, across the ranks (e.g. on three ranks:
    `column: {side: opponent, count: {min: 1}}`, an opponent's pit in the same column holds a piece)."""
    behind: Condition | None = None
    """Holds for the pit behind the subject, in its owner's back row (false if none)."""
    mirror: Condition | None = None
    """Holds for the pit with the same name on the other player's side (South's C and North's c)."""
    next: Condition | None = None
    """Holds for the pit after the subject along the mover's circuit, in the move's direction
    (a pit the lap skips is a step too)."""
    previous: Condition | None = None
    """Holds for the pit before the subject along the mover's circuit, in the move's direction
    (a pit the lap skips is a step too, so this is where the lap dropped the piece before the
    subject's only when it skipped none in between; e.g. the last two pits of a lap:
    `last: true, previous: {count: 4}`)."""
    origin: Condition | None = None
    """Holds for the pit the move started from."""
    lifted: Count | None = None
    """Pieces lifted from the starting pit at the start of the move."""
    lap: Count | None = None
    """The number of the current lap (1 for the first sowing of a move)."""
    stage: str | list[str] | None = None
    """The game is in this stage (or one of these)."""
    stock: Count | None = None
    """Pieces the mover still holds in hand (stock)."""
    stocks: Count | None = None
    """Pieces both players hold in hand, together."""
    own_side: Count | None = None
    """Pieces on the mover's pits."""
    opponent_side: Count | None = None
    """Pieces on the opponent's pits."""
    on_board: Count | None = None
    """Pieces in all the pits of the board together (not in stores or hands), e.g.
    `on_board: {max: 4}` for "four or fewer pieces are left"."""
    mover: Literal["south", "north"] | None = None
    """The player moving is South (who moves first unless `turn.first_player` says otherwise)
    or North; between moves, the player to move. For rules that differ between the players,
    e.g. `from: {mover: north, ...}` in a move kind only North may play."""
    direction: Literal["counterclockwise", "clockwise"] | None = None
    """The current move sows in this direction (false while a move's direction is not set yet)."""
    moves_played: Count | None = None
    """Moves completed so far in the game (by both players)."""
    captured: bool | None = None
    """The current move has already captured."""
    move_kind: str | list[str] | None = None
    """The current move is of this kind (or one of these), by the move kind's name."""
    count_pits: PitCount | None = None
    """The number of pits satisfying a condition, e.g. occupied pits in the mover's front row."""
    dropped: str | list[str] | None = None
    """The last piece the current lap dropped into the subject is of this kind (or one of these)."""
    before: KindCount | None = None
    """Pieces of the given kinds in the subject before the last piece the current lap dropped
    there (pieces dropped earlier in the same lap count as already there)."""
    in_play: KindCount | None = None
    """Pieces of the given kinds on the board (in pits, not in stores or hands)."""
    threatened: bool | None = None
    """The mover could capture the subject with the first lap of their next move, were they
    to move again now (a look-ahead over every legal start; in the current stage, or the first
    later stage in which they have a move, as when their stock has run out)."""
    opponent_can_capture: bool | None = None
    """The mover's opponent could capture with the first lap of a legal move, were it their
    turn now (the look-ahead of `threatened`, from the other side): false when they would have
    to play a move that does not capture."""
    can_move: bool | None = None
    """The mover has a legal move, were it their turn again now: tested after a move (in marks,
    `extra_turn` and a stage's `until`; refused elsewhere, where it would look ahead inside a
    move), in the stage the next turn is played in (for `extra_turn` and `until`, the move's own
    stage), by the engine's own legality (feeding, required captures and look-ahead included)."""
    variable: VariableTest | None = None
    """A variable's value (see `variables`), e.g. `variable: {name: direction, is: free}`."""
    opponent_can_move: bool | None = None
    """The mover's opponent has a legal move, were it their turn now (tested as `can_move` is),
    e.g. `extra_turn: {opponent_can_move: false}`: the mover plays again when the opponent
    cannot move."""
    all: list[Condition] | None = None
    """Every one of these holds."""
    any: list[Condition] | None = None
    """At least one of these holds."""
    not_: Condition | None = Field(None, alias="not")
    """This does not hold."""


KindCount.model_rebuild()
PitCount.model_rebuild()
Condition.model_rebuild()
