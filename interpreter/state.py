"""A game's state: OpenSpiel's method names over the engine's `Core` (interpreter/engine.py).

The engine plays the turn cycle (legal actions, actions, the end, clones, returns, history);
this class answers everything else from the engine's views: the position, scores, the decision
asked, the move in progress, notation, the last move's facts, the opening race, snapshots and
the board as text. A game's states are `NativeState`s: this class over the engine module in
use (compiled, or its source run by Python under RULESPEC_PURE=1)."""
from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any

from rulespec.errors import IllegalActionError

from . import layout, notation, render
from .facts import EngineMove, MoveInfo
from .kernel import engine_module, engine_request, rules_entries, unflatten
from .native import END_REASONS, TERMINAL, native
from .requests import Request, forced_entry_request


def as_action(action: Any) -> int:
    """An action as a plain int; TypeError for anything else (a bool or a float is not an action)."""
    if isinstance(action, bool) or not isinstance(action, numbers.Integral):
        raise TypeError(f"an action is an int, not {type(action).__name__} ({action!r})")
    return int(action)


PLAYER_NAMES = ("South", "North")


@dataclass(frozen=True)
class RaceView:
    """The opening race in progress, as readers ask it: who chooses a start now."""

    choosing: tuple[int, ...]

    def deciding(self) -> list[int]:
        """The players choosing a start now (both at a simultaneous node)."""
        return list(self.choosing)


class State:
    """A game's state: the turn cycle runs in the engine (the `Core` this class is mixed into).

    legal_actions, apply_action, is_terminal, current_player, returns, history and clone run
    in the engine, and the engine answers everything else too: the position, scores, the end,
    the decision asked and the move in progress, action and move notation (a move written in
    notation read against it), the last move's facts, the opening race, snapshots and the
    board drawn as text.
    """

    __slots__ = ()

    @staticmethod
    def _as_action(action: Any) -> int:
        """Called by the engine for an action that is not a plain int."""
        return as_action(action)

    def _refuse(self, action: Any) -> None:
        """Called by the engine for an action it does not play: raises IllegalActionError with
        the legal actions in notation."""
        action = as_action(action)
        if self._racing:
            self._refuse_in_race(action)
        if self._status()[0]:
            raise IllegalActionError(action, "the game is over", [])
        legal = [self.action_to_string(a) for a in self.legal_actions()]
        raise IllegalActionError(action, f"not legal for {PLAYER_NAMES[self._position()[6]]} here", legal)

    def _refuse_start(self, player: int, action: int) -> None:
        """IllegalActionError for a start `player` cannot choose in the opening race."""
        labels = [notation.race_action_to_string(self, player, a) for a in self.legal_actions(player)]
        raise IllegalActionError(action, f"not legal for {PLAYER_NAMES[player]} in the opening race", labels)

    def _refuse_in_race(self, action: int) -> None:
        """IllegalActionError for an action the opening race does not take."""
        deciding = self.race.deciding()
        if len(deciding) == 2:
            joint = len(self.legal_actions(0)) * len(self.legal_actions(1))
            raise IllegalActionError(action, f"not a joint action of the opening race (0 to {joint - 1})", [])
        self._refuse_start(deciding[0], action)

    def action_to_string(self, *args: int) -> str:
        """`action_to_string(action)` or OpenSpiel's `action_to_string(player, action)`."""
        if self._racing:
            return notation.race_action_to_string(self, args[0] if len(args) == 2 else None, args[-1])
        return notation.action_to_string(self, args[-1])

    def string_to_action(self, *args: Any) -> int:
        """`string_to_action(text)` or `string_to_action(player, text)`; inverse of action_to_string."""
        if self._racing:
            return notation.race_string_to_action(self, args[-1])
        return notation.string_to_action(self, args[-1])

    @property
    def last_move(self) -> MoveInfo | None:
        """What the last whole move did (None before the first; the opening race is no
        move): the engine's record, played again in the stage's kernel when asked."""
        record = self._last_move()
        if record is None:
            return None
        return EngineMove(self.game, native(self.game).runner_parts[0][record[5][4]], record)

    def last_move_facts(self) -> dict[str, Any] | None:
        """What the last whole move did, in the game's labels (None before the first move):
        see docs/api.md, "The last move"."""
        return notation.last_move_facts(self)

    def move_to_string(self, suffix: bool = True) -> str:
        """The last whole move in the game's notation, as `apply_move` reads it: every
        decision, forced ones included, but trailing defaults a written move may leave out
        (and, with suffix=False, without a suffix such as `*`); "" before the first move (in
        and just after the opening race, the race's last step)."""
        return notation.move_to_string(self, suffix)

    def snapshot(self) -> dict[str, Any]:
        """The position as docs/positions.md writes it, read from the engine."""
        from .snapshot import snapshot

        return snapshot(self)

    def pending_request(self) -> Request | None:
        """The decision being asked inside a move, or None at the start of a turn."""
        asked = self._request()
        if asked is None:
            return None
        kind, at, in_hand, options, default, hand = asked
        game = self.game
        request = engine_request(game, game.rulesets[self.stage], self._position()[6], kind, at, in_hand,
                                 options, default, hand)
        return request if request.options == sorted(options) else request.restrict(options)

    def is_chance_node(self) -> bool:
        """Never: the games are deterministic."""
        return False

    def positions_seen(self) -> set[tuple[int, ...]]:
        """The positions seen since the last capture (the repetition end), as position_key
        gives them."""
        from .snapshot import seen_keys

        return set(seen_keys(self))

    @property
    def _feeding(self) -> bool:
        """Whether the player to move must give the opponent pieces."""
        return self._status()[4]

    @property
    def board(self) -> list[int]:
        """Each slot's count."""
        return self._position()[0][:self.game.geo.n_slots]

    @property
    def kinds(self) -> list[list[int]] | None:
        """With several kinds of piece, each slot's count of each kind (else None)."""
        n_kinds = len(self.game.kind_names) if self.game.initial_kinds is not None else 0
        if not n_kinds:
            return None
        n = self.game.geo.n_slots
        return unflatten(self._position()[0][n:], n_kinds)

    @property
    def marks(self) -> list[int]:
        """Each slot's marks (a bit per mark)."""
        return self._position()[1]

    @property
    def stock(self) -> list[int]:
        """Each player's pieces in hand, not yet on the board."""
        return self._position()[2]

    @property
    def removed(self) -> int:
        """Pieces out of the game."""
        return self._position()[3]

    @property
    def stage(self) -> int:
        """The index of the stage being played."""
        return self._position()[4]

    @property
    def moves_played(self) -> int:
        """Whole moves played (the opening race counts as one)."""
        return self._position()[5]

    @property
    def variables(self) -> dict[str, Any]:
        """The spec's variables now, by name: a game's value, or a player's as [South's, North's]
        (the names of its `values` where it gives them)."""
        return self.game.variables_by_name(self._position()[7])

    @property
    def variable_slots(self) -> list[int]:
        """The variables as numbers, in the engine's slots (a player's variable: South's, then
        North's): what a position key holds."""
        return self._position()[7]

    @property
    def to_move(self) -> int:
        """The player whose move it is (-4 once the game is over)."""
        return TERMINAL if self._status()[0] else self._position()[6]

    @property
    def terminal(self) -> bool:
        """Whether the game is over."""
        return self._status()[0]

    @property
    def end_reason(self) -> str | None:
        """The kind of end condition that ended the game (None while it goes on)."""
        terminal, kind = self._status()[:2]
        return END_REASONS[kind] if terminal and kind >= 0 else None  # (-1: a snapshot's end, not named)

    @property
    def round(self) -> int:
        """Rounds finished so far (games of several rounds)."""
        return self._status()[3]

    def score(self, player: int) -> int:
        """The player's score as the spec's scoring block counts it."""
        return self.scores()[player]

    def scores(self) -> list[int]:
        """Both players' scores as the spec's scoring block counts them (the final scores once
        the game is over)."""
        return list(self._scores())

    def margin(self, player: int = 0) -> int:
        """`player`'s score minus the other's (South's view by default)."""
        scores = self.scores()
        return scores[player] - scores[1 - player]

    def start_kinds(self, player: int | None = None) -> dict[int, list[str]]:
        """Each legal start action of `player` and the names of the move kinds it starts: by
        default those of the player to move (none at a simultaneous node of the opening race,
        where each chooser has their own)."""
        player = self.current_player() if player is None else player
        kinds = self.game.rulesets[self.stage].kinds
        return {action: [kinds[i].name for i in found] for action, found in self._start_kinds(player).items()}

    def position_key(self) -> tuple[int, ...]:
        """What makes two positions the same (for repetition and search tables)."""
        return self.game.position_key(self)

    @property
    def race(self) -> RaceView | None:
        """The opening race in progress as the engine runs it (None once it is over)."""
        parts = self._race()
        return None if parts is None else RaceView(tuple(p for p in (0, 1) if parts[1 + p][0]))

    @property
    def race_moves(self) -> str | None:
        """The opening race's last step as written ('C/e' for both starts of a simultaneous
        node, else the chooser's start; None before one)."""
        geo = self.game.geo
        return "/".join(geo.label[geo.own[p][action]] for p, action in self._race_last()) or None

    def rules_decisions(self, begun: Any = None) -> list[tuple[Request, int]]:
        """(request, option) of each decision the rules made for the mover in the move waiting
        for a decision, else in the last move: applied because it had one option (marked
        FORCED by the engine), or never asked (an entry the rules chose: the move played again
        traced tells them). A written move may still give them. (`begun`: where the move
        began, which the engine knows.)"""
        so_far = self._move_so_far()
        if so_far is not None:
            position, kind, pit, direction, decisions = so_far
        elif self.move_start() is not None:  # its direction asked: nothing played yet
            return []
        else:
            record = self._last_move()
            if record is None:
                return []
            kind, pit, direction, _, _, position, decisions, _ = record
        game = self.game
        rs = game.rulesets[position[4]]
        kernel = native(game).runner_parts[0][position[4]]
        given = [x & ~layout.FORCED for x in decisions]
        trace = kernel.traced_play(*position, kind, pit, direction, given)[1]
        notes = [((u, 0), forced_entry_request(game, candidates, chosen, last, hand), game.pick_base + chosen)
                 for u, chosen, last, hand, candidates in rules_entries(trace)]
        for j, x in enumerate(decisions):
            if x & layout.FORCED:
                out = kernel.play(*position, kind, pit, direction, given[:j])
                request = engine_request(game, rs, position[6], *out[5], hand_kinds=out[7])
                notes.append(((j, 1), request.restrict([given[j]]), given[j]))
        return [(request, option) for _, request, option in sorted(notes, key=lambda note: note[0])]

    def move_start(self) -> int | None:
        """The start action of the move waiting for a decision (None between moves)."""
        begun = self._move_start()
        return None if begun is None else begun[1][0]

    def apply_actions(self, actions: list[int]) -> None:
        """Both players' starts at a simultaneous node, [South's, North's] (OpenSpiel's
        apply_actions), played by the engine as the flat joint action. An illegal one raises
        IllegalActionError and changes nothing."""
        if not self.is_simultaneous_node():
            raise IllegalActionError(actions, "not a simultaneous node: use apply_action", [])
        actions = [as_action(a) for a in actions]
        if len(actions) != 2:
            raise IllegalActionError(actions, "give two actions, South's and North's", [])
        legal = self.legal_actions(0), self.legal_actions(1)
        for player, action in enumerate(actions):
            if action not in legal[player]:
                self._refuse_start(player, action)
        south, north = actions
        self.apply_action(legal[0].index(south) + len(legal[0]) * legal[1].index(north))

    def apply_move(self, text: str) -> None:
        """Play one whole move written in the game's notation (e.g. "A5<+"): all its decisions,
        or, when the text is not a legal move here, none (NotationError, the state untouched)."""
        from .notation import parse_move

        for action in parse_move(self, text):
            self.apply_action(action)

    def __str__(self) -> str:
        return self.render()

    def render(self, bottom: int = 0) -> str:
        """The board as text, `bottom`'s side nearest the reader (1: North's, turned round)."""
        return render.render(self, bottom)

    def __repr__(self) -> str:
        return f"<NativeState {self.game.name} to_move={self.to_move} moves={self.moves_played}>"

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: Any) -> State:
        return self.clone()


def native_state_class() -> type:
    """NativeState: a state played by the engine's Core (made once for the engine module in
    use: compiled, or interpreted under RULESPEC_PURE=1)."""
    engine = engine_module()
    cls = _STATE_CLASSES.get(engine.__name__)
    if cls is None:
        cls = _STATE_CLASSES[engine.__name__] = type("NativeState", (State, engine.Core),
                                                     {"__slots__": (), "__doc__": "A state played by the engine."})
    return cls


_STATE_CLASSES: dict[str, type] = {}


def new_state(game: Any) -> State:
    """The game's start as a NativeState."""
    return native_state_class()(native(game).runner, game, *game.new_position())


