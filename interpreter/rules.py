"""Compile a stage's rule blocks (turn, sowing, captures) into tables and closures."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulespec.models import (CaptureRule, ChainSelector, ChooseSelector, Condition, CountRange, Lift,
                             MoveKind, PickSelector, SowDestination, Sowing, Turn)

from .conditions import ConditionCompiler, Test
from .context import MoveInfo
from .geometry import CCW, CW, NONE, Geometry

LATER = -1
"""The direction of a move whose direction is set later (by a capture's entry, or asked)."""
TAKE_ALL, TAKE_NONE, TAKE_ANY = -1, 0, -2


@dataclass
class Start:
    """One legal way to begin a move: kind, pit and direction."""

    kind: "StartKind"
    pit: int
    direction: int
    ctx: MoveInfo
    """A read-only context (mover, pit, direction) for testing the start's conditions."""


@dataclass
class StartKind:
    name: str
    index: int
    test: Test | None
    """Extra test on a candidate start; None when 'an own pit with pieces' says it all."""
    pits_scope: str
    stock_drop: int
    take: int
    """TAKE_ALL, TAKE_NONE, TAKE_ANY (a decision) or a number of pieces."""
    more_pits: int
    """Further own pits the mover may lift too."""
    placement: bool
    """Each lifted piece is put into a pit of the mover's choice (no circuit, no laps)."""
    directions: list[int]
    ask_direction: bool
    """The direction is the mover's decision (applied without asking when only one is legal)."""
    captures: bool
    require_capture: bool | str
    require: Test | None
    condition: Condition | None = None
    """The `from` condition `test` was compiled from (for the move kernel)."""
    require_condition: Condition | None = None
    table: list[list[tuple[int, int, list[Start]]]] = field(default_factory=list)
    """table[player]: (action id, pit, the Start objects for that pit) in action order."""
    aids: list[list[int]] = field(default_factory=list)
    """aids[player]: the action ids of the table, in order."""
    by_aid: list[dict[int, list[Start]]] = field(default_factory=list)
    """by_aid[player]: action id -> the Start objects for that pit."""

    lift_all: bool = False
    """The plain case: lift every piece of the pit (no stock, no second pit, circuit sowing)."""

    def __post_init__(self) -> None:
        self.lift_all = self.take == TAKE_ALL and not self.stock_drop and not self.more_pits and not self.placement


@dataclass
class CaptureProgram:
    name: str
    when: Test
    fixed: list[Callable[[Any, int, Any], list[int]]]
    choose: list[tuple[int, Test, bool]]
    """(count, from-test, optional) per choose selector."""
    to: str
    """'store', 'removed' or 'sow'."""
    forfeit_grand_slam: bool
    only_capturable: bool = False
    """Take only the capturable kinds of piece from the taken pits."""
    picks: list[tuple[int, Any, list[int], Test, bool]] = field(default_factory=list)
    """(count, chain or None, kind indexes, from-test, or from the opponent's store)."""
    entry: Test | None = None
    entry_pits: list[list[int]] = field(default_factory=list)
    """Per mover, the mover's own pits that can be entries (the fixed part of `entry`)."""
    nearest_when: Test | None = None
    keep_direction: bool = True
    entry_turns: bool = True
    """The entry sets the move's direction (SowFrom.turn)."""
    entry_direction: int | None = None
    """The captured pieces are sown in this direction whatever the move's (SowFrom.direction)."""
    rule: CaptureRule | None = None
    """The capture rule this was compiled from (for the move kernel)."""
    optional: bool = False
    """The mover may decline the capture."""
    go_on: bool = False
    """After the capture the move goes on as after a lap, from the last pit taken (CaptureRule.then)."""
    carry: bool = False
    """After the capture the capturing piece is sown on from the landing pit, a lap of one."""
    most: int = 0
    """Take at most this many pieces from each pit (0: all)."""


@dataclass
class Ruleset:
    """Everything one stage plays by, ready for the per-move path."""

    kinds: list[StartKind]
    captures: list[CaptureProgram]
    after: list[list[dict[int, tuple[int, ...]]]]
    """after[player][direction][slot]: the circuit from the slot after `slot` round to `slot`
    (or to the slot before it, when the origin is skipped)."""
    loop_from: list[list[dict[int, tuple[int, ...]]]]
    """loop_from[player][direction][slot]: the whole circuit starting at `slot`."""
    steps: list[list[list[int]]]
    along_row: list[list[int]]
    """along_row[player][pit]: the direction whose next pit is in the same row (LATER if none or both)."""
    skip: Test | None
    relay: bool
    relay_when: Test
    stop_when: Test | None
    ask_when: Test | None
    max_laps: int
    extra_turn: Test | None
    until: Test | None
    may_ask: bool
    must_simulate: bool
    simple_kind: StartKind | None = None
    """The only move kind, when its legal starts are just 'own pits with pieces' (fast path)."""
    order_choice: bool = False
    """With several kinds of piece, the mover chooses the kind dropped into each pit."""
    plain: bool = False
    """Moves can take the short path (moves.play_plain): lift all, one lap, nothing asked."""
    needs_lap: bool = True
    """Some capture condition asks what the lap dropped where (count_before)."""
    clear_on_lift: int = 0
    """Marks a pit loses when any of its pieces are lifted to sow."""
    clear_on_lift_all: int = 0
    """Marks a pit loses when all its pieces are lifted to sow."""
    clear_on_capture: int = 0
    during: list[Any] = field(default_factory=list)
    """End programs checked inside a move."""
    sowing: Sowing | None = None
    """The sowing block this was compiled from (for the move kernel)."""
    opening_requests: dict[tuple[int, int, tuple[int, ...]], Any] = field(default_factory=dict)
    """(mover, pit, directions) -> the direction asked before a move starts (moves.opening_request)."""
    sown_to_owner: list[tuple[int, int]] = field(default_factory=list)
    """(mark bit, owner): pieces sown into a pit carrying the bit go to that owner's store."""
    capture_marks: list[Any] = field(default_factory=list)
    """Per capture program: None, or [South's bit, North's bit] the landing pit gets after it."""
    first_into_origin: bool = False
    """The move's first piece goes back into the pit it was lifted from."""
    relay_next: bool = False
    """A relay lifts the pit after the landing pit (and sows on from the one after it)."""
    passing: list[tuple[str, Test, bool, bool]] = field(default_factory=list)
    """Captures while a lap passes: (name, test, taken by the pit's owner, the last pit too)."""
    offer_all: bool = False
    """Every move kind's legal starts are offered together (Turn.offer: all)."""
    kernel_refusal: str = ""
    """Why the move kernel does not play this ruleset (empty when it does, or the plain path does)."""
    kernel: Any = None
    """The move kernel (interpreter.kernel.KernelRules) playing this ruleset's moves in the engine, or
    None where the Python path plays them."""


def circuit_tables(geo: Geometry, kind: str, sowing: Sowing) -> tuple[list[Any], list[Any], list[Any]]:
    after: list[list[dict[int, tuple[int, ...]]]] = []
    loop_from: list[list[dict[int, tuple[int, ...]]]] = []
    steps: list[list[list[int]]] = []
    cut = 0 if sowing.skip_origin else 1
    for p in (0, 1):
        a_dirs, l_dirs, s_dirs = [], [], []
        for d in (CCW, CW):
            loop = geo.circuit(p, kind, d, own_store=sowing.into_own_store,
                               opponent_store=sowing.into_opponent_store)
            n = len(loop)
            a_dirs.append({s: tuple(loop[i + 1:] + loop[: i + cut]) for i, s in enumerate(loop)})
            l_dirs.append({s: tuple(loop[i:] + loop[:i]) for i, s in enumerate(loop)})
            nxt = [NONE] * geo.n_slots
            for i, s in enumerate(loop):
                nxt[s] = loop[(i + 1) % n]
            s_dirs.append(nxt)
        after.append(a_dirs)
        loop_from.append(l_dirs)
        steps.append(s_dirs)
    return after, loop_from, steps


def compile_ruleset(geo: Geometry, circuit: str, turn: Turn, sowing: Sowing,
                    captures: list[CaptureRule], until: Any, cc: ConditionCompiler,
                    pick_base: int, clear_on_lift: tuple[int, int], clear_on_capture: int,
                    during: list[Any], needs_lap: bool = True) -> Ruleset:
    after, loop_from, steps = circuit_tables(geo, circuit, sowing)
    cc.steps = steps
    on_circuit = [set(after[p][CCW]) for p in (0, 1)]
    kinds = [_kind(i, k, cc, geo, pick_base, on_circuit) for i, k in enumerate(turn.moves)]
    progs = [_capture(rule, cc, geo, steps) for rule in captures if rule.enabled]
    laps = sowing.laps
    relay = laps.kind == "relay"
    may_ask = (any(len(k.directions) > 1 or LATER in k.directions or k.ask_direction or k.take == TAKE_ANY
                   or k.more_pits or k.placement for k in kinds)
               or any(p.choose or p.picks or p.to == "sow" or p.optional for p in progs) or sowing.order == "choice"
               or (relay and laps.ask_when is not None)
               or (turn.offer == "all" and len({d for k in kinds for d in k.directions}) > 1))
    # A skip rule can leave no pit to sow into: such a move is refused, so moves are tried first.
    must_sim = (relay or sowing.skip is not None or any(k.require_capture or k.require for k in kinds)
                or any(p.to == "sow" for p in progs))
    if all(k.placement for k in kinds):
        must_sim = False
    only = kinds[0] if len(kinds) == 1 else None
    simple = only if (only is not None and only.test is None and only.pits_scope == "own"
                      and only.lift_all and not must_sim) else None
    along = [[_along(geo, steps[p], q) for q in range(geo.n_slots)] for p in (0, 1)]
    plain = (not may_ask and not relay and sowing.skip is None and not during and not clear_on_lift[0]
             and not sowing.first_into_origin and not sowing.passing and turn.offer == "first"
             and not clear_on_lift[1] and not clear_on_capture
             and all(k.lift_all and len(k.directions) == 1 and k.captures and not k.require
                     and not k.require_capture for k in kinds)
             and all(p.to != "sow" and not p.choose and not p.optional and not p.go_on and not p.carry for p in progs))
    return Ruleset(
        simple_kind=simple, plain=plain and len(cc.kinds) <= 1, needs_lap=needs_lap,
        order_choice=sowing.order == "choice", kinds=kinds, captures=progs, after=after, loop_from=loop_from, steps=steps,
        along_row=along,
        skip=cc.compile(sowing.skip) if sowing.skip else None,
        relay=relay, relay_when=cc.compile(laps.when),
        stop_when=cc.compile(laps.stop_when) if relay and laps.stop_when else None,
        ask_when=cc.compile(laps.ask_when) if relay and laps.ask_when else None,
        max_laps=laps.max_laps,
        extra_turn=cc.compile(turn.extra_turn) if turn.extra_turn else None,
        until=cc.compile(until) if until is not None else None,
        may_ask=may_ask, must_simulate=must_sim,
        clear_on_lift=clear_on_lift[0], clear_on_lift_all=clear_on_lift[1], clear_on_capture=clear_on_capture,
        during=during, sowing=sowing, first_into_origin=sowing.first_into_origin,
        relay_next=relay and laps.lift == "next", offer_all=turn.offer == "all",
        passing=[(pc.name, cc.compile(pc.when), pc.by == "owner", pc.last == "include") for pc in sowing.passing],
    )


def _along(geo: Geometry, steps: list[list[int]], pit: int) -> int:
    found = [d for d in (CCW, CW) if steps[d][pit] != NONE and geo.row[steps[d][pit]] == geo.row[pit]
             and geo.owner[steps[d][pit]] == geo.owner[pit]]
    return found[0] if len(found) == 1 else LATER


def _lift(kind: MoveKind) -> tuple[int, int]:
    lift = kind.lift
    if lift == "all":
        return 0, TAKE_ALL
    if lift == "one_from_stock":
        return 1, TAKE_NONE
    assert isinstance(lift, Lift)
    take = {"all": TAKE_ALL, "none": TAKE_NONE, "any": TAKE_ANY}.get(str(lift.take))
    return lift.from_stock, int(lift.take) if take is None else take


def _kind(index: int, kind: MoveKind, cc: ConditionCompiler, geo: Geometry, pick_base: int,
          on_circuit: list[set[int]]) -> StartKind:
    dirs = {"counterclockwise": [CCW], "clockwise": [CW], "choice": [CCW, CW], "later": [LATER]}[kind.direction]
    scope = "own" if kind.from_.side == "own" and cc.held is None else "all"  # (pits may change hands)
    rest = kind.from_.model_copy(update={"side": None}) if scope == "own" else kind.from_
    drop, take = _lift(kind)
    trivial = rest == Condition() or (take == TAKE_ALL and not drop and rest == Condition(count=CountRange(min=1)))
    sk = StartKind(
        name=kind.name, index=index, test=None if trivial else cc.compile(rest),
        pits_scope=scope, stock_drop=drop, take=take, more_pits=kind.lift.more_pits if isinstance(kind.lift, Lift) else 0,
        placement=kind.sow == "anywhere", directions=dirs, ask_direction=kind.direction == "choice",
        captures=kind.captures,
        require_capture=kind.require_capture,
        require=cc.compile(kind.require) if kind.require else None,
        condition=None if trivial else rest, require_condition=kind.require,
    )
    for p in (0, 1):
        # A move can only start where the mover can sow from: their own circuit's pits.
        pits = geo.own[p] if scope == "own" else [q for q in range(geo.n_pits) if q in on_circuit[p]]
        rows = []
        for pit in pits:
            own_index = pit - p * geo.per_player
            aid = own_index if 0 <= own_index < geo.per_player else pick_base + pit
            rows.append((aid, pit, [Start(sk, pit, d, MoveInfo(p, pit, d)) for d in dirs]))
        rows.sort(key=lambda row: row[0])
        sk.table.append(rows)
        sk.aids.append([aid for aid, _, _ in rows])
        sk.by_aid.append({aid: ss for aid, _, ss in rows})
    return sk


def _chain(spec: Any, test: Test, geo: Geometry, steps: list[list[list[int]]]) -> Callable[[Any, int, Any], list[int]]:
    backwards = spec.direction == "backwards"
    from_opposite = spec.start == "opposite"
    skip_first = spec.skip_first
    length = spec.length or geo.n_slots
    exactly = spec.exactly and spec.length is not None
    opp = geo.opposite

    def chain(st: Any, last: int, m: Any) -> list[int]:
        d = m.direction if m.direction >= 0 else CCW  # before any sowing: anticlockwise
        step = steps[m.mover][1 - d if backwards else d]
        q = opp[last] if from_opposite else last
        if q != NONE and skip_first:
            q = step[q]
        out: list[int] = []
        for _ in range(length):
            if q == NONE or not test(st, q, m):
                break
            out.append(q)
            q = step[q]
        return [] if exactly and len(out) != length else out

    return chain


def _capture(rule: CaptureRule, cc: ConditionCompiler, geo: Geometry,
             steps: list[list[list[int]]]) -> CaptureProgram:
    fixed: list[Callable[[Any, int, Any], list[int]]] = []
    choose: list[tuple[int, Test, bool]] = []
    picks: list[tuple[int, Any, list[int], Test, bool]] = []
    opp, behind = geo.opposite, geo.behind
    for sel in rule.take:
        if sel == "landing":
            fixed.append(lambda st, last, m: [last])
        elif sel == "opposite":
            fixed.append(lambda st, last, m: [opp[last]] if opp[last] != NONE else [])
        elif sel == "opponent_column":
            column, owner = geo.column, geo.owner
            fixed.append(lambda st, last, m: [q for q in column[last] if owner[q] == 1 - m.mover]
                         if 0 <= last < len(column) else [])
        elif sel == "behind_opposite":
            fixed.append(lambda st, last, m: [behind[opp[last]]]
                         if opp[last] != NONE and behind[opp[last]] != NONE else [])
        elif isinstance(sel, ChainSelector):
            fixed.append(_chain(sel.chain, cc.compile(sel.chain.while_), geo, steps))
        elif isinstance(sel, ChooseSelector):
            choose.append((sel.choose.count, cc.compile(sel.choose.from_), sel.choose.optional))
        elif isinstance(sel, PickSelector):
            pick = sel.pick
            run = _chain(pick.per_pit_of, cc.compile(pick.per_pit_of.while_), geo, steps) if pick.per_pit_of else None
            picks.append((pick.count or 0, run, [cc.kinds.index(k) for k in pick.kinds], cc.compile(pick.from_),
                          pick.or_opponent_store))
    prog = CaptureProgram(rule.name, cc.compile(rule.when), fixed, choose,
                          rule.to if isinstance(rule.to, str) else "sow", rule.grand_slam == "forfeit",
                          only_capturable=rule.pieces == "capturable", picks=picks, rule=rule,
                          optional=rule.optional, go_on=rule.then == "relay", carry=rule.then == "carry",
                          most=rule.most or 0)
    if isinstance(rule.to, SowDestination):
        sow = rule.to.sow
        prog.entry = cc.compile(sow.entry)
        prog.entry_pits = [[q for q in pits if geo.owner[q] == p] for p, pits in enumerate(cc.candidates(sow.entry))]
        prog.nearest_when = cc.compile(sow.nearest_when) if sow.nearest_when else None
        prog.keep_direction = sow.keep_direction
        prog.entry_turns = sow.turn
        prog.entry_direction = None if sow.direction is None else (CCW if sow.direction == "counterclockwise" else CW)
    return prog
