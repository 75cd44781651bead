"""Compile typed YAML conditions into closures `test(state, pit, move) -> bool`."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.models import Condition, CountRange
from rulespec.models.conditions import PIT_FREE

from .geometry import CCW, CW, NONE, Geometry
from .holding import owner_function, pits_of

Test = Callable[[Any, int, Any], bool]


def count_matcher(spec: Any) -> Callable[[int], bool]:
    """A predicate on a number from a Count (exact, list or range)."""
    if isinstance(spec, CountRange):
        if spec.arithmetic:
            return spec.matches
        lo, hi = spec.min, spec.max
        if hi is None:
            return (lambda n: n >= lo) if lo is not None else (lambda n: True)
        if lo is None:
            return lambda n: n <= hi
        return lambda n: lo <= n <= hi
    if isinstance(spec, list):
        allowed = frozenset(spec)
        return lambda n: n in allowed
    return lambda n: n == spec


def _all(tests: list[Test]) -> Test:
    if not tests:
        return lambda st, p, m: True
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        a, b = tests
        return lambda st, p, m: a(st, p, m) and b(st, p, m)
    if len(tests) == 3:
        a, b, c = tests
        return lambda st, p, m: a(st, p, m) and b(st, p, m) and c(st, p, m)
    a, b, c = tests[:3]
    rest = _all(tests[3:])
    return lambda st, p, m: a(st, p, m) and b(st, p, m) and c(st, p, m) and rest(st, p, m)


class ConditionCompiler:
    """Knows the board and the spec's names; turns Condition models into closures."""

    def __init__(self, geo: Geometry, roles: dict[str, set[int]], marks: dict[str, int],
                 stages: dict[str, int], steps: Any, kinds: list[str] | None = None,
                 owner_bits: dict[str, list[int]] | None = None, held: tuple[int, int] | None = None):
        self.geo = geo
        self.held = held
        """Bits of the marks that make a pit its holder's (holding.py); none: pits never change hands."""
        self.roles = roles
        self.marks = marks
        """Mark name -> its bits (both owners' bits for an owned mark)."""
        self.owner_bits = owner_bits or {}
        """Owned mark name -> [South's bit, North's bit]."""
        self.stages = stages
        self.steps = steps
        """steps[player][direction][slot] -> the next slot along that player's circuit."""
        self.kinds = kinds or []

        """The names of the kinds of piece, in index order."""

    def compile(self, cond: Condition | None) -> Test:
        """One closure for the whole condition (the AND of its keys, cheapest first)."""
        if cond is None:
            return lambda st, p, m: True
        tests: list[Test] = []
        for key in _KEY_ORDER:
            value = getattr(cond, key)
            if value is None or (key == "count" and isinstance(value, list) and cond.side in ("own", "opponent")
                                 and self.held is None):
                continue  # (a list count with a side is fused into the side test, where pits never change hands)
            tests.append(getattr(self, "_" + key)(value, cond))
        return _all(tests)

    # One factory per key: each closure binds only its own values.

    def _side(self, side: str, cond: Condition) -> Test:
        owner = self.geo.owner
        if self.held is not None:  # pits change hands: ask the position whose pit it is
            whose = owner_function(self.geo, self.held)
            if side == "neutral":
                return lambda st, p, m: owner[p] == NONE
            flip = 0 if side == "own" else 1
            return lambda st, p, m: (owner[p] == (m.mover ^ flip)) if st is None else whose(st, p) == (m.mover ^ flip)
        if cond.count is not None and isinstance(cond.count, list) and side != "neutral":
            # The commonest capture trigger fused into one call: "an opponent's pit holding 2 or 3".
            allowed = frozenset(cond.count)
            flip = 0 if side == "own" else 1
            return lambda st, p, m: owner[p] == (m.mover ^ flip) and st.board[p] in allowed
        if side == "own":
            return lambda st, p, m: owner[p] == m.mover
        if side == "opponent":
            return lambda st, p, m: owner[p] == 1 - m.mover
        return lambda st, p, m: owner[p] == NONE

    def _row(self, want: str, cond: Condition) -> Test:
        rows = self.geo.row
        return lambda st, p, m: rows[p] == want

    def _role(self, role: str | list[str], cond: Condition) -> Test:
        names = [role] if isinstance(role, str) else role
        pits = frozenset().union(*(self.roles[n] for n in names))
        return lambda st, p, m: p in pits

    def _pit(self, pit: str | list[str], cond: Condition) -> Test:
        labels = [pit] if isinstance(pit, str) else pit
        pits = frozenset(self.geo.relative[pl][lab] for lab in labels for pl in (0, 1))
        return lambda st, p, m: p in pits

    def _store(self, store: bool, cond: Condition) -> Test:
        n_pits = self.geo.n_pits
        return (lambda st, p, m: p >= n_pits) if store else (lambda st, p, m: p < n_pits)

    def _count(self, count: Any, cond: Condition) -> Test:
        if isinstance(count, int):
            return lambda st, p, m: st.board[p] == count
        if isinstance(count, list):
            allowed = frozenset(count)
            return lambda st, p, m: st.board[p] in allowed
        f = count_matcher(count)
        return lambda st, p, m: f(st.board[p])

    def _count_before(self, count: Any, cond: Condition) -> Test:
        f = count_matcher(count)

        def before(st: Any, p: int, m: Any) -> bool:
            # Just before the last piece this lap dropped there fell: a lap longer than the
            # circuit passes a pit twice, and the piece it dropped the first time counts.
            if p == m.last or m.sown_into(p):
                return f(st.board[p] - 1)
            return f(st.board[p])

        return before

    def _mark(self, mark: str, cond: Condition) -> Test:
        if cond.mark_owner is not None and mark in self.owner_bits:
            bits = self.owner_bits[mark]
            flip = 0 if cond.mark_owner == "own" else 1
            return lambda st, p, m: bool(st.marks[p] & bits[m.mover ^ flip])
        bit = self.marks[mark]
        return lambda st, p, m: bool(st.marks[p] & bit)

    def _start(self, want: bool, cond: Condition) -> Test:
        return lambda st, p, m: (p == m.origin) == want

    def _last(self, want: bool, cond: Condition) -> Test:
        return lambda st, p, m: (p == m.last) == want

    def _after_last(self, want: bool, cond: Condition) -> Test:
        steps = self.steps

        def after_last(st: Any, p: int, m: Any) -> bool:
            q = steps[m.mover][m.direction][m.last] if m.direction >= 0 and m.last != NONE else NONE
            return (q != NONE and p == q) == want

        return after_last

    def _mirror(self, sub: Condition, cond: Condition) -> Test:
        return self._across(sub, self.geo.mirror)

    def _across(self, sub: Condition, table: list[int]) -> Test:
        inner = self.compile(sub)
        return lambda st, p, m: table[p] != NONE and inner(st, table[p], m)

    def _opposite(self, sub: Condition, cond: Condition) -> Test:
        return self._across(sub, self.geo.opposite)

    def _column(self, sub: Condition, cond: Condition) -> Test:
        inner = self.compile(sub)
        column = self.geo.column
        return lambda st, p, m: p >= 0 and any(inner(st, q, m) for q in column[p])

    def _behind(self, sub: Condition, cond: Condition) -> Test:
        return self._across(sub, self.geo.behind)

    def _next(self, sub: Condition, cond: Condition) -> Test:
        return self._along(sub, 0)

    def _previous(self, sub: Condition, cond: Condition) -> Test:
        return self._along(sub, 1)  # the next pit along the circuit run the other way

    def _along(self, sub: Condition, back: int) -> Test:
        """The pit after the subject along the move's sowing (back=1: the pit before it)."""
        inner = self.compile(sub)
        steps = self.steps

        def along(st: Any, p: int, m: Any) -> bool:
            if m.direction < 0:
                return False
            q = steps[m.mover][m.direction ^ back][p]
            return q != NONE and inner(st, q, m)

        return along

    def _origin(self, sub: Condition, cond: Condition) -> Test:
        inner = self.compile(sub)
        return lambda st, p, m: m.origin != NONE and inner(st, m.origin, m)

    def _lifted(self, count: Any, cond: Condition) -> Test:
        f = count_matcher(count)
        return lambda st, p, m: f(m.lifted)

    def _lap(self, count: Any, cond: Condition) -> Test:
        f = count_matcher(count)
        return lambda st, p, m: f(m.lap)

    def _stage(self, stage: str | list[str], cond: Condition) -> Test:
        names = [stage] if isinstance(stage, str) else stage
        idx = frozenset(self.stages[n] for n in names)
        return lambda st, p, m: (m.stage if m.stage >= 0 else st.stage) in idx

    def _stock(self, count: Any, cond: Condition) -> Test:
        f = count_matcher(count)
        return lambda st, p, m: f(st.stock[m.mover])

    def _stocks(self, count: Any, cond: Condition) -> Test:
        f = count_matcher(count)
        return lambda st, p, m: f(st.stock[0] + st.stock[1])

    def _own_side(self, count: Any, cond: Condition) -> Test:
        f = count_matcher(count)
        if self.held is not None:
            held = pits_of(self.geo, self.held)
            return lambda st, p, m: f(sum(st.board[q] for q in held(st, m.mover)))
        side = self.geo.side_counts
        return lambda st, p, m: f(sum(side[m.mover](st.board)))

    def _opponent_side(self, count: Any, cond: Condition) -> Test:
        if self.held is not None:
            f = count_matcher(count)
            held = pits_of(self.geo, self.held)
            return lambda st, p, m: f(sum(st.board[q] for q in held(st, 1 - m.mover)))
        side = self.geo.side_counts
        if count == 0:
            return lambda st, p, m: not any(side[1 - m.mover](st.board))
        f = count_matcher(count)
        return lambda st, p, m: f(sum(side[1 - m.mover](st.board)))

    def _on_board(self, count: Any, cond: Condition) -> Test:
        f = count_matcher(count)
        n_pits = self.geo.n_pits
        return lambda st, p, m: f(sum(st.board[:n_pits]))

    def _direction(self, want: str, cond: Condition) -> Test:
        d = CW if want == "clockwise" else CCW
        return lambda st, p, m: m.direction == d

    def _moves_played(self, count: Any, cond: Condition) -> Test:
        f = count_matcher(count)
        return lambda st, p, m: f(st.moves_played)

    def _captured(self, want: bool, cond: Condition) -> Test:
        return lambda st, p, m: (m.captured > 0) == want

    def _move_kind(self, kind: str | list[str], cond: Condition) -> Test:
        kinds = frozenset([kind] if isinstance(kind, str) else kind)
        return lambda st, p, m: m.kind in kinds

    def candidates(self, cond: Condition) -> list[list[int]]:
        """Per mover, the pits that can satisfy `cond`'s fixed keys (side, row, role, pit,
        store): tests over many pits only look at these."""
        side = None if self.held is not None and cond.side in ("own", "opponent") else cond.side  # pits change hands
        fixed = Condition(side=side, row=cond.row, role=cond.role, pit=cond.pit, store=cond.store)
        test = self.compile(fixed)
        return [[q for q in range(self.geo.n_slots) if test(None, q, _Mover(p))] for p in (0, 1)]

    def _count_pits(self, spec: Any, cond: Condition) -> Test:
        where = self.compile(spec.where)
        f = count_matcher(spec.count)
        pits = self.candidates(spec.where)
        return lambda st, p, m: f(sum(1 for q in pits[m.mover] if where(st, q, m)))

    def _all(self, conds: list[Condition], cond: Condition) -> Test:
        return _all([self.compile(c) for c in conds])

    def _any(self, conds: list[Condition], cond: Condition) -> Test:
        alts = [self.compile(c) for c in conds]
        return lambda st, p, m: any(t(st, p, m) for t in alts)

    def _not_(self, sub: Condition, cond: Condition) -> Test:
        inner = self.compile(sub)
        return lambda st, p, m: not inner(st, p, m)

    def _kind_indexes(self, names: str | list[str]) -> list[int]:
        names = [names] if isinstance(names, str) else names
        return [self.kinds.index(n) for n in names]

    def _dropped(self, kinds: str | list[str], cond: Condition) -> Test:
        wanted = frozenset(self._kind_indexes(kinds))

        def dropped(st: Any, p: int, m: Any) -> bool:
            drops = m.drops.get(p)
            return bool(drops) and drops[-1] in wanted

        return dropped

    def _before(self, spec: Any, cond: Condition) -> Test:
        wanted = self._kind_indexes(spec.kinds)
        f = count_matcher(spec.count)

        def before(st: Any, p: int, m: Any) -> bool:
            row = st.kinds[p]
            drops = m.drops.get(p)
            last = 1 if drops and drops[-1] in wanted else 0
            return f(sum(row[k] for k in wanted) - last)

        return before

    def _in_play(self, spec: Any, cond: Condition) -> Test:
        wanted = self._kind_indexes(spec.kinds)
        f = count_matcher(spec.count)
        n_pits = self.geo.n_pits
        return lambda st, p, m: f(sum(st.kinds[q][k] for q in range(n_pits) for k in wanted))

    def _threatened(self, want: bool, cond: Condition) -> Test:
        from .moves import threat_set

        return lambda st, p, m: (p in threat_set(st, m)) == want

    def _opponent_can_capture(self, want: bool, cond: Condition) -> Test:
        from .moves import threat_set

        return lambda st, p, m: bool(threat_set(st, m, 1 - m.mover)) == want




def pit_free_part(cond: Condition) -> Condition | None:
    """The part of `cond` that does not depend on the pit tested (its pit-free keys and `all`
    members): tested once per move, it can rule out every pit at once."""
    keys: dict[str, Any] = {k: getattr(cond, k) for k in PIT_FREE if getattr(cond, k) is not None}
    members = [c for c in cond.all or [] if _pit_free(c)]
    if members:
        keys["all"] = members
    return Condition.model_construct(**keys) if keys else None


def _pit_free(cond: Condition) -> bool:
    for key, value in cond:
        if value is None:
            continue
        if key in ("all", "any"):
            if not all(_pit_free(c) for c in value):
                return False
        elif key == "not_":
            if not _pit_free(value):
                return False
        elif key not in PIT_FREE:
            return False
    return True


class _Mover:
    """A stand-in move context for testing the fixed keys of a condition at compile time."""

    direction = 0

    def __init__(self, mover: int):
        self.mover = mover


_KEY_ORDER = [
    "side", "row", "role", "pit", "store", "start", "last", "after_last", "count", "count_before", "mark", "opposite", "behind",
    "mirror", "column", "next", "previous", "origin", "direction", "lifted", "lap", "stage", "stock", "stocks", "own_side", "opponent_side",
    "on_board", "moves_played", "captured", "move_kind", "count_pits", "dropped", "before", "in_play", "all", "any",
    "not_", "threatened", "opponent_can_capture",
]
"""The order keys are tested in: cheap pit tests first, look-aheads last."""
