"""Named values the rest of the spec refers to as `$name`, overridable at load time."""
from __future__ import annotations

import re
import reprlib

from pydantic import Field, model_validator

from .base import Block


PARAMETER_BOUND = 2**31 - 1
"""How large a number parameter may be, either way: every tool (OpenSpiel's parameters, the
move kernel) holds it in 32 bits, and a board or a count of seeds is far smaller."""
INTEGER = re.compile(r"-?[0-9]{1,18}")
"""A whole number as text: ASCII digits, short enough to stay far from int()'s digit limit."""


class Parameter(Block):
    """A named integer, flag or choice with a default; written `$name` elsewhere in the spec."""

    doc: str
    """What the parameter means, in a sentence (shown in the rulebook and `rulespec show`)."""
    default: int | bool | str
    """The value used when the loader is not given one."""
    min: int | None = Field(None, ge=-PARAMETER_BOUND, le=PARAMETER_BOUND)
    """Smallest allowed value (integers only)."""
    max: int | None = Field(None, ge=-PARAMETER_BOUND, le=PARAMETER_BOUND)
    """Largest allowed value (integers only)."""
    even: bool = False
    """Only even values are allowed (integers only)."""
    choices: list[str] | None = None
    """The allowed values of a choice parameter."""
    random_play: int | bool | str | None = None
    """The value that tools playing many random games use (fuzz campaigns, the property tests,
    benchmarks), for an option under which random games may never end: e.g. a cap of three on
    a game of rounds that the rules leave uncapped."""

    @model_validator(mode="after")
    def _choices_are_text(self) -> "Parameter":
        if self.choices is not None and not isinstance(self.default, str):
            raise ValueError(f"a parameter with choices takes one of them as its default "
                             f"({', '.join(self.choices)}), not {self.default!r}")
        return self

    @model_validator(mode="after")
    def _random_play_is_allowed(self) -> "Parameter":
        if self.random_play is not None:
            try:
                self.check(self.random_play)
            except ValueError as exc:
                raise ValueError(f"random_play: {exc}") from None
        return self

    def parse(self, raw: str) -> int | bool | str:
        """A value typed as text (a web form's field), as this parameter's type when it reads
        as one: ASCII digits for a number ('²' is a digit to str.isdigit), true/false for a flag.
        Anything else stays text, for check() to refuse with a message."""
        if isinstance(self.default, bool) and raw.lower() in ("true", "false"):
            return raw.lower() == "true"
        if isinstance(self.default, int) and not isinstance(self.default, bool) and INTEGER.fullmatch(raw):
            return int(raw)
        return raw

    def check(self, value: int | bool | str) -> None:
        """Raise ValueError if `value` is not allowed for this parameter."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"expected true or false, got {reprlib.repr(value)}")
            return
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"expected a whole number, got {reprlib.repr(value)}")
            if abs(value) > PARAMETER_BOUND:
                raise ValueError(f"{reprlib.repr(value)} is not a parameter's size: at most {PARAMETER_BOUND} "
                                 f"either way")
            if self.min is not None and value < self.min:
                raise ValueError(f"{reprlib.repr(value)} is below the minimum {self.min}")
            if self.max is not None and value > self.max:
                raise ValueError(f"{reprlib.repr(value)} is above the maximum {self.max}")
            if self.even and value % 2:
                raise ValueError(f"{reprlib.repr(value)} is not even")
            return
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"{reprlib.repr(value)} is not one of {', '.join(map(str, self.choices))}")
