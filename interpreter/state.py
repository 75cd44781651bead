"""A game state with OpenSpiel's method names. Plain lists of ints, copied cheaply."""
from __future__ import annotations

import numbers
from dataclasses import dataclass
from itertools import compress
from typing import Any

from rulespec.errors import IllegalActionError
from rulespec.limits import MAX_MOVES_PLAYED

from .context import MoveInfo
from .endgame import IMPLICIT_END, NOT_ENDED, finish
from .geometry import NONE
from .moves import NeedDecision, completes, legal_starts, opening_request, play, play_decided, play_plain
from .race import SIMULTANEOUS
from .requests import Request
from .rules import Start


@dataclass(frozen=True)
class Pending:
    """A move waiting for a decision: where it started, what was decided, what is asked."""

    origin: State
    """The state before the move's first decision (never changed; shared by clones)."""
    decisions: tuple[int, ...]
    """The actions the mover chose so far, the start first (as the history has them)."""
    request: Request
    played: tuple[int, ...] = ()
    """Every decision so far, those applied because they had one option included (the move
    replays from these); empty when no decision was forced (then the same as `decisions`)."""
    forced: tuple[tuple[int, Request, int], ...] = ()
    """The decisions applied because they had one option: (index in `played`, request,
    option), in order."""

    @property
    def replay(self) -> tuple[int, ...]:
        return self.played or self.decisions


def as_action(action: Any) -> int:
    """An action as a plain int; TypeError for anything else (a bool or a float is not an action)."""
    if isinstance(action, bool) or not isinstance(action, numbers.Integral):
        raise TypeError(f"an action is an int, not {type(action).__name__} ({action!r})")
    return int(action)


class State:
    __slots__ = ("game", "board", "kinds", "stock", "removed", "marks", "to_move", "stage",
                 "moves_played", "round", "terminal", "end_reason", "_returns", "_starts", "_legal",
                 "_pending", "_seen", "_history", "last_move", "_feeding", "race", "race_moves")

    def __init__(self, game: Any):
        self.game = game
        self.kinds: list[list[int]] | None = None
        self.round = 0
        """Rounds finished so far (games of several rounds)."""
        self.terminal = False
        self.end_reason: str | None = None
        self._returns = [0.0, 0.0]
        self._starts: dict[int, list[Start]] = {}
        self._legal: list[int] = []
        self._pending: Pending | None = None
        self._seen: set[tuple[int, ...]] = set()
        self._history: list[int] = []
        self.last_move: MoveInfo | None = None
        self._feeding = False
        self.race: Any = None
        """The opening race while it is run (interpreter/race.py), else None."""
        self.race_moves: str | None = None
        """The race's starts as written (South's/North's), once the race has started."""

    @classmethod
    def initial(cls, game: Any) -> State:
        st = cls(game)
        st.board = list(game.initial_board)
        st.kinds = [row[:] for row in game.initial_kinds] if game.initial_kinds else None
        st.stock = list(game.initial_stock)
        st.removed = 0
        st.marks = list(game.initial_marks)
        st.to_move = game.first_player
        st.stage = 0
        st.moves_played = 0
        if game.uses_repetition:
            st._seen.add(st.position_key())
        if game.spec.opening is not None:
            st.start_race()
        else:
            st._begin_turn(1 - st.to_move, check_repetition=False)
        return st

    # --- the opening race (a simultaneous node) ------------------------------------
    def start_race(self) -> None:
        """Both players choose their first move at once (the spec's `opening`)."""
        from .race import begin

        begin(self)
        self._race_step()

    def is_simultaneous_node(self) -> bool:
        return self.race is not None and len(self.race.deciding()) == 2

    def apply_actions(self, actions: list[int]) -> None:
        """Both players' decisions at a simultaneous node, [South's, North's] (OpenSpiel's
        apply_actions). An illegal one raises IllegalActionError and changes nothing."""
        if not self.is_simultaneous_node():
            raise IllegalActionError(actions, "not a simultaneous node: use apply_action", [])
        actions = [as_action(a) for a in actions]
        if len(actions) != 2:
            raise IllegalActionError(actions, "give two actions, South's and North's", [])
        for p, a in enumerate(actions):
            self._check_race_action(p, a)
        from .race import choose

        for p, a in enumerate(actions):
            choose(self, p, a)
            self._history.append(a)
        self.race_moves = "/".join(self.race.runners[p].chosen[-1] for p in (0, 1))
        self._race_step()

    def _check_race_action(self, player: int, action: int) -> None:
        legal = self.race.runners[player].legal
        if action not in legal:
            from .notation import action_to_string

            saved, self.to_move = self.to_move, player
            labels = [action_to_string(self, a) for a in legal]
            self.to_move = saved
            raise IllegalActionError(action, f"not legal for {_player_name(player)} in the opening race", labels)

    def _race_action(self, action: int) -> None:
        deciding = self.race.deciding()
        if len(deciding) == 2:  # a flat joint action (OpenSpiel): South's index + n * North's
            south, north = (self.race.runners[p].legal for p in (0, 1))
            if not 0 <= action < len(south) * len(north):
                raise IllegalActionError(action, "not a joint action of the opening race "
                                         f"(0 to {len(south) * len(north) - 1})", [])
            self.apply_actions([south[action % len(south)], north[action // len(south)]])
            return
        from .race import choose

        self._check_race_action(deciding[0], action)
        choose(self, deciding[0], action)
        self._history.append(action)
        self.race_moves = self.race.runners[deciding[0]].chosen[-1]
        self._race_step()

    def _race_step(self) -> None:
        """Run the race until someone must choose; once it is over, the game goes on."""
        from .race import outcome, run

        run(self)
        done = outcome(self)
        if done is None:
            return
        self.race = None
        self.moves_played = min(self.moves_played + 1, MAX_MOVES_PLAYED)
        self.to_move, last = done
        until = self.game.rulesets[self.stage].until
        if until is not None and self.game.race_ends_stage and until(self, NONE, self.game.turn_ctx[last]):
            self.stage += 1  # (a stage of its own for the race, e.g. without captures)
        if self.game.uses_repetition:
            self._seen.clear()  # the position after the race is the first one counted
        self._begin_turn(last, captured=True)

    # --- OpenSpiel API -------------------------------------------------------------
    def current_player(self) -> int:
        if self.race is not None:
            deciding = self.race.deciding()
            return SIMULTANEOUS if len(deciding) == 2 else deciding[0]
        return self.to_move

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.race is not None:
            deciding = self.race.deciding()
            if player is None:
                if len(deciding) == 2:  # flat joint actions, as OpenSpiel's legal_actions() gives
                    return list(range(len(self.race.runners[0].legal) * len(self.race.runners[1].legal)))
                player = deciding[0]
            return list(self.race.runners[player].legal) if player in deciding else []
        if player is not None and player != self.to_move:
            return []
        return list(self._legal)

    def is_terminal(self) -> bool:
        return self.terminal

    def returns(self) -> list[float]:
        return list(self._returns) if self.terminal else [0.0, 0.0]

    def rewards(self) -> list[float]:
        return self.returns()

    def history(self) -> list[int]:
        return list(self._history)

    def move_number(self) -> int:
        return self.moves_played

    def is_chance_node(self) -> bool:
        return False

    def apply_action(self, action: int) -> None:
        """Apply one decision. An illegal action raises IllegalActionError and changes nothing."""
        if type(action) is not int:
            action = as_action(action)
        if self.terminal:
            raise IllegalActionError(action, "the game is over", [])
        if self.race is not None:
            self._race_action(action)
            return
        if action not in self._legal:
            from .notation import action_to_string

            legal = [action_to_string(self, a) for a in self._legal]
            raise IllegalActionError(action, f"not legal for {_player_name(self.to_move)} here", legal)
        game = self.game
        rs = game.rulesets[self.stage]
        pending = self._pending
        self._history.append(action)
        if pending is None:
            starts = self._starts[action]
            if rs.plain or not rs.may_ask:
                marks = self.marks[:] if game.mark_names else None
                mv = play_plain(self, rs, starts[0]) if rs.plain else play_decided(self, rs, starts, [])
                mv.marks_before = marks
                self._finish_move(mv, rs)
                return
            origin = self.clone()
            origin.last_move = None  # (the move's record keeps this state: no chain of them)
            decisions: tuple[int, ...] = (action,)
            played = decisions
            forced: tuple[tuple[int, Request, int], ...] = ()
            first = opening_request(self, rs, starts)
            if first is not None and len(first.options) > 1:  # nothing moves before it: no need to play
                self._pending = Pending(origin, decisions, first)
                self._legal = first.options
                if first.in_hand:  # a stock piece, in hand until it is sown
                    self.stock[self.to_move] -= first.in_hand
                return
            if first is not None:  # one direction: forced
                forced = ((1, first, first.options[0]),)
                played += (first.options[0],)
            work = self
        else:
            origin = pending.origin
            decisions = pending.decisions + (action,)
            played = pending.replay + (action,)
            forced = pending.forced
            starts = origin._starts[decisions[0]]
            work = origin.scratch()
        filtering = (rs.must_simulate or origin._feeding) and not starts[0].kind.placement

        def settle(request: Request) -> Request | int:
            """A decision past those made: the request of the options that can still be
            completed, or the only one left (applied, not asked: docs/api.md, "Forced
            decisions")."""
            nonlocal played, forced
            if filtering:
                request = self._completable(origin, rs, starts, played, request)
            if len(request.options) != 1:
                return request
            forced += ((len(played), request, request.options[0]),)
            played += (request.options[0],)
            return request.options[0]

        while True:
            try:
                if rs.kernel is None:  # forced decisions answered within the one play
                    mv = play(work, rs, starts, _answering(list(played[1:]), settle))
                else:  # the kernel stops at each decision: forced ones replay the move in the engine
                    mv = play_decided(work, rs, starts, list(played[1:]))
                break
            except NeedDecision as need:
                request = need.request if isinstance(need, _Asked) else settle(need.request)
                if isinstance(request, Request):
                    self._adopt(work)
                    self._pending = Pending(origin, decisions, request,
                                            played if len(played) > len(decisions) else (), forced)
                    self._legal = request.options
                    return
                work = origin.scratch()
        self._adopt(work)
        self._pending = None
        mv.decisions = decisions
        mv.played = played
        mv.forced = forced
        mv.before = origin
        mv.marks_before = origin.marks
        self._finish_move(mv, rs)

    @staticmethod
    def _completable(origin: State, rs: Any, starts: list[Start], decisions: tuple[int, ...],
                     request: Request) -> Request:
        """Keep only the options that can still lead to an allowed move."""
        game = origin.game
        prefix = list(decisions[1:])
        if len(starts) > 1 or starts[0].kind.ask_direction:
            if len(decisions) == 1:
                return request  # the direction: every start offered was checked already
            start = next(s for s in starts if game.dir_base + s.direction == decisions[1])
            if not start.kind.ask_direction:  # chosen among the starts: the move itself never asks it
                prefix = prefix[1:]
        else:
            start = starts[0]
        keep = [o for o in request.options
                if completes(origin, rs, start, start.kind, origin._feeding, prefix + [o])]
        return request.restrict(keep)

    def _adopt(self, work: State) -> None:
        """Take over the position of a replayed copy."""
        if work is not self:
            self.board, self.stock, self.removed, self.marks = work.board, work.stock, work.removed, work.marks
            self.kinds = work.kinds

    def clone(self) -> State:
        c = State.__new__(State)
        c.game = self.game
        c.board = self.board[:]
        c.kinds = [row[:] for row in self.kinds] if self.kinds is not None else None
        c.stock = self.stock[:]
        c.removed = self.removed
        c.marks = self.marks[:]
        c.to_move = self.to_move
        c.stage = self.stage
        c.moves_played = self.moves_played
        c.round = self.round
        c.terminal = self.terminal
        c.end_reason = self.end_reason
        c._returns = self._returns[:]
        c._starts = self._starts
        c._legal = self._legal
        c._pending = self._pending
        c._seen = set(self._seen)
        c._history = self._history[:]
        c.last_move = self.last_move
        c._feeding = self._feeding
        c.race = self.race.clone() if self.race is not None else None
        c.race_moves = self.race_moves
        return c

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: Any) -> State:
        """A clone: the game (its compiled rules, the kernel) is shared, never copied."""
        return self.clone()

    def action_to_string(self, *args: int) -> str:
        """`action_to_string(action)` or OpenSpiel's `action_to_string(player, action)`."""
        from .notation import action_to_string, race_action_to_string

        if self.race is not None:
            return race_action_to_string(self, args[0] if len(args) == 2 else None, args[-1])
        return action_to_string(self, args[-1])

    def apply_move(self, text: str) -> None:
        """Play one whole move written in the game's notation (e.g. "A5<+"): all its decisions,
        or, when the text is not a legal move here, none (NotationError, the state untouched)."""
        from .notation import parse_move

        for action in parse_move(self, text):
            self.apply_action(action)

    def last_move_facts(self) -> dict[str, Any] | None:
        """What the last whole move did, in the game's labels (None before the first move):
        see docs/api.md, "The last move"."""
        from .notation import last_move_facts

        return last_move_facts(self)

    def move_to_string(self, suffix: bool = True) -> str:
        """The last whole move in the game's notation, as `apply_move` reads it: every
        decision, forced ones included, but trailing defaults a written move may leave out
        (and, with suffix=False, without a suffix such as `*`); "" before the first move."""
        from .notation import move_to_string

        return move_to_string(self, suffix)

    def string_to_action(self, *args: Any) -> int:
        """`string_to_action(text)` or `string_to_action(player, text)`; inverse of action_to_string."""
        from .notation import race_string_to_action, string_to_action

        if self.race is not None:
            return race_string_to_action(self, args[-1])
        return string_to_action(self, args[-1])

    def snapshot(self) -> dict[str, Any]:
        from .snapshot import snapshot

        return snapshot(self)

    def __str__(self) -> str:
        return self.render()

    def render(self, bottom: int = 0) -> str:
        """The board as text, `bottom`'s side nearest the reader (1: North's, turned round)."""
        from .render import render

        return render(self, bottom)

    def __repr__(self) -> str:
        return f"<State {self.game.name} to_move={self.to_move} moves={self.moves_played}>"

    # --- scores and keys -----------------------------------------------------------
    def score(self, player: int) -> int:
        """The player's score as the spec's scoring block counts it."""
        return self.game.score(self, player)

    def scores(self) -> list[int]:
        """Both players' scores as the spec's scoring block counts them: the final scores once
        the game is over (the end's rule for the pieces left has been applied)."""
        score = self.game.score
        return [score(self, 0), score(self, 1)]

    def margin(self, player: int = 0) -> int:
        """`player`'s score minus the other's (South's view by default): what search maximises."""
        score = self.game.score
        return score(self, player) - score(self, 1 - player)

    def start_kinds(self, player: int | None = None) -> dict[int, list[str]]:
        """Each legal start action of `player` (the player to move by default) and the names of
        the move kinds it starts (see NativeState.start_kinds)."""
        if self.race is not None:
            deciding = self.race.deciding()
            player = (deciding[0] if len(deciding) == 1 else -2) if player is None else player
            runner = self.race.runners[player] if player in deciding else None
            return {} if runner is None else {a: [s.kind.name for s in runner.starts[a]] for a in runner.legal}
        if self.terminal or self._pending is not None or player not in (None, self.to_move):
            return {}
        return {a: [s.kind.name for s in self._starts[a]] for a in self._legal}

    def position_key(self) -> tuple[int, ...]:
        """What makes two positions the same (for repetition)."""
        return self.game.position_key(self)

    def move_start(self) -> int | None:
        """The start action of the move waiting for a decision (None between moves)."""
        return self._pending.decisions[0] if self._pending is not None else None

    def rules_decisions(self, begun: State) -> list[tuple[Request, int]]:
        """(request, option) of each decision the rules made for the mover in the move begun on
        `begun` (waiting for a decision here, or just finished): applied because it had one
        option, or never asked (an entry the rules choose). A written move may still give them."""
        pending = self._pending
        if pending is not None:
            played, forced = pending.replay, pending.forced
        elif self.last_move is not None and self.last_move.played:
            played, forced = self.last_move.played, self.last_move.forced
        else:
            played, forced = tuple(self._history[len(begun._history):][:1]), ()
        notes: list[tuple[Request, int]] = []
        at_index = {i: (request, option) for i, request, option in forced}
        answers = iter(enumerate(played[1:], 1))

        def ask(request: Request) -> int:
            for i, answer in answers:
                if i in at_index:
                    notes.append(at_index[i])
                return answer
            raise NeedDecision(request)

        ask.forced = lambda request, option: notes.append((request, option))  # type: ignore[attr-defined]
        try:
            origin = begun._pending.origin if begun._pending is not None else begun  # (a move begun before)
            play(origin.scratch(), origin.game.rulesets[origin.stage], origin._starts[played[0]], ask)
        except NeedDecision:
            pass
        except Exception:  # noqa: BLE001 - a move the engine refuses is reported by the caller
            return [(request, option) for _, request, option in forced]
        return notes

    def pending_request(self) -> Request | None:
        """The decision being asked inside a move, or None at the start of a turn."""
        return self._pending.request if self._pending else None

    # --- the turn cycle ------------------------------------------------------------
    def scratch(self) -> State:
        """A bare copy for look-ahead: position only, no caches or history."""
        c = State.__new__(State)
        c.game = self.game
        c.board = self.board[:]
        c.kinds = [row[:] for row in self.kinds] if self.kinds is not None else None
        c.stock = self.stock[:]
        c.removed = self.removed
        c.marks = self.marks[:]
        c.to_move = self.to_move
        c.stage = self.stage
        c.moves_played = self.moves_played
        c.round = self.round
        c._feeding = False
        c.race = None
        c.race_moves = None
        c.terminal = False
        c.last_move = self.last_move  # what a condition ending the game during a move reads
        return c

    def _finish_move(self, mv: MoveInfo, rs: Any) -> None:
        game = self.game
        mover = mv.mover
        self.moves_played = min(self.moves_played + 1, MAX_MOVES_PLAYED)  # a counter, saturating
        self.last_move = mv
        if mv.end is not None:
            finish(self, *mv.end)
            return
        again = rs.extra_turn is not None and rs.extra_turn(self, mv.last, mv)
        if rs.until is not None and rs.until(self, mv.last, mv):
            self.stage += 1
        self.to_move = mover if again else 1 - mover
        if game.has_mark_rules:
            self._update_marks(mv)
        if mv.captured:
            self._seen.clear()
        self._begin_turn(mover, captured=bool(mv.captured))

    def _update_marks(self, mv: MoveInfo) -> None:
        """Marks after a move: events first, then the spec's clear and set conditions."""
        game = self.game
        geo = game.geo
        b = self.board
        marks = self.marks
        if game.clear_on_emptied:
            mask = game.clear_on_emptied
            for q in range(geo.n_pits):
                if marks[q] & mask and not b[q]:
                    marks[q] &= ~mask
        if mv.captured and game.clear_on_captured_move:
            for q in geo.own[mv.mover]:
                marks[q] &= ~game.clear_on_captured_move
        if game.clear_on_owner_moved:
            for q in geo.own[mv.mover]:
                marks[q] &= ~game.clear_on_owner_moved
        mv.threats = {}
        for bit, gate, test, pits in game.mark_clearers:
            if gate is not None and not gate(self, NONE, mv):
                continue
            for q in pits[mv.mover]:
                if marks[q] & bit and test(self, q, mv):
                    marks[q] &= ~bit
        for bit, gate, test, unique, unless, pits in game.mark_setters:
            if gate is not None and not gate(self, NONE, mv):
                continue
            hits = [q for q in pits[mv.mover] if test(self, q, mv)]
            if unique and len(hits) != 1:
                continue
            for q in hits:
                if unless is None or not unless(self, q, mv):
                    marks[q] |= bit[mv.mover]
                    mv.fired += (f"mark set: {game.mark_label[bit[mv.mover]].split(':')[0]}",)
        mv.threats = None

    def _begin_turn(self, last_mover: int, check_repetition: bool = True, captured: bool = True) -> None:
        game = self.game
        rs = game.rulesets[self.stage]
        simple = rs.simple_kind
        if simple is not None and not (game.feed is not None and game.feed(self, -1, game.turn_ctx[self.to_move])):
            p = self.to_move
            self._legal = list(compress(simple.aids[p], game.geo.side_counts[p](self.board)))
            self._starts = simple.by_aid[p]
            self._feeding = False
        else:
            self._legal, self._starts = legal_starts(self, rs, game.feed)
        if not self._legal and game.pass_in_stage[self.stage]:
            self._pass()
        for end in game.end_checks[captured, check_repetition, bool(self._legal)]:
            who = end.check(self, last_mover)
            if who != NOT_ENDED:
                finish(self, end, who)
                return
        if not self._legal:
            finish(self, IMPLICIT_END, self.to_move)  # the spec gave no end for this: scores decide


    def _pass(self) -> None:
        """The player to move has no move and passes: the opponent moves, if they can."""
        self.to_move = 1 - self.to_move
        legal, starts = legal_starts(self, self.game.rulesets[self.stage], self.game.feed)
        if legal:
            self._legal, self._starts = legal, starts
        else:
            self.to_move = 1 - self.to_move


class _Asked(NeedDecision):
    """A decision `settle` has already narrowed to the options still allowed."""


def _answering(decisions: list[int], settle: Any) -> Any:
    """An `ask` that answers from `decisions`, then applies the decisions `settle` finds
    forced, in the same play (a replay from the start for each forced decision made a run of
    them cost the square of its length); the first real decision raises _Asked."""
    it = iter(decisions)

    def ask(request: Request) -> int:
        for d in it:
            return d
        settled = settle(request)
        if isinstance(settled, Request):
            raise _Asked(settled)
        return settled

    return ask


def _player_name(player: int) -> str:
    return {0: "South", 1: "North"}.get(player, "nobody")
