"""What a typed condition says before play: the pits its fixed keys allow, and its part that
does not depend on the pit tested. The engine evaluates conditions (kernel.Assembler turns
them into its program); these let the assembler give it short lists of pits to look at."""
from __future__ import annotations

from typing import Any

from rulespec.models import Condition
from rulespec.models.conditions import PIT_FREE

from .geometry import NONE, Geometry


class FixedPits:
    """Knows the board and the spec's names: the pits a condition's fixed keys allow."""

    def __init__(self, geo: Geometry, roles: dict[str, set[int]], held: tuple[int, int] | None = None):
        self.geo = geo
        self.roles = roles
        self.held = held
        """Bits of the marks that make a pit its holder's; none: pits never change hands."""

    def candidates(self, cond: Condition) -> list[list[int]]:
        """Per mover, the pits that can satisfy `cond`'s fixed keys (side, row, role, pit,
        store): tests over many pits only look at these. Where pits change hands, `own` and
        `opponent` depend on the position: every pit can then satisfy them."""
        geo = self.geo
        pits = set(range(geo.n_slots))
        if cond.row is not None:
            pits = {q for q in pits if geo.row[q] == cond.row}
        if cond.role is not None:
            names = [cond.role] if isinstance(cond.role, str) else cond.role
            pits &= set().union(*(self.roles[n] for n in names))
        if cond.pit is not None:
            labels = [cond.pit] if isinstance(cond.pit, str) else cond.pit
            pits &= {geo.relative[p][label] for label in labels for p in (0, 1)}
        if cond.store is not None:
            pits = {q for q in pits if (q >= geo.n_pits) == cond.store}
        side = cond.side
        if side == "neutral":
            pits = {q for q in pits if geo.owner[q] == NONE}
        if side not in ("own", "opponent") or self.held is not None:
            return [sorted(pits), sorted(pits)]
        flip = 0 if side == "own" else 1
        return [sorted(q for q in pits if geo.owner[q] == p ^ flip) for p in (0, 1)]


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
