"""Turn pydantic's errors into located, actionable problems."""
from __future__ import annotations

import datetime
import reprlib

import re
import types
import typing
from typing import Any, Union

from pydantic import BaseModel, ValidationError

from .errors import Problem
from .models import Spec
from .models.base import NAME_PATTERN
from .suggest import did_you_mean
from .yamlio import SourceMap

_TYPE_WORDS = {
    "int": "a whole number",
    "bool": "true or false",
    "string": "text",
    "list": "a list",
    "dict": "a mapping",
    "model": "a mapping",
}


def _unwrap(tp: Any) -> list[Any]:
    """The concrete alternatives inside Annotated / Optional / Union."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0])
    if origin in (Union, types.UnionType):
        out = []
        for arg in typing.get_args(tp):
            out.extend(_unwrap(arg))
        return out
    return [tp]


def _field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model class that owns the last element of `loc`, walking the Spec's types."""
    current: list[Any] = [Spec]
    for el in loc[:-1]:
        nxt: list[Any] = []
        for tp in current:
            for alt in _unwrap(tp):
                origin = typing.get_origin(alt)
                if isinstance(alt, type) and issubclass(alt, BaseModel):
                    for name, f in alt.model_fields.items():
                        if el in (name, f.alias):
                            nxt.append(f.annotation)
                    kind = alt.model_fields.get("kind")
                    if kind is not None and el in typing.get_args(kind.annotation):
                        nxt.append(alt)
                    if el in ("chain", "choose", "range", "pit", "exact", "list"):
                        nxt.append(alt)
                elif origin is list and isinstance(el, int):
                    nxt.append(typing.get_args(alt)[0])
                elif origin is dict and isinstance(el, str):
                    nxt.append(typing.get_args(alt)[1])
        current = nxt
    for tp in current:
        for alt in _unwrap(tp):
            if isinstance(alt, type) and issubclass(alt, BaseModel):
                return alt
    return None


def _doc_path(loc: tuple[Any, ...], root: Any) -> tuple[Any, ...]:
    """Drop pydantic's union tags from `loc`, keeping only keys present in the document."""
    out: list[Any] = []
    node = root
    for i, el in enumerate(loc):
        if isinstance(node, dict) and el in node:
            out.append(el)
            node = node[el]
        elif isinstance(node, list) and isinstance(el, int) and 0 <= el < len(node):
            out.append(el)
            node = node[el]
        elif isinstance(node, dict) and i == len(loc) - 1:
            out.append(el)  # a missing key: locate at its parent
        # otherwise a union tag: skip it
    return tuple(out)


def _node(root: Any, path: tuple[Any, ...]) -> Any:
    node = root
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _expected(ctx: dict[str, Any], key: str = "expected") -> list[str]:
    """The options pydantic lists, e.g. "'a', 'b' or 'c'" or "2, 3 or 4"."""
    text = str(ctx.get(key, ""))
    quoted = re.findall(r"'([^']*)'", text)
    if quoted:
        return quoted
    return [part.strip() for part in re.split(r",| or ", text) if part.strip()]


_BRANCH_MISSES = {"literal_error", "int_type", "int_parsing", "string_type", "bool_type", "dict_type",
                  "model_type", "model_attributes_type", "list_type"}
"""Errors that only say "not this branch of a union": the least telling when others exist."""


def _most_telling(errors: list[Any], prefix: tuple[Any, ...], root: Any) -> list[Any]:
    """Where a value fails every branch of a union, pydantic reports each branch. Keep what
    tells the author most: a branch miss is dropped when a deeper error explains it, and at one
    place a broken constraint ("at least 1") comes before a branch miss."""
    paths = []
    for e in errors:
        path = _doc_path(prefix + tuple(e["loc"]), root)
        paths.append(path if _node(root, path) is not None else path[:-1])
    miss = [e["type"] in _BRANCH_MISSES for e in errors]

    explaining = {p[:k] for p, m in zip(paths, miss) if not m for k in range(len(p))}
    """Every path that has a deeper error which is not a branch miss (linear in the errors)."""
    kept = [i for i in range(len(errors)) if not (miss[i] and paths[i] in explaining)]
    first = {}
    for i, p in enumerate(paths):
        first.setdefault(p, i)
    kept.sort(key=lambda i: (first[paths[i]], miss[i]))
    return [errors[i] for i in kept]


NOT_A_NAME = "is not a name: a name starts with a letter and has only letters, digits, - and _"


def shown(value: Any) -> str:
    """A value as its author wrote it in YAML (true, null, a date), never as a Python repr
    (True, ordereddict([...]), datetime.date(...)); long text is cut short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"the date {value.isoformat()} (quote it to write text)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, (int, float)):
        return reprlib.repr(value)
    return reprlib.repr(str(value))


def problems_from(exc: ValidationError, root: Any, smap: SourceMap,
                  prefix: tuple[Any, ...] = ()) -> list[Problem]:
    """One problem per distinct location, worded for a person editing the YAML. `prefix` is
    the path of the validated part within the document."""
    seen: set[tuple[Any, ...]] = set()
    problems: list[Problem] = []
    for err in _most_telling(exc.errors(), prefix, root):
        loc = prefix + tuple(err["loc"])
        path = _doc_path(loc, root)
        kind = err["type"]
        value = err.get("input")
        key_error = False
        if kind == "extra_forbidden":
            model = _model_at(loc)
            known = _field_names(model) if model else []
            msg = f"unknown key {shown(loc[-1])}{did_you_mean(str(loc[-1]), known)}"
            if known and not did_you_mean(str(loc[-1]), known):
                msg += f"; expected one of: {', '.join(known)}"
            key_error = True
        elif kind == "missing":
            msg = f"missing required key {loc[-1]!r}"
            path = path[:-1]
        elif kind == "literal_error":
            options = _expected(err.get("ctx", {}))
            msg = f"{value!r} is not one of: {', '.join(options)}{did_you_mean(str(value), options)}"
        elif kind == "union_tag_invalid":
            options = _expected(err.get("ctx", {}), "expected_tags")
            tag = err.get("ctx", {}).get("tag")
            msg = f"unknown kind {tag!r}{did_you_mean(str(tag), options)}; expected one of: {', '.join(options)}"
            node = _node(root, path)
            if isinstance(node, dict) and "kind" in node:
                path = path + ("kind",)
        elif kind == "union_tag_not_found":
            msg = "missing required key 'kind'"
        elif kind in ("greater_than_equal", "less_than_equal"):
            bound = err.get("ctx", {}).get("ge" if kind == "greater_than_equal" else "le")
            msg = f"expected {'at least' if kind == 'greater_than_equal' else 'at most'} {bound}, got {shown(value)}"
        elif kind == "string_pattern_mismatch" and err.get("ctx", {}).get("pattern") == NAME_PATTERN:
            msg = f"{shown(value)} {NOT_A_NAME}"
            key_error = loc[-1] == "[key]"
            path = _doc_path(loc[:-1], root) if key_error else path
        elif kind == "too_short":
            need = err.get("ctx", {}).get("min_length", 1)
            msg = f"at least {need} {'entry is' if need == 1 else 'entries are'} needed here"
        elif kind in ("int_type", "int_parsing", "int_from_float", "bool_type", "bool_parsing",
                      "string_type", "list_type", "dict_type", "model_type", "model_attributes_type"):
            want = _TYPE_WORDS.get(kind.split("_")[0], kind)
            msg = f"expected {want}, got {shown(value)}"
        else:
            msg = err["msg"][0].lower() + err["msg"][1:]
            if msg.startswith("value error, "):
                msg = msg[len("value error, "):]
        if path in seen and kind != "extra_forbidden":
            continue
        seen.add(path)
        problems.append(smap.problem(path, msg, key=key_error))
    return problems
