#!/usr/bin/env bash
# The served side (issue 32, item 3): tools/call over streamable HTTP against toolnexus's MCP server
# (McpServe.http, what `toolnexus serve --mcp` runs; the 2025-11-25 session wire and the stateless
# 2026-07-28 wire of the same server), the TypeScript SDK v1 server (@modelcontextprotocol/sdk,
# sessions) and v2 server (@modelcontextprotocol/server, stateless), the official MCP Java SDK's
# streamable servlet transport on Jetty, and a floor (a raw Jetty JSON-RPC handler). Every server
# has the same two tools, `echo` (a trivial result) and `blob` (64 KiB of text), and runs in its
# own process; the load client (dev.toolnexus.bench.ServedLoad, JDK HttpClient, keep-alive, one
# closed loop per client) runs in another and reads the server's CPU time and RSS from /proc.
#
#   bench/served.sh                                   # 30 s per level, levels 1,16,256, both tools
#   SECONDS_PER_LEVEL=5 LEVELS=1,16 TOOLS=echo bench/served.sh
#   SERVERS="toolnexus-session floor" IDLE=1000 bench/served.sh
#   IDLE=0 bench/served.sh                            # no idle-session figure
#
# Per server, tool and level: requests/s, p50, p99, server CPU ms (and per call) over the measured
# window, server RSS at its end, the load average. Then, on a fresh process of each server that
# keeps sessions, warmed by 1,000 sessions: RSS and the live heap after a full collection (jcmd
# GC.run for a JVM, global.gc() on SIGUSR2 for Node) before and after IDLE (default 10,000) more. Peer servers come from
# toolnexus-bench/src/test/node/package-lock.json (installed by the module's npm ci step).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECS="${SECONDS_PER_LEVEL:-30}"
WARMUP="${WARMUP:-3}"
LEVELS="${LEVELS:-1,16,256}"
read -r -a TOOLS <<<"${TOOLS:-echo blob}"
read -r -a SERVERS <<<"${SERVERS:-toolnexus-session toolnexus-stateless ts-v1 ts-v2 java-sdk floor}"
IDLE="${IDLE:-10000}"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
BENCH="$ROOT/toolnexus-bench"
NODE_DIR="$BENCH/src/test/node"
CP_FILE="$BENCH/target/served-classpath.txt"

stale() {
  [ -f "$CP_FILE" ] || return 0
  [ -n "$(find "$ROOT"/toolnexus-{core,client,mcp,server,a2a,agents,bench}/src/main "$BENCH/src/test/java" \
    "$ROOT/pom.xml" "$BENCH/pom.xml" -newer "$CP_FILE" -print -quit 2>/dev/null)" ]
}
if stale || [ ! -d "$NODE_DIR/node_modules" ]; then
  echo "served: building toolnexus-bench (test classes, npm peers) and $CP_FILE ..." >&2
  (cd "$ROOT" && ./mvnw -B -q -pl toolnexus-bench -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/served-classpath.txt -Dmdep.includeScope=test \
    -Dspotless.check.skip=true 1>&2)
fi
CP="$BENCH/target/test-classes:$BENCH/target/classes:$(cat "$CP_FILE")"

SERVER_PID=""
SERVER_LOG="$(mktemp)"
RESULTS="$(mktemp)"
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  rm -f "$SERVER_LOG" "$RESULTS"
}
trap cleanup EXIT

# starts server $1; sets SERVER_PID, URL and WIRE
start_server() {
  local cmd
  case "$1" in
    toolnexus-session) cmd=("$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$CP" dev.toolnexus.bench.served.ServedServer toolnexus); WIRE=session ;;
    toolnexus-stateless) cmd=("$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$CP" dev.toolnexus.bench.served.ServedServer toolnexus); WIRE=stateless ;;
    java-sdk) cmd=("$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$CP" dev.toolnexus.bench.served.ServedServer java-sdk); WIRE=session ;;
    floor) cmd=("$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$CP" dev.toolnexus.bench.served.ServedServer floor); WIRE=session ;;
    floor-stateless) cmd=("$JAVA" ${BENCH_JAVA_OPTS:-} -cp "$CP" dev.toolnexus.bench.served.ServedServer floor); WIRE=stateless ;;
    ts-v1) cmd=(node --expose-gc "$NODE_DIR/served-v1.mjs"); WIRE=session ;;
    ts-v2) cmd=(node --expose-gc "$NODE_DIR/served-v2.mjs"); WIRE=stateless ;;
    *) echo "served: unknown server $1" >&2; exit 2 ;;
  esac
  : >"$SERVER_LOG"
  "${cmd[@]}" </dev/null >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  # up to 60 s: a JVM with a flight recorder on a loaded machine can take more than 10 s to start
  for _ in $(seq 1 1200); do
    grep -q '^PORT=' "$SERVER_LOG" && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$SERVER_LOG" >&2; exit 1; }
    sleep 0.05
  done
  local port
  port="$(sed -n 's/^PORT=//p' "$SERVER_LOG" | head -1)"
  [ -n "$port" ] || { echo "served: $1 did not start" >&2; cat "$SERVER_LOG" >&2; exit 1; }
  URL="http://127.0.0.1:$port/mcp"
}

# the server's live heap in bytes after a full collection: jcmd for a JVM, SIGUSR2 for the Node
# servers (they collect and print HEAP=<used bytes>)
live_heap() {
  if [ "$(cat /proc/"$SERVER_PID"/comm)" = node ]; then
    local before
    before="$(grep -c '^HEAP=' "$SERVER_LOG" || true)"
    kill -USR2 "$SERVER_PID"
    for _ in $(seq 1 100); do
      [ "$(grep -c '^HEAP=' "$SERVER_LOG" || true)" -gt "$before" ] && break
      sleep 0.05
    done
    sed -n 's/^HEAP=//p' "$SERVER_LOG" | tail -n 1
  else
    local jcmd="${JAVA_HOME:+$JAVA_HOME/bin/}jcmd"
    "$jcmd" "$SERVER_PID" GC.run >/dev/null
    "$jcmd" "$SERVER_PID" GC.heap_info | sed -n 's/.* used \([0-9]*\)K.*/\1/p' | head -1 | awk '{print $1 * 1024}'
  fi
}

stop_server() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

load() { # server-name, then the load client's options; prints and records one line
  local name="$1"; shift
  local line
  line="$("$JAVA" -cp "$CP" dev.toolnexus.bench.ServedLoad --url "$URL" --wire "$WIRE" \
    --pid "$SERVER_PID" "$@" | grep '^{' | tail -n 1)"
  [ -n "$line" ] || { echo "served: the load client printed nothing for $name" >&2; exit 1; }
  line="{\"server\":\"$name\",\"load\":\"$(cut -d' ' -f1-3 /proc/loadavg)\",${line#\{}"
  echo "$line"
  echo "$line" >>"$RESULTS"
}

echo "# $("$JAVA" -version 2>&1 | head -1); node $(node --version); $(nproc) cores; ${SECS} s per level after ${WARMUP} s warm-up; levels $LEVELS; $(date -u +%FT%TZ); load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
IFS=, read -r -a LEVEL_LIST <<<"$LEVELS"
for name in "${SERVERS[@]}"; do
  start_server "$name"
  for tool in "${TOOLS[@]}"; do
    for clients in "${LEVEL_LIST[@]}"; do
      load "$name" --tool "$tool" --clients "$clients" --seconds "$SECS" --warmup "$WARMUP"
    done
  done
  stop_server
done
if [ "$IDLE" -gt 0 ]; then
  for name in "${SERVERS[@]}"; do
    case "$name" in *stateless | ts-v2) continue ;; esac
    start_server "$name"
    # warm the session path first, so the measured sessions pay for sessions, not for first use
    "$JAVA" -cp "$CP" dev.toolnexus.bench.ServedLoad --url "$URL" --pid "$SERVER_PID" --idle 1000 >/dev/null
    heap0="$(live_heap)"
    line="$("$JAVA" -cp "$CP" dev.toolnexus.bench.ServedLoad --url "$URL" --pid "$SERVER_PID" \
      --idle "$IDLE" | grep '^{' | tail -n 1)"
    heap1="$(live_heap)"
    line="{\"server\":\"$name\",\"load\":\"$(cut -d' ' -f1-3 /proc/loadavg)\",\"liveHeapBeforeMb\":$((heap0 / 1048576)),\"liveHeapAfterMb\":$((heap1 / 1048576)),\"liveBytesPerSession\":$(((heap1 - heap0) / IDLE)),${line#\{}"
    echo "$line"
    echo "$line" >>"$RESULTS"
    stop_server
  done
fi
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - "$RESULTS" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
calls = [r for r in rows if "rps" in r]
idle = [r for r in rows if "idleSessions" in r]
if calls:
    print("\n| server | tool | clients | req/s | p50 ms | p99 ms | server CPU ms (µs/call) | server RSS MB | errors | load |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in calls:
        print("| %s | %s | %d | %.0f | %.2f | %.2f | %d (%.0f) | %.0f | %d | %s |" % (
            r["server"], r["tool"], r["clients"], r["rps"], r["p50Ms"], r["p99Ms"],
            r["serverCpuMs"], r["serverCpuUsPerCall"], r["serverRssMb"], r["errors"], r["load"]))
if idle:
    print("\n| server | idle sessions | failed | RSS before → after MB | RSS bytes per session | live heap before → after MB | live heap bytes per session | load |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for r in idle:
        print("| %s | %d | %d | %.0f → %.0f | %d | %d → %d | %d | %s |" % (
            r["server"], r["idleSessions"], r["failed"], r["rssBeforeMb"], r["rssAfterMb"],
            r["bytesPerSession"], r["liveHeapBeforeMb"], r["liveHeapAfterMb"],
            r["liveBytesPerSession"], r["load"]))
PY
