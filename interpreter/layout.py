"""The layout of a compiled ruleset's flat int program, defined once.

kernel.py and native.py assemble programs with these numbers; the engine that reads them gets
the same numbers at build time: setup.py writes them as a Cython declaration file
(`cython_pxd`) that the compiled engine cimports (interpreted, it imports this module), so
nothing is kept in step by hand. `VERSION` is a hash of every constant: a build made from other numbers
reports another version and is not used.

A record's slots are named PREFIX_FIELD with consecutive values from 0 (`fields` lists them);
a PREFIX_SIZE constant is the length of its record. This module imports nothing of the
project: setup.py loads it on its own.
"""
from __future__ import annotations

import hashlib

# --- shared values ----------------------------------------------------------------------
NONE = -1
"""No pit (also: a direction not known yet, LATER)."""
LATER = -1
CCW = 0
CW = 1
TAKE_ALL = -1
TAKE_NONE = 0
TAKE_ANY = -2

# --- bounds (docs/limits.md) --------------------------------------------------------------
MAX_SLOTS = 256
MAX_DECISIONS = 4096
MAX_FIRED = MAX_DECISIONS
MAX_PIECES = 1 << 30
MAX_STAGE_BITS = 30
MAX_DEPTH = 200
"""Condition nesting."""
MAX_PLAYS_PER_CALL = 5_000_000
"""The plays one call may make in its look-ahead before it gives up."""
MAX_PIECE_KINDS = 30
MAX_KIND_CELLS = 1024
"""(slot, kind) counts a position holds at most with several kinds of piece."""
SIGNAL_EVERY = 1024
"""Plays between two checks for a signal (Ctrl-C) in a long look-ahead."""
MAX_STAGES = 32
"""Stages a runner holds (the language allows fewer: rulespec.limits.MAX_STAGES)."""
MAX_ROUND_STARTS = 64
"""Rounds begun one inside another without a move between them."""
BIG = 2**31 - 1
"""The largest int of a program: a matcher's open bound."""
MAX_VARIABLES = 16
"""Slots for the spec's variables in a position (a player's variable takes two)."""

# --- header: offsets and flags of the program -------------------------------------------
H_NSLOTS = 0
H_NPITS = 1
H_OWNER = 2
H_ROW = 3
H_OPP = 4
H_BEHIND = 5
H_STEPS = 6
H_AFTER = 7
H_LOOP = 8
H_ALONG = 9
H_XCOL = 10
H_OWN = 11
H_STORE = 12
H_DIR_BASE = 13
H_RELAY_BASE = 14
H_PICK_BASE = 15
H_MAX_LAPS = 16
H_SKIP = 17
H_RELAY = 18
H_RELAY_WHEN = 19
H_STOP_WHEN = 20
H_ASK_WHEN = 21
H_CLEAR_LIFT = 22
H_CLEAR_LIFT_ALL = 23
H_CLEAR_CAPTURE = 24
H_NKINDS = 25
H_KINDS = 26
H_NCAPS = 27
H_CAPS = 28
H_NDURING = 29
H_DURING = 30
H_MUST_SIMULATE = 31
H_NUMBER_BASE = 32
H_MIRROR = 33
H_FIRST_INTO_ORIGIN = 34
H_NPASSING = 35
H_PASSING = 36
H_RELAY_NEXT = 37
H_TO_OWNER = 38
H_OFFER_ALL = 39
H_COLUMN = 40
H_PIECES = 41
H_HELD = 42
H_RELAY_SEEK = 43
H_NVARS = 44
H_SOWN_BY_MOVE = 45
H_PER_PIT = 46
H_RELAY_REVERSE = 47
H_SIZE = 48

# --- move kind record ---------------------------------------------------------------------
K_DROP = 0
K_TAKE = 1
K_LIFT_ALL = 2
K_CAPTURES = 3
K_REQUIRE_CAPTURE = 4
K_REQUIRE = 5
K_NAME = 6
K_TEST = 7
K_ASK_DIRECTION = 8
K_DIRS = 9
K_TABLE0 = 10
K_TABLE1 = 11
K_MORE_PITS = 12
K_PLACEMENT = 13
K_INTO = 14
K_REQUIRE_AFTER = 15
K_SIZE = 16
KIND_SHIFT_BASE = 3
"""Move kinds offered together: a start's legality mask keeps the index of the kind that plays
direction d in 5 bits from KIND_SHIFT_BASE + 5 * (d + 1)."""

# --- capture record: then the selectors' offsets, then the chosen pits --------------------
# (n, then (count, condition, optional) n times)
CP_WHEN = 0
CP_TO = 1
CP_FORFEIT = 2
CP_ENTRY = 3
CP_ENTRY_PITS0 = 4
CP_ENTRY_PITS1 = 5
CP_NEAREST = 6
CP_KEEP_DIRECTION = 7
CP_OPTIONAL = 8
CP_ENTRY_TURNS = 9
CP_GO_ON = 10
CP_MARK0 = 11
CP_MARK1 = 12
CP_CARRY = 13
CP_MOST = 14
CP_SEEK = 15
CP_BY = 16
CP_AT_END = 17
CP_NSEL = 18
CP_SELS = 19

# how the move goes on after a capture (CP_GO_ON)
GO_ON_END = 0
GO_ON_RELAY = 1
GO_ON_NEXT_PIT = 2

# who takes a capture's pieces into their store (CP_BY)
BY_MOVER = 0
BY_OPPONENT = 1
BY_OWNER = 2

# where captured pieces go
TO_STORE = 0
TO_REMOVED = 1
TO_SOW = 2
TO_LANDING = 3

# capture selectors
SEL_LANDING = 0
SEL_OPPOSITE = 1
SEL_BEHIND_OPPOSITE = 2
SEL_CHAIN = 3
SEL_OPPONENT_COLUMN = 4
SEL_WHERE = 5

# --- condition nodes ----------------------------------------------------------------------
C_TRUE = 0
C_AND = 1
C_OR = 2
C_NOT = 3
C_SIDE = 4
C_ROW = 5
C_INSET = 6
C_STORE = 7
C_COUNT = 8
C_COUNT_BEFORE = 9
C_MARK = 10
C_OPPOSITE = 11
C_BEHIND = 12
C_NEXT = 13
C_ORIGIN = 14
C_LIFTED = 15
C_LAP = 16
C_STAGE = 17
C_STOCK = 18
C_STOCKS = 19
C_OWN_SIDE = 20
C_OPPONENT_SIDE = 21
C_MOVES_PLAYED = 22
C_CAPTURED = 23
C_MOVE_KIND = 24
C_COUNT_PITS = 25
C_DIRECTION = 26
C_ON_BOARD = 27
C_START = 28
C_LAST = 29
C_AFTER_LAST = 30
C_MIRROR = 31
C_MARK_OWNER = 32
C_COLUMN = 33
C_PREVIOUS = 34
C_MOVER = 35
C_VARIABLE = 36
C_SOWN = 37
C_SOWN_BY_MOVE = 38
# about kinds of piece: numbered apart so that new vocabulary above does not shift them
C_DROPPED = 64
C_BEFORE = 65
C_IN_PLAY = 66

# matcher kinds: [MATCH_RANGE, low, high], [MATCH_SET, set, 0], [MATCH_ARITHMETIC, block, 0]
MATCH_RANGE = 0
MATCH_SET = 1
MATCH_ARITHMETIC = 2

# ends checked during a move: [what, pits of South, of North, condition or points, scoring]:
# a side empty (whose), a condition tested where the lap ended, or the scores (laid out as a
# turn record's T_SCORE, T_VALUE, T_TOTAL, T_OWNED0/1)
D_ANY = 0
D_MOVER = 1
D_OPPONENT = 2
D_CONDITION = 3
D_MAJORITY = 4
D_SCORE_AT_LEAST = 5
DURING_SIZE = 5
"""The length of a record of an end checked during a move (D_* says what it checks)."""

# --- pieces record (several kinds of piece) and its picks ---------------------------------
PC_NK = 0
PC_ORDER_CHOICE = 1
PC_KIND_BASE = 2
PC_PIECE_BASE = 3
PC_VALUES = 4
PC_CAPTURABLE = 5
PC_CAPS = 6
PK_COUNT = 0
PK_RUN = 1
PK_WANTED = 2
PK_FROM = 3
PK_OR_STORE = 4
PK_SIZE = 5

# --- a play's answers ---------------------------------------------------------------------
# decisions a move can ask for
R_NONE = 0
R_DIRECTION = 1
R_ENTRY = 2
R_RELAY = 3
R_PIT = 4
R_COUNT = 5
R_CAPTURE = 6
R_MORE = 7
R_PLACE = 8
R_PIECE = 9
R_PICK = 10
# the decision a state waits for (the engine's Core)
RQ_KIND = 0
RQ_AT = 1
RQ_IN_HAND = 2
RQ_DEFAULT = 3
RQ_SIZE = 4
REQUEST_ROOM = RQ_SIZE + MAX_PIECE_KINDS
"""The request record and the hand's count of each kind after it."""
# outcomes of a play
P_DONE = 0
P_ENDLESS = 1
P_NEED = 2
P_BAD = 3
P_LIMIT = 4
# what a play does when it runs out of given decisions
ASK_FIRST = 0
ASK_STOP = 1
# events recorded besides capture names (negative codes in `fired`)
F_RELAY_STOPPED = -1
F_RELAY_STOP_CHOSEN = -2
F_RELAY_GO_ON_CHOSEN = -3

# --- turn record, after a stage's program -------------------------------------
# the conditions read between moves, the end conditions in the spec's order, the scoring and
# the ends checked during a move
# an end checked during a move: what it does, as an end between moves does
DE_REMAINING = 0
DE_RESULT = 1
DE_NEEDS = 2
DE_KIND = 3
DE_SIZE = 4
T_EXTRA = 0
T_UNTIL = 1
T_FEED = 2
T_SCORE = 3
T_VALUE = 4
T_TOTAL = 5
T_NENDS = 6
T_ENDS = 7
T_NDURING = 8
T_DURING = 9
T_ASKS = 10
T_MARKS = 11
T_PASS = 12
T_ROUNDS = 13
T_FIRST = 14
T_OWNED0 = 15
T_OWNED1 = 16
T_RACE = 17
T_EFFECTS = 18
T_SIZE = 19
# an effect of the spec's `effects` (T_EFFECTS: a counted list of them): on an event, when its
# condition holds (or -1), set or add a value to a variable's slot, for whom; or move pieces
# (EFFECT_TRANSFER: EF_SLOT is a block of South's then North's steps, each a counted list of
# XF_SIZE-field steps, done by whom)
EF_EVENT = 0
EF_WHEN = 1
EF_OP = 2
EF_SLOT = 3
EF_WHO = 4
EF_VALUE = 5
EF_SIZE = 6
EVENT_MOVE_END = 0
EVENT_ROUND_START = 1
EVENT_GAME_START = 2
EFFECT_SET = 0
EFFECT_ADD = 1
EFFECT_TRANSFER = 2
# a transfer step: take pieces (TAKE_ALL or a number) from a slot or the hand, put them into a
# slot, the hand or off the board, and mark the receiving pit (mark bits, 0: none)
XF_FROM = 0
XF_TO = 1
XF_TAKE = 2
XF_MARK = 3
XF_SIZE = 4
SPOT_HAND = -1
SPOT_OFF = -2
# whose copy of a variable: the game's one, the mover's, the opponent's, both players'
VAR_GAME = 0
VAR_MOVER = 1
VAR_OPPONENT = 2
VAR_BOTH = 3

# race record (-1 in T_RACE: no opening race, and in every stage but the first): who moves
# after the race, the condition on the pits the race's first starts may use (-1: any start)
RC_NEXT = 0
RC_FROM = 1
RC_UNTIL = 2
"""1: the first stage's until is tested when the race ends (0: it is about a pit, and the race
ends in no one pit)."""
RC_SIZE = 3
RACE_FIRST_FINISHED = 0
RACE_LAST_FINISHED = 1

# rounds record (-1 in T_ROUNDS: one round): pieces per pit, the mark of a pit left unfilled,
# who starts the next round, the most rounds (-1: no limit), the first player, per player the
# pits in filling order (counted lists), then South's and North's bits of the mark a pit passed
# to the opponent carries (both 0: unfilled pits stay out), the fewest pieces left that fill a
# part pit (0: none is filled) and who takes it when both have as many left (PART_), the mark
# bits cleared from every pit when a round begins, where the pieces short of a whole pit go
# (REMAINDER_: the store, the next pit in play, or the next pit marked out of play)
RD_PER_PIT = 0
RD_OUT_OF_PLAY = 1
RD_NEXT_PLAYER = 2
RD_MAX_ROUNDS = 3
RD_FIRST_PLAYER = 4
RD_FILL0 = 5
RD_FILL1 = 6
RD_HELD0 = 7
RD_HELD1 = 8
RD_PART_MIN = 9
RD_PART_TIE = 10
RD_CLEAR = 11
RD_REMAINDER = 12
RD_SIZE = 13
NEXT_LOSER = 0
NEXT_WINNER = 1
NEXT_FIRST_PLAYER = 2
NEXT_ALTERNATE = 3
NEXT_LAST_MOVER = 4
PART_WEAKER = 0
PART_STRONGER = 1
REMAINDER_STORE = 0
REMAINDER_NEXT_PIT = 1
REMAINDER_NEXT_PIT_OUT_OF_PLAY = 2

# marks record (-1 in T_MARKS: no mark changes after a move): the event masks (pits emptied,
# the mover's pits after a capturing move, the mover's pits), then the clearers and the setters
MK_EMPTIED = 0
MK_CAPTURED_MOVE = 1
MK_OWNER_MOVED = 2
MK_NCLEAR = 3
MK_CLEAR = 4
MK_NSET = 5
MK_SET = 6
MK_SIZE = 7
CL_BIT = 0
CL_GATE = 1
CL_TEST = 2
CL_PITS0 = 3
CL_PITS1 = 4
CL_SIZE = 5
ST_BIT0 = 0
ST_BIT1 = 1
ST_GATE = 2
ST_TEST = 3
ST_PITS0 = 4
ST_PITS1 = 5
ST_UNIQUE = 6
ST_UNLESS = 7
ST_SIZE = 8

# game-level condition nodes, read only in the marks record (they play a whole turn's look-ahead)
G_THREATENED = 100
G_OPPONENT_CAN_CAPTURE = 101
G_CAN_MOVE = 102
G_OPPONENT_CAN_MOVE = 103

# end record: kind, remaining, result, winner_needs (-1: none), then per kind: side_empty
# (player, pits of South, pits of North), score_at_least (points), move_limit (moves), condition
# (a pit-free condition, 1: about the player to move, 0: about the last mover)
E_KIND = 0
E_REMAINING = 1
E_RESULT = 2
E_WINNER_NEEDS = 3
E_ARG0 = 4
E_ARG1 = 5
E_ARG2 = 6
E_SIZE = 7
END_SIDE_EMPTY = 0
END_NO_LEGAL_MOVE = 1
END_MAJORITY = 2
END_SCORE_AT_LEAST = 3
END_REPETITION = 4
END_MOVE_LIMIT = 5
END_CONDITION = 6
END_IMPLICIT = 7
"""Not a spec's end: no legal move where the spec names no end for it."""
REM_STAY = 0
REM_TO_OWNER = 1
REM_TO_PLAYER = 2
REM_TO_OTHER = 3
REM_REMOVED = 4
REM_TO_FIRST = 5
RES_BY_SCORE = 0
RES_PLAYER_LOSES = 1
RES_PLAYER_WINS = 2
RES_DRAW = 3
WHO_ANY = 0
WHO_MOVER = 1
WHO_OPPONENT = 2
WHO_NEXT = 3
SCORE_STORE = 1
SCORE_OWN_PITS = 2
SCORE_STOCK = 4
SCORE_OWNED_MARKS = 8

# --- whole games (the engine's runner) ----------------------------------------------------
# what a step of a game answers: on, or why the games stop
GAME_OK = 0
GAME_NOMEM = 1
GAME_ENDLESS = 2
GAME_STAGES = 3
GAME_BAD = 4
GAME_STOPPED = 5
GAME_ROUNDS = 6
GAME_LONG = 7
GAME_NEED = 8
GAME_TURN = 9
"""A move is over and the next turn begins (move_done's answer to its callers)."""
REPETITION_SKIP = 0
"""How begin_turn answers an end by repetition: not tested (a game's first position, a
round's, the first after a capture in the solver's line), from the game's table of positions
seen, or from the line the solver searches."""
REPETITION_TABLE = 1
REPETITION_LINE = 2
"""A state's move waits for a decision (interpreter/engine.py's Core)."""
DIRECTION_ASKED = -9
"""A Core's pending direction while a start's direction is being asked."""
STILL_ON = -2
"""An end condition that does not hold (else the player it is about, or NONE: nobody)."""

# --- the last move a state finished (engine.Game.move; Core._last_move) -------------------
LM_KIND = 0
"""The move kind's index in its stage (NONE: no move finished yet)."""
LM_PIT = 1
LM_DIRECTION = 2
"""The direction the move was played with (LATER: chosen inside the move)."""
LM_START = 3
"""The start action."""
LM_DIRECTIONS = 4
"""The start's directions (bit d + 1 for direction d): more than one, and a kind that does not
ask its own, means the direction was a decision of its own before the move's."""
LM_SIZE = 5
MAX_MARK_SETTERS = 32
"""Mark setters a stage's turn record holds at most (a game counts each one's pits set by its
last move, for the move's `fired`): one a mark, and the marks' 30 bits bound them below it."""
FORCED = 1 << 30
"""Marks a decision the rules made (one option) among a move's decisions (no action is that large)."""

# --- a traced move (Kernel.traced_play): entries in order ---------------------------------
TR_LAP = 0
"""A lap: pieces in hand, then its pits (count, pits) sown round and round."""
TR_TAKE = 1
"""A capture: its index, pieces taken, then its pits (count, pits)."""
TR_PLACE = 2
"""A piece placed: the slot."""
TR_ENTRY = 3
"""An entry pit the rules chose, never asked: the decisions answered before it, the pit, the
pit the lap ended in, pieces in hand, then the capture's candidates (count, pits)."""
TRACE_ROOM = 1 << 16
"""Ints a traced move records at most."""


def constants() -> dict[str, int]:
    """Every constant of the layout, in definition order."""
    return {name: value for name, value in globals().items()
            if name.isupper() and name != "VERSION" and isinstance(value, int) and not isinstance(value, bool)}


def fields(prefix: str, skip: tuple[str, ...] = ("size",)) -> dict[str, int]:
    """The constants PREFIX_NAME as {name in lower case: value} (a record's slots, a code's
    values), without the record's length."""
    found = {name[len(prefix):].lower(): value for name, value in constants().items() if name.startswith(prefix)}
    return {name: value for name, value in found.items() if name not in skip}


def names(prefix: str, skip: tuple[str, ...] = ("size",)) -> list[str]:
    """fields() as a list, checked to number its names 0, 1, 2, ..."""
    found = fields(prefix, skip)
    if list(found.values()) != list(range(len(found))):
        raise AssertionError(f"the {prefix}* constants are not numbered 0, 1, 2, ...")
    return list(found)


def version(values: dict[str, int]) -> int:
    """A 31-bit hash of the constants' names and values."""
    return int.from_bytes(hashlib.sha256(repr(sorted(values.items())).encode()).digest()[:4], "big") >> 1


VERSION = version(constants())
"""The layout's identity: a compiled engine reports the version it was built from."""
__all__ = [*constants(), "VERSION"]


def cython_pxd() -> str:
    """The constants as a Cython enum: compiled code reads them as C literals."""
    lines = ["# Written by setup.py from interpreter/layout.py: edit that file, not this one.", "cdef enum:"]
    lines += [f"    {name} = {value}" for name, value in constants().items()]
    lines += [f"    VERSION = {VERSION}", ""]
    return "\n".join(lines)
