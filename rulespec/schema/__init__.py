"""The JSON Schema of the spec language, for editors (yaml-language-server) and reviewers."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..models import Spec

SCHEMA_PATH = Path(__file__).parent / "rulespec.schema.json"
PARAM_REF = {"type": "string", "pattern": r"^\$[A-Za-z][A-Za-z0-9_-]*$",
             "description": "a reference to a parameter, e.g. $pits"}


def _allow_refs(node: Any, parent_key: str | None = None) -> Any:
    """Let every integer, boolean and enum value be written as a `$parameter` reference."""
    if isinstance(node, dict):
        out = {k: _allow_refs(v, k) for k, v in node.items()}
        if parent_key in ("properties", "$defs"):
            return out
        if out.get("type") in ("integer", "boolean") or ("enum" in out and "type" in out):
            scalar = {k: v for k, v in out.items() if k not in ("title", "description", "default")}
            kept = {k: v for k, v in out.items() if k in ("title", "description", "default")}
            return {**kept, "anyOf": [scalar, {"$ref": "#/$defs/ParamRef"}]}
        if out.get("const") is not None and out.get("type") == "string":
            return out
        return out
    if isinstance(node, list):
        return [_allow_refs(v) for v in node]
    return node


def build_schema() -> dict[str, Any]:
    schema = Spec.model_json_schema(by_alias=True)
    schema = _allow_refs(schema)
    schema.setdefault("$defs", {})["ParamRef"] = PARAM_REF
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "rulespec variant"
    return schema


def schema_text() -> str:
    return json.dumps(build_schema(), indent=2, sort_keys=True) + "\n"


def write_schema(path: Path = SCHEMA_PATH) -> Path:
    from ..outputs import write_output

    path.parent.mkdir(parents=True, exist_ok=True)
    return write_output(path, schema_text())
