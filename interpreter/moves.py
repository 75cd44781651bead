"""The per-move path: which starts are legal, and playing a move as a generator of decisions.

A move is a generator: it mutates the state, yields a Request whenever the mover must decide
something, receives the chosen action id, and returns the MoveInfo when the move is over.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from .context import MoveInfo
from .geometry import NONE
from .rules import Request, Ruleset, Start


class EndlessMove(Exception):
    """A move needed more laps than the spec's bound allows (it counts as endless)."""


def play(st: Any, rs: Ruleset, starts: list[Start], dir_base: int, pick_base: int
         ) -> Generator[Request, int, MoveInfo]:
    start = starts[0]
    if len(starts) > 1:
        chosen = yield Request("direction", [dir_base + s.direction for s in starts])
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
    skip_origin, skip = rs.skip_origin, rs.skip
    captures = rs.captures if kind.captures else ()
    while True:
        if not landed:
            seq = after[last]
            if skip_origin:
                seq = seq[:-1]
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
                pits: list[int] = []
                for sel in cap.fixed:
                    for q in sel(st, last, mv):
                        if q not in pits:
                            pits.append(q)
                for count, test in cap.choose:
                    for _ in range(count):
                        options = [pick_base + q for q in range(st.game.geo.n_pits)
                                   if q not in pits and b[q] and test(st, q, mv)]
                        if not options:
                            break
                        chosen = yield Request("pit", options)
                        pits.append(chosen - pick_base)
                mv.captured += _take(st, rs, cap, pits, mv)
                mv.fired.append(cap.name)
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
        on_side = sum([b[q] for q in geo.own[opp]])
        taken = sum([b[q] for q in pits if geo.owner[q] == opp])
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


def run_to_end(gen: Generator[Request, int, MoveInfo]) -> MoveInfo:
    """Play a move to its end, taking the first option at every decision (for look-ahead)."""
    try:
        req = next(gen)
        while True:
            req = gen.send(req.options[0])
    except StopIteration as stop:
        return stop.value


def legal_starts(st: Any, rs: Ruleset, feed: Any, dir_base: int, pick_base: int) -> list[Start]:
    """The legal starts of the player to move, from the first move kind that has any."""
    game = st.game
    geo = game.geo
    b = st.board
    mover = st.to_move
    ctx = MoveInfo(mover)
    feeding = feed is not None and feed(st, NONE, ctx)
    for kind in rs.kinds:
        pits = geo.own[mover] if kind.pits_scope == "own" else range(geo.n_pits)
        test = kind.test
        found = [Start(kind, pit, d) for pit in pits
                 if (b[pit] or not kind.lift_all) and test(st, pit, ctx) for d in kind.directions]
        if found and (rs.must_simulate or feeding):
            found = [s for s in found if _acceptable(st, rs, s, kind, feeding, dir_base, pick_base)]
        if found:
            return found
    return []


def _acceptable(st: Any, rs: Ruleset, start: Start, kind: Any, feeding: bool,
                dir_base: int, pick_base: int) -> bool:
    scratch = st.scratch()
    try:
        mv = run_to_end(play(scratch, rs, [start], dir_base, pick_base))
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
