"""The move kernel: a ruleset's per-move path (playing a move, look-ahead legality) assembled
for the engine.

Look-ahead makes legality expensive: a start is legal only if its move can be completed
within the lap bound and as its move kind requires, so every candidate start of every turn
is played out. The engine (interpreter/engine.py, one typed source compiled by Cython, or run
by Python under RULESPEC_PURE=1) does this from one flat array of ints assembled here from
the compiled ruleset: the board's tables, the move kinds, the captures, and each condition as
a small tree of nodes. Nothing in the engine knows a game; it reads the array.

The assembler covers every ruleset the loader accepts (what would not fit the engine's
tables is refused at load, rulespec/limits.py).
"""
from __future__ import annotations

import os
from types import ModuleType
from typing import Any

from rulespec.models import ChainSelector, ChooseSelector, Condition, CountRange, PickSelector, WhereSelector

from . import layout
from .geometry import CCW, CW
from .requests import (Request, capture_request, count_request, direction_request, entry_request, pick_request,
                       relay_request)
from .rules import Ruleset

LAYOUT = layout.VERSION
"""The program layout this source assembles; a build from other constants is not used."""

HEADER = layout.names("H_")
"""Header slots of the program, in order."""
OP = layout.fields("C_")
"""Condition node codes by key."""
PIECE_OPS = {name: code for name, code in OP.items() if code >= layout.C_DROPPED}
"""Condition codes about kinds of piece, numbered apart from the others."""
MATCHED = {"lifted", "lap", "stock", "stocks", "own_side", "opponent_side", "moves_played", "count", "count_before",
           "on_board"}
"""Keys whose value is a Count, tested by a matcher."""
SUBCONDITION = {"opposite", "behind", "next", "previous", "origin", "mirror", "column"}
PIT_FLAGS = {"start", "last", "after_last", "sown", "sown_by_move"}
"""Keys that say whether the pit tested is (true) or is not (false) a pit of the move."""
SELECTORS = layout.fields("SEL_", skip=("chain", "where"))
CHAIN = layout.SEL_CHAIN
TO = layout.fields("TO_")
GO_ON = layout.fields("GO_ON_")
"""How the move goes on after a capture, by CaptureRule.then (`carry` has a slot of its own)."""
TAKERS = layout.fields("BY_")
"""Who takes a capture's pieces (CaptureRule.by)."""
SCORE_BITS = layout.fields("SCORE_")
"""What a score counts, as bits of T_SCORE."""
DURING_PLAYER = {"any": layout.D_ANY, "mover": layout.D_MOVER, "next": layout.D_MOVER, "opponent": layout.D_OPPONENT}
BIG = layout.BIG
EVENTS = {layout.F_RELAY_STOPPED: "relay stopped", layout.F_RELAY_STOP_CHOSEN: "relay stop chosen",
          layout.F_RELAY_GO_ON_CHOSEN: "relay go-on chosen"}
REQUESTS = {code: name for name, code in layout.fields("R_", skip=("none",)).items()}
FACTS = ("direction", "lifted", "lap", "captured", "first_captured", "last", "first_ok", "sowings", "lap_seq",
         "lap_hand")
"""The facts of a finished move the kernel returns, in order (MoveInfo attributes)."""


def _clamp(n: int) -> int:
    return max(-BIG, min(BIG, n))


def _entry_turns(prog: Any) -> int:
    """A capture's direction slot: 0 keep the move's, 1 the entry's, 2 + d always direction d."""
    return int(prog.entry_turns) if prog.entry_direction is None else 2 + prog.entry_direction


class Assembler:
    """Builds the flat program: a header, then blocks appended as they are needed."""

    def __init__(self, game: Any, rs: Ruleset, kind_names: list[str]):
        self.game = game
        self.geo = game.geo
        self.rs = rs
        self.kind_names = kind_names
        self.p: list[int] = [0] * len(HEADER)
        self.rows = {name: i for i, name in enumerate(dict.fromkeys(self.geo.row))}

    def set(self, slot: str, value: int) -> None:
        self.p[HEADER.index(slot)] = value

    def block(self, values: list[int]) -> int:
        at = len(self.p)
        self.p.extend(values)
        return at

    def table(self, values: list[int]) -> int:
        """A counted list: [n, values...]."""
        return self.block([len(values), *values])

    # --- conditions ---------------------------------------------------------------
    def matcher(self, spec: Any) -> list[int]:
        """[0, low, high] for a range or a number, [1, set, 0] for a list, [2, block, 0] for a
        range with parity or divisibility (block: low, high, parity -1/0/1, modulus or 0).
        Numbers are clamped to 32 bits: no count the kernel sees comes near (the loader bounds a
        game's pieces, rulespec/limits.py)."""
        if isinstance(spec, CountRange) and spec.arithmetic:
            low, high = -BIG if spec.min is None else spec.min, BIG if spec.max is None else spec.max
            parity = {None: -1, "even": 0, "odd": 1}[spec.parity]
            return [layout.MATCH_ARITHMETIC, self.block([_clamp(low), _clamp(high), parity, _clamp(spec.multiple_of or 0)]), 0]
        if isinstance(spec, CountRange):
            low, high = -BIG if spec.min is None else spec.min, BIG if spec.max is None else spec.max
        elif isinstance(spec, list):
            return [layout.MATCH_SET, self.table(sorted({_clamp(n) for n in spec})), 0]
        else:
            low = high = spec
        return [layout.MATCH_RANGE, _clamp(low), _clamp(high)]

    def condition(self, cond: Condition | None) -> int:
        """The node of a condition (None: always true)."""
        if cond is None:
            return self.block([OP["true"]])
        parts = [self.mark(value, cond.mark_owner) if key == "mark" else self.key(key, value)
                 for key, value in cond if value is not None and key != "mark_owner"]
        if len(parts) == 1:
            return parts[0]
        return self.block([OP["and"], len(parts), *parts]) if parts else self.block([OP["true"]])

    def key(self, key: str, value: Any) -> int:
        geo, game = self.geo, self.game
        if key in MATCHED:
            return self.block([OP[key], *self.matcher(value)])
        if key in SUBCONDITION:
            return self.block([OP[key], self.condition(value)])
        if key == "side":
            return self.block([OP["side"], {"own": 0, "opponent": 1}.get(value, 2)])
        if key == "row":
            return self.block([OP["row"], self.rows.get(value, -99)])
        if key in ("role", "pit"):
            names = [value] if isinstance(value, str) else value
            if key == "role":
                pits = set().union(*(game.roles[n] for n in names))
            else:
                pits = {geo.relative[p][label] for label in names for p in (0, 1)}
            return self.block([OP["inset"], self.block([int(q in pits) for q in range(geo.n_slots)])])
        if key == "store":
            return self.block([OP["store"], int(value)])
        if key in PIT_FLAGS:
            if key == "sown_by_move":
                self.set("sown_by_move", 1)  # the engine stamps the pits each lap sows
            return self.block([OP[key], int(value)])
        if key == "stage":
            names = [value] if isinstance(value, str) else value
            # a set of bits: a name listed twice must not carry into the next name's bit
            return self.block([OP["stage"], sum(1 << i for i in {game.stage_names.index(n) for n in names})])
        if key == "move_kind":
            names = [value] if isinstance(value, str) else value
            return self.block([OP["move_kind"], sum(1 << i for i in {self.kind_names.index(n) for n in names
                                                                     if n in self.kind_names})])
        if key == "captured":
            return self.block([OP["captured"], int(value)])
        if key == "direction":
            return self.block([OP["direction"], CW if value == "clockwise" else CCW])
        if key == "mover":
            return self.block([OP["mover"], 0 if value == "south" else 1])
        if key == "variable":
            return self.variable(value)
        if key == "count_pits":
            where = self.condition(value.where)
            cand = [self.table(pits) for pits in game.conditions.candidates(value.where)]
            return self.block([OP["count_pits"], where, *self.matcher(value.count), *cand])
        if key in PIECE_OPS:
            return self.piece_condition(key, value)
        if key in ("all", "any"):
            parts = [self.condition(c) for c in value]
            return self.block([OP["and" if key == "all" else "or"], len(parts), *parts])
        if key == "not_":
            return self.block([OP["not"], self.condition(value)])
        # the look-aheads: the loader allows them only after a move, which the turn record's
        # assembler (native.TurnAssembler) assembles; the move's program never holds them
        raise AssertionError(f"the condition key {key!r} in a move's program")

    def variable(self, test: Any) -> int:
        """[C_VARIABLE, first slot, whose copy, matcher]: a name's values become their numbers."""
        variable = self.game.spec.variables[test.name]
        who = layout.VAR_GAME if variable.per == "game" else layout.VAR_MOVER if test.of == "mover" else layout.VAR_OPPONENT
        if test.is_ is not None:
            values = test.is_ if isinstance(test.is_, list) else [test.is_]
            spec: Any = [variable.value_of(v) for v in values]
        else:
            spec = test.count
        return self.block([OP["variable"], self.game.variable_slot[test.name], who, *self.matcher(spec)])

    def kinds_mask(self, names: str | list[str]) -> int:
        """A bit set of kinds of piece (game.kind_names' indexes)."""
        names = [names] if isinstance(names, str) else names
        return sum(1 << self.game.kind_names.index(n) for n in set(names))

    def piece_condition(self, key: str, value: Any) -> int:
        """dropped (the kind last dropped into the pit), before (the pit's pieces of some kinds
        before that piece fell) and in_play (pieces of some kinds on the board's pits)."""
        if key == "dropped":
            return self.block([OP[key], self.kinds_mask(value)])
        return self.block([OP[key], self.kinds_mask(value.kinds), *self.matcher(value.count)])

    def pieces(self) -> int:
        """The pieces record (layout's PC_*): several kinds of piece, their values, which can
        be captured, and per capture what it takes of them and the pieces the mover picks."""
        game, rs = self.game, self.rs
        nk = len(game.kind_names)
        caps = []
        for prog in rs.captures:
            picks: list[int] = []
            for sel in prog.rule.take:
                if isinstance(sel, PickSelector):
                    pick = sel.pick
                    run = -1 if pick.per_pit_of is None else self.chain(pick.per_pit_of)
                    picks += [pick.count or 0, run, self.kinds_mask(pick.kinds), self.condition(pick.from_),
                              int(pick.or_opponent_store)]
            caps.append(self.block([int(prog.only_capturable), len(picks) // 5, *picks]))
        return self.block([nk, int(rs.order_choice), game.kind_base, game.piece_base,
                           self.block(game.kind_values), self.block([int(c) for c in game.capturable]), *caps])

    def mark(self, name: str, owner: str | None) -> int:
        """A mark (any owner's), or an owned mark's bit of the mover or of the opponent."""
        bits = self.game.owner_bits.get(name)
        if owner is None or bits is None:
            return self.block([OP["mark"], self.game.mark_bit[name]])
        return self.block([OP["mark_owner"], bits[0], bits[1], int(owner == "opponent")])

    def optional(self, cond: Condition | None) -> int:
        return -1 if cond is None else self.condition(cond)

    # --- the ruleset --------------------------------------------------------------
    def assemble(self) -> list[int]:
        geo, game, rs = self.geo, self.game, self.rs
        n = geo.n_slots
        self.set("nslots", n)
        self.set("npits", geo.n_pits)
        self.set("owner", self.block(geo.owner))
        self.set("row", self.block([self.rows[r] for r in geo.row]))
        self.set("opp", self.block(geo.opposite))
        self.set("behind", self.block(geo.behind))
        self.set("steps", self.block([q for p in (0, 1) for d in (CCW, CW) for q in rs.steps[p][d]]))
        for slot, tables in (("after", rs.after), ("loop", rs.loop_from)):
            offsets = [self.table(list(tables[p][d][q])) if q in tables[p][d] else self.table([])
                       for p in (0, 1) for d in (CCW, CW) for q in range(n)]
            self.set(slot, self.block(offsets))
        self.set("along", self.block([d for p in (0, 1) for d in rs.along_row[p]]))
        self.set("xcol", self.block(geo.xcol))
        self.set("own", self.block([self.table(geo.own[p]) for p in (0, 1)]))
        self.set("store", self.block(geo.store))
        self.set("mirror", self.block(geo.mirror))
        self.set("column", self.block([self.table(geo.column[q] if q < geo.n_pits else []) for q in range(n)]))
        self.set("first_into_origin", int(rs.first_into_origin))
        self.set("dir_base", game.dir_base)
        self.set("relay_base", game.relay_base)
        self.set("pick_base", game.pick_base)
        self.set("max_laps", rs.max_laps)
        sowing = rs.sowing
        assert sowing is not None
        laps = sowing.laps
        self.set("skip", self.optional(sowing.skip))
        self.set("per_pit", rs.per_pit)
        self.set("relay", int(rs.relay))
        self.set("relay_next", int(rs.relay_next))
        self.set("relay_seek", int(rs.relay_seek))
        self.set("relay_reverse", int(rs.relay and laps.reverse))
        self.set("nvars", len(self.game.initial_variables))
        self.set("to_owner", self.block([len(rs.sown_to_owner), *(x for pair in rs.sown_to_owner for x in pair)]))
        self.set("offer_all", int(rs.offer_all))
        self.set("relay_when", self.condition(laps.when))
        self.set("stop_when", self.optional(laps.stop_when) if rs.relay else -1)
        self.set("ask_when", self.optional(laps.ask_when) if rs.relay else -1)
        self.set("clear_lift", rs.clear_on_lift)
        self.set("clear_lift_all", rs.clear_on_lift_all)
        self.set("clear_capture", rs.clear_on_capture)
        self.set("nkinds", len(rs.kinds))
        self.set("kinds", self.block([self.kind(k) for k in rs.kinds]))
        self.set("ncaps", len(rs.captures))
        self.set("caps", self.block([self.capture(c, rs.capture_marks[i] if rs.capture_marks else None)
                                     for i, c in enumerate(rs.captures)]))
        passing = sowing.passing
        self.set("npassing", len(passing))
        self.set("passing", self.block([self.block([self.condition(pc.when), int(pc.by == "owner"),
                                                    int(pc.last == "include")]) for pc in passing]))
        self.set("nduring", len(rs.during))
        self.set("during", self.block([self.during(e) for e in rs.during]))
        self.set("must_simulate", int(rs.must_simulate))
        self.set("number_base", game.number_base)
        self.set("pieces", self.pieces() if game.multi else -1)
        # pits that change hands: the bits that make a pit South's, North's (holding.py)
        self.set("held", -1 if game.held is None else self.block(list(game.held)))
        return self.p

    def kind(self, kind: Any) -> int:
        tables = [self.block([len(kind.table[p]), *(x for row in kind.table[p] for x in row)])
                  for p in (0, 1)]
        require_capture = 2 if kind.require_capture == "first_lap" else int(bool(kind.require_capture))
        return self.block([
            kind.stock_drop, kind.take, int(kind.lift_all), int(kind.captures), require_capture,
            self.optional(kind.require_condition), self.kind_names.index(kind.name),
            self.optional(kind.condition), int(kind.ask_direction), self.table(kind.directions), *tables,
            kind.more_pits, int(kind.placement), self.optional(kind.into), self.optional(kind.require_after),
        ])

    def chain(self, c: Any) -> int:
        """A chain of pits (a capture's selector, or the run that counts a capture's picks)."""
        return self.block([CHAIN, self.condition(c.while_), int(c.direction == "backwards"),
                           int(c.start == "opposite"), int(c.skip_first), c.length or self.geo.n_slots,
                           int(bool(c.exactly) and c.length is not None), c.step, self.optional(c.gap),
                           int(c.with_opposite)])

    def capture(self, prog: Any, marks: list[int] | None) -> int:
        """A capture program; `marks`: the bits it sets on the landing pit, per mover. Picked
        pieces and captures of some kinds are in the pieces record (several kinds of piece)."""
        sels: list[int] = []
        chosen: list[int] = []
        """(count, condition, optional) per choose selector: the pits the mover picks, after the fixed ones."""
        for sel in prog.rule.take:
            if isinstance(sel, str):
                sels.append(self.block([SELECTORS[sel]]))
            elif isinstance(sel, ChainSelector):
                sels.append(self.chain(sel.chain))
            elif isinstance(sel, ChooseSelector):
                chosen += [sel.choose.count, self.condition(sel.choose.from_), int(sel.choose.optional)]
            elif isinstance(sel, WhereSelector):
                sels.append(self.block([layout.SEL_WHERE, self.condition(sel.where)]))
        rule = prog.rule
        entry = nearest = -1
        entry_pits = [self.table([]), self.table([])]
        if prog.to == "sow":
            sow = rule.to.sow
            entry = self.condition(sow.entry)
            entry_pits = [self.table(pits) for pits in prog.entry_pits]
            nearest = self.optional(sow.nearest_when)
        return self.block([self.condition(rule.when), TO[prog.to], int(prog.forfeit_grand_slam), entry,
                           *entry_pits, nearest, int(prog.keep_direction), int(prog.optional), _entry_turns(prog),
                           GO_ON.get(rule.then, layout.GO_ON_END), *(marks or [0, 0]), int(prog.carry),
                           prog.most, int(prog.seek), TAKERS[rule.by], int(rule.at == "move_end"), len(sels),
                           *sels, len(chosen) // 3, *chosen])

    def during(self, end: Any) -> int:
        """An end check inside a move: a side empty, a condition tested with the turn's blank
        move context on the pit where the lap ended, or the scores (layout's D_*)."""
        none = [self.table([]), self.table([])]
        if end.kind == "condition":
            return self.block([layout.D_CONDITION, *none, self.condition(end.spec.when), -1])
        if end.kind in ("majority", "score_at_least"):
            code = layout.D_MAJORITY if end.kind == "majority" else layout.D_SCORE_AT_LEAST
            return self.block([code, *none, getattr(end.spec, "points", 0), self.scoring_record()])
        assert end.kind == "side_empty" and end.side_pits is not None  # (the loader refuses the others)
        return self.block([DURING_PLAYER[end.player], self.table(end.side_pits[0]), self.table(end.side_pits[1]), -1,
                           -1])

    def scoring(self) -> dict[int, int]:
        """How scores are counted, by the turn record's slots (layout's T_SCORE, T_VALUE, T_TOTAL,
        T_OWNED0/1)."""
        game = self.game
        return {layout.T_SCORE: sum(SCORE_BITS[c] for c in set(game.score_counts)), layout.T_VALUE: game.piece_value,
                layout.T_TOTAL: game.total_pieces * game.piece_value,
                **{layout.T_OWNED0 + p: sum(bits[p] for bits in game.owner_bits.values()) for p in (0, 1)}}

    def scoring_record(self) -> int:
        """The scoring laid out as a turn record's (its other slots unused), for an end about the
        scores checked during a move."""
        record = [0] * layout.T_SIZE
        for slot, value in self.scoring().items():
            record[slot] = value
        return self.block(record)


def engine_module() -> ModuleType:
    """The engine: its compiled build (`_engine`) unless RULESPEC_PURE=1 or none was
    built from this layout, else interpreter/engine.py run by Python."""
    if os.environ.get("RULESPEC_PURE") != "1":
        try:
            from . import _engine
        except ImportError:  # pragma: no cover - compiled at install when Cython and a C compiler are there
            pass
        else:
            if _engine.BUILT_LAYOUT == LAYOUT:
                return _engine
    from . import engine

    return engine


def unflatten(flat: list[int], n_kinds: int) -> list[list[int]]:
    return [flat[i:i + n_kinds] for i in range(0, len(flat), n_kinds)]


def sown(seq: tuple[int, ...], hand: int, per_pit: int = 1) -> tuple[int, ...]:
    """The slots a lap of `hand` pieces drops into along `seq`, piece by piece, in order (round
    and round; a slot once for each piece, `per_pit` pieces a pit)."""
    n = len(seq)
    return tuple(seq[(i // per_pit) % n] for i in range(hand)) if n else ()


def done_facts(rs: Ruleset, out: tuple[Any, ...], trace: list[int] | None,
               names: list[str] | None = None) -> dict[str, Any]:
    """The MoveInfo attributes a finished play reports: Kernel.play's "done" answer, and its
    trace (or None); `names`: fired_names(rs), when kept."""
    facts, fired, end_prog, end_who, taken, kinds, _, taken_kinds = out[5:]
    found: dict[str, Any] = dict(zip(FACTS, facts))
    if fired:
        found["fired"] = tuple(map((names or fired_names(rs)).__getitem__, fired))
    if end_prog >= 0:
        found["end"] = (rs.during[end_prog], end_who)
    if taken:
        found["taken"] = tuple(zip(taken[::2], taken[1::2]))
    if trace is not None:
        found["trace"] = traced(rs, trace)
    if kinds is not None:
        found["taken_kinds"] = tuple(zip(taken_kinds[::3], taken_kinds[1::3], taken_kinds[2::3]))
    return found


def traced(rs: Ruleset, flat: list[int]) -> list[tuple[Any, ...]]:
    """The engine's trace of a move (layout's TR_ entries) as `MoveInfo.trace` gives it: each
    lap's slots in order, each capture's pits, each piece placed."""
    out: list[tuple[Any, ...]] = []
    at = 0
    while at < len(flat):
        code = flat[at]
        if code == layout.TR_LAP:
            hand, n = flat[at + 1], flat[at + 2]
            out.append(("lap", sown(tuple(flat[at + 3:at + 3 + n]), hand, rs.per_pit)))
            at += 3 + n
        elif code == layout.TR_TAKE:
            cap, taken, n = flat[at + 1], flat[at + 2], flat[at + 3]
            out.append(("take", tuple(flat[at + 4:at + 4 + n]), rs.captures[cap].to, taken))
            at += 4 + n
        elif code == layout.TR_PLACE:
            out.append(("place", flat[at + 1]))
            at += 2
        else:  # TR_ENTRY: read by rules_entries, not a step of the trace
            at += 6 + flat[at + 5]
    return out


def rules_entries(flat: list[int]) -> list[tuple[int, int, int, int, list[int]]]:
    """The entries a traced move's rules chose, never asked (layout.TR_ENTRY): (decisions
    answered before it, the pit, the pit the lap ended in, pieces in hand, the candidates)."""
    out = []
    at = 0
    while at < len(flat):
        code = flat[at]
        if code == layout.TR_LAP:
            at += 3 + flat[at + 2]
        elif code == layout.TR_TAKE:
            at += 4 + flat[at + 3]
        elif code == layout.TR_PLACE:
            at += 2
        else:
            n = flat[at + 5]
            out.append((flat[at + 1], flat[at + 2], flat[at + 3], flat[at + 4], flat[at + 6:at + 6 + n]))
            at += 6 + n
    return out


def fired_names(rs: Ruleset) -> list[str]:
    """What the kernel's `fired` codes mean: capture i, capture while passing i (after the
    captures), or an event -1, -2, -3 (counted from the end of this list)."""
    return [c.name for c in rs.captures] + rs.passing + [EVENTS[code] for code in sorted(EVENTS)]


def engine_request(game: Any, rs: Ruleset, mover: int, kind: int, at: int, in_hand: int, options: list[int],
                   default: int, hand_kinds: list[int] | None = None) -> Request:
    """The Request of a decision the engine asks, from what it reports (R_ kind, the pit it is
    asked at, pieces in hand, the options, the default or -1, the hand's kinds). A capture's,
    a relay's and a count's options are the decision's own: restrict them to those offered."""
    name = REQUESTS[kind]
    if name == "piece":  # the kind of the next piece dropped
        return Request("piece", options, [game.kind_symbols[o - game.kind_base] for o in options],
                       in_hand=in_hand, hand_kinds=hand_kinds)
    if name == "pick":  # a piece the capture takes: +symbol pit
        n_kinds = len(game.kind_names)
        labels = [f"+{game.kind_symbols[k]}{game.geo.label[q]}"
                  for q, k in (divmod(o - game.piece_base, n_kinds) for o in options)]
        return Request("pick", options, labels)
    if name == "direction":
        return direction_request(game, rs, mover, at, [o - game.dir_base for o in options], in_hand)
    if name == "entry":
        return entry_request(game, [o - game.pick_base for o in options], at, in_hand)
    if name == "pit":
        return pick_request(game, [o - game.pick_base for o in options if o >= game.pick_base],
                            optional=default >= 0)
    if name == "capture":
        return capture_request(game)
    if name == "more":  # another pit lifted into the hand, or stop (-)
        labels = [game.geo.label[o - game.pick_base] if o >= game.pick_base else "-" for o in options]
        return Request("pit", options, labels, default=default, in_hand=in_hand)
    if name == "place":
        return Request("place", options, [game.geo.label[o - game.pick_base] for o in options], in_hand=in_hand)
    if name == "count":  # 1 to the most offered
        return count_request(game, max(options) - game.number_base)
    return relay_request(game)
