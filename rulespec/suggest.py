"""Did-you-mean suggestions."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

SYNONYMS = {
    "anticlockwise": "counterclockwise", "anti-clockwise": "counterclockwise",
    "anti_clockwise": "counterclockwise", "counter-clockwise": "counterclockwise",
    "counter_clockwise": "counterclockwise", "ccw": "counterclockwise", "cw": "clockwise",
    "inner": "front", "outer": "back", "inside": "front", "outside": "back",
    "hole": "pit", "holes": "pits", "cup": "pit", "cups": "pits", "house": "pit", "houses": "pits",
    "kalah": "store", "treasury": "store", "granary": "store",
    "seeds": "pieces", "stones": "pieces", "counters": "pieces",
}
"""Words the sources use for what rulespec names otherwise: suggested when the rulespec word
is one of the candidates (difflib alone offers 'clockwise' for 'anticlockwise')."""


def _words(name: str) -> list[str]:
    return sorted(w for w in re.split(r"[_\-\s]+", name.lower()) if w)


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """' (did you mean X?)' for the closest candidate, or '' when none is close. A candidate
    that differs only in case is always close (North's a2 for South's A2); so are the sources'
    words for a rulespec term ('anticlockwise', 'inner') and the same words in another order
    ('opposite_behind' for 'behind_opposite')."""
    names = [str(c) for c in candidates]
    text = str(word)
    for name in names:
        if name.lower() == text.lower() and name != text:
            return f" (did you mean {name!r}?)"
    synonym = SYNONYMS.get(text.lower())
    if synonym in names:
        return f" (did you mean {synonym!r}?)"
    for name in names:
        if len(_words(text)) > 1 and _words(name) == _words(text):
            return f" (did you mean {name!r}?)"
    close = difflib.get_close_matches(text, names, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
