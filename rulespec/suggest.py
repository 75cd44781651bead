"""Did-you-mean suggestions."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """' (did you mean X?)' for the closest candidate, or '' when none is close. A candidate
    that differs only in case is always close (North's a2 for South's A2)."""
    names = [str(c) for c in candidates]
    for name in names:
        if name.lower() == str(word).lower() and name != word:
            return f" (did you mean {name!r}?)"
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
