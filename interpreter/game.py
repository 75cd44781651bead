"""A compiled game: the spec turned into tables and closures once, at load time."""
from __future__ import annotations

from typing import Any

from rulespec.loader import LoadedSpec
from rulespec.models import Stage

from . import kernel
from .conditions import ConditionCompiler, _pit_free, pit_free_part
from .context import MoveInfo
from .endgame import compile_end
from .geometry import build_geometry
from .holding import owner_function, pits_of
from .rounds import compile_rounds
from .rules import TAKE_ANY, compile_ruleset


class Game:
    """A playable game (OpenSpiel-style). Build it with `rulespec.load(...)`."""

    def __init__(self, loaded: LoadedSpec):
        self.loaded = loaded
        spec = self.spec = loaded.spec
        self.name = spec.name
        self.params = dict(loaded.params)
        geo = self.geo = build_geometry(spec.board)
        self.circuit = spec.board.circuit or ("own" if spec.board.ranks == 4 else "all")
        self.roles = {name: {geo.relative[p][lab] for lab in role.pits for p in (0, 1)}
                      for name, role in spec.board.roles.items()}
        self.mark_names = list(spec.marks)
        self.mark_slots: dict[str, int] = {}
        """How positions name each mark bit: the mark's name, or name:south / name:north for
        an owned mark (one bit per owner)."""
        self.owner_bits: dict[str, list[int]] = {}
        for name, rule in spec.marks.items():
            if rule.owned:
                self.owner_bits[name] = [1 << len(self.mark_slots), 1 << (len(self.mark_slots) + 1)]
                self.mark_slots[f"{name}:south"], self.mark_slots[f"{name}:north"] = self.owner_bits[name]
            else:
                self.mark_slots[name] = 1 << len(self.mark_slots)
        self.mark_bit = {name: sum(b for slot, b in self.mark_slots.items() if slot.split(":")[0] == name)
                         for name in self.mark_names}
        held = [self.owner_bits[name] for name, rule in spec.marks.items() if rule.holds_pit]
        self.held: tuple[int, int] | None = (sum(b[0] for b in held), sum(b[1] for b in held)) if held else None
        """South's and North's bits of the marks that make a pit theirs (pits changing hands);
        none: every pit belongs to its row's player."""
        self.owner_of = owner_function(geo, self.held)
        """owner_of(state, pit): whose pit it is now."""
        self.pits_of = pits_of(geo, self.held)
        """pits_of(state, player): the pits the player holds now."""
        """Mark name -> all its bits."""
        self.mark_label = {b: slot for slot, b in self.mark_slots.items()}
        stages = spec.stages or [Stage(name="play")]
        self.stage_names = [s.name for s in stages]
        self.per_player = geo.per_player
        self.dir_base = geo.per_player
        """Action ids: own pits 0..K-1, directions K (ccw) and K+1 (cw), relay go on K+2 and
        stop K+3, then one id per board slot for picking pits (captures, entries)."""
        self.relay_base = geo.per_player + 2
        self.pick_base = geo.per_player + 4
        self.number_base = self.pick_base + geo.n_slots
        """Then one id per number of pieces, for 'how many do you lift' (0 .. all pieces)."""
        self.piece_value = spec.setup.kinds[0].value

        def mask(event: str) -> int:
            return sum(self.mark_bit[n] for n, m in spec.marks.items() if event in m.cleared_when)

        self.clear_on_emptied = mask("emptied")
        self.clear_on_captured_move = mask("captured_this_move")
        self.clear_on_owner_moved = mask("owner_moved")
        cc = ConditionCompiler(geo, self.roles, self.mark_bit,
                               {n: i for i, n in enumerate(self.stage_names)}, None,
                               [k.name for k in spec.setup.kinds], self.owner_bits, self.held)
        self.conditions = cc
        self.turn_ctx = [MoveInfo(0), MoveInfo(1)]
        """Read-only move contexts for conditions tested between moves."""
        feeding = spec.obligations.feed is not None
        kinds = spec.setup.kinds
        self.kind_names = [k.name for k in kinds]
        self.kind_values = [k.value for k in kinds]
        self.kind_symbols = [k.symbol if k.symbol is not None else str(k.value) for k in kinds]
        self.capturable = [k.capturable for k in kinds]
        self.multi = len(kinds) > 1
        """Several kinds of piece: the state keeps each slot's pieces by kind."""
        self.piece_value = kinds[0].value
        owned = [sum(bits[p] for bits in self.owner_bits.values()) for p in (0, 1)]
        held = self.pits_of if self.held is not None else None
        self.score = (_kind_score_function(spec.scoring.counts, geo, self.kind_values, owned, held) if self.multi
                      else _score_function(spec.scoring.counts, geo, self.piece_value, owned, held))
        self.total_pieces = 0
        self.score_counts = tuple(spec.scoring.counts)
        during: list[Any] = [e for e in spec.end if e.during_move]
        """Compiled below, once the piece count and position keys are known."""
        self.rulesets = [
            compile_ruleset(geo, self.circuit, stage.turn or spec.turn, stage.sowing or spec.sowing,
                            stage.captures if stage.captures is not None else spec.captures,
                            stage.until, cc, self.pick_base, (mask("lifted"), mask("lifted_all")),
                            mask("captured"), during, needs_lap="count_before" in spec.model_dump_json())
            for stage in stages
        ]
        to_owner = [(bits[p], p) for n, bits in self.owner_bits.items() if spec.marks[n].sown_to_owner for p in (0, 1)]
        for rs in self.rulesets:
            rs.sown_to_owner = to_owner
            rs.capture_marks = [self.owner_bits.get(c.rule.mark) or [self.mark_bit[c.rule.mark]] * 2
                                if c.rule is not None and c.rule.mark else None for c in rs.captures]
            if to_owner or any(rs.capture_marks):
                rs.plain = False
        self.feed = cc.compile(spec.obligations.feed.when) if feeding else None
        self.race_from = (cc.compile(spec.opening.from_) if spec.opening is not None
                          and spec.opening.from_ is not None else None)
        """Where the opening race may start (None: any legal start)."""
        first_until = spec.stages[0].until if spec.stages else None
        self.race_ends_stage = first_until is not None and _pit_free(first_until)
        """Whether the first stage's until is tested when the opening race ends: a condition
        about a pit does not hold then (the race ends in no one pit)."""
        self.mark_setters = [(self.owner_bits.get(n) or [self.mark_bit[n]] * 2, _gate(cc, m.set_after_move), cc.compile(m.set_after_move), m.unique,
                              cc.compile(m.unless) if m.unless else None, _pit_candidates(cc, m.set_after_move))
                             for n, m in spec.marks.items() if m.set_after_move is not None]
        self.mark_clearers = [(self.mark_bit[n], _gate(cc, m.clear_after_move), cc.compile(m.clear_after_move),
                               _pit_candidates(cc, m.clear_after_move))
                              for n, m in spec.marks.items() if m.clear_after_move is not None]
        """(mark bit, gate, test, ...): the gate is the test's pit-free part, tested once per move."""
        self.first_player = 0 if spec.turn.first_player == "south" else 1
        self.pass_in_stage = [(stage.turn or spec.turn).no_move == "pass" for stage in stages]
        """Per stage: a player with no legal move passes."""
        self.initial_board = [spec.setup.per_pit] * geo.n_pits + [0] * (geo.n_slots - geo.n_pits)
        for p in (0, 1):
            for label, n in spec.setup.pits.items():  # (a shared pit's name: the same pit for both)
                self.initial_board[geo.relative[p][label]] = n
        self.has_mark_rules = bool(self.clear_on_emptied or self.clear_on_captured_move or self.mark_setters
                                   or self.mark_clearers or self.clear_on_owner_moved)
        self.initial_marks = [0] * geo.n_slots
        for name, labels in spec.setup.marks.items():
            for label in labels:
                for p in (0, 1):
                    self.initial_marks[geo.relative[p][label]] |= self.mark_bit[name]
        self.initial_stock = [spec.setup.stock, spec.setup.stock]
        self.initial_kinds: list[list[int]] | None = None
        if self.multi:
            contents = spec.setup.layouts.get(spec.setup.layout or "", spec.setup.contents or {})
            self.initial_kinds = [[0] * len(kinds) for _ in range(geo.n_slots)]
            for p in (0, 1):
                for label, pieces in contents.items():
                    q = geo.relative[p][label]
                    for name, n in pieces.items():
                        self.initial_kinds[q][self.kind_names.index(name)] = n
            self.initial_board = [sum(row) for row in self.initial_kinds]
        self.total_pieces = sum(self.initial_board) + 2 * spec.setup.stock
        asks_counts = any(k.take == TAKE_ANY for rs in self.rulesets for k in rs.kinds)
        self.kind_base = self.number_base + (self.total_pieces + 1 if asks_counts else 0)
        """The numbers are there only where a move asks how many pieces to lift (take: any):
        elsewhere the action space does not grow with the pieces (docs/limits.md)."""
        """Then one id per kind of piece (which kind to drop next), then one per slot and kind
        (which piece to pick)."""
        self.piece_base = self.kind_base + len(self.kind_names)
        self.num_distinct_actions = self.piece_base + geo.n_slots * len(self.kind_names)
        self.total_points = (sum(n * v for row in self.initial_kinds for n, v in zip(row, self.kind_values))
                             if self.initial_kinds else self.total_pieces * self.piece_value)
        self.victory_values = {v.margin: v.value for v in spec.scoring.victory_values}
        self._bound_hits = 0
        self.bound_example: tuple[str, str] | None = None
        """The first start refused for the lap bound: its pit and the position (for fuzz
        reports; the engine's states keep no position)."""
        self.position_key = _key_function(self)
        self.ends = [compile_end(e, self) for e in spec.end]
        self.rounds = compile_rounds(spec.rounds, self)
        # The rulesets share this list: it now gets the compiled mid-move checks.
        during[:] = [prog for prog, e in zip(self.ends, spec.end) if e.during_move]
        self.kernel_refusals: list[str] = []
        """Why stages are played by the Python path rather than the move kernel."""
        kind_names = list(dict.fromkeys(k.name for rs in self.rulesets for k in rs.kinds))
        for rs in self.rulesets:  # last: the kernel reads the tables and counts above
            rs.kernel = kernel.build(self, rs, kind_names)
        self.uses_repetition = any(e.kind == "repetition" for e in self.ends)
        self.end_checks = {
            (captured, repetition, can_move): [
                e for e in self.ends if (captured or not e.after_capture_only)
                and (repetition or e.kind != "repetition") and not (can_move and e.kind == "no_legal_move")]
            for captured in (False, True) for repetition in (False, True) for can_move in (False, True)}
        """(a capture was made, repetition is checked, the player to move can move) -> the end
        conditions that can hold then, in the spec's order (the others are not tested)."""

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"<Game {self.name}({params})>"

    @property
    def bound_hits(self) -> int:
        """Starts refused so far because their move exceeded the lap bound (a statistic), by
        the Python path and by the engine's states."""
        runner = self.__dict__.get("_native")
        if runner:
            hits, pit = runner.runner.lap_bound_hits()
            if hits:
                self._bound_hits += hits
                if self.bound_example is None:
                    self.bound_example = (self.geo.label[pit], "(a position of the engine's states)")
        return self._bound_hits

    @bound_hits.setter
    def bound_hits(self, hits: int) -> None:
        self._bound_hits = hits

    trace_moves = False
    """Record each move's laps and captures in `last_move.trace` (see `traced`)."""

    def traced(self) -> "Game":
        """A fresh copy of this game that records what each move does, lap by lap, in
        `state.last_move.trace` (the engine plays the move again, traced, when asked)."""
        copy = Game(self.loaded)
        copy.trace_moves = True
        return copy

    def without_kernel(self) -> "Game":
        """Let the Python path play every stage (the move kernel's reference); returns self."""
        for rs in self.rulesets:
            rs.kernel = None
        self._native, self.native_refusal = None, "without_kernel() switches native code off"
        return self

    def playouts(self, n: int, seed: int = 0, players: str = "random", lengths: bool = False) -> dict[str, Any]:
        """Play n games to the end from the start, every action chosen uniformly at random.

        Returns {"games", "wins": [south, north], "draws", "actions", "turns", "engine"} (and
        "lengths", the actions of each game, when asked). Native code plays them where it
        covers the game's rules (`engine` "native"), else the Python path ("python"). A seed
        always gives the same games; native and Python games differ (see interpreter/native.py).
        Rules that leave random games very long (rounds until a player cannot fill a hole) take
        long here too: load such a variant with rulespec.fuzz.load_for_random_play.
        """
        from .native import playouts

        return playouts(self, n, seed, players, lengths)

    def new_position(self) -> tuple[list[int], list[int], list[int], int, int, int, int]:
        """The start as the kernel reads a position: (board, marks, stock, removed, stage,
        moves played, player to move); with several kinds of piece the board is followed by
        each slot's count of each kind."""
        board = list(self.initial_board)
        if self.initial_kinds is not None:
            board += [n for row in self.initial_kinds for n in row]
        return (board, list(self.initial_marks), list(self.initial_stock), 0, 0, 0, self.first_player)

    def new_initial_state(self) -> Any:
        from .native import new_state
        from .state import State

        state = new_state(self)
        return state if state is not None else State.initial(self)

    def state_from_snapshot(self, snap: dict[str, Any]) -> Any:
        """The inverse of State.snapshot(): a state that plays on exactly like the original."""
        from .snapshot import state_from_snapshot

        return state_from_snapshot(self, snap)

    def num_players(self) -> int:
        return 2

    def max_utility(self) -> float:
        return 1.0

    def min_utility(self) -> float:
        return -1.0


def _score_function(counts: list[str], geo: Any, value: int, owned: list[int] | None = None,
                    held: Any = None) -> Any:
    """score(state, player) for the spec's scoring block, specialised for the common cases."""
    store, side = geo.store, geo.side_counts
    if list(counts) == ["store"]:
        return lambda st, p: st.board[store[p]] * value
    any_owned = (owned[0] | owned[1]) if owned else 0
    if list(counts) == ["store", "own_pits"] and not any_owned:
        return lambda st, p: (st.board[store[p]] + sum(side[p](st.board))) * value
    # own pits that carry an owned mark count for the mark's owner: never for the opponent, and
    # for their owner through `owned_marks` when that is counted too (not twice)
    not_own = [(owned[1 - p] | (owned[p] if "owned_marks" in counts else 0)) if owned else 0 for p in (0, 1)]

    def score(st: Any, p: int) -> int:
        total = 0
        for what in counts:
            if what == "store":
                total += st.board[store[p]]
            elif what == "own_pits":
                mask = not_own[p]
                if held is None and not mask:
                    total += sum(side[p](st.board))
                else:
                    pits = geo.own[p] if held is None else held(st, p)  # (pits held through a mark are theirs)
                    total += sum(st.board[q] for q in pits if not st.marks[q] & mask)
            elif what == "owned_marks":
                mask = owned[p] if owned else 0
                total += sum(n for n, m in zip(st.board[:geo.n_pits], st.marks) if m & mask)
            else:
                total += st.stock[p]
        return total * value

    return score


def _key_function(game: Game) -> Any:
    """position_key(state): what makes two positions the same, with no constant parts."""
    if game.multi:  # the same counts of other kinds are another position
        return lambda st: (st.to_move, st.stage, st.round, *st.board, *st.stock, *st.marks,
                           *(n for row in st.kinds for n in row))
    if len(game.stage_names) == 1 and not game.mark_names and not any(game.initial_stock):
        return lambda st: (st.to_move, *st.board)
    if game.spec.rounds is not None:
        return lambda st: (st.to_move, st.stage, st.round, *st.board, *st.stock, *st.marks)
    if game.mark_names:
        return lambda st: (st.to_move, st.stage, *st.board, *st.stock, *st.marks)
    return lambda st: (st.to_move, st.stage, *st.board, *st.stock)


def _gate(cc: ConditionCompiler, cond: Any) -> Any:
    part = pit_free_part(cond)
    return None if part is None else cc.compile(part)


def _pit_candidates(cc: ConditionCompiler, cond: Any) -> list[list[int]]:
    """Per mover, the pits a mark condition can hold for (its fixed keys, also inside `all`)."""
    parts = [cond] + list(cond.all or [])
    n_pits = cc.geo.n_pits
    out = [set(range(n_pits)), set(range(n_pits))]
    for part in parts:
        for p, pits in enumerate(cc.candidates(part)):
            out[p] &= set(pits)
    return [sorted(s) for s in out]


def _kind_score_function(counts: list[str], geo: Any, values: list[int], owned: list[int], held: Any) -> Any:
    """score(state, player) in points, summing the values of the pieces counted: the pits
    counted as _score_function counts them (there is no stock with several kinds)."""
    store, own = geo.store, geo.own
    not_own = [owned[1 - p] | (owned[p] if "owned_marks" in counts else 0) for p in (0, 1)]

    def points(row: list[int]) -> int:
        return sum(n * v for n, v in zip(row, values))

    def score(st: Any, p: int) -> int:
        total = 0
        for what in counts:
            if what == "store":
                total += points(st.kinds[store[p]])
            elif what == "own_pits":
                pits = own[p] if held is None else held(st, p)
                total += sum(points(st.kinds[q]) for q in pits if not st.marks[q] & not_own[p])
            elif what == "owned_marks":
                total += sum(points(st.kinds[q]) for q in range(geo.n_pits) if st.marks[q] & owned[p])
        return total

    return score
