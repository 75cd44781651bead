"""Every field is on the page: for each field of each block in the JSON Schema, one valid change
on a shipped spec that uses the block must change the rendered rulebook.

The test walks rulespec/schema/rulespec.schema.json, finds where each block occurs in the
shipped variants (or adds a minimal one where none does), makes one change per field (another
enum value, the other boolean, another number, an added list item, a removed optional key...)
and renders the book before and after. The first candidate change that the loader accepts is
the change: a field whose change leaves the book unchanged is named in the failure, as is a
field for which no valid change could be made.
"""
from __future__ import annotations

import copy
import json
import warnings
from collections.abc import Iterator
from functools import cache
from typing import Any

import rulespec
from rulespec.book import render_book
from rulespec.errors import RulespecError
from rulespec.schema import SCHEMA_PATH

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
MISSING = object()


def definition(name: str) -> dict[str, Any]:
    return SCHEMA if name == "Spec" else DEFS[name]


def _refs(node: dict[str, Any]) -> Iterator[str]:
    """The block names a schema node may hold directly (through anyOf/oneOf)."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        if name != "ParamRef":
            yield name
    for key in ("anyOf", "oneOf"):
        for option in node.get(key, []):
            yield from _refs(option)


def _options(node: dict[str, Any]) -> list[dict[str, Any]]:
    """A schema node's alternatives, flattened (a $ref to a block stays one alternative)."""
    out = []
    for key in ("anyOf", "oneOf"):
        for option in node.get(key, []):
            out.extend(_options(option))
    if not out:
        out.append(node)
    return out


def _matches(name: str, value: dict[str, Any]) -> bool:
    d = DEFS[name]
    props = d.get("properties", {})
    if not set(value) <= set(props) or not set(d.get("required", [])) <= set(value):
        return False
    kind = props.get("kind", {})
    return "const" not in kind or value.get("kind") == kind["const"]


def walk(value: Any, node: dict[str, Any], path: tuple[Any, ...]) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """(block name, path) for every block instance in a document."""
    for option in _options(node):
        if "$ref" in option:
            name = option["$ref"].rsplit("/", 1)[1]
            if name != "ParamRef" and isinstance(value, dict) and _matches(name, value):
                yield name, path
                for key, sub in value.items():
                    yield from walk(sub, DEFS[name]["properties"][key], path + (key,))
                return
        elif option.get("type") == "array" and isinstance(value, list) and "items" in option:
            for i, item in enumerate(value):
                yield from walk(item, option["items"], path + (i,))
            return
        elif option.get("type") == "object" and isinstance(value, dict):
            extra = option.get("additionalProperties") or next(iter(option.get("patternProperties", {}).values()), None)
            if isinstance(extra, dict):
                for key, sub in value.items():
                    yield from walk(sub, extra, path + (key,))
            return


def get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def changed(doc: dict[str, Any], path: tuple[Any, ...], key: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    target = get(out, path)
    if value is MISSING:
        del target[key]
    else:
        target[key] = value
    return out


class Context:
    """Names a generated value may refer to, from the spec being changed."""

    def __init__(self, doc: dict[str, Any]):
        self.doc = doc
        self.stages = [s["name"] for s in doc.get("stages", [])] or ["play"]
        self.roles = list(doc["board"].get("roles", {}))
        self.marks = list(doc.get("marks", {}))
        kinds = doc.get("setup", {}).get("kinds")
        self.kinds = [k["name"] for k in kinds] if kinds else ["seed"]
        moves = list(doc.get("turn", {}).get("moves", []))
        for s in doc.get("stages", []):
            moves += s.get("turn", {}).get("moves", [])
        self.move_kinds = [m.get("name", "move") for m in moves] or ["move"]
        self.params = doc.get("parameters", {})
        self.letters = doc["board"].get("notation") == "letters"

    def label(self, col: int) -> str:
        return "ABCDEFGH"[col] if self.letters else f"A{col + 1}"

    def resolve(self, value: Any) -> Any:
        if isinstance(value, str) and value.startswith("$") and value[1:] in self.params:
            return self.params[value[1:]]["default"]
        return value


NAMED = {  # fields whose text must name something the spec defines
    "stage": lambda c: [c.stages[-1], c.stages[0]],
    "role": lambda c: c.roles[::-1],
    "mark": lambda c: c.marks[-1:] or [],
    "move_kind": lambda c: [c.move_kinds[-1]],
    "dropped": lambda c: [c.kinds[-1]],
    "kinds": lambda c: [[c.kinds[-1]], c.kinds[:1]],
    "pit": lambda c: [c.label(0), c.label(1)],
    "pits": lambda c: [[c.label(0)], {c.label(0): 3}],
    "row_labels": lambda c: [{"front": ["F", "f"], "back": ["G", "g"]}],
}
CONDITIONS = [{"count": 3}, {"side": "own"}, {"count": {"min": 2}}, {"count_before": 0}, {"row": "front"}]


def minimal(name: str, ctx: Context) -> dict[str, Any]:
    d = DEFS[name]
    out = {}
    for key in d.get("required", []):
        prop = d["properties"][key]
        out[key] = prop["const"] if "const" in prop else next(generate(key, prop, ctx, None))
    return out


def generate(key: str, prop: dict[str, Any], ctx: Context, current: Any) -> Iterator[Any]:
    """Candidate values for a field: different from `current` (MISSING if absent), valid as
    far as the schema knows; the loader has the last word."""
    if key in NAMED:
        for v in NAMED[key](ctx):
            if v != current and v != [current] and [v] != current:
                yield v
    default = prop.get("default", MISSING)
    for option in _options(prop):
        if "$ref" in option:
            name = option["$ref"].rsplit("/", 1)[1]
            if name == "ParamRef":
                continue
            if name == "Condition":
                for c in CONDITIONS:
                    if c != current:
                        yield c
            elif name == "CountRange":
                yield {"min": 2} if current != {"min": 2} else {"max": 5}
            elif current is MISSING:
                yield minimal(name, ctx)
            # A block already there changes through its own fields (each tested), or by going.
        elif "enum" in option:
            for v in option["enum"]:
                if v != current and (current is not MISSING or v != default):
                    yield v
        elif "const" in option:
            continue
        elif option.get("type") == "boolean":
            base = current if isinstance(current, bool) else default if isinstance(default, bool) else False
            yield not base
        elif option.get("type") == "integer":
            base = current if isinstance(current, int) and not isinstance(current, bool) else \
                default if isinstance(default, int) and not isinstance(default, bool) else option.get("minimum", 0)
            yield base + 1
            yield base + 2
            if base > 1:
                yield base - 1
        elif option.get("type") == "string":
            yield (current + "-changed") if isinstance(current, str) else "a-changed-text"
        elif option.get("type") == "array":
            items = option.get("items", {})
            if isinstance(current, list) and current:
                yield current + [copy.deepcopy(current[-1])]
                for v in generate(key, items, ctx, current[-1]):
                    if v is not MISSING:
                        yield current + [v]
                if len(current) > 1:
                    yield current[:-1]
            else:
                for v in generate(key, items, ctx, current if current is not MISSING else MISSING):
                    if v is not MISSING:
                        yield [v]
        elif option.get("type") == "object":
            if isinstance(current, dict) and current and key in ("position", "expect"):
                yield MISSING
            if isinstance(current, dict) and current:
                first = next(iter(current))
                yield {k: v for k, v in current.items() if k != first}
                yield {**current, "extra": copy.deepcopy(current[first])}
            elif key == "params" and ctx.params:
                name, p = next(iter(ctx.params.items()))
                d = p["default"]
                yield {name: (not d) if isinstance(d, bool) else d + 1 if isinstance(d, int) else
                       next((c for c in p.get("choices", []) if c != d), d)}
            else:
                extra = option.get("additionalProperties") or next(iter(option.get("patternProperties", {}).values()), None)
                if isinstance(extra, dict):
                    for v in generate(key, extra, ctx, MISSING):
                        yield {"extra": v}
                        break
                    if key == "row_labels":
                        yield {"front": ["F", "f"]}
                    if key in ("layouts",):
                        yield {}
                else:
                    yield {"x": 1}
        elif option.get("type") == "null":
            if current is not MISSING and current is not None:
                yield MISSING
    if current is not MISSING:
        yield MISSING


VARIANTS = sorted(rulespec.shipped_variants(), key=lambda v: "bao" in v)
"""Bao last: it is the slowest to load, and most blocks occur elsewhere too."""
CRASHES: list[str] = []
"""Specs the loader accepted but the engine or the book could not handle."""


@cache
def document(name: str) -> str:
    return json.dumps(rulespec.load_spec(name).raw)


@cache
def book(text: str) -> tuple[str, Any] | None:
    """The Markdown book of a spec in JSON text and the loaded spec, or None when the loader
    refuses it."""
    try:
        game = rulespec.load_text(text, "variant.yaml")
    except RulespecError:
        return None
    try:
        spec = game.spec
        # A circuit left out means the one the board implies: the same game.
        spec = spec.model_copy(update={"board": spec.board.model_copy(update={"circuit": game.circuit})})
        return render_book(game).markdown, spec
    except Exception as exc:  # an engine failure on an accepted spec: not the book's matter
        CRASHES.append(f"{type(exc).__name__}: {exc}")
        return None


def without_examples(doc: dict[str, Any]) -> dict[str, Any]:
    """Rules changes may break the worked examples; their text is compared without them."""
    return {k: v for k, v in doc.items() if k != "examples"}


def _walk_spec(doc: dict[str, Any]) -> Iterator[tuple[str, tuple[Any, ...]]]:
    for key, sub in doc.items():
        yield from walk(sub, SCHEMA["properties"][key], (key,))


def hosts() -> dict[str, list[tuple[dict[str, Any], tuple[Any, ...]]]]:
    """Where each block occurs: (document, path). A block no shipped variant uses is added,
    minimal, where a block that holds it occurs."""
    found: dict[str, list[tuple[dict[str, Any], tuple[Any, ...]]]] = {}
    docs = {v: json.loads(document(v)) for v in VARIANTS}
    for v, extra in EXTRA_HOSTS.items():
        doc = json.loads(document(v))
        for key, items in extra.items():
            doc[key] = list(doc.get(key, [])) + items
        docs[v + " (extended)"] = doc
    for v, doc in docs.items():
        found.setdefault("Spec", []).append((doc, ()))
        for name, path in _walk_spec(doc):
            found.setdefault(name, []).append((doc, path))
    for _ in range(3):
        for parent in list(found) + ["Spec"]:
            props = definition(parent).get("properties", {})
            for key, prop in props.items():
                for option in _options(prop):
                    holders = [option] + ([option["items"]] if option.get("type") == "array" else [])
                    for holder in holders:
                        for child in _refs(holder) if "$ref" in holder or "anyOf" in holder or "oneOf" in holder \
                                else []:
                            if child in found:
                                continue
                            for doc, path in found.get(parent, [])[:3]:
                                ctx = Context(doc)
                                new = minimal(child, ctx)
                                target = get(doc, path)
                                if holder is not option:
                                    value = list(target.get(key, [])) + [new]
                                    child_path = path + (key, len(value) - 1)
                                else:
                                    value, child_path = new, path + (key,)
                                candidate = changed(doc, path, key, value)
                                if book(json.dumps(without_examples(candidate))) is not None:
                                    found.setdefault(child, []).append((candidate, child_path))
                                    break
    return found


def fields() -> list[tuple[str, str]]:
    out = [("Spec", k) for k in SCHEMA["properties"]]
    for name, d in DEFS.items():
        out += [(name, k) for k in d.get("properties", {}) if "const" not in d["properties"][k]]
    return out


def field_changes_book(where: list[tuple[dict[str, Any], tuple[Any, ...]]], block: str, key: str) -> str | None:
    """None if one valid change of the field changes the book; otherwise why not."""
    prop = definition(block)["properties"][key]
    keeps_examples = block == "Example" or (block == "Spec" and key == "examples")
    tried = 0
    unshown = ""
    strip = (lambda d: d) if keeps_examples else without_examples
    for doc, path in hosts_for(where, key):
        ctx = Context(doc)
        target = get(doc, path)
        current = ctx.resolve(target.get(key, MISSING))
        before = book(json.dumps(strip(doc)))
        assert before is not None
        for value in candidates(block, key, prop, ctx, current, doc):
            if value is MISSING and key in definition(block).get("required", []):
                continue
            new = value[1] if isinstance(value, tuple) and value[0] is RENAME else changed(doc, path, key, value)
            after = book(json.dumps(strip(new)))
            tried += 1
            if after is None or after[1] == before[1]:
                continue  # refused, or the same spec (a default written out)
            if after[0] != before[0]:
                return None
            shown = "a renaming" if isinstance(value, tuple) else "removing it" if value is MISSING else repr(value)
            # Where the field cannot matter (an entry that names one pit has no choice of entry
            # to direct), the book may rightly not say it: another host must show it.
            unshown = unshown or f"{block}.{key}: changing it ({shown}, at {'/'.join(map(str, path)) or 'top'}) leaves the book unchanged"
            break
    if unshown:
        return unshown
    if any(_refs(option) for option in _options(prop)):
        return None  # a block no single change may add or remove: its own fields are each tested
    return f"{block}.{key}: no valid change found ({tried} tried)"


ONLY_VALUE = {
    ("Board", "circuit"): "2- and 3-rank boards are sown round the whole board, 4-rank boards round "
                          "each player's own two rows; the loader refuses the other value",
    ("Majority", "result"): "a majority is not about one player: only by_score",
    ("MoveLimit", "result"): "a move limit is not about one player: only by_score",
    ("Repetition", "result"): "a repetition is not about one player: only by_score",
    ("ScoreAtLeast", "result"): "reaching a score ends the game by score: only by_score",
}
"""Fields for which the loader accepts no value but the one given (so no change can be shown)."""

IDENTIFIERS = {
    ("VariableTest", "name"): "a variable's name ties its tests and effects to it; the book says its meaning",
}
"""Names that only tie blocks together: renamed everywhere at once, the book says the same."""

EXTRA_HOSTS = {
    "oware": {"end": [{"kind": "move_limit", "moves": 500}, {"kind": "score_at_least", "points": 30}]},
    "glass-bead-game": {"captures": [{"name": "picked", "when": {"side": "opponent", "count": 5},
                                      "take": [{"pick": {"count": 2, "kinds": ["gem1"]}}]}]},
}
"""Blocks that no shipped variant uses in every form, added to copies of shipped variants."""

RENAME = object()


def candidates(block: str, key: str, prop: dict[str, Any], ctx: Context, current: Any,
               doc: dict[str, Any]) -> Iterator[Any]:
    yield from generate(key, prop, ctx, current)
    if isinstance(current, str) and current and not current.startswith("$"):
        # A name other blocks refer to: renamed everywhere at once.
        text = json.dumps(doc).replace(json.dumps(current), json.dumps(current + "-renamed"))
        yield RENAME, json.loads(text)


def hosts_for(where: list[tuple[dict[str, Any], tuple[Any, ...]]], key: str) -> list[tuple[dict[str, Any], tuple[Any, ...]]]:
    """A few places a block occurs, from different variants, those that set the field first."""
    ordered = sorted(where, key=lambda dp: key not in get(dp[0], dp[1]))
    seen: dict[int, int] = {}
    out = []
    for doc, path in ordered:
        if seen.get(id(doc), 0) < 2:
            seen[id(doc)] = seen.get(id(doc), 0) + 1
            out.append((doc, path))
    return out[:6]


def test_every_field_changes_the_rulebook() -> None:
    where = hosts()
    problems = []
    for block, key in fields():
        if block not in where:
            problems.append(f"{block}: no spec uses this block, and none could be made to")
            continue
        problem = field_changes_book(where[block], block, key)
        if problem and (block, key) in ONLY_VALUE and "no valid change" in problem:
            continue
        if problem and (block, key) in IDENTIFIERS:
            continue
        if problem:
            problems.append(problem)
    if CRASHES:
        warnings.warn("specs the loader accepts but the engine cannot play:\n" + "\n".join(dict.fromkeys(CRASHES)))
    assert not problems, "fields the rulebook does not show:\n" + "\n".join(problems)
