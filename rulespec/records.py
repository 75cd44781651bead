"""Game records: the transcript format of the Bao notation appendix, for any variant.

    Variant: bao-la-kiswahili
    South: Ali
    North: Juma

    1: A6< a5<; a comment
    2: A4> a2

A header of `Key: value` lines, then one line per pair of moves: the move number, a colon,
South's move, North's move, and optionally a semicolon and a comment. A move is written in
the game's notation as one string (all its decisions), which may be followed by " x " and the
pieces it captures (the Glass Bead Game's "e250 x B5"); a pit number without its row letter
means the mover's front row (as Bao's kunamua moves are written); trailing `*` (kutakata) and
`**` (kutakatia) are annotations and are checked. An opening race's joint decision (both players
at once) is one token, South's start and North's joined by '/' (`C/e`); a start chosen again
inside the race is written alone. A `Parameters: pits=5 seeds=3` header gives the variant's
parameters (`rulespec replay` and `rulespec play --from` read it unless given -p).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .errors import Problem, RulespecError
from .limits import MAX_CHOICE, MAX_RECORD_MOVES

MOVE_LINE = re.compile(r"^\s*(\d{1,9})\s*[:.]\s*(.*)$")
HEADER_LINE = re.compile(r"^\s*([A-Za-z][\w -]*?)\s*:\s*(.*?)\s*$")


@dataclass
class RecordedMove:
    line: int
    col: int
    number: int
    text: str


@dataclass
class Record:
    header: dict[str, str] = field(default_factory=dict)
    moves: list[RecordedMove] = field(default_factory=list)
    comments: dict[int, str] = field(default_factory=dict)


def parse_record(text: str, path: str = "<record>") -> Record:
    """Read a transcript. Raises RecordError (with line and column) when a line is unreadable."""
    record = Record()
    in_header = True
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = MOVE_LINE.match(line)
        if m:
            in_header = False
            number = int(m.group(1))
            body, _, comment = m.group(2).partition(";")
            if comment.strip():
                record.comments[no] = comment.strip()
            offset = line.index(m.group(2))
            for tok in re.finditer(r"\S+", body):
                if len(record.moves) == MAX_RECORD_MOVES:
                    raise RecordError(Problem(path, no, offset + tok.start() + 1,
                                              f"a record may hold at most {MAX_RECORD_MOVES} moves"))
                record.moves.append(RecordedMove(no, offset + tok.start() + 1, number, tok.group()))
            continue
        h = HEADER_LINE.match(line)
        if in_header and h:
            record.header[h.group(1).strip()] = h.group(2)
            continue
        raise RecordError(Problem(path, no, 1, "cannot read this line: expected 'N: south north; comment'"))
    return record


class RecordError(RulespecError):
    """A record that cannot be read or replayed; `problem` says where."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(str(problem))


def write_move(decisions: list[tuple[str, bool]]) -> str:
    """A whole move as one string: the decisions' labels, leaving out default choices at the
    end (notation may omit those, as Bao omits 'stop at the nyumba')."""
    labels = list(decisions)
    while labels and labels[-1][1]:
        labels.pop()
    return "".join(label for label, _ in labels)


def complete_moves(state: Any, limit: int = 400) -> list[str]:
    """Legal whole moves from `state` (at most `limit`), written as one string each."""
    out: list[str] = []

    def walk(st: Any, prefix: list[tuple[str, bool]]) -> None:
        for a in st.legal_actions():
            if len(out) >= limit:
                return
            request = st.pending_request()
            nxt = st.clone()
            nxt.apply_action(a)
            step = prefix + [(st.action_to_string(a), request is not None and request.default == a)]
            if nxt.is_terminal() or nxt.pending_request() is None:
                out.append(nxt.move_to_string(suffix=False))  # with the decisions the rules forced
            else:
                walk(nxt, step)

    walk(state, [])
    return out


def _normalise(state: Any, text: str) -> tuple[str, int]:
    """The move without annotations, with the front-row letter added to a bare number; and
    the number of trailing asterisks."""
    stars = len(text) - len(text.rstrip("*"))
    move = text.rstrip("*")
    if move[:1].isdigit():
        geo = state.game.geo
        front = [q for q in geo.own[state.current_player()] if geo.row[q] == "front"]
        move = geo.label[front[0]].rstrip("0123456789") + move
    return move, stars


def replay(game: Any, record: Record, path: str = "<record>") -> tuple[Any, list[str]]:
    """Play a record from the initial position. Returns the final state and warnings; raises
    RecordError at the first move that cannot be played, listing the legal moves."""
    from rulespec.interpreter.notation import parse_move, suffixes, written_suffix

    state = game.new_initial_state()
    warnings: list[str] = []
    tokens = record.moves
    i = 0
    while i < len(tokens):
        rec = tokens[i]
        if state.is_terminal():
            raise RecordError(Problem(path, rec.line, rec.col,
                                      f"move {rec.number}: {rec.text!r} is played after the game ended"))
        who = "South" if state.current_player() == 0 else "North"
        move, stars = _normalise(state, rec.text)
        i += 1
        try:
            if game.multi and i < len(tokens) and tokens[i].text == "x" and tokens[i].line == rec.line:
                rec = RecordedMove(rec.line, rec.col, rec.number, f"{rec.text} x {tokens[i + 1].text}"
                                   if i + 1 < len(tokens) else rec.text)
                move, actions, i = _with_captures(state, move, tokens, i)
                rec = RecordedMove(rec.line, rec.col, rec.number, move)
            else:
                actions = parse_move(state, move)
        except RulespecError as exc:
            moves = complete_moves(state, limit=21)
            legal = ", ".join(moves[:20]) + (", ..." if len(moves) > 20 else "") or "none"
            raise RecordError(Problem(path, rec.line, rec.col,
                                      f"move {rec.number} ({who}): {rec.text!r} is not legal here "
                                      f"({exc}); legal moves: {legal}")) from None
        for a in actions:
            state.apply_action(a)
        given, wanted = "*" * stars, written_suffix(state)
        if suffixes(game) and given != wanted and state.last_move is not None:
            what = f"marked {given!r}" if given else "not marked"
            warnings.append(f"{path}:{rec.line}:{rec.col}: move {rec.number} ({who}): {rec.text!r} is {what}, "
                            f"but this move is written {move + wanted!r}"
                            + (" (it captured)" if given and state.last_move.captured else ""))
    return state, warnings


def _with_captures(state: Any, move: str, tokens: list[RecordedMove], at: int) -> tuple[str, list[int], int]:
    """A move followed by " x " and the pieces it captures ("e0000 x D55 E4 3"): the list runs
    on over the line's next tokens, as many as make a legal move that captures just those
    pieces (the next move may look like one of them), MAX_CHOICE tokens at most (each try
    reads the list again). The move, its actions, the next token."""
    from rulespec.interpreter.notation import parse_move

    end = at + 1
    while end < len(tokens) and tokens[end].line == tokens[at].line and end <= at + MAX_CHOICE:
        end += 1
    error: RulespecError | None = None  # (one candidate at least: the move and "x" alone)
    for stop in range(end, at, -1):
        text = " ".join([move] + [t.text for t in tokens[at:stop]])
        try:
            return text, parse_move(state, text), stop
        except RulespecError as exc:
            error = error or exc
    assert error is not None
    raise error


def format_record(game: Any, moves: list[str], header: dict[str, str] | None = None) -> str:
    """A record of whole moves (as complete_moves writes them), two per line."""
    lines = [f"{k}: {v}" for k, v in (header or {"Variant": game.name}).items()]
    lines.append("")
    for i in range(0, len(moves), 2):
        lines.append(f"{i // 2 + 1}: " + " ".join(moves[i:i + 2]))
    return "\n".join(lines) + "\n"
