#!/usr/bin/env bash
# The end-to-end benchmark: starts the mock OpenAI-compatible endpoint (bench/mock-llm.mjs), then
# runs the toolnexus scenario runner and the hand-written floor against it and the stdio MCP server
# (bench/mcp-server.mjs), each in its own JVM, and prints their JSON lines and the ratios.
#
#   bench/run.sh                      # 50 warm-up + 200 measured scenarios, --config mcp
#   RUNS=500 WARMUP=100 CONFIG=full bench/run.sh
#
# Needs Java 17+ and Node 20+ (no npm packages). JAVA_HOME picks the JVM; BENCH_JAVA_OPTS adds
# options to both JVMs (e.g. -XX:+FlightRecorder -XX:StartFlightRecording=filename=run.jfr).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-200}"
WARMUP="${WARMUP:-50}"
CONFIG="${CONFIG:-mcp}"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAR="$ROOT/toolnexus-bench/target/benchmarks.jar"

command -v node >/dev/null || { echo "bench: node is missing (the mock endpoint and MCP server run on Node 20+)" >&2; exit 1; }

stale() {
  [ -f "$JAR" ] || return 0
  local inputs=("$ROOT/pom.xml") m
  for m in toolnexus-core toolnexus-mcp toolnexus-client toolnexus-bench; do
    [ -f "$ROOT/$m/pom.xml" ] && inputs+=("$ROOT/$m/pom.xml")
    [ -d "$ROOT/$m/src/main" ] && inputs+=("$ROOT/$m/src/main")
  done
  [ -n "$(find "${inputs[@]}" -type f -newer "$JAR" -print -quit 2>/dev/null)" ]
}
if stale; then
  echo "bench: building toolnexus-bench/target/benchmarks.jar ..." >&2
  (cd "$ROOT" && ./mvnw -B -q -pl toolnexus-bench -am package -Pbench-jar -Dmaven.test.skip=true \
    -Dtoolnexus.npm.skip=true -Dspotless.check.skip=true 1>&2)
fi

MOCK_LOG="$(mktemp)"
node "$ROOT/bench/mock-llm.mjs" >"$MOCK_LOG" 2>&1 &
MOCK_PID=$!
trap 'kill "$MOCK_PID" 2>/dev/null || true; rm -f "$MOCK_LOG"' EXIT
for _ in $(seq 1 100); do
  grep -q '^MOCK_URL=' "$MOCK_LOG" && break
  kill -0 "$MOCK_PID" 2>/dev/null || { cat "$MOCK_LOG" >&2; exit 1; }
  sleep 0.05
done
BASE_URL="$(sed -n 's/^MOCK_URL=//p' "$MOCK_LOG" | head -1)"
[ -n "$BASE_URL" ] || { echo "bench: the mock endpoint did not start" >&2; exit 1; }
MCP="node $ROOT/bench/mcp-server.mjs"

# A runner's result is its last JSON line; JVM options such as JFR may print their own lines first.
json_line() { grep '^{' | tail -n 1; }

echo "# $("$JAVA" -version 2>&1 | head -1); $(nproc) cores; node $(node --version); runs=$RUNS warmup=$WARMUP config=$CONFIG" >&2
# shellcheck disable=SC2086
OURS="$("$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$JAR" dev.toolnexus.bench.ScenarioRunner \
  --base-url "$BASE_URL" --mcp "$MCP" --runs "$RUNS" --warmup "$WARMUP" --config "$CONFIG" | json_line)"
echo "$OURS"
# shellcheck disable=SC2086
FLOOR="$("$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$JAR" dev.toolnexus.bench.FloorRunner \
  --base-url "$BASE_URL" --mcp "$MCP" --runs "$RUNS" --warmup "$WARMUP" | json_line)"
echo "$FLOOR"

node -e '
const [a, b] = [JSON.parse(process.argv[1]), JSON.parse(process.argv[2])];
const r = (x, y) => (y > 0 ? (x / y).toFixed(2) : "n/a");
console.error(`# p50 ratio ${r(a.p50_ms, b.p50_ms)}x (target <= 1.3), mean ratio ${r(a.mean_ms, b.mean_ms)}x, ` +
  `init ${(a.init_ms - b.init_ms).toFixed(1)} ms over the floor (target <= 20)`);
' "$OURS" "$FLOOR"
