"""Shipped variants loaded with the options under which random games end in a few hundred
actions, for the tests that play many random games."""
from __future__ import annotations

from typing import Any

import rulespec

SEEDS = {"bao-la-kiswahili", "glass-bead-game", "kalah", "kiothi", "mefuvha", "oware"}
"""The seed and oracle games: the tests give them the long runs."""


def playable(name: str) -> Any:
    """The variant as random play can finish it: games of rounds capped at three rounds
    (uncapped, random play can take thousands of rounds before a player cannot fill a pit;
    the variants offer the cap as `rounds`); Igisoro with pits of two or more (sowing single
    seeds too, random games rarely end); En Gehe on 12 pits (the 2 x 40 default is slow)."""
    game = rulespec.load(name)
    if game.spec.rounds is not None and "rounds" in game.spec.parameters:
        return rulespec.load(name, rounds=3)
    return {"igisoro": lambda: rulespec.load("igisoro", smallest=2),
            "en-gehe": lambda: rulespec.load("en-gehe", pits=12)}.get(name, lambda: game)()
