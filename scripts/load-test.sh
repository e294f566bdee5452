#!/usr/bin/env bash
# Load test: a release server on a fresh database, 200 students submitting (valid and invalid
# answers) and searching concurrently for 60 s. Prints throughput, p50/p99 latency and errors,
# then checks that every 201 answer is a stored submission.
#
#   scripts/load-test.sh [DURATION_SECONDS] [STUDENTS] [CONNECTIONS]
#
# Environment: LECTERN_BIN (folder with `lectern` and `lectern-bench`, default: a fresh
# `swift build -c release`), LECTERN_BENCH (the load command, default "$LECTERN_BIN/lectern-bench load"),
# PORT (default 8477).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-60}"
STUDENTS="${2:-200}"
CONNECTIONS="${3:-64}"
PORT="${PORT:-8477}"
source scripts/lib/server.sh

start_server "$PORT" "$WORK/lectern.sqlite"

$BENCH --url "http://127.0.0.1:$PORT" --students "$STUDENTS" --duration "$DURATION" --connections "$CONNECTIONS" \
    --exercises ./Exercises
