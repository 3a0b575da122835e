#!/usr/bin/env bash
# A short JMH run of every guard benchmark beside the Jackson baseline, one line per benchmark:
#   <name> size=<n> ratio=<guard time / baseline time> alloc=<bytes/op>
# Usage: guard-benchmarks/quick.sh [--all]     (--all: sizes 10, 100, 1000 and 10000; default 1000 only)
#        guard-benchmarks/quick.sh --paired DIR [--rounds N] [--only REGEX] [--gc true] [--forks N] [--huge-pages true]
#          every target of the issue as a ratio of benchmarks run back to back, round after round
#          (paired.py; median, lowest and highest over the rounds; JMH's JSON kept in DIR)
# Environment: BENCHMARKS_JAR=path runs that jar as it is (e.g. one built from an older commit);
#              QUICK_JSON=path keeps JMH's JSON result there (for report.py --compare).
# Short forks and iterations: a smoke test of the figures, not a substitute for the full run (README).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
jar="${BENCHMARKS_JAR:-$here/target/benchmarks.jar}"

sizes=1000
paired=""
case "${1:-}" in
  --all) sizes=10,100,1000,10000 ;;
  --paired)
    [ -n "${2:-}" ] || { echo "quick.sh: --paired needs a directory for the results" >&2; exit 2; }
    paired="$2"; shift 2 ;;
  "") ;;
  -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "quick.sh: unknown option '$1' (use --all for every size)" >&2; exit 2 ;;
esac

if [ -z "${BENCHMARKS_JAR:-}" ] && { [ ! -f "$jar" ] || [ -n "$(find "$root"/guard-*/src "$root"/pom.xml "$root"/guard-*/pom.xml -newer "$jar" -print -quit 2>/dev/null)" ]; }; then
  echo "quick.sh: building the benchmarks jar (missing or older than the sources)..." >&2
  (cd "$root" && mvn -B -q -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true -pl guard-benchmarks -am package) >&2 || {
    echo "quick.sh: the build failed; run 'mvn -B -pl guard-benchmarks -am package' to see why" >&2
    exit 2
  }
fi

if [ -n "$paired" ]; then
  exec python3 "$here/paired.py" "$jar" "$paired" "$@"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
include='GuardBenchmarks\.(enforceWidest|enforceUnion|enforceFailing|mutate|mutateNoop|stashed)$|CodecBenchmarks\.codecRead$|PolicyBenchmark\.(evaluate|explain)$|LangChain4jCodecBenchmark\.(roundTrip|enforce|enforceLoop)$|SpringAiBenchmark\.enforce$|WireBenchmarks\.(enforce|readTree)$|JacksonBaseline\.serialize$'
echo "quick.sh: running JMH (size $sizes; about a minute per size)..." >&2
if ! java -jar "$jar" "$include" -p size="$sizes" -f 1 -wi 2 -w 1s -i 3 -r 1s -foe true -prof gc \
    -rf json -rff "$work/result.json" >"$work/jmh.log" 2>&1; then
  tail -n 40 "$work/jmh.log" >&2
  echo "quick.sh: JMH failed (log above)" >&2
  exit 1
fi

if [ -n "${QUICK_JSON:-}" ]; then cp "$work/result.json" "$QUICK_JSON"; fi
python3 "$here/report.py" --quick "$work/result.json"
