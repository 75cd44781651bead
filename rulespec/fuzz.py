"""Fuzzing a spec through the engine: random and hypothesis-guided play, checking invariants
after every action, shrinking a failure to a short replayable record, and counting how often
each rule block fires."""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalActionError, RulespecError
from .outputs import write_output


class InvariantError(AssertionError):
    """An invariant failed; `step` is how many actions had been played."""

    def __init__(self, step: int, message: str):
        self.step = step
        super().__init__(f"after {step} actions: {message}")


@dataclass
class Stats:
    """What a fuzz run saw."""

    games: int = 0
    actions: int = 0
    ended: int = 0
    south_wins: int = 0
    north_wins: int = 0
    draws: int = 0
    longest_move: int = 0
    """The most laps (sowings) one move took."""
    fired: Counter[str] = field(default_factory=Counter)
    """How often each capture rule, end condition and stage change fired."""

    def add(self, other: Stats) -> None:
        """Add another run's counts (a campaign's batches)."""
        for name in ("games", "actions", "ended", "south_wins", "north_wins", "draws"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.longest_move = max(self.longest_move, other.longest_move)
        self.fired.update(other.fired)

    def line(self, name: str) -> str:
        mean = self.actions / self.games if self.games else 0
        fired = ", ".join(f"{k} {v}" for k, v in sorted(self.fired.items())) or "nothing fired"
        return (f"{name}: {self.games} games, {self.actions} actions, mean length {mean:.1f}, "
                f"longest move {self.longest_move} laps, South/North/draw {self.south_wins}/"
                f"{self.north_wins}/{self.draws}, unfinished {self.games - self.ended}; fired: {fired}")


def random_play_params(loaded: Any) -> dict[str, Any]:
    """The parameter values the spec (of a Game or a LoadedSpec) asks tools that play many
    random games to use (`random_play:` on a parameter), e.g. a cap on rounds the rules leave
    uncapped."""
    return {name: p.random_play for name, p in loaded.spec.parameters.items() if p.random_play is not None}


def load_for_random_play(name_or_path: Any) -> Any:
    """A variant loaded with its random-play parameter values (see random_play_params); the
    spec is read once to find them, the game compiled once."""
    import rulespec
    from .loader import load_spec

    return rulespec.load(name_or_path, **random_play_params(load_spec(name_or_path)))


def pieces(snap: dict[str, Any]) -> int:
    """Every piece a snapshot accounts for."""
    total = snap["removed"] + snap.get("in_hand", 0) + sum(snap.get("shared") or [])
    for player in snap["players"]:
        total += sum(player["pits"]) + player["store"] + player["hand"]
    return total


def points(game: Any, snap: dict[str, Any]) -> int:
    """Every point a snapshot of a game with several kinds of piece accounts for."""
    value = dict(zip(game.kind_names, game.kind_values))
    total = sum(value[k] * n for k, n in snap.get("in_hand_contents", {}).items())
    for player in snap["players"]:
        for pit in player["contents"] + [player.get("store_contents", {})]:
            total += sum(value[k] * n for k, n in pit.items())
    return total


def check_step(game: Any, state: Any, action: int, step: int, rng: random.Random) -> Any:
    """Check the invariants around one action; return the state after it."""
    snap = state.snapshot()
    if pieces(snap) != game.total_pieces:
        raise InvariantError(step, f"{pieces(snap)} pieces instead of {game.total_pieces}")
    if game.multi and points(game, snap) != game.total_points:
        raise InvariantError(step, f"{points(game, snap)} points instead of {game.total_points}")
    legal = state.legal_actions()
    if state.is_terminal():
        if legal or state.current_player() != -4:
            raise InvariantError(step, "a terminal state offers actions")
        return state
    if not legal:
        raise InvariantError(step, "a state that is not terminal has no legal action")
    for a in legal:
        text = state.action_to_string(a)
        if state.string_to_action(text) != a:
            raise InvariantError(step, f"notation does not round-trip: {a} -> {text!r}")
    illegal = rng.choice([a for a in (-1, game.num_distinct_actions, *range(game.num_distinct_actions))
                          if a not in legal][:8] or [-1])
    try:
        state.apply_action(illegal)
    except IllegalActionError:
        pass
    else:
        raise InvariantError(step, f"illegal action {illegal} was accepted")
    if state.snapshot() != snap:
        raise InvariantError(step, f"illegal action {illegal} changed the state")
    twin = state.clone()
    restored = game.state_from_snapshot(json.loads(json.dumps(snap)))
    state.apply_action(action)
    if twin.snapshot() != snap:
        raise InvariantError(step + 1, "a clone changed when its original moved")
    restored.apply_action(action)
    if restored.snapshot() != state.snapshot():
        raise InvariantError(step + 1, "a state rebuilt from its snapshot plays on differently")
    return state


def play_checked(game: Any, choose: Callable[[list[int]], int], max_actions: int,
                 stats: Stats | None = None, rng: random.Random | None = None) -> list[int]:
    """Play one game, checking after every action; return the actions played."""
    rng = rng or random.Random(0)
    state = game.new_initial_state()
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < max_actions:
        legal = state.legal_actions()
        action = choose(legal)
        state = check_step(game, state, action, len(actions), rng)
        actions.append(action)
        if stats is not None and state.pending_request() is None and state.last_move is not None:
            stats.longest_move = max(stats.longest_move, state.last_move.sowings)
            move_fired(stats.fired, state)
    if state.is_terminal():
        check_step(game, state, -1, len(actions), rng)
    replay = game.new_initial_state()
    for a in actions:
        replay.apply_action(a)
    if replay.snapshot() != state.snapshot():
        raise InvariantError(len(actions), "replaying the same actions gave a different game")
    _check_record(game, actions, state)
    check_hostile_inputs(game, state, moves_of(game, actions), len(actions), rng)
    if stats is not None:
        stats.games += 1
        stats.actions += len(actions)
        if state.is_terminal():
            stats.ended += 1
            r = state.returns()
            if r[0] > r[1]:
                stats.south_wins += 1
            elif r[1] > r[0]:
                stats.north_wins += 1
            else:
                stats.draws += 1
        end_fired(stats.fired, game, state)
    return actions


def move_fired(fired: Counter[str], state: Any) -> None:
    """Count the rules the move just completed fired (captures, relay events, marks set)."""
    if state.last_move is not None:
        fired.update(state.last_move.fired)


def end_fired(fired: Counter[str], game: Any, state: Any) -> None:
    """Count how a game finished: its end condition, and every stage it reached (stages
    follow each other one by one, so a game in its third stage went through the second)."""
    if state.is_terminal():
        fired[f"end: {state.end_reason}"] += 1
    for stage in game.stage_names[1:state.stage + 1]:
        fired[f"stage: {stage}"] += 1


def moves_of(game: Any, actions: list[int]) -> list[str]:
    """The actions grouped into whole moves, each written as one notation string."""
    from .records import write_move

    state = game.new_initial_state()
    moves: list[str] = []
    current: list[tuple[str, bool]] = []
    for a in actions:
        request = state.pending_request()
        current.append((state.action_to_string(a), request is not None and request.default == a))
        state.apply_action(a)
        if state.is_terminal() or state.pending_request() is None:
            moves.append(write_move(current))
            current = []
    if current:
        moves.append(write_move(current))
    return moves


def _check_record(game: Any, actions: list[int], final: Any) -> None:
    from .records import format_record, parse_record, replay

    moves = moves_of(game, actions)
    if final.pending_request() is not None:
        return  # a game cut off in the middle of a move has no complete record
    try:
        replayed, _ = replay(game, parse_record(format_record(game, moves)))
    except RulespecError as exc:
        raise InvariantError(len(actions), f"the game record does not replay: {exc}") from None
    if replayed.snapshot() != final.snapshot():
        raise InvariantError(len(actions), "the game record replays to a different position")


HOSTILE_VALUES: list[Any] = [-1, 0, 2**31, 10**30, None, True, 1.5, "", "x", [], {}, [[-1]], {"a": -1},
                             "<script>", "A99"]
"""Values a mutated snapshot or record is given in place of one of its own."""


def mutate(doc: Any, rng: random.Random) -> Any:
    """A copy of a JSON-like document with one value replaced, one key dropped or one list
    item duplicated, somewhere at random."""
    doc = json.loads(json.dumps(doc))
    node = doc
    for _ in range(rng.randint(1, 6)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.7:
            node = child
            continue
        roll = rng.random()
        if roll < 0.15 and isinstance(node, dict):
            del node[key]
        elif roll < 0.3 and isinstance(node, list):
            node.insert(key, child)
        elif roll < 0.45 and isinstance(child, int) and not isinstance(child, bool):
            node[key] = child + rng.choice([-1, 1, -child - 1, 2**31])
        else:
            node[key] = rng.choice(HOSTILE_VALUES)
        break
    return doc


def mutate_record(text: str, rng: random.Random) -> str:
    """A record with one token replaced, dropped or repeated, or one line of garbage added."""
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    tokens = lines[i].split(" ")
    roll = rng.random()
    if roll < 0.25:
        lines.insert(i, rng.choice(["1:", "x", "1: " + "A1" * 50, "Variant: /etc/passwd", "2: ; ;", "\t\x00"]))
    elif roll < 0.5 and len(tokens) > 1:
        del tokens[rng.randrange(len(tokens))]
    elif roll < 0.75:
        j = rng.randrange(len(tokens))
        tokens.insert(j, tokens[j])
    else:
        tokens[rng.randrange(len(tokens))] = str(rng.choice(HOSTILE_VALUES))
    lines[i] = " ".join(tokens)
    return "\n".join(lines) + "\n"


def check_hostile_inputs(game: Any, state: Any, moves: list[str], step: int, rng: random.Random,
                         tries: int = 3) -> None:
    """The game's snapshot and record, mutated: each loads and plays on, or is refused with a
    RulespecError (PositionError, RecordError, ...); anything else is a failure."""
    from .records import format_record, parse_record, replay

    snap = state.snapshot()
    for _ in range(tries):
        bad = mutate(snap, rng)
        try:
            loaded = game.state_from_snapshot(bad)
            legal = loaded.legal_actions()
            if legal:
                loaded.apply_action(rng.choice(legal))
        except RulespecError:
            continue
        except Exception as exc:  # noqa: BLE001 - that is what this check looks for
            raise InvariantError(step, f"a mutated snapshot raised {type(exc).__name__}: {exc}\n"
                                       f"{json.dumps(bad)[:2000]}") from None
    if state.pending_request() is not None:
        return
    text = mutate_record(format_record(game, moves), rng)
    try:
        replay(game, parse_record(text))
    except RulespecError:
        pass
    except Exception as exc:  # noqa: BLE001
        raise InvariantError(step, f"a mutated record raised {type(exc).__name__}: {exc}\n{text[:2000]}") from None


def chooser(choices: list[int]) -> Callable[[list[int]], int]:
    """Pick legal[choice % len(legal)] for each successive choice (0 once they run out)."""
    it = iter(choices)

    def choose(legal: list[int]) -> int:
        return legal[next(it, 0) % len(legal)]

    return choose


def fails(game: Any, choices: list[int], max_actions: int) -> InvariantError | Exception | None:
    """The failure a choice sequence leads to, or None."""
    try:
        play_checked(game, chooser(choices), max_actions)
    except Exception as exc:  # any exception from the engine is a finding
        return exc
    return None


def shrink(game: Any, choices: list[int], max_actions: int) -> list[int]:
    """A shorter choice sequence that still fails (delta debugging: drop chunks, then lower
    each choice towards zero)."""
    best = list(choices)
    chunk = max(1, len(best) // 2)
    while chunk >= 1:
        i = 0
        while i < len(best):
            candidate = best[:i] + best[i + chunk:]
            if fails(game, candidate, max_actions) is not None:
                best = candidate
            else:
                i += chunk
        chunk //= 2
    for i in range(len(best)):
        for smaller in (0, best[i] // 2):
            if smaller < best[i]:
                candidate = best[:i] + [smaller] + best[i + 1:]
                if fails(game, candidate, max_actions) is not None:
                    best = candidate
                    break
    return best


def random_games(game: Any, games: int, seed: int, max_actions: int,
                 progress: Callable[[int], None] | None = None, first: int = 0) -> tuple[Stats, list[int] | None]:
    """Random play of games first .. first+games-1 of the campaign `seed`; returns the stats
    and the first failing choice sequence (or None)."""
    stats = Stats()
    for g in range(first, first + games):
        rng = random.Random(seed * 1_000_003 + g)
        choices: list[int] = []

        def choose(legal: list[int]) -> int:
            c = rng.randrange(len(legal))
            choices.append(c)
            return legal[c]

        try:
            play_checked(game, choose, max_actions, stats, rng)
        except Exception:
            return stats, choices
        if progress:
            progress(g + 1 - first)
    return stats, None


def hypothesis_games(game: Any, games: int, seed: int, max_actions: int) -> list[int] | None:
    """Hypothesis-guided play: on failure hypothesis shrinks the choices; returns them."""
    from hypothesis import HealthCheck, Phase, given, seed as hseed, settings
    from hypothesis import strategies as st

    failing: list[list[int]] = []

    @hseed(seed)
    @settings(max_examples=games, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])
    @given(st.lists(st.integers(0, 63), max_size=max_actions))
    def run(choices: list[int]) -> None:
        failure = fails(game, choices, max_actions)
        if failure is not None:
            failing.append(choices)
            raise failure

    try:
        run()
    except Exception:
        return failing[-1] if failing else None
    return None


def write_failure(game: Any, choices: list[int], max_actions: int, path: str) -> str:
    """A replayable record of a failing game, with the failure as a comment."""
    from .records import format_record

    actions: list[int] = []
    state = game.new_initial_state()
    pick = chooser(choices)
    failure = fails(game, choices, max_actions)
    try:
        while not state.is_terminal() and len(actions) < max_actions:
            a = pick(state.legal_actions())
            state.apply_action(a)
            actions.append(a)
    except Exception:
        pass
    header = {"Variant": game.name, "Params": json.dumps(game.params), "Actions": json.dumps(actions),
              "Failure": str(failure).replace("\n", " ")}
    text = format_record(game, moves_of(game, actions), header)
    write_output(path, text)
    return text


def static_smells(game: Any) -> Iterator[str]:
    """What can be seen without playing: capture rules whose trigger no pit can meet."""
    spec = game.spec
    cc = game.conditions
    on_circuit = [set(game.rulesets[0].after[p][0]) for p in (0, 1)]
    rules = list(spec.captures) + [c for stage in spec.stages for c in (stage.captures or [])]
    for rule in rules:
        landing = [set(pits) & on_circuit[p] for p, pits in enumerate(cc.candidates(rule.when))]
        if rule.enabled and not any(landing):
            yield (f"capture rule {rule.name!r} can never trigger on this board (no pit where a lap "
                   f"can end meets its fixed keys)")


def lint(game: Any, games: int = 200, seed: int = 0, max_actions: int = 5000,
         progress: Callable[[int], None] | None = None) -> Iterator[str]:
    """Warnings about a spec: smells visible without playing, rule blocks that never fire in
    random play, and games that do not end; `progress(games played)` follows the play."""
    yield from static_smells(game)
    stats, failing = random_games(game, games, seed, max_actions, progress=progress)
    if failing is not None:
        yield f"random play breaks an invariant: {fails(game, failing, max_actions)}"
    spec = game.spec
    for name in capture_names(game):
        if not stats.fired.get(name):
            yield f"capture rule {name!r} never fired in {stats.games} random games"
    for i, stage in enumerate(game.stage_names[1:], start=1):
        if not stats.fired.get(f"stage: {stage}"):
            yield f"stage {stage!r} was never reached in {stats.games} random games"
    if stats.ended < stats.games:
        yield f"{stats.games - stats.ended} of {stats.games} random games did not end within {max_actions} actions"
    for end in spec.end:
        if not stats.fired.get(f"end: {end.kind}"):
            yield f"end condition {end.kind!r} never ended a game in {stats.games} random games"


def capture_names(game: Any) -> list[str]:
    """The enabled capture rules of every stage, once each, in the spec's order."""
    spec = game.spec
    names = [c.name for c in spec.captures if c.enabled]
    for stage in spec.stages:
        names += [c.name for c in (stage.captures or []) if c.enabled]
    return list(dict.fromkeys(names))


def rule_names(game: Any) -> list[str]:
    """Every name the rule counters can show for this game (as move_fired and end_fired
    write them): capture rules, end conditions, stages after the first."""
    return (capture_names(game) + [f"end: {e.kind}" for e in game.spec.end]
            + [f"stage: {s}" for s in game.stage_names[1:]])


@dataclass
class Divergence:
    game: int
    actions: list[int]
    before: str
    action: str
    ours: dict[str, Any]
    theirs: dict[str, Any]

    def __str__(self) -> str:
        diff = {k: (self.ours[k], self.theirs.get(k)) for k in self.ours if self.ours[k] != self.theirs.get(k)}
        lines = [f"game {self.game}: the two differ after {len(self.actions)} actions {self.actions}",
                 f"position before the last action ({self.action}):", self.before,
                 "differences (first, second): " + "; ".join(f"{k}: {a} vs {b}" for k, b_a in diff.items()
                                                             for a, b in [b_a])]
        return "\n".join(lines)


def crosscheck(first: Any, second: Any, games: int, seed: int, max_actions: int = 5000) -> Divergence | None:
    """Play the same random actions in two games (rulespec games, or a rulespec game and an
    OracleGame) and return the first divergence of legal actions, player to move, pits,
    stores, end or returns."""
    from .oracle import OracleGame, ours_view

    def view(game: Any, state: Any) -> dict[str, Any]:
        return game.view(state) if isinstance(game, OracleGame) else ours_view(state)

    rng = random.Random(seed)
    for g in range(games):
        a, b = first.new_initial_state(), second.new_initial_state()
        actions: list[int] = []
        before = str(a)
        last = "start"
        while True:
            va, vb = view(first, a), view(second, b)
            if va != vb:
                return Divergence(g, actions, before, last, va, vb)
            if a.is_terminal() or len(actions) >= max_actions:
                break
            action = rng.choice(a.legal_actions())
            player = a.current_player()
            before, last = str(a), a.action_to_string(action)
            for game, state in ((first, a), (second, b)):
                state.apply_action(game.to_theirs(player, action) if isinstance(game, OracleGame) else action)
            actions.append(action)
    return None
