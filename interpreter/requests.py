"""The decisions a mover makes inside a move: a Request and the makers of each kind, each
option written as the sources write it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .geometry import CCW, NONE


class Request:
    """A decision the mover must make before the move can go on."""

    __slots__ = ("kind", "options", "_labels", "default", "in_hand", "hand_kinds")

    def __init__(self, kind: str, options: list[int], labels: list[str] | Callable[[], list[str]],
                 default: int | None = None, in_hand: int = 0, hand_kinds: list[int] | None = None):
        self.kind = kind
        """'direction', 'entry', 'relay', 'pit', 'place' or 'count'."""
        if any(a > b for a, b in zip(options, options[1:])):
            order = sorted(range(len(options)), key=options.__getitem__)
            options = [options[i] for i in order]
            given = labels
            labels = (lambda: [given()[i] for i in order]) if callable(given) else [given[i] for i in order]
        self.options = options
        """The legal action ids, sorted."""
        self._labels = labels
        self.default = default
        """The option taken when a move written in notation ends before this decision."""
        self.in_hand = in_hand
        """Pieces the mover holds (lifted, not yet sown) while deciding."""
        self.hand_kinds = hand_kinds
        """With several kinds of piece: those pieces by kind."""

    def restrict(self, keep: list[int]) -> "Request":
        """The same decision with only the options in `keep`."""
        index = [i for i, a in enumerate(self.options) if a in keep]
        labels = self.labels
        return Request(self.kind, [self.options[i] for i in index], [labels[i] for i in index],
                       self.default if self.default in keep else None, self.in_hand, self.hand_kinds)

    @property
    def labels(self) -> list[str]:
        """How each option is written, in the same order (computed when first needed)."""
        if callable(self._labels):
            self._labels = self._labels()
        return self._labels

    def __repr__(self) -> str:
        return f"Request({self.kind!r}, {self.options}, {self.labels})"


def arrow(geo: Any, steps: list[list[int]], origin: int, direction: int) -> str:
    """'<' or '>': which way the hand moves from `origin` in `direction`, seen from the
    owner of `origin` (along its row; at a row's end, away from the pit before it)."""
    nxt = steps[direction][origin]
    if nxt != NONE and geo.row[nxt] == geo.row[origin] and geo.owner[nxt] == geo.owner[origin]:
        return ">" if geo.col[nxt] > geo.col[origin] else "<"
    prev = steps[1 - direction][origin]
    if prev != NONE and geo.row[prev] == geo.row[origin] and geo.owner[prev] == geo.owner[origin]:
        return "<" if geo.col[prev] > geo.col[origin] else ">"
    return "ccw" if direction == CCW else "cw"


def direction_request(game: Any, rs: Any, mover: int, origin: int, directions: list[int],
                      in_hand: int = 0) -> Request:
    """Which way to sow from `origin`, each option written as the arrow the sources use."""
    steps = rs.steps[mover]
    return Request("direction", [game.dir_base + d for d in directions],
                   lambda: [arrow(game.geo, steps, origin, d) for d in directions], in_hand=in_hand)


def count_request(game: Any, most: int) -> Request:
    """How many pieces to lift, 1 to `most`."""
    base = game.number_base
    return Request("count", [base + k for k in range(1, most + 1)], lambda: [f"x{k}" for k in range(1, most + 1)])


def pick_request(game: Any, pits: list[int], optional: bool = False) -> Request:
    """Which further pit a capture takes (or, when picking is optional, none more: -)."""
    options = [game.pick_base + q for q in pits]
    labels = [game.geo.label[q] for q in pits]
    if not optional:
        return Request("pit", options, labels)
    stop = game.relay_base + 1
    return Request("pit", options + [stop], labels + ["-"], default=stop)


def capture_request(game: Any) -> Request:
    """Take an optional capture (+, the default) or decline it (-)."""
    base = game.relay_base
    return Request("capture", [base, base + 1], ["+", "-"], base)


def relay_request(game: Any) -> Request:
    """Go on sowing from here (+) or stop (-, the default)."""
    base = game.relay_base
    return Request("relay", [base, base + 1], ["+", "-"], base + 1)


def entry_request(game: Any, entries: list[int], last: int, hand: int) -> Request:
    """Which entry pit captured pieces are sown from, written as the side of the landing pit."""
    col = game.geo.col
    return Request("entry", [game.pick_base + q for q in entries],
                   ["<" if col[q] < col[last] else ">" for q in entries], in_hand=hand)


def forced_entry_request(game: Any, candidates: list[int], chosen: int, last: int, hand: int) -> Request:
    """The entry the rules chose, as the decision a move may still write: its side of the
    landing pit (or, entering at the landing pit itself, its side among the candidates)."""
    col = game.geo.col

    def side(q: int) -> str:
        if col[q] != col[last]:
            return "<" if col[q] < col[last] else ">"
        return "<" if all(col[q] <= col[o] for o in candidates) else ">"

    others = [q for q in candidates if q != chosen]
    pits = [chosen] + others
    return Request("entry", [game.pick_base + q for q in pits], [side(q) for q in pits], in_hand=hand)
