"""The committed JSON Schema is current, and every variant file conforms to it."""
from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
from ruamel.yaml import YAML

import rulespec
from rulespec.loader import variants_dir
from rulespec.schema import SCHEMA_PATH, build_schema, schema_text

MODELINE = "# yaml-language-server: $schema=../rulespec/schema/rulespec.schema.json"


def test_committed_schema_is_not_stale() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), "run `rulespec schema`"


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_variant_conforms_to_schema_and_has_modeline(name: str) -> None:
    path = variants_dir() / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == MODELINE
    doc = YAML(typ="safe").load(text)
    if "extends" in doc:  # a family member gives only its differences: check the merged spec
        from rulespec.family import with_parents
        from rulespec.yamlio import plain, read_yaml

        doc = plain(with_parents(*read_yaml(text, str(path)), path.parent)[0])
    jsonschema.validate(doc, build_schema())


def test_modeline_points_at_the_schema_file() -> None:
    target = (Path(rulespec.__file__).parent.parent / "variants" / MODELINE.split("=", 1)[1]).resolve()
    assert target == SCHEMA_PATH.resolve()


def test_schema_rejects_a_misspelt_key() -> None:
    doc = YAML(typ="safe").load((variants_dir() / "oware.yaml").read_text(encoding="utf-8"))
    doc["sowing"]["skip_orign"] = True
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, build_schema())


def test_reference_docs_are_not_stale() -> None:
    from rulespec.docgen import REFERENCE_PATH, reference

    assert REFERENCE_PATH.read_text(encoding="utf-8") == reference(), "run `python -m rulespec.docgen`"
