"""What the web app keeps in memory: the specs it can play (shipped and uploaded), games in
progress, and replays (of a record or of a spec's worked examples)."""
from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..book.diagram import board_svg, changed_pits
from ..errors import IllegalActionError, RulespecError
from ..loader import load_spec, load_spec_text, shipped_variants, variants_dir
from ..models.end import end_reason_words
from ..players.levels import LEVELS
from ..records import write_move
from . import wording
from .animation import frames

MAX_SESSIONS = 200
"""Games and replays kept at once (the oldest dropped first)."""
MAX_UPLOADS = 100
"""Uploaded specs kept at once (the oldest dropped first)."""
UPLOAD_SECONDS = 24 * 3600
"""How long an uploaded spec stays on the server."""
MAX_LOADED = 128
"""Compiled games kept for reuse (by variant, file version and parameters)."""
HUMAN = "human"


PLAYERS = {**{name: f"{name} ({level.description})" for name, level in LEVELS.items()},
           "random": "random (any legal move)"}
"""The computer players the page offers: the levels (rulespec.players.levels), each bounded in
time, and a random player; and how the menu names them. Nothing else is taken: a visitor
cannot ask the server to think for hours (`alphabeta:100000`, `mcts:1e9s`)."""
HINT_PLAYER = "hard"
"""The level whose choice a hint shows (as in the terminal)."""


def players() -> dict[str, str]:
    return dict(PLAYERS)


def check_player(spec: str) -> None:
    """Raise PlayerSpecError unless `spec` is HUMAN or a player on the page's menu."""
    from ..players import PlayerSpecError

    if spec != HUMAN and spec not in PLAYERS:
        raise PlayerSpecError(f"player {spec[:40]!r} is not offered here; choose one of: "
                              f"{', '.join(PLAYERS.values())}")


class Store(OrderedDict):
    """Sessions by id, the oldest dropped beyond MAX_SESSIONS."""

    def add(self, item: Any) -> str:
        key = secrets.token_urlsafe(9)
        self[key] = item
        while len(self) > MAX_SESSIONS:
            self.popitem(last=False)
        return key


SHIPPED_LISTING: dict[str, tuple[Any, str, str]] = {}
"""Shipped variant -> (file version, name, summary): what the lists of variants show, read once
per file version for every app of the process (more variants ship than a library keeps
compiled)."""


@dataclass
class Library:
    """The specs the page offers: shipped variants by name, uploads by a random key (each kept
    UPLOAD_SECONDS, at most MAX_UPLOADS), and the games compiled from them, kept per file
    version and parameters; the lists of variants read only each spec's name and summary."""

    uploads: OrderedDict[str, tuple[str, str, float]] = field(default_factory=OrderedDict)
    """key -> (file name, YAML text, when uploaded)."""
    loaded: OrderedDict[tuple[Any, ...], Any] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def keys(self) -> list[str]:
        self._expire()
        return shipped_variants() + list(self.uploads)

    def add(self, filename: str, text: str) -> str:
        key = f"upload-{secrets.token_urlsafe(12)}"
        with self.lock:
            self.uploads[key] = (filename, text, time.monotonic())
            while len(self.uploads) > MAX_UPLOADS:
                self.uploads.popitem(last=False)
        return key

    def _expire(self) -> None:
        with self.lock:
            now = time.monotonic()
            for key in [k for k, (_, _, at) in self.uploads.items() if now - at > UPLOAD_SECONDS]:
                del self.uploads[key]

    def listing(self, key: str) -> tuple[str, str]:
        """A known key's name and summary, for the lists of variants, read without compiling
        the game; KeyError otherwise."""
        version = self._version(key)
        if key in self.uploads:
            name, text, _ = self.uploads[key]
            spec = load_spec_text(text, name).spec
            return spec.name, spec.summary or ""
        with self.lock:
            found = SHIPPED_LISTING.get(key)
        if found is None or found[0] != version:
            spec = load_spec(key).spec
            found = (version, spec.name, spec.summary or "")
            with self.lock:
                SHIPPED_LISTING[key] = found
        return found[1], found[2]

    def load(self, key: str, **params: Any) -> Any:
        """The Game of a known key (never a path typed into the page); KeyError otherwise."""
        from rulespec.interpreter import Game

        self._expire()
        version = self._version(key)
        cache_key = (key, version, tuple(sorted(params.items())))
        with self.lock:
            if cache_key in self.loaded:
                self.loaded.move_to_end(cache_key)
                return self.loaded[cache_key]
        if key in self.uploads:
            name, text, _ = self.uploads[key]
            game = Game(load_spec_text(text, name, **params))  # no folder: extends shipped variants only
        else:
            game = Game(load_spec(key, **params))
        with self.lock:
            self.loaded[cache_key] = game
            while len(self.loaded) > MAX_LOADED:
                self.loaded.popitem(last=False)
        return game

    def _version(self, key: str) -> Any:
        """What changes when the spec does: an upload never changes; a shipped file's stat."""
        if key in self.uploads:
            return self.uploads[key][2]
        if key not in shipped_variants():
            raise KeyError(key)
        info = (variants_dir() / f"{key}.yaml").stat()
        return info.st_mtime_ns, info.st_size


def legend(game: Any) -> list[str]:
    """What the board's signs mean, in the game's words (shown under the board)."""
    lines = ["Grey: the pits the last move changed; dashed ring: the pit it started from."]
    for name, role in game.spec.board.roles.items():
        meaning = f" ({role.meaning})" if role.meaning != name else ""
        pits = ", ".join(role.pits)
        lines.append(f"Double ring: {name}{meaning}, {pits} on each side"
                     + (f": {role.description}" if role.description else "") + ".")
    for name, mark in game.spec.marks.items():
        lines.append(f"Black triangle: marked {name}" + (f", {mark.meaning}" if mark.meaning else "") + ".")
    if game.multi:
        kinds = ", ".join(f"{sym} = {name}" for sym, name in zip(game.kind_symbols, game.kind_names))
        lines.append(f"Pieces: {kinds}.")
    return lines


def _who(player: int) -> str:
    return "South" if player == 0 else "North"


def status(st: Any) -> str:
    if st.is_terminal():
        r = st.returns()
        verdict = "a draw" if r[0] == r[1] else f"{_who(0 if r[0] > r[1] else 1)} wins"
        reason = end_reason_words(st.end_reason)
        return f"Game over: {verdict} ({reason}). South {st.score(0)}, North {st.score(1)}."
    stage = st.game.stage_names[st.stage] if len(st.game.stage_names) > 1 else ""
    return (f"{_who(st.current_player())} to move (move {st.move_number() + 1}"
            + (f", {stage} stage" if stage else "") + f"). South {st.score(0)}, North {st.score(1)}.")


class _Seat:
    """The state as one seat sees it at a simultaneous node (the opening race): that seat to
    move, its own starts legal (the wording and clicks then work as on an ordinary turn)."""

    def __init__(self, st: Any, player: int):
        self._st, self._player = st, player

    def current_player(self) -> int:
        return self._player

    def legal_actions(self, player: int | None = None) -> list[int]:
        return self._st.legal_actions(self._player if player is None else player)

    def pending_request(self) -> None:
        return None

    def action_to_string(self, *args: int) -> str:
        return self._st.action_to_string(self._player, args[-1])

    def __getattr__(self, name: str) -> Any:
        return getattr(self._st, name)


@dataclass
class Play:
    """A game in progress: who sits where, the position, the moves so far."""

    game: Any
    seats: list[str]
    """HUMAN or a rulespec.players spec, South's then North's."""
    variant: str = ""
    """The library's key of the game (a record's Variant header)."""
    params: dict[str, Any] = field(default_factory=dict)
    state: Any = None
    decisions: list[tuple[str, bool]] = field(default_factory=list)
    origin: int = -1
    direction: int = 0
    shaded: set[int] = field(default_factory=set)
    """The pits the last decision changed (shaded on the board until the next one)."""
    computers: dict[int, Any] = field(default_factory=dict, init=False)
    """The computer players by seat (0 South, 1 North), made from their specs."""
    held: int | None = None
    """South's start at a simultaneous node (the opening race), kept unseen until North chooses."""
    steps: list[tuple[int, ...]] = field(default_factory=list)
    """Every decision played, in order: (action,), or (South's, North's) at a simultaneous node;
    undo plays them again from the start up to a turn of a person's."""
    written: list[tuple[str, str]] = field(default_factory=list)
    """Each whole move: who made it (South, North, or Both in the opening race) and the move as
    a record writes it (the list of moves shown, and the saved game)."""
    turns: list[tuple[int, int]] = field(default_factory=list)
    """Where each of a person's moves began: (steps, moves written) before it."""
    resigned: int | None = None
    """The seat that resigned (the game is then over)."""
    lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    """Held while a request changes the game: two at once (a double click, six computer
    moves asked together) are played one after the other, never on one position."""

    def __post_init__(self) -> None:
        from ..players import make_player

        self.state = self.game.new_initial_state()
        self.computers = {p: make_player(spec, seed=p) for p, spec in enumerate(self.seats) if spec != HUMAN}

    def chooser(self) -> int:
        """The seat to decide: the player to move, or at a simultaneous node South and then North."""
        player = self.state.current_player()
        return (0 if self.held is None else 1) if player == -2 else player

    def seen(self) -> Any:
        """The state as the deciding seat sees it (at a simultaneous node: its own choice only)."""
        st = self.state
        return _Seat(st, self.chooser()) if not st.is_terminal() and st.current_player() == -2 else st

    def human_to_move(self) -> bool:
        return not self.over() and self.seats[self.chooser()] == HUMAN

    def _race(self, action: int) -> list[str]:
        """A seat's start at a simultaneous node: South's is held; with North's both are played."""
        from ..players import race_start

        st = self.state
        if self.held is None:
            if action not in st.legal_actions(0):
                raise IllegalActionError(action, "not one of South's starts", [])
            self.held = action
            if self.seats[1] == HUMAN:
                return []
            action = race_start(self.computers[1], st, 1)
        south, self.held = self.held, None
        return self._both(south, action)

    def _both(self, south: int, north: int) -> list[str]:
        """Both starts of a simultaneous node played at once; the animation frames."""
        st = self.state
        before = st.clone()
        st.apply_actions([south, north])
        self.steps.append((south, north))
        self.written.append(("Both", st.move_to_string(suffix=False)))
        self.shaded = changed_pits(before, st)
        return frames(before, st, 0, -1, 0)

    def apply(self, action: int) -> list[str]:
        """Apply one decision; the animation frames it makes. IllegalActionError if not legal."""
        st = self.state
        if st.current_player() == -2:
            return self._race(action)
        game = st.game
        mover = st.current_player()
        request = st.pending_request()
        label = st.action_to_string(action)
        before = st.clone()
        st.apply_action(action)
        self.steps.append((action,))
        if request is None:
            self.origin = game.geo.own[mover][action] if action < game.geo.per_player else -1
            self.direction = 0
        if request is not None and request.kind == "direction":
            self.direction = action - game.dir_base
        if st.last_move is not None and st.pending_request() is None and st.last_move.direction in (0, 1):
            self.direction = st.last_move.direction
        self.decisions.append((label, request is not None and request.default == action))
        out = frames(before, st, mover, self.origin, self.direction)
        self.shaded = changed_pits(before, st)
        if st.is_terminal() or st.pending_request() is None:
            # written by the state: with the decisions the rules forced
            self.written.append((_who(mover), st.move_to_string(suffix=False) or write_move(self.decisions)))
            self.decisions = []
        return out

    def human(self, action: int) -> list[str]:
        """A person's decision; the start of their move is kept for undo."""
        if not self.decisions and self.held is None and (not self.turns or self.turns[-1][0] != len(self.steps)):
            self.turns.append((len(self.steps), len(self.written)))
        return self.apply(action)

    def undo(self) -> dict[str, Any]:
        """Back to the start of the person's last move (or of the move they are in), the
        computer's replies taken back with it."""
        if not self.turns:
            return self.view(message="There is nothing of yours to undo.")
        steps, moves = self.turns.pop()
        kept = self.steps[:steps]
        self.state, self.steps, self.held, self.decisions = self.game.new_initial_state(), [], None, []
        self.written = self.written[:moves]
        self.resigned, self.shaded, self.origin = None, set(), -1
        for step in kept:
            if len(step) == 2:  # both starts of a simultaneous node
                self.state.apply_actions(list(step))
            else:
                self.state.apply_action(step[0])
        self.steps = kept
        return self.view(message="Taken back to the start of your last move.")

    def hint(self) -> dict[str, Any]:
        """What the hint player would decide now, in the game's notation."""
        from ..players import make_player, race_start

        if not self.human_to_move():
            return self.view(message="A hint is for your own turn.")
        helper = make_player(HINT_PLAYER, seed=len(self.steps))
        st, seat = self.state, self.chooser()
        if st.current_player() == -2:
            label = st.action_to_string(seat, race_start(helper, st, seat))
        else:
            label = st.action_to_string(helper.choose(st))
        return self.view(message=f"Hint: {label} ({PLAYERS[HINT_PLAYER]} would choose it).")

    def resign(self) -> dict[str, Any]:
        """The person to move gives the game up."""
        if not self.human_to_move():
            return self.view(message="You can resign on your own turn.")
        self.resigned = self.chooser()
        return self.view()

    def over(self) -> bool:
        return self.resigned is not None or self.state.is_terminal()

    def record(self) -> str:
        """The game so far as a record file (rulespec replay and the replay page read it)."""
        from ..records import format_record

        header = {"Variant": self.variant, "South": self.seat_name(0), "North": self.seat_name(1)}
        changed = {k: v for k, v in self.params.items() if self.game.spec.parameters[k].default != v}
        if changed:
            header["Parameters"] = ", ".join(f"{k}={v}" for k, v in changed.items())
        if self.resigned is not None:
            header["Result"] = f"{_who(self.resigned)} resigned"
        return format_record(self.game, [move for _, move in self.written], header)

    def go_on_from(self, text: str, path: str) -> str | None:
        """Play a saved record's moves (its game goes on from there); the reason it stops
        early, with the line and column of the move, or None."""
        from rulespec.interpreter.notation import parse_move

        from ..errors import Problem
        from ..records import _normalise, parse_record

        for rec in parse_record(text, path).moves:
            st = self.state
            if self.over():
                return str(Problem(path, rec.line, rec.col, f"{rec.text!r} is played after the game ended"))
            try:
                for action in parse_move(st, _normalise(st, rec.text)[0]):
                    if st.current_player() == -2:  # a flat joint action: South's index + n * North's
                        starts = [st.legal_actions(0), st.legal_actions(1)]
                        self._both(starts[0][action % len(starts[0])], starts[1][action // len(starts[0])])
                    else:
                        self.apply(action)
            except (RulespecError, ValueError) as exc:
                return str(Problem(path, rec.line, rec.col, f"{rec.text!r} cannot be played here ({exc})"))
        return None

    def seat_name(self, seat: int) -> str:
        spec = self.seats[seat]
        return "a person" if spec == HUMAN else f"computer ({PLAYERS.get(spec, spec)})"

    def computer(self) -> list[str]:
        """The computer's whole move (every decision of it); its frames."""
        st = self.state
        if st.current_player() == -2:
            from ..players import race_start

            seat = self.chooser()
            return self._race(race_start(self.computers[seat], st, seat))
        mover = st.current_player()
        computer = self.computers[mover]
        out: list[str] = []
        while not st.is_terminal() and st.current_player() == mover:
            out += self.apply(computer.choose(st))
            if st.pending_request() is None:
                break
        return out

    def view(self, frames_: list[str] | None = None, message: str | None = None) -> dict[str, Any]:
        st = self.seen()
        q = wording.question(st)
        clickable: list[int] = []
        options: list[dict[str, Any]] = []
        if self.human_to_move():
            if q is None:
                clickable = sorted(wording.start_kinds(st))
            else:
                options = [{"action": o.action, "label": o.label, "words": o.words, "slot": o.slot}
                           for o in q.options]
                clickable = sorted({o.slot for o in q.options if o.slot is not None})
        seat = self.seats[st.current_player()] if not self.over() else None
        prompt = q.text if q is not None else None
        if q is None and self.human_to_move():
            terms = st.game.spec.board.terms
            prompt = (f"{_who(st.current_player())}: click one of your {terms.pit}s ringed in green "
                      f"to sow from it.")
            if self.state.current_player() == -2:
                prompt = "The opening race: both players choose at once, neither seeing the other's choice. " + prompt
        return {
            "svg": board_svg(st, highlight=self.shaded, origin=self.origin if self.origin >= 0 else None,
                             clickable=True),
            "frames": frames_ or [],
            "status": (f"{_who(self.resigned)} resigned: {_who(1 - self.resigned)} wins."
                       if self.resigned is not None else status(st)),
            "terminal": self.over(),
            "undo": bool(self.turns),
            "human": self.human_to_move(),
            "computer": seat if seat is not None and seat != HUMAN else None,
            "question": prompt if self.human_to_move() else None,
            "options": options,
            "clickable": clickable,
            "moves": [f"{who}: {move}" for who, move in self.written] + ([f"{_who(st.current_player())}: {write_move(self.decisions)}…"]
                                   if self.decisions else []),
            "message": message,
        }

    def click(self, slot: int) -> dict[str, Any]:
        """A click on a pit: the decision it makes, or why it makes none."""
        st = self.seen()
        if not self.human_to_move():
            return self.view(message="Wait: it is the computer's turn." if not self.over()
                             else "The game is over.")
        q = wording.question(st)
        if q is None:
            geo = st.game.geo
            if 0 <= slot < geo.n_pits and geo.owner[slot] == st.current_player():
                action = geo.own[st.current_player()].index(slot)
                if action in st.legal_actions():
                    return self.view(self.human(action))
            return self.view(message=wording.why_not(st, slot))
        matching = [o for o in q.options if o.slot == slot]
        if len(matching) == 1:
            return self.view(self.human(matching[0].action))
        return self.view(message=wording.why_not(st, slot))

    def choose(self, action: int) -> dict[str, Any]:
        st = self.seen()
        if not self.human_to_move() or action not in st.legal_actions():
            return self.view(message="That choice is not open now.")
        return self.view(self.human(action))


@dataclass
class Replay:
    """Positions to step through: a record's moves, or a worked example's. Only the moves are
    kept; a position is played again from the start, or from the last one shown when it lies
    ahead, so memory and the work of one step grow linearly with the record (a copy of every
    position carried the whole history, and took gigabytes for a long record)."""

    game: Any
    title: str
    start: Any
    """The first position (never played on)."""
    moves: list[list[int]]
    """The actions of each move."""
    labels: list[str]
    """What led to each position ('' for the first)."""
    notes: list[str]
    error: str | None = None
    shown: tuple[int, Any] | None = None
    """The last position played to, and its index."""

    @property
    def count(self) -> int:
        return len(self.moves) + 1

    def position(self, index: int) -> Any:
        """Position `index` (0: the start); not to be changed by the caller."""
        done, st = (self.shown if self.shown is not None and self.shown[0] <= index else (0, self.start))
        st = st.clone()
        for actions in self.moves[done:index]:
            for action in actions:
                st.apply_action(action)
        self.shown = (index, st)
        return st

    def view(self, index: int, came_from: int | None = None) -> dict[str, Any]:
        index = max(0, min(index, self.count - 1))
        before = self.position(index - 1) if index > 0 else None
        st = self.position(index)
        anim: list[str] = []
        if came_from is not None and abs(came_from - index) == 1:
            later = max(index, came_from)
            earlier, after = (before, st) if later == index else (st, self.position(later))
            mv = after.last_move
            if mv is not None:
                anim = frames(earlier, after, mv.mover, mv.origin, mv.direction)
                if came_from > index:
                    anim = anim[::-1][1:]
        shaded, origin = set(), None
        if before is not None and st.last_move is not None:
            shaded, origin = changed_pits(before, st), st.last_move.origin
        return {
            "index": index,
            "count": self.count,
            "svg": board_svg(st, highlight=shaded, origin=origin if origin is not None and origin >= 0 else None,
                             clickable=True),
            "frames": anim,
            "status": status(st),
            "label": self.labels[index],
            "note": self.notes[index],
            "labels": self.labels,
            "error": self.error,
        }


def replay_record(game: Any, text: str, path: str) -> Replay:
    """A record's positions; a move that cannot be played stops the replay there, with the
    reason (line, column, the legal moves)."""
    from rulespec.interpreter.notation import parse_move

    from ..errors import Problem
    from ..records import RecordError, _normalise, complete_moves, parse_record

    record = parse_record(text, path)
    st = game.new_initial_state()
    start, moves, labels, notes = st.clone(), [], [""], [""]
    error = None
    for rec in record.moves:
        who = _who(st.current_player())
        if st.is_terminal():
            error = str(Problem(path, rec.line, rec.col, f"move {rec.number}: {rec.text!r} is played after the game ended"))
            break
        move, _ = _normalise(st, rec.text)
        try:
            actions = parse_move(st, move)
            for action in actions:
                st.apply_action(action)
        except RulespecError as exc:
            legal = ", ".join(complete_moves(st, limit=20))
            error = str(RecordError(Problem(path, rec.line, rec.col,
                                            f"move {rec.number} ({who}): {rec.text!r} is not legal here "
                                            f"({exc}); legal moves: {legal}")))
            break
        moves.append(list(actions))
        labels.append(f"{rec.number}. {who}: {rec.text}")
        notes.append(record.comments.get(rec.line, ""))
    title = " — ".join(v for k, v in record.header.items() if k in ("South", "North", "Event", "Date")) or game.name
    return Replay(game, title, start, moves, labels, notes, error)


def replay_example(game: Any, index: int) -> Replay:
    """A worked example's positions: its start, then each of its moves."""
    from rulespec.interpreter.notation import parse_move

    from ..examples import example_game

    game = example_game(game, index)
    example = game.spec.examples[index]
    st = game.new_initial_state() if example.position is None else game.state_from_snapshot(dict(example.position))
    start, moves, labels, notes = st.clone(), [], ["the position"], [example.caption]
    error = None
    for move in example.moves:
        who = _who(st.current_player())
        try:
            actions = parse_move(st, move)
            for action in actions:
                st.apply_action(action)
        except RulespecError as exc:
            error = f"example {index + 1}: {move!r}: {exc}"
            break
        moves.append(list(actions))
        labels.append(f"{who}: {move}")
        notes.append(example.caption)
    return Replay(game, f"Example {index + 1}", start, moves, labels, notes, error)
