"""Compile typed YAML conditions into closures `test(state, pit, move) -> bool`."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.models import Condition, CountRange

from .geometry import NONE, Geometry

Test = Callable[[Any, int, Any], bool]


def count_matcher(spec: Any) -> Callable[[int], bool]:
    """A predicate on a number from a Count (exact, list or range)."""
    if isinstance(spec, CountRange):
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
    return lambda st, p, m: all(t(st, p, m) for t in tests)


class ConditionCompiler:
    """Knows the board and the spec's names; turns Condition models into closures."""

    def __init__(self, geo: Geometry, roles: dict[str, set[int]], marks: dict[str, int],
                 stages: dict[str, int], steps: Any):
        self.geo = geo
        self.roles = roles
        self.marks = marks
        self.stages = stages
        self.steps = steps
        """steps[player][direction][slot] -> the next slot along that player's circuit."""

    def compile(self, cond: Condition | None) -> Test:
        if cond is None:
            return lambda st, p, m: True
        g = self.geo
        tests: list[Test] = []
        owner = g.owner
        side_test = None
        if cond.side is not None:
            if cond.side == "own":
                side_test = lambda st, p, m: owner[p] == m.mover  # noqa: E731
            elif cond.side == "opponent":
                side_test = lambda st, p, m: owner[p] == 1 - m.mover  # noqa: E731
            else:
                side_test = lambda st, p, m: owner[p] == NONE  # noqa: E731
            tests.append(side_test)
        if cond.row is not None:
            rows = g.row
            want = cond.row
            tests.append(lambda st, p, m: rows[p] == want)
        if cond.role is not None:
            names = [cond.role] if isinstance(cond.role, str) else cond.role
            pits = frozenset().union(*(self.roles[n] for n in names))
            tests.append(lambda st, p, m: p in pits)
        if cond.pit is not None:
            labels = [cond.pit] if isinstance(cond.pit, str) else cond.pit
            pits = frozenset(g.relative[pl][lab] for lab in labels for pl in (0, 1))
            tests.append(lambda st, p, m: p in pits)
        if cond.store is not None:
            n_pits = g.n_pits
            tests.append((lambda st, p, m: p >= n_pits) if cond.store else (lambda st, p, m: p < n_pits))
        if cond.count is not None:
            f = count_matcher(cond.count)
            if isinstance(cond.count, list) and cond.side in ("own", "opponent") and tests[0] is side_test:
                # The commonest capture trigger, fused into one call: "an opponent's pit holding 2 or 3".
                allowed = frozenset(cond.count)
                flip = 0 if cond.side == "own" else 1
                tests[0] = lambda st, p, m: owner[p] == (m.mover ^ flip) and st.board[p] in allowed
            elif isinstance(cond.count, int):
                k = cond.count
                tests.append(lambda st, p, m: st.board[p] == k)
            elif isinstance(cond.count, list):
                allowed = frozenset(cond.count)
                tests.append(lambda st, p, m: st.board[p] in allowed)
            else:
                tests.append(lambda st, p, m: f(st.board[p]))
        if cond.count_before is not None:
            f = count_matcher(cond.count_before)

            def before(st: Any, p: int, m: Any, f: Callable[[int], bool] = f) -> bool:
                if p == m.last and m.lap_hand <= len(m.lap_seq):
                    return f(st.board[p] - 1)
                return f(st.board[p] - m.sown_into(p))

            tests.append(before)
        if cond.mark is not None:
            bit = 1 << self.marks[cond.mark]
            tests.append(lambda st, p, m: bool(st.marks[p] & bit))
        for key, table in (("opposite", g.opposite), ("behind", g.behind)):
            sub = getattr(cond, key)
            if sub is not None:
                inner = self.compile(sub)
                tests.append(lambda st, p, m, inner=inner, table=table:
                             table[p] != NONE and inner(st, table[p], m))
        if cond.next is not None:
            inner = self.compile(cond.next)
            steps = self.steps

            def next_test(st: Any, p: int, m: Any, inner: Test = inner) -> bool:
                if m.direction < 0:
                    return False
                q = steps[m.mover][m.direction][p]
                return q != NONE and inner(st, q, m)

            tests.append(next_test)
        if cond.origin is not None:
            inner = self.compile(cond.origin)
            tests.append(lambda st, p, m: m.origin != NONE and inner(st, m.origin, m))
        if cond.lifted is not None:
            f = count_matcher(cond.lifted)
            tests.append(lambda st, p, m: f(m.lifted))
        if cond.lap is not None:
            f = count_matcher(cond.lap)
            tests.append(lambda st, p, m: f(m.lap))
        if cond.stage is not None:
            names = [cond.stage] if isinstance(cond.stage, str) else cond.stage
            idx = frozenset(self.stages[n] for n in names)
            tests.append(lambda st, p, m: (m.stage if m.stage >= 0 else st.stage) in idx)
        if cond.stock is not None:
            f = count_matcher(cond.stock)
            tests.append(lambda st, p, m: f(st.stock[m.mover]))
        if cond.stocks is not None:
            f = count_matcher(cond.stocks)
            tests.append(lambda st, p, m: f(st.stock[0] + st.stock[1]))
        side = g.side_counts
        if cond.own_side is not None:
            f = count_matcher(cond.own_side)
            tests.append(lambda st, p, m: f(sum(side[m.mover](st.board))))
        if cond.opponent_side is not None:
            if cond.opponent_side == 0:
                tests.append(lambda st, p, m: not any(side[1 - m.mover](st.board)))
            else:
                f = count_matcher(cond.opponent_side)
                tests.append(lambda st, p, m: f(sum(side[1 - m.mover](st.board))))
        if cond.moves_played is not None:
            f = count_matcher(cond.moves_played)
            tests.append(lambda st, p, m: f(st.moves_played))
        if cond.captured is not None:
            want = cond.captured
            tests.append(lambda st, p, m: (m.captured > 0) == want)
        if cond.move_kind is not None:
            kinds = frozenset([cond.move_kind] if isinstance(cond.move_kind, str) else cond.move_kind)
            tests.append(lambda st, p, m: m.kind in kinds)
        if cond.count_pits is not None:
            where = self.compile(cond.count_pits.where)
            f = count_matcher(cond.count_pits.count)
            n_pits = g.n_pits
            tests.append(lambda st, p, m: f(sum(1 for q in range(n_pits) if where(st, q, m))))
        if cond.all is not None:
            tests.append(_all([self.compile(c) for c in cond.all]))
        if cond.any is not None:
            alts = [self.compile(c) for c in cond.any]
            tests.append(lambda st, p, m: any(t(st, p, m) for t in alts))
        if cond.not_ is not None:
            inner = self.compile(cond.not_)
            tests.append(lambda st, p, m: not inner(st, p, m))
        if cond.threatened is not None:
            from .moves import threat_set

            want = cond.threatened
            tests.append(lambda st, p, m: (p in threat_set(st, m)) == want)
        return _all(tests)
