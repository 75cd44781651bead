"""A game assembled for the engine: its runner of whole games and of states.

The engine (interpreter/engine.py) plays every game from the kernel's stage programs, each
followed by a turn record assembled here (another turn, the next stage, feeding, the end
conditions, the scoring, marks after a move, passing, rounds, the opening race).
`Game.playouts(n)` plays n games to the end without returning to Python per action; the
states of interpreter/state.py play one action at a time on the same runner.

The engine's games use their own seeded generator (xoshiro256**): a seed always gives the
same games. It chooses uniformly among the legal actions, decisions inside a move included.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rulespec.errors import LimitError
from rulespec.limits import MAX_PLAYOUT_ACTIONS

from . import layout
from .conditions import _pit_free, pit_free_part
from .game import _pit_candidates
from .kernel import Assembler, engine_module
from .transfers import resolve_transfers

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
LOOK_AHEADS = layout.fields("G_")
"""Condition codes only the engine's game-level evaluator reads (after a move: it plays the
look-ahead over the stages); the move kernel's own codes stay below them."""
NEXT_PLAYER = layout.names("NEXT_")
RACE_NEXT = layout.names("RACE_")
EVENTS = layout.names("EVENT_")
"""The events an effect may happen on, by the spec's name."""
WHOSE = {"mover": layout.VAR_MOVER, "opponent": layout.VAR_OPPONENT, "both": layout.VAR_BOTH}
PART_TIE = layout.names("PART_")
REMAINDER = layout.names("REMAINDER_")


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
            extra_turn = self.optional(turn.extra_turn)
            until = self.optional(stage.until if stage is not None else None)
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
            self.effects() if spec.effects else -1,
        ]
        return self.block(record)

    def effects(self) -> int:
        """The effects record: per event an effect happens on, its pieces moved (event, when,
        EFFECT_TRANSFER, steps, whose, 0), then one (event, when, op, slot, whose, value) per
        variable it sets or changes, in the spec's order."""
        game = self.game
        out = []
        self.game_level = True  # tested after a move: they may look ahead
        try:
            for effect in game.spec.effects:
                when = self.optional(effect.when)
                changes = [(layout.EFFECT_SET, name, value) for name, value in (effect.set or {}).items()]
                changes += [(layout.EFFECT_ADD, name, value) for name, value in (effect.add or {}).items()]
                steps = self.transfers(effect.transfer) if effect.transfer else -1
                for event in effect.events:
                    if steps >= 0:
                        out.append(self.block([EVENTS.index(event), when, layout.EFFECT_TRANSFER, steps,
                                               WHOSE[effect.of], 0]))
                    for op, name, value in changes:
                        variable = game.spec.variables[name]
                        who = (layout.VAR_GAME if variable.per == "game" else
                               WHOSE[effect.of])
                        number = variable.value_of(value) if op == layout.EFFECT_SET else value
                        out.append(self.block([EVENTS.index(event), when, op, game.variable_slot[name], who,
                                               max(-layout.BIG, min(layout.BIG, number))]))
        finally:
            self.game_level = False
        return self.table(out)

    def transfers(self, steps: list[Any]) -> int:
        """South's and North's steps of pieces moved by hand (transfers.resolve_transfers)."""
        return self.block([self.block([len(done), *(v for step in done for v in step)])
                           for done in (resolve_transfers(self.game, steps, p) for p in (0, 1))])

    def race(self) -> int:
        """The race record (the opening race is run in the first stage)."""
        opening = self.game.spec.opening
        return self.block([RACE_NEXT.index(opening.next_player), self.optional(opening.from_),
                           int(self.game.race_ends_stage)])

    def rounds(self) -> int:
        """The rounds record (rounds.RoundRules)."""
        game = self.game
        rules = game.rounds
        return self.block([rules.per_pit, rules.out_of_play, NEXT_PLAYER.index(rules.next_player),
                           -1 if rules.max_rounds is None else rules.max_rounds, game.first_player,
                           *(self.table(list(order)) for order in rules.fill_order), *(rules.held or (0, 0)),
                           rules.part_min, PART_TIE.index(rules.part_tie), rules.clear,
                           REMAINDER.index(rules.remainder)])

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


def native(game: Any) -> NativeGames:
    """The engine's runner of the game (assembled on first use); LimitError when the game
    exceeds what the engine holds (its own checks of the program)."""
    runner = game.__dict__.get("_native")
    if runner is None:
        try:
            runner = game._native = NativeGames(game, engine_module())
        except ValueError as refused:
            raise LimitError(f"{game.name}: the engine cannot play this game: {refused}") from None
    return runner


def playouts(game: Any, n: int, seed: int = 0, players: str = "random", lengths: bool = False,
             record: bool = False) -> dict[str, Any]:
    """Play n games to the end from the start; see Game.playouts."""
    if players not in PLAYERS:
        raise ValueError(f"players must be one of {', '.join(PLAYERS)}, not {players!r}")
    if n < 0:
        raise ValueError(f"n must be at least 0, not {n}")
    wins0, wins1, draws, actions, turns, lens, records = native(game).playouts(game.new_position(), n, seed,
                                                                               lengths, record)
    out = {"games": n, "wins": [wins0, wins1], "draws": draws, "actions": actions, "turns": turns,
           "engine": "native"}
    if lengths:
        out["lengths"] = lens
    if record:
        out["records"] = records
    return out
