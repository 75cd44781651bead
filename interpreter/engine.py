# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The engine, written once in Cython's typed pure-Python mode: every rule's behaviour.

It reads the flat int programs kernel.py and native.py assemble (interpreter/layout.py
defines their layout) and plays moves and their look-ahead (conditions, sowing, captures,
decisions asked or answered, the legality of each start), the turn cycle and whole random
games (the runner), the state between actions (Core) and exact solving (the solver).
setup.py compiles this file into `_engine` (typed memoryviews and C ints: no Python objects
in the hot paths); the same file runs interpreted where nothing was compiled, or with
RULESPEC_PURE=1 (kernel.engine_module picks). Compiled, the program is indexed without bounds checks, so `check_program` refuses,
when a Kernel is made, any program whose offsets or indices leave the array.

Integer division and remainders only ever see counts that are not negative, or are read for
being zero, so C's and Python's rules give the same answers in both modes.
"""
from __future__ import annotations

from array import array
from operator import index

import cython

from rulespec.errors import LimitError as RulespecLimitError

if cython.compiled:
    from cython.cimports.cpython.exc import PyErr_CheckSignals
    from cython.cimports.rulespec.interpreter.layout import *  # noqa: F403  (C enum constants)
else:
    from .layout import *  # noqa: F403

    def PyErr_CheckSignals() -> int:
        """Interpreted, Python itself raises KeyboardInterrupt between bytecodes."""
        return 0


BUILT_LAYOUT = VERSION
"""The layout this module was built from (kernel.typed_engine ignores a stale build)."""


class LimitError(RulespecLimitError):
    """A call that would go past the kernel's bounds (docs/limits.md)."""


if cython.compiled:
    from cython.cimports.cpython.ref import PyObject, _Py_REFCNT

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def game_held_elsewhere(c: Core) -> cython.int:
        """Whether another state holds c's game (a shared game is copied before it is written
        only then; the count read through a pointer, with no reference of the call's own)."""
        return _Py_REFCNT(cython.cast(cython.pointer(PyObject), c.g)) > 1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def decisions_held_elsewhere(c: Core) -> cython.int:
        """Whether another state holds c's decisions (the same way)."""
        return _Py_REFCNT(cython.cast(cython.pointer(PyObject), c.dec)) > 1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def seen_held_elsewhere(g: Game) -> cython.int:
        """Whether another game holds g's table of positions seen (the same way)."""
        return _Py_REFCNT(cython.cast(cython.pointer(PyObject), g.seen)) > 1
else:
    def game_held_elsewhere(c: Core) -> int:
        """Interpreted, reference counts are not read: whatever was shared is copied."""
        return 1

    def decisions_held_elsewhere(c: Core) -> int:
        """Interpreted, whatever was shared is copied."""
        return 1

    def seen_held_elsewhere(g: Game) -> int:
        """Interpreted, whatever was shared is copied."""
        return 1


if cython.compiled:
    from cython.cimports.cpython import array as carray

    TEMPLATES = {code: array(code) for code in "iIQqBh"}

    @cython.cfunc
    def int_array(n: cython.Py_ssize_t) -> array:
        """n zeroed C ints: the buffer behind a typed memoryview (allocated in C)."""
        return carray.clone(TEMPLATES["i"], n if n > 1 else 1, True)

    @cython.cfunc
    def zeroed(code: str, n: cython.Py_ssize_t) -> array:
        """n zeroed items of an array type ("i", "I", "Q", "q", "B", "h"), allocated in C."""
        return carray.clone(TEMPLATES[code], n if n > 1 else 1, True)
else:
    def int_array(n: int) -> array:
        """n zeroed C ints: the buffer behind a typed memoryview."""
        return array("i", bytes(4 * max(n, 1)))

    def zeroed(code: str, n: int) -> array:
        """n zeroed items of an array type ("i", "I", "Q", "q", "B", "h")."""
        return array(code, bytes(array(code).itemsize * max(n, 1)))


if cython.compiled:
    @cython.cfunc
    def data_of(values: cython.int[::1]) -> cython.p_int:
        """A buffer's first element, for the plays to index as C does (no struct copied per call)."""
        return cython.address(values[0])
else:
    def data_of(values: array) -> array:
        """Interpreted, the buffer is indexed itself."""
        return values


# ---------------------------------------------------------------- positions and moves

@cython.freelist(16)
@cython.cclass
class Pos:
    """A position: the board's counts, marks, stocks, removed pieces, stage, moves played,
    the mover, the spec's variables, and with several kinds of piece the count of kind k in
    slot q at kinds[q * nk + k] (board[q] stays their total)."""

    board: cython.int[MAX_SLOTS]
    """(MAX_SLOTS: room for any board a caller hands in, checked after; C arrays inside the
    object, so a play reads a count with one load less than through a memoryview)"""
    marks: cython.int[MAX_SLOTS]
    stock: cython.int[2]
    vars: cython.int[MAX_VARIABLES]
    """The variables' slots (a game's variable one, a player's two: South's, then North's)."""
    nv: cython.int
    kinds: cython.int[::1]
    removed: cython.longlong
    stage: cython.int
    moves_played: cython.int
    mover: cython.int
    nk: cython.int

    def __init__(self, ns: cython.int, cells: cython.int):
        if not cython.compiled:  # compiled, the arrays are in the object, zeroed
            self.board = int_array(MAX_SLOTS)
            self.marks = int_array(MAX_SLOTS)
            self.stock = int_array(2)
            self.vars = int_array(MAX_VARIABLES)
        self.nv = 0
        self.kinds = int_array(cells)
        self.removed = 0
        self.stage = 0
        self.moves_played = 0
        self.mover = 0
        self.nk = 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def variable_slot(slot: cython.int, who: cython.int, mover: cython.int) -> cython.int:
    """The slot of a variable's copy: the game's one, or the mover's or opponent's of a player's
    variable (South's slot first)."""
    if who == VAR_MOVER:
        return slot + mover
    if who == VAR_OPPONENT:
        return slot + 1 - mover
    return slot


@cython.cfunc
@cython.exceptval(check=False)
def pos_copy(dst: Pos, src: Pos, ns: cython.int) -> cython.void:
    """Copy a position's first ns slots."""
    q: cython.int
    for q in range(ns):
        dst.board[q] = src.board[q]
        dst.marks[q] = src.marks[q]
    dst.stock[0] = src.stock[0]
    dst.stock[1] = src.stock[1]
    dst.nv = src.nv
    for q in range(src.nv):
        dst.vars[q] = src.vars[q]
    dst.removed = src.removed
    dst.stage = src.stage
    dst.moves_played = src.moves_played
    dst.mover = src.mover
    dst.nk = src.nk
    for q in range(ns * src.nk):
        dst.kinds[q] = src.kinds[q]


@cython.cclass
class Move:
    """The move so far as the conditions see it (context.py's MoveInfo), what it fired and
    took, the decisions given and the one it stopped at, and scratch lists of pits."""

    origin: cython.int
    direction: cython.int
    kind: cython.int
    lifted: cython.int
    lap: cython.int
    captured: cython.int
    first_captured: cython.int
    last: cython.int
    first_ok: cython.int
    sowings: cython.int
    seq_off: cython.int
    """The current lap's pits: at seq_off in the program, or in seq_buf when seq_off < 0."""
    seq_len: cython.int
    lap_hand: cython.int
    """Drops the current lap made (one a pit, a pit again each time round): its pieces, unless
    the sowing drops several into each pit."""
    lap_drop: cython.int
    """Pieces the current lap's last drop put into the pit where it ended."""
    seq_buf: cython.int[::1]
    end_prog: cython.int
    end_who: cython.int
    first_taken: cython.int[::1]
    n_first_taken: cython.int
    fired: cython.int[::1]
    n_fired: cython.int
    taken: cython.int[::1]
    """(pit, pieces) of each pit captured, in order."""
    n_taken: cython.int
    given: cython.int[::1]
    n_given: cython.int
    used: cython.int
    ask_mode: cython.int
    req_kind: cython.int
    req_at: cython.int
    req_in_hand: cython.int
    n_options: cython.int
    req_default: cython.int
    options: cython.int[::1]
    stamp: cython.int
    """This move's number, new with each move_init: sown_stamp holds it for the pits it sowed."""
    sown_stamp: cython.int[::1]
    """The stamp of the last move that sowed into each slot (kept only where a condition asks,
    header H_SOWN_BY_MOVE): a new move needs nothing cleared."""
    has_drops: cython.int
    last_drop: cython.int[::1]
    """The kind last dropped into each slot by this move (NONE: none; valid with has_drops)."""
    hand_kinds: cython.int[::1]
    taken_kinds: cython.int[::1]
    """(slot, kind, count) taken, in order."""
    n_taken_kinds: cython.int
    opts: cython.int[::1]
    pits: cython.int[::1]
    run: cython.int[::1]
    entries: cython.int[::1]
    lap_buf: cython.int[::1]
    lap_pits: cython.p_int
    """lap_buf's first element (interpreted: lap_buf itself)."""
    blank: Move
    """What a condition ending the game sees of a move: nothing (the turn's blank context)."""
    tracing: cython.int
    """1: the play appends what it does to `trace` (layout's TR_ entries; Kernel.traced_play),
    2: it did not fit."""
    trace: cython.int[::1]
    n_trace: cython.int

    def __init__(self, blank: Move | None = None):
        self.seq_buf = int_array(MAX_SLOTS)
        self.first_taken = int_array(MAX_SLOTS)
        self.fired = int_array(MAX_FIRED)
        self.taken = int_array(2 * MAX_FIRED)
        self.given = int_array(1)
        self.options = int_array(MAX_SLOTS)
        self.last_drop = int_array(MAX_SLOTS)
        self.sown_stamp = int_array(MAX_SLOTS)
        self.stamp = 0
        self.hand_kinds = int_array(MAX_PIECE_KINDS)
        self.taken_kinds = int_array(3 * MAX_SLOTS)
        self.opts = int_array(MAX_SLOTS + 1)
        self.pits = int_array(MAX_SLOTS)
        self.run = int_array(MAX_SLOTS)
        self.entries = int_array(MAX_SLOTS)
        self.lap_buf = int_array(MAX_SLOTS)
        self.lap_pits = data_of(self.lap_buf)
        self.n_given = 0
        move_init(self, 0, ASK_FIRST)
        self.origin = NONE
        self.direction = CCW
        self.kind = -1
        self.blank = self if blank is None else blank
        self.tracing = 0
        self.trace = None
        self.n_trace = 0


@cython.cfunc
@cython.exceptval(check=False)
def move_init(m: Move, n_given: cython.int, ask_mode: cython.int) -> cython.void:
    """A fresh move that answers from the first n_given decisions of m.given."""
    i: cython.int
    if m.stamp >= BIG:  # the stamps start again, from a clean slate, before they could overflow
        for i in range(MAX_SLOTS):
            m.sown_stamp[i] = 0
        m.stamp = 0
    m.stamp += 1
    m.lifted = 0
    m.captured = 0
    m.first_captured = 0
    m.lap = 1
    m.last = NONE
    m.first_ok = 1
    m.sowings = 1
    m.seq_off = -1
    m.seq_len = 0
    m.lap_hand = 0
    m.lap_drop = 1
    m.end_prog = -1
    m.end_who = -1
    m.n_first_taken = 0
    m.n_fired = 0
    m.n_taken = 0
    m.n_given = n_given
    m.used = 0
    m.ask_mode = ask_mode
    m.req_kind = R_NONE
    m.has_drops = 0
    m.n_taken_kinds = 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def seq_at(P: cython.p_int, m: Move, i: cython.int) -> cython.int:
    return P[m.seq_off + i] if m.seq_off >= 0 else m.seq_buf[i]


# ---------------------------------------------------------------- conditions

@cython.cfunc
@cython.exceptval(check=False)
def match(P: cython.p_int, at: cython.int, n: cython.int) -> cython.int:
    """Whether n passes the matcher at `at` (layout's MATCH_* kinds)."""
    r: cython.int
    i: cython.int
    if P[at] == MATCH_RANGE:
        return P[at + 1] <= n and n <= P[at + 2]
    if P[at] == MATCH_ARITHMETIC:  # low, high, parity (-1: any), modulus (0: any)
        r = P[at + 1]
        return (P[r] <= n and n <= P[r + 1] and (P[r + 2] < 0 or ((n % 2) + 2) % 2 == P[r + 2])
                and (P[r + 3] == 0 or n % P[r + 3] == 0))
    r = P[at + 1]
    for i in range(1, P[r] + 1):
        if P[r + i] == n:
            return 1
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def owner_at(P: cython.p_int, s: Pos, q: cython.int) -> cython.int:
    """Whose pit q is now: its row's player, or the holder of a mark that holds it (nobody's
    for no pit)."""
    held: cython.int
    if q < 0:
        return NONE
    if P[H_HELD] >= 0:
        held = P[H_HELD]
        if s.marks[q] & P[held]:
            return 0
        if s.marks[q] & P[held + 1]:
            return 1
    return P[P[H_OWNER] + q]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def side_sum(P: cython.p_int, s: Pos, player: cython.int) -> cython.int:
    """The pieces on the pits a player holds now."""
    total: cython.int = 0
    q: cython.int
    i: cython.int
    own: cython.int
    if P[H_HELD] >= 0:
        for q in range(P[H_NPITS]):
            if owner_at(P, s, q) == player:
                total += s.board[q]
        return total
    own = P[P[H_OWN] + player]
    for i in range(1, P[own] + 1):
        total += s.board[P[own + i]]
    return total


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def none_held(P: cython.p_int, s: Pos, pits: cython.int, player: cython.int) -> cython.int:
    """Whether no pit of the counted list at `pits` that `player` holds now has a piece."""
    k: cython.int
    q: cython.int
    for k in range(1, P[pits] + 1):
        q = P[pits + k]
        if s.board[q] and (P[H_HELD] < 0 or owner_at(P, s, q) == player):
            return 0
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def sown_into(P: cython.p_int, m: Move, pit: cython.int) -> cython.int:
    """Whether the current lap dropped a piece into pit."""
    i: cython.int
    for i in range(min(m.seq_len, m.lap_hand)):
        if seq_at(P, m, i) == pit:
            return 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def lap_sown(P: cython.p_int, m: Move) -> cython.void:
    """The current lap's pits stamped as sown by this move (where a condition asks)."""
    i: cython.int
    if P[H_SOWN_BY_MOVE]:
        for i in range(min(m.seq_len, m.lap_hand)):
            m.sown_stamp[seq_at(P, m, i)] = m.stamp


@cython.cfunc
@cython.exceptval(check=False)
def step_of(P: cython.p_int, s: Pos, d: cython.int, q: cython.int) -> cython.int:
    """The pit after q going direction d for the mover."""
    return P[P[H_STEPS] + (s.mover * 2 + d) * P[H_NSLOTS] + q]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def about_the_pit(op: cython.int) -> cython.int:
    """Whether condition code `op` reads the pit tested (rather than the move or the position)."""
    return ((C_SIDE <= op <= C_NEXT) or (C_START <= op <= C_PREVIOUS)
            or op == C_SOWN or op == C_SOWN_BY_MOVE or op == C_DROPPED or op == C_BEFORE)


@cython.cfunc
@cython.exceptval(check=False)
def test(P: cython.p_int, node: cython.int, s: Pos, pit: cython.int, m: Move) -> cython.int:
    """Whether the condition at `node` holds for pit in position s during move m."""
    op: cython.int = P[node]
    i: cython.int
    q: cython.int
    n: cython.int
    total: cython.int
    cand: cython.int
    if op == C_TRUE:
        return 1
    if op == C_AND:
        for i in range(P[node + 1]):
            if not test(P, P[node + 2 + i], s, pit, m):
                return 0
        return 1
    if op == C_OR:
        for i in range(P[node + 1]):
            if test(P, P[node + 2 + i], s, pit, m):
                return 1
        return 0
    if op == C_NOT:
        return not test(P, P[node + 1], s, pit, m)
    if pit < 0 and about_the_pit(op):
        return 0  # a key about the pit tested does not hold where there is no pit
    if op == C_SIDE:
        if P[node + 1] == 2:  # neutral: by its row
            return P[P[H_OWNER] + pit] == NONE
        return owner_at(P, s, pit) == (s.mover ^ P[node + 1])
    if op == C_ROW:
        return P[P[H_ROW] + pit] == P[node + 1]
    if op == C_INSET:
        return P[P[node + 1] + pit] != 0
    if op == C_STORE:
        return (pit >= P[H_NPITS]) == P[node + 1]
    if op == C_COUNT:
        return match(P, node + 1, s.board[pit])
    if op == C_COUNT_BEFORE:  # just before the last drop this lap made there fell
        n = s.board[pit]
        if pit == m.last:
            n -= m.lap_drop
        elif sown_into(P, m, pit):
            n -= P[H_PER_PIT]  # every drop but the lap's last is a whole one
        return match(P, node + 1, n)
    if op == C_MARK:
        return (s.marks[pit] & P[node + 1]) != 0
    if op == C_OPPOSITE or op == C_BEHIND or op == C_MIRROR:
        q = P[P[H_OPP if op == C_OPPOSITE else H_BEHIND if op == C_BEHIND else H_MIRROR] + pit]
        return q != NONE and test(P, P[node + 1], s, q, m)
    if op == C_COLUMN:  # some other pit of the pit's column (across the ranks)
        if pit < 0 or pit >= P[H_NPITS]:
            return 0
        cand = P[P[H_COLUMN] + pit]
        for i in range(1, P[cand] + 1):
            if test(P, P[node + 1], s, P[cand + i], m):
                return 1
        return 0
    if op == C_MARK_OWNER:  # South's bit, North's bit, 1 for the opponent's
        return (s.marks[pit] & P[node + 1 + (s.mover ^ P[node + 3])]) != 0
    if op == C_START:
        return (pit == m.origin) == P[node + 1]
    if op == C_LAST:
        return (pit == m.last) == P[node + 1]
    if op == C_AFTER_LAST:
        q = NONE
        if m.direction >= 0 and m.last != NONE:
            q = step_of(P, s, m.direction, m.last)
        return (q != NONE and pit == q) == P[node + 1]
    if op == C_NEXT:
        if m.direction < 0:
            return 0
        q = step_of(P, s, m.direction, pit)
        return q != NONE and test(P, P[node + 1], s, q, m)
    if op == C_PREVIOUS:  # the next pit along the circuit run the other way
        if m.direction < 0:
            return 0
        q = step_of(P, s, 1 - m.direction, pit)
        return q != NONE and test(P, P[node + 1], s, q, m)
    if op == C_ORIGIN:
        return m.origin != NONE and test(P, P[node + 1], s, m.origin, m)
    if op == C_LIFTED:
        return match(P, node + 1, m.lifted)
    if op == C_LAP:
        return match(P, node + 1, m.lap)
    if op == C_STAGE:
        return (P[node + 1] >> s.stage) & 1
    if op == C_STOCK:
        return match(P, node + 1, s.stock[s.mover])
    if op == C_STOCKS:
        return match(P, node + 1, s.stock[0] + s.stock[1])
    if op == C_OWN_SIDE:
        return match(P, node + 1, side_sum(P, s, s.mover))
    if op == C_OPPONENT_SIDE:
        return match(P, node + 1, side_sum(P, s, 1 - s.mover))
    if op == C_MOVES_PLAYED:
        return match(P, node + 1, s.moves_played)
    if op == C_DIRECTION:
        return m.direction == P[node + 1]
    if op == C_MOVER:
        return s.mover == P[node + 1]
    if op == C_VARIABLE:
        return match(P, node + 3, s.vars[variable_slot(P[node + 1], P[node + 2], s.mover)])
    if op == C_SOWN:
        return sown_into(P, m, pit) == P[node + 1]
    if op == C_SOWN_BY_MOVE:
        return (m.sown_stamp[pit] == m.stamp) == P[node + 1]
    if op == C_ON_BOARD:
        total = 0
        for q in range(P[H_NPITS]):
            total += s.board[q]
        return match(P, node + 1, total)
    if op == C_CAPTURED:
        return (m.captured > 0) == P[node + 1]
    if op == C_MOVE_KIND:
        return m.kind >= 0 and ((P[node + 1] >> m.kind) & 1)
    if op == C_COUNT_PITS:  # op, where, matcher[3], candidates of South, of North
        cand = P[node + 5 + s.mover]
        n = 0
        for i in range(1, P[cand] + 1):
            if test(P, P[node + 1], s, P[cand + i], m):
                n += 1
        return match(P, node + 2, n)
    if op == C_DROPPED or op == C_BEFORE or op == C_IN_PLAY:
        return piece_test(P, node, s, pit, m)
    return 0


# ---------------------------------------------------------------- several kinds of piece

@cython.cfunc
@cython.exceptval(check=False)
def kinds_in(s: Pos, q: cython.int, mask: cython.int) -> cython.int:
    total: cython.int = 0
    k: cython.int
    for k in range(s.nk):
        if mask >> k & 1:
            total += s.kinds[q * s.nk + k]
    return total


@cython.cfunc
@cython.exceptval(check=False)
def piece_test(P: cython.p_int, node: cython.int, s: Pos, pit: cython.int, m: Move) -> cython.int:
    """dropped, before, in_play: op, kinds (bit set), then a matcher for before / in_play."""
    op: cython.int = P[node]
    total: cython.int = 0
    q: cython.int
    dropped: cython.int
    if not s.nk:
        return 0 if op == C_DROPPED else match(P, node + 2, 0)
    if op == C_IN_PLAY:
        for q in range(P[H_NPITS]):
            total += kinds_in(s, q, P[node + 1])
        return match(P, node + 2, total)
    q = pit
    dropped = (m.has_drops and m.last_drop[q] != NONE and (P[node + 1] >> m.last_drop[q] & 1))
    if op == C_DROPPED:
        return dropped
    return match(P, node + 2, kinds_in(s, q, P[node + 1]) - dropped)


@cython.cfunc
@cython.exceptval(check=False)
def take_kind(s: Pos, m: Move, q: cython.int, k: cython.int, n: cython.int, to: cython.int) -> cython.void:
    """Move n pieces of kind k from slot q to slot to; record them as taken."""
    t: cython.int
    s.kinds[q * s.nk + k] -= n
    s.board[q] -= n
    s.kinds[to * s.nk + k] += n
    s.board[to] += n
    if m.n_taken_kinds < MAX_SLOTS:
        t = 3 * m.n_taken_kinds
        m.taken_kinds[t] = q
        m.taken_kinds[t + 1] = k
        m.taken_kinds[t + 2] = n
        m.n_taken_kinds += 1
    if m.n_taken and m.taken[2 * m.n_taken - 2] == q:
        m.taken[2 * m.n_taken - 1] += n
    elif m.n_taken < MAX_FIRED:
        m.taken[2 * m.n_taken] = q
        m.taken[2 * m.n_taken + 1] = n
        m.n_taken += 1


# ---------------------------------------------------------------- decisions

@cython.cfunc
@cython.exceptval(check=False)
def ask(m: Move, kind: cython.int, at: cython.int, in_hand: cython.int, n: cython.int, dflt: cython.int) -> cython.int:
    """The answer to a decision among m.opts[:n]: the next given one, the smallest option,
    -1 (stop and report it) or -2 (a given decision that is not an option)."""
    answer: cython.int
    known: cython.int = 0
    i: cython.int
    j: cython.int
    t: cython.int
    if m.used < m.n_given:
        answer = m.given[m.used]
        m.used += 1
        for i in range(n):
            if m.opts[i] == answer:
                known = 1
        if not known:
            return -2
        return answer
    if m.ask_mode == ASK_FIRST:
        answer = m.opts[0]
        for i in range(1, n):
            if m.opts[i] < answer:
                answer = m.opts[i]
        return answer
    if n > MAX_SLOTS:
        return -2
    m.req_kind = kind
    m.req_at = at
    m.req_in_hand = in_hand
    m.req_default = dflt
    m.n_options = n
    for i in range(n):
        m.options[i] = m.opts[i]
    for i in range(1, n):  # sorted, as a Request keeps them
        j = i
        while j > 0 and m.options[j - 1] > m.options[j]:
            t = m.options[j]
            m.options[j] = m.options[j - 1]
            m.options[j - 1] = t
            j -= 1
    return -1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def refused(answer: cython.int) -> cython.int:
    """The outcome of a play whose decision came back negative (see ask)."""
    return P_NEED if answer == -1 else P_BAD


@cython.cfunc
@cython.exceptval(check=False)
def fire(m: Move, event: cython.int) -> cython.void:
    if m.n_fired < MAX_FIRED:
        m.fired[m.n_fired] = event
        m.n_fired += 1


# ---------------------------------------------------------------- tracing (Kernel.traced_play)

@cython.cfunc
@cython.exceptval(check=False)
def trace_room(m: Move, n: cython.int) -> cython.int:
    """Whether n more ints fit in the trace (else it is marked as overflowed)."""
    if m.n_trace + n > len(m.trace):
        m.tracing = 2
        return 0
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def trace_lap(m: Move, items: cython.p_int, at: cython.int, n: cython.int, hand: cython.int) -> cython.void:
    """A lap of `hand` pieces along items[at:at + n]."""
    i: cython.int
    if m.tracing != 1 or not trace_room(m, n + 3):
        return
    m.trace[m.n_trace] = TR_LAP
    m.trace[m.n_trace + 1] = hand
    m.trace[m.n_trace + 2] = n
    for i in range(n):
        m.trace[m.n_trace + 3 + i] = items[at + i]
    m.n_trace += n + 3


@cython.cfunc
@cython.exceptval(check=False)
def trace_take(m: Move, c: cython.int, n: cython.int) -> cython.int:
    """A capture (index c) of the move's first n pits; where its entry begins (its pieces
    are set once taken), or NONE."""
    i: cython.int
    at: cython.int = m.n_trace
    if m.tracing != 1 or not trace_room(m, n + 4):
        return NONE
    m.trace[at] = TR_TAKE
    m.trace[at + 1] = c
    m.trace[at + 2] = 0
    m.trace[at + 3] = n
    for i in range(n):
        m.trace[at + 4 + i] = m.pits[i]
    m.n_trace += n + 4
    return at


@cython.cfunc
@cython.exceptval(check=False)
def trace_picked(m: Move, at: cython.int, q: cython.int) -> cython.void:
    """A pit a piece was picked from, added to the capture's entry at `at` (the last one)."""
    if at < 0 or m.tracing != 1 or not trace_room(m, 1):
        return
    m.trace[m.n_trace] = q
    m.trace[at + 3] += 1
    m.n_trace += 1


@cython.cfunc
@cython.exceptval(check=False)
def trace_place(m: Move, q: cython.int) -> cython.void:
    if m.tracing != 1 or not trace_room(m, 2):
        return
    m.trace[m.n_trace] = TR_PLACE
    m.trace[m.n_trace + 1] = q
    m.n_trace += 2


@cython.cfunc
@cython.exceptval(check=False)
def trace_entry(m: Move, chosen: cython.int, last: cython.int, hand: cython.int, P: cython.p_int,
                cand: cython.int) -> cython.void:
    """An entry the rules chose (a written move may still give it: notation reads it)."""
    i: cython.int
    n: cython.int = P[cand]
    if m.tracing != 1 or not trace_room(m, n + 6):
        return
    m.trace[m.n_trace] = TR_ENTRY
    m.trace[m.n_trace + 1] = m.used
    m.trace[m.n_trace + 2] = chosen
    m.trace[m.n_trace + 3] = last
    m.trace[m.n_trace + 4] = hand
    m.trace[m.n_trace + 5] = n
    for i in range(n):
        m.trace[m.n_trace + 6 + i] = P[cand + 1 + i]
    m.n_trace += n + 6


# ---------------------------------------------------------------- the move

@cython.cfunc
@cython.exceptval(check=False)
def lifted_from(P: cython.p_int, s: Pos, pit: cython.int) -> cython.void:
    if P[H_CLEAR_LIFT]:
        s.marks[pit] &= ~P[H_CLEAR_LIFT]
    if P[H_CLEAR_LIFT_ALL] and not s.board[pit]:
        s.marks[pit] &= ~P[H_CLEAR_LIFT_ALL]


@cython.cfunc
@cython.exceptval(check=False)
def in_pits(m: Move, n: cython.int, q: cython.int) -> cython.int:
    """Whether q is among the first n of the move's pits."""
    i: cython.int
    for i in range(n):
        if m.pits[i] == q:
            return 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def add_pit(m: Move, n: cython.int, q: cython.int) -> cython.int:
    """The move's pits with q added (once); their count."""
    if in_pits(m, n, q) or n >= MAX_SLOTS:
        return n
    m.pits[n] = q
    return n + 1


@cython.cfunc
@cython.exceptval(check=False)
def in_run(m: Move, n: cython.int, q: cython.int) -> cython.int:
    """Whether q is among the first n pits of the move's run."""
    i: cython.int
    for i in range(n):
        if m.run[i] == q:
            return 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def chain_step(P: cython.p_int, sel: cython.int, step: cython.int, s: Pos, q: cython.int, m: Move) -> cython.int:
    """The chain's next pit after q, `step` pits on along `step`'s table; NONE where the circuit
    ends or a pit passed over fails the chain's gap test."""
    i: cython.int
    for i in range(P[sel + 7] - 1):
        q = P[step + q]
        if q == NONE or (P[sel + 8] >= 0 and not test(P, P[sel + 8], s, q, m)):
            return NONE
    return P[step + q]


@cython.cfunc
@cython.exceptval(check=False)
def chain_pits(P: cython.p_int, sel: cython.int, s: Pos, last: cython.int, m: Move) -> cython.int:
    """A chain selector's run of pits from the landing pit (or the one opposite), into m.run.
    sel: op, while, backwards, from_opposite, skip_first, length, exactly, step, gap, with_opposite."""
    d: cython.int = m.direction if m.direction >= 0 else CCW
    step: cython.int = P[H_STEPS] + (s.mover * 2 + (1 - d if P[sel + 2] else d)) * P[H_NSLOTS]
    q: cython.int = P[P[H_OPP] + last] if P[sel + 3] else last
    k: cython.int = 0
    j: cython.int
    if q != NONE and P[sel + 4]:
        q = chain_step(P, sel, step, s, q, m)
    for j in range(P[sel + 5]):
        if k >= MAX_SLOTS or q == NONE or not test(P, P[sel + 1], s, q, m):
            break
        if P[sel + 7] > 1 and in_run(m, k, q):
            break  # a stepped run come round to a pit it took
        m.run[k] = q
        k += 1
        q = chain_step(P, sel, step, s, q, m)
    if P[sel + 6] and k != P[sel + 5]:
        k = 0
    return k


@cython.cfunc
@cython.exceptval(check=False)
def taken_pits(P: cython.p_int, cap: cython.int, s: Pos, last: cython.int, m: Move) -> cython.int:
    """The pits a capture's selectors take, in order, each once (into m.pits)."""
    n: cython.int = 0
    i: cython.int
    j: cython.int
    k: cython.int
    sel: cython.int
    col: cython.int
    opp: cython.int = P[H_OPP]
    behind: cython.int = P[H_BEHIND]
    for i in range(P[cap + CP_NSEL]):
        sel = P[cap + CP_SELS + i]
        if P[sel] == SEL_LANDING:
            n = add_pit(m, n, last)
        elif P[sel] == SEL_OPPOSITE:
            if P[opp + last] != NONE:
                n = add_pit(m, n, P[opp + last])
        elif P[sel] == SEL_BEHIND_OPPOSITE:
            if P[opp + last] != NONE and P[behind + P[opp + last]] != NONE:
                n = add_pit(m, n, P[behind + P[opp + last]])
        elif P[sel] == SEL_OPPONENT_COLUMN:  # the opponent's pits in the landing pit's column
            if last < 0 or last >= P[H_NPITS]:
                continue
            col = P[P[H_COLUMN] + last]
            for j in range(1, P[col] + 1):
                if P[P[H_OWNER] + P[col + j]] == 1 - s.mover:
                    n = add_pit(m, n, P[col + j])
        elif P[sel] == SEL_WHERE:  # every pit of the board where the condition holds
            for j in range(P[H_NPITS]):
                if test(P, P[sel + 1], s, j, m):
                    n = add_pit(m, n, j)
        elif P[sel] == SEL_CHAIN:
            k = chain_pits(P, sel, s, last, m)
            for j in range(k):
                n = add_pit(m, n, m.run[j])
                if P[sel + 9] and P[opp + m.run[j]] != NONE:  # each with the pit facing it
                    n = add_pit(m, n, P[opp + m.run[j]])
    return n


@cython.cfunc
@cython.exceptval(check=False)
def take(P: cython.p_int, cap: cython.int, s: Pos, n: cython.int, m: Move) -> cython.int:
    """Take the pieces of the move's first n pits (at most CP_MOST a pit) to where the
    capture sends them."""
    i: cython.int
    q: cython.int
    k: cython.int
    opp: cython.int
    taken: cython.int = 0
    on_side: cython.int
    total: cython.int = 0
    clear: cython.int = P[H_CLEAR_CAPTURE]
    most: cython.int = P[cap + CP_MOST]
    store: cython.int
    owner: cython.int
    if P[cap + CP_FORFEIT]:
        opp = 1 - s.mover
        on_side = side_sum(P, s, opp)
        for i in range(n):
            if owner_at(P, s, m.pits[i]) == opp:
                taken += s.board[m.pits[i]]
        if on_side and taken == on_side:
            return 0
    for i in range(n):
        q = m.pits[i]
        k = most if most and s.board[q] > most else s.board[q]
        if k and m.n_taken < MAX_FIRED:
            m.taken[2 * m.n_taken] = q
            m.taken[2 * m.n_taken + 1] = k
            m.n_taken += 1
        if P[cap + CP_BY] == BY_OWNER:
            owner = owner_at(P, s, q)
            store = P[P[H_STORE] + (owner if owner == 0 or owner == 1 else s.mover)]
            if store != NONE:
                s.board[store] += k  # each pit's pieces to the store of the player who holds it
        total += k
        s.board[q] -= k
        if clear and not s.board[q]:
            s.marks[q] &= ~clear
    if P[cap + CP_BY] == BY_OWNER:
        return total
    store = P[P[H_STORE] + (1 - s.mover if P[cap + CP_BY] == BY_OPPONENT else s.mover)]
    if P[cap + CP_TO] == TO_STORE and store != NONE:
        s.board[store] += total
    elif P[cap + CP_TO] == TO_REMOVED:
        s.removed += total
    elif P[cap + CP_TO] == TO_LANDING and m.last >= 0:
        s.board[m.last] += total  # back into the landing pit
    return total


@cython.cfunc
@cython.exceptval(check=False)
def capture_pits(P: cython.p_int, cap: cython.int, rule: cython.int, s: Pos, last: cython.int, m: Move,
                 n: cython.int) -> cython.int:
    """Capture rule `rule` (its record at cap) takes the move's first n pits: the pieces go
    where it sends them, the landing pit gets its mark, the move records it; the pieces taken."""
    taken: cython.int = take(P, cap, s, n, m)
    a: cython.int
    if m.tracing:
        a = trace_take(m, rule, n)
        if a >= 0:
            m.trace[a + 2] = taken
    s.marks[last] |= P[cap + CP_MARK0 + s.mover]  # the mark the capture sets
    m.captured += taken
    if m.lap == 1 and taken:
        m.first_captured = 1
    if taken or not P[cap + CP_AT_END]:  # once the move is over, a capture taking nothing did nothing
        fire(m, rule)
    return taken


@cython.cfunc
@cython.exceptval(check=False)
def entry_pit(P: cython.p_int, cap: cython.int, s: Pos, last: cython.int, m: Move, hand: cython.int) -> cython.int:
    """The pit captured pieces are sown from (sets the move's direction), or -(outcome + 1)."""
    along: cython.int = P[H_ALONG] + s.mover * P[H_NSLOTS]
    xcol: cython.int = P[H_XCOL]
    cand: cython.int = P[cap + CP_ENTRY_PITS0 + s.mover]
    n: cython.int = 0
    i: cython.int
    k: cython.int = 0
    chosen: cython.int = NONE
    best: cython.int = -1
    best_d: cython.int = 0
    dist: cython.int
    same: cython.int = NONE
    base: cython.int
    a: cython.int
    for i in range(1, P[cand] + 1):
        if n >= MAX_SLOTS:
            break
        if test(P, P[cap + CP_ENTRY], s, P[cand + i], m):
            m.entries[n] = P[cand + i]
            n += 1
    if not n:
        return -(P_ENDLESS + 1)
    if n == 1:
        chosen = m.entries[0]
    elif P[cap + CP_NEAREST] >= 0 and test(P, P[cap + CP_NEAREST], s, last, m):
        for i in range(n):
            dist = P[xcol + m.entries[i]] - P[xcol + last]
            if dist < 0:
                dist = -dist
            if best < 0 or dist < best_d or (dist == best_d and m.entries[i] < best):
                best = m.entries[i]
                best_d = dist
        chosen = best
    elif P[cap + CP_KEEP_DIRECTION] and m.direction != LATER:
        for i in range(n):
            if P[along + m.entries[i]] == m.direction:
                same = m.entries[i]
                k += 1
        if k == 1:
            chosen = same
    if chosen == NONE:
        base = P[H_PICK_BASE]
        for i in range(n):
            m.opts[i] = base + m.entries[i]
        a = ask(m, R_ENTRY, last, hand, n, -1)
        if a < 0:
            return -(refused(a) + 1)
        chosen = a - base
    else:
        trace_entry(m, chosen, last, hand, P, cand)
    # CP_ENTRY_TURNS: 0 keep the move's direction, 1 the entry sets it, 2 + d always direction d
    if P[cap + CP_ENTRY_TURNS] >= 2:
        m.direction = P[cap + CP_ENTRY_TURNS] - 2
    elif P[along + chosen] != LATER and (P[cap + CP_ENTRY_TURNS] or m.direction == LATER):
        m.direction = P[along + chosen]
    return chosen


@cython.cfunc
@cython.exceptval(check=False)
def during_end(P: cython.p_int, s: Pos, m: Move) -> cython.int:
    """Whether an end checked during the move holds now (record: who, pits of South, of
    North, a condition tested on the pit where the lap ended); sets end_prog and end_who."""
    i: cython.int
    j: cython.int
    rec: cython.int
    np: cython.int
    p0: cython.int
    p1: cython.int = 0
    player: cython.int
    for i in range(P[H_NDURING]):
        rec = P[P[H_DURING] + i]
        if P[rec] == D_CONDITION:
            if test(P, P[rec + 3], s, m.last, m.blank):
                m.end_prog = i
                m.end_who = s.mover
                return 1
            continue
        if P[rec] == D_MAJORITY or P[rec] == D_SCORE_AT_LEAST:
            if scores_end(P, rec, s):
                m.end_prog = i
                m.end_who = NONE
                return 1
            continue
        if P[rec] == D_ANY:
            p0, p1, np = s.mover, 1 - s.mover, 2
        elif P[rec] == D_OPPONENT:
            p0, np = 1 - s.mover, 1
        else:
            p0, np = s.mover, 1
        for j in range(np):
            player = p0 if j == 0 else p1
            if none_held(P, s, P[rec + 1 + player], player):
                m.end_prog = i
                m.end_who = player
                return 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def scores_end(P: cython.p_int, rec: cython.int, s: Pos) -> cython.int:
    """Whether an end about the scores holds in the middle of a move (the record's scoring is
    laid out as a turn record's; endgame.compile_end's majority and score_at_least)."""
    T: cython.int = P[rec + 4]
    s0: cython.longlong = score_of(P, T, s, 0)
    s1: cython.longlong = score_of(P, T, s, 1)
    total: cython.longlong = P[T + T_TOTAL]
    if P[rec] == D_SCORE_AT_LEAST:
        return s0 >= P[rec + 3] or s1 >= P[rec + 3]
    return 2 * s0 > total or 2 * s1 > total or (2 * s0 == total and 2 * s1 == total)


@cython.cfunc
@cython.exceptval(check=False)
def sow(P: cython.p_int, s: Pos, items: cython.p_int, at: cython.int, n: cython.int,
        hand: cython.int, m: Move) -> cython.int:
    """Sow hand pieces along items[at:at + n] (round and round), per_pit a pit; the last pit."""
    i: cython.int
    q: cython.int
    r: cython.int
    per: cython.int = P[H_PER_PIT]
    drops: cython.int
    if per != 1:
        drops = drops_of(hand, per)
        if not drops:
            return items[at + n - 1]
        for i in range(drops - 1):
            s.board[items[at + i % n]] += per
        q = items[at + (drops - 1) % n]
        m.lap_drop = hand - (drops - 1) * per
        s.board[q] += m.lap_drop
        return q
    if hand <= n:
        for i in range(hand):
            s.board[items[at + i]] += 1
        return items[at + hand - 1] if hand else items[at + n - 1]
    q = hand // n
    r = hand % n
    for i in range(n):
        s.board[items[at + i]] += q + (1 if i < r else 0)
    return items[at + r - 1] if r else items[at + n - 1]


@cython.cfunc
@cython.exceptval(check=False)
def passing_take(P: cython.p_int, s: Pos, q: cython.int, last: cython.int, m: Move) -> cython.int:
    """A piece just sown into q (`last`: the lap's last): the first capture-while-passing rule
    that holds takes the pit (record: condition, taken by the pit's owner, the lap's last pit
    tested too); the pieces it gave the mover."""
    j: cython.int
    rule: cython.int
    o: cython.int
    who: cython.int
    n: cython.int
    for j in range(P[H_NPASSING]):
        rule = P[P[H_PASSING] + j]
        if (not last or P[rule + 2]) and test(P, P[rule], s, q, m):
            o = owner_at(P, s, q) if P[rule + 1] else NONE
            who = o if o >= 0 else s.mover
            n = s.board[q]
            if n and m.n_taken < MAX_FIRED:  # (what the move's facts list as taken)
                m.taken[2 * m.n_taken] = q
                m.taken[2 * m.n_taken + 1] = n
                m.n_taken += 1
            s.board[P[P[H_STORE] + who]] += n
            s.board[q] = 0
            fire(m, P[H_NCAPS] + j)
            if who == s.mover:
                m.captured += n
                return n
            return 0
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def sow_passing(P: cython.p_int, s: Pos, items: cython.p_int, at: cython.int, n: cython.int,
                hand: cython.int, m: Move) -> cython.int:
    """Sow a lap drop by drop (per_pit pieces a pit), taking at once each pit where a
    capture-while-passing rule holds (passing_take)."""
    i: cython.int
    q: cython.int
    per: cython.int = P[H_PER_PIT]
    drops: cython.int = hand if per == 1 else drops_of(hand, per)
    for i in range(drops):
        q = items[at + i % n]
        if i == drops - 1:
            m.last = q
            m.lap_drop = hand - i * per
            s.board[q] += m.lap_drop
        else:
            s.board[q] += per
        passing_take(P, s, q, i == drops - 1, m)
    return items[at + (drops - 1) % n] if drops else items[at + n - 1]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def drops_of(hand: cython.int, per: cython.int) -> cython.int:
    """How many pits a lap of hand pieces drops into, per pieces a pit (the last takes the rest)."""
    return hand // per + (1 if hand % per else 0)


@cython.cfunc
@cython.exceptval(check=False)
def to_owners(P: cython.p_int, s: Pos) -> cython.void:
    """Pieces in pits carrying an owned mark that sends them on go to the mark's owner's
    store (list: n, then (mark bit, owner) pairs)."""
    lst: cython.int = P[H_TO_OWNER]
    store: cython.int = P[H_STORE]
    q: cython.int
    i: cython.int
    for q in range(P[H_NPITS]):
        if not s.board[q] or not s.marks[q]:
            continue
        for i in range(P[lst]):
            if s.marks[q] & P[lst + 1 + 2 * i]:
                s.board[P[store + P[lst + 2 + 2 * i]]] += s.board[q]
                s.board[q] = 0


@cython.cfunc
@cython.exceptval(check=False)
def ask_capture(P: cython.p_int, m: Move, last: cython.int) -> cython.int:
    """An optional capture: whether the mover takes it, or -(outcome + 1)."""
    base: cython.int = P[H_RELAY_BASE]
    a: cython.int
    m.opts[0] = base
    m.opts[1] = base + 1
    a = ask(m, R_CAPTURE, last, 0, 2, base)
    if a < 0:
        return -(refused(a) + 1)
    return a == base


@cython.cfunc
@cython.exceptval(check=False)
def capture_applies(P: cython.p_int, cap: cython.int, s: Pos, last: cython.int, m: Move,
                    probe: cython.int) -> cython.int:
    """Whether capture `cap` takes at the landing pit: its condition holds and, for an
    optional one, the mover takes it (declined: as if the rule had not held); or
    -(outcome + 1). A probe takes every capture that holds."""
    if not test(P, P[cap + CP_WHEN], s, last, m):
        return 0
    if P[cap + CP_OPTIONAL] and not probe:
        return ask_capture(P, m, last)
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def probed(m: Move, n: cython.int) -> cython.int:
    """A probe's end: the pits the first lap's capture would take (m.pits[:n]) recorded."""
    j: cython.int
    for j in range(n):
        m.first_taken[j] = m.pits[j]
    m.n_first_taken = n
    m.first_captured = 1
    return P_DONE


@cython.cfunc
@cython.exceptval(check=False)
def play_pieces(P: cython.p_int, s: Pos, kind: cython.int, pit: cython.int, m: Move, probe: cython.int) -> cython.int:
    """One lap with the mover choosing the kind of each piece dropped (when the sowing says
    so), then the first capture that holds: its pits' pieces (only the capturable kinds, when
    it says so), then the pieces the mover picks."""
    pc: cython.int = P[H_PIECES]
    capturable: cython.int = P[pc + PC_CAPTURABLE]
    nk: cython.int = s.nk
    ns: cython.int = P[H_NSLOTS]
    mover: cython.int = s.mover
    remaining: cython.int
    d: cython.int
    seq: cython.int
    n: cython.int
    i: cython.int = 0
    j: cython.int
    k: cython.int
    q: cython.int
    c: cython.int
    t: cython.int
    no: cython.int
    a: cython.int
    last: cython.int = pit
    cap: cython.int
    rec: cython.int
    pick: cython.int
    np: cython.int
    taken: cython.int
    count: cython.int
    times: cython.int
    store: cython.int
    ostore: cython.int
    traced: cython.int
    for k in range(nk):
        m.hand_kinds[k] = s.kinds[pit * nk + k]
        s.kinds[pit * nk + k] = 0
    remaining = s.board[pit]
    s.board[pit] = 0
    m.lifted = remaining
    lifted_from(P, s, pit)
    d = m.direction if m.direction >= 0 else CCW
    seq = P[P[H_AFTER] + (mover * 2 + d) * ns + pit]
    n = P[seq]
    if not n:
        return P_ENDLESS
    for q in range(ns):
        m.last_drop[q] = NONE
    m.has_drops = 1
    # the hand's kinds live in m.hand_kinds (reported at a decision about the next piece)
    while remaining:
        q = P[seq + 1 + i % n]
        k = 0
        i += 1
        if P[pc + PC_ORDER_CHOICE]:
            no = 0
            for j in range(nk):
                if m.hand_kinds[j]:
                    m.opts[no] = P[pc + PC_KIND_BASE] + j
                    no += 1
            a = ask(m, R_PIECE, q, remaining, no, -1)
            if a < 0:
                return refused(a)
            k = a - P[pc + PC_KIND_BASE]
        else:
            while k < nk - 1 and not m.hand_kinds[k]:
                k += 1
        if k < 0 or k >= nk or not m.hand_kinds[k]:
            return P_BAD
        m.hand_kinds[k] -= 1
        remaining -= 1
        s.board[q] += 1
        s.kinds[q * nk + k] += 1
        m.last_drop[q] = k
        last = q
    m.last = last
    m.seq_off = seq + 1
    m.seq_len = n
    m.lap_hand = m.lifted
    lap_sown(P, m)
    if m.tracing:
        trace_lap(m, P, seq + 1, n, m.lifted)
    if not P[kind + K_CAPTURES]:
        return P_DONE
    store = P[P[H_STORE] + mover]
    store = store if store >= 0 else ns + store
    ostore = P[P[H_STORE] + 1 - mover]
    ostore = ostore if ostore >= 0 else ns + ostore
    for c in range(P[H_NCAPS]):
        cap = P[P[H_CAPS] + c]
        a = capture_applies(P, cap, s, last, m, probe)
        if a < 0:
            return -a - 1
        if not a:
            continue
        np = taken_pits(P, cap, s, last, m)
        if probe:
            return probed(m, np)
        if store < 0:
            return P_BAD
        rec = P[pc + PC_CAPS + c]
        taken = 0
        traced = trace_take(m, c, np) if m.tracing else NONE
        for j in range(np):
            for k in range(nk):
                count = s.kinds[m.pits[j] * nk + k]
                if count and (P[capturable + k] or not P[rec]):
                    take_kind(s, m, m.pits[j], k, count, store)
                    taken += count
        for j in range(P[rec + 1]):
            pick = rec + 2 + PK_SIZE * j
            times = (chain_pits(P, P[pick + PK_RUN], s, last, m) if P[pick + PK_RUN] >= 0
                     else P[pick + PK_COUNT])
            for t in range(times):
                no = 0
                for q in range(P[H_NPITS]):
                    for k in range(nk):
                        if ((P[pick + PK_WANTED] >> k & 1) and s.kinds[q * nk + k] and no < MAX_SLOTS
                                and test(P, P[pick + PK_FROM], s, q, m)):
                            m.opts[no] = P[pc + PC_PIECE_BASE] + q * nk + k
                            no += 1
                if not no and P[pick + PK_OR_STORE] and ostore >= 0:
                    for k in range(nk):
                        if (P[pick + PK_WANTED] >> k & 1) and s.kinds[ostore * nk + k] and no < MAX_SLOTS:
                            m.opts[no] = P[pc + PC_PIECE_BASE] + ostore * nk + k
                            no += 1
                if not no:
                    break
                a = ask(m, R_PICK, last, 0, no, -1)
                if a < 0:
                    return refused(a)
                q = (a - P[pc + PC_PIECE_BASE]) // nk
                k = (a - P[pc + PC_PIECE_BASE]) % nk
                take_kind(s, m, q, k, 1, store)
                taken += 1
                if traced >= 0:
                    trace_picked(m, traced, q)
        if traced >= 0 and m.tracing == 1:
            m.trace[traced + 2] = taken
        m.captured = taken
        m.first_captured = taken > 0
        fire(m, c)
        break
    return P_DONE


@cython.cfunc
@cython.exceptval(check=False)
def lift(P: cython.p_int, s: Pos, kind: cython.int, pit: cython.int, m: Move) -> cython.int:
    """The pieces a move of `kind` takes into the hand from pit (and the more pits it may
    lift), placement included; returns the hand, or -(outcome + 1) when the move is over or
    cannot go on (placement plays the whole move here)."""
    mover: cython.int = s.mover
    drop: cython.int = P[kind + K_DROP]
    hand: cython.int
    base: cython.int
    own: cython.int
    no: cython.int
    stop: cython.int
    a: cython.int
    i: cython.int
    j: cython.int
    q: cython.int
    n: cython.int
    into: cython.int
    if drop:
        s.stock[mover] -= drop
        s.board[pit] += drop
    if drop and s.stock[mover] < 0:
        return -(P_BAD + 1)
    if P[kind + K_TAKE] == TAKE_ANY:
        base = P[H_NUMBER_BASE]
        if s.board[pit] > MAX_SLOTS:
            return -(P_LIMIT + 1)
        for i in range(s.board[pit]):
            m.opts[i] = base + i + 1
        a = ask(m, R_COUNT, pit, 0, s.board[pit], -1)
        if a < 0:
            return -(refused(a) + 1)
        hand = a - base
    else:
        hand = s.board[pit] if P[kind + K_TAKE] == TAKE_ALL else P[kind + K_TAKE]
    if hand < 0 or hand > s.board[pit]:
        return -(P_BAD + 1)
    s.board[pit] -= hand
    lifted_from(P, s, pit)
    # more pits lifted into the same hand, the mover choosing each (or stopping)
    for j in range(P[kind + K_MORE_PITS]):
        own = P[P[H_OWN] + mover]
        no = 0
        stop = P[H_RELAY_BASE] + 1
        for i in range(1, P[own] + 1):
            if s.board[P[own + i]] and P[own + i] != pit:
                m.opts[no] = P[H_PICK_BASE] + P[own + i]
                no += 1
        if not no:
            break
        m.opts[no] = stop
        no += 1
        a = ask(m, R_MORE, pit, hand, no, stop)
        if a < 0:
            return -(refused(a) + 1)
        if a == stop:
            break
        q = a - P[H_PICK_BASE]
        hand += s.board[q]
        s.board[q] = 0
        lifted_from(P, s, q)
    m.lifted = hand
    if P[kind + K_PLACEMENT]:  # each piece put into a pit of the mover's choice
        into = P[kind + K_INTO]
        while hand:
            n = 0
            for q in range(P[H_NPITS]):
                if into == -1 or test(P, into, s, q, m):
                    m.opts[n] = P[H_PICK_BASE] + q
                    n += 1
            if not n:
                return -(P_BAD + 1)
            a = ask(m, R_PLACE, m.origin if m.last == NONE else m.last, hand, n, -1)
            if a < 0:
                return -(refused(a) + 1)
            m.last = a - P[H_PICK_BASE]
            n = min(hand, P[H_PER_PIT])  # per_pit pieces (or all that are left) a decision
            s.board[m.last] += n
            hand -= n
            if m.tracing:
                for i in range(n):
                    trace_place(m, m.last)
        if m.last == NONE:
            m.last = pit
        m.lap = 1
        m.sowings = 1
        return -(P_DONE + 1)
    return hand


@cython.cfunc
@cython.exceptval(check=False)
def choose_pits(P: cython.p_int, cap: cython.int, s: Pos, last: cython.int, m: Move, n: cython.int) -> cython.int:
    """The pits the mover chooses after a capture's fixed ones (appended to m.pits); the new
    count, or -(outcome + 1)."""
    chosen: cython.int = cap + CP_SELS + P[cap + CP_NSEL]
    c: cython.int
    j: cython.int
    q: cython.int
    no: cython.int
    a: cython.int
    stop: cython.int
    for c in range(P[chosen]):
        stop = P[H_RELAY_BASE] + 1 if P[chosen + 3 + 3 * c] else -1
        for j in range(P[chosen + 1 + 3 * c]):
            no = 0
            for q in range(P[H_NPITS]):
                if not s.board[q] or in_pits(m, n, q) or not test(P, P[chosen + 2 + 3 * c], s, q, m):
                    continue
                m.opts[no] = P[H_PICK_BASE] + q
                no += 1
            if not no or n >= MAX_SLOTS:
                break
            if stop >= 0:
                m.opts[no] = stop
                no += 1
            a = ask(m, R_PIT, last, 0, no, stop)
            if a < 0:
                return -(refused(a) + 1)
            if a < P[H_PICK_BASE]:
                break  # stopped picking
            m.pits[n] = a - P[H_PICK_BASE]
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def play(P: cython.p_int, s: Pos, kind_index: cython.int, pit: cython.int, direction: cython.int, m: Move,
         probe: cython.int) -> cython.int:
    """Play one move from (kind, pit, direction) on s, in place; an outcome P_*. With probe,
    stop after the first lap and record what its capture would take."""
    kind: cython.int = P[P[H_KINDS] + kind_index]
    ns: cython.int = P[H_NSLOTS]
    mover: cython.int = s.mover
    hand: cython.int
    landed: cython.int
    a: cython.int
    d: cython.int
    i: cython.int
    seq: cython.int
    n: cython.int
    at: cython.int
    k: cython.int
    last: cython.int = pit
    entry: cython.int = NONE
    laps: cython.int = 0
    n_caps: cython.int = P[H_NCAPS] if P[kind + K_CAPTURES] else 0
    skip: cython.int = P[H_SKIP]
    require: cython.int = P[kind + K_REQUIRE]
    relay: cython.int = P[H_RELAY]
    seek: cython.int = 0
    cap: cython.int
    ended: cython.int
    sow_on: cython.int
    taken: cython.int
    items: cython.p_int
    m.origin = pit
    m.direction = direction
    m.kind = P[kind + K_NAME]
    if P[kind + K_ASK_DIRECTION]:
        m.opts[0] = P[H_DIR_BASE] + direction
        a = ask(m, R_DIRECTION, pit, 0, 1, -1)
        if a < 0:
            return refused(a)
    if s.nk:
        return play_pieces(P, s, kind, pit, m, probe)
    if P[kind + K_LIFT_ALL]:
        hand = s.board[pit]
        s.board[pit] = 0
        m.lifted = hand
        lifted_from(P, s, pit)
        landed = 0
    elif P[kind + K_TAKE] == TAKE_NONE:
        if P[kind + K_DROP]:
            s.stock[mover] -= P[kind + K_DROP]
            s.board[pit] += P[kind + K_DROP]
        if s.stock[mover] < 0:
            return P_BAD
        hand = 0
        m.lifted = P[kind + K_DROP]
        m.seq_buf[0] = pit
        m.seq_off = -1
        m.seq_len = 1
        m.lap_hand = P[kind + K_DROP]
        lap_sown(P, m)
        landed = 1
    else:
        hand = lift(P, s, kind, pit, m)
        if hand < 0:
            return -hand - 1
        landed = 0
    while True:
        if not landed:
            d = m.direction
            if d == LATER:
                m.opts[0] = P[H_DIR_BASE] + CCW
                m.opts[1] = P[H_DIR_BASE] + CW
                a = ask(m, R_DIRECTION, last, hand, 2, -1)
                if a < 0:
                    return refused(a)
                d = a - P[H_DIR_BASE]
                m.direction = d
            if entry != NONE:
                seq = P[P[H_LOOP] + (mover * 2 + d) * ns + entry]
                entry = NONE
            elif laps == 0 and P[H_FIRST_INTO_ORIGIN] and hand > 1:
                seq = P[P[H_LOOP] + (mover * 2 + d) * ns + last]  # the first piece back into the origin
            else:
                seq = P[P[H_AFTER] + (mover * 2 + d) * ns + last]
            n = P[seq]
            if n > MAX_SLOTS:
                return P_LIMIT
            items = P
            at = seq + 1
            if skip >= 0:
                k = 0
                for i in range(n):
                    if not test(P, skip, s, P[seq + 1 + i], m):
                        m.lap_pits[k] = P[seq + 1 + i]
                        k += 1
                items = m.lap_pits
                at = 0
                n = k
            if not n:
                return P_ENDLESS
            if P[H_NPASSING]:
                last = sow_passing(P, s, items, at, n, hand, m)
            else:
                last = sow(P, s, items, at, n, hand, m)
            if m.tracing:
                trace_lap(m, items, at, n, hand)
            if P[P[H_TO_OWNER]]:
                to_owners(P, s)
            if skip >= 0:
                for i in range(n):
                    m.seq_buf[i] = m.lap_pits[i]
                m.seq_off = -1
            else:
                m.seq_off = at
            m.seq_len = n
            m.lap_hand = hand if P[H_PER_PIT] == 1 else drops_of(hand, P[H_PER_PIT])
            lap_sown(P, m)
        landed = 0
        laps += 1
        if laps > P[H_MAX_LAPS]:
            return P_ENDLESS
        m.lap = laps
        m.last = last
        if laps == 1 and require >= 0:
            m.first_ok = test(P, require, s, last, m)
        if P[H_NDURING] and during_end(P, s, m):
            m.sowings = laps
            return P_DONE
        ended = 0
        sow_on = 0
        for i in range(n_caps):
            cap = P[P[H_CAPS] + i]
            if P[cap + CP_AT_END]:
                continue
            a = capture_applies(P, cap, s, last, m, probe)
            if a < 0:
                return -a - 1
            if not a:
                continue
            n = taken_pits(P, cap, s, last, m)
            if probe:
                return probed(m, n)
            n = choose_pits(P, cap, s, last, m, n)
            if n < 0:
                return -n - 1
            taken = capture_pits(P, cap, i, s, last, m, n)
            if P[cap + CP_TO] == TO_SOW and taken:
                entry = entry_pit(P, cap, s, last, m, taken)
                if entry < 0:
                    return -entry - 1
                hand = taken
                sow_on = 1
            elif P[cap + CP_GO_ON] == GO_ON_RELAY and n:
                last = m.pits[n - 1]  # the relay rule reads the last pit taken as the landing pit
                seek = P[cap + CP_SEEK]
            elif P[cap + CP_GO_ON] == GO_ON_NEXT_PIT and n:
                a = step_of(P, s, m.direction, m.pits[n - 1])
                if a == NONE or a >= P[H_NPITS] or not s.board[a]:
                    ended = 1
                else:  # the pit after the last one taken is lifted and sown on, a new lap
                    last = a
                    hand = s.board[a]
                    s.board[a] = 0
                    lifted_from(P, s, a)
                    sow_on = 1
            elif P[cap + CP_CARRY] and s.board[last]:
                s.board[last] -= 1  # the capturing piece goes on alone, from the landing pit
                hand = 1
                sow_on = 1
            else:
                ended = 1
            break
        if probe and laps == 1:
            return P_DONE
        if ended:
            break
        if sow_on:
            continue
        if relay and P[H_RELAY_NEXT]:
            # lift the pit after the landing pit (the loader refuses a direction set later here)
            a = step_of(P, s, m.direction, last)
            if seek or P[H_RELAY_SEEK]:
                # or the next pit holding pieces: once round the circuit at most, never back to
                # the pit the search set out from
                i = 0
                while a != NONE and a != last and (a >= P[H_NPITS] or not s.board[a]) and i < ns:
                    a = step_of(P, s, m.direction, a)
                    i += 1
                if a == last or (a != NONE and (a >= P[H_NPITS] or not s.board[a])):
                    a = NONE  # no other pit holds pieces
                seek = 0
            last = a
            if last == NONE or not test(P, P[H_RELAY_WHEN], s, last, m):
                break
            hand = s.board[last]
            s.board[last] = 0
            lifted_from(P, s, last)
            continue
        if relay and test(P, P[H_RELAY_WHEN], s, last, m):
            if P[H_STOP_WHEN] >= 0 and test(P, P[H_STOP_WHEN], s, last, m):
                fire(m, F_RELAY_STOPPED)
                break
            if P[H_ASK_WHEN] >= 0 and test(P, P[H_ASK_WHEN], s, last, m):
                m.opts[0] = P[H_RELAY_BASE]
                m.opts[1] = P[H_RELAY_BASE] + 1
                a = ask(m, R_RELAY, last, 0, 2, P[H_RELAY_BASE] + 1)
                if a < 0:
                    return refused(a)
                if a != P[H_RELAY_BASE]:
                    fire(m, F_RELAY_STOP_CHOSEN)
                    break
                fire(m, F_RELAY_GO_ON_CHOSEN)
            hand = s.board[last]
            s.board[last] = 0
            lifted_from(P, s, last)
            if P[H_RELAY_REVERSE] and m.direction != LATER:
                m.direction = 1 - m.direction  # the relay lap turns back
            continue
        break
    m.sowings = laps
    return end_captures(P, s, last, m, n_caps)


@cython.cfunc
@cython.exceptval(check=False)
def end_captures(P: cython.p_int, s: Pos, last: cython.int, m: Move, n_caps: cython.int) -> cython.int:
    """The captures made once the move is over (`at: move_end`), tested on the pit where it
    ended: the first that applies takes; an outcome P_*."""
    i: cython.int
    cap: cython.int
    a: cython.int
    n: cython.int
    for i in range(n_caps):
        cap = P[P[H_CAPS] + i]
        if not P[cap + CP_AT_END]:
            continue
        a = capture_applies(P, cap, s, last, m, 0)
        if a < 0:
            return -a - 1
        if not a:
            continue
        n = choose_pits(P, cap, s, last, m, taken_pits(P, cap, s, last, m))
        if n < 0:
            return -n - 1
        capture_pits(P, cap, i, s, last, m, n)
        break
    return P_DONE


# ---------------------------------------------------------------- look-ahead

@cython.cfunc
@cython.exceptval(check=False)
def allowed(P: cython.p_int, before: Pos, after: Pos, m: Move, kind: cython.int, feeding: cython.int) -> cython.int:
    """Whether a finished move is one its kind allows (captures it must make, its first lap's
    requirement, what must hold once it is over, feeding the opponent)."""
    if P[kind + K_REQUIRE_CAPTURE] == 2:
        if not m.first_captured:
            return 0
    elif P[kind + K_REQUIRE_CAPTURE] and not m.captured:
        return 0
    if not m.first_ok:
        return 0
    if P[kind + K_REQUIRE_AFTER] >= 0 and not test(P, P[kind + K_REQUIRE_AFTER], after, m.last, m):
        return 0
    if feeding and not side_sum(P, after, 1 - before.mover):
        return 0
    return 1


@cython.cclass
class Level:
    """One level of the depth-first search: its position and move, made once and kept for
    the next search that goes this deep."""

    work: Pos
    move: Move
    options: cython.int[::1]
    deeper: Level

    def __init__(self, ns: cython.int, cells: cython.int, blank: Move):
        self.work = Pos(ns, cells)
        self.move = Move(blank)
        self.options = int_array(MAX_SLOTS)
        self.deeper = None


@cython.cfunc
@cython.exceptval(check=False)
def make_deeper(k: Kernel, level: Level) -> cython.int:
    """Whether the level below `level` is there, made the first time a search goes that
    deep (0: no memory for it, the search stops)."""
    if level.deeper is None:
        try:
            level.deeper = Level(k.ns, k.cells, level.move.blank)
        except MemoryError as exc:
            k.pending = exc
            k.stopped = 1
            return 0
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def signal_pending(k: Kernel) -> cython.int:
    """Whether a signal handler raised (Ctrl-C): the exception is kept for the caller."""
    try:
        PyErr_CheckSignals()
    except BaseException as exc:  # noqa: B036 - raised again by Kernel.search_failed
        k.pending = exc
        return 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def spend(k: Kernel) -> cython.int:
    """Count one play against the call's budget, and let Ctrl-C through now and then; 0
    once the search must stop (k.stopped says why)."""
    if k.stopped:
        return 0
    k.plays += 1
    if k.plays % SIGNAL_EVERY == 0 and signal_pending(k):
        k.stopped = 1
    elif k.plays > MAX_PLAYS_PER_CALL:
        k.stopped = 2
    return not k.stopped


if cython.compiled:
    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def answer_from_prefix(m: Move, k: Kernel) -> cython.void:
        """m.given = k.prefix, unless it is already: assigning a memoryview counts its
        acquisitions atomically (twice), which each play of a look-ahead paid."""
        if cython.address(m.given[0]) != cython.address(k.prefix[0]):
            m.given = k.prefix
else:
    def answer_from_prefix(m: Move, k: Kernel) -> None:
        """m.given = k.prefix."""
        m.given = k.prefix


@cython.cfunc
@cython.exceptval(check=False)
def search(k: Kernel, level: Level, s: Pos, ki: cython.int, pit: cython.int, d: cython.int, feeding: cython.int,
           n: cython.int) -> cython.int:
    """Whether some answers to the decisions after k.prefix[:n] complete an allowed move."""
    P: cython.p_int = k.prog
    m: Move = level.move
    i: cython.int
    no: cython.int
    r: cython.int
    ok: cython.int = 0
    if not spend(k):
        return 0
    pos_copy(level.work, s, P[H_NSLOTS])
    answer_from_prefix(m, k)
    move_init(m, n, ASK_STOP)
    r = play(P, level.work, ki, pit, d, m, 0)
    if r == P_NEED and n < MAX_DECISIONS:
        no = m.n_options
        for i in range(no):
            level.options[i] = m.options[i]
        for i in range(no):
            if ok or not make_deeper(k, level):
                break
            k.prefix[n] = level.options[i]
            ok = search(k, level.deeper, s, ki, pit, d, feeding, n + 1)
    elif r == P_DONE:
        ok = allowed(P, s, level.work, m, P[P[H_KINDS] + ki], feeding)
    return ok


@cython.cfunc
@cython.exceptval(check=False)
def completes(k: Kernel, s: Pos, ki: cython.int, pit: cython.int, d: cython.int, feeding: cython.int,
              n: cython.int, m: Move) -> cython.int:
    """Whether the move from a start, after the decisions in k.prefix[:n], can be completed
    so that it is allowed: the first options first, then a depth-first search."""
    P: cython.p_int = k.prog
    r: cython.int
    if not spend(k):
        return 0
    pos_copy(k.work, s, P[H_NSLOTS])
    answer_from_prefix(m, k)
    move_init(m, n, ASK_FIRST)
    r = play(P, k.work, ki, pit, d, m, 0)
    if r == P_ENDLESS:
        if not k.bound_hits:
            k.bound_pit = pit
        k.bound_hits += 1
    elif r == P_DONE and allowed(P, s, k.work, m, P[P[H_KINDS] + ki], feeding):
        return 1
    return search(k, k.levels, s, ki, pit, d, feeding, n)


@cython.cfunc
@cython.exceptval(check=False)
def acceptable(k: Kernel, s: Pos, ki: cython.int, pit: cython.int, d: cython.int, feeding: cython.int,
               m: Move) -> cython.int:
    P: cython.p_int = k.prog
    kind: cython.int = P[P[H_KINDS] + ki]
    if P[kind + K_REQUIRE_CAPTURE] == 2 and P[kind + K_TAKE] != TAKE_ANY:
        pos_copy(k.work, s, P[H_NSLOTS])
        move_init(m, 0, ASK_FIRST)
        if play(P, k.work, ki, pit, d, m, 1) != P_DONE or not m.first_captured:
            return 0
    return completes(k, s, ki, pit, d, feeding, 0, m)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def kind_shift(d: cython.int) -> cython.int:
    return KIND_SHIFT_BASE + 5 * (d + 1)


@cython.cfunc
@cython.exceptval(check=False)
def start_kind(P: cython.p_int, mask: cython.int, d: cython.int, first: cython.int) -> cython.int:
    """The kind that plays direction d of a legal start (kinds offered together)."""
    return (mask >> kind_shift(d)) & 31 if P[H_OFFER_ALL] else first


@cython.cfunc
@cython.exceptval(check=False)
def find_legal(k: Kernel, s: Pos, feeding: cython.int, m: Move, out: Starts) -> cython.int:
    """The legal starts of the first move kind that has any (of every kind, when they are
    offered together) into out (masks: bit d + 1 for direction d; out.kind left as it is);
    returns the (first) kind's index, or -1."""
    P: cython.p_int = k.prog
    simulate: cython.int
    found_kind: cython.int = -1
    offer_all: cython.int = P[H_OFFER_ALL]
    ki: cython.int
    kind: cython.int
    drop: cython.int
    take_n: cython.int
    table: cython.int
    dirs: cython.int
    plain: cython.int
    all_dirs: cython.int
    j: cython.int
    r: cython.int
    aid: cython.int
    pit: cython.int
    n: cython.int
    mask: cython.int
    d: cython.int
    at: cython.int
    a: cython.int
    q: cython.int
    mk: cython.int
    i: cython.int
    need: cython.int
    n_out: cython.int
    out.n = 0
    for ki in range(P[H_NKINDS]):
        if out.n and not offer_all:
            break
        kind = P[P[H_KINDS] + ki]
        drop = P[kind + K_DROP]
        take_n = P[kind + K_TAKE]
        if drop and s.stock[s.mover] < drop:
            continue
        # a placement can always be completed: only feeding asks for its look-ahead
        simulate = (P[H_MUST_SIMULATE] and not P[kind + K_PLACEMENT]) or feeding
        table = P[kind + K_TABLE0 + s.mover]
        dirs = P[kind + K_DIRS]
        # nothing to test or play out: the pits with pieces, in every direction offered
        plain = P[kind + K_TEST] < 0 and not simulate
        all_dirs = 0
        for j in range(1, P[dirs] + 1):
            all_dirs |= 1 << (P[dirs + j] + 1)
        if plain and not offer_all:
            # the common case (nothing found yet), in a loop of its own: the pits with enough
            # pieces, each row written and kept or not (no branch to mispredict on the counts)
            need = 1 if take_n == TAKE_ALL or take_n == TAKE_ANY else take_n if take_n > 0 else 0
            n_out = 0
            for r in range(P[table]):
                pit = P[table + 2 + 2 * r]
                out.aids[n_out] = P[table + 1 + 2 * r]
                out.pits[n_out] = pit
                out.masks[n_out] = all_dirs
                n_out += s.board[pit] + drop >= need
            out.n = n_out
            if n_out:
                found_kind = ki
            continue
        for r in range(P[table]):
            aid = P[table + 1 + 2 * r]
            pit = P[table + 2 + 2 * r]
            n = s.board[pit] + drop
            if ((take_n == TAKE_ALL or take_n == TAKE_ANY) and not n) or (take_n > 0 and n < take_n):
                continue
            mask = all_dirs if plain else 0
            if not plain:
                for j in range(1, P[dirs] + 1):
                    d = P[dirs + j]
                    if P[kind + K_TEST] >= 0:
                        move_init(m, 0, ASK_FIRST)
                        m.origin = pit
                        m.direction = d
                        m.kind = -1
                        if not test(P, P[kind + K_TEST], s, pit, m):
                            continue
                    if simulate and not acceptable(k, s, ki, pit, d, feeding, m):
                        continue
                    if k.stopped:
                        break
                    mask |= 1 << (d + 1)
            if mask and offer_all:
                # offered together: one row per pit; an earlier kind keeps a pit and direction
                at = 0
                while at < out.n and out.aids[at] != aid:
                    at += 1
                if at == out.n:
                    if at >= MAX_SLOTS:
                        continue
                    out.aids[at] = aid
                    out.pits[at] = pit
                    out.masks[at] = 0
                    out.n += 1
                for d in range(LATER, CW + 1):
                    if (mask >> (d + 1) & 1) and not (out.masks[at] >> (d + 1) & 1):
                        out.masks[at] |= 1 << (d + 1) | ki << kind_shift(d)
                if found_kind < 0:
                    found_kind = ki
            elif mask:
                out.aids[out.n] = aid
                out.pits[out.n] = pit
                out.masks[out.n] = mask
                out.n += 1
                found_kind = ki
    if offer_all:  # in action order, each start once
        for i in range(1, out.n):
            a = out.aids[i]
            q = out.pits[i]
            mk = out.masks[i]
            j = i
            while j > 0 and out.aids[j - 1] > a:
                out.aids[j] = out.aids[j - 1]
                out.pits[j] = out.pits[j - 1]
                out.masks[j] = out.masks[j - 1]
                j -= 1
            out.aids[j] = a
            out.pits[j] = q
            out.masks[j] = mk
    return found_kind


@cython.cfunc
@cython.exceptval(check=False)
def first_lap_takes(k: Kernel, s: Pos, ki: cython.int, work: Pos, m: Move, taken: cython.int[::1],
                    at: cython.int) -> cython.int:
    """moves.threat_set once find_legal(k, s, ..., k.found) found kind ki: taken[at + q] set for every pit q
    the first lap of a legal capturing start would take; whether there is any."""
    P: cython.p_int = k.prog
    i: cython.int
    d: cython.int
    kd: cython.int
    j: cython.int
    found: cython.int = 0
    for i in range(k.found.n):
        for d in range(LATER, CW + 1):
            if not (k.found.masks[i] >> (d + 1) & 1):
                continue
            kd = start_kind(P, k.found.masks[i], d, ki)
            if not P[P[P[H_KINDS] + kd] + K_CAPTURES]:
                continue
            pos_copy(work, s, k.ns)
            move_init(m, 0, ASK_FIRST)
            if play(P, work, kd, k.found.pits[i], d, m, 1) != P_DONE:
                continue
            for j in range(m.n_first_taken):
                taken[at + m.first_taken[j]] = 1
                found = 1
    return found


# ---------------------------------------------------------------- the Python API

POS_ARGS = 8
"""A position's arguments: board, marks, stock, removed, stage, moves_played, mover, variables."""


@cython.cfunc
def read_ints(values: object, out: cython.int[::1], at: cython.int, most: cython.int, what: str) -> cython.int:
    """Copy the ints of a sequence into out[at:]; how many there were (at most `most`)."""
    items: list = values if type(values) is list else list(values)  # type: ignore[call-overload]
    n: cython.Py_ssize_t = len(items)
    i: cython.Py_ssize_t
    v: cython.longlong
    if n > most:
        raise ValueError(f"{what}: {n} items, at most {most}")
    for i in range(n):
        v = items[i]  # (compiled: an int or an object with __index__; interpreted: the array refuses others)
        if v < -BIG - 1 or v > BIG:
            raise OverflowError(f"{what}: {v} does not fit the kernel's counts")
        out[at + i] = v
    return n


@cython.cfunc
def read_number(value: object, low: cython.longlong, high: cython.longlong, what: str) -> cython.longlong:
    number = index(value)
    if number < low or number > high:
        raise ValueError(f"{what} is {number}; the kernel takes {low} to {high}")
    return number


@cython.cfunc
def int_list(values: cython.int[::1], n: cython.int) -> list:
    return [values[i] for i in range(n)]


@cython.cclass
class Kernel:
    """One stage's program and the scratch its plays use: legal, threats, completes and play
    with the arguments and answers kernel.KernelRules reads."""

    p: cython.int[::1]
    prog: cython.p_int
    """p's first element (interpreted: p itself): what the plays index."""
    ns: cython.int
    cells: cython.int
    bound_hits: cython.long
    bound_pit: cython.int
    plays: cython.long
    stopped: cython.int
    """1: interrupted (pending holds the exception), 2: over the play budget."""
    pending: object
    pos: Pos
    work: Pos
    move: Move
    levels: Level
    prefix: cython.int[::1]
    given: cython.int[::1]
    flat: cython.int[::1]
    pits: cython.int[::1]
    """(kind, pit, direction) of a call's start (read_start)"""
    found: Starts
    """The legal starts find_legal found for the calls and the look-ahead."""
    program: object

    def __init__(self, program: object):
        values = [index(v) for v in program]  # type: ignore[attr-defined]
        if len(values) < H_SIZE:
            raise ValueError("program too short")
        if any(v < -BIG - 1 or v > BIG for v in values):
            raise OverflowError("a program number does not fit 32 bits")
        why = check_program(values)
        if why is not None:
            raise ValueError(f"a program the kernel cannot run: {why}")
        self.program = array("i", values)
        self.p = self.program
        self.prog = data_of(self.p)
        self.ns = values[H_NSLOTS]
        self.cells = self.ns * values[values[H_PIECES] + PC_NK] if values[H_PIECES] >= 0 else 0
        self.bound_hits = 0
        self.bound_pit = -1
        self.plays = 0
        self.stopped = 0
        self.pending = None
        self.pos = Pos(self.ns, self.cells)
        self.work = Pos(self.ns, self.cells)
        blank = Move()
        self.move = Move(blank)
        self.levels = Level(self.ns, self.cells, blank)
        self.prefix = int_array(MAX_DECISIONS)
        self.given = int_array(MAX_DECISIONS)
        self.flat = int_array(MAX_SLOTS + MAX_KIND_CELLS)
        self.pits = int_array(3)
        self.found = Starts()

    @cython.cfunc
    def begin(self, args: tuple, n: cython.int, name: str) -> Pos:
        """A call's start: its arguments counted, the budget reset, the position args[0:7]
        read into self.pos with every count checked, so that no position can make a play
        index or count past what it holds."""
        s: Pos = self.pos
        ns: cython.int = self.ns
        nk: cython.int = 0
        q: cython.int
        j: cython.int
        total: cython.longlong = 0
        counts: cython.longlong
        if len(args) != n:
            raise TypeError(f"{name} takes {n} arguments")
        self.plays = 0
        self.stopped = 0
        self.pending = None
        if self.p[H_PIECES] >= 0:
            nk = self.p[self.p[H_PIECES] + PC_NK]
            if read_ints(args[0], self.flat, 0, MAX_SLOTS + MAX_KIND_CELLS, "board") != ns + ns * nk:
                raise ValueError("board has the wrong size (totals, then each kind's counts)")
            for q in range(ns):
                s.board[q] = self.flat[q]
                counts = 0
                for j in range(nk):
                    s.kinds[q * nk + j] = self.flat[ns + q * nk + j]
                    if s.kinds[q * nk + j] < 0:
                        raise ValueError(f"a count of board[{q}] is negative")
                    counts += s.kinds[q * nk + j]
                if counts != s.board[q]:
                    raise ValueError(f"board[{q}] is not the sum of its kinds")
        elif read_ints(args[0], self.flat, 0, MAX_SLOTS, "board") != ns:
            raise ValueError("board has the wrong size")
        else:
            for q in range(ns):
                s.board[q] = self.flat[q]
        if read_ints(args[1], self.flat, 0, MAX_SLOTS, "marks") != ns:
            raise ValueError("marks have the wrong size")
        for q in range(ns):
            s.marks[q] = self.flat[q]
        if read_ints(args[2], self.flat, 0, 2, "stock") != 2:
            raise ValueError("stock needs two numbers")
        s.stock[0], s.stock[1] = self.flat[0], self.flat[1]
        for q in range(ns):
            if s.board[q] < 0:
                raise ValueError(f"board[{q}] is negative")
            total += s.board[q]
        if s.stock[0] < 0 or s.stock[1] < 0:
            raise ValueError("a stock is negative")
        total += s.stock[0] + s.stock[1]
        if total > MAX_PIECES:
            raise ValueError(f"{total} pieces in play; the kernel counts at most {MAX_PIECES}")
        s.removed = read_number(args[3], 0, 2**63 - 1, "removed")
        s.stage = read_number(args[4], 0, MAX_STAGE_BITS - 1, "stage")
        s.moves_played = read_number(args[5], 0, BIG, "moves_played")
        s.mover = read_number(args[6], 0, 1, "mover")
        s.nv = self.p[H_NVARS]
        if read_ints(args[7], self.flat, 0, MAX_VARIABLES, "variables") != s.nv:
            raise ValueError(f"variables need {s.nv} numbers")
        for q in range(s.nv):
            if self.flat[q] < 0:
                raise ValueError(f"variables[{q}] is negative")
            s.vars[q] = self.flat[q]
        s.nk = nk
        return s

    @cython.cfunc
    def read_start(self, args: tuple, at: cython.int) -> cython.int:
        """Read (kind, pit, direction) from args[at:at + 3] into self.pits[0:3]; ValueError
        unless they can start a move here."""
        ki = index(args[at])
        pit = index(args[at + 1])
        d = index(args[at + 2])
        if ki < 0 or ki >= self.p[H_NKINDS] or pit < 0 or pit >= self.ns or d < LATER or d > CW:
            raise ValueError("no such start")
        self.pits[0], self.pits[1], self.pits[2] = ki, pit, d
        return 0

    @cython.cfunc
    def finish(self) -> tuple:
        """After a search: raise when it was interrupted or went over its budget; else the
        bound hits (starts refused for the lap bound, the pit of the first), then reset."""
        if self.stopped == 2:
            raise LimitError(f"the look-ahead needed more than {MAX_PLAYS_PER_CALL} plays to decide which moves "
                             f"are legal")
        if self.stopped:
            pending = self.pending
            self.pending = None
            raise pending if pending is not None else KeyboardInterrupt()
        out = (self.bound_hits, self.bound_pit)
        self.bound_hits = 0
        self.bound_pit = -1
        return out

    def legal(self, *args: object) -> tuple[int, list[tuple[int, int]], tuple[int, int]]:
        """legal(board, marks, stock, removed, stage, moves_played, mover, feeding) -> (kind
        index, [(action id, directions bitmask), ...]) for the first kind with any, or (-1,
        []); then the bound hits."""
        s: Pos = self.begin(args, POS_ARGS + 1, "legal")
        found: cython.int = find_legal(self, s, 1 if args[POS_ARGS] else 0, self.move, self.found)
        hits = self.finish()
        return found, [(self.found.aids[i], self.found.masks[i]) for i in range(self.found.n)], hits

    def threats(self, *args: object) -> tuple[bool, list[int], tuple[int, int]]:
        """threats(board, ..., mover, feeding) -> (whether the mover has a legal start, the
        pits the first laps of the legal capturing starts would take, bound hits)."""
        s: Pos = self.begin(args, POS_ARGS + 1, "threats")
        ki: cython.int = find_legal(self, s, 1 if args[POS_ARGS] else 0, self.move, self.found)
        hits = self.finish()
        taken = int_array(self.ns)
        if ki >= 0:
            first_lap_takes(self, s, ki, self.work, self.move, taken, 0)
        return ki >= 0, [q for q in range(self.ns) if taken[q]], hits

    def completes(self, *args: object) -> tuple[bool, tuple[int, int]]:
        """completes(board, ..., mover, feeding, kind, pit, direction, prefix) -> (bool, bound hits)"""
        s: Pos = self.begin(args, POS_ARGS + 5, "completes")
        self.read_start(args, POS_ARGS + 1)
        n: cython.int = read_ints(args[POS_ARGS + 4], self.prefix, 0, MAX_DECISIONS - 1, "prefix")
        ok: cython.int = completes(self, s, self.pits[0], self.pits[1], self.pits[2], 1 if args[POS_ARGS] else 0,
                                   n, self.move)
        return bool(ok), self.finish()

    def play(self, *args: object) -> tuple:
        """play(board, ..., mover, kind, pit, direction, decisions): the move, up to the next
        decision -> ("done", board, marks, stock, removed, facts, fired, end_prog, end_who,
        taken, kinds, last drops, taken kinds) | ("endless",) | ("need", board, marks, stock,
        removed, (kind, at, in_hand, options, default), kinds, hand kinds)."""
        s: Pos = self.begin(args, POS_ARGS + 4, "play")
        m: Move = self.move
        ns: cython.int = self.ns
        r: cython.int
        self.read_start(args, POS_ARGS)
        m.given = self.given
        move_init(m, read_ints(args[POS_ARGS + 3], self.given, 0, MAX_DECISIONS, "decisions"), ASK_STOP)
        r = play(self.prog, s, self.pits[0], self.pits[1], self.pits[2], m, 0)
        if r == P_BAD:
            raise ValueError("a given decision is not one of the options asked, or the start cannot be played in "
                             "this position")
        if r == P_LIMIT:
            raise LimitError("the move asks to choose among more options than the kernel holds")
        if r == P_ENDLESS:
            return ("endless",)
        board = [s.board[q] for q in range(ns)]
        marks = [s.marks[q] for q in range(ns)]
        stock = [s.stock[0], s.stock[1]]
        kinds = int_list(s.kinds, ns * s.nk) if s.nk else None
        if r == P_NEED:
            request = (m.req_kind, m.req_at, m.req_in_hand, int_list(m.options, m.n_options), m.req_default)
            return ("need", board, marks, stock, s.removed, request, kinds,
                    int_list(m.hand_kinds, s.nk if m.req_kind == R_PIECE else 0))
        seq = tuple([seq_at(self.prog, m, i) for i in range(m.seq_len)])
        facts = (m.direction, m.lifted, m.lap, m.captured, bool(m.first_captured), m.last, bool(m.first_ok),
                 m.sowings, seq, m.lap_hand)
        return ("done", board, marks, stock, s.removed, facts, int_list(m.fired, m.n_fired), m.end_prog, m.end_who,
                int_list(m.taken, 2 * m.n_taken), kinds, int_list(m.last_drop, ns if s.nk and m.has_drops else 0),
                int_list(m.taken_kinds, 3 * m.n_taken_kinds))

    def traced_play(self, *args: object) -> tuple:
        """play(...) recording what the move does: (play's answer, the trace: layout's TR_
        entries, one after another in one list)."""
        m: Move = self.move
        if m.trace is None:
            m.trace = int_array(TRACE_ROOM)
        m.tracing = 1
        m.n_trace = 0
        try:
            out = self.play(*args)
        finally:
            overflowed: cython.int = m.tracing == 2
            m.tracing = 0
        if overflowed:
            raise LimitError(f"the move's trace needs more than {TRACE_ROOM} numbers")
        return out, int_list(m.trace, m.n_trace)


# ---------------------------------------------------------------- whole games

# Each stage's program carries, after the kernel's blocks, a turn record (native.py's
# TurnAssembler; its offset is given with the program): the conditions read between moves,
# the end conditions in the spec's order, the scoring, the ends checked during a move, the
# marks after a move, rounds and the opening race. The runner below plays whole games from
# them: the turn cycle, the end, rounds and the opening race, over the kernel's plays.

if cython.compiled:
    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def u64(x: cython.ulonglong) -> cython.ulonglong:
        """Compiled, unsigned 64-bit arithmetic wraps by itself."""
        return x
else:
    def u64(x: int) -> int:
        """Interpreted, the 64 bits are kept by hand."""
        return x & 0xFFFFFFFFFFFFFFFF


@cython.cclass
class Rng:
    """xoshiro256** seeded through splitmix64: the same stream for a seed on every platform
    and in both modes, compiled and interpreted."""

    s0: cython.ulonglong
    s1: cython.ulonglong
    s2: cython.ulonglong
    s3: cython.ulonglong

    def __init__(self, seed: cython.ulonglong):
        x: cython.ulonglong = seed
        x = u64(x + cython.cast(cython.ulonglong, 0x9E3779B97F4A7C15))
        self.s0 = splitmix(x)
        x = u64(x + cython.cast(cython.ulonglong, 0x9E3779B97F4A7C15))
        self.s1 = splitmix(x)
        x = u64(x + cython.cast(cython.ulonglong, 0x9E3779B97F4A7C15))
        self.s2 = splitmix(x)
        x = u64(x + cython.cast(cython.ulonglong, 0x9E3779B97F4A7C15))
        self.s3 = splitmix(x)


@cython.cfunc
@cython.exceptval(check=False)
def splitmix(z: cython.ulonglong) -> cython.ulonglong:
    """splitmix64's output for the state z (already advanced)."""
    z = u64((z ^ (z >> 30)) * cython.cast(cython.ulonglong, 0xBF58476D1CE4E5B9))
    z = u64((z ^ (z >> 27)) * cython.cast(cython.ulonglong, 0x94D049BB133111EB))
    return z ^ (z >> 31)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def rotl(x: cython.ulonglong, k: cython.int) -> cython.ulonglong:
    return u64(x << k) | (x >> (64 - k))


@cython.cfunc
@cython.exceptval(check=False)
def rng_next(r: Rng) -> cython.ulonglong:
    out: cython.ulonglong = u64(rotl(u64(r.s1 * 5), 7) * 9)
    t: cython.ulonglong = u64(r.s1 << 17)
    r.s2 ^= r.s0
    r.s3 ^= r.s1
    r.s1 ^= r.s2
    r.s0 ^= r.s3
    r.s2 ^= t
    r.s3 = rotl(r.s3, 45)
    return out


@cython.cfunc
@cython.exceptval(check=False)
def rng_below(r: Rng, n: cython.int) -> cython.int:
    """Uniform in 0..n-1 (n < 2^31; Lemire's multiply, bias below 2^-32)."""
    return cython.cast(cython.int, ((rng_next(r) >> 32) * cython.cast(cython.ulonglong, n)) >> 32)


@cython.cclass
class Seen:
    """The positions seen since the last capture (the repetition end): keys in an arena,
    found through an open-addressing table whose entries carry a generation, so that
    forgetting them all after a capture costs nothing. Everything is in one buffer (the
    keys, their 31-bit hashes, the table's stamps and slots), so a copy is one allocation."""

    width: cython.int
    count: cython.int
    cap: cython.int
    tcap: cython.int
    gen: cython.int
    hashes: cython.int
    """Where the hashes start in buf (the keys start at 0)."""
    stamps: cython.int
    slots: cython.int
    key: cython.int[::1]
    """The key to look up (make_key writes it; scratch, shared by copies)."""
    buf: cython.int[::1]

    def __init__(self, width: cython.int):
        self.width = width
        self.count = 0
        self.gen = 1
        self.key = int_array(width)
        seen_layout(self, 64, 128)


@cython.cfunc
def seen_layout(t: Seen, cap: cython.int, tcap: cython.int) -> cython.void:
    """A zeroed buffer for cap keys and a table of tcap entries (a power of two); nothing
    changes if there is no memory for it (MemoryError)."""
    buf: cython.int[::1] = int_array(cap * t.width + cap + 2 * tcap)
    t.buf = buf
    t.cap = cap
    t.tcap = tcap
    t.hashes = cap * t.width
    t.stamps = t.hashes + cap
    t.slots = t.stamps + tcap


@cython.cfunc
@cython.exceptval(check=False)
def seen_clear(t: Seen) -> cython.void:
    i: cython.int
    t.count = 0
    if t.gen == 0x7FFFFFFF:  # about to wrap: forget the old stamps for real
        for i in range(t.tcap):
            t.buf[t.stamps + i] = 0
        t.gen = 0
    t.gen += 1


@cython.cfunc
@cython.exceptval(check=False)
def key_hash(t: Seen) -> cython.ulonglong:
    """The key's hash, two counts (64 bits) a step: a multiply by an odd constant and a fold
    of the high half into the low, which the table's index reads."""
    low: cython.ulonglong = cython.cast(cython.ulonglong, 0xFFFFFFFF)
    h: cython.ulonglong = cython.cast(cython.ulonglong, 0x84222325CBF29CE4)
    i: cython.int = 0
    while i + 1 < t.width:
        h ^= (cython.cast(cython.ulonglong, t.key[i]) & low) | ((cython.cast(cython.ulonglong, t.key[i + 1]) & low) << 32)
        h = u64(h * cython.cast(cython.ulonglong, 0x9E3779B97F4A7C15))
        h ^= h >> 32
        i += 2
    if i < t.width:
        h ^= cython.cast(cython.ulonglong, t.key[i]) & low
        h = u64(h * cython.cast(cython.ulonglong, 0x9E3779B97F4A7C15))
        h ^= h >> 32
    return h


@cython.cfunc
@cython.exceptval(check=False)
def seen_place(t: Seen, entry: cython.int) -> cython.void:
    mask: cython.int = t.tcap - 1
    i: cython.int = t.buf[t.hashes + entry] & mask
    while t.buf[t.stamps + i] == t.gen:
        i = (i + 1) & mask
    t.buf[t.stamps + i] = t.gen
    t.buf[t.slots + i] = entry


@cython.cfunc
@cython.exceptval(check=False)
def seen_grow(t: Seen) -> cython.int:
    """Room for more keys (and a larger table once half full): a new buffer, the keys and
    their hashes copied, the table filled again; 0: no memory."""
    old: cython.int[::1] = t.buf
    old_hashes: cython.int = t.hashes
    e: cython.int
    try:
        seen_layout(t, 2 * t.cap if t.count == t.cap else t.cap,
                    2 * t.tcap if 2 * (t.count + 1) > t.tcap else t.tcap)
    except MemoryError:
        return 0
    for e in range(t.count * t.width):
        t.buf[e] = old[e]
    t.gen = 1
    for e in range(t.count):
        t.buf[t.hashes + e] = old[old_hashes + e]
        seen_place(t, e)
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def seen_add(t: Seen) -> cython.int:
    """1 if t.key was seen already, 0 if it is new (and now remembered), -1 out of memory."""
    w: cython.int = t.width
    h: cython.int = cython.cast(cython.int, key_hash(t) & 0x7FFFFFFF)
    mask: cython.int = t.tcap - 1
    i: cython.int = h & mask
    e: cython.int
    j: cython.int
    same: cython.int
    while t.buf[t.stamps + i] == t.gen:
        e = t.buf[t.slots + i]
        if t.buf[t.hashes + e] == h:
            same = 1
            for j in range(w):
                if t.buf[e * w + j] != t.key[j]:
                    same = 0
                    break
            if same:
                return 1
        i = (i + 1) & mask
    if (t.count == t.cap or 2 * (t.count + 1) > t.tcap) and not seen_grow(t):
        return -1
    e = t.count
    for j in range(w):
        t.buf[e * w + j] = t.key[j]
    t.buf[t.hashes + e] = h
    t.count += 1
    seen_place(t, e)
    return 0


@cython.freelist(16)
@cython.cclass
class Starts:
    """A player's legal starts (find_legal's answer): the (first) kind found, and each
    start's action id, pit and directions (bit d + 1)."""

    kind: cython.int
    n: cython.int
    aids: cython.int[MAX_SLOTS]
    pits: cython.int[MAX_SLOTS]
    masks: cython.int[MAX_SLOTS]

    def __init__(self) -> None:
        self.kind = -1
        self.n = 0
        if not cython.compiled:  # compiled, the arrays are in the object
            self.aids = int_array(MAX_SLOTS)
            self.pits = int_array(MAX_SLOTS)
            self.masks = int_array(MAX_SLOTS)


@cython.cfunc
def start_list(starts: Starts, n: cython.int) -> list:
    """The action ids of the first n starts."""
    return [starts.aids[i] for i in range(n)]


@cython.cclass
class RacePart:
    """One player's part of the opening race: waiting to choose a start,
    the step it ended (-1: it goes on), the hand, the move so far (its MoveInfo), the lap
    being sown and the starts offered."""

    choosing: cython.int
    finished: cython.int
    hand: cython.int
    at: cython.int
    laps: cython.int
    chosen: cython.int
    origin: cython.int
    direction: cython.int
    kind: cython.int
    lifted: cython.int
    lap: cython.int
    last: cython.int
    captured: cython.int
    n_seq: cython.int
    lap_hand: cython.int
    seq: cython.int[::1]
    sown: cython.int[::1]
    """1 for each slot some lap of the part has sown into (kept where a condition asks)."""
    legal: Starts

    def __init__(self) -> None:
        self.choosing = self.finished = self.hand = self.at = self.laps = self.chosen = 0
        self.direction = self.lifted = self.lap = self.captured = self.n_seq = self.lap_hand = 0
        self.origin = self.last = self.kind = -1
        self.seq = int_array(MAX_SLOTS)
        self.sown = int_array(MAX_SLOTS)
        self.legal = Starts()


@cython.freelist(16)
@cython.cclass
class Game:
    """One game being played: the position, the result once over, the legal starts of the
    player to move, rounds, the opening race and the positions seen."""

    pos: Pos
    terminal: cython.int
    end_kind: cython.int
    ret: cython.int
    """South's return (North's is its negation)."""
    feeding: cython.int
    legal: Starts
    """The starts of the player to move."""
    round: cython.int
    last_mover: cython.int
    """Who played the last move (NONE: nobody yet)."""
    last_pit: cython.int
    """Where the last move ended (NONE: no move yet): the pit an end condition about a pit tests."""
    starts: cython.int
    """Rounds begun since the last move (a guard against endless nesting)."""
    racing: cython.int
    race_step: cython.int
    south: RacePart
    north: RacePart
    seen: Seen
    seen_shared: cython.int
    """1: `seen` is shared with a clone, and copied before it is written (own_seen) if the
    clone still holds it."""
    shared: cython.int
    """1: states cloned from one another share this game, and one about to change it copies
    it first if another still holds it (Core.own_game)."""
    move: cython.int[LM_SIZE]
    """The last move a state finished (layout's LM_ record; the runner's own games keep none)."""
    before: Pos
    """The position that move was played from."""
    decisions: cython.int[::1]
    """That move's decisions after its start, those the rules made marked FORCED."""
    n_decisions: cython.int
    decisions_shared: cython.int
    """1: a copy of the game holds `decisions` too (a new move's are written into an array of
    its own)."""
    marks_set: cython.int[MAX_MARK_SETTERS]
    """The pits each mark setter marked after the last move (update_marks)."""

    def __init__(self, ns: cython.int, cells: cython.int, key_width: cython.int):
        self.terminal = self.end_kind = self.ret = self.feeding = self.round = self.starts = 0
        self.racing = self.race_step = self.seen_shared = self.shared = 0
        self.last_mover = self.last_pit = -1
        if not cython.compiled:  # compiled, the arrays are in the object, zeroed
            self.move = int_array(LM_SIZE)
            self.marks_set = int_array(MAX_MARK_SETTERS)
        self.move[LM_KIND] = NONE
        self.before = Pos(ns, cells)
        self.decisions = None
        self.n_decisions = self.decisions_shared = 0
        self.pos = Pos(ns, cells)
        self.legal = Starts()
        self.south = RacePart()
        self.north = RacePart()
        self.seen = Seen(key_width)


@cython.cfunc
@cython.exceptval(check=False)
def own_seen(g: Game) -> cython.int:
    """Make the game's table of positions seen its own before it is written (a clone shares
    the table until either writes); 0: no memory."""
    if g.seen_shared:
        if seen_held_elsewhere(g):
            try:
                g.seen = seen_copy(g.seen)
            except MemoryError:
                return 0
        g.seen_shared = 0
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def clear_seen(r: Runner, g: Game) -> cython.int:
    """Forget the positions seen (after a capture, at a new round): a shared table is left to
    the clone and an empty one made; 0: no memory."""
    if r.uses_repetition and g.seen_shared and seen_held_elsewhere(g):
        try:
            g.seen = Seen(g.seen.width)
        except MemoryError:
            return 0
        g.seen_shared = 0
    else:
        seen_clear(g.seen)
    return 1


@cython.cfunc
@cython.inline
def part_of(g: Game, p: cython.int) -> RacePart:
    return g.south if p == 0 else g.north


@cython.cclass
class Tally:
    """What a run of games counts, and the actions of the game being played (when recorded)."""

    actions: cython.longlong
    record: cython.int[::1]
    n_record: cython.int
    max_record: cython.int

    def __init__(self, record: bool):
        self.actions = 0
        self.n_record = 0
        self.max_record = (1 << 20) // 4 if record else 0
        self.record = int_array(self.max_record)


@cython.cclass
class Runner:
    """What plays a game's stages: their kernels and turn records, and scratch space."""

    kernels: tuple
    turns: cython.int[::1]
    nstages: cython.int
    ns: cython.int
    cells: cython.int
    uses_repetition: cython.int
    has_race: cython.int
    """Whether a stage opens with the race (else a game's race parts are never written)."""
    m: Move
    look: Move
    """Scratch for the look-ahead conditions (m holds the move they ask about)."""
    given: cython.int[::1]
    work: Pos
    probe: Pos
    probe_work: Pos
    options: cython.int[::1]
    hits: cython.int[::1]
    unfilled: cython.int[::1]
    stage_after: cython.int
    """The marks' context: the stage after the move, what went wrong, and per player whether
    the look-ahead was played, whether it takes anything, and the pits it takes."""
    mark_status: cython.int
    known: cython.int[::1]
    any_taken: cython.int[::1]
    taken: cython.int[::1]
    movable: cython.int[::1]
    """Per player, whether they have a legal move in the stage after the move (-1: not asked
    yet; the look-ahead of can_move and opponent_can_move)."""
    game: Game
    """The game being played (each playout starts it again)."""
    tally: Tally
    """What a run of games counts, when it keeps no record."""

    def __init__(self, kernels: tuple, turns: tuple):
        if not (1 <= len(kernels) == len(turns) <= MAX_STAGES):
            raise ValueError("stages and turn offsets: two tuples of the same length, 1 to 32")
        k: Kernel
        for item in kernels:
            if not isinstance(item, Kernel):
                raise TypeError("stages must be Kernel objects")
        first: Kernel = kernels[0]
        self.kernels = kernels
        self.nstages = len(kernels)
        self.turns = int_array(self.nstages)
        self.uses_repetition = 0
        self.has_race = 0
        for i in range(self.nstages):
            k = kernels[i]
            program = list(k.program)
            at = index(turns[i])
            why = check_turn(program, at)
            if why is not None:
                raise ValueError(f"a turn record the runner cannot read: {why}")
            if program[H_NSLOTS] != first.ns:
                raise ValueError("the stages play on boards of different sizes")
            if k.cells != first.cells:
                raise ValueError("the stages play with different kinds of piece")
            if program[H_NVARS] != first.p[H_NVARS]:
                raise ValueError("the stages keep different variables")
            self.turns[i] = at
            ends = program[at + T_ENDS]
            if any(program[program[ends + e] + E_KIND] == END_REPETITION for e in range(program[at + T_NENDS])):
                self.uses_repetition = 1
            if program[at + T_RACE] != -1:
                self.has_race = 1
        self.ns = first.ns
        self.cells = first.cells
        blank = Move()
        self.m = Move(blank)
        self.look = Move(blank)
        self.given = int_array(MAX_DECISIONS)
        self.m.given = self.given
        self.work = Pos(self.ns, self.cells)
        self.probe = Pos(self.ns, self.cells)
        self.probe_work = Pos(self.ns, self.cells)
        self.options = int_array(MAX_SLOTS)
        self.hits = int_array(MAX_SLOTS)
        self.unfilled = int_array(2 * MAX_SLOTS)
        self.known = int_array(2)
        self.game = Game(self.ns, self.cells, 2 * self.ns + 4 + self.cells + first.p[H_NVARS])
        self.tally = Tally(False)
        self.any_taken = int_array(2)
        self.taken = int_array(2 * MAX_SLOTS)
        self.movable = int_array(2)


    def lap_bound_hits(self) -> tuple:
        """(Starts the stages' kernels refused for the lap bound since last asked, the pit of
        the first or NONE), counted again from nothing."""
        k: Kernel
        hits: cython.long = 0
        pit: cython.int = NONE
        for k in self.kernels:
            if k.bound_hits and pit == NONE:
                pit = k.bound_pit
            hits += k.bound_hits
            k.bound_hits = 0
            k.bound_pit = NONE
        return hits, pit

    @cython.cfunc
    def failed(self, status: cython.int) -> object:
        """The error of a game that stopped (a kernel's interruption or budget first)."""
        k: Kernel
        for k in self.kernels:
            if k.stopped == 2 or (status == GAME_STOPPED and k.stopped):
                try:
                    k.finish()
                except BaseException as exc:  # noqa: B036 - handed to the caller to raise
                    return exc
        if status == GAME_NOMEM:
            return MemoryError()
        if status == GAME_ENDLESS:
            return RuntimeError("a move did not end within the lap bound")
        if status == GAME_STAGES:
            return RuntimeError("the last stage ended")
        if status == GAME_ROUNDS:  # rules under which no round lets anyone move: a limit, not a fault
            return LimitError(f"more than {MAX_ROUND_STARTS} rounds in a row ended before their first move: "
                              "no player can move at the start of a round (are all moves refused, e.g. as endless?)")
        if status == GAME_STOPPED:
            return KeyboardInterrupt()
        return RuntimeError("a decision the kernel asked was not offered")


@cython.cfunc
@cython.inline
def stage_kernel(r: Runner, stage: cython.int) -> Kernel:
    return cython.cast(Kernel, r.kernels[stage])


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def budget(k: Kernel) -> cython.void:
    """A fresh look-ahead budget: per position, as a call from Python has. A signal caught
    and not yet raised keeps the kernel stopped, so no caller can lose a Ctrl-C."""
    k.plays = 0
    k.stopped = k.pending is not None


@cython.cfunc
@cython.exceptval(check=False)
def blank_context(m: Move) -> cython.void:
    """The turn's blank move context (game.turn_ctx): what a condition read between moves sees."""
    move_init(m, 0, ASK_FIRST)
    m.origin = NONE
    m.direction = CCW
    m.kind = -1


@cython.cfunc
@cython.exceptval(check=False)
def legal_into(k: Kernel, s: Pos, feeding: cython.int, m: Move, starts: Starts) -> cython.void:
    """find_legal (m: scratch) into starts, its kind too."""
    starts.kind = find_legal(k, s, feeding, m, starts)


@cython.cfunc
@cython.exceptval(check=False)
def slot_points(P: cython.p_int, s: Pos, q: cython.int) -> cython.int:
    """The points a slot's pieces are worth (their kinds' values)."""
    values: cython.int = P[P[H_PIECES] + PC_VALUES]
    total: cython.longlong = 0
    k: cython.int
    for k in range(s.nk):
        total += cython.cast(cython.longlong, s.kinds[q * s.nk + k]) * P[values + k]
    if total > BIG // 4:
        return BIG // 4
    if total < -(BIG // 4):
        return -(BIG // 4)
    return cython.cast(cython.int, total)


@cython.cfunc
@cython.exceptval(check=False)
def score_of(P: cython.p_int, T: cython.int, s: Pos, p: cython.int) -> cython.int:
    """A player's score: what the turn record's scoring counts, times a piece's value."""
    total: cython.int = 0
    score: cython.int = P[T + T_SCORE]
    own: cython.int = P[P[H_OWN] + p]
    i: cython.int
    q: cython.int
    not_own: cython.int
    if s.nk:  # several kinds of piece: their values, the pits counted as below (no stock)
        if score & SCORE_STORE:
            total += slot_points(P, s, P[P[H_STORE] + p])
        if score & SCORE_OWN_PITS:
            not_own = P[T + T_OWNED0 + 1 - p] | (P[T + T_OWNED0 + p] if score & SCORE_OWNED_MARKS else 0)
            if not not_own and P[H_HELD] < 0:
                for i in range(1, P[own] + 1):
                    total += slot_points(P, s, P[own + i])
            else:
                for q in range(P[H_NPITS]):
                    if owner_at(P, s, q) == p and not (s.marks[q] & not_own):
                        total += slot_points(P, s, q)
        if score & SCORE_OWNED_MARKS:
            for q in range(P[H_NPITS]):
                if s.marks[q] & P[T + T_OWNED0 + p]:
                    total += slot_points(P, s, q)
        return total
    if score & SCORE_STORE:
        total += s.board[P[P[H_STORE] + p]]
    if score & SCORE_OWN_PITS:
        # pits carrying an owned mark count for the mark's owner: never for the opponent, and
        # for their owner through SCORE_OWNED_MARKS when that is counted too (not twice)
        not_own = P[T + T_OWNED0 + 1 - p] | (P[T + T_OWNED0 + p] if score & SCORE_OWNED_MARKS else 0)
        if not not_own:
            total += side_sum(P, s, p)
        else:
            for q in range(P[H_NPITS]):
                if owner_at(P, s, q) == p and not (s.marks[q] & not_own):
                    total += s.board[q]
    if score & SCORE_STOCK:
        total += s.stock[p]
    if score & SCORE_OWNED_MARKS:  # pits carrying an owned mark of p's
        for q in range(P[H_NPITS]):
            if s.marks[q] & P[T + T_OWNED0 + p]:
                total += s.board[q]
    return total * P[T + T_VALUE]


@cython.cfunc
@cython.exceptval(check=False)
def part_taker(P: cython.p_int, R: cython.int, t0: cython.int, t1: cython.int, l0: cython.int, l1: cython.int,
               u0: cython.int, u1: cython.int) -> cython.int:
    """Who fills the part pit once the whole pits are filled (rounds.part_pit): players with t0
    and t1 pieces in all, l0 and l1 left over, u0 and u1 of their own pits still unfilled; NONE
    if nobody does. A player fills their own unfilled pit, else the opponent's if they can hold
    it."""
    per: cython.int = P[R + RD_PER_PIT]
    w: cython.int
    if P[R + RD_PART_MIN] <= 0 or l0 + l1 < per:
        return NONE
    if l0 != l1:
        w = 0 if l0 > l1 else 1
        if (l0 if w == 0 else l1) < P[R + RD_PART_MIN]:
            return NONE
    elif t0 == t1:
        return NONE
    else:
        w = 0 if t0 < t1 else 1
        if P[R + RD_PART_TIE] == PART_STRONGER:
            w = 1 - w
    if (u0 if w == 0 else u1) > 0:
        return w
    if (u1 if w == 0 else u0) > 0 and P[R + RD_HELD0] | P[R + RD_HELD1]:
        return w
    return NONE


@cython.cfunc
@cython.exceptval(check=False)
def round_leaves_none(P: cython.p_int, R: cython.int, t0: cython.int, t1: cython.int) -> cython.int:
    """1 if the refilling from stores of t0 and t1 pieces would leave a player holding no pit
    (a game of rounds with a part pit ends then)."""
    per: cython.int = P[R + RD_PER_PIT]
    k0: cython.int = P[P[R + RD_FILL0]]
    k1: cython.int = P[P[R + RD_FILL1]]
    f0: cython.int = min(k0, t0 // per)
    f1: cython.int = min(k1, t1 // per)
    l0: cython.int = t0 - f0 * per
    l1: cython.int = t1 - f1 * per
    u0: cython.int = k0 - f0
    u1: cython.int = k1 - f1
    h0: cython.int = f0
    h1: cython.int = f1
    n: cython.int
    w: cython.int
    if P[R + RD_HELD0] | P[R + RD_HELD1]:
        n = min(u1, l0 // per)
        h0 += n
        l0 -= n * per
        u1 -= n
        n = min(u0, l1 // per)
        h1 += n
        l1 -= n * per
        u0 -= n
    w = part_taker(P, R, t0, t1, l0, l1, u0, u1)
    if w == 0:
        h0 += 1
    elif w == 1:
        h1 += 1
    return 1 if h0 == 0 or h1 == 0 else 0


@cython.cfunc
@cython.exceptval(check=False)
def next_round(r: Runner, P: cython.p_int, R: cython.int, g: Game) -> cython.int:
    """After a round's end and its pieces left: every pit emptied into its owner's store (a
    held pit's holder); then, unless the last round was played or a player cannot fill one pit
    (with a part pit: would hold none; with the remainder put out: has no piece), the pits
    refilled in order (the remainder into the next, marked as they are where rounds.remainder
    says so, those left unfilled marked, the part pit filled) and 1; else 0."""
    s: Pos = g.pos
    per: cython.int = P[R + RD_PER_PIT]
    store0: cython.int = P[P[H_STORE]]
    store1: cython.int = P[P[H_STORE] + 1]
    p: cython.int
    i: cython.int
    q: cython.int
    own: cython.int
    store: cython.int
    taker: cython.int
    fill: cython.int
    first: cython.int
    last: cython.int
    starter: cython.int
    winner: cython.int
    held: cython.int
    n_unfilled0: cython.int = 0
    n_unfilled1: cython.int = 0
    n: cython.int
    t0: cython.int
    t1: cython.int
    w: cython.int
    for p in range(2):  # each pit to its owner's store: a pit held for the round to its holder
        store = store0 if p == 0 else store1
        own = P[P[H_OWN] + p]
        for i in range(1, P[own] + 1):
            q = P[own + i]
            s.board[store1 if owner_at(P, s, q) == 1 else store0] += s.board[q]
            s.board[q] = 0
    if P[R + RD_MAX_ROUNDS] >= 0 and g.round + 1 >= P[R + RD_MAX_ROUNDS]:
        return 0
    t0 = s.board[store0]
    t1 = s.board[store1]
    if P[R + RD_PART_MIN] > 0:
        if round_leaves_none(P, R, t0, t1):
            return 0
    elif P[R + RD_REMAINDER] != REMAINDER_STORE:
        if t0 == 0 or t1 == 0:
            return 0
    elif t0 < per or t1 < per:
        return 0
    first = P[R + RD_FIRST_PLAYER]
    last = g.last_mover if g.last_mover >= 0 else 1 - first
    winner = 0 if s.board[store0] > s.board[store1] else 1 if s.board[store1] > s.board[store0] else NONE
    if P[R + RD_NEXT_PLAYER] == NEXT_FIRST_PLAYER:
        starter = first
    elif P[R + RD_NEXT_PLAYER] == NEXT_ALTERNATE:
        starter = first if (g.round + 1) % 2 == 0 else 1 - first
    elif P[R + RD_NEXT_PLAYER] == NEXT_LAST_MOVER:
        starter = last
    elif winner == NONE:
        starter = 1 - last
    else:
        starter = winner if P[R + RD_NEXT_PLAYER] == NEXT_WINNER else 1 - winner
    held = P[R + RD_HELD0] | P[R + RD_HELD1]
    if P[R + RD_CLEAR]:  # the marks each round starts without
        for q in range(P[H_NPITS]):
            s.marks[q] &= ~P[R + RD_CLEAR]
    # unfilled pits: South's at r.unfilled[0:], North's at r.unfilled[MAX_SLOTS:]
    for p in range(2):
        store = store0 if p == 0 else store1
        fill = P[R + RD_FILL0 + p]
        for i in range(1, P[fill] + 1):
            q = P[fill + i]
            s.marks[q] &= ~held  # each round starts from the rows again
            if s.board[store] >= per:
                s.board[store] -= per
                s.board[q] = per
                s.marks[q] &= ~P[R + RD_OUT_OF_PLAY]
            elif P[R + RD_REMAINDER] != REMAINDER_STORE and s.board[store] > 0:  # short of a pit
                s.board[q] = s.board[store]
                s.board[store] = 0
                if P[R + RD_REMAINDER] == REMAINDER_NEXT_PIT_OUT_OF_PLAY:
                    s.marks[q] |= P[R + RD_OUT_OF_PLAY]
                else:
                    s.marks[q] &= ~P[R + RD_OUT_OF_PLAY]
            elif p == 0:
                r.unfilled[n_unfilled0] = q
                n_unfilled0 += 1
            else:
                r.unfilled[MAX_SLOTS + n_unfilled1] = q
                n_unfilled1 += 1
    if held:  # the pits a player could not fill pass to the opponent who can, in order
        for p in range(2):
            taker = 1 - p
            store = store0 if taker == 0 else store1
            n = n_unfilled0 if p == 0 else n_unfilled1
            i = 0
            while i < n and s.board[store] >= per:
                q = r.unfilled[p * MAX_SLOTS + i]
                s.board[store] -= per
                s.board[q] = per
                s.marks[q] = (s.marks[q] & ~P[R + RD_OUT_OF_PLAY]) | P[R + RD_HELD0 + taker]
                i += 1
            for q in range(i, n):
                r.unfilled[p * MAX_SLOTS + q - i] = r.unfilled[p * MAX_SLOTS + q]
            if p == 0:
                n_unfilled0 -= i
            else:
                n_unfilled1 -= i
    # the part pit: the pieces left make up one more pit, for the player who has enough left
    w = part_taker(P, R, t0, t1, s.board[store0], s.board[store1], n_unfilled0, n_unfilled1)
    if w != NONE:
        p = w if (n_unfilled0 if w == 0 else n_unfilled1) > 0 else 1 - w
        q = r.unfilled[p * MAX_SLOTS]
        n = n_unfilled0 if p == 0 else n_unfilled1
        for i in range(1, n):
            r.unfilled[p * MAX_SLOTS + i - 1] = r.unfilled[p * MAX_SLOTS + i]
        if p == 0:
            n_unfilled0 -= 1
        else:
            n_unfilled1 -= 1
        store = store0 if w == 0 else store1
        s.board[store1 if w == 0 else store0] -= per - s.board[store]
        s.board[store] = 0
        s.board[q] = per
        s.marks[q] &= ~P[R + RD_OUT_OF_PLAY]
        if p != w:
            s.marks[q] |= P[R + RD_HELD0 + w]
    for i in range(n_unfilled0):
        s.marks[r.unfilled[i]] |= P[R + RD_OUT_OF_PLAY]
    for i in range(n_unfilled1):
        s.marks[r.unfilled[MAX_SLOTS + i]] |= P[R + RD_OUT_OF_PLAY]
    g.round += 1
    s.stage = 0
    s.mover = starter
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def finish_game(r: Runner, P: cython.p_int, T: cython.int, g: Game, kind: cython.int, remaining: cython.int,
                result: cython.int, winner_needs: cython.int, player: cython.int) -> cython.int:
    """The end of a game: the pieces left, then the next round (in a game of rounds, while one
    can be played) or the result; GAME_OK or why the game stops."""
    s: Pos = g.pos
    store: cython.int = P[H_STORE]
    pl: cython.int
    other: cython.int
    q: cython.int
    n: cython.int
    o: cython.int
    to: cython.int
    s0: cython.int
    s1: cython.int
    loser: cython.int
    status: cython.int
    if remaining != REM_STAY:
        # Python indexes a two-item list with -1 (nobody) as its last item
        pl = player if player >= 0 else 1
        other = 1 - player
        for q in range(P[H_NPITS]):
            n = s.board[q]
            o = owner_at(P, s, q)
            if not n or (o == NONE and remaining == REM_TO_OWNER):
                continue
            s.board[q] = 0
            if remaining == REM_REMOVED:
                s.removed += n
                continue
            if remaining == REM_TO_OWNER:
                to = P[store + o]
            elif remaining == REM_TO_PLAYER:
                to = P[store + pl]
            elif remaining == REM_TO_FIRST:
                to = P[store + P[T + T_FIRST]]
            else:
                to = P[store + (1 if other > 1 else other)]
            s.board[to] += n
    if P[T + T_ROUNDS] >= 0:
        if next_round(r, P, P[T + T_ROUNDS], g):
            status = start_effects(r, g, EVENT_ROUND_START)
            if status != GAME_OK:
                return status
            if not clear_seen(r, g):
                return GAME_NOMEM
            g.starts += 1
            if g.starts > MAX_ROUND_STARTS:
                return GAME_ROUNDS
            return begin_turn(r, g, 1 - g.pos.mover, REPETITION_SKIP)
        result = RES_BY_SCORE
    if result == RES_BY_SCORE:
        s0 = score_of(P, T, s, 0)
        s1 = score_of(P, T, s, 1)
        g.ret = 1 if s0 > s1 else -1 if s1 > s0 else 0
    elif result == RES_DRAW:
        g.ret = 0
    else:
        loser = player if result == RES_PLAYER_LOSES else 1 - player
        if winner_needs >= 0 and score_of(P, T, s, 1 - player if player >= 0 else 0) < winner_needs:
            loser = 1 - player
        g.ret = -1 if loser == 0 else 1
    g.terminal = 1
    g.end_kind = kind
    g.legal.n = 0
    return GAME_OK


@cython.cfunc
@cython.exceptval(check=False)
def make_key(t: Seen, s: Pos, ns: cython.int) -> cython.void:
    """The position's repetition key (state.position_key's fields) into t.key."""
    q: cython.int
    t.key[0] = s.mover
    t.key[1] = s.stage
    for q in range(ns):
        t.key[2 + q] = s.board[q]
        t.key[4 + ns + q] = s.marks[q]
    t.key[2 + ns] = s.stock[0]
    t.key[3 + ns] = s.stock[1]
    for q in range(ns * s.nk):
        t.key[4 + 2 * ns + q] = s.kinds[q]
    for q in range(s.nv):
        t.key[4 + 2 * ns + ns * s.nk + q] = s.vars[q]


@cython.cfunc
@cython.exceptval(check=False)
def check_end(r: Runner, P: cython.p_int, T: cython.int, e: cython.int, g: Game, last_mover: cython.int) -> cython.int:
    """One end condition: STILL_ON, NONE (nobody) or the player it is about
    (endgame.compile_end); a failure is left in r.mark_status."""
    s: Pos = g.pos
    who: cython.int
    j: cython.int
    p: cython.int
    saved: cython.int
    holds: cython.int
    seen: cython.int
    s0: cython.longlong
    s1: cython.longlong
    total: cython.longlong
    kind: cython.int = P[e + E_KIND]
    if kind == END_SIDE_EMPTY:
        who = P[e + E_ARG0]
        if who == WHO_ANY:
            for j in range(2):
                p = s.mover if j == 0 else 1 - s.mover
                if none_held(P, s, P[e + E_ARG1 + p], p):
                    return p
            return STILL_ON
        p = last_mover if who == WHO_MOVER else 1 - last_mover if who == WHO_OPPONENT else s.mover
        return p if none_held(P, s, P[e + E_ARG1 + p], p) else STILL_ON
    if kind == END_NO_LEGAL_MOVE:
        return STILL_ON if g.legal.n else s.mover
    if kind == END_MAJORITY:
        s0 = 2 * cython.cast(cython.longlong, score_of(P, T, s, 0))
        s1 = 2 * cython.cast(cython.longlong, score_of(P, T, s, 1))
        total = P[T + T_TOTAL]
        return NONE if s0 > total or s1 > total or (s0 == total and s1 == total) else STILL_ON
    if kind == END_SCORE_AT_LEAST:
        return NONE if score_of(P, T, s, 0) >= P[e + E_ARG0] or score_of(P, T, s, 1) >= P[e + E_ARG0] else STILL_ON
    if kind == END_REPETITION:
        if not own_seen(g):
            r.mark_status = GAME_NOMEM
            return STILL_ON
        make_key(g.seen, s, r.ns)
        seen = seen_add(g.seen)
        if seen < 0:
            r.mark_status = GAME_NOMEM
        return NONE if seen == 1 else STILL_ON
    if kind == END_MOVE_LIMIT:
        return NONE if 0 < P[e + E_ARG0] <= s.moves_played else STILL_ON
    if kind == END_CONDITION:
        # tested as between moves: a fresh move context of that player (game.turn_ctx), on
        # the pit where the last move ended when the condition is about a pit (E_ARG2)
        p = s.mover if P[e + E_ARG1] else last_mover
        if p != 0 and p != 1 or (P[e + E_ARG2] and g.last_pit == NONE):
            return STILL_ON
        saved = s.mover
        blank_context(r.look)
        s.mover = p
        holds = test(P, P[e + E_ARG0], s, g.last_pit if P[e + E_ARG2] else NONE, r.look)
        s.mover = saved
        return p if holds else STILL_ON
    return STILL_ON


@cython.cfunc
@cython.exceptval(check=False)
def feeding_at(P: cython.p_int, T: cython.int, s: Pos, m: Move) -> cython.int:
    """Whether the player to move at s must feed (the spec's pit-free condition); m: scratch."""
    if P[T + T_FEED] < 0:
        return 0
    blank_context(m)
    return test(P, P[T + T_FEED], s, NONE, m)


@cython.cfunc
@cython.exceptval(check=False)
def begin_turn(r: Runner, g: Game, last_mover: cython.int, repetition: cython.int, S: Solver = None,
               ply: cython.int = 0) -> cython.int:
    """A turn begun: the legal starts (feeding tested first), then the end conditions in
    the spec's order (an end by repetition answered as `repetition` says: REPETITION_*, from
    the solver S's line at `ply` for REPETITION_LINE); with no legal start and no end that
    says so, the scores decide."""
    k: Kernel = stage_kernel(r, g.pos.stage)
    P: cython.p_int = k.prog
    T: cython.int = r.turns[g.pos.stage]
    m: Move = r.m
    i: cython.int
    e: cython.int
    who: cython.int
    g.feeding = feeding_at(P, T, g.pos, m)
    budget(k)
    legal_into(k, g.pos, g.feeding, r.look, g.legal)
    if k.stopped:
        return GAME_STOPPED
    if not g.legal.n and P[T + T_PASS]:
        # the player passes: the opponent moves, if they can
        g.pos.mover ^= 1
        g.feeding = feeding_at(P, T, g.pos, m)
        budget(k)
        legal_into(k, g.pos, g.feeding, r.look, g.legal)
        if k.stopped:
            return GAME_STOPPED
        if not g.legal.n:
            g.pos.mover ^= 1
    r.mark_status = GAME_OK
    for i in range(P[T + T_NENDS]):
        e = P[P[T + T_ENDS] + i]
        if P[e + E_KIND] == END_REPETITION and repetition != REPETITION_TABLE:
            if repetition == REPETITION_SKIP or not repeats(S, g, ply):
                continue
            who = NONE
        else:
            who = check_end(r, P, T, e, g, last_mover)
            if r.mark_status != GAME_OK:
                return r.mark_status
        if who != STILL_ON:
            return finish_game(r, P, T, g, P[e + E_KIND], P[e + E_REMAINING], P[e + E_RESULT],
                               P[e + E_WINNER_NEEDS], who)
    if not g.legal.n:
        return finish_game(r, P, T, g, END_IMPLICIT, REM_STAY, RES_BY_SCORE, -1, g.pos.mover)
    return GAME_OK


@cython.cfunc
@cython.exceptval(check=False)
def new_game(r: Runner, g: Game, initial: Pos) -> cython.int:
    """A game from `initial`: the effects at the game's start (a stylised opening), then its
    first turn begun (or the opening race)."""
    status: cython.int
    pos_copy(g.pos, initial, r.ns)
    g.terminal = 0
    g.ret = 0
    g.round = 0
    g.starts = 0
    g.last_mover = g.last_pit = NONE
    g.racing = 0
    status = start_effects(r, g, EVENT_GAME_START)
    if status != GAME_OK:
        return status
    if not clear_seen(r, g):
        return GAME_NOMEM
    if r.uses_repetition:
        make_key(g.seen, g.pos, r.ns)
        if seen_add(g.seen) < 0:
            return GAME_NOMEM
    if stage_kernel(r, g.pos.stage).prog[r.turns[g.pos.stage] + T_RACE] >= 0:
        return race_begin(r, g)
    return begin_turn(r, g, 1 - g.pos.mover, REPETITION_SKIP)


# ---------------------------------------------------------------- marks after a move

@cython.cfunc
@cython.exceptval(check=False)
def look_ahead(r: Runner, g: Game, who: cython.int) -> cython.void:
    """moves.threat_set for the marks: the pits `who` could capture with the first lap of a
    legal move, were it their turn now, in the first stage from the current one where they
    have a move (into r.taken, r.any_taken)."""
    probe: Pos = r.probe
    k: Kernel
    stage: cython.int
    feeding: cython.int
    ki: cython.int
    i: cython.int
    pos_copy(probe, g.pos, r.ns)
    for i in range(MAX_SLOTS):
        r.taken[who * MAX_SLOTS + i] = 0
    r.known[who] = 1
    r.any_taken[who] = 0
    for stage in range(r.stage_after, r.nstages):
        k = stage_kernel(r, stage)
        probe.stage = stage
        probe.mover = who
        feeding = feeding_at(k.prog, r.turns[stage], probe, r.look)
        budget(k)
        ki = find_legal(k, probe, feeding, r.look, k.found)
        if k.stopped:
            r.mark_status = GAME_STOPPED
            return
        if ki >= 0:
            r.any_taken[who] = first_lap_takes(k, probe, ki, r.probe_work, r.look, r.taken, who * MAX_SLOTS)
            return


@cython.cfunc
@cython.exceptval(check=False)
def has_a_move(r: Runner, g: Game, who: cython.int) -> cython.void:
    """Whether `who` has a legal move were it their turn now, in the stage after the move
    (feeding and the kernel's look-ahead legality included), into r.movable."""
    probe: Pos = r.probe
    k: Kernel = stage_kernel(r, r.stage_after)
    feeding: cython.int
    ki: cython.int
    pos_copy(probe, g.pos, r.ns)
    probe.stage = r.stage_after
    probe.mover = who
    feeding = feeding_at(k.prog, r.turns[r.stage_after], probe, r.look)
    budget(k)
    ki = find_legal(k, probe, feeding, r.look, k.found)
    if k.stopped:
        r.mark_status = GAME_STOPPED
        return
    r.movable[who] = 1 if ki >= 0 else 0


@cython.cfunc
@cython.exceptval(check=False)
def mark_test(r: Runner, g: Game, P: cython.p_int, node: cython.int, pit: cython.int) -> cython.int:
    """A mark condition at pit: the look-ahead nodes here, and/or/not around them, anything
    else the kernel's test(). A failed look-ahead sets r.mark_status (and the answer is 0)."""
    op: cython.int = P[node]
    i: cython.int
    who: cython.int
    if op == C_AND:
        for i in range(P[node + 1]):
            if not mark_test(r, g, P, P[node + 2 + i], pit) or r.mark_status != GAME_OK:
                return 0
        return 1
    if op == C_OR:
        for i in range(P[node + 1]):
            if mark_test(r, g, P, P[node + 2 + i], pit):
                return 1
            if r.mark_status != GAME_OK:
                return 0
        return 0
    if op == C_NOT:
        return not mark_test(r, g, P, P[node + 1], pit) and r.mark_status == GAME_OK
    if pit < 0 and about_the_pit(op):
        return 0  # as test(): a key about the pit tested does not hold where there is no pit
    if op == C_OPPOSITE or op == C_BEHIND or op == C_MIRROR or op == C_NEXT or op == C_PREVIOUS \
            or op == C_ORIGIN or op == C_COLUMN or op == C_COUNT_PITS:
        return mark_test_about(r, g, P, node, pit)
    if op == G_THREATENED:
        who = g.pos.mover
        if not r.known[who]:
            look_ahead(r, g, who)
        return pit >= 0 and r.taken[who * MAX_SLOTS + pit] == P[node + 1]
    if op == G_OPPONENT_CAN_CAPTURE:
        who = 1 - g.pos.mover
        if not r.known[who]:
            look_ahead(r, g, who)
        return r.any_taken[who] == P[node + 1]
    if op == G_CAN_MOVE or op == G_OPPONENT_CAN_MOVE:
        who = g.pos.mover if op == G_CAN_MOVE else 1 - g.pos.mover
        if r.movable[who] < 0:
            has_a_move(r, g, who)
        return r.mark_status == GAME_OK and r.movable[who] == P[node + 1]
    return test(P, node, g.pos, pit, r.m)


@cython.cfunc
@cython.exceptval(check=False)
def mark_test_about(r: Runner, g: Game, P: cython.p_int, node: cython.int, pit: cython.int) -> cython.int:
    """A condition about another pit than the one tested (test()'s opposite, behind, mirror,
    next, previous, origin, column, count_pits), whose inner condition may look ahead."""
    op: cython.int = P[node]
    s: Pos = g.pos
    m: Move = r.m
    q: cython.int
    i: cython.int
    n: cython.int
    cand: cython.int
    if op == C_OPPOSITE or op == C_BEHIND or op == C_MIRROR:
        q = P[P[H_OPP if op == C_OPPOSITE else H_BEHIND if op == C_BEHIND else H_MIRROR] + pit]
        return q != NONE and mark_test(r, g, P, P[node + 1], q)
    if op == C_NEXT or op == C_PREVIOUS:
        if m.direction < 0:
            return 0
        q = step_of(P, s, m.direction if op == C_NEXT else 1 - m.direction, pit)
        return q != NONE and mark_test(r, g, P, P[node + 1], q)
    if op == C_ORIGIN:
        return m.origin != NONE and mark_test(r, g, P, P[node + 1], m.origin)
    if op == C_COLUMN:
        if pit < 0 or pit >= P[H_NPITS]:
            return 0
        cand = P[P[H_COLUMN] + pit]
        for i in range(1, P[cand] + 1):
            if mark_test(r, g, P, P[node + 1], P[cand + i]):
                return 1
            if r.mark_status != GAME_OK:
                return 0
        return 0
    cand = P[node + 5 + s.mover]  # count_pits: where, matcher[3], candidates of South, of North
    n = 0
    for i in range(1, P[cand] + 1):
        if mark_test(r, g, P, P[node + 1], P[cand + i]):
            n += 1
        if r.mark_status != GAME_OK:
            return 0
    return match(P, node + 2, n)


@cython.cfunc
@cython.exceptval(check=False)
def after_move_test(r: Runner, g: Game, P: cython.p_int, node: cython.int, pit: cython.int) -> cython.int:
    """A condition tested after a move, in the move's stage (extra_turn, a stage's until), which
    may look ahead as a mark's conditions do (moves.threat_set from the current stage; a failed
    look-ahead leaves r.mark_status set)."""
    r.stage_after = g.pos.stage
    r.mark_status = GAME_OK
    r.known[0] = r.known[1] = 0
    r.movable[0] = r.movable[1] = -1
    return mark_test(r, g, P, node, pit)


@cython.cfunc
@cython.exceptval(check=False)
def update_marks(r: Runner, g: Game, P: cython.p_int, M: cython.int, stage: cython.int,
                 mover: cython.int) -> cython.int:
    """Marks after a move: the events first, then the clearers, then the setters. Runs with
    the position's mover and stage set back to the move's (what the conditions read)."""
    s: Pos = g.pos
    own: cython.int = P[P[H_OWN] + mover]
    q: cython.int
    i: cython.int
    j: cython.int
    c: cython.int
    cand: cython.int
    n: cython.int
    to_move: cython.int
    bit: cython.int
    if P[M + MK_EMPTIED]:
        for q in range(P[H_NPITS]):
            if (s.marks[q] & P[M + MK_EMPTIED]) and not s.board[q]:
                s.marks[q] &= ~P[M + MK_EMPTIED]
    if r.m.captured and P[M + MK_CAPTURED_MOVE]:
        for i in range(1, P[own] + 1):
            s.marks[P[own + i]] &= ~P[M + MK_CAPTURED_MOVE]
    if P[M + MK_OWNER_MOVED]:
        for i in range(1, P[own] + 1):
            s.marks[P[own + i]] &= ~P[M + MK_OWNER_MOVED]
    r.stage_after = s.stage
    r.mark_status = GAME_OK
    r.known[0] = r.known[1] = 0
    r.movable[0] = r.movable[1] = -1
    to_move = s.mover
    s.mover = mover
    s.stage = stage
    for i in range(P[M + MK_NCLEAR]):
        if r.mark_status != GAME_OK:
            break
        c = P[P[M + MK_CLEAR] + i]
        if P[c + CL_GATE] >= 0 and not mark_test(r, g, P, P[c + CL_GATE], NONE):
            continue
        cand = P[c + CL_PITS0 + mover]
        bit = P[c + CL_BIT]
        for j in range(1, P[cand] + 1):
            if r.mark_status != GAME_OK:
                break
            q = P[cand + j]
            if (s.marks[q] & bit) and mark_test(r, g, P, P[c + CL_TEST], q):
                s.marks[q] &= ~bit
    for i in range(P[M + MK_NSET]):
        g.marks_set[i] = 0
    for i in range(P[M + MK_NSET]):
        if r.mark_status != GAME_OK:
            break
        c = P[P[M + MK_SET] + i]
        if P[c + ST_GATE] >= 0 and not mark_test(r, g, P, P[c + ST_GATE], NONE):
            continue
        cand = P[c + ST_PITS0 + mover]
        n = 0
        for j in range(1, P[cand] + 1):
            if r.mark_status != GAME_OK:
                break
            if mark_test(r, g, P, P[c + ST_TEST], P[cand + j]):
                r.hits[n] = P[cand + j]
                n += 1
        if P[c + ST_UNIQUE] and n != 1:
            continue
        for j in range(n):
            if r.mark_status != GAME_OK:
                break
            if P[c + ST_UNLESS] < 0 or not mark_test(r, g, P, P[c + ST_UNLESS], r.hits[j]):
                s.marks[r.hits[j]] |= P[c + ST_BIT0 + mover]
                g.marks_set[i] += 1
    s.mover = to_move
    s.stage = r.stage_after
    return r.mark_status


@cython.cfunc
@cython.exceptval(check=False)
def finish_move(r: Runner, g: Game) -> cython.int:
    """After a move the kernel played (r.m holds its facts): the move's
    consequences, the positions seen forgotten after a capture, and the next turn."""
    status: cython.int = move_done(r, g)
    if status != GAME_TURN:
        return status
    if r.m.captured and not clear_seen(r, g):
        return GAME_NOMEM
    return begin_turn(r, g, g.last_mover, REPETITION_TABLE)


@cython.cfunc
@cython.exceptval(check=False)
def transfer_pieces(P: cython.p_int, s: Pos, steps: cython.int) -> cython.void:
    """An effect's pieces moved by hand: a counted list of steps (layout's XF_), each taking
    pieces from a slot or the hand and putting them into a slot, the hand or off the board
    (the hand starts empty and, as the spec's check makes sure, ends so)."""
    hand: cython.int = 0
    i: cython.int
    x: cython.int
    n: cython.int
    src: cython.int
    dst: cython.int
    for i in range(P[steps]):
        x = steps + 1 + i * XF_SIZE
        src = P[x + XF_FROM]
        if src == SPOT_HAND:
            n = hand
            hand = 0
        else:
            n = s.board[src]
            if P[x + XF_TAKE] != TAKE_ALL and P[x + XF_TAKE] < n:
                n = P[x + XF_TAKE]
            s.board[src] -= n
        dst = P[x + XF_TO]
        if dst == SPOT_HAND:
            hand += n
        elif dst == SPOT_OFF:
            s.removed += n
        else:
            s.board[dst] += n
            s.marks[dst] |= P[x + XF_MARK]


@cython.cfunc
@cython.exceptval(check=False)
def run_effects(r: Runner, g: Game, P: cython.p_int, E: cython.int, event: cython.int, pit: cython.int) -> cython.int:
    """The spec's effects on `event`, in order, each tested at `pit` as a condition after a move
    is (it may look ahead): pieces moved, variables set; GAME_OK, or how a look-ahead failed."""
    s: Pos = g.pos
    i: cython.int
    e: cython.int
    who: cython.int
    v: cython.longlong
    q: cython.int
    slot: cython.int
    for i in range(P[E]):
        e = P[E + 1 + i]
        if P[e + EF_EVENT] != event:
            continue
        if P[e + EF_WHEN] >= 0:
            if not after_move_test(r, g, P, P[e + EF_WHEN], pit):
                if r.mark_status != GAME_OK:
                    return r.mark_status
                continue
        who = P[e + EF_WHO]
        if P[e + EF_OP] == EFFECT_TRANSFER:
            for q in range(2 if who == VAR_BOTH else 1):
                transfer_pieces(P, s, P[P[e + EF_SLOT] + (1 - s.mover if who == VAR_OPPONENT or q else s.mover)])
            continue
        for q in range(2 if who == VAR_BOTH else 1):
            if who == VAR_BOTH:
                slot = P[e + EF_SLOT] + q
            else:
                slot = variable_slot(P[e + EF_SLOT], who, s.mover)
            v = P[e + EF_VALUE]
            if P[e + EF_OP] == EFFECT_ADD:
                v += s.vars[slot]
            s.vars[slot] = cython.cast(cython.int, 0 if v < 0 else BIG if v > BIG else v)
    return GAME_OK


@cython.cfunc
@cython.exceptval(check=False)
def start_effects(r: Runner, g: Game, event: cython.int) -> cython.int:
    """The effects at the game's or a new round's start, on no pit (every stage's turn record
    holds the same effects: the first stage's are read)."""
    P: cython.p_int = stage_kernel(r, 0).prog
    E: cython.int = P[r.turns[0] + T_EFFECTS]
    return GAME_OK if E < 0 else run_effects(r, g, P, E, event, NONE)


@cython.cfunc
@cython.exceptval(check=False)
def move_done(r: Runner, g: Game) -> cython.int:
    """A move's consequences (r.m holds its facts): the moves counted, an end during the move,
    another turn, the next stage and the marks; GAME_TURN when the next turn is to begin, else
    how the game stopped."""
    m: Move = r.m
    stage: cython.int = g.pos.stage
    P: cython.p_int = stage_kernel(r, stage).prog
    T: cython.int = r.turns[stage]
    d: cython.int
    mover: cython.int
    again: cython.int
    status: cython.int
    if g.pos.moves_played < BIG:
        g.pos.moves_played += 1  # saturating
    g.last_mover = g.pos.mover
    g.last_pit = m.last
    g.starts = 0
    if P[T + T_EFFECTS] >= 0:
        status = run_effects(r, g, P, P[T + T_EFFECTS], EVENT_MOVE_END, m.last)
        if status != GAME_OK:
            return status
    if m.end_prog >= 0:
        d = P[P[T + T_DURING] + m.end_prog]
        return finish_game(r, P, T, g, P[d + DE_KIND], P[d + DE_REMAINING], P[d + DE_RESULT], P[d + DE_NEEDS],
                           m.end_who)
    mover = g.pos.mover
    again = P[T + T_EXTRA] >= 0 and after_move_test(r, g, P, P[T + T_EXTRA], m.last)
    if P[T + T_EXTRA] >= 0 and r.mark_status != GAME_OK:
        return r.mark_status
    if P[T + T_UNTIL] >= 0 and after_move_test(r, g, P, P[T + T_UNTIL], m.last):
        if r.mark_status != GAME_OK:
            return r.mark_status
        if stage + 1 >= r.nstages:
            return GAME_STAGES
        g.pos.stage = stage + 1
    if P[T + T_UNTIL] >= 0 and r.mark_status != GAME_OK:
        return r.mark_status
    g.pos.mover = mover if again else 1 - mover
    if P[T + T_MARKS] >= 0:
        status = update_marks(r, g, P, P[T + T_MARKS], stage, mover)
        if status != GAME_OK:
            return status
    return GAME_TURN


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def count_action(t: Tally, action: cython.int) -> cython.void:
    t.actions += 1
    if t.n_record < t.max_record:
        t.record[t.n_record] = action
        t.n_record += 1


@cython.cfunc
@cython.exceptval(check=False)
def nth_direction(mask: cython.int, n: cython.int) -> cython.int:
    """The n-th direction (from LATER up) a start's mask offers."""
    d: cython.int
    for d in range(LATER, CW + 1):
        if mask >> (d + 1) & 1:
            if not n:
                return d
            n -= 1
    return CCW


@cython.cfunc
@cython.exceptval(check=False)
def random_move(r: Runner, g: Game, rng: Rng, t: Tally) -> cython.int:
    """Choose a start and then each decision the move asks at random (the options a live
    state offers: only those that can still be completed where legality looks ahead), play
    it, and count (and record) the actions taken."""
    k: Kernel = stage_kernel(r, g.pos.stage)
    P: cython.p_int = k.prog
    i: cython.int = rng_below(rng, g.legal.n)
    pit: cython.int = g.legal.pits[i]
    mask: cython.int = g.legal.masks[i]
    nd: cython.int = 0
    n: cython.int = 0
    d: cython.int = CCW
    j: cython.int
    ki: cython.int
    res: cython.int
    filt: cython.int
    asked: cython.int
    no: cython.int
    a: cython.int
    m: Move = r.m
    for j in range(LATER, CW + 1):
        if mask >> (j + 1) & 1:
            nd += 1
    count_action(t, g.legal.aids[i])
    if nd > 1:
        d = nth_direction(mask, rng_below(rng, nd))
        count_action(t, P[H_DIR_BASE] + d)
    else:
        d = nth_direction(mask, 0)
    # the kind that plays this direction (move kinds offered together: per direction); the
    # kernel's play reads the direction as a decision only where the kind asks it (with one
    # direction: forced, not asked)
    ki = start_kind(P, mask, d, g.legal.kind)
    if P[P[P[H_KINDS] + ki] + K_ASK_DIRECTION]:
        r.given[n] = P[H_DIR_BASE] + d
        n += 1
    if not P[r.turns[g.pos.stage] + T_ASKS]:
        # no decision inside a move: play on the position itself
        move_init(m, 0, ASK_STOP)
        res = play(P, g.pos, ki, pit, d, m, 0)
        if res != P_DONE:
            return GAME_ENDLESS if res == P_ENDLESS else GAME_BAD
        return finish_move(r, g)
    filt = P[H_MUST_SIMULATE] or g.feeding
    while True:
        pos_copy(r.work, g.pos, r.ns)
        move_init(m, n, ASK_STOP)
        res = play(P, r.work, ki, pit, d, m, 0)
        if res == P_DONE:
            pos_copy(g.pos, r.work, r.ns)
            return finish_move(r, g)
        if res != P_NEED:
            return GAME_ENDLESS if res == P_ENDLESS else GAME_BAD
        if n >= MAX_DECISIONS - 1:
            return GAME_ENDLESS
        asked = m.n_options
        for j in range(asked):
            r.options[j] = m.options[j]
        no = 0
        if filt:
            for j in range(asked):
                budget(k)
                for a in range(n):
                    k.prefix[a] = r.given[a]
                k.prefix[n] = r.options[j]
                if completes(k, g.pos, ki, pit, d, g.feeding, n + 1, k.move):
                    r.options[no] = r.options[j]
                    no += 1
                if k.stopped:
                    return GAME_STOPPED
            if not no:
                return GAME_ENDLESS
        else:
            no = asked
        if no == 1:  # one option: forced, not asked (the State applies it itself)
            r.given[n] = r.options[0]
            n += 1
            continue
        a = r.options[rng_below(rng, no)]
        r.given[n] = a
        n += 1
        count_action(t, a)


# ---------------------------------------------------------------- the opening race

# Both players choose a start (a simultaneous node), then sow at once, one piece
# each per step, South's drop before North's; a lap end is resolved as in an ordinary move of
# the first stage (captures, relay, another turn); the race ends when both parts have. Each
# part's MoveInfo is kept in its RacePart and rebuilt as a Move wherever a condition reads it.

@cython.cfunc
def race_move(r: Runner, P: cython.p_int, x: RacePart) -> Move:
    """The Move the conditions read for part x, in r.m."""
    m: Move = r.m
    i: cython.int
    move_init(m, 0, ASK_FIRST)
    m.origin = x.origin
    m.direction = x.direction
    m.kind = P[P[P[H_KINDS] + x.kind] + K_NAME] if x.kind >= 0 else -1
    m.lifted = x.lifted
    m.lap = x.lap
    m.last = x.last
    m.captured = x.captured
    for i in range(x.n_seq):
        m.seq_buf[i] = x.seq[i]
    m.seq_off = -1
    m.seq_len = x.n_seq
    m.lap_hand = x.lap_hand
    if P[H_SOWN_BY_MOVE]:
        for i in range(P[H_NSLOTS]):
            if x.sown[i]:
                m.sown_stamp[i] = m.stamp
    return m


@cython.cfunc
@cython.exceptval(check=False)
def race_offer(r: Runner, g: Game, p: cython.int) -> cython.int:
    """The starts player p may choose now (the stage's legal moves; the race's
    own condition on its first starts); none: the part is over."""
    x: RacePart = part_of(g, p)
    k: Kernel = stage_kernel(r, g.pos.stage)
    P: cython.p_int = k.prog
    T: cython.int = r.turns[g.pos.stage]
    saved: cython.int = g.pos.mover
    frm: cython.int
    n: cython.int
    i: cython.int
    feeding: cython.int
    g.pos.mover = p
    feeding = feeding_at(P, T, g.pos, r.m)
    budget(k)
    legal_into(k, g.pos, feeding, r.look, x.legal)
    if k.stopped:
        g.pos.mover = saved
        return GAME_STOPPED
    frm = P[P[T + T_RACE] + RC_FROM] if P[T + T_RACE] >= 0 else -1
    if frm >= 0 and not x.chosen:
        n = 0
        for i in range(x.legal.n):
            blank_context(r.m)  # the turn's blank context of player p
            if not test(P, frm, g.pos, x.legal.pits[i], r.m):
                continue
            x.legal.aids[n] = x.legal.aids[i]
            x.legal.pits[n] = x.legal.pits[i]
            x.legal.masks[n] = x.legal.masks[i]
            n += 1
        x.legal.n = n
    g.pos.mover = saved
    if not x.legal.n:
        x.choosing = 0
        if x.finished < 0:
            x.finished = g.race_step
    return GAME_OK


@cython.cfunc
@cython.exceptval(check=False)
def race_lap(r: Runner, g: Game, P: cython.p_int, p: cython.int, last: cython.int) -> cython.void:
    """The pits part p sows next, from `last` along its circuit, skips left out."""
    x: RacePart = part_of(g, p)
    ns: cython.int = P[H_NSLOTS]
    skip: cython.int = P[H_SKIP]
    n: cython.int = 0
    saved: cython.int = g.pos.mover
    seq: cython.int = P[P[H_AFTER] + (p * 2 + x.direction) * ns + last]
    i: cython.int
    m: Move
    g.pos.mover = p
    m = race_move(r, P, x)
    for i in range(1, P[seq] + 1):
        if n >= MAX_SLOTS:
            break
        if skip < 0 or not test(P, skip, g.pos, P[seq + i], m):
            r.hits[n] = P[seq + i]
            n += 1
    g.pos.mover = saved
    if not n:  # nowhere to sow: this part ends
        x.hand = 0
        x.finished = g.race_step
        return
    for i in range(n):
        x.seq[i] = r.hits[i]
    x.n_seq = n
    x.at = 0
    x.lap_hand = x.hand
    if P[H_SOWN_BY_MOVE]:
        for i in range(min(n, x.hand)):
            x.sown[x.seq[i]] = 1


@cython.cfunc
@cython.exceptval(check=False)
def race_choose(r: Runner, g: Game, p: cython.int, i: cython.int) -> cython.void:
    """Player p starts sowing from their legal start i."""
    P: cython.p_int = stage_kernel(r, g.pos.stage).prog
    x: RacePart = part_of(g, p)
    pit: cython.int = x.legal.pits[i]
    d: cython.int = CCW
    j: cython.int
    kind: cython.int
    x.kind = -1
    for j in range(LATER, CW + 1):  # the start of the first kind that offers it
        if x.legal.masks[i] >> (j + 1) & 1:
            kind = start_kind(P, x.legal.masks[i], j, x.legal.kind)
            if x.kind < 0 or kind < x.kind:
                x.kind = kind
                d = j
    x.origin = pit
    x.direction = d
    x.lifted = x.hand = g.pos.board[pit]
    g.pos.board[pit] = 0
    lifted_from(P, g.pos, pit)
    x.choosing = 0
    x.laps = 0
    x.lap = 1
    x.last = NONE
    x.captured = 0
    x.n_seq = x.lap_hand = 0
    if P[H_SOWN_BY_MOVE]:
        for j in range(P[H_NSLOTS]):
            x.sown[j] = 0
    x.chosen += 1
    race_lap(r, g, P, p, pit)


@cython.cfunc
@cython.exceptval(check=False)
def race_lap_end(r: Runner, g: Game, P: cython.p_int, T: cython.int, p: cython.int) -> cython.void:
    """A race lap's end, as a lap of an ordinary move ends (captures, the relay, another turn),
    for part p; the spec's bound on a move's laps ends the part too."""
    x: RacePart = part_of(g, p)
    s: Pos = g.pos
    last: cython.int = x.last
    saved: cython.int = s.mover
    kind: cython.int
    n_caps: cython.int
    i: cython.int
    cap: cython.int
    n: cython.int
    m: Move
    x.laps += 1
    x.lap = x.laps
    if x.laps > P[H_MAX_LAPS]:
        x.finished = g.race_step
        return
    s.mover = p
    if P[P[H_TO_OWNER]]:
        to_owners(P, s)
    m = race_move(r, P, x)
    kind = P[P[H_KINDS] + x.kind]
    n_caps = P[H_NCAPS] if P[kind + K_CAPTURES] else 0
    for i in range(n_caps):
        cap = P[P[H_CAPS] + i]
        if not test(P, P[cap + CP_WHEN], s, last, m):
            continue
        n = taken_pits(P, cap, s, last, m)
        x.captured += take(P, cap, s, n, m)
        s.marks[last] |= P[cap + CP_MARK0 + p]  # the mark the capture sets
        x.finished = g.race_step
        s.mover = saved
        return
    # (the loader refuses a race whose relay lifts the next pit: relays here lift the landing pit)
    if (P[H_RELAY] and test(P, P[H_RELAY_WHEN], s, last, m)
            and not (P[H_STOP_WHEN] >= 0 and test(P, P[H_STOP_WHEN], s, last, m))):
        x.hand = s.board[last]
        s.board[last] = 0
        lifted_from(P, s, last)
        race_lap(r, g, P, p, last)
        s.mover = saved
        return
    if P[T + T_EXTRA] >= 0 and test(P, P[T + T_EXTRA], s, last, m):
        x.choosing = 1
    else:
        x.finished = g.race_step
    s.mover = saved


@cython.cfunc
@cython.exceptval(check=False)
def race_passing(r: Runner, g: Game, P: cython.p_int, p: cython.int) -> cython.void:
    """The captures while passing (passing_take) at the pit part p has just sown into."""
    x: RacePart = part_of(g, p)
    saved: cython.int = g.pos.mover
    if not g.pos.board[x.last]:
        return
    g.pos.mover = p
    x.captured += passing_take(P, g.pos, x.last, x.hand == 0, race_move(r, P, x))
    g.pos.mover = saved


@cython.cfunc
@cython.exceptval(check=False)
def race_over(r: Runner, g: Game) -> cython.int:
    """Once the race is over: one move played, the next
    player, the first stage's `until` (about the player who finished last), then the game
    goes on."""
    s: Pos = g.pos
    stage: cython.int = s.stage
    P: cython.p_int = stage_kernel(r, stage).prog
    T: cython.int = r.turns[stage]
    south: cython.int = g.south.finished
    north: cython.int = g.north.finished
    nxt: cython.int
    last: cython.int
    first: cython.int
    if south == north:
        nxt = P[T + T_FIRST]
        last = 1 - nxt
    else:
        first = 0 if south < north else 1
        nxt = first if P[P[T + T_RACE] + RC_NEXT] == RACE_FIRST_FINISHED else 1 - first
        last = 1 - first
    g.racing = 0
    g.last_pit = NONE  # the race ends in no one pit (it leaves no last move)
    if s.moves_played < BIG:
        s.moves_played += 1
    if P[T + T_UNTIL] >= 0 and P[P[T + T_RACE] + RC_UNTIL]:
        blank_context(r.m)  # the blank context of the player who finished last
        s.mover = last
        if after_move_test(r, g, P, P[T + T_UNTIL], NONE):
            if stage + 1 >= r.nstages:
                return GAME_STAGES
            s.stage = stage + 1
        if r.mark_status != GAME_OK:
            return r.mark_status
    s.mover = nxt
    if not clear_seen(r, g):
        return GAME_NOMEM
    return begin_turn(r, g, last, REPETITION_TABLE)


@cython.cfunc
@cython.exceptval(check=False)
def race_run(r: Runner, g: Game) -> cython.int:
    """Steps until a player must choose or the race is over."""
    P: cython.p_int = stage_kernel(r, g.pos.stage).prog
    T: cython.int = r.turns[g.pos.stage]
    p: cython.int
    q: cython.int
    status: cython.int
    x: RacePart
    sowing: cython.int
    while not g.south.choosing and not g.north.choosing:
        sowing = 0  # bit p: part p sows this step
        for p in range(2):
            x = part_of(g, p)
            if x.finished < 0 and x.hand:
                sowing |= 1 << p
        if not sowing:
            break
        g.race_step += 1
        for p in range(2):
            if sowing >> p & 1:
                x = part_of(g, p)
                q = x.seq[x.at % x.n_seq]
                x.at += 1
                x.hand -= 1
                g.pos.board[q] += 1
                x.last = q
        if P[H_NPASSING]:  # captures as the laps pass, once both hands have dropped their pieces
            for p in range(2):
                if sowing >> p & 1:
                    race_passing(r, g, P, p)
        for p in range(2):
            x = part_of(g, p)
            if sowing >> p & 1 and not x.hand and x.finished < 0:
                race_lap_end(r, g, P, T, p)
        for p in range(2):
            if not (sowing >> p & 1) or not part_of(g, p).choosing:
                continue
            status = race_offer(r, g, p)
            if status != GAME_OK:
                return status
    if g.south.choosing or g.north.choosing:
        return GAME_OK
    if g.south.finished < 0 or g.north.finished < 0:
        return GAME_BAD  # a part stalled
    return race_over(r, g)


@cython.cfunc
@cython.exceptval(check=False)
def race_begin(r: Runner, g: Game) -> cython.int:
    """Both players choose a start at the game's first position."""
    p: cython.int
    status: cython.int
    x: RacePart
    g.racing = 1
    g.race_step = 0
    g.legal.n = g.feeding = 0  # no ordinary start before the race is over
    g.legal.kind = -1
    for p in range(2):
        x = part_of(g, p)
        x.choosing = 1
        x.finished = -1
        x.hand = x.at = x.laps = x.chosen = x.n_seq = x.lap_hand = x.captured = 0
        x.origin = x.last = NONE
        x.kind = -1
        x.direction = CCW
        x.lap = 1
        status = race_offer(r, g, p)
        if status != GAME_OK:
            return status
    return race_run(r, g)


@cython.cfunc
def race_resume(r: Runner, g: Game, race: tuple) -> cython.int:
    """The race in progress a snapshot gives ((step, South's part, North's), a part as
    Core._race gives one but for its last field, the pits to sow: (one round of them, no more
    than the board's slots, and the pieces in hand)): the parts set, the starts offered to
    those choosing, then the race run on."""
    p: cython.int
    i: cython.int
    status: cython.int
    x: RacePart
    g.racing = 1
    g.race_step = index(race[0])
    g.legal.n = g.feeding = 0
    g.legal.kind = -1
    for p in range(2):
        x = part_of(g, p)
        choosing, finished, chosen, origin, direction, kind, lifted, laps, captured, last, seq, hand = race[1 + p]
        x.choosing = 1 if choosing else 0
        x.finished = index(finished)
        x.chosen = len(chosen)
        x.origin, x.direction, x.kind, x.lifted = index(origin), index(direction), index(kind), index(lifted)
        x.laps = x.lap = index(laps)
        x.captured, x.last = index(captured), index(last)
        x.n_seq = len(seq)
        for i in range(x.n_seq):
            x.seq[i] = seq[i]
        x.hand = x.lap_hand = index(hand)
        x.at = 0
    for p in range(2):
        if part_of(g, p).choosing:
            status = race_offer(r, g, p)
            if status != GAME_OK:
                return status
    return race_run(r, g)


@cython.cfunc
@cython.exceptval(check=False)
def race_both(r: Runner, g: Game, south: cython.int, north: cython.int) -> cython.int:
    """Both players' starts at once (their legal indices), South's first, then the race runs."""
    race_choose(r, g, 0, south)
    race_choose(r, g, 1, north)
    return race_run(r, g)


@cython.cfunc
@cython.exceptval(check=False)
def race_random(r: Runner, g: Game, rng: Rng, t: Tally) -> cython.int:
    """A random action of the race as the Python loop chooses it: a flat joint action (South's
    index + n * North's, uniform) at a simultaneous node, else the chooser's start."""
    a: RacePart = g.south
    b: RacePart = g.north
    j: cython.int
    p: cython.int
    i: cython.int
    x: RacePart
    if a.choosing and b.choosing:
        j = rng_below(rng, a.legal.n * b.legal.n)
        count_action(t, j)
        return race_both(r, g, j % a.legal.n, j // a.legal.n)
    p = 0 if a.choosing else 1
    x = part_of(g, p)
    i = rng_below(rng, x.legal.n)
    count_action(t, x.legal.aids[i])
    race_choose(r, g, p, i)
    return race_run(r, g)


@cython.cfunc
@cython.exceptval(check=False)
def random_action(r: Runner, g: Game, rng: Rng, t: Tally) -> cython.int:
    """One random action of a whole game: in the opening race, or a move."""
    if g.racing:
        return race_random(r, g, rng, t)
    return random_move(r, g, rng, t)


def stage_ends(r: Runner, stage: object, *position: object) -> bool:
    """Whether stage `stage`'s `until` holds at a position between moves (`position` as Core
    takes it, its mover the player who moved last), nothing known of that move: how a
    position given without its stage is told one (snapshot.py)."""
    first: Kernel = r.kernels[0]
    g: Game = r.game  # scratch: each playout begins it again
    at: cython.int = index(stage)
    P: cython.p_int
    T: cython.int
    holds: cython.int
    if not 0 <= at < r.nstages:
        raise ValueError("no such stage")
    P = stage_kernel(r, at).prog
    T = r.turns[at]
    if P[T + T_UNTIL] < 0:
        return False
    pos_copy(g.pos, first.begin(position, POS_ARGS, "stage_ends"), r.ns)
    g.pos.stage = at
    blank_context(r.m)
    holds = after_move_test(r, g, P, P[T + T_UNTIL], NONE)
    if r.mark_status != GAME_OK:
        raise r.failed(r.mark_status)
    return bool(holds)


def playouts(r: Runner, *args: object) -> tuple:
    """playouts(runner, board, marks, stock, removed, stage, moves_played, mover, n, seed,
    lengths, record, max_actions) -> (wins of South, wins of North, draws, actions, turns,
    lengths or None, records or None): n random games from the position, as
    `_kernel.playouts` plays them (the same generator, the same choices). A game past
    max_actions actions raises LimitError (a spec whose games never end); Ctrl-C is let
    through every 4,096 actions."""
    if len(args) != POS_ARGS + 5:
        raise TypeError("playouts takes 13 arguments")
    kernels: tuple = r.kernels
    first: Kernel = kernels[0]
    initial: Pos = Pos(r.ns, r.cells)
    pos_copy(initial, first.begin(args[:POS_ARGS], POS_ARGS, "playouts"), r.ns)
    n: cython.longlong = index(args[POS_ARGS])
    seed: cython.ulonglong = index(args[POS_ARGS + 1]) & 0xFFFFFFFFFFFFFFFF
    want_lengths = bool(args[POS_ARGS + 2])
    want_record = bool(args[POS_ARGS + 3])
    max_actions: cython.longlong = index(args[POS_ARGS + 4])
    if n < 0 or initial.stage >= r.nstages:
        raise ValueError("n must be at least 0 and the stage one of the game's")
    g: Game = r.game
    rng: Rng = Rng(seed)
    t: Tally = Tally(True) if want_record else r.tally
    t.actions = 0
    lengths: list = []
    records: list = []
    wins0: cython.longlong = 0
    wins1: cython.longlong = 0
    draws: cython.longlong = 0
    moves: cython.longlong = 0
    before: cython.longlong
    steps: cython.longlong
    status: cython.int = GAME_OK
    game: cython.longlong
    k: Kernel
    for game in range(n):
        before = t.actions
        t.n_record = 0
        PyErr_CheckSignals()
        for k in kernels:
            budget(k)
        status = new_game(r, g, initial)
        steps = 0
        while status == GAME_OK and not g.terminal:
            status = random_action(r, g, rng, t)
            steps += 1
            if steps % 4096 == 0:
                PyErr_CheckSignals()
            if status == GAME_OK and steps > max_actions:
                raise LimitError(f"a random game went on for more than {max_actions} actions without ending (a spec "
                                 f"whose games can go on for ever: a move_limit end bounds them)")
        if status != GAME_OK:
            raise r.failed(status)
        moves += g.pos.moves_played - initial.moves_played
        if g.ret > 0:
            wins0 += 1
        elif g.ret < 0:
            wins1 += 1
        else:
            draws += 1
        if want_lengths:
            lengths.append(t.actions - before)
        if want_record:
            records.append(int_list(t.record, t.n_record))
    return (wins0, wins1, draws, t.actions, moves, lengths if want_lengths else None,
            records if want_record else None)


# ---------------------------------------------------------------- a game state between actions

@cython.cfunc
def starts_copy(dst: Starts, src: Starts) -> cython.void:
    i: cython.int
    dst.kind = src.kind
    dst.n = src.n
    for i in range(src.n):
        dst.aids[i] = src.aids[i]
        dst.pits[i] = src.pits[i]
        dst.masks[i] = src.masks[i]


@cython.cfunc
def starts_clone(src: Starts) -> Starts:
    """A copy made without a call of __init__ (a clone makes one at every action)."""
    x: Starts = Starts.__new__(Starts)
    if not cython.compiled:
        x.aids, x.pits, x.masks = int_array(MAX_SLOTS), int_array(MAX_SLOTS), int_array(MAX_SLOTS)
    starts_copy(x, src)
    return x


@cython.cfunc
def pos_clone(src: Pos, ns: cython.int, cells: cython.int) -> Pos:
    """A copy made without a call of __init__ (a clone makes one at every action); without
    kinds of piece (cells 0) the kinds buffer is never read or written, so it is shared."""
    x: Pos = Pos.__new__(Pos)
    if not cython.compiled:
        x.board, x.marks, x.stock = int_array(MAX_SLOTS), int_array(MAX_SLOTS), int_array(2)
        x.vars = int_array(MAX_VARIABLES)
    if cells:
        x.kinds = int_array(cells)
    else:
        x.kinds = src.kinds
    pos_copy(x, src, ns)
    return x


@cython.cfunc
def part_copy(src: RacePart) -> RacePart:
    x: RacePart = RacePart()
    i: cython.int
    x.choosing, x.finished, x.hand, x.at, x.laps = src.choosing, src.finished, src.hand, src.at, src.laps
    x.chosen, x.origin, x.direction, x.kind, x.lifted = src.chosen, src.origin, src.direction, src.kind, src.lifted
    x.lap, x.last, x.captured, x.n_seq, x.lap_hand = src.lap, src.last, src.captured, src.n_seq, src.lap_hand
    for i in range(src.n_seq):
        x.seq[i] = src.seq[i]
    for i in range(MAX_SLOTS):
        x.sown[i] = src.sown[i]
    starts_copy(x.legal, src.legal)
    return x


@cython.cfunc
def seen_copy(src: Seen) -> Seen:
    """A copy of the table (the key scratch shared): one buffer."""
    t: Seen = Seen.__new__(Seen)
    i: cython.int
    t.width, t.count, t.gen, t.key = src.width, src.count, src.gen, src.key
    seen_layout(t, src.cap, src.tcap)
    for i in range(src.count * src.width):
        t.buf[i] = src.buf[i]
    for i in range(src.count):
        t.buf[t.hashes + i] = src.buf[src.hashes + i]
    for i in range(src.tcap):
        t.buf[t.stamps + i] = src.buf[src.stamps + i]
        t.buf[t.slots + i] = src.buf[src.slots + i]
    return t


@cython.cfunc
def game_copy(r: Runner, src: Game) -> Game:
    """An independent copy of a game being played. The race parts and the positions seen are
    shared, not copied, where the runner's stages never write them (no race, no repetition
    end)."""
    g: Game = Game.__new__(Game)
    i: cython.int
    g.pos = pos_clone(src.pos, r.ns, r.cells)
    g.terminal, g.end_kind, g.ret, g.feeding = src.terminal, src.end_kind, src.ret, src.feeding
    g.round, g.last_mover, g.last_pit, g.starts = src.round, src.last_mover, src.last_pit, src.starts
    g.racing, g.race_step = src.racing, src.race_step
    if not cython.compiled:
        g.move, g.marks_set = int_array(LM_SIZE), int_array(MAX_MARK_SETTERS)
    for i in range(LM_SIZE):
        g.move[i] = src.move[i]
    for i in range(MAX_MARK_SETTERS):
        g.marks_set[i] = src.marks_set[i]
    g.before = pos_clone(src.before, r.ns, r.cells)
    g.decisions, g.n_decisions = src.decisions, src.n_decisions
    g.decisions_shared = src.decisions_shared = src.decisions is not None
    g.legal = starts_clone(src.legal)
    if r.has_race:
        g.south, g.north = part_copy(src.south), part_copy(src.north)
    else:
        g.south, g.north = src.south, src.north
    g.seen = src.seen
    g.seen_shared = src.seen_shared = r.uses_repetition  # copied by whichever writes first
    g.shared = 0
    return g


@cython.freelist(8)
@cython.cclass
class Decisions:
    """The decisions given in a move so far and the options offered now (a state between
    actions: counted by the state, shared by its clones)."""

    given: cython.int[::1]
    options: cython.int[MAX_SLOTS]
    asked: Pos
    """The position where the move asks its decision (read while one waits, except for a
    direction asked before anything moved)."""
    request: cython.int[REQUEST_ROOM]
    """The decision asked (layout's RQ_ record: its kind, where, the pieces in hand, the
    default option), then the hand's count of each kind for a decision about the next piece."""
    shared: cython.int
    """1: a clone shares them, and a state about to write them copies them first if another
    still holds them (Core.room)."""

    def __init__(self, ns: cython.int, cells: cython.int) -> None:
        self.given = int_array(MAX_DECISIONS)
        if not cython.compiled:  # compiled, the arrays are in the object
            self.options = int_array(MAX_SLOTS)
            self.request = int_array(REQUEST_ROOM)
        self.asked = Pos(ns, cells)
        self.shared = 0


@cython.cfunc
def decisions_copy(src: Decisions, n_given: cython.int, n_options: cython.int, ns: cython.int) -> Decisions:
    """A copy of the first n_given decisions and n_options options, the position where they
    are asked and the request."""
    x: Decisions = Decisions(ns, len(src.asked.kinds))
    j: cython.int
    for j in range(n_given):
        x.given[j] = src.given[j]
    for j in range(n_options):
        x.options[j] = src.options[j]
    pos_copy(x.asked, src.asked, ns)
    for j in range(REQUEST_ROOM):
        x.request[j] = src.request[j]
    return x


@cython.cclass
class Core:
    """A game state between actions, played by the engine (state.py's NativeState mixes the
    rest of the State API into it). legal_actions, apply_action, is_terminal,
    current_player, returns, history and clone never leave the engine, and it answers the rest
    of the API's questions (the position, the move in progress, the last move, the race).

    A move that asks decisions is played on a copy at each decision: the position stays the
    one before the move until its last decision, and an illegal action changes nothing."""

    runner: Runner
    _game: object
    g: Game
    hist: cython.int[::1]
    """The actions applied, at hist[1:n_hist + 1], in a buffer clones share: hist[0] counts
    the actions written into it by any of them, so a state whose history ends there appends
    in place and any other copies its own first (a clone copies nothing)."""
    n_hist: cython.int
    pending: cython.int
    """1: a move waits for a decision (its start's legal index, direction, the decisions
    made after the start action and the options offered now)."""
    p_index: cython.int
    p_dir: cython.int
    n_given: cython.int
    n_options: cython.int
    dec: Decisions
    p_hist: cython.int
    """The history's length when the pending move began (its actions follow)."""
    race_record: tuple
    """The starts each player chose in the opening race (South's start actions, North's): what
    a snapshot of the race gives back."""
    race_last: tuple
    """The opening race's last step: (player, start action) of each start chosen in it (both
    at a simultaneous node; empty before one). State.race_moves writes it."""
    def __init__(self, runner: Runner, game: object, *position: object):
        """Core(runner, game, board, marks, stock, removed, stage, moves_played, mover): the
        game's start."""
        initial: Pos = self.setup(runner, game, position)
        status: cython.int = new_game(runner, self.g, initial)
        if status != GAME_OK:
            raise runner.failed(status)

    @classmethod
    def _resume(cls, runner: Runner, game: object, position: tuple, round_: object,
                seen: object, ended: object, race: object) -> Core:
        """A state at a position between moves that was not played to (a snapshot's, checked by
        snapshot.py), whose history starts there: `position` as Core takes it, the rounds
        finished, the positions seen (make_key's fields; None: this one), then a finished game
        ((end kind, -1 when not named; South's return)), or the race in progress (as
        race_resume reads it; True: its start), or else the turn begun as in play."""
        c: Core = cls.__new__(cls)
        r: Runner = runner
        initial: Pos = c.setup(runner, game, position)
        g: Game = c.g
        t: Seen
        j: cython.int
        status: cython.int = GAME_OK
        pos_copy(g.pos, initial, r.ns)
        g.round = index(round_)
        if ended is not None:
            g.terminal = 1
            g.end_kind, g.ret = ended
            g.legal.n = 0
            return c
        if r.uses_repetition:
            t = g.seen
            if seen is None:
                make_key(t, g.pos, r.ns)
                status = seen_add(t)
            for key in seen or ():
                for j in range(t.width):
                    t.key[j] = key[j]
                status = min(status, seen_add(t))
            if status < 0:
                raise MemoryError()
        if race is True:
            status = race_begin(r, g)
        elif race is not None:
            status = race_resume(r, g, race)
            c.race_record = (race[1][2], race[2][2])
        else:
            status = begin_turn(r, g, 1 - g.pos.mover, REPETITION_SKIP)
        if status != GAME_OK:
            raise r.failed(status)
        return c

    @cython.cfunc
    def setup(self, runner: Runner, game: object, position: tuple) -> Pos:
        """The fields of a new state, and its position read and checked (not begun)."""
        if len(position) != POS_ARGS:
            raise TypeError(f"Core takes {2 + POS_ARGS} arguments")
        first: Kernel = runner.kernels[0]
        initial: Pos = first.begin(position, POS_ARGS, "Core")
        if initial.stage >= runner.nstages:
            raise ValueError("no such stage")
        self.runner = runner
        self._game = game
        self.pending = self.p_index = self.n_given = self.n_options = self.p_hist = 0
        self.race_record = ((), ())
        self.race_last = ()
        self.p_dir = CCW
        self.g = Game(runner.ns, runner.cells,
                      2 * runner.ns + 4 + runner.cells + cython.cast(Kernel, runner.kernels[0]).p[H_NVARS])
        self.hist = int_array(64)
        self.n_hist = 0
        self.dec = None
        for k in runner.kernels:
            budget(k)
        return initial

    def legal_actions(self, player: object = None, /) -> list:
        """The legal actions (none for another player)."""
        g: Game = self.g
        p: cython.int
        if player is not None:
            p = index(player)
            if g.racing:
                return race_legal(g, -2 if p < 0 else p)
            if g.terminal or p != g.pos.mover:
                return []
        if g.racing:
            return race_legal(g, -1)
        if self.pending:
            return [self.dec.options[p] for p in range(self.n_options)]
        return start_list(g.legal, 0 if g.terminal else g.legal.n)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.g.terminal)

    def current_player(self) -> int:
        """The player to move (-4 when the game is over, -2 when both choose at once)."""
        g: Game = self.g
        if g.racing:
            return -2 if g.south.choosing and g.north.choosing else 0 if g.south.choosing else 1
        return -4 if g.terminal else g.pos.mover

    def is_simultaneous_node(self) -> bool:
        """Whether both players choose at once (the opening race)."""
        return bool(self.g.racing and self.g.south.choosing and self.g.north.choosing)

    def move_number(self) -> int:
        """Moves played so far."""
        return self.g.pos.moves_played

    def returns(self) -> list:
        """[South, North]: 1 a win, -1 a loss, 0 a draw or not over."""
        ret: float = float(self.g.ret) if self.g.terminal else 0.0
        return [ret, -ret if ret else 0.0]

    def rewards(self) -> list:
        """The same as returns()."""
        return self.returns()

    def history(self) -> list:
        """The actions applied so far."""
        return [self.hist[1 + j] for j in range(self.n_hist)]

    def apply_action(self, action: object, /) -> None:
        """Apply one action; an illegal one raises IllegalActionError and changes nothing."""
        given: object = action
        a: cython.longlong
        self.own_game()
        if type(action) is not int:  # numpy ints and the like; TypeError for a bool, a float, ...
            action = self._as_action(action)
        try:
            a = action
        except OverflowError:  # no action is that far out: refused below
            a = -(1 << 62)
        if self.g.racing:
            self.race_action(a, given)
        else:
            self.move_action(a, given)

    @cython.cfunc
    def own_game(self) -> cython.void:
        """Make the game this state's own before an action changes it: a clone shares its
        game, copied only if another state still holds it (with a clone before every action,
        the state cloned from is mostly dropped by then, and nothing is copied)."""
        if self.g.shared:
            if game_held_elsewhere(self):
                self.g = game_copy(self.runner, self.g)
            else:
                self.g.shared = 0

    @cython.cfunc
    def refused(self, action: cython.longlong, given: object) -> object:
        self._refuse(given)
        return RuntimeError(f"the engine refused action {action}, but its refusal raised nothing")

    @cython.cfunc
    def race_action(self, action: cython.longlong, given: object) -> cython.void:
        """apply_action in the opening race: a flat joint action at a simultaneous node (both
        players' starts go into the history, South's first, as State.apply_actions records
        them), else the chooser's start."""
        g: Game = self.g
        r: Runner = self.runner
        a: RacePart = g.south
        b: RacePart = g.north
        south: cython.int = -1
        north: cython.int = -1
        p: cython.int = 0 if a.choosing else 1
        x: RacePart = part_of(g, p)
        i: cython.int = -1
        j: cython.int
        status: cython.int
        if a.choosing and b.choosing:
            if 0 <= action < a.legal.n * b.legal.n:
                south = action % a.legal.n
                north = action // a.legal.n
        else:
            for j in range(x.legal.n):
                if x.legal.aids[j] == action:
                    i = j
                    break
        if south < 0 and i < 0:
            raise self.refused(action, given)
        if south >= 0:
            self.record(a.legal.aids[south])
            self.record(b.legal.aids[north])
            self.race_record = (self.race_record[0] + (a.legal.aids[south],),
                                self.race_record[1] + (b.legal.aids[north],))
            self.race_last = ((0, a.legal.aids[south]), (1, b.legal.aids[north]))
            status = race_both(r, g, south, north)
        else:
            self.record(action)
            self.race_record = ((self.race_record[0] + (action,), self.race_record[1]) if p == 0
                                else (self.race_record[0], self.race_record[1] + (action,)))
            self.race_last = ((p, action),)
            race_choose(r, g, p, i)
            status = race_run(r, g)
        if status != GAME_OK:
            raise r.failed(status)

    @cython.cfunc
    def move_action(self, action: cython.longlong, given: object) -> cython.void:
        """apply_action between moves or at a decision inside one."""
        g: Game = self.g
        r: Runner = self.runner
        k: Kernel = stage_kernel(r, g.pos.stage)
        P: cython.p_int = k.prog
        i: cython.int = -1
        j: cython.int
        nd: cython.int = 0
        d: cython.int
        first_dir: cython.int = CCW
        if self.pending:
            for j in range(self.n_options):
                if self.dec.options[j] == action:
                    i = j
                    break
        elif not g.terminal:
            for j in range(g.legal.n):
                if g.legal.aids[j] == action:
                    i = j
                    break
        if i < 0:
            raise self.refused(action, given)
        if self.pending:
            self.room()  # its own, to write
        saved_given: cython.int = self.n_given
        saved_dir: cython.int = self.p_dir
        if self.pending and self.p_dir == DIRECTION_ASKED:
            # the direction chosen among the starts: a decision of the move only where its kind asks it
            d = action - P[H_DIR_BASE]
            if P[P[P[H_KINDS] + start_kind(P, g.legal.masks[self.p_index], d, g.legal.kind)] + K_ASK_DIRECTION]:
                self.dec.given[self.n_given] = action
                self.n_given += 1
            self.p_dir = d
        elif self.pending:
            if self.n_given >= MAX_DECISIONS - 1:
                raise r.failed(GAME_ENDLESS)
            self.dec.given[self.n_given] = action
            self.n_given += 1
        else:
            for j in range(LATER, CW + 1):
                if g.legal.masks[i] >> (j + 1) & 1:
                    if not nd:
                        first_dir = j
                    nd += 1
            self.p_index = i
            self.n_given = 0
            self.p_hist = self.n_hist
            if nd > 1:  # the direction, asked before anything moves (every one offered was checked)
                self.room()
                nd = 0
                for j in range(LATER, CW + 1):
                    if g.legal.masks[i] >> (j + 1) & 1:
                        self.dec.options[nd] = P[H_DIR_BASE] + j
                        nd += 1
                self.n_options = nd
                self.pending = 1
                self.p_dir = DIRECTION_ASKED
                self.dec.request[RQ_KIND] = R_DIRECTION
                self.dec.request[RQ_AT] = g.legal.pits[i]
                self.dec.request[RQ_IN_HAND] = P[P[P[H_KINDS] + start_kind(P, g.legal.masks[i], first_dir,
                                                                           g.legal.kind)] + K_DROP]
                self.dec.request[RQ_DEFAULT] = -1
                self.record(action)
                return
            self.p_dir = first_dir
            # one direction the kind would ask: forced, not asked
            if P[P[P[H_KINDS] + start_kind(P, g.legal.masks[i], first_dir, g.legal.kind)] + K_ASK_DIRECTION]:
                self.room()
                self.dec.given[self.n_given] = (P[H_DIR_BASE] + first_dir) | FORCED
                self.n_given += 1
        if P[r.turns[g.pos.stage] + T_ASKS]:
            self.room()  # the move may ask: room for its decisions and options
        status: cython.int = self.play_on(k)
        if status == GAME_NEED:
            self.record(action)
            return
        if status != GAME_OK:
            self.n_given = saved_given
            self.p_dir = saved_dir
            raise r.failed(status)
        self.pending = 0
        self.record(action)
        g.n_decisions = self.n_given
        if self.n_given:
            self.keep_decisions()
        status = finish_move(r, g)
        if status != GAME_OK:
            raise r.failed(status)

    @cython.cfunc
    def record(self, action: cython.int) -> cython.void:
        """An action into the history: in place where this state's history is the shared
        buffer's, else into a buffer of its own (its room doubled when full)."""
        j: cython.int
        if self.hist[0] != self.n_hist or self.n_hist + 1 == len(self.hist):
            own: cython.int[::1] = int_array(2 * self.n_hist + 64)
            for j in range(1, self.n_hist + 1):
                own[j] = self.hist[j]
            self.hist = own
        self.n_hist += 1
        self.hist[self.n_hist] = action
        self.hist[0] = self.n_hist

    @cython.cfunc
    def room(self) -> cython.void:
        """The decisions given, the options offered and the decision asked, made when a move
        first asks, and this state's own before it writes them (shared by clones: copied only
        where another state still holds them)."""
        if self.dec is None:
            self.dec = Decisions(self.runner.ns, self.runner.cells)
        elif self.dec.shared:
            if decisions_held_elsewhere(self):
                self.dec = decisions_copy(self.dec, self.n_given, self.n_options, self.runner.ns)
            else:
                self.dec.shared = 0

    @cython.cfunc
    def play_on(self, k: Kernel) -> cython.int:
        """Play the pending move with the decisions given so far, on a copy: GAME_OK when it
        is over (the copy becomes the position), GAME_NEED when it asks a decision with more
        than one option (offered in self.dec.options; forced ones are taken here), else why not."""
        g: Game = self.g
        r: Runner = self.runner
        P: cython.p_int = k.prog
        index: cython.int = self.p_index
        pit: cython.int = g.legal.pits[index]
        d: cython.int = self.p_dir
        ki: cython.int = start_kind(P, g.legal.masks[index], d, g.legal.kind)
        m: Move = r.m
        res: cython.int
        j: cython.int
        a: cython.int
        no: cython.int
        asked: cython.int
        kept: Pos
        while True:
            pos_copy(r.work, g.pos, r.ns)
            for a in range(self.n_given):
                r.given[a] = self.dec.given[a] & ~FORCED
            move_init(m, self.n_given, ASK_STOP)
            res = play(P, r.work, ki, pit, d, m, 0)
            if res == P_DONE:  # what the move was, kept for _last_move (its decisions: keep_decisions)
                g.move[LM_KIND] = ki
                g.move[LM_PIT] = pit
                g.move[LM_DIRECTION] = d
                g.move[LM_START] = g.legal.aids[index]
                g.move[LM_DIRECTIONS] = g.legal.masks[index]
                kept = g.before  # the position before the move becomes `before`, without a copy
                g.before = g.pos
                g.pos = kept
                pos_copy(g.pos, r.work, r.ns)
                return GAME_OK
            if res != P_NEED:
                return GAME_ENDLESS if res == P_ENDLESS else GAME_BAD
            pos_copy(self.dec.asked, r.work, r.ns)
            asked = m.n_options
            for j in range(asked):
                r.options[j] = m.options[j]
            no = 0
            if P[H_MUST_SIMULATE] or g.feeding:
                budget(k)
                for j in range(asked):
                    for a in range(self.n_given):
                        k.prefix[a] = self.dec.given[a] & ~FORCED
                    k.prefix[self.n_given] = r.options[j]
                    if completes(k, g.pos, ki, pit, d, g.feeding, self.n_given + 1, k.move):
                        r.options[no] = r.options[j]
                        no += 1
                    if k.stopped:
                        return GAME_STOPPED
            else:
                no = asked
            if no == 1 and self.n_given < MAX_DECISIONS - 1:  # forced, not asked (docs/api.md)
                self.dec.given[self.n_given] = r.options[0] | FORCED
                self.n_given += 1
                continue
            for j in range(no):
                self.dec.options[j] = r.options[j]
            self.n_options = no
            self.pending = 1
            self.dec.request[RQ_KIND] = m.req_kind
            self.dec.request[RQ_AT] = m.req_at
            self.dec.request[RQ_IN_HAND] = m.req_in_hand
            self.dec.request[RQ_DEFAULT] = m.req_default
            if m.req_kind == R_PIECE:
                for j in range(r.work.nk):
                    self.dec.request[RQ_SIZE + j] = m.hand_kinds[j]
            return GAME_NEED

    @cython.cfunc
    def keep_decisions(self) -> cython.void:
        """Keep the decisions of the move just played (play_on kept its start and the position
        before it) for _last_move: the move can be played again from them when asked."""
        g: Game = self.g
        j: cython.int
        if g.decisions is None or g.decisions_shared or len(g.decisions) < self.n_given:
            g.decisions = int_array(max(self.n_given, 64))
            g.decisions_shared = 0
        for j in range(self.n_given):
            g.decisions[j] = self.dec.given[j]

    def clone(self) -> Core:
        """An independent copy: one object, sharing the game, the history's buffer and a
        move's decisions until either state changes them."""
        kind: type = type(self)
        c: Core = kind.__new__(kind)  # tp_new called directly (Core.__new__(kind) is a Python call)
        c.runner = self.runner
        c._game = self._game
        c.g = self.g
        c.g.shared = 1
        c.hist = self.hist
        c.n_hist = self.n_hist
        c.dec = self.dec
        if c.dec is not None:
            c.dec.shared = 1
        c.pending, c.p_index, c.p_dir = self.pending, self.p_index, self.p_dir
        c.n_given, c.n_options = self.n_given, self.n_options
        c.p_hist, c.race_record, c.race_last = self.p_hist, self.race_record, self.race_last
        return c

    def _native_clone(self) -> Core:
        """clone(), for subclasses that wrap it."""
        return Core.clone(self)

    def _playout(self, seed: object, max_actions: object) -> tuple:
        """One random game from here, the state unchanged: (finished, South's return, South's
        score minus North's, actions played)."""
        if self.pending:
            raise NotImplementedError("a decision inside a move is pending")
        r: Runner = self.runner
        g: Game = game_copy(r, self.g)
        rng: Rng = Rng(index(seed) & 0xFFFFFFFFFFFFFFFF)
        limit: cython.longlong = index(max_actions)
        t: Tally = r.tally
        status: cython.int = GAME_OK
        k: Kernel
        t.actions = 0
        t.n_record = 0
        for k in r.kernels:
            budget(k)
        while status == GAME_OK and not g.terminal and t.actions < limit:
            status = random_action(r, g, rng, t)
            if t.actions % 4096 == 0:
                PyErr_CheckSignals()
        if status != GAME_OK:
            raise r.failed(status)
        P: cython.p_int = stage_kernel(r, g.pos.stage).prog
        T: cython.int = r.turns[g.pos.stage]
        margin: cython.int = score_of(P, T, g.pos, 0) - score_of(P, T, g.pos, 1)
        return bool(g.terminal), g.ret if g.terminal else 0, margin, t.actions

    @property
    def game(self) -> object:
        """The game this state belongs to."""
        return self._game

    @property
    def _racing(self) -> bool:
        """Whether the opening race is being run (in the engine)."""
        return bool(self.g.racing)

    @cython.cfunc
    def shown(self) -> Pos:
        """The position a reader sees: where a move waits for a decision, the position at that
        decision (a direction asked before anything moved: the piece the kind drops from the
        stock already in hand)."""
        g: Game = self.g
        if not self.pending:
            return g.pos
        if self.p_dir != DIRECTION_ASKED:
            return self.dec.asked
        shown: Pos = Pos(self.runner.ns, self.runner.cells)
        pos_copy(shown, g.pos, self.runner.ns)
        shown.stock[g.pos.mover] -= self.dec.request[RQ_IN_HAND]
        return shown

    def _position(self) -> tuple:
        """The position as the kernel reads one: (board, marks, stock, removed, stage, moves
        played, mover), the board followed by each slot's count of each kind when there are
        several (see `shown`)."""
        return position_tuple(self.shown(), self.runner.ns)

    def _request(self) -> tuple | None:
        """The decision the pending move asks, as the kernel's play reports one: (kind, at, in
        hand, options, default, the hand's kinds or None); None between moves."""
        if not self.pending:
            return None
        x: Decisions = self.dec
        hand = [x.request[RQ_SIZE + j] for j in range(x.asked.nk)] if x.request[RQ_KIND] == R_PIECE else None
        return (x.request[RQ_KIND], x.request[RQ_AT], x.request[RQ_IN_HAND],
                [x.options[j] for j in range(self.n_options)], x.request[RQ_DEFAULT], hand)

    def _last_move(self) -> tuple | None:
        """The last move finished (None before the first; the opening race is no move): (kind
        index, pit, direction, start action, the start's directions, the position before it
        as _position gives one, its decisions after the start with the forced ones marked
        FORCED, the pits each of its stage's mark setters marked after it)."""
        g: Game = self.g
        if g.move[LM_KIND] == NONE:
            return None
        P: cython.p_int = stage_kernel(self.runner, g.before.stage).prog
        M: cython.int = P[self.runner.turns[g.before.stage] + T_MARKS]
        setters: cython.int = P[M + MK_NSET] if M >= 0 else 0
        return (g.move[LM_KIND], g.move[LM_PIT], g.move[LM_DIRECTION], g.move[LM_START], g.move[LM_DIRECTIONS],
                position_tuple(g.before, self.runner.ns), [g.decisions[j] for j in range(g.n_decisions)],
                [g.marks_set[j] for j in range(setters)])

    def _status(self) -> tuple:
        """(terminal, the end that decided it (layout's END_ codes), South's return, round,
        whether the player to move must feed)."""
        g: Game = self.g
        return bool(g.terminal), g.end_kind, g.ret, g.round, bool(g.feeding)

    def _start_kinds(self, player: cython.int) -> dict:
        """Each legal start of `player` (an action id) and the indices of the move kinds it
        starts, in the stage's order (none between a move's decisions, or for a player not
        choosing)."""
        g: Game = self.g
        legal: Starts = g.legal
        P: cython.p_int = stage_kernel(self.runner, g.pos.stage).prog
        i: cython.int
        if g.racing:
            if (player != 0 and player != 1) or not part_of(g, player).choosing:
                return {}
            legal = part_of(g, player).legal
        elif g.terminal or self.pending or player != g.pos.mover:
            return {}
        out: dict = {}
        for i in range(legal.n):
            out[legal.aids[i]] = sorted({start_kind(P, legal.masks[i], d, legal.kind) for d in range(LATER, CW + 1)
                                         if legal.masks[i] >> (d + 1) & 1})
        return out

    def _scores(self) -> tuple:
        """Both players' scores as the stage's scoring record counts them."""
        r: Runner = self.runner
        p: Pos = self.shown()
        P: cython.p_int = stage_kernel(r, p.stage).prog
        T: cython.int = r.turns[p.stage]
        return score_of(P, T, p, 0), score_of(P, T, p, 1)

    def _seen_keys(self) -> list:
        """The positions seen since the last capture (the repetition end), in the order first
        seen, as make_key writes them: mover, stage, board, both stocks, marks, each slot's
        count of each kind."""
        t: Seen = self.g.seen
        w: cython.int = t.width
        return [tuple([t.buf[e * w + j] for j in range(w)]) for e in range(t.count)]

    def _move_so_far(self) -> tuple | None:
        """The move waiting for a decision as Kernel.play takes one: (the position before it as
        _position gives one, kind index, pit, direction, its decisions after the start so far
        with the forced ones marked FORCED); None between moves, or while its direction is asked
        (nothing played yet)."""
        g: Game = self.g
        if not self.pending or self.p_dir == DIRECTION_ASKED:
            return None
        P: cython.p_int = stage_kernel(self.runner, g.pos.stage).prog
        return (position_tuple(g.pos, self.runner.ns),
                start_kind(P, g.legal.masks[self.p_index], self.p_dir, g.legal.kind),
                g.legal.pits[self.p_index], self.p_dir, [self.dec.given[j] for j in range(self.n_given)])

    def _move_start(self) -> tuple | None:
        """The move waiting for a decision: (the state where it began, its actions so far,
        the start first); None between moves. That state is this one's position before the
        move, which waits unchanged until the move's last decision."""
        if not self.pending:
            return None
        c: Core = Core.clone(self)
        c.pending = c.n_given = c.n_options = 0
        c.n_hist = self.p_hist
        return c, [self.hist[1 + j] for j in range(self.p_hist, self.n_hist)]

    def _race_last(self) -> tuple:
        """The opening race's last step: (player, start action) of each start chosen in it
        (empty before one; kept after the race)."""
        return self.race_last

    def _race(self) -> tuple | None:
        """The opening race in progress (None once it is over): (step, South's part, North's),
        a part being (choosing, the step it finished at or -1, its start actions, then, from
        its first start: origin, direction, kind (the stage's kind index), lifted, laps, captured,
        last pit, the pits its hand still sows in order; origin -1 before a start)."""
        g: Game = self.g
        if not g.racing:
            return None
        return (g.race_step, race_part_view(g.south, self.race_record[0]),
                race_part_view(g.north, self.race_record[1]))


@cython.cfunc
def race_part_view(x: RacePart, chosen: tuple) -> tuple:
    """Part x of the race as Core._race gives it."""
    sowing: list = [x.seq[(x.at + i) % x.n_seq] for i in range(x.hand)] if x.finished < 0 and x.n_seq else []
    return (bool(x.choosing), x.finished, chosen, x.origin, x.direction, x.kind, x.lifted, x.laps, x.captured,
            x.last, sowing)


@cython.cfunc
def position_tuple(p: Pos, ns: cython.int) -> tuple:
    """A position as the kernel's calls read one (Core._position)."""
    board = [p.board[q] for q in range(ns)]
    if p.nk:
        board += int_list(p.kinds, ns * p.nk)
    return (board, [p.marks[q] for q in range(ns)], [p.stock[0], p.stock[1]], p.removed, p.stage,
            p.moves_played, p.mover, [p.vars[q] for q in range(p.nv)])


@cython.cfunc
def race_legal(g: Game, p: cython.int) -> list:
    """legal_actions in the opening race: a chooser's starts, or (both choosing, no player
    given) the flat joint actions 0 .. n_south * n_north - 1, as OpenSpiel lists them."""
    a: RacePart = g.south
    b: RacePart = g.north
    if p == -1 and a.choosing and b.choosing:
        return list(range(a.legal.n * b.legal.n))
    if p == -1:
        p = 0 if a.choosing else 1
    if (p != 0 and p != 1) or not part_of(g, p).choosing:
        return []
    return start_list(part_of(g, p).legal, part_of(g, p).legal.n)


# ---------------------------------------------------------------- program checks

class ProgramError(Exception):
    """The first reason a program cannot be run."""


class _Checker:
    """check_program's walk: every offset inside the array, every pit index inside the board,
    every counted list no longer than the scratch lists that copy it, conditions nested at
    most MAX_DEPTH deep."""

    def __init__(self, p: list[int]):
        self.p = p
        self.n = len(p)
        self.ns = p[H_NSLOTS]
        self.visits = 0

    def span(self, at: int, length: int) -> None:
        if at < 0 or length < 0 or at > self.n or length > self.n - at:
            raise ProgramError("an offset outside the program")

    def values(self, at: int, length: int, low: int, high: int) -> None:
        self.span(at, length)
        if any(v < low or v > high for v in self.p[at:at + length]):
            raise ProgramError("a value out of range in a table")

    def counted(self, at: int, low: int, high: int) -> None:
        self.span(at, 1)
        if self.p[at] < 0 or self.p[at] > MAX_SLOTS:
            raise ProgramError("a list longer than the kernel holds")
        self.values(at + 1, self.p[at], low, high)

    def pit_list(self, at: int) -> None:
        self.counted(at, 0, self.ns - 1)

    def variable(self, slot: int, who: int) -> None:
        """A variable's slot and whose copy (a player's variable has two slots)."""
        if who < VAR_GAME or who > VAR_BOTH or slot < 0 or slot + (who != VAR_GAME) >= self.p[H_NVARS]:
            raise ProgramError("a variable out of range")

    def matcher(self, at: int) -> None:
        p = self.p
        self.span(at, 3)
        if p[at] == MATCH_SET:
            self.counted(p[at + 1], -2**31, 2**31 - 1)
        elif p[at] == MATCH_ARITHMETIC:
            self.span(p[at + 1], 4)
            r = p[at + 1]
            if p[r + 2] < -1 or p[r + 2] > 1 or p[r + 3] < 0:
                raise ProgramError("a bad parity or modulus")
        elif p[at] != MATCH_RANGE:
            raise ProgramError("an unknown matcher")

    def condition(self, node: int, depth: int = 0, inner: object = None) -> None:
        """A condition node; `inner` checks the conditions inside a node about another pit
        (by default, this)."""
        p = self.p
        sub = self.condition if inner is None else inner
        if depth > MAX_DEPTH:
            raise ProgramError("conditions nested too deep")
        self.visits += 1
        if self.visits > 10_000_000:
            raise ProgramError("too many condition nodes")
        self.span(node, 2)
        op = p[node]
        if op in (C_TRUE, C_SIDE, C_ROW, C_STORE, C_MARK, C_CAPTURED, C_DIRECTION, C_START, C_LAST, C_AFTER_LAST,
                  C_STAGE, C_MOVE_KIND, C_DROPPED, C_MOVER, C_SOWN, C_SOWN_BY_MOVE):
            return
        if op == C_MARK_OWNER:
            self.span(node, 4)
            if p[node + 3] not in (0, 1):
                raise ProgramError("a bad mark owner")
        elif op in (C_AND, C_OR):
            self.span(node + 2, p[node + 1])
            for i in range(p[node + 1]):
                self.condition(p[node + 2 + i], depth + 1)
        elif op in (C_NOT, C_OPPOSITE, C_BEHIND, C_NEXT, C_PREVIOUS, C_ORIGIN, C_MIRROR, C_COLUMN):
            sub(p[node + 1], depth + 1)
        elif op == C_INSET:
            self.span(p[node + 1], self.ns)
        elif op in (C_COUNT, C_COUNT_BEFORE, C_LIFTED, C_LAP, C_STOCK, C_STOCKS, C_OWN_SIDE, C_OPPONENT_SIDE,
                    C_MOVES_PLAYED, C_ON_BOARD):
            self.matcher(node + 1)
        elif op == C_VARIABLE:
            self.span(node, 6)
            self.variable(p[node + 1], p[node + 2])
            self.matcher(node + 3)
        elif op in (C_BEFORE, C_IN_PLAY):
            self.span(node, 5)
            self.matcher(node + 2)
        elif op == C_COUNT_PITS:
            self.span(node, 7)
            sub(p[node + 1], depth + 1)
            self.matcher(node + 2)
            self.pit_list(p[node + 5])
            self.pit_list(p[node + 6])
        else:
            raise ProgramError("an unknown condition node")

    def optional(self, node: int) -> None:
        if node != -1:
            self.condition(node)

    def kind(self, at: int) -> None:
        p = self.p
        self.span(at, K_SIZE)
        x = p[at:at + K_SIZE]
        if (x[K_DROP] < 0 or x[K_DROP] > MAX_PIECES or x[K_TAKE] < TAKE_ANY or x[K_TAKE] > MAX_PIECES
                or x[K_MORE_PITS] < 0 or x[K_MORE_PITS] > MAX_SLOTS or x[K_PLACEMENT] not in (0, 1)):
            raise ProgramError("a move kind's counts out of range")
        if x[K_NAME] < 0 or x[K_NAME] >= MAX_STAGE_BITS:
            raise ProgramError("a move kind's index out of range")
        self.optional(x[K_REQUIRE])
        self.optional(x[K_TEST])
        self.optional(x[K_INTO])
        self.optional(x[K_REQUIRE_AFTER])
        self.counted(x[K_DIRS], LATER, CW)
        for player in (0, 1):
            t = x[K_TABLE0 + player]
            self.span(t, 1)
            if p[t] < 0 or p[t] > MAX_SLOTS:
                raise ProgramError("a move kind's table out of range")
            self.span(t + 1, 2 * p[t])
            if any(p[t + 2 + 2 * r] < 0 or p[t + 2 + 2 * r] >= self.ns for r in range(p[t])):
                raise ProgramError("a start's pit outside the board")

    def capture(self, at: int, has_store: tuple[bool, bool]) -> None:
        p = self.p
        self.span(at, CP_SELS)
        x = p[at:at + CP_SELS]
        if x[CP_TO] < TO_STORE or x[CP_TO] > TO_LANDING:
            raise ProgramError("an unknown capture destination")
        self.condition(x[CP_WHEN])
        self.optional(x[CP_ENTRY])
        self.optional(x[CP_NEAREST])
        self.pit_list(x[CP_ENTRY_PITS0])
        self.pit_list(x[CP_ENTRY_PITS1])
        if x[CP_TO] == TO_SOW and x[CP_ENTRY] == -1:
            raise ProgramError("a capture sown without an entry")
        if x[CP_ENTRY_TURNS] < 0 or x[CP_ENTRY_TURNS] > 3:
            raise ProgramError("a bad direction for captured pieces")
        if x[CP_CARRY] not in (0, 1) or x[CP_MOST] < 0 or x[CP_SEEK] not in (0, 1) or not BY_MOVER <= x[CP_BY] <= BY_OWNER:
            raise ProgramError("a capture's carry, most, seek or taker out of range")
        if not GO_ON_END <= x[CP_GO_ON] <= GO_ON_NEXT_PIT:
            raise ProgramError("a capture's way of going on out of range")
        if x[CP_AT_END] not in (0, 1) or (x[CP_AT_END] and (x[CP_TO] == TO_SOW or x[CP_GO_ON] or x[CP_CARRY])):
            raise ProgramError("a capture once the move is over that would go on with the move")
        nsel = x[CP_NSEL]
        self.span(at + CP_SELS, nsel + 1)
        for i in range(nsel):
            sel = p[at + CP_SELS + i]
            self.span(sel, 1)
            if p[sel] == SEL_CHAIN:
                self.chain(sel)
            elif p[sel] == SEL_WHERE:
                self.span(sel, 2)
                self.condition(p[sel + 1])
            elif p[sel] < SEL_LANDING or p[sel] > SEL_OPPONENT_COLUMN:
                raise ProgramError("an unknown selector")
        chosen = at + CP_SELS + nsel
        if p[chosen] < 0:
            raise ProgramError("bad chosen pits")
        self.span(chosen + 1, 3 * p[chosen])
        # (a capture that takes no pit, only marking the landing pit, needs no store)
        if x[CP_TO] == TO_STORE and not (has_store[0] and has_store[1]) and (nsel or p[chosen]):
            raise ProgramError("a capture into a missing store")
        for i in range(p[chosen]):
            self.condition(p[chosen + 2 + 3 * i])

    def chain(self, at: int) -> None:
        """A chain selector: op, while, backwards, from_opposite, skip_first, length, exactly, step, gap,
        with_opposite."""
        p = self.p
        self.span(at, 10)
        self.condition(p[at + 1])
        if p[at + 7] < 1 or p[at + 7] > MAX_SLOTS or p[at + 9] not in (0, 1):
            raise ProgramError("a chain's step or with_opposite out of range")
        self.optional(p[at + 8])

    def pieces(self, at: int) -> None:
        p = self.p
        self.span(at, PC_CAPS + p[H_NCAPS])
        nk = p[at + PC_NK]
        if nk < 1 or nk > MAX_PIECE_KINDS or nk * self.ns > MAX_KIND_CELLS:
            raise ProgramError("too many kinds of piece")
        if (p[at + PC_ORDER_CHOICE] not in (0, 1) or p[at + PC_KIND_BASE] < 0 or p[at + PC_KIND_BASE] > 2**31 - 1 - nk
                or p[at + PC_PIECE_BASE] < 0 or p[at + PC_PIECE_BASE] > 2**31 - 1 - MAX_KIND_CELLS):
            raise ProgramError("a pieces number out of range")
        self.values(p[at + PC_VALUES], nk, -MAX_PIECES, MAX_PIECES)
        self.values(p[at + PC_CAPTURABLE], nk, 0, 1)
        for i in range(p[H_NCAPS]):
            rec = p[at + PC_CAPS + i]
            self.span(rec, 2)
            if p[rec] not in (0, 1) or p[rec + 1] < 0 or p[rec + 1] > MAX_SLOTS:
                raise ProgramError("a bad capture of kinds")
            self.span(rec + 2, PK_SIZE * p[rec + 1])
            for j in range(p[rec + 1]):
                pick = rec + 2 + PK_SIZE * j
                run = p[pick + PK_RUN]
                if (p[pick + PK_COUNT] < 0 or p[pick + PK_COUNT] > MAX_SLOTS
                        or p[pick + PK_OR_STORE] not in (0, 1)):
                    raise ProgramError("a bad pick")
                if run != -1:
                    self.span(run, 1)
                    if p[run] != SEL_CHAIN:
                        raise ProgramError("a bad run of picks")
                    self.chain(run)
                self.condition(p[pick + PK_FROM])

    def program(self) -> None:
        p, ns = self.p, self.ns
        if ns <= 0 or ns > MAX_SLOTS:
            raise ProgramError("the kernel handles boards of 1 to 256 slots")
        if p[H_NPITS] < 0 or p[H_NPITS] > ns:
            raise ProgramError("more pits than slots")
        self.values(p[H_OWNER], ns, NONE, 1)
        self.span(p[H_ROW], ns)
        self.values(p[H_OPP], ns, NONE, ns - 1)
        self.values(p[H_BEHIND], ns, NONE, ns - 1)
        self.values(p[H_STEPS], 4 * ns, NONE, ns - 1)
        self.values(p[H_ALONG], 2 * ns, LATER, CW)
        self.span(p[H_XCOL], ns)
        self.values(p[H_STORE], 2, NONE, ns - 1)
        self.span(p[H_OWN], 2)
        self.values(p[H_MIRROR], ns, NONE, ns - 1)
        for slot in (H_AFTER, H_LOOP):
            self.span(p[slot], 4 * ns)
            for i in range(4 * ns):
                self.pit_list(p[p[slot] + i])
        for i in range(2):
            self.pit_list(p[p[H_OWN] + i])
        self.span(p[H_COLUMN], ns)
        for q in range(ns):
            self.pit_list(p[p[H_COLUMN] + q])
        if any(abs(p[p[H_XCOL] + q]) > 100000 for q in range(ns)):
            raise ProgramError("a column out of range")
        big = 2**31 - 1
        if (p[H_MAX_LAPS] < 0 or 2 * p[H_MAX_LAPS] + 8 > MAX_DECISIONS or p[H_DIR_BASE] < 0 or p[H_RELAY_BASE] < 0
                or p[H_PICK_BASE] < 0 or p[H_NUMBER_BASE] < 0 or p[H_PICK_BASE] > big - MAX_SLOTS
                or p[H_NUMBER_BASE] > big - MAX_SLOTS or p[H_DIR_BASE] > big - 2 or p[H_RELAY_BASE] > big - 2):
            raise ProgramError("a header number out of range")
        if p[H_NVARS] < 0 or p[H_NVARS] > MAX_VARIABLES:
            raise ProgramError("too many variables")
        if p[H_PER_PIT] < 1:
            raise ProgramError("pieces a pit out of range")
        for slot in (*range(H_FIRST_INTO_ORIGIN, H_OFFER_ALL + 1), H_RELAY_SEEK, H_SOWN_BY_MOVE, H_RELAY_REVERSE):
            if slot not in (H_NPASSING, H_PASSING, H_TO_OWNER) and p[slot] not in (0, 1):
                raise ProgramError("a header flag out of range")
        self.optional(p[H_SKIP])
        self.condition(p[H_RELAY_WHEN])
        self.optional(p[H_STOP_WHEN])
        self.optional(p[H_ASK_WHEN])
        if p[H_NKINDS] < 0 or p[H_NKINDS] > MAX_STAGE_BITS:
            raise ProgramError("too many move kinds")
        self.span(p[H_KINDS], p[H_NKINDS])
        for i in range(p[H_NKINDS]):
            self.kind(p[p[H_KINDS] + i])
        has_store = (p[p[H_STORE]] != NONE, p[p[H_STORE] + 1] != NONE)
        if p[H_NCAPS] < 0 or p[H_NCAPS] > MAX_FIRED:
            raise ProgramError("too many captures")
        self.span(p[H_CAPS], p[H_NCAPS])
        for i in range(p[H_NCAPS]):
            self.capture(p[p[H_CAPS] + i], has_store)
        if p[H_NPASSING] < 0 or p[H_NPASSING] > MAX_FIRED:
            raise ProgramError("too many captures while passing")
        self.span(p[H_PASSING], p[H_NPASSING])
        if p[H_NPASSING] and not (has_store[0] and has_store[1]):
            raise ProgramError("a capture while passing into a missing store")
        for i in range(p[H_NPASSING]):
            rec = p[p[H_PASSING] + i]
            self.span(rec, 3)
            self.condition(p[rec])
        owners = p[H_TO_OWNER]
        self.span(owners, 1)
        if p[owners] < 0 or p[owners] > MAX_SLOTS:
            raise ProgramError("a bad list of owned marks")
        self.span(owners + 1, 2 * p[owners])
        for i in range(p[owners]):
            if p[owners + 2 + 2 * i] not in (0, 1) or p[p[H_STORE] + p[owners + 2 + 2 * i]] == NONE:
                raise ProgramError("an owned mark sending pieces to a missing store")
        if p[H_PIECES] != -1:
            self.pieces(p[H_PIECES])
        if p[H_HELD] != -1:
            self.span(p[H_HELD], 2)
        if p[H_NDURING] < 0:
            raise ProgramError("bad end checks")
        self.span(p[H_DURING], p[H_NDURING])
        for i in range(p[H_NDURING]):
            rec = p[p[H_DURING] + i]
            self.span(rec, DURING_SIZE)
            if p[rec] < D_ANY or p[rec] > D_SCORE_AT_LEAST:
                raise ProgramError("bad end checks")
            self.pit_list(p[rec + 1])
            self.pit_list(p[rec + 2])
            if p[rec] == D_CONDITION:
                self.condition(p[rec + 3])
            elif p[rec] == D_MAJORITY or p[rec] == D_SCORE_AT_LEAST:
                self.span(p[rec + 4], T_SIZE)

    def mark_condition(self, node: int, depth: int = 0) -> None:
        """A mark condition: the kernel's nodes, the look-aheads, and/or/not around them."""
        p = self.p
        if depth > MAX_DEPTH:
            raise ProgramError("conditions nested too deep")
        self.span(node, 2)
        op = p[node]
        if op in (G_THREATENED, G_OPPONENT_CAN_CAPTURE, G_CAN_MOVE, G_OPPONENT_CAN_MOVE):
            return
        if op in (C_AND, C_OR):
            self.span(node + 2, p[node + 1])
            for i in range(p[node + 1]):
                self.mark_condition(p[node + 2 + i], depth + 1)
        else:  # a condition about another pit may look ahead inside
            self.condition(node, depth, inner=self.mark_condition)

    def marks(self, at: int) -> None:
        """A marks record: its lists inside the program, its conditions sound, its pits on the board."""
        p = self.p
        self.span(at, MK_SIZE)
        if p[at + MK_NCLEAR] < 0 or p[at + MK_NSET] < 0:
            raise ProgramError("a bad marks record")
        if p[at + MK_NSET] > MAX_MARK_SETTERS:
            raise ProgramError(f"more than {MAX_MARK_SETTERS} ways to set marks")
        self.span(p[at + MK_CLEAR], p[at + MK_NCLEAR])
        self.span(p[at + MK_SET], p[at + MK_NSET])
        for i in range(p[at + MK_NCLEAR]):
            rec = p[p[at + MK_CLEAR] + i]
            self.span(rec, CL_SIZE)
            if p[rec + CL_GATE] != -1:
                self.mark_condition(p[rec + CL_GATE])
            self.mark_condition(p[rec + CL_TEST])
            self.pit_list(p[rec + CL_PITS0])
            self.pit_list(p[rec + CL_PITS1])
        for i in range(p[at + MK_NSET]):
            rec = p[p[at + MK_SET] + i]
            self.span(rec, ST_SIZE)
            for slot in (ST_GATE, ST_UNLESS):
                if p[rec + slot] != -1:
                    self.mark_condition(p[rec + slot])
            self.mark_condition(p[rec + ST_TEST])
            self.pit_list(p[rec + ST_PITS0])
            self.pit_list(p[rec + ST_PITS1])

    def rounds(self, at: int) -> None:
        """A rounds record: a store for each player, its numbers in range, its pits on the board."""
        p = self.p
        self.span(at, RD_SIZE)
        if (p[p[H_STORE]] < 0 or p[p[H_STORE] + 1] < 0 or p[at + RD_PER_PIT] < 0 or p[at + RD_MAX_ROUNDS] < -1
                or not NEXT_LOSER <= p[at + RD_NEXT_PLAYER] <= NEXT_LAST_MOVER or p[at + RD_FIRST_PLAYER] not in (0, 1)
                or p[at + RD_PART_MIN] < 0 or p[at + RD_PART_TIE] not in (PART_WEAKER, PART_STRONGER)
                or not REMAINDER_STORE <= p[at + RD_REMAINDER] <= REMAINDER_NEXT_PIT_OUT_OF_PLAY):
            raise ProgramError("a bad rounds record")
        self.pit_list(p[at + RD_FILL0])
        self.pit_list(p[at + RD_FILL1])

    def turn(self, at: int) -> None:
        """A turn record (native.py's TurnAssembler): every offset inside the program, every pit
        on the board, every condition one the kernel (or, after a move, the marks) reads."""
        p = self.p
        try:
            self.span(at, T_SIZE)
            t = p[at:at + T_SIZE]
            if t[T_FIRST] not in (0, 1):
                raise ProgramError("a first player other than 0 or 1")
            for slot in range(T_EXTRA, T_FEED + 1):
                if t[slot] >= self.n or t[slot] < -1:
                    raise ProgramError("outside")
            if t[T_NDURING] != p[H_NDURING]:
                raise ProgramError("outside")
            self.span(t[T_ENDS], t[T_NENDS])
            self.span(t[T_DURING], t[T_NDURING])
            for i in range(t[T_NENDS]):
                e = p[t[T_ENDS] + i]
                self.span(e, E_SIZE)
                if p[e + E_KIND] < 0 or p[e + E_KIND] > END_CONDITION:
                    raise ProgramError("outside")
                if p[e + E_KIND] == END_SIDE_EMPTY:
                    self.pit_list(p[e + E_ARG1])
                    self.pit_list(p[e + E_ARG1 + 1])
            for i in range(t[T_NDURING]):
                self.span(p[t[T_DURING] + i], DE_SIZE)
        except ProgramError as error:
            if str(error) == "a first player other than 0 or 1":
                raise
            raise ProgramError("a turn record lies outside its program") from None
        for i in range(t[T_NDURING]):
            if not 0 <= p[p[t[T_DURING] + i] + DE_KIND] < END_IMPLICIT:
                raise ProgramError("an end checked during a move of no known kind")
        for i in range(t[T_NENDS]):
            e = p[t[T_ENDS] + i]
            if p[e + E_KIND] == END_CONDITION:
                self.condition(p[e + E_ARG0])
        for slot in (T_EXTRA, T_UNTIL):  # tested after a move: they may look ahead
            if t[slot] != -1:
                self.mark_condition(t[slot])
        self.optional(t[T_FEED])
        if t[T_MARKS] != -1:
            self.marks(t[T_MARKS])
        if t[T_RACE] != -1:
            self.span(t[T_RACE], RC_SIZE)
            if p[t[T_RACE] + RC_NEXT] not in (0, 1) or p[t[T_RACE] + RC_UNTIL] not in (0, 1):
                raise ProgramError("a race record with no such next player")
            self.optional(p[t[T_RACE] + RC_FROM])
        if t[T_ROUNDS] != -1:
            self.rounds(t[T_ROUNDS])
        if t[T_EFFECTS] != -1:
            self.effects(t[T_EFFECTS])

    def effects(self, at: int) -> None:
        """The effects record: a counted list of (event, when, op, slot, who, value)."""
        p = self.p
        self.counted(at, 0, self.n - 1)
        for i in range(p[at]):
            e = p[at + 1 + i]
            self.span(e, EF_SIZE)
            if (not EVENT_MOVE_END <= p[e + EF_EVENT] <= EVENT_GAME_START
                    or p[e + EF_OP] not in (EFFECT_SET, EFFECT_ADD, EFFECT_TRANSFER)):
                raise ProgramError("an effect of no known kind")
            if p[e + EF_OP] == EFFECT_TRANSFER:
                self.transfers(p[e + EF_SLOT], p[e + EF_WHO])
            else:
                self.variable(p[e + EF_SLOT], p[e + EF_WHO])
            if p[e + EF_WHEN] != -1:
                self.mark_condition(p[e + EF_WHEN])

    def transfers(self, at: int, who: int) -> None:
        """South's and North's steps of pieces moved by hand: each (from, to, take, mark)."""
        p = self.p
        if who < VAR_MOVER or who > VAR_BOTH:
            raise ProgramError("a transfer by no player")
        self.span(at, 2)
        for player in range(2):
            steps = p[at + player]
            self.span(steps, 1)
            if p[steps] < 0 or p[steps] > MAX_SLOTS:
                raise ProgramError("a list longer than the kernel holds")
            self.span(steps + 1, p[steps] * XF_SIZE)
            holding = False
            for x in range(steps + 1, steps + 1 + p[steps] * XF_SIZE, XF_SIZE):
                if (not SPOT_HAND <= p[x + XF_FROM] < self.ns or not SPOT_OFF <= p[x + XF_TO] < self.ns
                        or (p[x + XF_TAKE] != TAKE_ALL and p[x + XF_TAKE] < 1)):
                    raise ProgramError("a transfer step out of range")
                holding = p[x + XF_TO] == SPOT_HAND or (holding and p[x + XF_FROM] != SPOT_HAND)
            if holding:
                raise ProgramError("transfer steps that leave pieces in hand")


def check_program(program: list[int]) -> str | None:
    """Why the kernel cannot run a program (its first problem), or None."""
    try:
        _Checker(program).program()
    except ProgramError as error:
        return str(error)
    return None


def check_turn(program: list[int], at: int) -> str | None:
    """Why the runner cannot read the turn record at `at` of a program (its first problem), or None."""
    try:
        _Checker(program).turn(at)
    except ProgramError as error:
        return str(error)
    return None


# ---- the solver
#
# Exact values by negamax alpha-beta to the end of every line, driven by MTD(f) (null-window
# searches converging on the value), over the runner's turn cycle (the kernel's plays, the end
# conditions, the scoring). A memory-bounded transposition table keeps
# lower and upper bounds per position in buckets of four (no depth: every bound is exact to the
# end of the game). Moves are ordered by the table's best move, then moves that keep the turn,
# then the score margin after the move, then the history of cuts by their start pit; children
# already bounded by the table are tried for a cut first (enhanced transposition cut-off).
#
# The value is the mover's final score margin (the scoring's counts); a game whose result does
# not follow the scores (an end condition naming a loser) is worth +-win.
#
# Repetition. Where a game ends on repetition (the runner's check_end and its Seen table: a
# position seen since the last capture ends the game), the search keeps the line's positions
# since the last capture on its path (with those of the game before the position solved), and
# a line whose move brings back one of them ends there, with that end's pieces left and result,
# as the runner ends it. A position's value then depends on the positions seen before it in its
# window (graph-history interaction): a line from it may come back to one of them. The
# transposition table therefore keys every entry by the position and by the set of positions
# seen before it since the last capture (a 64-bit hash of that set, 0 right after a capture or
# for a game without the end): a bound is reused only where the same positions were seen, the
# only context where it is sure to hold. A position first in its window (just after a capture)
# has the empty set whatever the path to it, so those keep transposing freely. Marking results
# that used a repetition against a position above them as path-dependent is not enough on its
# own: a result that used none can still differ in another context, where a line from the
# position reaches a position of that context that the first search could play on from.

SOLVE_INF = cython.declare(cython.int, 32000)
BUCKET = cython.declare(cython.int, 4)
MAX_SOLVE_PLIES = cython.declare(cython.int, 10000)
ORDER_FIRST = cython.declare(cython.int, 1 << 29)
ORDER_LAST = cython.declare(cython.int, -(1 << 29))
SOLVE_UNSUPPORTED = cython.declare(cython.int, 100)
SOLVE_TOO_DEEP = cython.declare(cython.int, 101)
EG_BUSY = cython.declare(cython.int, 1)
REPORT_EVERY = cython.declare(cython.longlong, 1 << 20)
SIGNALS_EVERY = cython.declare(cython.longlong, 1 << 14)
# a position in the search's per-ply records (see Solver.data): these ints, then the stocks,
# the board and the marks, then the legal starts' action ids, pits and direction masks
F_STAGE = cython.declare(cython.int, 0)
F_MOVES = cython.declare(cython.int, 1)
F_MOVER = cython.declare(cython.int, 2)
F_TERMINAL = cython.declare(cython.int, 3)
F_RET = cython.declare(cython.int, 4)
F_CAPTURED = cython.declare(cython.int, 5)
F_FEEDING = cython.declare(cython.int, 6)
F_LAST = cython.declare(cython.int, 7)
F_STARTS = cython.declare(cython.int, 8)
F_ROUND = cython.declare(cython.int, 9)
F_KIND = cython.declare(cython.int, 10)
F_N = cython.declare(cython.int, 11)
F_MARGIN = cython.declare(cython.int, 12)
F_STOCK = cython.declare(cython.int, 13)
F_HIT = cython.declare(cython.int, 15)
F_BOARD = cython.declare(cython.int, 16)


@cython.cclass
class Solver:
    """One solve: the runner, the table, the per-ply records of the line searched and what
    the search has counted and proved so far."""

    r: Runner
    g: Game
    """Scratch: the position whose children are being made."""
    win: cython.int
    ns: cython.int
    status: cython.int
    exact: cython.int
    width: cython.int
    stage_bits: cython.int
    limit_bits: cython.int
    relative: cython.int
    store0: cython.int
    store1: cython.int
    value: cython.int
    rep: cython.int
    """The game ends on repetition: the path's windows and the table's contexts are kept."""
    captured: cython.int
    """Whether the last child made captured (its window starts afresh)."""
    # the table: keys (a, b), the filter of the proof's positions in the entry's window (a
    # game that ends on repetition), bounds, best start, log2 work
    ta: cython.ulonglong[::1]
    tb: cython.ulonglong[::1]
    tf: cython.ulonglong[::1]
    tlo: cython.short[::1]
    thi: cython.short[::1]
    tbest: cython.uchar[::1]
    twork: cython.uchar[::1]
    buckets: cython.longlong
    max_buckets: cython.longlong
    used: cython.longlong
    nodes: cython.longlong
    next_report: cython.longlong
    next_signal: cython.longlong
    history: cython.longlong[::1]
    # per ply L: the node searched there is slot node[L] of L's records; its children are the
    # records of ply L + 1 (nk slots of rec ints each)
    nk: cython.int
    rec: cython.int
    plies: cython.int
    data: cython.int[::1]
    kka: cython.ulonglong[::1]
    kkb: cython.ulonglong[::1]
    kra: cython.ulonglong[::1]
    krb: cython.ulonglong[::1]
    order: cython.int[::1]
    rank: cython.int[::1]
    known: cython.int[::1]
    node: cython.int[::1]
    since: cython.int[::1]
    """Per ply: the ply where the node's window starts (its last capture)."""
    wf: cython.ulonglong[::1]
    """Per ply: the filter of the positions seen before the node in its window."""
    kfilt: cython.ulonglong[::1]
    """Per child: the filter of the table entry its known bound came from."""
    res_f: cython.ulonglong
    """What the last search proved its value from: the filter of the positions in its window
    (besides itself) and the first ply of the line its result depends on (a repetition of a
    position there)."""
    res_dep: cython.int
    hit_ply: cython.int
    prior_a: cython.ulonglong[::1]
    prior_b: cython.ulonglong[::1]
    n_prior: cython.int
    out_a: cython.ulonglong
    out_b: cython.ulonglong
    pa: cython.ulonglong
    pb: cython.ulonglong
    at: cython.int
    progress: object
    pending: object
    lo: cython.int
    hi: cython.int
    # the endgame table
    eg: cython.uchar[::1]
    eg_on: cython.int
    eg_n: cython.longlong
    eg_k: cython.int
    eg_pits: cython.int
    eg_rank: cython.ulonglong[::1]
    eg_filled: cython.longlong

    def __init__(self, r: Runner):
        self.r = r
        self.g = Game(r.ns, r.cells, 1)
        self.ns = r.ns
        self.nk = r.ns
        self.rec = F_BOARD + 2 * r.ns + 3 * r.ns
        self.plies = 0
        self.history = zeroed("q", 2 * MAX_SLOTS)
        self.progress = None
        self.pending = None
        self.eg_on = 0
        self.eg_filled = 0
        self.eg_k = 0
        self.eg = zeroed("B", 1)
        self.eg_rank = zeroed("Q", 1)
        self.prior_a = zeroed("Q", 1)
        self.prior_b = zeroed("Q", 1)
        self.n_prior = 0
        self.win = self.status = self.exact = self.width = self.stage_bits = self.limit_bits = 0
        self.relative = self.store0 = self.store1 = self.value = self.rep = self.captured = 0
        self.buckets = self.max_buckets = self.used = self.nodes = self.next_report = self.next_signal = 0
        self.out_a = self.out_b = self.pa = self.pb = 0
        self.at = self.lo = self.hi = 0
        self.eg_n = self.eg_pits = 0
        self.res_f = 0
        self.res_dep = self.hit_ply = 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def mix64(z: cython.ulonglong) -> cython.ulonglong:
    z = u64((z ^ (z >> 30)) * cython.cast(cython.ulonglong, 0xBF58476D1CE4E5B9))
    z = u64((z ^ (z >> 27)) * cython.cast(cython.ulonglong, 0x94D049BB133111EB))
    return z ^ (z >> 31)


@cython.cfunc
@cython.exceptval(check=False)
def bits_for(n: cython.longlong) -> cython.int:
    b: cython.int = 0
    while n > 0:
        b += 1
        n >>= 1
    return b if b else 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def rec_at(S: Solver, ply: cython.int, i: cython.int) -> cython.int:
    """Where slot i of ply's records starts in S.data."""
    return (ply * S.nk + i) * S.rec


@cython.cfunc
@cython.exceptval(check=False)
def pack(S: Solver, v: cython.ulonglong, w: cython.int) -> cython.void:
    """Append w bits of v to the exact key being built (S.pa, S.pb)."""
    at: cython.int = S.at
    if at < 64:
        S.pa |= u64(v << at)
        if at + w > 64:
            S.pb |= v >> (64 - at)
    else:
        S.pb |= u64(v << (at - 64))
    S.at = at + w


@cython.cfunc
@cython.exceptval(check=False)
def solver_key(S: Solver, s: Pos, full: cython.int) -> cython.void:
    """The key of position s into S.out_a, S.out_b: mover, stage, board and stocks, and moves
    played where a move limit ends the game, packed exactly when they fit 128 bits, else two
    64-bit hashes. `full`: the repetition's key (stores in, moves played out). Marks are left
    out: the solver refuses the games whose marks change after a move, and a capture that sets
    one clears the repetition's window."""
    ns: cython.int = S.ns
    relative: cython.int = S.relative and not full
    i: cython.int
    v: cython.ulonglong
    h1: cython.ulonglong
    h2: cython.ulonglong
    if S.exact:
        S.pa = 0
        S.pb = 0
        S.at = 0
        pack(S, s.mover, 1)
        if S.stage_bits:
            pack(S, s.stage, S.stage_bits)
        if S.limit_bits and not full:
            pack(S, s.moves_played, S.limit_bits)
        for i in range(ns):
            if not relative or (i != S.store0 and i != S.store1):
                pack(S, s.board[i], S.width)
        pack(S, s.stock[0], S.width)
        pack(S, s.stock[1], S.width)
        S.out_a = S.pa
        S.out_b = S.pb
        return
    h1 = u64(cython.cast(cython.ulonglong, 0x9E3779B97F4A7C15) * cython.cast(cython.ulonglong, s.mover + 1))
    h2 = u64(cython.cast(cython.ulonglong, 0x632BE59BD9B4E019) + cython.cast(cython.ulonglong, s.stage))
    h1 ^= u64(cython.cast(cython.ulonglong, s.stage) << 32)
    if S.limit_bits and not full:
        h2 ^= u64(cython.cast(cython.ulonglong, s.moves_played) << 20)
    for i in range(ns + 2):
        if relative and (i == S.store0 or i == S.store1):
            continue
        v = cython.cast(cython.ulonglong, cython.cast(cython.uint, s.board[i] if i < ns else s.stock[i - ns]))
        h1 = mix64(h1 ^ u64(v + u64(cython.cast(cython.ulonglong, 0x9E3779B97F4A7C15)
                                    * cython.cast(cython.ulonglong, i + 1))))
        h2 = mix64(u64(h2 + u64(v * cython.cast(cython.ulonglong, 0xFF51AFD7ED558CCD)) + cython.cast(cython.ulonglong, i)))
    S.out_a = h1
    S.out_b = h2


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def pos_hash(a: cython.ulonglong, b: cython.ulonglong) -> cython.ulonglong:
    """A position's share of its window's hash (the table's context)."""
    return mix64(a ^ mix64(u64(b + cython.cast(cython.ulonglong, 0x2545F4914F6CDD1D))))


# ---- the table

@cython.cfunc
@cython.exceptval(check=False)
def table_alloc(S: Solver, buckets: cython.longlong) -> cython.int:
    """A zeroed table of `buckets` buckets in S's arrays; 0 where there is no memory."""
    n: cython.longlong = buckets * BUCKET
    try:
        ta = zeroed("Q", n)
        tb = zeroed("Q", n)
        tf = zeroed("Q", n if S.rep else 1)
        tlo = zeroed("h", n)
        thi = zeroed("h", n)
        tbest = zeroed("B", n)
        twork = zeroed("B", n)
    except MemoryError:
        return 0
    S.ta, S.tb, S.tf, S.tlo, S.thi, S.tbest, S.twork = ta, tb, tf, tlo, thi, tbest, twork
    S.buckets = buckets
    return 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def tt_bucket(S: Solver, a: cython.ulonglong, b: cython.ulonglong) -> cython.longlong:
    return cython.cast(cython.longlong, mix64(a ^ mix64(b)) & cython.cast(cython.ulonglong, S.buckets - 1)) * BUCKET


@cython.cfunc
@cython.exceptval(check=False)
def tt_find(S: Solver, a: cython.ulonglong, b: cython.ulonglong) -> cython.longlong:
    """The entry of (a, b), or -1."""
    e: cython.longlong = tt_bucket(S, a, b)
    j: cython.int
    for j in range(BUCKET):
        if S.twork[e + j] and S.ta[e + j] == a and S.tb[e + j] == b:
            return e + j
    return -1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def tt_holds(S: Solver, e: cython.longlong, window: cython.ulonglong) -> cython.int:
    """Whether entry e's bounds hold below positions whose filter is `window` (see the
    repetition above): none of its proof's positions may be among them."""
    return not S.rep or (S.tf[e] & window) == 0


@cython.cfunc
@cython.exceptval(check=False)
def tt_grow(S: Solver) -> cython.void:
    """Twice the buckets, every entry moved over (when half full and under the bound); a table
    that cannot grow just keeps replacing."""
    old_n: cython.longlong = S.buckets
    ta: cython.ulonglong[::1] = S.ta
    tb: cython.ulonglong[::1] = S.tb
    tf: cython.ulonglong[::1] = S.tf
    tlo: cython.short[::1] = S.tlo
    thi: cython.short[::1] = S.thi
    tbest: cython.uchar[::1] = S.tbest
    twork: cython.uchar[::1] = S.twork
    i: cython.longlong
    e: cython.longlong
    j: cython.int
    if not table_alloc(S, 2 * old_n):
        S.max_buckets = old_n
        return
    S.used = 0
    for i in range(old_n * BUCKET):
        if not twork[i]:
            continue
        e = tt_bucket(S, ta[i], tb[i])
        j = 0
        while j < BUCKET and S.twork[e + j]:
            j += 1
        if j == BUCKET:
            continue
        S.ta[e + j] = ta[i]
        S.tb[e + j] = tb[i]
        if S.rep:
            S.tf[e + j] = tf[i]
        S.tlo[e + j] = tlo[i]
        S.thi[e + j] = thi[i]
        S.tbest[e + j] = tbest[i]
        S.twork[e + j] = twork[i]
        S.used += 1


@cython.cfunc
@cython.exceptval(check=False)
def tt_store(S: Solver, a: cython.ulonglong, b: cython.ulonglong, f: cython.ulonglong, window: cython.ulonglong,
             lo: cython.int, hi: cython.int, d: cython.int, best: cython.int, work: cython.longlong) -> cython.void:
    """Bounds lo..hi on the value of a position whose stores give d, proved by a search whose
    positions in the node's window have the filter f, below positions whose filter is
    `window`: an entry already there that holds in this context is tightened (and its filter
    widened), one that does not is replaced."""
    e: cython.longlong = tt_bucket(S, a, b)
    slot: cython.longlong = -1
    w: cython.int = bits_for(work) + 1
    j: cython.int
    if lo > -SOLVE_INF:
        lo -= d
    if hi < SOLVE_INF:
        hi -= d
    if w > 255:
        w = 255
    for j in range(BUCKET):
        if S.twork[e + j] and S.ta[e + j] == a and S.tb[e + j] == b:
            if not tt_holds(S, e + j, window):
                S.tlo[e + j] = lo
                S.thi[e + j] = hi
                S.tf[e + j] = f
            if lo > S.tlo[e + j]:  # both bounds hold: keep the tighter
                S.tlo[e + j] = lo
            if hi < S.thi[e + j]:
                S.thi[e + j] = hi
            S.tbest[e + j] = best
            if S.rep:
                S.tf[e + j] |= f
            if w > S.twork[e + j]:
                S.twork[e + j] = w
            return
        if slot < 0 or S.twork[e + j] < S.twork[slot]:  # empty first, then the least work
            slot = e + j
    if not S.twork[slot]:
        S.used += 1
        if S.used > S.buckets * BUCKET // 2 and S.buckets < S.max_buckets:
            tt_grow(S)
            tt_store(S, a, b, f, window, lo, hi, 0, best, work)
            return
    S.ta[slot] = a
    S.tb[slot] = b
    if S.rep:
        S.tf[slot] = f
    S.tlo[slot] = lo
    S.thi[slot] = hi
    S.tbest[slot] = best
    S.twork[slot] = w


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def tt_lo(S: Solver, e: cython.longlong, d: cython.int) -> cython.int:
    return -SOLVE_INF if S.tlo[e] <= -SOLVE_INF else S.tlo[e] + d


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def tt_hi(S: Solver, e: cython.longlong, d: cython.int) -> cython.int:
    return SOLVE_INF if S.thi[e] >= SOLVE_INF else S.thi[e] + d


@cython.cfunc
@cython.exceptval(check=False)
def solver_offset(S: Solver, at: cython.int) -> cython.int:
    """The part of a position's value (its mover's view) its stores give, where the table
    keeps values net of it (see store_blind)."""
    me: cython.int
    if not S.relative:
        return 0
    me = S.data[at + F_MOVER]
    return S.value * (S.data[at + F_BOARD + (S.store0 if me == 0 else S.store1)]
                      - S.data[at + F_BOARD + (S.store1 if me == 0 else S.store0)])


# ---- the turn cycle, with the line's positions for the repetition

@cython.cfunc
@cython.exceptval(check=False)
def record_game(S: Solver, g: Game, at: cython.int) -> cython.void:
    """Copy g (a position between moves) into the record at S.data[at]."""
    ns: cython.int = S.ns
    nk: cython.int = S.nk
    q: cython.int
    L: cython.int = at + F_BOARD + 2 * ns
    S.data[at + F_STAGE] = g.pos.stage
    S.data[at + F_MOVES] = g.pos.moves_played
    S.data[at + F_MOVER] = g.pos.mover
    S.data[at + F_TERMINAL] = g.terminal
    S.data[at + F_RET] = g.ret
    S.data[at + F_FEEDING] = g.feeding
    S.data[at + F_LAST] = g.last_mover
    S.data[at + F_STARTS] = g.starts
    S.data[at + F_ROUND] = g.round
    S.data[at + F_KIND] = g.legal.kind
    S.data[at + F_N] = g.legal.n
    S.data[at + F_STOCK] = g.pos.stock[0]
    S.data[at + F_STOCK + 1] = g.pos.stock[1]
    for q in range(ns):
        S.data[at + F_BOARD + q] = g.pos.board[q]
        S.data[at + F_BOARD + ns + q] = g.pos.marks[q]
    for q in range(g.legal.n):
        S.data[L + q] = g.legal.aids[q]
        S.data[L + nk + q] = g.legal.pits[q]
        S.data[L + 2 * nk + q] = g.legal.masks[q]


@cython.cfunc
@cython.exceptval(check=False)
def load_game(S: Solver, g: Game, at: cython.int) -> cython.void:
    """The position of the record at S.data[at] into g (its legal starts stay in the record)."""
    ns: cython.int = S.ns
    q: cython.int
    g.pos.stage = S.data[at + F_STAGE]
    g.pos.moves_played = S.data[at + F_MOVES]
    g.pos.mover = S.data[at + F_MOVER]
    g.terminal = 0
    g.ret = 0
    g.feeding = S.data[at + F_FEEDING]
    g.last_mover = S.data[at + F_LAST]
    g.starts = S.data[at + F_STARTS]
    g.round = S.data[at + F_ROUND]
    g.pos.stock[0] = S.data[at + F_STOCK]
    g.pos.stock[1] = S.data[at + F_STOCK + 1]
    for q in range(ns):
        g.pos.board[q] = S.data[at + F_BOARD + q]
        g.pos.marks[q] = S.data[at + F_BOARD + ns + q]




@cython.cfunc
@cython.exceptval(check=False)
def repeats(S: Solver, g: Game, ply: cython.int) -> cython.int:
    """Whether g's position (a child of the node at `ply`, made by a move that captured
    nothing) is one seen since the last capture: on the line from the window's start to that
    node, or in the game before the position solved."""
    nk: cython.int = S.nk
    l: cython.int
    a: cython.ulonglong
    b: cython.ulonglong
    at: cython.int
    solver_key(S, g.pos, 1)
    a = S.out_a
    b = S.out_b
    l = ply
    while l >= S.since[ply]:
        at = l * nk + S.node[l]
        if S.kra[at] == a and S.krb[at] == b:
            S.hit_ply = l
            return 1
        l -= 1
    if S.since[ply] == 0:
        for l in range(S.n_prior):
            if S.prior_a[l] == a and S.prior_b[l] == b:
                S.hit_ply = -1
                return 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def solver_finish(S: Solver, g: Game, ply: cython.int) -> cython.int:
    """finish_move for a move of the search: the same consequences, then the next turn with
    the repetition answered from the line searched."""
    r: Runner = S.r
    status: cython.int
    S.captured = r.m.captured != 0
    status = move_done(r, g)
    if status != GAME_TURN:
        return status
    return begin_turn(r, g, g.last_mover, REPETITION_LINE if S.rep and not S.captured else REPETITION_SKIP, S, ply)


@cython.cfunc
@cython.exceptval(check=False)
def solver_child(S: Solver, ply: cython.int, node: cython.int, i: cython.int, kid: cython.int) -> cython.int:
    """Legal start i of the node at `ply` (its record at S.data[node]) played, the position
    after it recorded at S.data[kid] with its keys; GAME_OK or a status."""
    r: Runner = S.r
    g: Game = S.g
    ns: cython.int = S.ns
    nk: cython.int = S.nk
    starts: cython.int = node + F_BOARD + 2 * ns
    mask: cython.int = S.data[starts + 2 * nk + i]
    pit: cython.int = S.data[starts + nk + i]
    d: cython.int = -9
    nd: cython.int = 0
    j: cython.int
    ki: cython.int
    res: cython.int
    status: cython.int
    slot: cython.int
    P: cython.p_int
    load_game(S, g, node)
    P = stage_kernel(r, g.pos.stage).prog
    for j in range(LATER, CW + 1):
        if mask >> (j + 1) & 1:
            d = j
            nd += 1
    if nd != 1:
        return SOLVE_UNSUPPORTED
    ki = start_kind(P, mask, d, S.data[node + F_KIND])
    if P[P[P[H_KINDS] + ki] + K_ASK_DIRECTION]:
        return SOLVE_UNSUPPORTED
    move_init(r.m, 0, ASK_STOP)
    res = play(P, g.pos, ki, pit, d, r.m, 0)
    if res == P_NEED:
        return SOLVE_UNSUPPORTED
    if res != P_DONE:
        return GAME_ENDLESS if res == P_ENDLESS else GAME_BAD
    S.hit_ply = BIG
    status = solver_finish(S, g, ply)
    if status != GAME_OK:
        return status
    record_game(S, g, kid)
    S.data[kid + F_CAPTURED] = S.captured
    S.data[kid + F_HIT] = S.hit_ply if g.terminal and g.end_kind == END_REPETITION else BIG
    P = stage_kernel(r, g.pos.stage).prog
    S.data[kid + F_MARGIN] = score_of(P, r.turns[g.pos.stage], g.pos, 0) - score_of(P, r.turns[g.pos.stage], g.pos, 1)
    slot = (ply + 1) * nk + i
    if S.rep:
        solver_key(S, g.pos, 1)
        S.kra[slot] = S.out_a
        S.krb[slot] = S.out_b
    if not g.terminal:
        solver_key(S, g.pos, 0)
        S.kka[slot] = S.out_a
        S.kkb[slot] = S.out_b
    return GAME_OK


@cython.cfunc
@cython.exceptval(check=False)
def solver_utility(S: Solver, kid: cython.int, me: cython.int) -> cython.int:
    """A finished game's value for `me`: the margin, or +-win where the result goes against it."""
    margin: cython.int = S.data[kid + F_MARGIN] if me == 0 else -S.data[kid + F_MARGIN]
    ret: cython.int = S.data[kid + F_RET] if me == 0 else -S.data[kid + F_RET]
    if (ret > 0) == (margin > 0) and (ret < 0) == (margin < 0):
        return margin
    return ret * S.win


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def pos_bit(S: Solver, at: cython.int) -> cython.ulonglong:
    """A position's bit in the filters (at: its index in the per-child arrays)."""
    return cython.cast(cython.ulonglong, 1) << (pos_hash(S.kra[at], S.krb[at]) & 63)


@cython.cfunc
@cython.exceptval(check=False)
def kid_window(S: Solver, ply: cython.int, kid: cython.int) -> cython.ulonglong:
    """The filter of the positions seen before a child of the node at `ply` in its window: the
    node's and those before it, none after a capture (nor in a game without the end)."""
    if not S.rep or S.data[kid + F_CAPTURED]:
        return 0
    return S.wf[ply] | pos_bit(S, ply * S.nk + S.node[ply])


@cython.cfunc
@cython.exceptval(check=False)
def enter(S: Solver, ply: cython.int, i: cython.int) -> cython.void:
    """Make child i of the node at `ply` the node searched at ply + 1."""
    kid: cython.int = rec_at(S, ply + 1, i)
    S.wf[ply + 1] = kid_window(S, ply, kid)
    S.since[ply + 1] = ply + 1 if S.data[kid + F_CAPTURED] else S.since[ply]
    S.node[ply + 1] = i


@cython.cfunc
@cython.exceptval(check=False)
def solver_room(S: Solver, ply: cython.int) -> cython.int:
    """Records for plies up to ply + 1 (the children of a node at `ply`); 0: no memory."""
    n: cython.int
    old: cython.int = S.plies
    per: cython.int = S.nk
    if ply + 1 < old:
        return 1
    n = 2 * old + 64
    try:
        data = zeroed("i", n * per * S.rec)
        kka = zeroed("Q", n * per)
        kkb = zeroed("Q", n * per)
        kra = zeroed("Q", n * per)
        krb = zeroed("Q", n * per)
        order = zeroed("i", n * per)
        rank = zeroed("i", n * per)
        known = zeroed("i", n * per)
        node = zeroed("i", n)
        since = zeroed("i", n)
        wf = zeroed("Q", n)
        kfilt = zeroed("Q", n * per)
        if old:
            data[:old * per * S.rec] = array("i", S.data[:old * per * S.rec])
            for new, was in ((kka, S.kka), (kkb, S.kkb), (kra, S.kra), (krb, S.krb)):
                new[:old * per] = array("Q", was[:old * per])
            for new, was in ((order, S.order), (rank, S.rank), (known, S.known)):
                new[:old * per] = array("i", was[:old * per])
            node[:old] = array("i", S.node[:old])
            since[:old] = array("i", S.since[:old])
            wf[:old] = array("Q", S.wf[:old])
            kfilt[:old * per] = array("Q", S.kfilt[:old * per])
    except MemoryError:
        return 0
    S.data, S.kka, S.kkb, S.kra, S.krb = data, kka, kkb, kra, krb
    S.order, S.rank, S.known, S.node, S.since, S.wf, S.kfilt = order, rank, known, node, since, wf, kfilt
    S.plies = n
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def solver_report(S: Solver, full: cython.int) -> cython.int:
    """Let Ctrl-C through, and with `full` call progress(nodes, lower, upper); -1 (the
    exception kept in S.pending, to be raised) when either raised."""
    try:
        PyErr_CheckSignals()
        if full and S.progress is not None:
            S.progress(S.nodes, S.lo, S.hi)
    except BaseException as exc:  # noqa: B036 - raised by solve once the search unwinds
        S.pending = exc
        return -1
    return 0


# ---- the endgame table
#
# In a store-blind game with no stock, stage or move limit in play, a position with at most
# eg_k pieces on the pits is ranked among all such boards (the combinatorial number system)
# and its exact value, net of the stores, kept in one byte: 0 unknown, 1 being computed, else
# value + 128. Each entry is computed once, from its children's exact values, the first time
# the search reaches it; every later visit (every MTD(f) pass, every transposition) reads it.

@cython.cfunc
@cython.exceptval(check=False)
def eg_index(S: Solver, at: cython.int) -> cython.longlong:
    """The endgame table's index of the record at S.data[at], or -1."""
    budget_left: cython.int = S.eg_k
    L: cython.int = S.eg_pits
    rank: cython.longlong = 0
    i: cython.int
    b: cython.int
    if not S.eg_on or S.data[at + F_STOCK] or S.data[at + F_STOCK + 1] or S.data[at + F_STAGE]:
        return -1
    for i in range(L):
        b = S.data[at + F_BOARD + i]
        if b > budget_left:
            return -1
        if i < L - 1:
            rank += cython.cast(cython.longlong, S.eg_rank[((L - 2 - i) * (S.eg_k + 1) + budget_left) * (S.eg_k + 2) + b])
        else:
            rank += b
        budget_left -= b
    return S.data[at + F_MOVER] * S.eg_n + rank


@cython.cfunc
@cython.exceptval(check=False)
def eg_value(S: Solver, ply: cython.int, idx: cython.longlong) -> cython.int:
    """The exact value of the node at `ply` (not finished, in the table at idx) for its mover."""
    node: cython.int = rec_at(S, ply, S.node[ply])
    d: cython.int = solver_offset(S, node)
    byte: cython.int = S.eg[idx]
    n: cython.int
    me: cython.int
    best: cython.int = -SOLVE_INF
    status: cython.int
    i: cython.int
    v: cython.int
    kid: cython.int
    ci: cython.longlong
    if byte > EG_BUSY:
        return byte - 128 + d
    if byte == EG_BUSY or ply >= MAX_SOLVE_PLIES:  # a cycle
        S.status = SOLVE_TOO_DEEP
        return 0
    S.eg[idx] = EG_BUSY
    n = S.data[node + F_N]
    me = S.data[node + F_MOVER]
    if not solver_room(S, ply):
        S.status = GAME_NOMEM
        return 0
    S.nodes += 1
    for i in range(n):
        kid = rec_at(S, ply + 1, i)
        status = solver_child(S, ply, node, i, kid)
        if status != GAME_OK:
            S.status = status
            return 0
        if S.data[kid + F_TERMINAL]:
            v = solver_utility(S, kid, me)
        else:
            ci = eg_index(S, kid)
            enter(S, ply, i)
            if ci >= 0:
                v = eg_value(S, ply + 1, ci)
            else:  # more pieces than the table holds: a full-window search is exact
                v = solver_search(S, ply + 1, -SOLVE_INF, SOLVE_INF)
            if S.data[kid + F_MOVER] != me:
                v = -v
        if S.status != GAME_OK:
            return 0
        if v > best:
            best = v
    if best - d < -126 or best - d > 127:
        S.status = GAME_BAD
        return 0
    S.eg[idx] = best - d + 128
    S.eg_filled += 1
    return best


def eg_init(S: Solver, nbytes: float, total: int, P: list) -> None:
    """The table for boards of at most k pieces on the pits, the largest within `nbytes`."""
    L = P[H_NPITS]
    if not S.relative or S.r.nstages > 1 or S.limit_bits or L < 2 or L > 64:
        return
    most = min(120 // abs(S.value), total)
    k = 0
    boards = 1.0
    for t in range(1, most + 1):
        nxt = boards * (t + L) / t
        if 2 * nxt > nbytes:
            break
        boards = nxt
        k = t
    if k < 2:
        return
    n = int(boards + 0.5)
    try:
        rank = zeroed("Q", (L - 1) * (k + 1) * (k + 2))
        eg = zeroed("B", 2 * n)
    except MemoryError:
        return
    for rest in range(1, L):  # boards of `rest` pits with at most t pieces: C(t + rest, rest)
        for t in range(k + 1):
            row = ((rest - 1) * (k + 1) + t) * (k + 2)
            total_before = 0
            for b in range(t + 1):
                rank[row + b] = total_before
                c = 1
                for j in range(1, rest + 1):
                    c = c * (t - b + j) // j
                total_before += c
            rank[row + t + 1] = total_before
    S.eg, S.eg_rank, S.eg_n, S.eg_k, S.eg_pits, S.eg_on = eg, rank, n, k, L, 1


# ---- the search

@cython.cfunc
@cython.exceptval(check=False)
def solver_search(S: Solver, ply: cython.int, alpha: cython.int, beta: cython.int) -> cython.int:
    """Fail-soft negamax from the view of the mover of the node at `ply` (not finished). The
    table's best start is played and searched before the other starts are made: most nodes
    of a null-window search are cut by it. Sets S.res_f and S.res_dep (see Solver): a result
    that depends on a repetition of a position above the node is not stored."""
    nk: cython.int = S.nk
    node: cython.int = rec_at(S, ply, S.node[ply])
    at: cython.int = ply * nk + S.node[ply]
    ka: cython.ulonglong = S.kka[at]
    kb: cython.ulonglong = S.kkb[at]
    window: cython.ulonglong = S.wf[ply]
    below: cython.ulonglong = 0
    f: cython.ulonglong = 0
    dep: cython.int = BIG
    hint: cython.int = -1
    d: cython.int = solver_offset(S, node)
    n: cython.int = S.data[node + F_N]
    me: cython.int = S.data[node + F_MOVER]
    pits: cython.int = node + F_BOARD + 2 * S.ns + nk
    base: cython.int = (ply + 1) * nk
    e: cython.longlong
    ce: cython.longlong
    ci: cython.longlong
    idx: cython.longlong
    lo: cython.int
    hi: cython.int
    clo: cython.int
    chi: cython.int
    cd: cython.int
    before: cython.longlong
    best: cython.int = -SOLVE_INF
    best_i: cython.int = 0
    a0: cython.int = alpha
    status: cython.int
    v: cython.int
    i: cython.int
    j: cython.int
    m: cython.int
    kid: cython.int
    score: cython.int
    same: cython.int
    h: cython.longlong
    S.nodes += 1
    S.res_f = 0
    S.res_dep = BIG
    if S.nodes >= S.next_signal:
        S.next_signal = S.nodes + SIGNALS_EVERY
        if S.nodes >= S.next_report:
            S.next_report = S.nodes + REPORT_EVERY
            status = solver_report(S, 1)
        else:
            status = solver_report(S, 0)
        if status < 0:
            S.status = GAME_STOPPED
            return 0
    if ply >= MAX_SOLVE_PLIES:
        S.status = SOLVE_TOO_DEEP
        return 0
    if S.eg_on:
        idx = eg_index(S, node)
        if idx >= 0:
            v = eg_value(S, ply, idx)
            S.res_f = 0
            S.res_dep = BIG
            return v
    if S.rep:
        below = window | pos_bit(S, at)
    e = tt_find(S, ka, kb)
    if e >= 0:
        if tt_holds(S, e, window):
            lo = tt_lo(S, e, d)
            hi = tt_hi(S, e, d)
            if lo >= beta or lo == hi or hi <= alpha:
                S.res_f = S.tf[e] if S.rep else 0
                return lo if lo >= beta or lo == hi else hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        hint = S.tbest[e] if S.tbest[e] < n else -1
    if not solver_room(S, ply):
        S.status = GAME_NOMEM
        return 0
    before = S.nodes
    if hint >= 0:
        kid = rec_at(S, ply + 1, hint)
        status = solver_child(S, ply, node, hint, kid)
        if status != GAME_OK:
            S.status = status
            return 0
        if S.rep and not S.data[kid + F_CAPTURED]:
            f |= pos_bit(S, base + hint)
        if S.data[kid + F_TERMINAL]:
            v = solver_utility(S, kid, me)
            if S.data[kid + F_HIT] < dep:
                dep = S.data[kid + F_HIT]
        else:
            v = solver_descend(S, ply, hint, me, alpha, beta)
            if not S.data[kid + F_CAPTURED]:
                f |= S.res_f
            if S.res_dep < dep:
                dep = S.res_dep
        if S.status != GAME_OK:
            return 0
        best = v
        best_i = hint
        if v > alpha:
            alpha = v
        if alpha >= beta:
            if dep >= ply:
                tt_store(S, ka, kb, f, window, best, SOLVE_INF, d, best_i, S.nodes - before)
            S.res_f = f
            S.res_dep = dep
            return best
    for i in range(n):  # the other children
        if i == hint:
            continue
        status = solver_child(S, ply, node, i, rec_at(S, ply + 1, i))
        if status != GAME_OK:
            S.status = status
            return 0
    m = 0
    for i in range(n):
        if i == hint:
            continue
        kid = rec_at(S, ply + 1, i)
        S.known[base + i] = SOLVE_INF
        S.kfilt[base + i] = 0
        if S.data[kid + F_TERMINAL]:
            S.known[base + i] = solver_utility(S, kid, me)
            score = ORDER_FIRST + S.known[base + i] if S.known[base + i] > alpha else ORDER_LAST
        else:
            same = S.data[kid + F_MOVER] == me
            # moves that keep the turn, then the margin after the move, then the history of
            # cuts (the log of the work they saved)
            score = ((S.data[kid + F_MARGIN] if me == 0 else -S.data[kid + F_MARGIN])
                     + (2 * S.win + 1 if same else 0)) * 64
            h = S.history[me * MAX_SLOTS + S.data[pits + i]]
            while h:
                score += 8
                h >>= 1
            ci = eg_index(S, kid)
            ce = tt_find(S, S.kka[base + i], S.kkb[base + i]) if ci < 0 else -1
            if ce >= 0 and not tt_holds(S, ce, 0 if S.data[kid + F_CAPTURED] else below):
                ce = -1
            if ci >= 0 and S.eg[ci] > EG_BUSY:  # exact, from the endgame table
                v = S.eg[ci] - 128 + solver_offset(S, kid)
                S.known[base + i] = v if same else -v
                if S.known[base + i] <= alpha:
                    score = ORDER_LAST
            elif ce >= 0:  # the child's bounds, from this node's view
                cd = solver_offset(S, kid)
                clo = tt_lo(S, ce, cd)
                chi = tt_hi(S, ce, cd)
                lo = clo if same else -chi
                hi = chi if same else -clo
                if lo == hi or lo >= beta or hi <= alpha:
                    S.known[base + i] = lo if lo >= beta else hi
                    if S.rep and not S.data[kid + F_CAPTURED]:
                        S.kfilt[base + i] = S.tf[ce]
                if hi <= alpha:
                    score = ORDER_LAST  # known to fail low: last
        if S.known[base + i] != SOLVE_INF and S.known[base + i] >= beta:  # enhanced transposition cut-off
            if S.rep and not S.data[kid + F_CAPTURED]:
                f |= pos_bit(S, base + i) | S.kfilt[base + i]
            if S.data[kid + F_TERMINAL] and S.data[kid + F_HIT] < dep:
                dep = S.data[kid + F_HIT]
            if dep >= ply:
                tt_store(S, ka, kb, f, window, S.known[base + i], SOLVE_INF, d, i, S.nodes - before + 1)
            S.res_f = f
            S.res_dep = dep
            return S.known[base + i]
        j = m  # insertion by score, best first
        m += 1
        while j > 0 and S.rank[base + j - 1] < score:
            S.rank[base + j] = S.rank[base + j - 1]
            S.order[base + j] = S.order[base + j - 1]
            j -= 1
        S.rank[base + j] = score
        S.order[base + j] = i
    for j in range(m):
        i = S.order[base + j]
        kid = rec_at(S, ply + 1, i)
        if S.rep and not S.data[kid + F_CAPTURED]:
            f |= pos_bit(S, base + i)
        if S.known[base + i] != SOLVE_INF:
            v = S.known[base + i]
            f |= S.kfilt[base + i]
            if S.data[kid + F_TERMINAL] and S.data[kid + F_HIT] < dep:
                dep = S.data[kid + F_HIT]
        else:
            v = solver_descend(S, ply, i, me, alpha, beta)
            if not S.data[kid + F_CAPTURED]:
                f |= S.res_f
            if S.res_dep < dep:
                dep = S.res_dep
        if S.status != GAME_OK:
            return 0
        if v > best:
            best = v
            best_i = i
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    S.history[me * MAX_SLOTS + S.data[pits + i]] += S.nodes - before
                    break
    if dep >= ply:
        tt_store(S, ka, kb, f, window, best if best > a0 else -SOLVE_INF, best if best < beta else SOLVE_INF, d,
                 best_i, S.nodes - before)
    S.res_f = f
    S.res_dep = dep
    return best


@cython.cfunc
@cython.exceptval(check=False)
def solver_descend(S: Solver, ply: cython.int, i: cython.int, me: cython.int, alpha: cython.int,
                   beta: cython.int) -> cython.int:
    """Child i's value (not finished) for the mover of the node at `ply`."""
    enter(S, ply, i)
    if S.data[rec_at(S, ply + 1, i) + F_MOVER] == me:
        return solver_search(S, ply + 1, alpha, beta)
    return -solver_search(S, ply + 1, -beta, -alpha)


@cython.cfunc
@cython.exceptval(check=False)
def solver_mtdf(S: Solver, ply: cython.int, guess: cython.int, lower: cython.int, upper: cython.int) -> cython.int:
    """The exact value of the node at `ply` (not finished) by MTD(f) from `guess`."""
    value: cython.int = guess
    beta: cython.int
    while lower < upper and S.status == GAME_OK:
        beta = value + 1 if value == lower else value
        value = solver_search(S, ply, beta - 1, beta)
        if value < beta:
            upper = value
        else:
            lower = value
        if ply == 0:
            S.lo = lower
            S.hi = upper
    return value


@cython.cfunc
@cython.exceptval(check=False)
def solver_child_value(S: Solver, i: cython.int, me: cython.int, lower: cython.int, upper: cython.int,
                       guess: cython.int) -> cython.int:
    """The root's child i from the root mover's view, tested against `guess` or exact."""
    kid: cython.int = rec_at(S, 1, i)
    if S.data[kid + F_TERMINAL]:
        return solver_utility(S, kid, me)
    enter(S, 0, i)
    if S.data[kid + F_MOVER] == me:
        return solver_mtdf(S, 1, guess, lower, upper)
    return -solver_mtdf(S, 1, -guess, -upper, -lower)


# ---- store-blind games
#
# Where no rule reads a store's count or takes pieces out of a store, and the score is the
# store plus what the rules add to it, the value of a position is the mover's store lead
# (times the scoring's factor) plus a function of everything else: positions that differ only
# in their stores share one table entry, the table keeping values net of the stores. Proved
# here from the stage programs, conservatively: any rule the check
# cannot see through keeps the full key.

def slot_is_store(P: list, q: int) -> bool:
    return q != NONE and q >= P[H_NPITS]


def values_hit_store(P: list, at: int, n: int) -> bool:
    return any(slot_is_store(P, P[at + i]) for i in range(n))


def list_hits_store(P: list, at: int) -> bool:
    return values_hit_store(P, at + 1, P[at])


def on_stores(P: list, node: int, want: int) -> bool:
    """The condition is `want` (0 false, 1 true) at every store, whatever the counts."""
    code = P[node]
    ns = P[H_NSLOTS]
    if code == C_TRUE:
        return bool(want)
    if code == C_STORE:
        return P[node + 1] == want
    if code in (C_ROW, C_INSET):
        every = True
        for q in range(P[H_NPITS], ns):
            inside = P[P[H_ROW] + q] == P[node + 1] if code == C_ROW else P[P[node + 1] + q] != 0
            every = every and inside == bool(want)
        return every
    if code == C_NOT:
        return on_stores(P, P[node + 1], 1 - want)
    if code in (C_AND, C_OR):  # AND is false (OR true) where one part is; else all parts must be
        every = True
        for i in range(P[node + 1]):
            part = on_stores(P, P[node + 2 + i], want)
            if part and bool(want) == (code == C_OR):
                return True
            every = every and part
        return every and P[node + 1] > 0
    return False


def reads_stores(P: list, node: int, maybe: bool) -> bool:
    """Whether the condition's answer can depend on a store's count; `maybe`: its pit may be a store."""
    if node < 0:
        return False
    code = P[node]
    ns = P[H_NSLOTS]
    if code in (C_COUNT, C_COUNT_BEFORE):
        return maybe
    if code in (C_AND, C_OR):
        n = P[node + 1]
        if maybe and any(on_stores(P, P[node + 2 + i], 1 if code == C_OR else 0) for i in range(n)):
            maybe = False  # constant at a store: only pits are read
        return any(reads_stores(P, P[node + 2 + i], maybe) for i in range(n))
    if code == C_NOT:
        return reads_stores(P, P[node + 1], maybe)
    if code in (C_OPPOSITE, C_BEHIND):
        return reads_stores(P, P[node + 1], values_hit_store(P, P[H_OPP if code == C_OPPOSITE else H_BEHIND], ns))
    if code == C_NEXT:
        return reads_stores(P, P[node + 1], values_hit_store(P, P[H_STEPS], 4 * ns))
    if code == C_ORIGIN:
        return reads_stores(P, P[node + 1], True)
    if code == C_COUNT_PITS:
        return reads_stores(P, P[node + 1], list_hits_store(P, P[node + 5]) or list_hits_store(P, P[node + 6]))
    if code in (C_OWN_SIDE, C_OPPONENT_SIDE):
        return list_hits_store(P, P[P[H_OWN]]) or list_hits_store(P, P[P[H_OWN] + 1])
    if code in (C_TRUE, C_SIDE, C_ROW, C_INSET, C_STORE, C_MARK, C_LIFTED, C_LAP, C_STAGE, C_STOCK, C_STOCKS,
                C_MOVES_PLAYED, C_DIRECTION, C_ON_BOARD, C_CAPTURED, C_MOVE_KIND, C_MOVER, C_VARIABLE, C_SOWN,
                C_SOWN_BY_MOVE):
        return False  # the move so far, the stocks, the pits: never a store
    return True  # a node this check does not know: assume it reads them


def ends_blind(P: list, T: int) -> bool:
    for i in range(P[T + T_NENDS]):
        e = P[P[T + T_ENDS] + i]
        if P[e + E_RESULT] != RES_BY_SCORE or P[e + E_WINNER_NEEDS] >= 0:
            return False
        if P[e + E_KIND] == END_SIDE_EMPTY:
            if list_hits_store(P, P[e + E_ARG1]) or list_hits_store(P, P[e + E_ARG2]):
                return False
        elif P[e + E_KIND] not in (END_NO_LEGAL_MOVE, END_MOVE_LIMIT):
            return False  # majority, score reached, repetition: they read the scores or the history
    for i in range(P[T + T_NDURING]):
        d = P[P[T + T_DURING] + i]
        rec = P[P[H_DURING] + i]
        if P[d + DE_RESULT] != RES_BY_SCORE or P[d + DE_NEEDS] >= 0 or list_hits_store(P, P[rec + 1]) \
                or list_hits_store(P, P[rec + 2]) or P[rec] == D_MAJORITY or P[rec] == D_SCORE_AT_LEAST \
                or (P[rec] == D_CONDITION and reads_stores(P, P[rec + 3], True)):
            return False
    return True


def moves_blind(P: list) -> bool:
    ns = P[H_NSLOTS]
    if list_hits_store(P, P[P[H_OWN]]) or list_hits_store(P, P[P[H_OWN] + 1]):
        return False
    if reads_stores(P, P[H_SKIP], True) or reads_stores(P, P[H_STOP_WHEN], True) \
            or reads_stores(P, P[H_ASK_WHEN], True):
        return False
    if P[H_RELAY] and (reads_stores(P, P[H_RELAY_WHEN], True) or not on_stores(P, P[H_RELAY_WHEN], 0)):
        return False  # a relay from a store would lift it
    for k in range(P[H_NKINDS]):
        x = P[P[H_KINDS] + k]
        if reads_stores(P, P[x + K_REQUIRE], True) or reads_stores(P, P[x + K_TEST], True) \
                or reads_stores(P, P[x + K_REQUIRE_AFTER], True):
            return False
        for p in range(2):
            t = P[x + K_TABLE0 + p]
            if any(slot_is_store(P, P[t + 2 + 2 * r]) for r in range(P[t])):
                return False
    for i in range(P[H_NCAPS]):
        cap = P[P[H_CAPS] + i]
        # a capture never fires at a store, never reaches one across the board or along a chain
        if reads_stores(P, P[cap + CP_WHEN], True) or not on_stores(P, P[cap + CP_WHEN], 0) \
                or reads_stores(P, P[cap + CP_ENTRY], True) or reads_stores(P, P[cap + CP_NEAREST], True) \
                or values_hit_store(P, P[H_OPP], ns) or values_hit_store(P, P[H_BEHIND], ns):
            return False
        for j in range(P[cap + CP_NSEL]):
            sel = P[cap + CP_SELS + j]
            if P[sel] == SEL_CHAIN and (reads_stores(P, P[sel + 1], True) or not on_stores(P, P[sel + 1], 0)
                                        or (P[sel + 7] > 1 and reads_stores(P, P[sel + 8], True))):
                return False
            if P[sel] == SEL_WHERE and reads_stores(P, P[sel + 1], False):
                return False
        chosen = cap + CP_SELS + P[cap + CP_NSEL]
        if any(reads_stores(P, P[chosen + 2 + 3 * c], True) for c in range(P[chosen])):
            return False
    return True


def store_blind(S: Solver, programs: list, turns: list) -> bool:
    """Whether the table may key positions without their stores (S.store0/1, S.value set)."""
    for st, (P, T) in enumerate(zip(programs, turns)):
        ns = P[H_NSLOTS]
        store = [q if q >= 0 else ns + q for q in (P[P[H_STORE]], P[P[H_STORE] + 1])]
        if ns - P[H_NPITS] != 2 or store[0] == store[1] or not slot_is_store(P, store[0]) \
                or not slot_is_store(P, store[1]):
            return False
        if not P[T + T_SCORE] & SCORE_STORE:
            return False
        if st and (store[0] != S.store0 or store[1] != S.store1 or P[T + T_VALUE] != S.value):
            return False
        S.store0, S.store1, S.value = store[0], store[1], P[T + T_VALUE]
        if reads_stores(P, P[T + T_FEED], True) or reads_stores(P, P[T + T_EXTRA], True) \
                or reads_stores(P, P[T + T_UNTIL], True):
            return False
        if not ends_blind(P, T) or not moves_blind(P):
            return False
    return True


# ---- solving from Python

def solve(r: Runner, *args: object) -> tuple:
    """solve(runner, board, marks, stock, removed, stage, moves_played, mover, win, megabytes,
    all_moves, progress, share_stores, endgame, seen) -> (value for the mover, [(action,
    value or None), ...], nodes, table entries, exact keys, stores shared, pieces on the pits
    of the endgame table's positions (0: none), its entries filled).

    The position is one between moves, not finished. `seen`: the positions (board, stock,
    stage, mover) seen since the last capture before it, in a game that ends on repetition.
    Each start's value is exact with all_moves; otherwise a start has the position's value
    when it keeps it, and None when it does not. progress, unless None, is called now and then
    with (nodes, lower, upper): the bounds proved so far on the value (the mover's view).
    Ctrl-C is let through every 16,384 positions; a signal caught is raised once the search
    has unwound, never lost."""
    if len(args) != POS_ARGS + 7:
        raise TypeError("solve takes 15 arguments")
    first: Kernel = r.kernels[0]
    k: Kernel
    S: Solver = Solver(r)
    g: Game = S.g
    win = index(args[POS_ARGS])
    megabytes = float(args[POS_ARGS + 1])
    all_moves = bool(args[POS_ARGS + 2])
    progress = args[POS_ARGS + 3]
    share_stores = bool(args[POS_ARGS + 4])
    endgame = index(args[POS_ARGS + 5])
    seen = list(args[POS_ARGS + 6] or ())
    if not megabytes > 0 or megabytes == float("inf"):
        raise ValueError(f"the memory bound must be a positive number of megabytes, not {megabytes:g}")
    if win <= 0 or win >= SOLVE_INF // 4:
        raise ValueError("win out of range")
    programs = [list(k.program) for k in r.kernels]
    turns = [r.turns[i] for i in range(r.nstages)]
    for P, T in zip(programs, turns):
        if P[T + T_MARKS] >= 0:
            raise NotImplementedError("marks change after a move (the solver's keys leave them out)")
        if P[T + T_ROUNDS] >= 0:
            raise NotImplementedError("the game is played in rounds (the solver's keys leave the round out)")
        if P[H_NVARS]:
            raise NotImplementedError("the game keeps variables (the solver's keys leave them out)")
        for i in range(P[T + T_NENDS]):
            e = P[P[T + T_ENDS] + i]
            if P[e + E_KIND] == END_CONDITION and P[e + E_ARG2]:
                raise NotImplementedError("an end condition about the pit where the last move ended (the solver's "
                                          "keys leave that pit out)")
    if r.cells:
        raise NotImplementedError("several kinds of piece (the solver's keys leave the kinds out)")
    pos_copy(g.pos, first.begin(args[:POS_ARGS], POS_ARGS, "solve"), r.ns)
    if g.pos.stage >= r.nstages:
        raise ValueError("the stage must be one of the game's")
    S.win = win
    S.progress = progress
    S.rep = r.uses_repetition
    S.status = GAME_OK
    S.next_report = REPORT_EVERY
    S.next_signal = SIGNALS_EVERY
    ns: cython.int = r.ns
    total = g.pos.stock[0] + g.pos.stock[1] + sum(g.pos.board[q] for q in range(ns))
    S.width = bits_for(total)
    S.stage_bits = bits_for(r.nstages - 1) if r.nstages > 1 else 0
    S.limit_bits = 0
    for P, T in zip(programs, turns):
        for i in range(P[T + T_NENDS]):
            e = P[P[T + T_ENDS] + i]
            if P[e + E_KIND] == END_MOVE_LIMIT:
                S.limit_bits = max(S.limit_bits, bits_for(P[e + E_ARG0]))
    S.relative = 1 if share_stores and store_blind(S, programs, turns) else 0
    S.exact = 1 if (1 + S.stage_bits + S.limit_bits + (ns + 2 - 2 * S.relative) * S.width <= 128
                    and (not S.rep or 1 + S.stage_bits + (ns + 2) * S.width <= 128)) else 0
    if endgame > 0:  # up to a quarter of the memory for the endgame table
        eg_init(S, megabytes * 1e6 / 4, min(total, endgame), programs[0])
        if S.eg_on:
            megabytes -= 2.0 * S.eg_n / 1e6
    entry = 22 + (8 if S.rep else 0)
    want = int(max(megabytes, 0) * 1e6 / (entry * BUCKET))
    most = 1
    while most * 2 <= want:
        most *= 2
    S.max_buckets = most
    S.used = 0
    if not table_alloc(S, min(most, 1024)) or not solver_room(S, 0):
        raise MemoryError()
    # the root: its turn begun (its own repetition was checked when it was reached)
    g.terminal = 0
    g.ret = 0
    g.round = 0
    g.starts = 0
    g.last_mover = g.last_pit = NONE
    g.racing = 0
    for k in r.kernels:
        budget(k)
    S.node[0] = 0
    S.since[0] = 0
    S.wf[0] = 0
    status: cython.int = begin_turn(S.r, g, 1 - g.pos.mover, REPETITION_SKIP)
    if status != GAME_OK:
        raise r.failed(status)
    if g.terminal:
        raise ValueError("the game is over")
    root: cython.int = rec_at(S, 0, 0)
    record_game(S, g, root)
    solver_key(S, g.pos, 0)
    S.kka[0], S.kkb[0] = S.out_a, S.out_b
    if S.rep:
        solver_key(S, g.pos, 1)
        S.kra[0], S.krb[0] = S.out_a, S.out_b
        root_a, root_b = S.out_a, S.out_b
        S.prior_a = zeroed("Q", len(seen))
        S.prior_b = zeroed("Q", len(seen))
        work = Pos(r.ns, r.cells)
        window = 0
        for item in seen:
            board, stock, stage, mover = item
            if len(board) != ns or len(stock) != 2:
                raise ValueError("a position seen has the wrong size")
            for q in range(ns):
                work.board[q] = index(board[q])
            work.stock[0], work.stock[1] = index(stock[0]), index(stock[1])
            work.stage, work.mover = index(stage), index(mover)
            solver_key(S, work, 1)
            if (S.out_a, S.out_b) == (root_a, root_b):
                continue
            S.prior_a[S.n_prior], S.prior_b[S.n_prior] = S.out_a, S.out_b
            S.n_prior += 1
            window |= cython.cast(cython.ulonglong, 1) << (pos_hash(S.out_a, S.out_b) & 63)
        S.wf[0] = window
    n: cython.int = g.legal.n
    aids = [g.legal.aids[i] for i in range(n)]
    me: cython.int = g.pos.mover
    S.lo, S.hi = -win, win
    value: cython.int = solver_mtdf(S, 0, 0, -win, win)
    values = []
    reach = []
    if S.status == GAME_OK and solver_report(S, 1) < 0:  # the value found
        S.status = GAME_STOPPED
    i: cython.int
    v: cython.int
    for i in range(n):
        if S.status != GAME_OK:
            break
        status = solver_child(S, 0, root, i, rec_at(S, 1, i))
        if status != GAME_OK:
            S.status = status
            break
        if all_moves:
            v = solver_child_value(S, i, me, -win, win, value)
            values.append(v)
            reach.append(v == value)
        else:  # a null-window test: does this start keep the value?
            v = solver_child_value(S, i, me, value - 1, value, value)
            values.append(v)
            reach.append(v >= value)
    if S.status == SOLVE_UNSUPPORTED:
        raise NotImplementedError("a move asks a decision (the solver plays none)")
    if S.status == SOLVE_TOO_DEEP:
        raise LimitError(f"a line of play went past {MAX_SOLVE_PLIES} decisions (does the game cycle without a "
                         f"repetition end?)")
    if S.status == GAME_STOPPED and S.pending is not None:
        pending = S.pending
        S.pending = None
        raise pending
    if S.status != GAME_OK:
        raise r.failed(S.status)
    moves = [(aids[i], (values[i] if all_moves else value) if (all_moves or reach[i]) else None) for i in range(n)]
    return (value, moves, S.nodes, S.used, bool(S.exact), bool(S.relative), S.eg_k if S.eg_on else 0,
            S.eg_filled)
