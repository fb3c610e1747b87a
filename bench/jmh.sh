#!/usr/bin/env bash
# JMH micro-benchmarks of the hot paths (adapter rendering, transcript serialization, SSE parsing,
# skill discovery). Arguments go to JMH, e.g. `bench/jmh.sh AdapterBenchmark -p tools=100`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
(cd "$ROOT" && ./mvnw -B -q -pl toolnexus-bench -am package -Pbench-jar -Dmaven.test.skip=true \
    -Dtoolnexus.npm.skip=true -Dspotless.check.skip=true 1>&2)
exec "$JAVA" -jar "$ROOT/toolnexus-bench/target/benchmarks.jar" "$@"
