#!/usr/bin/env bash
# Load test: a release server on a fresh database, 200 students submitting (valid and invalid
# answers) and searching concurrently for 60 s. Prints throughput, p50/p99 latency and errors,
# then checks that every 201 answer is a stored submission.
#
# Then, on the same server, one attack at a time (scripts/abuse_attacks.py, a sign-in flood among them): an address holding
# thousands of idle sockets, 40 anonymous 24 MiB uploads, a flood of 6 KB prefix searches. It
# prints a table of /api/health p50/p99, other clients' success rate and the server's peak RSS
# during each, next to a baseline. Loopback only; every loop stops at the end of its phase.
#
#   scripts/load-test.sh [DURATION_SECONDS] [STUDENTS] [CONNECTIONS]
#
# DURATION_SECONDS 0 skips the submission load and runs only the attacks.
# Environment: LECTERN_BIN (folder with `lectern` and `lectern-bench`, default: a fresh
# `swift build -c release`), LECTERN_BENCH (the load command, default "$LECTERN_BIN/lectern-bench load"),
# PORT (default 8477), ATTACK_SECONDS (length of each attack phase, default 10; 0 skips them).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-60}"
STUDENTS="${2:-200}"
CONNECTIONS="${3:-64}"
PORT="${PORT:-8477}"
source scripts/lib/server.sh

# The idle-socket attack holds thousands of sockets on both ends.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
ATTACK_SECONDS="${ATTACK_SECONDS:-10}"

if [[ "$DURATION" != "0" ]]; then
    # Every simulated student comes from 127.0.0.1, so the per-address search limit is off here.
    start_server "$PORT" "$WORK/lectern.sqlite" --search-rate 0
    $BENCH --url "http://127.0.0.1:$PORT" --students "$STUDENTS" --duration "$DURATION" --connections "$CONNECTIONS" \
        --exercises ./Exercises
    stop_server
fi

if [[ "$ATTACK_SECONDS" != "0" ]]; then
    # The attacks run against the default limits.
    start_server "$PORT" "$WORK/lectern.sqlite"
    echo "Attacks, ${ATTACK_SECONDS}s each, against pid $SERVER_PID:"
    python3 scripts/abuse_attacks.py "$PORT" "$SERVER_PID" "$ATTACK_SECONDS"
fi
