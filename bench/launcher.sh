#!/usr/bin/env bash
# Times the launcher as a user meets it: `./toolnexus tools --no-builtins` with one stdio MCP
# server (bench/mcp-server.mjs), whole process tree (the JVM and Node), on a trained start-up
# cache. The first run trains the cache (and builds the jar when it is stale), two more warm up,
# then RUNS runs are timed; prints the median, minimum and maximum wall time and the median CPU
# (user + sys).
#
#   bench/launcher.sh                     # 10 timed runs, the default java
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 RUNS=20 bench/launcher.sh
#
# Needs /usr/bin/time (Debian's `time` package) and Node 20+.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-10}"
[ -x /usr/bin/time ] || { echo "launcher: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
command -v node >/dev/null || { echo "launcher: node is missing" >&2; exit 1; }

CONFIG="$(mktemp --suffix=.json)"
trap 'rm -f "$CONFIG"' EXIT
printf '{"mcpServers":{"bench":{"command":"node","args":["%s/bench/mcp-server.mjs"]}}}\n' "$ROOT" >"$CONFIG"
run() { "$ROOT/toolnexus" tools --no-builtins --config "$CONFIG" >/dev/null; }

run 2>/dev/null || run # again with its errors shown, when the command fails
sleep 3 # the cache is assembled in the background after the first run
run 2>/dev/null
run 2>/dev/null
for _ in $(seq 1 "$RUNS"); do
  /usr/bin/time -f '%e %U %S' "$ROOT/toolnexus" tools --no-builtins --config "$CONFIG" 2>&1 >/dev/null | tail -n 1
done | awk '
  { wall[NR] = $1; cpu[NR] = $2 + $3 }
  function median(a, n,    i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    w = median(wall, NR); c = median(cpu, NR)
    printf "toolnexus tools --no-builtins, one stdio server, %d runs: wall median %.3f s (min %.3f, max %.3f), CPU median %.3f s\n", NR, w, wall[1], wall[NR], c
  }'
