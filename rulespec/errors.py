"""The few exceptions rulespec raises, each carrying the offending input."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One located problem in a spec file (line and column are 1-based)."""

    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"

    def with_source(self, text: str) -> str:
        """The problem, then the offending source line with a caret under the column."""
        lines = text.splitlines()
        if not 1 <= self.line <= len(lines):
            return str(self)
        src = lines[self.line - 1]
        return f"{self}\n    {src}\n    {' ' * (self.col - 1)}^"


class RulespecError(Exception):
    """Base class of every error rulespec raises on purpose."""


class SpecError(RulespecError):
    """A spec file is invalid. `problems` lists every problem found, in file order."""

    def __init__(self, problems: list[Problem]):
        from .limits import MAX_PROBLEMS

        ordered = sorted(problems, key=lambda p: (p.path, p.line, p.col))
        if len(ordered) > MAX_PROBLEMS:
            rest = ordered[MAX_PROBLEMS]
            ordered = ordered[:MAX_PROBLEMS] + [Problem(rest.path, rest.line, rest.col,
                                                        f"... and {len(problems) - MAX_PROBLEMS} more problems "
                                                        f"(the first {MAX_PROBLEMS} are shown)")]
        self.problems = ordered
        super().__init__("\n".join(map(str, self.problems)))


class UnknownVariantError(RulespecError):
    """No shipped variant has this name and no file has this path."""

    def __init__(self, name: str, suggestion: str | None, known: list[str]):
        self.name = name
        hint = f" (did you mean {suggestion!r}?)" if suggestion else ""
        super().__init__(f"unknown variant {name!r}{hint}; shipped variants: {', '.join(known)}")


class ParameterError(RulespecError):
    """A parameter given at load time is unknown or out of bounds."""


class IllegalActionError(RulespecError, ValueError):
    """An action that is not legal in this state. The state is left unchanged."""

    def __init__(self, action: object, reason: str, legal: list[str]):
        self.action = action
        self.legal = legal
        super().__init__(f"illegal action {action!r}: {reason}; legal: {', '.join(legal) or 'none'}")


class NotationError(RulespecError, ValueError):
    """A move string that does not parse in the game's notation."""


class EndlessMove(RulespecError):
    """A move needed more laps than the spec's bound allows, or had nowhere to sow."""


class LimitError(RulespecError):
    """An input or a search that goes past one of rulespec's bounds (docs/limits.md)."""
