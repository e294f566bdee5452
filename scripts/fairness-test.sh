#!/usr/bin/env bash
# Fairness test: a release server on loopback with a fresh database, one heavy student running
# 40 parallel clients that submit unique copies of an expensive but allowed steady-stacks
# behavior tree (and over-budget ones), while a second student submits a small corners layout
# every second and a monitor asks /api/health every second. Prints the second student's
# p50/p95/p99 latency, the heavy student's 201/422/429 counts and the health answers; exits 0
# when the second student's p99 is under 1 s, every one of its submissions got 201 and every
# health check 200.
#
#   scripts/fairness-test.sh [DURATION_SECONDS] [HEAVY_CLIENTS] [PAUSE_MS]
#
# PAUSE_MS (default 25) is how long a heavy client waits after a 429 before trying again; 0 makes
# the heavy clients retry at once, as a flood.
# Environment: LECTERN_BIN (folder with `lectern` and `lectern-bench`, default: a fresh
# `swift build -c release`), PORT (default 0: a free port chosen by the server).
# The run stops by itself: the load lasts DURATION seconds (default 30) and the whole bench is
# killed if it is still running two minutes after that.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-30}"
HEAVY_CLIENTS="${2:-40}"
PAUSE_MS="${3:-25}"
PORT="${PORT:-0}"
source scripts/lib/server.sh

start_server "$PORT" "$WORK/lectern.sqlite"
URL="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$WORK/server.log" | head -n 1)"
if [[ -z "$URL" ]]; then
    echo "the server did not say where it listens" >&2
    cat "$WORK/server.log" >&2
    exit 1
fi
echo "server: $URL (pid $SERVER_PID), database $WORK/lectern.sqlite"

status=0
timeout "$((DURATION + 120))" "$LECTERN_BIN/lectern-bench" fairness --url "$URL" --duration "$DURATION" \
    --heavy-clients "$HEAVY_CLIENTS" --pause-ms "$PAUSE_MS" --exercises ./Exercises || status=$?

if kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "server still running after the test: yes"
else
    echo "server still running after the test: NO" >&2
    status=1
fi
exit "$status"
