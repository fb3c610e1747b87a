#!/usr/bin/env bash
# The end-to-end benchmark: starts the mock OpenAI-compatible endpoint (bench/mock-llm.mjs), then
# runs the hand-written floor, the toolnexus scenario runner and (opt-in) the LangChain4j and
# Spring AI runners against it and the stdio MCP server (bench/mcp-server.mjs), each in its own
# JVM, interleaved, and prints their JSON lines (stdout) and the ratios to the floor (stderr).
# Each line has wall-time percentiles, peak RSS and alloc_bytes: the heap bytes one measured
# scenario allocates, summed over all the runner's threads.
#
#   bench/run.sh                          # 50 warm-up + 200 measured scenarios, --config mcp
#   RUNS=30 WARMUP=5 ROUNDS=3 bench/run.sh  # three rounds, medians of each figure at the end
#   PEERS=1 bench/run.sh                  # also LangChain4j and Spring AI (built first if needed)
#
# ROUNDS (default 1) repeats the whole set; each round starts with the next runner in turn, so no
# runner always goes first on a busy machine. With ROUNDS > 1 the last lines are the per-runner
# medians over the rounds and their ratios.
#
# The peers, LangChain4j 1.11 and Spring AI 1.1, are separate Maven builds under bench/peers/ (not
# modules of the root reactor: toolnexus never depends on them). Build them with the same wrapper:
#     ./mvnw -B -q -f bench/peers/langchain4j/pom.xml package
#     ./mvnw -B -q -f bench/peers/spring-ai/pom.xml package
# PEERS=1 runs both and builds each first when its jar is missing or older than its sources;
# PEERS=langchain4j (or spring-ai, or both comma-separated) picks; PEERS=auto (the default) runs
# the ones already built; PEERS=0 none.
#
# Needs Java 17+ and Node 20+ (no npm packages). JAVA_HOME picks the JVM; BENCH_JAVA_OPTS adds
# options to every JVM (e.g. -XX:+FlightRecorder -XX:StartFlightRecording=filename=run.jfr).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-200}"
WARMUP="${WARMUP:-50}"
CONFIG="${CONFIG:-mcp}"
ROUNDS="${ROUNDS:-1}"
PEERS="${PEERS:-auto}"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAR="$ROOT/toolnexus-bench/target/benchmarks.jar"
peer_jar() { echo "$ROOT/bench/peers/$1/target/$1-runner.jar"; }

command -v node >/dev/null || { echo "bench: node is missing (the mock endpoint and MCP server run on Node 20+)" >&2; exit 1; }

newer_than() { # newer_than FILE PATH...: whether any file under PATH... is newer than FILE
  local target="$1"
  shift
  [ -n "$(find "$@" -type f -newer "$target" -print -quit 2>/dev/null)" ]
}

stale() {
  [ -f "$JAR" ] || return 0
  local inputs=("$ROOT/pom.xml") m
  for m in toolnexus-core toolnexus-mcp toolnexus-client toolnexus-bench; do
    [ -f "$ROOT/$m/pom.xml" ] && inputs+=("$ROOT/$m/pom.xml")
    [ -d "$ROOT/$m/src/main" ] && inputs+=("$ROOT/$m/src/main")
  done
  newer_than "$JAR" "${inputs[@]}"
}
if stale; then
  echo "bench: building toolnexus-bench/target/benchmarks.jar ..." >&2
  (cd "$ROOT" && ./mvnw -B -q -pl toolnexus-bench -am package -Pbench-jar -Dmaven.test.skip=true \
    -Dtoolnexus.npm.skip=true -Dspotless.check.skip=true 1>&2)
fi

RUNNERS=(floor toolnexus)
case "$PEERS" in
  1 | true | yes) WANTED=(langchain4j spring-ai) ;;
  0 | false | no) WANTED=() ;;
  auto)
    WANTED=()
    for p in langchain4j spring-ai; do [ -f "$(peer_jar "$p")" ] && WANTED+=("$p"); done
    ;;
  *) IFS=',' read -r -a WANTED <<<"$PEERS" ;;
esac
for p in "${WANTED[@]}"; do
  dir="$ROOT/bench/peers/$p"
  [ -f "$dir/pom.xml" ] || { echo "bench: no peer '$p' (PEERS takes 1, 0, auto or langchain4j,spring-ai)" >&2; exit 2; }
  if [ ! -f "$(peer_jar "$p")" ] || newer_than "$(peer_jar "$p")" "$dir/pom.xml" "$dir/src"; then
    echo "bench: building the $p runner (bench/peers/$p) ..." >&2
    (cd "$ROOT" && ./mvnw -B -q -f "$dir/pom.xml" package 1>&2)
  fi
  RUNNERS+=("$p")
done

MOCK_LOG="$(mktemp)"
RESULTS="$(mktemp)"
node "$ROOT/bench/mock-llm.mjs" >"$MOCK_LOG" 2>&1 &
MOCK_PID=$!
trap 'kill "$MOCK_PID" 2>/dev/null || true; rm -f "$MOCK_LOG" "$RESULTS" "$RESULTS.err"' EXIT
for _ in $(seq 1 100); do
  grep -q '^MOCK_URL=' "$MOCK_LOG" && break
  kill -0 "$MOCK_PID" 2>/dev/null || { cat "$MOCK_LOG" >&2; exit 1; }
  sleep 0.05
done
BASE_URL="$(sed -n 's/^MOCK_URL=//p' "$MOCK_LOG" | head -1)"
[ -n "$BASE_URL" ] || { echo "bench: the mock endpoint did not start" >&2; exit 1; }
MCP="node $ROOT/bench/mcp-server.mjs"
COMMON=(--base-url "$BASE_URL" --mcp "$MCP" --runs "$RUNS" --warmup "$WARMUP")

# A runner's result is its last JSON line; JVM options such as JFR may print their own lines first.
json_line() { grep '^{' | tail -n 1; }

run_one() {
  # shellcheck disable=SC2086
  case "$1" in
    floor) "$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$JAR" dev.toolnexus.bench.FloorRunner "${COMMON[@]}" ;;
    toolnexus) "$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$JAR" dev.toolnexus.bench.ScenarioRunner \
      "${COMMON[@]}" --config "$CONFIG" ;;
    *) "$JAVA" ${BENCH_JAVA_OPTS:-} -jar "$(peer_jar "$1")" "${COMMON[@]}" 2>"$RESULTS.err" ;;
  esac | json_line
}

echo "# $("$JAVA" -version 2>&1 | head -1); $(nproc) cores; node $(node --version); runs=$RUNS warmup=$WARMUP config=$CONFIG rounds=$ROUNDS; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2

# The summary: reads JSON lines, prints the ratios of every runner to the floor
# (and, with several rounds, the median of each figure per runner first).
summary() {
  node -e '
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter((l) => l.startsWith("{"));
const rows = lines.map((l) => JSON.parse(l));
const keys = ["init_ms", "p50_ms", "p95_ms", "p99_ms", "mean_ms", "peak_rss_mb", "alloc_bytes"];
const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const byName = new Map();
for (const r of rows) { if (!byName.has(r.framework)) byName.set(r.framework, []); byName.get(r.framework).push(r); }
const med = new Map();
for (const [name, rs] of byName) {
  const m = { framework: name, rounds: rs.length, final_ok: rs.every((r) => r.final_ok) };
  for (const k of keys) { const xs = rs.map((r) => r[k]).filter((x) => typeof x === "number"); if (xs.length) m[k] = +median(xs).toFixed(3); }
  med.set(name, m);
}
const many = [...byName.values()].some((rs) => rs.length > 1);
if (many) for (const m of med.values()) console.error("# median " + JSON.stringify(m));
const floor = med.get("floor");
const r = (x, y) => (typeof x === "number" && y > 0 ? (x / y).toFixed(2) + "x" : "n/a");
const kb = (b) => (typeof b === "number" ? (b / 1000).toFixed(1) + " kB" : "n/a");
for (const m of med.values()) {
  if (!floor || m.framework === "floor") continue;
  console.error(`# ${m.framework} / floor${many ? " (medians)" : ""}: p50 ${r(m.p50_ms, floor.p50_ms)}, ` +
    `p95 ${r(m.p95_ms, floor.p95_ms)}, p99 ${r(m.p99_ms, floor.p99_ms)}, mean ${r(m.mean_ms, floor.mean_ms)}, ` +
    `init ${r(m.init_ms, floor.init_ms)} (+${(m.init_ms - floor.init_ms).toFixed(0)} ms), ` +
    `peak RSS ${r(m.peak_rss_mb, floor.peak_rss_mb)}, ` +
    `alloc/scenario ${kb(m.alloc_bytes)} ${r(m.alloc_bytes, floor.alloc_bytes)} (floor ${kb(floor.alloc_bytes)})`);
}
'
}

n=${#RUNNERS[@]}
for ((round = 0; round < ROUNDS; round++)); do
  for ((i = 0; i < n; i++)); do
    name="${RUNNERS[$(((round + i) % n))]}"
    line="$(run_one "$name")"
    if [ -z "$line" ]; then
      cat "$RESULTS.err" >&2 2>/dev/null || true
      echo "bench: the $name runner printed no result" >&2
      exit 1
    fi
    echo "$line"
    echo "$line" >>"$RESULTS"
  done
  if [ "$ROUNDS" -gt 1 ]; then tail -n "$n" "$RESULTS" | summary; fi
done
if [ "$ROUNDS" -gt 1 ]; then echo "# over all $ROUNDS rounds:" >&2; fi
summary <"$RESULTS"
