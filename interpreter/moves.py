"""The per-move path: which starts are legal, and playing a move.

A move is a plain function that mutates the state. When the mover must decide something
inside the move it calls `ask(request)`: live play answers from the decisions made so far or
raises NeedDecision (the state then replays the move from its start once the decision is
made); look-ahead answers with the first option.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import Any

from rulespec.errors import EndlessMove, LimitError

from .context import MoveInfo
from .endgame import NOT_ENDED
from .layout import MAX_PLAYS_PER_CALL
from .geometry import CCW, CW, NONE
from .requests import (Request, capture_request, count_request, direction_request, entry_request,
                       forced_entry_request, pick_request, relay_request)
from .rules import LATER, TAKE_ALL, TAKE_ANY, TAKE_NONE, CaptureProgram, Ruleset, Start


class NeedDecision(Exception):
    """Raised by `ask` in live play: the move cannot go on until the mover decides."""

    def __init__(self, request: Request):
        self.request = request


Ask = Callable[[Request], int]


def replayer(decisions: list[int]) -> Ask:
    """An `ask` that answers from `decisions` in order, then raises NeedDecision."""
    it = iter(decisions)

    def ask(request: Request) -> int:
        for d in it:
            return d
        raise NeedDecision(request)

    return ask


def first_option(request: Request) -> int:
    return request.options[0]


def _direction_request(st: Any, rs: Ruleset, origin: int, directions: list[int], in_hand: int = 0) -> Request:
    return direction_request(st.game, rs, st.to_move, origin, directions, in_hand)


# The decisions inside a move, as the mover is asked them (shared with the move kernel).

def opening_request(st: Any, rs: Ruleset, starts: list[Start]) -> Request | None:
    """The decision asked before anything moves: the direction, when the move kind lets the
    mover choose it. The same for every move from this pit with these directions, so made once."""
    start = starts[0]
    if len(starts) == 1 and not start.kind.ask_direction:
        return None
    # A piece a kind drops from the stock is in hand while the direction is asked (the
    # state shows it taken from the stock); nothing is lifted from the board yet.
    key = (st.to_move, start.pit, tuple(s.direction for s in starts), start.kind.stock_drop)
    req = rs.opening_requests.get(key)
    if req is None:
        req = rs.opening_requests[key] = _direction_request(st, rs, start.pit, list(key[2]), key[3])
    return req


def sown(seq: tuple[int, ...], hand: int) -> tuple[int, ...]:
    """The slots a lap of `hand` pieces drops into along `seq`, in order (round and round)."""
    n = len(seq)
    return tuple(seq[i % n] for i in range(hand)) if n else ()


def sow_lap(b: list[int], seq: tuple[int, ...], hand: int) -> int:
    """Sow `hand` pieces one by one along `seq` (round and round if need be); the last slot."""
    n = len(seq)
    if hand <= n:
        for s in seq[:hand]:
            b[s] += 1
        return seq[hand - 1]
    q, r = divmod(hand, n)
    for s in seq:
        b[s] += q
    for s in seq[:r]:
        b[s] += 1
    return seq[r - 1] if r else seq[-1]


def taken_pits(st: Any, cap: CaptureProgram, last: int, mv: MoveInfo) -> list[int]:
    """The pits a capture's fixed selectors take, in order, each once."""
    fixed = cap.fixed
    if len(fixed) == 1:
        pits = fixed[0](st, last, mv)
        # (a chain may come round the circuit to its first pit again: that pit is taken once,
        # and counted once where grand_slam: forfeit weighs the capture)
        return pits if len(pits) < 2 or len(set(pits)) == len(pits) else list(dict.fromkeys(pits))
    pits: list[int] = []
    for sel in fixed:
        for q in sel(st, last, mv):
            if q not in pits:
                pits.append(q)
    return pits


def play(st: Any, rs: Ruleset, starts: list[Start], ask: Ask, probe: bool = False) -> MoveInfo:
    """Play one move from one of `starts` (all of one pit) on `st`, in place. With `probe`,
    stop after the first lap and record what its capture would take (for look-ahead)."""
    game = st.game
    start = starts[0]
    req = opening_request(st, rs, starts)
    if req is not None:
        chosen = ask(req) - game.dir_base
        start = next(s for s in starts if s.direction == chosen)
    if st.kinds is not None:
        return play_kinds(st, rs, start, ask, probe)
    kind = start.kind
    mover = st.to_move
    mv = MoveInfo(mover, start.pit, start.direction)
    mv.kind = kind.name
    mv.stage = st.stage
    trace = mv.trace = [] if game.trace_moves else None
    b = st.board
    pit = start.pit
    take = kind.take
    if kind.lift_all:
        hand = b[pit]
        b[pit] = 0
        mv.lifted = hand
        if rs.clear_on_lift or rs.clear_on_lift_all:
            _lifted(st, rs, pit)
        landed = False
    elif take == TAKE_NONE:
        if kind.stock_drop:
            st.stock[mover] -= kind.stock_drop
            b[pit] += kind.stock_drop
        hand = 0
        mv.lifted = kind.stock_drop
        mv.lap_seq = (pit,)
        mv.lap_hand = kind.stock_drop
        landed = True
    else:
        if kind.stock_drop:
            st.stock[mover] -= kind.stock_drop
            b[pit] += kind.stock_drop
        if take == TAKE_ALL:
            hand = b[pit]
        elif take == TAKE_ANY:
            hand = ask(count_request(game, b[pit])) - game.number_base
        else:
            hand = take
        b[pit] -= hand
        _lifted(st, rs, pit)
        for _ in range(kind.more_pits):
            stop = game.relay_base + 1
            more = [q for q in game.geo.own[mover] if b[q] and q != pit]
            if not more:
                break
            chosen = ask(Request("pit", [game.pick_base + q for q in more] + [stop],
                                 lambda more=more: [game.geo.label[q] for q in more] + ["-"],
                                 default=stop, in_hand=hand))
            if chosen == stop:
                break
            q = chosen - game.pick_base
            hand += b[q]
            b[q] = 0
            _lifted(st, rs, q)
        mv.lifted = hand
        landed = False
        if kind.placement:
            return _place(st, mv, hand, ask)
    last = pit
    entry = NONE
    laps = 0
    skip = rs.skip
    captures = rs.captures if kind.captures else ()
    during = rs.during
    after, loop_from = rs.after[mover], rs.loop_from[mover]
    max_laps, needs_lap, require = rs.max_laps, rs.needs_lap, kind.require
    relay_when = rs.relay_when if rs.relay else None
    while True:
        if not landed:
            d = mv.direction
            if d == LATER:
                d = ask(_direction_request(st, rs, last, [CCW, CW], hand)) - game.dir_base
                mv.direction = d
            if entry != NONE:
                seq = loop_from[d][entry]
                entry = NONE
            elif laps == 0 and rs.first_into_origin and hand > 1:
                seq = loop_from[d][last]
            else:
                seq = after[d][last]
            if skip is not None:
                seq = tuple(s for s in seq if not skip(st, s, mv))
            if not seq:
                raise EndlessMove("there is no pit to sow into")
            last = sow_lap(b, seq, hand) if not rs.passing else _sow_passing(st, rs, seq, hand, mv)
            if trace is not None:
                trace.append(("lap", sown(seq, hand)))
            if needs_lap:
                mv.lap_seq = seq
                mv.lap_hand = hand
            if rs.sown_to_owner:
                _to_owners(st, rs)
        landed = False
        laps += 1
        if laps > max_laps:
            raise EndlessMove(f"more than {max_laps} laps")
        mv.lap = laps
        mv.last = last
        if laps == 1 and require is not None:
            mv.first_ok = require(st, last, mv)
        if during:
            for prog in during:
                who = prog.check(st, mover) if prog.check_at is None else prog.check_at(st, mover, last)
                if who != NOT_ENDED:
                    mv.end = (prog, who)
                    mv.sowings = laps
                    return mv
        ended = sow_on = False
        for cap in captures:
            if cap.when(st, last, mv):
                if cap.optional and not probe and ask(capture_request(game)) != game.relay_base:
                    continue  # declined: as if the rule had not held
                pits = taken_pits(st, cap, last, mv)
                if probe:
                    mv.first_taken = tuple(pits)
                    mv.first_captured = True
                    return mv
                for count, test, optional in cap.choose:
                    pick_base = game.pick_base
                    for _ in range(count):
                        options = [q for q in range(game.geo.n_pits)
                                   if q not in pits and b[q] and test(st, q, mv)]
                        if not options:
                            break
                        chosen = ask(pick_request(game, options, optional))
                        if chosen < pick_base:
                            break  # stopped picking
                        pits.append(chosen - pick_base)
                taken = _take(st, rs, cap, pits, mv)
                if trace is not None:
                    trace.append(("take", tuple(pits), cap.to, taken))
                mv.captured += taken
                bits = rs.capture_marks[rs.captures.index(cap)] if rs.capture_marks else None
                if bits is not None:
                    st.marks[last] |= bits[mover]
                if laps == 1 and taken:
                    mv.first_captured = True
                mv.fired += (cap.name,)
                if cap.to == "sow" and taken:
                    entry = _entry(st, rs, cap, last, mv, ask, taken)
                    hand = taken
                    sow_on = True
                elif cap.go_on and pits:
                    last = pits[-1]  # the relay rule reads the last pit taken as the landing pit
                elif cap.carry and b[last]:
                    b[last] -= 1  # the capturing piece goes on alone, from the landing pit
                    hand = 1
                    sow_on = True
                else:
                    ended = True
                break
        if probe and laps == 1:
            return mv
        if ended:
            break
        if sow_on:
            continue
        if relay_when is not None and rs.relay_next:
            last = rs.steps[mover][mv.direction][last]
            if last == NONE or not relay_when(st, last, mv):
                break
            hand = b[last]
            b[last] = 0
            _lifted(st, rs, last)
            continue
        if relay_when is not None and relay_when(st, last, mv):
            if rs.stop_when is not None and rs.stop_when(st, last, mv):
                mv.fired += ("relay stopped",)
                break
            if rs.ask_when is not None and rs.ask_when(st, last, mv):
                if ask(relay_request(game)) != game.relay_base:
                    mv.fired += ("relay stop chosen",)
                    break
                mv.fired += ("relay go-on chosen",)
            hand = b[last]
            b[last] = 0
            _lifted(st, rs, last)
            continue
        break
    mv.sowings = laps
    return mv


def _sow_passing(st: Any, rs: Ruleset, seq: tuple[int, ...], hand: int, mv: MoveInfo) -> int:
    """Sow piece by piece, taking the pits where a capture-while-passing rule holds."""
    b, store, whose = st.board, st.game.geo.store, st.game.owner_of
    n = len(seq)
    last = seq[(hand - 1) % n]
    for i in range(hand):
        q = seq[i % n]
        b[q] += 1
        if i == hand - 1:
            mv.last = q
        for name, test, by_owner, with_last in rs.passing:
            if (i < hand - 1 or with_last) and test(st, q, mv):
                o = whose(st, q) if by_owner else -1
                who = o if o >= 0 else mv.mover
                if b[q]:
                    mv.taken += ((q, b[q]),)
                b[store[who]] += b[q]
                if who == mv.mover:
                    mv.captured += b[q]
                b[q] = 0
                mv.fired += (name,)
                break
    return last


def play_kinds(st: Any, rs: Ruleset, start: Start, ask: Ask, probe: bool = False) -> MoveInfo:
    """`play` with several kinds of piece: lift all, one lap (the mover choosing the kind of
    each piece dropped when the sowing says so), then captures that may take only capturable
    kinds and let the mover pick pieces."""
    game = st.game
    kind = start.kind
    mover = st.to_move
    mv = MoveInfo(mover, start.pit, start.direction)
    mv.kind = kind.name
    mv.stage = st.stage
    trace = mv.trace = [] if game.trace_moves else None
    b, kinds = st.board, st.kinds
    n_kinds = len(game.kind_names)
    pit = start.pit
    hand = kinds[pit]
    kinds[pit] = [0] * n_kinds
    remaining = b[pit]
    b[pit] = 0
    mv.lifted = remaining
    if rs.clear_on_lift or rs.clear_on_lift_all:
        _lifted(st, rs, pit)
    seq = rs.after[mover][start.direction][pit]
    n = len(seq)
    if not n:
        raise EndlessMove("there is no pit to sow into")
    drops: dict[int, list[int]] = {}
    mv.drops = drops
    base, symbols = game.kind_base, game.kind_symbols
    i = 0
    last = pit
    while remaining:
        q = seq[i % n]
        i += 1
        present = [k for k in range(n_kinds) if hand[k]]
        if rs.order_choice:
            k = ask(Request("piece", [base + k for k in present], [symbols[k] for k in present],
                            in_hand=remaining, hand_kinds=hand[:])) - base
        else:
            k = present[0]
        hand[k] -= 1
        remaining -= 1
        b[q] += 1
        kinds[q][k] += 1
        drops.setdefault(q, []).append(k)
        last = q
    mv.last = last
    mv.lap_seq = seq
    mv.lap_hand = mv.lifted
    if trace is not None:
        trace.append(("lap", sown(seq, mv.lifted)))
    for cap in (rs.captures if kind.captures else ()):
        if not cap.when(st, last, mv):
            continue
        if cap.optional and not probe and ask(capture_request(game)) != game.relay_base:
            continue  # declined: as if the rule had not held
        pits = taken_pits(st, cap, last, mv)
        if probe:
            mv.first_taken = tuple(pits)
            mv.first_captured = True
            return mv
        store = game.geo.store[mover]
        taken = 0
        picked: list[int] = []
        for q in pits:
            for k in range(n_kinds):
                c = kinds[q][k]
                if c and (game.capturable[k] or not cap.only_capturable):
                    mv.taken_kinds += ((q, k, c),)
                    kinds[q][k] = 0
                    b[q] -= c
                    kinds[store][k] += c
                    b[store] += c
                    taken += c
        for count, run, wanted, test, or_store in cap.picks:
            for _ in range(len(run(st, last, mv)) if run is not None else count):
                q, k = _pick(st, mv, wanted, test, or_store, ask)
                if q < 0:
                    break
                picked.append(q)
                mv.taken_kinds += ((q, k, 1),)
                kinds[q][k] -= 1
                b[q] -= 1
                kinds[store][k] += 1
                b[store] += 1
                taken += 1
        mv.captured = taken
        for q, _, c in mv.taken_kinds:
            if mv.taken and mv.taken[-1][0] == q:
                mv.taken = mv.taken[:-1] + ((q, mv.taken[-1][1] + c),)
            else:
                mv.taken += ((q, c),)
        mv.first_captured = bool(taken)
        mv.fired = (cap.name,)
        if trace is not None:
            trace.append(("take", tuple(pits) + tuple(picked), cap.to, taken))
        break
    return mv


def _pick(st: Any, mv: MoveInfo, wanted: list[int], test: Any, or_store: bool, ask: Ask) -> tuple[int, int]:
    """The mover picks one piece of the wanted kinds from a pit passing `test` (or, when there
    is none, from the opponent's store); (-1, -1) when there is nothing to pick."""
    game = st.game
    geo = game.geo
    options = [(q, k) for q in range(geo.n_pits) for k in wanted if st.kinds[q][k] and test(st, q, mv)]
    if not options and or_store:
        store = geo.store[1 - mv.mover]
        options = [(store, k) for k in wanted if st.kinds[store][k]]
    if not options:
        return -1, -1
    n_kinds = len(game.kind_names)
    ids = [game.piece_base + q * n_kinds + k for q, k in options]
    labels = [f"+{game.kind_symbols[k]}{geo.label[q]}" for q, k in options]
    chosen = ask(Request("pick", ids, labels)) - game.piece_base
    return divmod(chosen, n_kinds)


def play_plain(st: Any, rs: Ruleset, start: Start) -> MoveInfo:
    """`play` for the commonest rulesets, chosen at compile time (Ruleset.plain): lift all,
    one lap, no decisions, no skipped pits, no mid-move checks; captures end the move."""
    mover = st.to_move
    pit = start.pit
    mv = MoveInfo(mover, pit, start.direction)
    mv.kind = start.kind.name
    mv.stage = st.stage
    b = st.board
    hand = b[pit]
    b[pit] = 0
    mv.lifted = hand
    seq = rs.after[mover][start.direction][pit]
    if hand <= len(seq):  # sow_lap's common case, inline
        for s in seq[:hand]:
            b[s] += 1
        last = seq[hand - 1]
    else:
        last = sow_lap(b, seq, hand)
    if rs.needs_lap:
        mv.lap_seq = seq
        mv.lap_hand = hand
    mv.last = last
    trace = mv.trace = [("lap", sown(seq, hand))] if st.game.trace_moves else None
    for cap in rs.captures:
        if cap.when(st, last, mv):
            pits = taken_pits(st, cap, last, mv)
            mv.captured = _take(st, rs, cap, pits, mv)
            mv.fired = (cap.name,)
            if trace is not None:
                trace.append(("take", tuple(pits), cap.to, mv.captured))
            break
    return mv


def play_decided(st: Any, rs: Ruleset, starts: list[Start], decisions: list[int]) -> MoveInfo:
    """Play on `st` in place with the mover's decisions so far; NeedDecision when they run out."""
    if rs.kernel is not None:
        return rs.kernel.play(st, starts, decisions)
    return play(st, rs, starts, replayer(decisions))


def _to_owners(st: Any, rs: Ruleset) -> None:
    """Pieces in pits carrying an owned mark that sends them on go to the owner's store."""
    b, marks, store = st.board, st.marks, st.game.geo.store
    for q in range(st.game.geo.n_pits):
        if b[q] and marks[q]:
            for bit, owner in rs.sown_to_owner:
                if marks[q] & bit:
                    b[store[owner]] += b[q]
                    b[q] = 0


def _lifted(st: Any, rs: Ruleset, pit: int) -> None:
    """Marks cleared by lifting pieces from `pit` to sow them."""
    if rs.clear_on_lift:
        st.marks[pit] &= ~rs.clear_on_lift
    if rs.clear_on_lift_all and not st.board[pit]:
        st.marks[pit] &= ~rs.clear_on_lift_all


def _place(st: Any, mv: MoveInfo, hand: int, ask: Ask) -> MoveInfo:
    """Put each lifted piece into a pit of the mover's choice (a free redistribution)."""
    game = st.game
    geo = game.geo
    options = [game.pick_base + q for q in range(geo.n_pits)]
    labels = [geo.label[q] for q in range(geo.n_pits)]
    last = mv.origin
    if game.trace_moves:
        mv.trace = []
    while hand:
        last = ask(Request("place", options, labels, in_hand=hand)) - game.pick_base
        st.board[last] += 1
        hand -= 1
        if mv.trace is not None:
            mv.trace.append(("place", last))
    mv.last = last
    mv.lap = mv.sowings = 1
    return mv


def _entry(st: Any, rs: Ruleset, cap: CaptureProgram, last: int, mv: MoveInfo, ask: Ask, hand: int) -> int:
    """The pit captured pieces are sown from; sets the move's direction from it."""
    game = st.game
    geo = game.geo
    along = rs.along_row[mv.mover]
    assert cap.entry is not None
    entries = [q for q in cap.entry_pits[mv.mover] if cap.entry(st, q, mv)]
    if not entries:
        raise EndlessMove(f"capture {cap.name!r} has no entry pit to sow from")
    chosen = NONE
    if len(entries) == 1:
        chosen = entries[0]
    elif cap.nearest_when is not None and cap.nearest_when(st, last, mv):
        chosen = min(entries, key=lambda q: (abs(geo.xcol[q] - geo.xcol[last]), q))
    elif cap.keep_direction and mv.direction != LATER:
        same = [q for q in entries if along[q] == mv.direction]
        if len(same) == 1:
            chosen = same[0]
    if chosen == NONE:
        chosen = ask(entry_request(game, entries, last, hand)) - game.pick_base
    else:
        noted = getattr(ask, "forced", None)  # notation reading what a move may write
        if noted is not None:
            noted(forced_entry_request(game, cap.entry_pits[mv.mover], chosen, last, hand), game.pick_base + chosen)
    d = along[chosen]
    if cap.entry_direction is not None:
        mv.direction = cap.entry_direction
    elif d != LATER and (cap.entry_turns or mv.direction == LATER):
        mv.direction = d
    return chosen


def _take(st: Any, rs: Ruleset, cap: CaptureProgram, pits: list[int], mv: MoveInfo) -> int:
    b = st.board
    geo = st.game.geo
    if cap.forfeit_grand_slam:
        opp = 1 - mv.mover
        game = st.game
        if game.held is None:
            on_side = sum(geo.side_counts[opp](b))
            owner = geo.owner
            taken = sum([b[q] for q in pits if owner[q] == opp])
        else:  # pits change hands: the opponent's side is what they hold now
            on_side = sum(b[q] for q in game.pits_of(st, opp))
            taken = sum([b[q] for q in pits if game.owner_of(st, q) == opp])
        if on_side and taken == on_side:
            return 0
    total = 0
    for q in pits:
        n = min(b[q], cap.most) if cap.most else b[q]
        if n:
            mv.taken += ((q, n),)
        total += n
        b[q] -= n
        if rs.clear_on_capture and not b[q]:
            st.marks[q] &= ~rs.clear_on_capture
    if cap.to == "store":
        b[geo.store[mv.mover]] += total
    elif cap.to == "removed":
        st.removed += total
    elif cap.to == "landing":
        b[mv.last] += total
    return total


def legal_starts(st: Any, rs: Ruleset, feed: Any) -> tuple[list[int], dict[int, list[Start]]]:
    """The legal start actions of the player to move (sorted) and the starts behind each,
    from the first move kind that has any."""
    b = st.board
    mover = st.to_move
    game = st.game
    feeding = feed is not None and feed(st, NONE, game.turn_ctx[mover])
    st._feeding = feeding
    if rs.kernel is not None:
        return rs.kernel.legal_starts(st, feeding)
    offered: dict[int, list[Start]] = {}
    for kind in rs.kinds:
        drop = kind.stock_drop
        if drop and st.stock[mover] < drop:
            continue
        simulate = (rs.must_simulate and not kind.placement) or feeding
        test = kind.test
        if test is None and kind.pits_scope == "own" and kind.lift_all:
            legal = list(compress(kind.aids[mover], game.geo.side_counts[mover](b)))
            found = {aid: kind.by_aid[mover][aid] for aid in legal} if legal and simulate else kind.by_aid[mover]
        else:
            found = {}
            take = kind.take
            for aid, pit, ss in kind.table[mover]:
                n = b[pit] + drop
                if (take in (TAKE_ALL, TAKE_ANY) and not n) or (take > 0 and n < take):
                    continue
                ok = ss if test is None else [s for s in ss if test(st, pit, s.ctx)]
                if ok:
                    found[aid] = ok
            legal = list(found)
        if legal and simulate:
            kept: dict[int, list[Start]] = {}
            for aid in legal:
                ok = [s for s in found[aid] if _acceptable(st, rs, s, kind, feeding)]
                if ok:
                    kept[aid] = ok
            found, legal = kept, list(kept)
        if legal and not rs.offer_all:
            return legal, found
        for aid in legal:  # offered together: an earlier kind keeps a pit and direction
            have = offered.setdefault(aid, [])
            have.extend(s for s in found[aid] if all(h.direction != s.direction for h in have))
    if offered:
        return sorted(offered), offered
    return [], {}


def _acceptable(st: Any, rs: Ruleset, start: Start, kind: Any, feeding: bool) -> bool:
    """Look ahead: does some way of completing this start satisfy its move kind's
    requirements (and feeding, and the lap bound)?"""
    if kind.require_capture == "first_lap" and kind.take != TAKE_ANY:
        try:
            if not play(st.scratch(), rs, [start], first_option, probe=True).first_captured:
                return False
        except EndlessMove:
            return False
    return completes(st, rs, start, kind, feeding, [])


PYTHON_PLAYS_PER_CALL = MAX_PLAYS_PER_CALL // 50
"""Plays the Python path's look-ahead may make for one start: about the seconds the kernel's
bound takes, at the Python path's speed (the search tries every way of completing a move)."""


def completes(st: Any, rs: Ruleset, start: Start, kind: Any, feeding: bool, prefix: list[int]) -> bool:
    """Whether the move from `start`, after the decisions `prefix`, can be completed so that
    it is allowed. The first options are tried first (nearly always enough); only if that
    completion is not allowed are the others searched, depth first, for at most
    PYTHON_PLAYS_PER_CALL plays (then LimitError, as the kernel past its bound)."""
    if rs.kernel is not None:
        return rs.kernel.completes(st, start, feeding, prefix)
    scratch = st.scratch()
    try:
        mv = play(scratch, rs, [start], _then_first(prefix))
    except EndlessMove:
        _bound_hit(st, start)
    else:
        if _allowed(st, scratch, mv, kind, feeding):
            return True
    return _search(st, rs, start, kind, feeding, prefix, [PYTHON_PLAYS_PER_CALL])


def _bound_hit(st: Any, start: Start) -> None:
    """Count a start refused for exceeding the lap bound, keeping one example (for fuzz reports)."""
    game = st.game
    game.bound_hits += 1
    if game.bound_example is None:
        game.bound_example = (game.geo.label[start.pit], str(st))


def _then_first(prefix: list[int]) -> Ask:
    """An `ask` that answers from `prefix`, then with the first option."""
    it = iter(prefix)

    def ask(request: Request) -> int:
        for d in it:
            return d
        return request.options[0]

    return ask


def _search(st: Any, rs: Ruleset, start: Start, kind: Any, feeding: bool, prefix: list[int],
            budget: list[int]) -> bool:
    budget[0] -= 1
    if budget[0] < 0:
        raise LimitError(f"the look-ahead needed more than {PYTHON_PLAYS_PER_CALL} plays to decide whether a "
                         f"move can be completed")
    scratch = st.scratch()
    try:
        mv = play(scratch, rs, [start], replayer(prefix))
    except NeedDecision as need:
        return any(_search(st, rs, start, kind, feeding, prefix + [o], budget) for o in need.request.options)
    except EndlessMove:
        return False
    return _allowed(st, scratch, mv, kind, feeding)


def _allowed(st: Any, after: Any, mv: MoveInfo, kind: Any, feeding: bool) -> bool:
    """The requirements of a move kind (and feeding) on a finished move."""
    if kind.require_capture == "first_lap":
        if not mv.first_captured:
            return False
    elif kind.require_capture and not mv.captured:
        return False
    if not mv.first_ok:
        return False
    if feeding:
        game = st.game
        # the opponent's pits after the move (where pits change hands: those they hold then)
        opp = game.geo.own[1 - st.to_move] if game.held is None else game.pits_of(after, 1 - st.to_move)
        if not any(after.board[q] for q in opp):
            return False
    return True


def threat_set(st: Any, m: MoveInfo, player: int | None = None) -> frozenset[int]:
    """The pits `player` (by default the mover of `m`) could capture with the first lap of a
    legal move, were it their turn now. Cached on `m` while marks are updated."""
    who = m.mover if player is None else player
    cache = m.threats
    if cache is not None and who in cache:
        return cache[who]
    game = st.game
    probe = st.scratch()
    probe.to_move = who
    legal: list[int] = []
    starts: dict[int, list[Start]] = {}
    for stage in range(st.stage, len(game.rulesets)):
        probe.stage = stage
        rs = game.rulesets[stage]
        if rs.kernel is not None:
            feeding = game.feed is not None and game.feed(probe, NONE, game.turn_ctx[who])
            found = rs.kernel.threats(probe, feeding)
            if found is None:
                continue
            if cache is not None:
                cache[who] = found
            return found
        legal, starts = legal_starts(probe, rs, game.feed)
        if legal:
            break
    pits: set[int] = set()
    for aid in legal:
        for s in starts[aid]:
            if not s.kind.captures:
                continue
            try:
                pits.update(play(probe.scratch(), rs, [s], first_option, probe=True).first_taken)
            except EndlessMove:
                continue
    out = frozenset(pits)
    if cache is not None:
        cache[who] = out
    return out
