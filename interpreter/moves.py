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

from .context import MoveInfo
from .geometry import NONE
from .rules import Request, Ruleset, Start


class EndlessMove(Exception):
    """A move needed more laps than the spec's bound allows (it counts as endless)."""


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


def play(st: Any, rs: Ruleset, starts: list[Start], ask: Ask) -> MoveInfo:
    """Play one move from one of `starts` (all of one pit) on `st`, in place."""
    start = starts[0]
    if len(starts) > 1:
        dir_base = st.game.dir_base
        chosen = ask(Request("direction", [dir_base + s.direction for s in starts]))
        start = next(s for s in starts if dir_base + s.direction == chosen)
    kind = start.kind
    mover = st.to_move
    mv = MoveInfo(mover, start.pit, start.direction)
    b = st.board
    after = rs.after[mover][start.direction]
    pit = start.pit
    if kind.lift_all:
        hand = b[pit]
        b[pit] = 0
        mv.lifted = hand
        if rs.clear_on_lift:
            st.marks[pit] &= ~rs.clear_on_lift
        landed = False
        last = pit
    else:
        st.stock[mover] -= 1
        b[pit] += 1
        mv.lifted = 1
        mv.lap_seq = (pit,)
        mv.lap_hand = 1
        hand = 0
        last = pit
        landed = True
    laps = 0
    skip = rs.skip
    captures = rs.captures if kind.captures else ()
    while True:
        if not landed:
            seq = after[last]
            if skip is not None:
                seq = tuple(s for s in seq if not skip(st, s, mv))
            n = len(seq)
            if hand <= n:
                for s in seq[:hand]:
                    b[s] += 1
                last = seq[hand - 1]
            else:
                q, r = divmod(hand, n)
                for s in seq:
                    b[s] += q
                for s in seq[:r]:
                    b[s] += 1
                last = seq[r - 1] if r else seq[-1]
            mv.lap_seq = seq
            mv.lap_hand = hand
        landed = False
        laps += 1
        mv.lap = laps
        mv.last = last
        if laps == 1 and kind.require is not None:
            mv.first_ok = kind.require(st, last, mv)
        ended = False
        for cap in captures:
            if cap.when(st, last, mv):
                fixed = cap.fixed
                if len(fixed) == 1:
                    pits = fixed[0](st, last, mv)
                else:
                    pits = []
                    for sel in fixed:
                        for q in sel(st, last, mv):
                            if q not in pits:
                                pits.append(q)
                game = st.game
                for count, test in cap.choose:
                    pick_base = game.pick_base
                    for _ in range(count):
                        options = [pick_base + q for q in range(game.geo.n_pits)
                                   if q not in pits and b[q] and test(st, q, mv)]
                        if not options:
                            break
                        pits.append(ask(Request("pit", options)) - pick_base)
                mv.captured += _take(st, rs, cap, pits, mv)
                mv.fired += (cap.name,)
                ended = True
                break
        if ended:
            break
        if rs.relay and rs.relay_when(st, last, mv):
            if laps >= rs.max_laps:
                raise EndlessMove(f"more than {rs.max_laps} laps")
            hand = b[last]
            b[last] = 0
            if rs.clear_on_lift:
                st.marks[last] &= ~rs.clear_on_lift
            continue
        break
    mv.sowings = laps
    return mv


def _take(st: Any, rs: Ruleset, cap: Any, pits: list[int], mv: MoveInfo) -> int:
    b = st.board
    geo = st.game.geo
    if cap.forfeit_grand_slam:
        opp = 1 - mv.mover
        on_side = sum(geo.side_counts[opp](b))
        owner = geo.owner
        taken = sum([b[q] for q in pits if owner[q] == opp])
        if on_side and taken == on_side:
            return 0
    total = 0
    for q in pits:
        total += b[q]
        b[q] = 0
        if rs.clear_on_capture:
            st.marks[q] &= ~rs.clear_on_capture
    if cap.to_store:
        b[geo.store[mv.mover]] += total
    else:
        st.removed += total
    return total


def legal_starts(st: Any, rs: Ruleset, feed: Any) -> tuple[list[int], dict[int, list[Start]]]:
    """The legal start actions of the player to move (sorted) and the starts behind each,
    from the first move kind that has any."""
    b = st.board
    mover = st.to_move
    game = st.game
    feeding = feed is not None and feed(st, NONE, game.turn_ctx[mover])
    for kind in rs.kinds:
        by_aid = kind.by_aid[mover]
        if kind.test is None and kind.pits_scope == "own" and kind.lift_all:
            legal = list(compress(kind.aids[mover], game.geo.side_counts[mover](b)))
        else:
            test, lift_all = kind.test, kind.lift_all
            ctx = game.turn_ctx[mover]
            legal = [aid for aid, pit, _ in kind.table[mover]
                     if (b[pit] or not lift_all) and (test is None or test(st, pit, ctx))]
        if legal and (rs.must_simulate or feeding):
            kept: dict[int, list[Start]] = {}
            for aid in legal:
                ok = [s for s in by_aid[aid] if _acceptable(st, rs, s, kind, feeding)]
                if ok:
                    kept[aid] = ok
            return list(kept), kept
        if legal:
            return legal, by_aid
    return [], {}


def _acceptable(st: Any, rs: Ruleset, start: Start, kind: Any, feeding: bool) -> bool:
    """Look ahead (first option at every decision): is this start allowed?"""
    scratch = st.scratch()
    try:
        mv = play(scratch, rs, [start], first_option)
    except EndlessMove:
        return False
    if kind.require_capture and not mv.captured:
        return False
    if not mv.first_ok:
        return False
    if feeding:
        opp = st.game.geo.own[1 - st.to_move]
        if not any(scratch.board[q] for q in opp):
            return False
    return True
