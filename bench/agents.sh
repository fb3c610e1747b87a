#!/usr/bin/env bash
# The agent runtime at scale (issue 32, item 4): dev.toolnexus.bench.served.AgentScale on a
# scripted in-process model that answers each worker after DELAY_MS (a provider's latency). Every
# level runs in a fresh JVM after WARMUP unreported runs of 100, and prints one JSON line: wall,
# process CPU, handles, live heap held by the runtime after a full collection (and per handle),
# RSS and peak RSS, the most worker model calls in flight at once, and threads: platform ones from
# ThreadMXBean, virtual ones (which ThreadMXBean does not see) from a flight recording of their
# start and end events.
#
#   bench/agents.sh                                  # all shapes, 10,100,1000 (tree to 10,000)
#   SHAPES=concurrent LEVELS=1000 DELAY_MS=50 bench/agents.sh
#
# Shapes: concurrent (N sub-agents spawned by the host and woken at once), fanout (one coordinator
# whose model asks for N task calls in one turn), tree (N handles, sqrt(N) parents, every handle
# run once).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a SHAPES <<<"${SHAPES:-concurrent fanout tree}"
LEVELS="${LEVELS:-10,100,1000}"
TREE_LEVELS="${TREE_LEVELS:-100,1000,10000}"
DELAY_MS="${DELAY_MS:-20}"
WARMUP="${WARMUP:-3}"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
BENCH="$ROOT/toolnexus-bench"
CP_FILE="$BENCH/target/served-classpath.txt"

if [ ! -f "$CP_FILE" ] || [ -n "$(find "$ROOT"/toolnexus-{core,client,agents,bench}/src/main "$BENCH/src/test/java" \
    "$BENCH/pom.xml" -newer "$CP_FILE" -print -quit 2>/dev/null)" ]; then
  echo "agents: building toolnexus-bench (test classes) and $CP_FILE ..." >&2
  (cd "$ROOT" && ./mvnw -B -q -pl toolnexus-bench -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/served-classpath.txt -Dmdep.includeScope=test \
    -Dspotless.check.skip=true 1>&2)
fi
CP="$BENCH/target/test-classes:$BENCH/target/classes:$(cat "$CP_FILE")"

echo "# $("$JAVA" -version 2>&1 | head -1); $(nproc) cores; model delay ${DELAY_MS} ms; $(date -u +%FT%TZ)" >&2
for shape in "${SHAPES[@]}"; do
  levels="$LEVELS"
  [ "$shape" = tree ] && levels="$TREE_LEVELS"
  IFS=, read -r -a list <<<"$levels"
  for n in "${list[@]}"; do
    # shellcheck disable=SC2086
    line="$("$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$CP" dev.toolnexus.bench.served.AgentScale "$shape" "$n" \
      "$DELAY_MS" "$WARMUP" | grep '^{' | tail -n 1)"
    echo "{\"load\":\"$(cut -d' ' -f1-3 /proc/loadavg)\",${line#\{}"
  done
done
