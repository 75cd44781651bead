"""Playing against the computer in the terminal (`rulespec play`): moves typed in the game's
notation, and the commands a person expects of a game on a screen: undo, a hint, resigning,
saving the game as a record (the transcript `rulespec replay` reads) and going on from one.

The loop reads and writes through two functions (`ask`, `say`) so that tests drive it with
scripted input as well as through a terminal."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RulespecError
from .players import SIMULTANEOUS, race_start
from .players.levels import LEVELS
from .records import complete_moves, format_record, write_move

COMMANDS = """\
commands:
  a move       in the game's notation (`help` explains it)
  legal        list the legal moves
  hint         the move the search would play
  undo         take back your last move (and the computer's reply)
  resign       give up the game
  save [FILE]  write the game as a record (`rulespec replay FILE`, `rulespec play --from FILE`)
  quit         stop without saving"""

DECISION_WORDS = {
    "direction": "the direction of sowing: `<` towards the row's lower numbers or letters, `>` towards "
                 "the higher (`cw`/`ccw`: clockwise, counter-clockwise)",
    "relay": "`+` sows on from the pit the last piece reached, `-` stops there (a move written "
             "without either stops)",
    "capture": "`+` takes the capture (also when left out), `-` declines it",
    "pit": "a further pit the move asks for (which one a capture takes next; `-` for none more)",
    "count": "`x1`, `x2`, ...: how many pieces to lift",
    "place": "the pit to place a piece held in hand",
    "piece": "which kind of piece to sow, by its symbol",
    "entry": "where captured pieces are sown back in",
    "pick": "which pit to take",
}
"""What each kind of decision asked inside a move means, as the notation writes it."""


@dataclass
class TerminalGame:
    """One game between a person (`human`: 0 South, 1 North) and `computer`."""

    game: Any
    variant: str
    """The variant as named on the command line: a record's Variant header."""
    computer: Any
    human: int
    hinter: Any
    """The player whose choice `hint` shows (a search)."""
    say: Callable[[str], None] = print
    ask: Callable[[str], str] = input
    params: dict[str, Any] = field(default_factory=dict)
    state: Any = None
    moves: list[str] = field(default_factory=list)
    """The game so far, one record token a move (an opening race's joint start: 'C/e')."""
    checkpoints: list[tuple[Any, int]] = field(default_factory=list)
    """(state, moves so far) before each of the person's decisions, for `undo`."""
    resigned: int | None = None
    """The side that resigned, once one has."""
    shown: str = ""
    """The board as last shown (it is shown again only when it changes)."""

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.game.new_initial_state()

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game ends, the person resigns or quits (or input ends)."""
        self.say("Type a move in the game's notation, or `help` for the notation and the commands "
                 "(legal, hint, undo, resign, save, quit).")
        while not self.state.is_terminal() and self.resigned is None:
            self.show()
            if not self._humans_turn():
                self.computer_move()
                continue
            try:
                text = self.ask(self._prompt()).strip()
            except EOFError:
                self.say("")
                return
            if text in ("quit", "exit"):
                return
            self.command(text)
        self.show()
        if self.resigned is not None:
            self.say(f"{_side(self.resigned)} resigned: {_side(1 - self.resigned)} wins")

    def show(self) -> None:
        """The board, from the person's side, whenever it has changed since last shown."""
        board = self.state.render(self.human)
        if board != self.shown:
            self.say("")
            self.say(board)
            self.shown = board

    def _humans_turn(self) -> bool:
        player = self.state.current_player()
        return player == self.human or player == SIMULTANEOUS

    def _prompt(self) -> str:
        return f"your move ({self._moves_said()}): "

    def _moves_said(self) -> str:
        """The legal moves, or, when there are too many whole moves to list (a move placing
        its pieces one at a time), the options of the decision the move waits for now."""
        moves = self.legal_moves()
        st = self.state
        if len(moves) <= 40 or st.current_player() == SIMULTANEOUS:
            return _listed(moves)
        nexts = [st.action_to_string(a) for a in st.legal_actions()]
        return f"too many to list; type the move whole or part by part, the next part one of {_listed(nexts)}"

    def legal_moves(self) -> list[str]:
        st = self.state
        if st.current_player() == SIMULTANEOUS:
            return [st.action_to_string(self.human, a) for a in st.legal_actions(self.human)]
        return complete_moves(st, limit=41)

    def command(self, text: str) -> None:
        """One line typed at the prompt: a command, or a move."""
        word, _, rest = text.partition(" ")
        handlers: dict[str, Callable[[], None]] = {
            "legal": lambda: self.say("legal: " + self._moves_said()),
            "help": self.help, "?": self.help, "hint": self.hint, "undo": self.undo,
            "resign": self.resign, "save": lambda: self.save(rest.strip() or None),
        }
        if word in handlers:
            handlers[word]()
        elif text:
            self.human_move(text)

    # -- moves -------------------------------------------------------------------------------

    def human_move(self, text: str) -> None:
        """Play the person's move, or say why it cannot be played."""
        from rulespec.interpreter import EndlessMove
        from rulespec.interpreter.notation import parse_move

        st = self.state
        before = (st.clone(), len(self.moves))
        if st.current_player() == SIMULTANEOUS:
            text = self._joint_start(text)
            if text is None:
                return
        try:
            actions = parse_move(st, text)
        except EndlessMove:  # a fault of the spec, not of the move typed: the caller stops the game
            raise
        except RulespecError as exc:
            self.say(why_not(st, self.human, text, exc, self.legal_moves()))
            return
        for action in actions:
            st.apply_action(action)
        self.checkpoints.append(before)
        self._record()

    def _joint_start(self, text: str) -> str | None:
        """In the race, the person's start with the computer's (chosen unseen) as one joint
        decision 'South/North'; None (after a message) when the person's start is not legal."""
        st = self.state
        mine = [st.action_to_string(self.human, a) for a in st.legal_actions(self.human)]
        if text not in mine:
            self.say(why_not(st, self.human, text, None, mine))
            return None
        theirs = st.action_to_string(1 - self.human, race_start(self.computer, st, 1 - self.human))
        joint = f"{text}/{theirs}" if self.human == 0 else f"{theirs}/{text}"
        self.say(f"both start at once: {joint} (you {text}, the computer {theirs})")
        return joint

    def computer_move(self) -> None:
        """The computer's whole move (every decision of it), said in words."""
        written = play_move(self.computer, self.state)
        self._record(written)
        self.say(f"computer plays {written}{describe(self.state)}")

    def _record(self, written: str | None = None) -> None:
        st = self.state
        if st.is_terminal() or st.pending_request() is None:
            self.moves.append(written or st.move_to_string())

    # -- commands ----------------------------------------------------------------------------

    def undo(self) -> None:
        """Back to before the person's last decision (the computer's reply goes too)."""
        if not self.checkpoints:
            self.say("nothing to undo: you have not moved yet")
            return
        state, count = self.checkpoints.pop()
        self.state, self.moves = state, self.moves[:count]
        self.say("took back your last move")
        self.shown = ""

    def hint(self) -> None:
        """The move the search would play here, in notation."""
        st = self.state
        if st.current_player() == SIMULTANEOUS:
            move = st.action_to_string(self.human, race_start(self.hinter, st, self.human))
        else:
            move = play_move(self.hinter, st.clone())
        who = f"the {self.hinter.name} level" if self.hinter.name in LEVELS else self.hinter.name
        self.say(f"hint: {move} (what {who} would play)")

    def resign(self) -> None:
        self.resigned = self.human

    def save(self, path: str | None) -> None:
        """Write the game so far as a record."""
        target = Path(path or f"{Path(self.variant).stem}-game.txt")
        try:
            target.write_text(self.record_text(), encoding="utf-8")
        except OSError as exc:
            self.say(f"cannot write {target}: {exc.strerror or exc}")
            return
        self.say(f"saved {len(self.moves)} moves to {target} (`rulespec play {self.variant} --from {target}` "
                 f"goes on from there)")

    def record_text(self) -> str:
        header = {"Variant": self.variant}
        if self.params:
            header["Parameters"] = " ".join(f"{k}={v}" for k, v in self.params.items())
        header[_side(self.human)] = "you"
        header[_side(1 - self.human)] = f"computer ({self.computer.name})"
        if self.resigned is not None:
            header["Result"] = f"{_side(1 - self.resigned)} wins ({_side(self.resigned)} resigned)"
        return format_record(self.game, self.moves, header)

    def help(self) -> None:
        self.say(notation_help(self.game, self.human))
        self.say(COMMANDS)


def play_move(player: Any, st: Any) -> str:
    """Play `player`'s whole move on `st` (every decision of it); the move in notation."""
    mover = st.current_player()
    decisions = []
    while True:
        request = st.pending_request()
        action = player.choose(st)
        decisions.append((st.action_to_string(action), request is not None and request.default == action))
        st.apply_action(action)
        if st.is_terminal() or st.pending_request() is None or st.current_player() != mover:
            break
    return st.move_to_string() or write_move(decisions)


def describe(st: Any) -> str:
    """What the last move did, in words: ': sowed 4 seeds from C, captured 5 from d' ('' in
    the opening race, whose steps the board shows)."""
    facts = st.last_move_facts() if st.race is None else None
    if not facts or facts.get("from") is None:
        return ""
    terms = st.game.spec.board.terms
    pieces = terms.pieces or terms.piece + "s"
    lifted = facts["lifted"]
    said = (f"sowed {lifted} {terms.piece if lifted == 1 else pieces} from {facts['from']}" if lifted
            else f"played from {facts['from']}")
    if facts["laps"] > 1:
        said += f" in {facts['laps']} laps"
    taken = [f"{c['pieces']} from {c['pit']}" for c in facts["captures"]]
    if taken:
        said += ", captured " + _joined(taken)
    return ": " + said


def why_not(st: Any, mover: int, text: str, exc: Exception | None, legal: list[str]) -> str:
    """Why `text` is no legal move for `mover`, in terms of the board where it names a pit:
    'E is empty', 'e is North's pit'; else the notation's own message."""
    geo = st.game.geo
    named = max((q for q in range(geo.n_slots) if text.startswith(geo.label[q])),
                key=lambda q: len(geo.label[q]), default=None)
    if named is not None and named in geo.own[1 - mover]:
        return f"{geo.label[named]} is {_side(1 - mover)}'s pit; you play from your own ({_listed(legal)})"
    if named is not None and named < geo.n_pits and st.board[named] == 0:
        return f"{geo.label[named]} is empty; legal: {_listed(legal)}"
    if exc is not None:
        return f"illegal move: {exc}"
    return f"cannot start from {text!r}; legal: {_listed(legal)}"


def notation_help(game: Any, player: int) -> str:
    """How this game's moves are written: the pits, the decisions asked inside a move (those
    its worked examples show) and the suffixes."""
    geo = game.geo
    mine = sorted((geo.label[q] for q in geo.own[player]), key=_label_order)
    theirs = sorted((geo.label[q] for q in geo.own[1 - player]), key=_label_order)
    lines = [f"Notation of {game.name}: a move is written by the pit it starts from, then any "
             f"decision it asks on the way, all in one word.",
             f"  your pits: {' '.join(mine)}; {_side(1 - player)}'s: {' '.join(theirs)}"]
    if game.spec.opening is not None:
        lines.append("  opening race: both players choose a start at once; type yours "
                     "(the record writes both as South/North, e.g. C/e)")
    for kind, labels in decisions_seen(game).items():
        lines.append(f"  {kind}: {DECISION_WORDS.get(kind, 'a decision inside the move')}"
                     f" (seen: {' '.join(sorted(labels))})")
    for suffix, meaning in suffixes_meant(game):
        lines.append(f"  `{suffix}` after a move: {meaning} (may be left out when typing)")
    examples = [m for ex in game.spec.examples for m in ex.moves if isinstance(m, str)][:6]
    if examples:
        lines.append(f"  moves in this game's worked examples: {', '.join(dict.fromkeys(examples))}")
    return "\n".join(lines)


def decisions_seen(game: Any) -> dict[str, set[str]]:
    """The kinds of decision asked inside a move in the spec's worked examples, with the
    labels written for them."""
    from rulespec.interpreter.notation import parse_move

    seen: dict[str, set[str]] = {}
    for ex in game.spec.examples:
        try:
            st = game.state_from_snapshot(dict(ex.position)) if ex.position else game.new_initial_state()
            for move in ex.moves:
                for action in parse_move(st, move):
                    request = st.pending_request()
                    if request is not None:
                        seen.setdefault(request.kind, set()).add(st.action_to_string(action))
                    st.apply_action(action)
        except (RulespecError, ValueError, TypeError):
            continue
    return seen


def suffixes_meant(game: Any) -> list[tuple[str, str]]:
    """(suffix, what it says) for the move kinds and marks written with one."""
    spec = game.spec
    kinds = list(spec.turn.moves) + [k for stage in spec.stages if stage.turn for k in stage.turn.moves]
    named: dict[str, list[str]] = {}
    for kind in kinds:
        if kind.suffix:
            named.setdefault(kind.suffix, []).append(kind.name.replace("_", " "))
    out = {suffix: f"a move of the kind {_joined(list(dict.fromkeys(names)), 'or')}" for suffix, names in named.items()}
    out.update({m.suffix: f"the move sets the mark {name.replace('_', ' ')}"
                for name, m in spec.marks.items() if m.suffix})
    return sorted(out.items(), key=lambda item: len(item[0]))


def _label_order(label: str) -> tuple[str, int]:
    """A1, A2, ..., A10, B1: by row letter, then by number."""
    digits = label[len(label.rstrip("0123456789")):]
    return label[:len(label) - len(digits)], int(digits or 0)


def _side(player: int) -> str:
    return "South" if player == 0 else "North"


def _listed(moves: list[str]) -> str:
    return ", ".join(moves[:40]) + (", ..." if len(moves) > 40 else "") or "none"


def _joined(items: list[str], conjunction: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {conjunction} " + items[-1]
