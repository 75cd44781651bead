"""Families: a spec that `extends:` another, giving only what differs.

The parent (a shipped variant's name, or a file path relative to the child) is read first and
the child's tree is merged into it before parameters are substituted and the result is
validated. Mappings merge key by key, at every depth; any other value (a list, a number, a
text) replaces the parent's; `null` removes the parent's key. The child's identity is its own:
`name`, `aliases`, `examples` and `editor_notes` are never inherited (the parent's examples
illustrate, and its editors' notes are about, the parent's rules). Each problem is still reported at the file, line and column that wrote the
offending value.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from .errors import Problem, SpecError
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


def parent_path(name: str, child_path: str) -> Path:
    """The file a child's `extends:` names: a path relative to the child, or a shipped variant."""
    from .loader import resolve

    if name.endswith((".yaml", ".yml")):
        candidate = Path(child_path).parent / name
        return candidate if candidate.exists() else resolve(name)
    return resolve(name)


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


def with_parents(root: CommentedMap, smap: SourceMap, chain: tuple[str, ...] = ()) -> tuple[Any, SourceMap]:
    """The spec tree with its `extends:` chain merged in, and a source map over every file."""
    name = root.get("extends")
    if name is None:
        return root, smap
    if not isinstance(name, str) or not name.strip():
        raise SpecError([smap.problem(("extends",), "extends names a variant or a .yaml file, e.g. extends: oware")])
    try:
        path = parent_path(name, smap.path)
    except Exception as exc:  # an unknown variant: say so at the extends line
        raise SpecError([smap.problem(("extends",), str(exc))]) from None
    key = str(path.resolve())
    if key in chain or len(chain) >= MAX_DEPTH:
        raise SpecError([smap.problem(("extends",), f"extends {name!r} goes round in a circle (or deeper than "
                                                    f"{MAX_DEPTH} files)")])
    parent_root, parent_map = read_yaml(path.read_text(encoding="utf-8"), str(path))
    parent_root, parent_map = with_parents(parent_root, parent_map, chain + (key,))
    inherited = CommentedMap((k, v) for k, v in parent_root.items() if k not in NOT_INHERITED and k != "extends")
    merged = merge(inherited, root)
    layers = parent_map.layers if isinstance(parent_map, FamilySourceMap) else [parent_map]
    return merged, FamilySourceMap([smap, *layers])

