"""Exact solving times: Kalah(6, n) under Irving, Donkers and Uiterwijk's convention
("Solving Kalah", ICGA Journal 2000: the empty-capture rule, seeds left counting for their
owner), against their published values, plus small boards under both capture rules; the
engine's solver (interpreter/engine.py) against the search written in Python over the engine's
states (rulespec.players.search, engine "python") where that search finishes.

    python benchmarks/solve.py [--max-seeds 3] [--memory 4000] [--python-max 2] [--full-keys-max 3]
                               [--endgame K]

Prints, per instance and engine, the value found, the published value, positions searched,
wall and CPU seconds (the machine may be shared: CPU seconds are the process's own) and
positions per CPU second; for instances both engines solve, the ratio of their CPU times.
"native" keys positions without their stores where the rules allow it (Kalah: they do);
"native-full" keeps the stores in the keys (the solver before that), its ratio against "native"
in the same run; --endgame K adds the endgame table to "native"."""
from __future__ import annotations

import argparse
import time

import rulespec
from rulespec.solve import solve

PUBLISHED = {1: 2, 2: 10, 3: 2, 4: 10, 5: 12}
"""Kalah(6, n), first player's margin under perfect play with the empty-capture rule: +10 for
(6,4) and +12 for (6,5) as Wikipedia's Kalah article reports Irving and Donkers' result; the
smaller instances from the paper's table as cited in docs/analysis.md."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-seeds", type=int, default=3, help="Kalah(6, 1..N) with the empty capture")
    parser.add_argument("--memory", type=float, default=4000, help="transposition table bound, MB")
    parser.add_argument("--python-max", type=int, default=2,
                        help="also run the search in Python (engine \"python\") up to Kalah(6, N) and on "
                        "Kalah(4,3) (0: never)")
    parser.add_argument("--full-keys-max", type=int, default=3,
                        help="also run the native solver with the stores in its keys up to Kalah(6, N) (0: never)")
    parser.add_argument("--endgame", type=int, default=0, help="native endgame table: up to K pieces on the pits")
    args = parser.parse_args()
    print(f"{'instance':30} {'engine':11} {'value':>6} {'published':>9} {'positions':>13} {'wall s':>8} "
          f"{'CPU s':>8} {'pos/CPU s':>10} {'ratio':>6}")
    runs = [("kalah", {"pits": p, "seeds": s, "empty_capture": e}, None, args.python_max > 0 and s == 3, True)
            for p, s in ((4, 3), (4, 4)) for e in (False, True)]
    runs += [("kalah", {"pits": 6, "seeds": n, "empty_capture": True}, PUBLISHED[n], n <= args.python_max,
              n <= args.full_keys_max) for n in range(1, args.max_seeds + 1)]
    for variant, params, published, with_python, with_full in runs:
        game = rulespec.load(variant, **params)
        name = f"{variant}({params['pits']},{params['seeds']})" + (" empty capture" if params["empty_capture"] else "")
        cpu: dict[str, float] = {}
        engines = ["native"] + ["native-full"] * with_full + ["python"] * with_python
        for engine in engines:
            wall, start = time.perf_counter(), time.process_time()
            sol = solve(game, memory_mb=args.memory, engine=engine.split("-")[0],
                        share_stores=engine != "native-full", endgame=args.endgame if engine == "native" else 0)
            cpu[engine] = time.process_time() - start
            wall = time.perf_counter() - wall
            pub = "" if published is None else f"{published:+d}"
            ratio = f"{cpu[engine] / max(cpu['native'], 1e-9):6.1f}" if engine != "native" else ""
            print(f"{name:30} {engine:11} {sol.value:+6d} {pub:>9} {sol.nodes:13,d} {wall:8.1f} {cpu[engine]:8.1f} "
                  f"{sol.nodes / max(cpu[engine], 1e-9):10.0f} {ratio:>6}", flush=True)
            if published is not None and sol.value != published:
                print(f"  MISMATCH: published {published:+d}")


if __name__ == "__main__":
    main()
