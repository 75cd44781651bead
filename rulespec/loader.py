"""From a YAML file to a validated Spec: parse, substitute parameters, validate, check."""
from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .family import with_parents
from .errors import ParameterError, Problem, SpecError, UnknownVariantError
from .inputs import InputError, read_text
from .models import Parameter, Spec
from .semantic import check_spec
from .suggest import did_you_mean
from .validation import NOT_A_NAME, problems_from, shown
from .yamlio import SourceMap, plain, read_yaml  # noqa: F401

PARAM_REF = re.compile(r"^\$([A-Za-z][A-Za-z0-9_-]*)$")


@dataclass
class LoadedSpec:
    """A validated spec with the parameter values it was loaded with and its source map."""

    spec: Spec
    path: str
    params: dict[str, Any]
    source: SourceMap
    text: str
    raw: dict[str, Any] = field(repr=False, default_factory=dict)
    """The plain document before parameter substitution (for `$name` references)."""
    folder: Path | None = None
    """Where `extends:` may find a parent file (the spec file's folder; None for a spec
    handed over as text, which may extend shipped variants only)."""


def variants_dir() -> Path:
    """The folder of shipped variants (installed package data, or the checkout's variants/)."""
    try:
        return Path(str(resources.files("rulespec.variants")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "variants"


def shipped_variants() -> list[str]:
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


def resolve(name_or_path: str | Path) -> Path:
    """A shipped variant's file by name, or the given path."""
    text = str(name_or_path)
    candidate = Path(text)
    if text.endswith((".yaml", ".yml")) or candidate.exists():
        if not candidate.exists():
            raise UnknownVariantError(text, None, shipped_variants())
        return candidate
    path = variants_dir() / f"{text}.yaml"
    if path.exists():
        return path
    known = shipped_variants()
    hint = did_you_mean(text, known)
    raise UnknownVariantError(text, hint[len(" (did you mean '"):-3] if hint else None, known)


def _parameters(root: Any, smap: SourceMap) -> tuple[dict[str, Parameter], list[Problem]]:
    block = root.get("parameters") or {}
    if not isinstance(block, dict):
        return {}, [smap.problem(("parameters",), "parameters must be a mapping of name: {doc, default, ...}")]
    out: dict[str, Parameter] = {}
    problems: list[Problem] = []
    for name, body in block.items():
        if not PARAM_REF.match(f"${name}"):
            problems.append(smap.problem(("parameters", name), f"{shown(name)} {NOT_A_NAME}", key=True))
            continue
        try:
            out[str(name)] = Parameter.model_validate(plain(body))
        except ValidationError as exc:
            problems.extend(problems_from(exc, root, smap, prefix=("parameters", name)))
    return out, problems


def _substitute(node: Any, values: dict[str, Any], trail: tuple[Any, ...], smap: SourceMap,
                problems: list[Problem], used: set[str]) -> Any:
    """Replace every `$name` scalar by the parameter's value (in place, keeping positions)."""
    if isinstance(node, dict):
        for key in list(node.keys()):
            if trail == () and key == "parameters":
                continue
            node[key] = _substitute(node[key], values, trail + (key,), smap, problems, used)
        return node
    if isinstance(node, list):
        for i in range(len(node)):
            node[i] = _substitute(node[i], values, trail + (i,), smap, problems, used)
        return node
    if isinstance(node, str):
        m = PARAM_REF.match(node)
        if m:
            name = m.group(1)
            if name in values:
                used.add(name)
                return values[name]
            problems.append(smap.problem(trail, f"unknown parameter ${name}{did_you_mean(name, values)}"
                                         + ("" if values else "; declare it under 'parameters'")))
    return node


def load_spec(name_or_path: str | Path, **overrides: Any) -> LoadedSpec:
    """Load, validate and check a spec. Raises SpecError listing every located problem."""
    path = resolve(name_or_path)
    try:
        text = read_text(path)
    except InputError as exc:
        raise SpecError([exc.problem]) from None
    return load_spec_text(text, str(path), path.parent, **overrides)


def load_spec_text(text: str, path: str = "<spec>", folder: Path | None = None, /, **overrides: Any) -> LoadedSpec:
    """A spec from its text; `path` names it in messages. `folder` is where its `extends:`
    may find a parent file: give it only for a file the user handed over (None: shipped
    variants only, as for an upload)."""
    root, smap = read_yaml(text, path)
    return load_spec_tree(root, smap, text, folder, **overrides)


def load_spec_tree(root: Any, smap: SourceMap, text: str, folder: Path | None = None, /,
                   **overrides: Any) -> LoadedSpec:
    """The steps after parsing (for tools that edit a parsed document, e.g. mutation
    analysis): `root` is read_yaml's tree, or any tree of dicts and lists; `text` is kept as
    the spec's source (examples with their own parameters reload it); `folder` as for
    load_spec_text."""
    root, smap = with_parents(root, smap, folder)
    path = smap.path
    raw = plain(root)
    params, problems = _parameters(root, smap)
    if problems:
        raise SpecError(problems)
    for name in overrides:
        if name not in params:
            known = ", ".join(params) or "none"
            raise ParameterError(f"unknown parameter {name!r}{did_you_mean(name, params)} for {path}; "
                                 f"parameters: {known}")
    values: dict[str, Any] = {}
    for name, param in params.items():
        value = overrides.get(name, param.default)
        try:
            param.check(value)
        except ValueError as exc:
            if name in overrides:
                raise ParameterError(f"parameter {name!r} = {reprlib.repr(value)}: {exc}") from None
            problems.append(smap.problem(("parameters", name, "default"), f"parameter {name!r}: {exc}"))
        values[name] = value
    used: set[str] = set()
    _substitute(root, values, (), smap, problems, used)
    if problems:
        raise SpecError(problems)
    doc = plain(root)
    try:
        spec = Spec.model_validate(doc)
    except ValidationError as exc:
        raise SpecError(problems_from(exc, root, smap)) from None
    problems = check_spec(spec, smap)
    if problems:
        raise SpecError(problems)
    return LoadedSpec(spec=spec, path=path, params=values, source=smap, text=text, raw=raw, folder=folder)
