"""A stage's rule blocks (turn, sowing, captures) as the tables the assembler reads."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulespec.models import (CaptureRule, ChooseSelector, Condition, CountRange, Lift, MoveKind, PickSelector,
                             SowDestination, Sowing, Turn)

from .conditions import FixedPits
from .geometry import CCW, CW, NONE, Geometry
from .layout import BIG

LATER = -1
"""The direction of a move whose direction is set later (by a capture's entry, or asked)."""
TAKE_ALL, TAKE_NONE, TAKE_ANY = -1, 0, -2


@dataclass
class StartKind:
    """A move kind: where it may start and how it lifts."""

    name: str
    index: int
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
    condition: Condition | None = None
    """The `from` condition beyond 'an own pit with pieces' (None when that says it all)."""
    require_condition: Condition | None = None
    require_after: Condition | None = None
    """Tested on the pit where the move ended, once it is over."""
    into: Condition | None = None
    """With placement: the pits a piece may be put into (None: any pit)."""
    table: list[list[tuple[int, int]]] = field(default_factory=list)
    """table[player]: (action id, pit) of each pit the kind may start from, in action order."""
    aids: list[list[int]] = field(default_factory=list)
    """aids[player]: the action ids of the table, in order."""

    @property
    def lift_all(self) -> bool:
        """The plain case: lift every piece of the pit (no stock, no second pit, circuit sowing)."""
        return self.take == TAKE_ALL and not self.stock_drop and not self.more_pits and not self.placement


@dataclass
class CaptureProgram:
    """A capture rule with what the assembler derives from it."""

    rule: CaptureRule
    to: str
    """'store', 'removed' or 'sow'."""
    entry_pits: list[list[int]] = field(default_factory=list)
    """Per mover, the mover's own pits that can be entries (the fixed part of `entry`)."""
    keep_direction: bool = True
    entry_turns: bool = True
    """The entry sets the move's direction (SowFrom.turn)."""
    entry_direction: int | None = None
    """The captured pieces are sown in this direction whatever the move's (SowFrom.direction)."""

    @property
    def name(self) -> str:
        return self.rule.name

    @property
    def forfeit_grand_slam(self) -> bool:
        return self.rule.grand_slam == "forfeit"

    @property
    def only_capturable(self) -> bool:
        """Take only the capturable kinds of piece from the taken pits."""
        return self.rule.pieces == "capturable"

    @property
    def optional(self) -> bool:
        """The mover may decline the capture."""
        return self.rule.optional

    @property
    def go_on(self) -> bool:
        """After the capture the move goes on with a lap from the last pit taken or the pit after
        it (CaptureRule.then)."""
        return self.rule.then in ("relay", "next_pit")

    @property
    def seek(self) -> bool:
        """The move goes on after the capture from the next pit holding pieces (CaptureRule.seek)."""
        return self.rule.seek

    @property
    def carry(self) -> bool:
        """After the capture the capturing piece is sown on from the landing pit, a lap of one."""
        return self.rule.then == "carry"

    @property
    def chooses_pits(self) -> bool:
        """The mover chooses further pits the capture takes (a `choose` selector)."""
        return any(isinstance(sel, ChooseSelector) for sel in self.rule.take)

    @property
    def picks_pieces(self) -> bool:
        """The mover picks pieces of given kinds (a `pick` selector)."""
        return any(isinstance(sel, PickSelector) for sel in self.rule.take)

    @property
    def most(self) -> int:
        """Take at most this many pieces from each pit (0: all)."""
        return self.rule.most or 0


@dataclass
class Ruleset:
    """Everything one stage plays by, as the assembler reads it."""

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
    relay: bool
    max_laps: int
    may_ask: bool
    """A move may ask the mover a decision (else its decisions are recorded for none)."""
    must_simulate: bool
    """A start is legal only if its move can be played out (look-ahead)."""
    sowing: Sowing
    """The sowing block this was compiled from."""
    order_choice: bool = False
    """With several kinds of piece, the mover chooses the kind dropped into each pit."""
    clear_on_lift: int = 0
    """Marks a pit loses when any of its pieces are lifted to sow."""
    clear_on_lift_all: int = 0
    """Marks a pit loses when all its pieces are lifted to sow."""
    clear_on_capture: int = 0
    during: list[Any] = field(default_factory=list)
    """End programs checked inside a move."""
    sown_to_owner: list[tuple[int, int]] = field(default_factory=list)
    """(mark bit, owner): pieces sown into a pit carrying the bit go to that owner's store."""
    capture_marks: list[Any] = field(default_factory=list)
    """Per capture program: None, or [South's bit, North's bit] the landing pit gets after it."""
    first_into_origin: bool = False
    """The move's first piece goes back into the pit it was lifted from."""
    relay_next: bool = False
    """A relay lifts the pit after the landing pit (and sows on from the one after it)."""
    relay_seek: bool = False
    """A relay that lifts the next pit passes over empty pits to the next one holding pieces."""
    passing: list[str] = field(default_factory=list)
    """The names of the captures made while a lap passes (sowing.passing), in order."""
    offer_all: bool = False
    """Every move kind's legal starts are offered together (Turn.offer: all)."""
    per_pit: int = 1
    """Pieces each drop puts into a pit (sowing.per_pit; `all`: layout.BIG)."""


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


def compile_ruleset(geo: Geometry, circuit: str, turn: Turn, sowing: Sowing, captures: list[CaptureRule],
                    cc: FixedPits, pick_base: int, clear_on_lift: tuple[int, int], clear_on_capture: int,
                    during: list[Any]) -> Ruleset:
    after, loop_from, steps = circuit_tables(geo, circuit, sowing)
    on_circuit = [set(after[p][CCW]) for p in (0, 1)]
    kinds = [_kind(i, k, cc, geo, pick_base, on_circuit) for i, k in enumerate(turn.moves)]
    progs = [_capture(rule, cc, geo) for rule in captures if rule.enabled]
    laps = sowing.laps
    relay = laps.kind == "relay"
    may_ask = (any(len(k.directions) > 1 or LATER in k.directions or k.ask_direction or k.take == TAKE_ANY
                   or k.more_pits or k.placement for k in kinds)
               or any(p.chooses_pits or p.picks_pieces or p.to == "sow" or p.optional for p in progs) or sowing.order == "choice"
               or (relay and laps.ask_when is not None)
               or (turn.offer == "all" and len({d for k in kinds for d in k.directions}) > 1))
    # A skip rule can leave no pit to sow into: such a move is refused, so moves are tried first.
    must_sim = (relay or sowing.skip is not None
                or any(k.require_capture or k.require_condition or k.require_after for k in kinds)
                or any(p.to == "sow" for p in progs))
    if all(k.placement for k in kinds):
        must_sim = False
    return Ruleset(
        order_choice=sowing.order == "choice", kinds=kinds, captures=progs, after=after, loop_from=loop_from,
        steps=steps, along_row=[[_along(geo, steps[p], q) for q in range(geo.n_slots)] for p in (0, 1)],
        relay=relay, max_laps=laps.max_laps, may_ask=may_ask, must_simulate=must_sim,
        clear_on_lift=clear_on_lift[0], clear_on_lift_all=clear_on_lift[1], clear_on_capture=clear_on_capture,
        during=during, sowing=sowing, first_into_origin=sowing.first_into_origin,
        relay_next=relay and laps.lift == "next", relay_seek=relay and laps.lift == "next" and laps.seek,
        offer_all=turn.offer == "all", per_pit=BIG if sowing.per_pit == "all" else sowing.per_pit,
        passing=[pc.name for pc in sowing.passing],
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


def _kind(index: int, kind: MoveKind, cc: FixedPits, geo: Geometry, pick_base: int,
          on_circuit: list[set[int]]) -> StartKind:
    dirs = {"counterclockwise": [CCW], "clockwise": [CW], "choice": [CCW, CW], "later": [LATER]}[kind.direction]
    own = kind.from_.side == "own" and cc.held is None  # (pits may change hands)
    rest = kind.from_.model_copy(update={"side": None}) if own else kind.from_
    drop, take = _lift(kind)
    trivial = rest == Condition() or (take == TAKE_ALL and not drop and rest == Condition(count=CountRange(min=1)))
    sk = StartKind(
        name=kind.name, index=index, stock_drop=drop, take=take,
        more_pits=kind.lift.more_pits if isinstance(kind.lift, Lift) else 0,
        placement=kind.sow == "anywhere", directions=dirs, ask_direction=kind.direction == "choice",
        captures=kind.captures, require_capture=kind.require_capture,
        condition=None if trivial else rest, require_condition=kind.require, require_after=kind.require_after,
        into=kind.into,
    )
    for p in (0, 1):
        # A move can only start where the mover can sow from: their own circuit's pits.
        if kind.from_.store:  # a store sown as a move: the stores on the mover's circuit
            pits = [q for q in cc.candidates(kind.from_)[p] if q >= geo.n_pits and q in on_circuit[p]]
        else:
            pits = geo.own[p] if own else [q for q in range(geo.n_pits) if q in on_circuit[p]]
        rows = []
        for pit in pits:
            own_index = pit - p * geo.per_player
            rows.append((own_index if 0 <= own_index < geo.per_player else pick_base + pit, pit))
        rows.sort()
        sk.table.append(rows)
        sk.aids.append([aid for aid, _ in rows])
    return sk


def _capture(rule: CaptureRule, cc: FixedPits, geo: Geometry) -> CaptureProgram:
    prog = CaptureProgram(rule, rule.to if isinstance(rule.to, str) else "sow")
    if isinstance(rule.to, SowDestination):
        sow = rule.to.sow
        prog.entry_pits = [[q for q in pits if geo.owner[q] == p] for p, pits in enumerate(cc.candidates(sow.entry))]
        prog.keep_direction = sow.keep_direction
        prog.entry_turns = sow.turn
        prog.entry_direction = None if sow.direction is None else (CCW if sow.direction == "counterclockwise" else CW)
    return prog
