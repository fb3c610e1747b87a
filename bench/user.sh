#!/usr/bin/env bash
# What a user gets (issue 32): the README's default path (dev.toolnexus.bench.UserRunner) against
# the lean floor (dev.toolnexus.bench.LeanFloorRunner), interleaved, each in its own JVM on a plain
# classpath of the module jars (no shaded jar, no CDS/AOT archive of ours, no JVM flags unless
# BENCH_JAVA_OPTS gives some), against the Python stdlib mock endpoint (bench/mock_llm.py) and the
# Python stdlib stdio MCP server (bench/mcp_server.py).
#
#   bench/user.sh                                 # 3 rounds, cold 5:30, warm 200:200
#   ROUNDS=5 COLD=5:30 WARM=200:200 bench/user.sh
#   SERVER=node bench/user.sh                     # the Node mock and MCP server instead
#   RUNNERS="lean-floor user floor" bench/user.sh # also the JDK-default floor (FloorRunner)
#   RUNNERS="lean-floor user langchain4j" bench/user.sh  # also LangChain4j 1.11 (bench/peers)
#   RUNNERS="user-base user" BASE_CLASSPATH=/tmp/base/toolnexus-bench/target/user-classpath.txt \
#     bench/user.sh                               # before/after: another build's user runner
#
# Every runner reports, in one JVM: init (toolkit + client ready), uptime at ready, classes
# loaded / threads started / heap allocated at ready, a cold phase (COLD=W:R, R scenarios measured
# after W warm-up), a warm phase (WARM=W:R, R measured after W scenarios in all), heap bytes per
# measured scenario (all threads), classes loaded and threads started at the end, and peak RSS
# (VmHWM). Each round starts with the next runner in turn; the summary is the median per runner
# and the ratios to the lean floor.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${ROUNDS:-3}"
COLD="${COLD:-5:30}"
WARM="${WARM:-200:200}"
SERVER="${SERVER:-python}"
read -r -a RUNNERS <<<"${RUNNERS:-lean-floor user}"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
BENCH="$ROOT/toolnexus-bench"
CP_FILE="$BENCH/target/user-classpath.txt"

stale() {
  [ -f "$CP_FILE" ] || return 0
  local m
  for m in "" toolnexus-core toolnexus-mcp toolnexus-client toolnexus-bench; do
    [ -n "$(find "$ROOT/$m/pom.xml" ${m:+"$ROOT/$m/src/main"} -newer "$CP_FILE" -print -quit 2>/dev/null)" ] && return 0
  done
  return 1
}
if stale; then
  echo "bench: building the module jars and $CP_FILE ..." >&2
  (cd "$ROOT" && ./mvnw -B -q -pl toolnexus-bench -am package dependency:build-classpath \
    -Dmdep.outputFile=target/user-classpath.txt -Dmdep.includeScope=runtime \
    -Dmaven.test.skip=true -Dtoolnexus.npm.skip=true -Dspotless.check.skip=true 1>&2)
  # the libraries a user has (not the test or JMH jars), then the bench module's own jar
  tr ':' '\n' <"$CP_FILE" | grep -v -e /junit/ -e /opentest4j/ -e /apiguardian/ -e /assertj/ \
    -e /byte-buddy/ -e /jmh/ -e /jopt-simple/ -e /commons-math3/ | paste -sd: >"$CP_FILE.tmp"
  echo "$(cat "$CP_FILE.tmp"):$(ls "$BENCH"/target/toolnexus-bench-*.jar | grep -v -e sources -e javadoc | head -1)" >"$CP_FILE"
  rm -f "$CP_FILE.tmp"
fi
CP="$(cat "$CP_FILE")"

case "$SERVER" in
  python)
    command -v python3 >/dev/null || { echo "bench: python3 is missing" >&2; exit 1; }
    MOCK_CMD=(python3 "$ROOT/bench/mock_llm.py")
    MCP="python3 $ROOT/bench/mcp_server.py"
    ;;
  node)
    MOCK_CMD=(node "$ROOT/bench/mock-llm.mjs")
    MCP="node $ROOT/bench/mcp-server.mjs"
    ;;
  *) echo "bench: SERVER is python or node, not $SERVER" >&2; exit 2 ;;
esac

MOCK_LOG="$(mktemp)"
RESULTS="$(mktemp)"
"${MOCK_CMD[@]}" >"$MOCK_LOG" 2>&1 &
MOCK_PID=$!
trap 'kill "$MOCK_PID" 2>/dev/null || true; rm -f "$MOCK_LOG" "$RESULTS"' EXIT
for _ in $(seq 1 100); do
  grep -q '^MOCK_URL=' "$MOCK_LOG" && break
  kill -0 "$MOCK_PID" 2>/dev/null || { cat "$MOCK_LOG" >&2; exit 1; }
  sleep 0.05
done
BASE_URL="$(sed -n 's/^MOCK_URL=//p' "$MOCK_LOG" | head -1)"
[ -n "$BASE_URL" ] || { echo "bench: the mock endpoint did not start" >&2; exit 1; }

run_one() {
  local main
  case "$1" in
    user) main=dev.toolnexus.bench.UserRunner ;;
    lean-floor) main=dev.toolnexus.bench.LeanFloorRunner ;;
    floor) # the JDK-default floor, same phases by running it twice is not offered: one phase
      # shellcheck disable=SC2086
      "$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$CP" dev.toolnexus.bench.FloorRunner --base-url "$BASE_URL" \
        --mcp "$MCP" --runs "${WARM#*:}" --warmup "${WARM%%:*}" | grep '^{' | tail -n 1
      return ;;
    user-base) # the user runner on another build's classpath file (BASE_CLASSPATH), for before/after
      [ -f "${BASE_CLASSPATH:-}" ] || { echo "bench: user-base needs BASE_CLASSPATH (a user-classpath.txt)" >&2; exit 2; }
      # shellcheck disable=SC2086
      "$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$(cat "$BASE_CLASSPATH")" dev.toolnexus.bench.UserRunner \
        --base-url "$BASE_URL" --mcp "$MCP" --cold "$COLD" --warm "$WARM" | grep '^{' | tail -n 1 |
        sed 's/"framework":"toolnexus-user"/"framework":"toolnexus-user-base"/'
      return ;;
    langchain4j) # LangChain4j 1.11 (bench/peers/langchain4j): its runner measures one phase per
      # JVM, so the cold and the warm phase are two JVMs; init and RSS are the cold one's
      local jar="$ROOT/bench/peers/langchain4j/target/langchain4j-runner.jar" cold warm
      if [ ! -f "$jar" ] || [ -n "$(find "$ROOT/bench/peers/langchain4j/pom.xml" "$ROOT/bench/peers/langchain4j/src" -newer "$jar" -print -quit)" ]; then
        echo "bench: building the langchain4j runner (bench/peers/langchain4j) ..." >&2
        (cd "$ROOT" && ./mvnw -B -q -f bench/peers/langchain4j/pom.xml package 1>&2)
      fi
      # shellcheck disable=SC2086
      cold="$("$JAVA" ${BENCH_JAVA_OPTS:-} -jar "$jar" --base-url "$BASE_URL" --mcp "$MCP" \
        --runs "${COLD#*:}" --warmup "${COLD%%:*}" 2>/dev/null | grep '^{' | tail -n 1)"
      # shellcheck disable=SC2086
      warm="$("$JAVA" ${BENCH_JAVA_OPTS:-} -jar "$jar" --base-url "$BASE_URL" --mcp "$MCP" \
        --runs "${WARM#*:}" --warmup "${WARM%%:*}" 2>/dev/null | grep '^{' | tail -n 1)"
      python3 -c 'import json,sys
c,w=json.loads(sys.argv[1]),json.loads(sys.argv[2])
r={"framework":"langchain4j","init_ms":c["init_ms"],"cold_p50_ms":c["p50_ms"],
 "warm_p50_ms":w["p50_ms"],"warm_p95_ms":w["p95_ms"],"peak_rss_mb":c["peak_rss_mb"],
 "warm_peak_rss_mb":w["peak_rss_mb"],"final_ok":c["final_ok"] and w["final_ok"]}
if "alloc_bytes" in c: r["cold_alloc_bytes"]=c["alloc_bytes"]
if "alloc_bytes" in w: r["warm_alloc_bytes"]=w["alloc_bytes"]
print(json.dumps(r,separators=(",",":")))' "$cold" "$warm"
      return ;;
    *) echo "bench: unknown runner $1 (user, lean-floor, floor, user-base, langchain4j)" >&2; exit 2 ;;
  esac
  # shellcheck disable=SC2086
  "$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$CP" "$main" --base-url "$BASE_URL" --mcp "$MCP" \
    --cold "$COLD" --warm "$WARM" | grep '^{' | tail -n 1
}

echo "# $("$JAVA" -version 2>&1 | head -1); $(nproc) cores; $SERVER servers; cold=$COLD warm=$WARM rounds=$ROUNDS; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'); $(date -u +%FT%TZ)" >&2
n=${#RUNNERS[@]}
for ((round = 0; round < ROUNDS; round++)); do
  for ((i = 0; i < n; i++)); do
    name="${RUNNERS[$(((round + i) % n))]}"
    line="$(run_one "$name")"
    [ -n "$line" ] || { echo "bench: the $name runner printed no result" >&2; exit 1; }
    echo "$line"
    echo "$line" >>"$RESULTS"
  done
done
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2

python3 - "$RESULTS" <<'PY' >&2
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
by = {}
for r in rows:
    by.setdefault(r["framework"], []).append(r)
keys = ["init_ms", "uptime_at_ready_ms", "cold_p50_ms", "warm_p50_ms", "warm_p95_ms", "p50_ms",
        "peak_rss_mb", "cold_alloc_bytes", "warm_alloc_bytes", "alloc_bytes", "alloc_at_ready_mb",
        "alloc_first_scenario_kb", "classes_at_ready", "classes_loaded", "threads_started"]
med = {}
for name, rs in by.items():
    m = {"framework": name, "rounds": len(rs), "final_ok": all(r.get("final_ok") for r in rs)}
    for k in keys:
        xs = [r[k] for r in rs if isinstance(r.get(k), (int, float))]
        if xs:
            m[k] = round(statistics.median(xs), 3)
    med[name] = m
    print("# median " + json.dumps(m))
base = med.get("lean-floor")
if base:
    for name, m in med.items():
        if name == "lean-floor":
            continue
        parts = []
        for k in keys:
            if k in m and base.get(k):
                d = m[k] - base[k]
                parts.append("%s %.2fx (%+g)" % (k, m[k] / base[k], round(d, 3)))
        print("# %s / lean-floor: %s" % (name, ", ".join(parts)))
PY
