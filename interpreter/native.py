"""Whole games and the state between actions in the engine.

`Game.playouts(n)` plays n games to the end without returning to Python per action, and
`Game.new_initial_state()` gives a NativeState whose legal actions, actions, clones and
returns are the engine's (interpreter/engine.py). The engine plays every game from the
kernel's stage programs, each followed by a turn record assembled here (another turn, the next
stage, feeding, the end conditions, the scoring, marks after a move, passing, rounds, the
opening race). With RULESPEC_KERNEL=0, or where the engine's own check refuses a program, the
same loop runs over the Python `State` API and gives a result of the same shape.

The engine's games use their own seeded generator (xoshiro256**): a seed always gives the
same games, but not the games Python's `random.Random(seed)` would give. Both choose
uniformly among the legal actions, decisions inside a move included, so the statistics agree.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rulespec.errors import IllegalActionError, LimitError
from rulespec.limits import MAX_PLAYOUT_ACTIONS

from . import layout, notation, render
from .conditions import _pit_free, pit_free_part
from .context import MoveInfo
from .facts import EngineMove
from .game import _pit_candidates
from .kernel import Assembler, enabled, engine_module, engine_request, rules_entries, unflatten

from .requests import Request, forced_entry_request
from .state import as_action

TURN = layout.names("T_")
"""The turn record's slots."""
END_KINDS = [name for name in layout.names("END_") if name != "implicit"]
"""The spec's end conditions (END_IMPLICIT is the engine's own: no legal move, no end named)."""
END_REASONS = [*END_KINDS, "no_legal_move"]
"""The end_reason of each END_ code (an implicit end is the mover having no legal move)."""
TERMINAL = -4
"""to_move once the game is over (OpenSpiel's terminal player id)."""
REMAINING = layout.names("REM_")
RESULTS = layout.names("RES_")
WHO = layout.names("WHO_")
PLAYERS = ("random",)
MARKS = layout.names("MK_")
"""The marks record's slots (what happens to marks after a move)."""
LOOK_AHEADS = layout.fields("G_")
"""Condition codes only the engine's game-level evaluator reads (after a move: it plays the
look-ahead over the stages); the move kernel's own codes stay below them."""
ROUNDS = layout.names("RD_")
"""The rounds record's slots (rounds.next_round)."""
NEXT_PLAYER = layout.names("NEXT_")
RACE = layout.names("RC_")
"""The race record's slots (the opening race, interpreter/race.py)."""
RACE_NEXT = layout.names("RACE_")


class TurnAssembler(Assembler):
    """The kernel's program for one stage, followed by the turn record the engine reads."""

    def turn(self, index: int) -> int:
        """The turn record of stage `index` (this assembler's ruleset)."""
        game, rs = self.game, self.rs
        spec = game.spec
        stage = _stage(game, index)
        turn = (stage.turn if stage is not None else None) or spec.turn
        feed = spec.obligations.feed
        score = self.scoring()
        ends = [self.end(cond, prog) for cond, prog in zip(spec.end, game.ends)]
        during = [self.block([REMAINING.index(p.remaining), RESULTS.index(p.result), _needs(p),
                              END_KINDS.index(p.kind)]) for p in rs.during]
        self.game_level = True  # tested after a move: they may look ahead
        try:
            extra_turn = self.optional_test(rs.extra_turn, turn.extra_turn)
            until = self.optional_test(rs.until, stage.until if stage is not None else None)
        finally:
            self.game_level = False
        record = [
            extra_turn,
            until,
            self.optional(feed.when) if feed is not None else -1,
            score[layout.T_SCORE], score[layout.T_VALUE], score[layout.T_TOTAL],
            len(ends), self.block(ends), len(during), self.block(during),
            int(rs.may_ask),
            self.marks() if game.has_mark_rules else -1,
            int(game.pass_in_stage[index]),
            self.rounds() if game.rounds is not None else -1,
            game.first_player,
            score[layout.T_OWNED0], score[layout.T_OWNED1],
            self.race() if spec.opening is not None and index == 0 else -1,
        ]
        return self.block(record)

    def race(self) -> int:
        """The race record (the opening race is run in the first stage, race.py)."""
        opening = self.game.spec.opening
        return self.block([RACE_NEXT.index(opening.next_player), self.optional(opening.from_),
                           int(self.game.race_ends_stage)])

    def rounds(self) -> int:
        """The rounds record (rounds.RoundRules)."""
        game = self.game
        rules = game.rounds
        return self.block([rules.per_pit, rules.out_of_play, NEXT_PLAYER.index(rules.next_player),
                           -1 if rules.max_rounds is None else rules.max_rounds, game.first_player,
                           *(self.table(list(order)) for order in rules.fill_order), *(rules.held or (0, 0))])

    def marks(self) -> int:
        """The marks record: state._update_marks's events, clearers and setters."""
        game = self.game
        self.game_level = True
        try:
            clear = [self.block([game.mark_bit[name], *self.mark_test(m.clear_after_move)])
                     for name, m in game.spec.marks.items() if m.clear_after_move is not None]
            put = [self.block([*(game.owner_bits.get(name) or [game.mark_bit[name]] * 2),
                               *self.mark_test(m.set_after_move), int(m.unique), self.optional(m.unless)])
                   for name, m in game.spec.marks.items() if m.set_after_move is not None]
        finally:
            self.game_level = False
        return self.block([game.clear_on_emptied, game.clear_on_captured_move, game.clear_on_owner_moved,
                           len(clear), self.block(clear), len(put), self.block(put)])

    def mark_test(self, cond: Any) -> list[int]:
        """gate (the pit-free part, tested once), test, the candidate pits of each mover
        (game._pit_candidates)."""
        return [self.optional(pit_free_part(cond)), self.condition(cond),
                *(self.table(pits) for pits in _pit_candidates(self.game.conditions, cond))]

    game_level = False
    """Whether the look-ahead conditions may be assembled here: in the conditions tested after a
    move (marks, extra_turn, a stage's until), which the engine's mark_test evaluates."""

    def key(self, key: str, value: Any) -> int:
        if key in LOOK_AHEADS:
            assert self.game_level  # (the loader allows them only after a move)
            return self.block([LOOK_AHEADS[key], int(value)])
        return super().key(key, value)

    def optional_test(self, compiled: Any, cond: Any) -> int:
        return -1 if compiled is None else self.condition(cond)

    def end(self, cond: Any, prog: Any) -> int:
        kind = cond.kind
        args = [0, 0, 0]
        if kind == "side_empty":
            args = [WHO.index(cond.player), self.table(prog.side_pits[0]), self.table(prog.side_pits[1])]
        elif kind == "score_at_least":
            args[0] = cond.points
        elif kind == "move_limit":
            args[0] = cond.moves
        elif kind == "condition":
            # a condition about a pit is tested on the pit where the last move ended
            args = [self.condition(cond.when), int(cond.player == "next"), int(not _pit_free(cond.when))]
        return self.block([END_KINDS.index(kind), REMAINING.index(prog.remaining), RESULTS.index(prog.result),
                           _needs(prog), *args])


def _needs(prog: Any) -> int:
    return -1 if prog.winner_needs is None else prog.winner_needs


def _stage(game: Any, index: int) -> Any:
    """The stage block a ruleset was compiled from (None: the spec has no stages)."""
    return game.spec.stages[index] if game.spec.stages else None


class NativeGames:
    """A game's stages assembled for the engine's runner of whole games (built once per game,
    on first use)."""

    def __init__(self, game: Any, engine: ModuleType):
        kind_names = list(dict.fromkeys(k.name for rs in game.rulesets for k in rs.kinds))
        self.engine = engine
        stages, turns = [], []
        for index, rs in enumerate(game.rulesets):
            asm = TurnAssembler(game, rs, kind_names)
            program = asm.assemble()
            turns.append(asm.turn(index))
            stages.append(engine.Kernel(program))
        self.runner_parts = tuple(stages), tuple(turns)
        """The stages' kernels and turn-record offsets the runner was made from."""
        self.runner = engine.Runner(*self.runner_parts)

    def playouts(self, start: tuple[Any, ...], n: int, seed: int, lengths: bool, record: bool) -> tuple[Any, ...]:
        """(wins of South, of North, draws, actions, turns, lengths, records) of n random games."""
        return self.engine.playouts(self.runner, *start, n, seed, lengths, record, MAX_PLAYOUT_ACTIONS)


def native(game: Any) -> NativeGames | None:
    """The engine's runner of the game, or None where the Python State must play (the
    reason is kept in game.native_refusal)."""
    cached = game.__dict__.get("_native", False)
    if cached is not False:
        return cached
    runner, why = None, None
    if not enabled():
        why = "RULESPEC_KERNEL=0 switches it off"
    else:
        try:
            runner = NativeGames(game, engine_module())
        except ValueError as refused:  # the engine's own checks of a program it cannot run
            why = f"the kernel refuses the game's program ({refused})"
    game._native, game.native_refusal = runner, why
    return runner


def new_state(game: Any) -> Any:
    """The start as a NativeState where the engine covers the game's states, else None."""
    runner = native(game)
    return None if runner is None else native_state_class()(runner.runner, game, *game.new_position())


PLAYER_NAMES = ("South", "North")

@dataclass(frozen=True)
class RaceView:
    """The opening race in progress, as readers ask it: who chooses a start now."""

    choosing: tuple[int, ...]

    def deciding(self) -> list[int]:
        """The players choosing a start now (both at a simultaneous node)."""
        return list(self.choosing)


class CompiledState:
    """The Python State's API over a state whose turn cycle runs in the engine (its `Core`).

    legal_actions, apply_action, is_terminal, current_player, returns, history and clone run
    in the engine, and the engine answers everything else too: the position, scores, the end,
    the decision asked and the move in progress, action and move notation (a move written in
    notation read against it), the last move's facts, the opening race, snapshots and the
    board drawn as text. No Python `State` is made or read.
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
        """IllegalActionError for an action the opening race does not take, as State words it."""
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
        """State.last_move_facts."""
        return notation.last_move_facts(self)

    def move_to_string(self, suffix: bool = True) -> str:
        """State.move_to_string (in and just after the opening race, the race's last step)."""
        return notation.move_to_string(self, suffix)

    def snapshot(self) -> dict[str, Any]:
        """The position as docs/positions.md writes it, read from the engine."""
        from .snapshot import engine_snapshot

        return engine_snapshot(self)

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

    @property
    def _legal(self) -> list[int]:
        return self.legal_actions()

    @property
    def _history(self) -> list[int]:
        return self.history()

    @property
    def _returns(self) -> list[float]:
        return self.returns()

    @property
    def _seen(self) -> set[tuple[int, ...]]:
        """The positions seen since the last capture (the repetition end), as game.position_key
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
        """The opening race's last step as written (None before one)."""
        return self._race_moves() or None

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
        """State.apply_actions: both starts at a simultaneous node, played by the engine as the
        flat joint action; IllegalActionError, worded as State words it, for anything else."""
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
        """State.apply_move: the move read (notation.parse_move), its actions played by the engine."""
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

    def __copy__(self) -> CompiledState:
        return self.clone()

    def __deepcopy__(self, memo: Any) -> CompiledState:
        return self.clone()


def native_state_class() -> type:
    """NativeState: a state played by the engine's Core (made once for the engine module in
    use: compiled, or interpreted under RULESPEC_PURE=1)."""
    engine = engine_module()
    cls = _STATE_CLASSES.get(engine.__name__)
    if cls is None:
        cls = _STATE_CLASSES[engine.__name__] = type("NativeState", (CompiledState, engine.Core),
                                                     {"__slots__": (), "__doc__": "A state played by the engine."})
    return cls


_STATE_CLASSES: dict[str, type] = {}


def playouts(game: Any, n: int, seed: int = 0, players: str = "random", lengths: bool = False,
             record: bool = False) -> dict[str, Any]:
    """Play n games to the end from the start; see Game.playouts."""
    if players not in PLAYERS:
        raise ValueError(f"players must be one of {', '.join(PLAYERS)}, not {players!r}")
    if n < 0:
        raise ValueError(f"n must be at least 0, not {n}")
    runner = native(game)
    if runner is not None:
        wins0, wins1, draws, actions, turns, lens, records = runner.playouts(game.new_position(), n, seed, lengths,
                                                                             record)
        out = {"games": n, "wins": [wins0, wins1], "draws": draws, "actions": actions, "turns": turns,
               "engine": "native"}
    else:
        out, lens, records = _python_playouts(game, n, seed, lengths, record)
    if lengths:
        out["lengths"] = lens
    if record:
        out["records"] = records
    return out


def _python_playouts(game: Any, n: int, seed: int, lengths: bool, record: bool) -> tuple[dict[str, Any], Any, Any]:
    """The same games over the State API (random.Random(seed) chooses)."""
    rng = random.Random(seed)
    wins = [0, 0]
    draws = actions = turns = 0
    lens: list[int] = []
    records: list[list[int]] = []
    for _ in range(n):
        state = game.new_initial_state()
        played: list[int] = []
        count = 0
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            count += 1
            if count > MAX_PLAYOUT_ACTIONS:
                raise LimitError(f"a random game went on for more than {MAX_PLAYOUT_ACTIONS} actions without ending "
                                 f"(a spec whose games can go on for ever: a move_limit end bounds them)")
            if record:
                played.append(action)
        r = state.returns()[0]
        if r > 0:
            wins[0] += 1
        elif r < 0:
            wins[1] += 1
        else:
            draws += 1
        actions += count
        turns += state.moves_played
        lens.append(count)
        records.append(played)
    out = {"games": n, "wins": wins, "draws": draws, "actions": actions, "turns": turns, "engine": "python"}
    return out, lens if lengths else None, records if record else None
