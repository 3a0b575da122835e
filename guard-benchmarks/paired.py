#!/usr/bin/env python3
"""Measures the issue's targets as ratios of benchmarks run seconds apart, round after round.

Usage: paired.py JAR OUT_DIR [--rounds N] [--only REGEX] [--wi N] [--i N] [--first-round N] [--gc true]
                                 [--forks N] [--huge-pages true]
       paired.py --report OUT_DIR|PAIRED.json   the table again, from what a run left (also while it runs)
       paired.py --pack OUT_DIR PAIRED.json     the rows the targets read, of every round, in one file

Why: a full JMH run measures the guard and its baseline minutes apart, and this machine's speed moves by
a third between such minutes, so one run's ratio can land on either side of a target (the same code has
read at 0.78-1.97 x readTree from one run to the next). Here every target is one
small JMH invocation holding only what its ratio divides: the path and its baseline at one size (one fork
each, back to back), or the path at 1,000 and at 10,000 entries for its growth. A round runs every
invocation once; the rounds repeat the whole list, so each target's ratio is taken N times at N different
moments. The table gives each target's median ratio over the rounds, its lowest and highest, and in how
many rounds it was met; a target counts as met when its median is.

Every invocation's JMH JSON is kept in OUT_DIR (round-<r>-<group>.json), and at the end the rows the
targets read, of every round, in OUT_DIR/paired.json (small enough to keep beside the README).

--gc true has JMH collect the heap before every iteration (its -gc option). --forks N runs each
benchmark in N forks instead of one (JMH's score is then the mean over all their iterations): on this
machine one JVM's figure for a memory-bound path can sit a third from another's, and one fork per side
cannot decide a bound a tenth away. --huge-pages true starts every
fork with -XX:+UseTransparentHugePages (the kernel must allow it: "madvise" or "always" in
/sys/kernel/mm/transparent_hugepage/enabled): with the heap in 2 MB pages a read of cold memory rarely
misses the TLB as well, which is most of what moves one JVM's figures against another's.
"""
import json
import os
import re
import subprocess
import sys
import time

SIZES = (10, 100, 1000, 10000)
SURFACES = ("anthropic-messages", "openai-chat", "openai-responses", "gemini", "bedrock-converse")
SERIALIZE = "JacksonBaseline.serialize"
READ_TREE = "WireBenchmarks.readTree"

# every path of quick.sh: (label, benchmark, surface)
PATHS = [("enforce-widest", "GuardBenchmarks.enforceWidest", None),
         ("enforce-union", "GuardBenchmarks.enforceUnion", None),
         ("enforce-failing", "GuardBenchmarks.enforceFailing", None),
         ("mutate", "GuardBenchmarks.mutate", None),
         ("mutate-noop", "GuardBenchmarks.mutateNoop", None),
         ("stashed", "GuardBenchmarks.stashed", None),
         ("codec-read", "CodecBenchmarks.codecRead", None),
         ("policy", "PolicyBenchmark.evaluate", None),
         ("explain", "PolicyBenchmark.explain", None),
         ("langchain4j-codec", "LangChain4jCodecBenchmark.roundTrip", None),
         ("langchain4j-enforce", "LangChain4jCodecBenchmark.enforce", None),
         ("langchain4j-enforce-loop", "LangChain4jCodecBenchmark.enforceLoop", None),
         ("spring-ai-enforce", "SpringAiBenchmark.enforce", None)]
PATHS += [("wire-%s-enforce" % s, "WireBenchmarks.enforce", s) for s in SURFACES]


def include(*benchmarks):
    return "|".join(re.escape(b) + "$" for b in sorted(set(benchmarks)))


def ratio(label, num, den, bound):
    return (label, "ratio", num, den, bound)


def growth(label, benchmark, surface=None):
    return ratio("%s grows ≤ 11 × from 1,000 to 10,000 entries" % label, (benchmark, surface, 10000),
                 (benchmark, surface, 1000), 11.0)


def groups():
    """The invocations of one round: (name, include regex, parameters, [targets]).

    A target is (label, kind, numerator, denominator, bound): kind "ratio" divides the numerator's time by
    the denominator's, "alloc" compares the numerator's bytes per operation with the bound. A numerator or
    denominator is (benchmark, surface, size). JMH runs an invocation's benchmarks in name order, each at
    its sizes one after the other, so a path and its baseline are a few forks apart and a path's two sizes
    are neighbours.
    """
    out = []
    # the ratios to Jackson's serialisation at 1,000 entries and the same paths' growth (the baseline sorts
    # between the guard's classes and the frameworks')
    core = [("enforce-widest", "GuardBenchmarks.enforceWidest", 0.10),
            ("enforce-union", "GuardBenchmarks.enforceUnion", 0.10),
            ("policy", "PolicyBenchmark.evaluate", 0.10),
            ("langchain4j-enforce", "LangChain4jCodecBenchmark.enforce", 0.15),
            ("spring-ai-enforce", "SpringAiBenchmark.enforce", 0.15)]
    targets = []
    for label, benchmark, bound in core:
        targets.append(ratio("%s ≤ %.2f × Jackson, 1,000 entries" % (label, bound), (benchmark, None, 1000),
                             (SERIALIZE, None, 1000), bound))
    for label, benchmark, kb in (("policy", "PolicyBenchmark.evaluate", 64),
                                 ("langchain4j-enforce", "LangChain4jCodecBenchmark.enforce", 128),
                                 ("spring-ai-enforce", "SpringAiBenchmark.enforce", 128)):
        targets.append(("%s ≤ %d KB, 1,000 entries" % (label, kb), "alloc", (benchmark, None, 1000), None,
                        kb * 1024))
    targets += [growth(label, benchmark) for label, benchmark, _ in core]
    out.append(("core", include(SERIALIZE, *(b for _, b, _ in core)), {"size": ["1000", "10000"]}, targets))
    # each wire surface against Jackson reading the same body; large bodies with the path's growth
    for surface in SURFACES:
        label = "wire-%s-enforce" % surface
        enforce = "WireBenchmarks.enforce"
        out.append(("wire-" + surface, include(enforce, READ_TREE),
                    {"size": ["1000", "10000"], "surface": [surface]},
                    [ratio("%s ≤ 1.2 × readTree, %s entries" % (label, format(size, ",")),
                           (enforce, surface, size), (READ_TREE, surface, size), 1.2) for size in (1000, 10000)]
                    + [growth(label, enforce, surface)]))
        out.append(("wire-%s-small" % surface, include(enforce, READ_TREE),
                    {"size": ["10", "100"], "surface": [surface]},
                    [ratio("%s ≤ 1.2 × readTree, %d entries" % (label, size),
                           (enforce, surface, size), (READ_TREE, surface, size), 1.2) for size in (10, 100)]))
    # the other paths' growth
    core_benchmarks = {b for _, b, _ in core}
    rest = [(label, b) for label, b, surface in PATHS if surface is None and b not in core_benchmarks]
    out.append(("growth", include(*(b for _, b in rest)), {"size": ["1000", "10000"]},
                [growth(label, b) for label, b in rest]))
    # stateful and mutate paths against stateless enforce, at every size
    out.append(("stateless", include("GuardBenchmarks.enforceWidest", "GuardBenchmarks.mutateNoop",
                                     "GuardBenchmarks.stashed"),
                {"size": [str(size) for size in SIZES]},
                [ratio("stashed ≤ 1.3 × enforce, %s entries" % format(size, ","), ("GuardBenchmarks.stashed", None, size),
                       ("GuardBenchmarks.enforceWidest", None, size), 1.3) for size in SIZES]
                + [ratio("mutate-noop ≤ 1.1 × enforce, %s entries" % format(size, ","),
                         ("GuardBenchmarks.mutateNoop", None, size), ("GuardBenchmarks.enforceWidest", None, size),
                         1.1) for size in SIZES]))
    return out


def compact(path):
    """The rows of one JMH JSON result that the targets read: benchmark, surface, size, score, B/op, iterations."""
    rows = []
    for r in json.load(open(path)):
        rows.append({"benchmark": ".".join(r["benchmark"].split(".")[-2:]), "surface": r["params"].get("surface"),
                     "size": int(r["params"]["size"]), "score": r["primaryMetric"]["score"],
                     "alloc": next((m["score"] for k, m in r.get("secondaryMetrics", {}).items()
                                    if k.endswith("gc.alloc.rate.norm")), None),
                     "iterations": [v for fork in r["primaryMetric"].get("rawData", []) for v in fork]})
    return rows


def load(path):
    """The group names and {(round, group): rows} of a run: its directory, or the paired.json it left."""
    if os.path.isfile(path):
        packed = json.load(open(path))
        return packed["groups"], {(x["round"], x["group"]): x["rows"] for x in packed["rounds"]}
    names = json.load(open(os.path.join(path, "groups.json")))
    results = {}
    for f in sorted(os.listdir(path)):
        m = re.match(r"round-(\d+)-(.*)\.json$", f)
        # a group still running (or failed) has its log beside an empty result
        if m and not os.path.exists(os.path.join(path, f[:-len(".json")] + ".log")):
            results[(int(m.group(1)), m.group(2))] = compact(os.path.join(path, f))
    return names, results


def scores(rows):
    return {(r["benchmark"], r["surface"], r["size"]): (r["score"], float("nan") if r["alloc"] is None else r["alloc"])
            for r in rows}


def measure(target, rows):
    label, kind, num, den, bound = target
    if num not in rows or (den is not None and den not in rows):
        return None
    if kind == "alloc":
        return rows[num][1]
    return rows[num][0] / rows[den][0]


def heap(params, huge="false"):
    # a pre-touched heap costs its size in page faults at every fork's start; 10,000-entry requests need 3 GiB
    size = "3g" if "10000" in params["size"] else "1g"
    return "-Xms%s -Xmx%s -XX:+AlwaysPreTouch%s" % (size, size, " -XX:+UseTransparentHugePages" if huge == "true" else "")


def run_group(jar, out_dir, r, group, wi, i, gc="false", forks="1", huge="false"):
    name, regex, params, _ = group
    result = os.path.join(out_dir, "round-%d-%s.json" % (r, name))
    cmd = ["java", "-jar", jar, regex, "-f", forks, "-wi", str(wi), "-w", "1s", "-i", str(i), "-r", "1s",
           "-foe", "true", "-gc", gc, "-prof", "gc", "-rf", "json", "-rff", result, "-jvmArgsAppend", heap(params, huge)]
    for key, values in params.items():
        cmd += ["-p", "%s=%s" % (key, ",".join(values))]
    log = os.path.join(out_dir, "round-%d-%s.log" % (r, name))
    with open(log, "w") as sink:
        code = subprocess.call(cmd, stdout=sink, stderr=subprocess.STDOUT)
    if code != 0:
        sys.exit("paired.py: JMH failed in round %d, group %s (log: %s)" % (r, name, log))
    os.remove(log)
    return result


def summarise(results, selected):
    by_target = {}
    order = []
    for name, _, _, targets in selected:
        for target in targets:
            order.append(target)
            by_target[target[0]] = []
    for r in sorted({r for r, _ in results}):
        for name, _, _, targets in selected:
            if (r, name) not in results:
                continue
            rows = scores(results[(r, name)])
            for target in targets:
                value = measure(target, rows)
                if value is not None:
                    by_target[target[0]].append(value)
    summary = []
    for label, kind, _, _, bound in order:
        values = by_target[label]
        if not values:
            continue
        ordered = sorted(values)
        n = len(ordered)
        middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
        summary.append({"target": label, "kind": kind, "bound": bound, "values": values, "median": middle,
                        "met_rounds": sum(1 for v in values if v <= bound), "met": middle <= bound})
    return summary


def pack(out_dir, path):
    names, results = load(out_dir)
    json.dump({"groups": names, "rounds": [{"round": r, "group": g, "rows": rows}
                                           for (r, g), rows in sorted(results.items())]},
              open(path, "w"), indent=None, separators=(",", ":"))


def table(summary):
    print("| target | rounds | median | lowest – highest | rounds met | met (median) |")
    print("|---|---:|---:|---:|---:|---|")
    for s in summary:
        fmt = (lambda v: "%.0f B" % v) if s["kind"] == "alloc" else (lambda v: "%.3f ×" % v)
        print("| %s | %d | %s | %s – %s | %d of %d | %s |" % (
            s["target"], len(s["values"]), fmt(s["median"]), fmt(min(s["values"])), fmt(max(s["values"])),
            s["met_rounds"], len(s["values"]), "yes" if s["met"] else "**no**"))


def main(args):
    if args[:1] == ["--report"] and len(args) == 2:
        names, results = load(args[1])
        table(summarise(results, [g for g in groups() if g[0] in names]))
        return
    if args[:1] == ["--pack"] and len(args) == 3:
        pack(args[1], args[2])
        return
    if len(args) < 2:
        sys.exit(__doc__)
    jar, out_dir, rest = args[0], args[1], args[2:]
    options = {"--rounds": "3", "--only": ".", "--wi": "3", "--i": "3", "--first-round": "1", "--gc": "false", "--forks": "1",
               "--huge-pages": "false"}
    while rest:
        if rest[0] not in options or len(rest) < 2:
            sys.exit("paired.py: unknown option or missing value: %s\n%s" % (rest[0], __doc__))
        options[rest[0]] = rest[1]
        rest = rest[2:]
    if options["--gc"] not in ("true", "false"):
        sys.exit("paired.py: --gc takes true or false, not %s" % options["--gc"])
    if options["--huge-pages"] not in ("true", "false"):
        sys.exit("paired.py: --huge-pages takes true or false, not %s" % options["--huge-pages"])
    if not options["--forks"].isdigit() or int(options["--forks"]) < 1:
        sys.exit("paired.py: --forks takes a positive number, not %s" % options["--forks"])
    if not os.path.isfile(jar):
        sys.exit("paired.py: no benchmarks jar at %s" % jar)
    os.makedirs(out_dir, exist_ok=True)
    only = re.compile(options["--only"])
    selected = [g for g in groups() if only.search(g[0])]
    if not selected:
        sys.exit("paired.py: --only %s matches no group (groups: %s)" % (options["--only"],
                                                                        ", ".join(g[0] for g in groups())))
    # a run into a directory that holds earlier rounds adds to them (--first-round numbers the new ones)
    listed = os.path.join(out_dir, "groups.json")
    names = json.load(open(listed)) if os.path.exists(listed) else []
    names += [g[0] for g in selected if g[0] not in names]
    json.dump(names, open(listed, "w"), indent=1)
    first = int(options["--first-round"])
    rounds = int(options["--rounds"])
    for r in range(first, first + rounds):
        started = time.time()
        for group in selected:
            run_group(jar, out_dir, r, group, int(options["--wi"]), int(options["--i"]), options["--gc"], options["--forks"],
                      options["--huge-pages"])
        print("paired.py: round %d took %.0f s" % (r, time.time() - started), file=sys.stderr)
    pack(out_dir, os.path.join(out_dir, "paired.json"))
    table(summarise(load(out_dir)[1], [g for g in groups() if g[0] in names]))


if __name__ == "__main__":
    main(sys.argv[1:])
