"""The seed and oracle games, which the tests that play many random games give the long runs."""
from __future__ import annotations

SEEDS = {"bao-la-kiswahili", "glass-bead-game", "kalah", "kiothi", "mefuvha", "oware"}
