"""The spec language reference, generated from the models' docstrings (docs/reference.md)."""
from __future__ import annotations

import inspect
import types
import typing
from pathlib import Path
from typing import Any, Union

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from . import models

REFERENCE_PATH = Path(__file__).resolve().parent.parent / "docs" / "reference.md"
PLAY_PATH = REFERENCE_PATH.with_name("reference-play.md")
"""The hand-written section "How a game is played", appended to the generated reference (edit it
there, then run `python -m rulespec.docgen`)."""

ORDER = [
    models.Spec, models.Origin, models.Source, models.Parameter, models.Board, models.Role, models.Terms,
    models.Setup, models.PieceKind, models.Turn, models.MoveKind, models.Lift, models.Sowing, models.Laps, models.PassingCapture,
    models.CaptureRule, models.ChainSelector, models.Chain, models.ChooseSelector, models.ChooseSelector.Choose,
    models.PickSelector, models.PickSelector.Pick, models.WhereSelector, models.SowDestination, models.SowFrom,
    models.Obligations, models.Feeding, models.MarkRule, models.Variable, models.Effect, models.Transfer, models.PitOf, models.Stage, models.SideEmpty,
    models.NoLegalMove, models.Majority, models.ScoreAtLeast, models.Repetition, models.MoveLimit,
    models.WhenHolds, models.Rounds, models.PartPit, models.Opening, models.Scoring, models.VictoryValue, models.Condition, models.CountRange, models.PitCount,
    models.KindCount, models.VariableTest, models.Example,
]
"""Every block, in the order the reference presents them (a test checks none is missing)."""


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _type_name(typing.get_args(tp)[0])
    if origin in (Union, types.UnionType):
        names = [_type_name(a) for a in typing.get_args(tp) if a is not type(None)]
        return " or ".join(dict.fromkeys(names))
    if origin is typing.Literal:
        return " \\| ".join(f"`{v}`" for v in typing.get_args(tp))
    if origin is list:
        return f"list of {_type_name(typing.get_args(tp)[0])}"
    if origin is dict:
        k, v = typing.get_args(tp)
        return f"mapping {_type_name(k)} → {_type_name(v)}"
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return f"[{tp.__name__}](#{tp.__name__.lower()})"
    if tp is typing.Any:
        return "any"
    return {int: "integer", str: "text", bool: "true/false", float: "number"}.get(tp, getattr(tp, "__name__", str(tp)))


def _default(field: Any) -> str:
    if field.is_required():
        return "required"
    if field.default_factory is not None:
        value = field.default_factory()
    else:
        value = field.default
    if value is None or value is PydanticUndefined:
        return ""
    if value == [] or value == {}:
        return "empty"
    return f"`{yaml_flow(value)}`"


def yaml_flow(value: Any) -> str:
    """A default as a spec author would write it, in YAML flow style."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {yaml_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(yaml_flow(v) for v in value) + "]"
    return str(value)


def reference() -> str:
    lines = ["# Spec language reference", "",
             "Generated from the models in `rulespec/models/` by `python -m rulespec.docgen`;",
             "a test fails when it is out of date. Every block rejects unknown keys. Any integer,",
             "true/false or choice value may be written as a parameter reference, `$name`.", "",
             "How the blocks work together in play (circuits, `next` and `previous`, repeated positions,",
             "the order of events after a move, the opening race, several kinds of piece):",
             "[How a game is played](#how-a-game-is-played), at the end.", ""]
    for model in ORDER:
        doc = inspect.cleandoc(model.__doc__ or "")
        lines += [f"## {model.__name__}", "", doc, "", "| key | type | default | meaning |", "|---|---|---|---|"]
        for name, field in model.model_fields.items():
            desc = " ".join((field.description or "").split()).replace("|", "\\|")
            lines.append(f"| `{field.alias or name}` | {_type_name(field.annotation)} | {_default(field)} | {desc} |")
        lines.append("")
    lines.append(PLAY_PATH.read_text(encoding="utf-8"))
    return "\n".join(lines)


def write_reference(path: Path = REFERENCE_PATH) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(reference(), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write_reference())
