"""A compiled game: the spec turned into tables once, at load time; the engine plays from them."""
from __future__ import annotations

from typing import Any

from rulespec.loader import LoadedSpec
from rulespec.models import Stage

from .conditions import FixedPits, _pit_free
from .endgame import compile_end
from .geometry import build_geometry
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
        cc = FixedPits(geo, self.roles, self.held)
        self.conditions = cc
        kinds = spec.setup.kinds
        self.kind_names = [k.name for k in kinds]
        self.kind_values = [k.value for k in kinds]
        self.kind_symbols = [k.symbol if k.symbol is not None else str(k.value) for k in kinds]
        self.capturable = [k.capturable for k in kinds]
        self.multi = len(kinds) > 1
        """Several kinds of piece: the state keeps each slot's pieces by kind."""
        self.piece_value = kinds[0].value
        self.total_pieces = 0
        self.score_counts = tuple(spec.scoring.counts)
        during: list[Any] = [e for e in spec.end if e.during_move]
        """Compiled below, once the piece count and position keys are known."""
        self.rulesets = [
            compile_ruleset(geo, self.circuit, stage.turn or spec.turn, stage.sowing or spec.sowing,
                            stage.captures if stage.captures is not None else spec.captures,
                            cc, self.pick_base, (mask("lifted"), mask("lifted_all")), mask("captured"), during)
            for stage in stages
        ]
        to_owner = [(bits[p], p) for n, bits in self.owner_bits.items() if spec.marks[n].sown_to_owner for p in (0, 1)]
        for rs in self.rulesets:
            rs.sown_to_owner = to_owner
            rs.capture_marks = [self.owner_bits.get(c.rule.mark) or [self.mark_bit[c.rule.mark]] * 2
                                if c.rule.mark else None for c in rs.captures]
        first_until = spec.stages[0].until if spec.stages else None
        self.race_ends_stage = first_until is not None and _pit_free(first_until)
        """Whether the first stage's until is tested when the opening race ends: a condition
        about a pit does not hold then (the race ends in no one pit)."""
        self.mark_setter_bits = [self.owner_bits.get(n) or [self.mark_bit[n]] * 2
                                 for n, m in spec.marks.items() if m.set_after_move is not None]
        """South's and North's bits of each mark set after a move, in the spec's order."""
        self.first_player = 0 if spec.turn.first_player == "south" else 1
        self.pass_in_stage = [(stage.turn or spec.turn).no_move == "pass" for stage in stages]
        """Per stage: a player with no legal move passes."""
        self.initial_board = [spec.setup.per_pit] * geo.n_pits + [0] * (geo.n_slots - geo.n_pits)
        for p in (0, 1):
            for label, n in spec.setup.pits.items():  # (a shared pit's name: the same pit for both)
                self.initial_board[geo.relative[p][label]] = n
        self.has_mark_rules = bool(self.clear_on_emptied or self.clear_on_captured_move or self.clear_on_owner_moved
                                   or any(m.set_after_move or m.clear_after_move for m in spec.marks.values()))
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
        self.variable_slot, self.initial_variables = _variable_slots(spec)
        self.position_key = _key_function(self)
        self.ends = [compile_end(e, self) for e in spec.end]
        self.rounds = compile_rounds(spec.rounds, self)
        # The rulesets share this list: it now gets the compiled mid-move checks.
        during[:] = [prog for prog, e in zip(self.ends, spec.end) if e.during_move]
        self.uses_repetition = any(e.kind == "repetition" for e in self.ends)

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"<Game {self.name}({params})>"

    @property
    def bound_hits(self) -> int:
        """Starts refused so far because their move exceeded the lap bound (a statistic)."""
        runner = self.__dict__.get("_native")
        if runner:
            hits, pit = runner.runner.lap_bound_hits()
            if hits:
                self._bound_hits += hits
                if self.bound_example is None:
                    self.bound_example = (self.geo.label[pit], "(a position of the engine's states)")
        return self._bound_hits

    trace_moves = False
    """Record each move's laps and captures in `last_move.trace` (see `traced`)."""

    def traced(self) -> "Game":
        """A fresh copy of this game that records what each move does, lap by lap, in
        `state.last_move.trace` (the engine plays the move again, traced, when asked)."""
        copy = Game(self.loaded)
        copy.trace_moves = True
        return copy

    def playouts(self, n: int, seed: int = 0, players: str = "random", lengths: bool = False) -> dict[str, Any]:
        """Play n games to the end from the start, every action chosen uniformly at random.

        Returns {"games", "wins": [south, north], "draws", "actions", "turns", "engine"} (and
        "lengths", the actions of each game, when asked), played by the engine without returning
        to Python per action (`engine` "native"). A seed always gives the same games.
        Rules that leave random games very long (rounds until a player cannot fill a hole) take
        long here too: load such a variant with rulespec.fuzz.load_for_random_play.
        """
        from .native import playouts

        return playouts(self, n, seed, players, lengths)

    def new_position(self) -> tuple[list[int], list[int], list[int], int, int, int, int, list[int]]:
        """The start as the kernel reads a position: (board, marks, stock, removed, stage,
        moves played, player to move, variables' slots); with several kinds of piece the board
        is followed by each slot's count of each kind."""
        board = list(self.initial_board)
        if self.initial_kinds is not None:
            board += [n for row in self.initial_kinds for n in row]
        return (board, list(self.initial_marks), list(self.initial_stock), 0, 0, 0, self.first_player,
                list(self.initial_variables))

    def variables_by_name(self, slots: list[int]) -> dict[str, Any]:
        """A position's variables' slots by name: a game's value, or a player's as [South's,
        North's] (the names of its `values` where it gives them)."""
        out: dict[str, Any] = {}
        for name, at in self.variable_slot.items():
            variable = self.spec.variables[name]
            if variable.per == "game":
                out[name] = variable.name_of(slots[at])
            else:
                out[name] = [variable.name_of(slots[at]), variable.name_of(slots[at + 1])]
        return out

    def slots_of_variables(self, values: dict[str, Any]) -> list[int]:
        """The inverse of variables_by_name, from the start's values for those not given;
        ValueError naming a variable or value this game does not have."""
        slots = list(self.initial_variables)
        for name, value in values.items():
            if name not in self.variable_slot:
                raise ValueError(f"unknown variable {name!r}; variables: {', '.join(self.variable_slot) or 'none'}")
            variable, at = self.spec.variables[name], self.variable_slot[name]
            if variable.per == "game":
                slots[at] = variable.value_of(value)
            elif not isinstance(value, list) or len(value) != 2:
                raise ValueError(f"variable {name!r} is kept per player: give [South's, North's]")
            else:
                slots[at], slots[at + 1] = variable.value_of(value[0]), variable.value_of(value[1])
        if any(n > 2**31 - 1 for n in slots):
            raise ValueError("a variable's value does not fit 32 bits")
        return slots

    def new_initial_state(self) -> Any:
        """The game's start."""
        from .state import new_state

        return new_state(self)

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


def _variable_slots(spec: Any) -> tuple[dict[str, int], list[int]]:
    """Each variable's first slot in a position (a player's variable takes two: South's, then
    North's) and every slot's value at the start."""
    slots: dict[str, int] = {}
    initial: list[int] = []
    for name, variable in spec.variables.items():
        slots[name] = len(initial)
        initial += [variable.value_of(variable.initial)] * (2 if variable.per == "player" else 1)
    return slots, initial


def _key_function(game: Game) -> Any:
    """position_key(state): what makes two positions the same, with no constant parts."""
    if game.initial_variables:  # (the rarest part, after all the others)
        without = _key_function_of_board(game)
        return lambda st: (*without(st), *st.variable_slots)
    return _key_function_of_board(game)


def _key_function_of_board(game: Game) -> Any:
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


def _pit_candidates(cc: FixedPits, cond: Any) -> list[list[int]]:
    """Per mover, the pits a mark condition can hold for (its fixed keys, also inside `all`)."""
    parts = [cond] + list(cond.all or [])
    n_pits = cc.geo.n_pits
    out = [set(range(n_pits)), set(range(n_pits))]
    for part in parts:
        for p, pits in enumerate(cc.candidates(part)):
            out[p] &= set(pits)
    return [sorted(s) for s in out]
