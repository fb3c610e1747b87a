#!/usr/bin/env bash
# The scale curves (toolnexus-bench ScaleRunner): starts the mock endpoint with a fixed delay per
# answer, then prints Markdown tables for concurrent runs sharing one toolkit and client, memory per
# idle conversation, the per-turn body as the transcript grows, and adapters as the toolkit grows.
#
#   bench/scale.sh                              # every curve, 5 s per level, 20 ms mock delay
#   SECONDS_PER_LEVEL=10 DELAY_MS=50 LEVELS=1,10,100 bench/scale.sh
#   CURVE=memory bench/scale.sh                 # one curve: concurrency, memory, transcript, tools
#
# Needs Java 17+ (virtual threads on 21+) and Node 20+. JAVA_HOME picks the JVM; BENCH_JAVA_OPTS
# adds JVM options.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DELAY_MS="${DELAY_MS:-20}"
LEVELS="${LEVELS:-1,10,100,1000}"
SECONDS_PER_LEVEL="${SECONDS_PER_LEVEL:-5}"
CURVE="${CURVE:-all}"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAR="$ROOT/toolnexus-bench/target/benchmarks.jar"

command -v node >/dev/null || { echo "scale: node is missing (the mock endpoint runs on Node 20+)" >&2; exit 1; }
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT"/toolnexus-{core,client,mcp,bench}/src/main -type f -newer "$JAR" -print -quit)" ]; then
  echo "scale: building toolnexus-bench/target/benchmarks.jar ..." >&2
  (cd "$ROOT" && ./mvnw -B -q -pl toolnexus-bench -am package -Pbench-jar -Dmaven.test.skip=true \
    -Dtoolnexus.npm.skip=true -Dspotless.check.skip=true 1>&2)
fi

MOCK_LOG="$(mktemp)"
node "$ROOT/bench/mock-llm.mjs" --delay-ms "$DELAY_MS" >"$MOCK_LOG" 2>&1 &
MOCK_PID=$!
trap 'kill "$MOCK_PID" 2>/dev/null || true; rm -f "$MOCK_LOG"' EXIT
for _ in $(seq 1 100); do
  grep -q '^MOCK_URL=' "$MOCK_LOG" && break
  kill -0 "$MOCK_PID" 2>/dev/null || { cat "$MOCK_LOG" >&2; exit 1; }
  sleep 0.05
done
BASE_URL="$(sed -n 's/^MOCK_URL=//p' "$MOCK_LOG" | head -1)"
[ -n "$BASE_URL" ] || { echo "scale: the mock endpoint did not start" >&2; exit 1; }

echo "# mock delay ${DELAY_MS} ms per answer; ${SECONDS_PER_LEVEL} s per level; $(nproc) cores"
# shellcheck disable=SC2086
"$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$JAR" dev.toolnexus.bench.ScaleRunner --curve "$CURVE" \
  --base-url "$BASE_URL" --levels "$LEVELS" --seconds "$SECONDS_PER_LEVEL"
