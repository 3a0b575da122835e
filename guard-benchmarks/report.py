#!/usr/bin/env python3
"""Turns a JMH JSON result of the guard benchmarks into the lines quick.sh prints or the README tables.

Usage: report.py --quick RESULT.json     one line per benchmark: <name> size=<n> ratio=<t/baseline> alloc=<B/op>
       report.py RESULT.json             markdown: every benchmark and size, then the issue's targets
Every ratio divides by JacksonBaseline.serialize at the same size, from the same run.
"""
import json
import math
import sys

# the names quick.sh prints, in its order
QUICK = {
    "GuardBenchmarks.enforceWidest": "enforce-widest",
    "GuardBenchmarks.enforceUnion": "enforce-union",
    "GuardBenchmarks.enforceFailing": "enforce-failing",
    "GuardBenchmarks.mutate": "mutate",
    "GuardBenchmarks.stashed": "stashed",
    "CodecBenchmarks.codecRead": "codec-read",
    "PolicyBenchmark.evaluate": "policy",
    "LangChain4jCodecBenchmark.roundTrip": "langchain4j-codec",
}
BASELINE = "JacksonBaseline.serialize"


def load(path):
    rows = {}
    for r in json.load(open(path)):
        name = ".".join(r["benchmark"].split(".")[-2:])
        size = int(r["params"]["size"])
        metric = r["primaryMetric"]
        alloc = next((m["score"] for k, m in r.get("secondaryMetrics", {}).items()
                      if k.endswith("gc.alloc.rate.norm")), float("nan"))
        error = metric.get("scoreError")
        if error is None or (isinstance(error, float) and math.isnan(error)) or error == "NaN":
            error = float("nan")
        rows[(name, size)] = (metric["score"], float(error), alloc)
    return rows


def quick(rows):
    order = list(QUICK)
    for (name, size) in sorted((k for k in rows if k[0] in QUICK), key=lambda k: (k[1], order.index(k[0]))):
        score, _, alloc = rows[(name, size)]
        print("%s size=%d ratio=%.4f alloc=%.0f" % (QUICK[name], size, score / rows[(BASELINE, size)][0], alloc))


def markdown(rows):
    names = sorted({k[0] for k in rows}, key=lambda n: (n != BASELINE, n))
    sizes = sorted({k[1] for k in rows})
    print("| benchmark | size | µs/op | ± (99.9%) | ratio to baseline | B/op |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in names:
        for size in sizes:
            if (name, size) not in rows:
                continue
            score, error, alloc = rows[(name, size)]
            ratio = score / rows[(BASELINE, size)][0] if (BASELINE, size) in rows else float("nan")
            print("| %s%s | %d | %.2f | %.2f | %.4f | %.0f |" % (
                name, " (" + QUICK[name] + ")" if name in QUICK else "", size, score, error, ratio, alloc))
    print()

    def t(name, size):
        return rows[(name, size)][0]

    checks = []
    if ("GuardBenchmarks.enforceWidest", 1000) in rows:
        r = t("GuardBenchmarks.enforceWidest", 1000) / t(BASELINE, 1000)
        checks.append(("enforce, widest family, 1,000 entries ≤ 0.10 × baseline", "%.4f ×" % r, r <= 0.10))
        a = rows[("GuardBenchmarks.enforceWidest", 1000)][2]
        checks.append(("enforce, passing 1,000 entries allocates ≤ 64 KB", "%.0f B" % a, a <= 64 * 1024))
    if ("GuardBenchmarks.enforceWidest", 10000) in rows:
        g = t("GuardBenchmarks.enforceWidest", 10000) / t("GuardBenchmarks.enforceWidest", 1000)
        checks.append(("enforce time from 1,000 to 10,000 entries grows ≤ 12×", "%.1f ×" % g, g <= 12))
    for size in sizes:
        if ("GuardBenchmarks.stashed", size) in rows and ("GuardBenchmarks.enforceWidest", size) in rows:
            s = t("GuardBenchmarks.stashed", size) / t("GuardBenchmarks.enforceWidest", size)
            checks.append(("stashed dispatch (grew by 2) ≤ 1.5 × stateless enforce, %s entries" % format(size, ","),
                           "%.2f ×" % s, s <= 1.5))
    print("| target | measured | met |")
    print("|---|---:|---|")
    for what, value, ok in checks:
        print("| %s | %s | %s |" % (what, value, "yes" if ok else "**no**"))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--quick"]:
        quick(load(args[1]))
    elif len(args) == 1:
        markdown(load(args[0]))
    else:
        sys.exit(__doc__)
