"""Numbers the game keeps beside the board, the effects that change them and the test on them."""
from __future__ import annotations

from typing import Literal

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


class Effect(Block):
    """On an event, when a condition holds, a variable is set or changed."""

    on: Literal["move_end", "round_start"] = "move_end"
    """`move_end`: after every move (once its captures are made, before the end conditions,
    another turn, the next stage and marks are looked at, which all see the new value);
    `round_start`: when a new round of a game of rounds has been set up."""
    when: Condition | None = None
    """The effect happens only when this holds, tested as `extra_turn` is: on the pit where the
    move ended (at a round's start, on no pit), about the player who moved."""
    set: dict[Name, Value] | None = None
    """Variables given a value."""
    add: dict[Name, int] | None = None
    """Variables changed by a number (negative: taken away; a value never goes below 0)."""
    of: Literal["mover", "opponent", "both"] = "mover"
    """Whose value a player's variable changes: the `mover`'s (at a round's start, the player
    who moves first), the `opponent`'s, or `both`."""

    @model_validator(mode="after")
    def _does_something(self) -> "Effect":
        if not self.set and not self.add:
            raise ValueError("an effect needs `set` or `add`")
        return self
