"""Loading specs: parsing the YAML and the whole load (parse, validate, check, compile).

A spec is parsed with libyaml (ruamel.yaml.clib) under ruamel's round-trip constructor, which
keeps every key's line and column for error messages; without libyaml the pure-Python parser
does the same work. Both parsers read every shipped variant in alternating rounds in this
process and the median of each round's ratio is reported, with the median times. Usage:

    python benchmarks/loading.py [--rounds 5] [--only bao-la-kiswahili,oware]
"""
from __future__ import annotations

import argparse
import time
from statistics import median

import rulespec
from rulespec import yamlio
from rulespec.loader import resolve


def timed(fn, *args) -> float:  # noqa: ANN001 - any callable
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def pure_parse(text: str) -> None:
    yamlio.pure_yaml().load(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else rulespec.shipped_variants()
    texts = {name: resolve(name).read_text(encoding="utf-8") for name in names}
    if yamlio.CParser is None:
        print("libyaml (ruamel.yaml.clib) is not installed: only the pure parser can be measured")
        return
    fast, pure, ratios = [], [], []
    for _ in range(args.rounds):
        f = sum(timed(yamlio.read_yaml, text, name) for name, text in texts.items())
        p = sum(timed(pure_parse, text) for text in texts.values())
        fast.append(f)
        pure.append(p)
        ratios.append(p / f)
    size = sum(len(t) for t in texts.values()) / 1000
    print(f"parse {len(texts)} specs ({size:.0f} KB): libyaml {median(fast) * 1000:.0f} ms, "
          f"pure Python {median(pure) * 1000:.0f} ms; libyaml is {median(ratios):.2f}x faster "
          f"(median of {args.rounds} rounds)")
    loads = [sum(timed(rulespec.load, name) for name in names) for _ in range(args.rounds)]
    print(f"load and compile {len(texts)} specs: {median(loads) * 1000:.0f} ms "
          f"({median(loads) / len(texts) * 1000:.1f} ms per spec)")
    for name in ("bao-la-kiswahili", "oware"):
        if name in texts:
            print(f"  {name}: {median(timed(rulespec.load, name) for _ in range(args.rounds)) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
