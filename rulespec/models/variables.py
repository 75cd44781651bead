"""Numbers the game keeps beside the board, the effects that change them or move pieces, and
the test on them."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Block, Name
from .conditions import Condition, Value


class Variable(Block):
    """A number the game keeps for the whole game (or one for each player), beside the board:
    what the first move chose, a round counter, whether a player has made a move that is
    allowed once. Effects change it; the `variable` condition tests it. It starts at `initial`
    and is never negative."""

    meaning: str
    """What it is, as a noun phrase for the rulebook (e.g. `sowing direction`): said as "your
    sowing direction" for a player's variable, "the round number" for the game's."""
    per: Literal["game", "player"] = "game"
    """One value for the whole `game`, or one for each `player` (tested as the mover's or the
    opponent's)."""
    values: list[Name] | None = None
    """Names for the values 0, 1, 2... in order (e.g. `[free, counterclockwise, clockwise]`):
    effects and conditions may then use the names, and the rulebook says them."""
    initial: Value = 0
    """The value at the start of the game."""

    @model_validator(mode="after")
    def _initial_known(self) -> "Variable":
        self.value_of(self.initial)
        return self

    def value_of(self, value: Value) -> int:
        """The number a value stands for; ValueError for a name it does not give."""
        if isinstance(value, int):
            if value < 0:
                raise ValueError(f"a variable's value is never negative, not {value}")
            return value
        if not self.values or value not in self.values:
            named = f"its values are {', '.join(self.values)}" if self.values else "it names no values"
            raise ValueError(f"{value!r} is no value of this variable ({named})")
        return self.values.index(value)

    def name_of(self, number: int) -> int | str:
        """The name of a number where `values` gives one."""
        return self.values[number] if self.values and 0 <= number < len(self.values) else number


class PitOf(Block):
    """A pit named from one player's side: `{pit: A1, side: opponent}`."""

    pit: str
    """The pit's label, as its owner names it (see the board's notation)."""
    side: Literal["own", "opponent"] = "own"
    """Whose pit: the performer's (`own`) or the opponent's."""


Place = Annotated[str, Field(min_length=1)] | PitOf
"""A pit label from the performer's side (A1), a `{pit, side}`, or a word the field allows."""


class Transfer(Block):
    """One prescribed step of moving pieces by hand, outside any sowing: `take` pieces from
    one place, all put into another. A list of them writes a stylised opening (the counters
    gathered into every other hole, one held in hand and dropped at the end, a hole emptied
    into the store). Steps are done by the performer (see the effect's `of`), pits are named
    from the performer's side, and `next` follows the performer's anticlockwise path."""

    from_: Place = Field(alias="from")
    """Where the pieces come from: a pit; `next`, the pit after the last pit this effect
    touched (the one it put pieces into, or took them from when they went to the hand, the
    store or off the board); or `hand`, every piece the performer holds from earlier steps."""
    take: Literal["all"] | Annotated[int, Field(ge=1)] = "all"
    """How many pieces to take (`all`, or a number: fewer if the pit has fewer). From the hand,
    always all."""
    to: Place
    """Where they go: a pit; `next`, the pit after the one they came from (from the hand: after
    the last pit touched); `opposite`, the pit facing the one they came from; `hand`, kept in
    the performer's hand for a later step; `store`, the performer's store (a capture); `off`,
    off the board (removed from the game)."""
    times: int = Field(1, ge=1, le=256)
    """How many times the step is done, each time from the pit after the last one touched
    (so `from: next` walks round the board)."""
    mark: Name | None = None
    """A mark the receiving pit gets (an owned mark: the performer's), e.g. a hole that
    becomes the performer's weg."""


class Effect(Block):
    """On an event, when a condition holds, variables are set or changed and pieces moved."""

    on: Literal["game_start", "round_start", "move_end"] | list[
        Literal["game_start", "round_start", "move_end"]] = "move_end"
    """`game_start`: once, before the first move (before an opening race); `round_start`: when
    a new round of a game of rounds has been set up (not the first); `move_end`: after every
    move (once its captures are made, before the end conditions, another turn, the next stage
    and marks are looked at, which all see the new value); or a list of these."""
    when: Condition | None = None
    """The effect happens only when this holds, tested as `extra_turn` is: on the pit where the
    move ended (at a round's start, on no pit), about the player who moved."""
    set: dict[Name, Value] | None = None
    """Variables given a value."""
    add: dict[Name, int] | None = None
    """Variables changed by a number (negative: taken away; a value never goes below 0)."""
    transfer: list[Transfer] | None = None
    """Pieces moved by hand, step by step (before the variables change), by the player `of`
    names (`both`: the mover, then the opponent)."""
    of: Literal["mover", "opponent", "both"] = "mover"
    """Whose value a player's variable changes, and who moves the pieces: the `mover`'s (at
    the game's or a round's start, the player who moves first), the `opponent`'s, or `both`."""

    @model_validator(mode="after")
    def _does_something(self) -> "Effect":
        if not self.set and not self.add and not self.transfer:
            raise ValueError("an effect needs `set`, `add` or `transfer`")
        return self

    @property
    def events(self) -> list[str]:
        """The events it happens on."""
        return list(self.on) if isinstance(self.on, list) else [self.on]
