"""Exact solving times: Kalah(6, n) under Irving, Donkers and Uiterwijk's convention
("Solving Kalah", ICGA Journal 2000: the empty-capture rule, seeds left counting for their
owner), against their published values, plus small boards under both capture rules.

    python benchmarks/solve.py [--max-seeds 3] [--memory 2000]

Prints, per instance, the value found, the published value, positions searched, seconds and
positions per second (the pure-Python engine; no native solver yet)."""
from __future__ import annotations

import argparse

import rulespec
from rulespec.solve import solve

PUBLISHED = {1: 2, 2: 10, 3: 2, 4: 10, 5: 12}
"""Kalah(6, n), first player's margin under perfect play (Irving et al. 2000, empty capture)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-seeds", type=int, default=3)
    parser.add_argument("--memory", type=float, default=2000, help="transposition table bound, MB")
    args = parser.parse_args()
    print(f"{'instance':28} {'value':>6} {'published':>9} {'positions':>11} {'seconds':>8} {'pos/s':>8}")
    runs = [("kalah", {"pits": p, "seeds": s, "empty_capture": e}, None)
            for p, s in ((4, 3), (4, 4), (5, 3)) for e in (False, True)]
    runs += [("kalah", {"pits": 6, "seeds": n, "empty_capture": True}, PUBLISHED[n])
             for n in range(1, args.max_seeds + 1)]
    for variant, params, published in runs:
        sol = solve(rulespec.load(variant, **params), memory_mb=args.memory)
        name = f"{variant}({params['pits']},{params['seeds']})" + (" empty capture" if params["empty_capture"] else "")
        pub = "" if published is None else f"{published:+d}"
        print(f"{name:28} {sol.value:+6d} {pub:>9} {sol.nodes:11,d} {sol.seconds:8.1f} "
              f"{sol.nodes / max(sol.seconds, 1e-9):8.0f}", flush=True)
        if published is not None and sol.value != published:
            print(f"  MISMATCH: published {published:+d}")


if __name__ == "__main__":
    main()
