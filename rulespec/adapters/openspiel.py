"""Rulespec games as OpenSpiel games, so OpenSpiel's own algorithms run on them unchanged.

    import pyspiel
    from rulespec.adapters import openspiel

    openspiel.register()                                  # every shipped variant
    game = pyspiel.load_game("rulespec_bao_la_kiswahili")
    game = pyspiel.load_game("rulespec_oware", {"pits": 5, "seeds": 3})
    name = openspiel.register_file("my-game.yaml")        # any spec: "rulespec_my_game"

Each game is a Python game registered with `pyspiel.register_game`: deterministic, perfect
information, zero-sum (+1/-1/0), and sequential, except a game whose spec has an `opening`
race: its dynamics are simultaneous, its first node (and any node of the race where both
players choose again) is a simultaneous node (`current_player()` is -2, each player's
`legal_actions(player)`, `apply_actions([south, north])`), and the rest of the game is
made of ordinary one-player nodes, as OpenSpiel allows in simultaneous games. An action is one decision, with the same ids and
strings as the rulespec API (a move with inner decisions is several actions by the same
player). OpenSpiel needs a bound on a game's length, and most mancala games have none: the
`max_game_length` parameter (in actions) is that bound, and a game that reaches it ends
there as a draw. Its default, 10,000 actions, is far beyond any game seen in random play
(the longest shipped games, the Glass Bead Game's 1,000 moves, take about 3,000 actions); a
spec's own `move_limit` still ends its games first.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from ..extras import require_extra

require_extra("openspiel", "pyspiel", "rulespec.adapters.openspiel")
require_extra("openspiel", "numpy", "rulespec.adapters.openspiel")

import numpy as np  # noqa: E402 - after the check that names the extra
import pyspiel  # noqa: E402
from open_spiel.python.observation import IIGObserverForPublicInfoGame  # noqa: E402

from ..loader import LoadedSpec, load_spec, resolve, shipped_variants  # noqa: E402
from .observation import Encoding  # noqa: E402
from .actions import ActionSpace  # noqa: E402

PREFIX = "rulespec_"
DEFAULT_MAX_GAME_LENGTH = 10_000
"""Actions after which a game is cut off as a draw, unless the game is loaded with another
`max_game_length`."""

_registered: dict[str, str] = {}
"""Registered short name -> the spec's name or path."""


def short_name(name_or_path: str | Path) -> str:
    """The OpenSpiel name of a variant or spec file: rulespec_ + its name in snake case."""
    stem = Path(str(name_or_path)).stem if str(name_or_path).endswith((".yaml", ".yml")) else str(name_or_path)
    return PREFIX + re.sub(r"[^0-9a-z]+", "_", stem.lower()).strip("_")


def register(*variants: str) -> list[str]:
    """Register shipped variants (default: every one); returns their OpenSpiel names. Safe
    to call twice. Lazy: only the parameters and the opening of each spec are read here (all
    47 in a fraction of a second); the whole spec is read and checked when OpenSpiel first
    makes the game."""
    unknown = [v for v in variants if v not in shipped_variants()]
    if unknown:
        from ..suggest import did_you_mean

        raise ValueError(f"no shipped variant {unknown[0]!r}{did_you_mean(unknown[0], shipped_variants())}")
    return [_register(name, *outline(resolve(name))) for name in variants or shipped_variants()]


def register_file(path: str | Path) -> str:
    """Register the spec at `path` (checked first: a SpecError lists its problems); returns
    its OpenSpiel name, e.g. 'rulespec_my_game' for my-game.yaml."""
    source = str(Path(path).resolve())
    spec = load_spec(source).spec
    return _register(source, spec.name, {k: p.default for k, p in spec.parameters.items()}, spec.opening is not None)


def outline(path: Path, depth: int = 0) -> tuple[str, dict[str, Any], bool]:
    """A spec's name, parameter defaults and whether it opens with a race, read from its
    top-level `name`, `parameters`, `opening` and `extends` blocks alone (and its parents'),
    as the whole spec would give them (tests/test_openspiel_adapter.py checks every shipped
    variant)."""
    from ..family import MAX_DEPTH, merge, parent_path

    tree = _top_level(path.read_text(encoding="utf-8"), ("name", "parameters", "opening", "extends"))
    if tree.get("extends") and depth < MAX_DEPTH:
        _, inherited, race = outline(parent_path(tree["extends"], str(path)), depth + 1)
        parent = {"parameters": {k: {"default": v} for k, v in inherited.items()}}
        tree = merge({**parent, "opening": {}} if race else parent, tree)
    params = {k: (p or {}).get("default") for k, p in (tree.get("parameters") or {}).items()}
    return str(tree.get("name", path.stem)), params, tree.get("opening") is not None


_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:")


def _top_level(text: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """The named top-level blocks of a YAML mapping, read alone (each key's line and the
    indented lines under it)."""
    from ruamel.yaml import YAML

    kept: list[str] = []
    keep = False
    for line in text.splitlines():
        found = _TOP_KEY.match(line)
        if found:
            keep = found.group(1) in keys
        elif line[:1] not in (" ", "\t", "#", "") and not line.startswith("-"):
            keep = False
        if keep:
            kept.append(line)
    return YAML(typ="safe").load("\n".join(kept)) or {}


def _register(source: str, long_name: str, defaults: dict[str, Any], simultaneous: bool) -> str:
    name = short_name(source)
    if name in _registered:
        if _registered[name] != source:
            raise ValueError(f"{name} is already registered for {_registered[name]}")
        return name
    if "max_game_length" in defaults:
        raise ValueError(f"{source}: a parameter named max_game_length clashes with the adapter's own")
    defaults = {**defaults, "max_game_length": DEFAULT_MAX_GAME_LENGTH}
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{long_name} (rulespec)",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )

    class Game(RulespecGame):
        SOURCE = source
        TYPE = game_type

    Game.__name__ = Game.__qualname__ = f"RulespecGame_{name[len(PREFIX):]}"
    pyspiel.register_game(game_type, Game)
    _registered[name] = source
    return name


@functools.lru_cache(maxsize=64)
def _loaded(source: str, modified: int, params: tuple[tuple[str, Any], ...]) -> LoadedSpec:
    """OpenSpiel creates a game again and again (22 times in one `random_sim_test`, once per
    deserialized state): the spec is read and validated once per file version and parameters.
    Specs are frozen models, so games may share one."""
    return load_spec(source, **dict(params))


class RulespecGame(pyspiel.Game):
    """A rulespec game behind OpenSpiel's Game interface (subclassed once per spec)."""

    SOURCE: str = ""
    TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        bound = int(params.pop("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        if bound < 1:
            raise ValueError(f"max_game_length must be at least 1, got {bound}")
        from rulespec.interpreter import Game

        self.rules = Game(_loaded(self.SOURCE, resolve(self.SOURCE).stat().st_mtime_ns, tuple(sorted(params.items()))))
        self.bound = bound
        self.encoding = Encoding.of(self.rules)
        self.actions = ActionSpace.of(self.rules)
        """OpenSpiel's actions 0..n-1 are the indices of the rulespec ids the game can ask
        (adapters/actions.py): `actions.ids[a]` is action a's rulespec id."""
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.bound,
        )
        super().__init__(self.TYPE, info, {**params, "max_game_length": bound})

    def new_initial_state(self) -> "RulespecState":
        return RulespecState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return Observer(self.encoding)
        # Perfect recall (information states): the position and the actions that led to it.
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Position:
    """Holds the rulespec state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes (a clone here, sharing the compiled game) and serializes it by
    pickling them (nothing here: the position is replayed from OpenSpiel's own history)."""

    __slots__ = ("state",)

    def __init__(self, state: Any = None):
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Position":
        return _Position(self.state.clone() if self.state is not None else None)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _Position, ()


class RulespecState(pyspiel.State):
    """One position; wraps a rulespec State (`inner`)."""

    def __init__(self, game: RulespecGame):
        super().__init__(game)
        self.position = _Position(game.rules.new_initial_state())
        self.bound = game.bound
        self.actions = 0
        self.cut_off = False
        self.flat_joint: list[int] = []
        """History indexes where a simultaneous node's actions came as one flat joint action
        (OpenSpiel's apply_action) rather than one each (apply_actions)."""

    @property
    def inner(self) -> Any:
        """The rulespec state (after deserialization, replayed from the history first)."""
        if self.position.state is None:
            st = self.get_game().rules.new_initial_state()
            history = self.history()
            flat = set(self.flat_joint)
            ids = self.get_game().actions.ids
            i = 0
            while i < len(history):
                if st.is_simultaneous_node() and i not in flat:  # each player's action
                    st.apply_actions([ids[a] for a in history[i:i + 2]])
                    i += 2
                elif st.is_simultaneous_node():  # a flat joint action: an index into both lists
                    st.apply_action(history[i])
                    i += 1
                else:
                    st.apply_action(ids[history[i]])
                    i += 1
            self.position.state = st
        return self.position.state

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.inner.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        if player == pyspiel.PlayerId.SIMULTANEOUS:  # legal_actions() at a simultaneous node
            return self.inner.legal_actions()  # the flat joint actions, as apply_action takes them
        index = self.get_game().actions.to_index
        return [index(a) for a in self.inner.legal_actions(player)]

    def _apply_action(self, action: int) -> None:
        if self.inner.is_simultaneous_node():  # a flat joint action: one history entry for both
            self.flat_joint.append(self.actions)
            self.inner.apply_action(action)
        else:
            self.inner.apply_action(self.get_game().actions.to_action(action))
        self._count(1)

    def _apply_actions(self, actions: list[int]) -> None:
        """Both players' choices at a simultaneous node (the opening race)."""
        to_action = self.get_game().actions.to_action
        self.inner.apply_actions([to_action(a) for a in actions])
        self._count(2)

    def _count(self, actions: int) -> None:
        self.actions += actions
        if self.actions >= self.bound and not self.inner.is_terminal():
            self.cut_off = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player < 0 and self.inner.is_simultaneous_node():  # a flat joint action
            return self.inner.action_to_string(action)
        action = self.get_game().actions.to_action(action)
        if self.inner.race is not None and player >= 0:
            return self.inner.action_to_string(player, action)
        return self.inner.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.cut_off or self.inner.is_terminal()

    def returns(self) -> list[float]:
        if self.cut_off:
            return [0.0, 0.0]
        return self.inner.returns()

    def __str__(self) -> str:
        return str(self.inner) + ("\ncut off: max_game_length reached (a draw)" if self.cut_off else "")


class Observer:
    """OpenSpiel's PyObserver: `tensor` (flat) and `dict` (named views), from one player."""

    def __init__(self, encoding: Encoding):
        self.encoding = encoding
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = encoding.views(self.tensor)

    def set_from(self, state: RulespecState, player: int) -> None:
        self.encoding.fill(state.inner, player, self.dict)

    def string_from(self, state: RulespecState, player: int) -> str:
        return str(state)
