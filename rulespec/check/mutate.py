"""Mutation analysis of a spec: do its worked examples (and tests) pin down every rule?

Each mutant is the spec with one rule changed (a condition clause dropped or negated, a number
moved by one, an enum value or a name swapped, a list item removed, two move kinds' priorities
swapped). A mutant that no longer validates is skipped. A valid one is *killed* when one of the
spec's worked examples (or, on request, one of the project's tests) no longer passes. A survivor
plays random games from fixed seeds beside the original: when every game is identical action by
action it is *probably equivalent*; otherwise the first position where they part is written out
as a worked example that kills it.
"""
from __future__ import annotations

import copy
import json
import os
import random
import shutil
import subprocess
import sys
import time
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rulespec.errors import RulespecError

Path_ = tuple[Any, ...]

DOCUMENTATION = {"name", "aliases", "origin", "summary", "sources", "notes", "editor_notes", "examples", "doc",
                 "description", "caption", "meaning", "title", "note", "author", "terms", "symbol",
                 "choices"}
"""Keys whose values are words for people, not rules (never mutated)."""


# --- what the spec language allows where (read from the models once) ---------------------------

def _literal_values(tp: Any) -> Iterator[tuple[str, ...]]:
    """Every Literal's string values inside a type annotation."""
    if typing.get_origin(tp) is Literal:
        values = tuple(v for v in typing.get_args(tp) if isinstance(v, str))
        if len(values) > 1:
            yield values
        return
    for arg in typing.get_args(tp):
        yield from _literal_values(arg)


def _mentions(tp: Any, cls: type) -> bool:
    if tp is cls:
        return True
    return any(_mentions(arg, cls) for arg in typing.get_args(tp))


def _blocks() -> list[type]:
    from rulespec.models import Spec  # noqa: F401 (imports every block)
    from rulespec.models.base import Block

    seen: list[type] = []
    todo = [Block]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.append(sub)
                todo.append(sub)
    return seen


@dataclass
class Vocabulary:
    """Which keys hold conditions and which enum values each key may take."""

    condition_keys: set[str]
    enums: dict[str, list[tuple[str, ...]]]

    @classmethod
    def from_models(cls) -> Vocabulary:
        from rulespec.models import Condition

        condition_keys: set[str] = {"all", "any"}
        enums: dict[str, list[tuple[str, ...]]] = {}
        for block in _blocks():
            for name, info in block.model_fields.items():
                key = info.alias or name
                if _mentions(info.annotation, Condition):
                    condition_keys.add(key)
                for values in _literal_values(info.annotation):
                    if key != "kind" and values not in enums.setdefault(key, []):
                        enums[key].append(values)
        return cls(condition_keys, enums)


NAME_REFERENCES = {"role": "roles", "mark": "marks", "stage": "stages", "move_kind": "move kinds"}
"""Condition keys that name something the spec declares: a mutant swaps in another name."""


def declared_names(doc: dict[str, Any]) -> dict[str, list[str]]:
    """The roles, marks, stages and move kinds a spec declares."""
    board = doc.get("board") if isinstance(doc.get("board"), dict) else {}
    stages = doc.get("stages") if isinstance(doc.get("stages"), list) else []
    turns = [doc.get("turn")] + [s.get("turn") for s in stages if isinstance(s, dict)]
    kinds: list[str] = []
    for turn in turns:
        for move in (turn or {}).get("moves", []) if isinstance(turn, dict) else []:
            if isinstance(move, dict) and isinstance(move.get("name"), str) and move["name"] not in kinds:
                kinds.append(move["name"])
    return {"role": [str(r) for r in (board.get("roles") or {})],
            "mark": [str(m) for m in (doc.get("marks") or {})],
            "stage": [str(s["name"]) for s in stages if isinstance(s, dict) and "name" in s],
            "move_kind": kinds}


# --- mutants -----------------------------------------------------------------------------------

@dataclass
class Mutant:
    """One single-rule edit of the spec: where (a path in the document), what, and the result."""

    path: Path_
    description: str
    doc: dict[str, Any] = field(repr=False)


def _short(value: Any, width: int = 60) -> str:
    text = flow(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def where(doc: dict[str, Any], path: Path_) -> str:
    """A path in words: list items that have a name are called by it (moves.harvest.from)."""
    parts: list[str] = []
    node: Any = doc
    for key in path:
        if isinstance(node, list) and isinstance(key, int):
            item = node[key] if key < len(node) else None
            named = isinstance(item, dict) and isinstance(item.get("name"), str)
            parts.append(f"'{item['name']}'" if named else f"[{key + 1}]")
        else:
            parts.append(str(key))
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            node = None
    return ".".join(parts).replace(".[", "[")


def _get(doc: Any, path: Path_) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _replaced(doc: dict[str, Any], path: Path_, new: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    parent = _get(out, path[:-1])
    parent[path[-1]] = new
    return out


def _without(doc: dict[str, Any], path: Path_) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    parent = _get(out, path[:-1])
    del parent[path[-1]]
    return out


def generate(doc: dict[str, Any], vocab: Vocabulary | None = None) -> list[Mutant]:
    """Every one-rule mutant of a spec document (plain dicts and lists, before `$name`
    substitution), deduplicated; none of them validated yet."""
    vocab = vocab or Vocabulary.from_models()
    names = declared_names(doc)
    found: list[Mutant] = []
    seen = {json.dumps(doc, sort_keys=True)}

    def add(path: Path_, description: str, mutated: dict[str, Any]) -> None:
        key = json.dumps(mutated, sort_keys=True)
        if key not in seen:
            seen.add(key)
            found.append(Mutant(path, description, mutated))

    def visit(node: Any, path: Path_, is_condition: bool) -> None:
        here = where(doc, path)
        if isinstance(node, dict):
            for key, value in node.items():
                if key in DOCUMENTATION or (path == () and key == "parameters"):
                    continue
                sub = path + (key,)
                clause = f"`{key}: {_short(value)}`"
                if is_condition:
                    add(sub, f"{here}: the clause {clause} dropped", _without(doc, sub))
                    if key == "not" and isinstance(value, dict) and not set(value) & (set(node) - {"not"}):
                        unwrapped = {k: v for k, v in node.items() if k != "not"} | value
                        add(sub, f"{here}: the clause {clause} negated (its `not` removed)",
                            _replaced(doc, path, unwrapped))
                    elif key != "not":
                        rest = {k: v for k, v in node.items() if k != key}
                        negated = ({"all": [rest, {"not": {key: value}}]} if "not" in rest
                                   else rest | {"not": {key: value}})
                        add(sub, f"{here}: the clause {clause} negated", _replaced(doc, path, negated))
                elif not isinstance(value, (dict, list)) or key in vocab.condition_keys:
                    add(sub, f"{here}: {clause} dropped (the default applies)", _without(doc, sub))
                visit(value, sub, key in vocab.condition_keys and key not in ("all", "any"))
            return
        if isinstance(node, list):
            for i, item in enumerate(node):
                sub = path + (i,)
                named = isinstance(item, dict) and isinstance(item.get("name"), str)
                label = f"'{item['name']}'" if named else _short(item)
                add(sub, f"{here}: the item {label} removed", _without(doc, sub))
                if i + 1 < len(node) and isinstance(item, dict) and isinstance(node[i + 1], dict):
                    swapped = list(node)
                    swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
                    add(sub, f"{here}: items {i + 1} and {i + 2} swapped (their order, or priority)",
                        _replaced(doc, path, swapped))
                in_condition_list = path and path[-1] in ("all", "any")
                visit(item, sub, bool(in_condition_list) and isinstance(item, dict))
            return
        key = next((k for k in reversed(path) if isinstance(k, str)), "")
        if isinstance(node, bool):
            add(path, f"{here}: {str(node).lower()} -> {str(not node).lower()}", _replaced(doc, path, not node))
        elif isinstance(node, int):
            for new in (node - 1, node + 1):
                if new >= 0:
                    add(path, f"{here}: {node} -> {new}", _replaced(doc, path, new))
        elif isinstance(node, str) and not node.startswith("$"):
            options: list[str] = []
            for group in vocab.enums.get(key, []):
                if node in group:
                    options += [v for v in group if v != node and v not in options]
            if key in NAME_REFERENCES and node in names[key]:
                options += [v for v in names[key] if v != node and v not in options]
            for new in options:
                add(path, f"{here}: {node} -> {new}", _replaced(doc, path, new))

    for key, value in doc.items():
        if key in DOCUMENTATION:
            continue
        if key == "parameters" and isinstance(value, dict):
            for name, param in value.items():
                if isinstance(param, dict) and "default" in param:
                    visit(param["default"], ("parameters", name, "default"), False)
            continue
        visit(value, (key,), key in vocab.condition_keys)
    return found


# --- playing a mutant ---------------------------------------------------------------------------

def load_doc(doc: dict[str, Any], path: str) -> Any:
    """A playable game from a spec document, through the normal loader (JSON is YAML).
    Raises RulespecError when it does not validate."""
    from rulespec.interpreter import Game

    from rulespec.loader import load_spec_tree
    from rulespec.yamlio import SourceMap

    tree = copy.deepcopy(doc)  # the loader substitutes parameters in place
    return Game(load_spec_tree(tree, SourceMap(tree, path), json.dumps(doc), Path(path).parent))


def examples_fail(game: Any) -> str | None:
    """The first worked example that no longer passes, in words; None when all pass."""
    from rulespec.examples import run_example

    for i, example in enumerate(game.spec.examples):
        try:
            _, problems = run_example(game, i)
        except RulespecError as exc:
            return f"example {i + 1} ({_caption(example.caption)}): {exc}"
        if problems:
            path, message = problems[0]
            return f"example {i + 1} ({_caption(example.caption)}): {message}"
    return None


def _caption(text: str | None) -> str:
    text = (text or "").strip()
    return text.split(". ")[0][:60] or "no caption"


IGNORED = ("variant", "params")


def _view(state: Any) -> dict[str, Any]:
    snap = state.snapshot()
    return {k: v for k, v in snap.items() if k not in IGNORED}


@dataclass
class Difference:
    """Where a mutant's game first parts from the original's."""

    game: int
    move_start: dict[str, Any]
    decisions: list[tuple[str, bool]]
    what: str
    example: dict[str, Any] | None = None
    confirmed: bool = False


MAX_ACTIONS = 3000
"""Actions after which a compared game is cut off (`rulespec mutate --max-actions`)."""


def compare(original: Any, mutant: Any, games: int, seed: int, max_actions: int = MAX_ACTIONS) -> Difference | None:
    """Play `games` random games (seeds seed, seed+1, ...) choosing among the original's legal
    actions; compare legal actions at every decision and the whole position after every move."""
    from rulespec.records import complete_moves

    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        a, b = original.new_initial_state(), mutant.new_initial_state()
        start_a, start_b = a.clone(), b.clone()
        decisions: list[tuple[str, bool]] = []
        for _ in range(max_actions):
            if a.is_terminal() or b.is_terminal():
                break
            # The same moves in another order is the same rule (e.g. bead kinds listed in
            # another order): compared as sets, and the mutant plays the move of the same name.
            legal_a = [a.action_to_string(x) for x in a.legal_actions()]
            legal_b = [b.action_to_string(x) for x in b.legal_actions()]
            if sorted(legal_a) != sorted(legal_b) or a.current_player() != b.current_player():
                moves_a = complete_moves(start_a, limit=500)
                moves_b = complete_moves(start_b, limit=500)
                return Difference(g, start_a.snapshot(), decisions,
                                  f"legal moves differ: original {moves_a}, mutant {moves_b}")
            ids_a, ids_b = a.legal_actions(), b.legal_actions()
            action = rng.choice(ids_a)
            request = a.pending_request()
            decisions.append((a.action_to_string(action), request is not None and request.default == action))
            a.apply_action(action)
            b.apply_action(ids_b[legal_b.index(legal_a[ids_a.index(action)])])
            if a.pending_request() is None or a.is_terminal():
                view_a, view_b = _view(a), _view(b)
                if view_a != view_b:
                    keys = [k for k in view_a if view_a.get(k) != view_b.get(k)]
                    return Difference(g, start_a.snapshot(), decisions,
                                      f"after the move, {', '.join(keys)} differ")
                start_a, start_b = a.clone(), b.clone()
                decisions = []
        else:
            continue
        if a.is_terminal() != b.is_terminal():
            return Difference(g, start_a.snapshot(), decisions, "one game ended and the other did not")
    return None


# --- the worked example that kills a survivor ----------------------------------------------------

def _position(snap: dict[str, Any], keep_extra: set[str]) -> dict[str, Any]:
    """A snapshot trimmed to what a worked example's position needs."""
    out: dict[str, Any] = {}
    race = snap.get("race")
    if race:  # a simultaneous opening in progress: `race: true` while it is still to begin
        fresh = race.get("step") == 0 and all(p.get("choosing") and not p.get("chosen") for p in race["players"])
        out["race"] = True if fresh else race
    if snap.get("stage") is not None and "stages" in keep_extra:
        out["stage"] = snap["stage"]
    out["to_move"] = snap.get("to_move")
    if "moves_played" in keep_extra and snap.get("moves_played"):
        out["moves_played"] = snap["moves_played"]
    if snap.get("marks") and any(snap["marks"].values()):
        out["marks"] = snap["marks"]
    out["players"] = [_player(p) for p in snap["players"]]
    for key in ("shared", "removed"):
        if snap.get(key):
            out[key] = snap[key]
    if "repetition" in keep_extra and snap.get("repetition"):
        out["repetition"] = snap["repetition"]
    return out


def _player(p: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if "contents" in p:
        out["contents"] = p["contents"]
    elif "rows" in p:
        out["rows"] = p["rows"]
    else:
        out["pits"] = p["pits"]
    for key in ("store", "hand"):
        if p.get(key):
            out[key] = p[key]
    if p.get("store_contents") and any(p["store_contents"].values()):
        out["store_contents"] = p["store_contents"]
    return out


def _expect(snap: dict[str, Any], keep_extra: set[str]) -> dict[str, Any]:
    out = _position(snap, keep_extra)
    out.pop("repetition", None)
    if snap.get("race"):
        out["race"] = snap["race"]  # compared as the snapshot gives it
    for player, state in zip(out["players"], snap["players"]):
        if "score" in state:  # what the scoring rules count, so a scoring mutant shows
            player["score"] = state["score"]
    if snap.get("marks"):
        out["marks"] = snap["marks"]
    if snap.get("terminal"):
        out.pop("to_move", None)
        out["terminal"] = True
        out["returns"] = snap.get("returns")
        if snap.get("end_reason"):
            out["end_reason"] = snap["end_reason"]
    return out


def killing_example(original: Any, diff: Difference, description: str) -> dict[str, Any]:
    """A worked example, in the spec's own format, that the original passes and the mutant
    fails: the move's start position and either the legal moves there or the move and the
    original's result."""
    from rulespec.interpreter.notation import parse_move

    from rulespec.records import complete_moves, write_move

    text = original.loaded.text
    keep = {k for k in ("stages", "moves_played", "repetition") if k in text}
    start = original.state_from_snapshot(diff.move_start)
    example: dict[str, Any] = {"caption": f"RULE: what this position shows. (Found by rulespec mutate: "
                                          f"it tells the spec from the mutant where {description}.)",
                               "position": _position(diff.move_start, keep)}
    move = write_move(diff.decisions)
    if diff.what.startswith("legal moves differ"):
        example["legal"] = complete_moves(start, limit=500)
        move = example["legal"][0]  # an example needs a move; the legal list is what tells
    moves = [move] if diff.decisions else []  # none: the games part at the move's start
    state = start
    for text in moves:
        for action in parse_move(state, text):
            state.apply_action(action)
    example["moves"] = moves
    snap = state.snapshot()
    example["expect"] = _expect(snap, keep)
    if diff.what.startswith("one game ended"):
        example["expect"]["terminal"] = bool(snap.get("terminal"))
    return example


def example_kills(doc: dict[str, Any], original_doc: dict[str, Any], example: dict[str, Any],
                  path: str) -> bool:
    """The example passes on the original spec and fails on the mutant."""
    def passes(d: dict[str, Any]) -> bool:
        trial = copy.deepcopy(d)
        trial["examples"] = [example]
        try:
            return examples_fail(load_doc(trial, path)) is None
        except RulespecError:
            return False
        except Exception:
            return False

    return passes(original_doc) and not passes(doc)


# --- writing YAML the way the specs are written --------------------------------------------------

def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    plain_ok = text and text.replace("_", "").replace("-", "").replace(" ", "").isalnum() and \
        text.lower() not in ("true", "false", "null", "yes", "no", "on", "off") and not text[0].isdigit()
    return text if plain_ok else json.dumps(text)


def flow(value: Any) -> str:
    """A value in YAML flow style: {a: 1, b: [2, 3]}."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return _scalar(value)


def example_yaml(example: dict[str, Any], indent: int = 2) -> str:
    """One worked example as a YAML list item, ready to paste under `examples:`."""
    pad = " " * indent
    lines = [f"{pad}- caption: {json.dumps(example['caption'])}"]
    if example.get("params"):
        lines.append(f"{pad}  params: {flow(example['params'])}")
    for key in ("position", "expect"):
        if key == "expect":
            if "legal" in example:
                lines.append(f"{pad}  legal: {flow(example['legal'])}")
            if "moves" in example:
                lines.append(f"{pad}  moves: {flow(example['moves'])}")
        if key not in example:
            continue
        lines.append(f"{pad}  {key}:")
        for k, v in example[key].items():
            if k == "players":
                lines.append(f"{pad}    players:")
                lines += [f"{pad}      - {flow(p)}" for p in v]
            else:
                lines.append(f"{pad}    {k}: {flow(v)}")
    return "\n".join(lines)


# --- the run ------------------------------------------------------------------------------------

@dataclass
class Outcome:
    """What happened to one mutant."""

    index: int
    status: str
    """invalid, unchanged (the same rules, e.g. a default written out), killed, equivalent or
    surviving."""
    reason: str = ""
    example: dict[str, Any] | None = None
    confirmed: bool = False


_WORKER: dict[str, Any] = {}


def _init_worker(doc: dict[str, Any], path: str, games: int, seed: int, tests: list[str],
                 variant: str | None, max_actions: int = MAX_ACTIONS) -> None:
    _WORKER.update(doc=doc, path=path, games=games, seed=seed, tests=tests, variant=variant,
                   max_actions=max_actions, original=load_doc(doc, path))


def _judge(index: int, mutant: Mutant) -> Outcome:
    """Validate, replay the examples, run the tests, then compare games: one mutant's fate."""
    w = _WORKER
    try:
        game = load_doc(mutant.doc, w["path"])
    except RulespecError as exc:
        return Outcome(index, "invalid", str(exc).splitlines()[0])
    except Exception as exc:  # a loader bug, not the spec's: reported apart
        return Outcome(index, "crashed", f"loading raised {type(exc).__name__}: {exc}")
    if game.spec == w["original"].spec:
        return Outcome(index, "unchanged", "the same rules once defaults are filled in")
    try:
        failure = examples_fail(game)
    except Exception as exc:  # the engine failing on a valid mutant is a kill, and worth a look
        failure = f"the engine raised {type(exc).__name__}: {exc}"
    if failure:
        return Outcome(index, "killed", failure)
    if w["tests"]:
        failure = run_tests(mutant.doc, w["variant"], w["tests"])
        if failure:
            return Outcome(index, "killed", failure)
    try:
        diff = compare(w["original"], game, w["games"], w["seed"], w["max_actions"])
    except Exception as exc:
        return Outcome(index, "surviving", f"the mutant's engine raised {type(exc).__name__}: {exc}")
    if diff is None:
        return Outcome(index, "equivalent", f"{w['games']} random games identical")
    try:
        example = killing_example(w["original"], diff, mutant.description)
        confirmed = example_kills(mutant.doc, w["doc"], example, w["path"])
    except Exception as exc:
        return Outcome(index, "surviving", f"game {diff.game + 1}: {diff.what} (no example: {exc})")
    return Outcome(index, "surviving", f"game {diff.game + 1}: {diff.what}", example, confirmed)


def run_tests(doc: dict[str, Any], variant: str | None, tests: list[str]) -> str | None:
    """Run the project's tests that load `variant` with the mutant in its place; the first
    failing test's name, or None when they all pass."""
    import tempfile

    if not variant:
        return None
    from rulespec.loader import variants_dir

    with tempfile.TemporaryDirectory(prefix="rulespec-mutant-") as folder:
        for shipped in variants_dir().glob("*.yaml"):
            shutil.copy(shipped, folder)
        (Path(folder) / f"{variant}.yaml").write_text(json.dumps(doc), encoding="utf-8")
        env = dict(os.environ, RULESPEC_MUTANT_VARIANTS=folder)
        proc = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-x", "-q", "-p", "no:cacheprovider",
                               "-p", "rulespec.check.pytest_mutant", *tests],
                              capture_output=True, text=True, env=env, timeout=900)
    if proc.returncode == 0:
        return None
    failed = [line for line in proc.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
    return "test " + (failed[0].split(" ", 1)[1] if failed else f"run exited {proc.returncode}")


def tests_loading(variant: str) -> list[str]:
    """The project's test files that name a shipped variant (empty outside a checkout)."""
    folder = Path(__file__).resolve().parents[2] / "tests"
    if not folder.is_dir():
        return []
    return sorted(str(p) for p in folder.glob("test_*.py") if variant in p.read_text(encoding="utf-8"))


@dataclass
class Report:
    path: str
    mutants: list[Mutant]
    outcomes: list[Outcome]
    seconds: float
    doc: dict[str, Any] = field(default_factory=dict, repr=False)
    """The original spec document (what the mutants were made from)."""

    def count(self, status: str) -> int:
        return sum(o.status == status for o in self.outcomes)

    def summary(self) -> str:
        valid = len(self.outcomes) - self.count("invalid") - self.count("unchanged") - self.count("crashed")
        return (f"mutants: {valid}, killed: {self.count('killed')}, equivalent: {self.count('equivalent')}, "
                f"surviving: {self.count('surviving')}")


@dataclass(frozen=True)
class Task:
    """One mutant to judge, with what every worker needs (picklable: a campaign batch)."""

    setting: tuple[Any, ...]
    """_init_worker's arguments: the original document, its path, games, seed, tests, variant,
    the cap on a game's actions."""
    index: int
    mutant: Mutant


def judge_task(task: Task) -> Outcome:
    """A campaign batch: one mutant judged; the original is loaded once per worker process."""
    if _WORKER.get("setting") != task.setting:
        _init_worker(*task.setting)
        _WORKER["setting"] = task.setting
    return _judge(task.index, task.mutant)


def named_in(report_text: str) -> set[str]:
    """The mutants a saved report listed as surviving or probably equivalent (their
    descriptions: stable while the rules are not edited, unlike line numbers)."""
    found: set[str] = set()
    for line in report_text.splitlines():
        for marker in (": survived: ", ": probably equivalent: "):
            if marker in line and not line.startswith(" "):
                text = line.split(marker, 1)[1]
                found.add(text.rsplit(" (", 1)[0] if marker.startswith(": probably") else text)
    return found


def run(source: str, games: int = 20, seed: int = 0, tests: bool = False, jobs: int | None = None,
        ray: str | None = None, progress: Callable[[int, int], None] | None = None,
        only: set[str] | None = None, max_actions: int = MAX_ACTIONS) -> Report:
    """Generate, judge and report every mutant of a spec (a shipped variant's name or a file)
    on a local process pool of `jobs` workers (default: one per core) or, with `ray` ('auto' or
    a cluster address), on Ray; `only`: just the mutants with these descriptions (`named_in`)."""
    from rulespec.campaign import run as campaign
    from rulespec.loader import load_spec, resolve, variants_dir
    from rulespec.yamlio import plain, read_yaml

    started = time.perf_counter()
    path = resolve(source)
    load_spec(path)  # the original must be valid
    text = path.read_text(encoding="utf-8")
    root, smap = read_yaml(text, str(path))
    doc = plain(root)
    mutants = generate(doc)
    if only is not None:
        mutants = [m for m in mutants if m.description in only]
    shipped = variants_dir() / f"{path.stem}.yaml"
    variant = path.stem if shipped.exists() and shipped.resolve() == path.resolve() else None
    test_files = tests_loading(variant) if tests and variant else []
    if tests and not test_files:
        raise RulespecError(f"--tests: no test file of this checkout loads {source!r}")
    setting = (doc, str(path), games, seed, tuple(test_files), variant, max_actions)
    tasks = [Task(setting, i, m) for i, m in enumerate(mutants)]
    outcomes: list[Outcome | None] = [None] * len(mutants)
    for done, (task, outcome) in enumerate(campaign(judge_task, tasks, ray=ray, workers=jobs), 1):
        outcomes[task.index] = outcome
        if progress:
            progress(done, len(mutants))
    report = Report(str(path), mutants, typing.cast(list[Outcome], outcomes), time.perf_counter() - started, doc)
    report.source = smap  # type: ignore[attr-defined]
    return report


# --- a few examples that kill many survivors ------------------------------------------------------

@dataclass
class Suggestion:
    """A candidate worked example and the surviving mutants (indexes into the report's
    mutants) it kills; `origin` says where it comes from when not from a survivor's games."""

    example: dict[str, Any]
    kills: list[int]
    origin: str = ""


def examples_failing(doc: dict[str, Any], path: str, examples: list[dict[str, Any]]) -> list[bool]:
    """For each example: does it fail (or not even load) on the spec `doc`?"""
    from rulespec.examples import run_example

    trial = copy.deepcopy(doc)
    trial["examples"] = examples
    try:
        game = load_doc(trial, path)
    except Exception:  # one example the spec cannot even read: judge them one by one
        if len(examples) == 1:
            return [True]
        return [examples_failing(doc, path, [e])[0] for e in examples]
    failing = []
    for i in range(len(examples)):
        try:
            _, problems = run_example(game, i)
            failing.append(bool(problems))
        except Exception:
            failing.append(True)
    return failing


def inherited_examples(doc: dict[str, Any], path: str) -> list[tuple[str, dict[str, Any]]]:
    """The worked examples of the specs a family member `extends:` (nearest first), each with
    where it comes from. A member does not inherit its base's examples, yet many of them show
    rules the member keeps; a stage or marks the member does not have are left out of them."""
    from rulespec.family import read_parent
    from rulespec.yamlio import plain, read_yaml

    out: list[tuple[str, dict[str, Any]]] = []
    member, here, seen = doc, path, {str(Path(path).resolve())}
    while isinstance(member.get("extends"), str):
        text, parent = read_parent(member["extends"], Path(here).parent)
        if str(parent) in seen:
            break
        seen.add(str(parent))
        member = plain(read_yaml(text, str(parent))[0])
        here = str(parent)
        for n, example in enumerate(member.get("examples") or [], 1):
            example = copy.deepcopy(example)
            for part in ("position", "expect"):
                if isinstance(example.get(part), dict):
                    for key, declared in (("stage", "stages"), ("marks", "marks")):
                        if not doc.get(declared) and key in example[part] and "extends" in doc:
                            example[part].pop(key)
            out.append((f"{parent.stem}, example {n}", example))
    return out


def _failing_task(task: tuple[int, dict[str, Any], str, list[dict[str, Any]]]) -> list[bool]:
    """A campaign batch: (a mutant's index, its document, the path, the candidate examples)."""
    return examples_failing(*task[1:])


def suggest(report: Report, jobs: int | None = None, ray: str | None = None) -> list[Suggestion]:
    """A few worked examples that together kill every survivor any of them kills (one example
    often kills several). The candidates are the examples of the specs a member extends (they
    come with captions, and are tried first) and each survivor's example; each is replayed on
    every surviving mutant, then the one killing most of the survivors left is taken, and so on
    (greedy cover). Only candidates that pass on the spec itself are offered."""
    from rulespec.campaign import run as campaign

    survivors = [i for i, o in enumerate(report.outcomes) if o.status == "surviving"]
    offered = inherited_examples(report.doc, report.path) if survivors else []
    offered += [("", o.example) for o in report.outcomes if o.status == "surviving" and o.example is not None]
    on_original = examples_failing(report.doc, report.path, [e for _, e in offered]) if offered else []
    offered = [c for c, fails in zip(offered, on_original) if not fails]
    if not offered:
        return []
    candidates = [e for _, e in offered]
    tasks = [(i, report.mutants[i].doc, report.path, candidates) for i in survivors]
    kills: dict[int, list[bool]] = {}
    for task, failing in campaign(_failing_task, tasks, ray=ray, workers=jobs):
        kills[task[0]] = failing
    chosen: list[Suggestion] = []
    left = set(survivors)
    while left:
        gains = [{m for m in left if kills[m][c]} for c in range(len(candidates))]
        best = max(range(len(candidates)), key=lambda c: (len(gains[c]), -c))
        if not gains[best]:
            break
        chosen.append(Suggestion(candidates[best], sorted(gains[best]), offered[best][0]))
        left -= gains[best]
    return chosen


def render_suggestions(report: Report, suggestions: list[Suggestion]) -> Iterator[str]:
    """The suggested examples, each with the survivors it kills, then the survivors none kills."""
    survivors = [i for i, o in enumerate(report.outcomes) if o.status == "surviving"]
    killed = {m for s in suggestions for m in s.kills}
    yield (f"{len(suggestions)} worked example{'s' if len(suggestions) != 1 else ''} kill "
           f"{len(killed)} of the {len(survivors)} survivors (paste them under `examples:`):")
    for s in suggestions:
        origin = f" (from {s.origin})" if s.origin else ""
        yield f"    # kills {len(s.kills)}{origin}: " + "; ".join(report.mutants[m].description for m in s.kills)
        yield example_yaml(s.example, indent=4)
    for m in survivors:
        if m not in killed:
            yield f"no suggested example kills: {report.mutants[m].description}"


def render(report: Report, verbose: bool = False, examples: bool = True) -> Iterator[str]:
    """The report as lines: each survivor at file:line:col with its killing example (unless
    `examples` is false), then the probably equivalent ones, then the counts (the summary is
    the last line)."""
    smap = report.source  # type: ignore[attr-defined]

    def at(m: Mutant) -> str:
        line, col = smap.locate(m.path)
        return f"{report.path}:{line}:{col}"

    by_status: dict[str, list[tuple[Mutant, Outcome]]] = {}
    for m, o in zip(report.mutants, report.outcomes):
        by_status.setdefault(o.status, []).append((m, o))
    if verbose:
        for m, o in by_status.get("killed", []):
            yield f"{at(m)}: killed: {m.description}; by {o.reason}"
    for m, o in by_status.get("surviving", []):
        yield f"{at(m)}: survived: {m.description}"
        yield f"    {o.reason}"
        if o.example is not None and examples:
            yield ("    a worked example that kills it:" if o.confirmed else
                   "    a worked example from the first difference (check it: it did not kill the mutant "
                   "on its own):")
            yield example_yaml(o.example, indent=4)
    for m, o in by_status.get("crashed", []):
        yield f"{at(m)}: skipped, the loader failed (a bug in rulespec, not in the spec): {m.description}: {o.reason}"
    for m, o in by_status.get("equivalent", []):
        yield f"{at(m)}: probably equivalent: {m.description} ({o.reason})"
    invalid, same = len(by_status.get("invalid", [])), len(by_status.get("unchanged", []))
    yield (f"{len(report.mutants)} edits generated: {invalid} do not validate and {same} leave the rules "
           f"unchanged (skipped); {report.seconds:.1f} s")
    yield report.summary()
