"""Small statistics for match and balance reports: Wilson intervals and Elo ratings."""
from __future__ import annotations

import math
from collections.abc import Iterable

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion; (0, 1) with no trials."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(results: Iterable[tuple[str, str, float]], iterations: int = 2000) -> dict[str, float]:
    """Elo ratings (mean 1500) fitted to game results (a, b, score of a: 1, 0.5 or 0) by the
    Bradley-Terry maximum-likelihood iteration; a player who won or lost everything is held
    400 points from the strongest/weakest other player by half a virtual draw against each."""
    games: dict[tuple[str, str], list[float]] = {}
    names: list[str] = []
    for a, b, s in results:
        for n in (a, b):
            if n not in names:
                names.append(n)
        games.setdefault((a, b), []).append(s)
    if len(names) < 2:
        return {n: 1500.0 for n in names}
    wins = {n: 0.0 for n in names}
    pairs: dict[tuple[str, str], int] = {}
    for (a, b), scores in games.items():
        wins[a] += sum(scores)
        wins[b] += len(scores) - sum(scores)
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0) + len(scores)
    # Half a virtual draw between every pair keeps the fit finite.
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            key = (a, b) if a < b else (b, a)
            pairs[key] = pairs.get(key, 0) + 1
            wins[a] += 0.5
            wins[b] += 0.5
    strength = {n: 1.0 for n in names}
    for _ in range(iterations):
        new = {}
        for n in names:
            denom = sum(count / (strength[n] + strength[b if a == n else a])
                        for (a, b), count in pairs.items() if n in (a, b))
            new[n] = wins[n] / denom if denom else strength[n]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {n: v / mean for n, v in new.items()}
    return {n: 1500 + 400 * math.log10(strength[n]) for n in names}
