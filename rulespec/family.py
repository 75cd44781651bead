"""Families: a spec that `extends:` another, giving only what differs.

The parent is read first: a shipped variant's name (`extends: oware`), or the name of a
`.yaml` file in the child's own folder (`extends: base.yaml`). Nothing else may be named: no
absolute path, no `..`, no symlink that leads out of the folder, and a spec handed over as
text (an upload to the web app) may extend shipped variants only, so a spec from a stranger
can never make rulespec read another file. The parent is read through the same checked
reader as any spec (inputs.read_text). The child's tree is merged into it before parameters are substituted and the result is
validated. Mappings merge key by key, at every depth; any other value (a list, a number, a
text) replaces the parent's; `null` removes the parent's key. The child's identity is its own:
`name`, `aliases`, `examples` and `editor_notes` are never inherited (the parent's examples
illustrate, and its editors' notes are about, the parent's rules). Each problem is still reported at the file, line and column that wrote the
offending value.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from .errors import Problem, SpecError
from .inputs import InputError, read_text
from .yamlio import SourceMap, read_yaml

NOT_INHERITED = ("name", "aliases", "examples", "editor_notes")
"""Top-level keys a child never takes from its parent."""
MAX_DEPTH = 8
"""How long a chain of `extends:` may be (a longer one is almost surely a mistake)."""


class FamilySourceMap(SourceMap):
    """Locates a path in whichever file of the family wrote it: the layer where the path
    reaches deepest (the child first when two reach equally deep)."""

    def __init__(self, layers: list[SourceMap]):
        super().__init__(layers[0].root, layers[0].path)
        self.layers = layers

    def layer_of(self, keys: tuple[Any, ...]) -> SourceMap:
        best, depth = self.layers[0], -1
        for layer in self.layers:
            d = _depth(layer.root, keys)
            if d > depth:
                best, depth = layer, d
        return best

    def locate(self, keys: tuple[Any, ...], *, key: bool = False) -> tuple[int, int]:
        return self.layer_of(keys).locate(keys, key=key)

    def problem(self, keys: tuple[Any, ...], message: str, *, key: bool = False) -> Problem:
        layer = self.layer_of(keys)
        line, col = layer.locate(keys, key=key)
        return Problem(layer.path, line, col, message)


def _depth(node: Any, keys: tuple[Any, ...]) -> int:
    """How many of `keys` lead somewhere in `node`."""
    for i, k in enumerate(keys):
        if isinstance(node, dict) and k in node:
            node = node[k]
        elif isinstance(node, list) and isinstance(k, int) and 0 <= k < len(node):
            node = node[k]
        else:
            return i
    return len(keys)


SHIPPED_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
"""How a shipped variant is named in `extends:` (no dots or slashes: never a path)."""


def parent_path(name: str, folder: Path | None) -> Path:
    """The file a child's `extends:` names: a shipped variant, or a `.yaml` file in the
    child's folder (`folder`; None for a spec handed over as text, which may extend shipped
    variants only). Raises ValueError with a message for the extends line."""
    from .loader import variants_dir

    if SHIPPED_NAME.match(name):
        path = variants_dir() / f"{name}.yaml"
        if path.is_file():
            return path
        from .loader import shipped_variants
        from .suggest import did_you_mean

        raise ValueError(f"extends {name!r}: no shipped variant has this name{did_you_mean(name, shipped_variants())} "
                         f"(a file in the spec's folder is written with .yaml: extends: {name}.yaml)")
    if not name.endswith((".yaml", ".yml")):
        raise ValueError(f"extends names a shipped variant (extends: oware) or a .yaml file in the "
                         f"spec's own folder (extends: base.yaml), not {name!r}")
    if folder is None:
        raise ValueError("a spec handed over as text (an upload) may extend shipped variants only, "
                         "e.g. extends: oware")
    if name != Path(name).name or name in (".yaml", ".yml") or "\\" in name:
        raise ValueError(f"extends {name!r}: a parent file must be in the spec's own folder "
                         f"(a plain file name, no folders, no '..')")
    base = folder.resolve()
    path = (base / name).resolve()
    if path.parent != base:
        raise ValueError(f"extends {name!r}: the file leads out of the spec's folder (a symlink)")
    return path


def read_parent(name: str, folder: Path | None) -> tuple[str, Path]:
    """The text and path of the parent `extends: name` names (see parent_path), read as any
    spec is read (a regular file, at most MAX_FILE_BYTES, UTF-8)."""
    path = parent_path(name, folder)
    try:
        return read_text(path), path
    except InputError as exc:
        raise ValueError(f"extends {name!r}: {exc.problem.message}") from None


def merge(parent: Any, child: Any) -> Any:
    """The child's tree merged into the parent's (mappings key by key; the rest replaced)."""
    if isinstance(parent, dict) and isinstance(child, dict):
        out = CommentedMap()
        out.update(parent)
        for k, v in child.items():
            if v is None:
                out.pop(k, None)
            elif k in out:
                out[k] = merge(out[k], v)
            else:
                out[k] = v
        return out
    return child


def with_parents(root: CommentedMap, smap: SourceMap, folder: Path | None,
                 chain: tuple[str, ...] = ()) -> tuple[Any, SourceMap]:
    """The spec tree with its `extends:` chain merged in, and a source map over every file.
    `folder` is the child's folder (None: a spec given as text, which extends shipped
    variants only)."""
    name = root.get("extends")
    if name is None:
        return root, smap
    if not isinstance(name, str) or not name.strip():
        raise SpecError([smap.problem(("extends",), "extends names a variant or a .yaml file, e.g. extends: oware")])
    try:
        text, path = read_parent(name, folder)
    except ValueError as exc:
        raise SpecError([smap.problem(("extends",), str(exc))]) from None
    key = str(path)
    if key in chain:
        raise SpecError([smap.problem(("extends",), f"extends {name!r} goes round in a circle: "
                                                    f"{' -> '.join(Path(c).name for c in chain + (key,))}")])
    if len(chain) >= MAX_DEPTH:
        raise SpecError([smap.problem(("extends",), f"extends {name!r}: a family may be at most {MAX_DEPTH} "
                                                    f"files deep")])
    parent_root, parent_map = read_yaml(text, str(path))
    parent_root, parent_map = with_parents(parent_root, parent_map, path.parent, chain + (key,))
    inherited = CommentedMap((k, v) for k, v in parent_root.items() if k not in NOT_INHERITED and k != "extends")
    merged = merge(inherited, root)
    layers = parent_map.layers if isinstance(parent_map, FamilySourceMap) else [parent_map]
    return merged, FamilySourceMap([smap, *layers])
