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
if [[ -z "${LECTERN_BIN:-}" ]]; then
    swift build -c release --product lectern >&2
    swift build -c release --product lectern-bench >&2
    LECTERN_BIN="$(swift build -c release --show-bin-path)"
fi
BENCH="${LECTERN_BENCH:-$LECTERN_BIN/lectern-bench load}"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/lectern-load.XXXXXX")"
export LECTERN_ADMIN_PASSWORD="load-admin-$(date +%s)-$RANDOM"
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

"$LECTERN_BIN/lectern" serve --port "$PORT" --db "$WORK/lectern.sqlite" --exercises ./Exercises \
    --public ./Public --quiet > "$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
    grep -q "listening" "$WORK/server.log" 2>/dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.1
done
grep -q "listening" "$WORK/server.log" || { echo "the server did not start" >&2; cat "$WORK/server.log" >&2; exit 1; }

$BENCH --url "http://127.0.0.1:$PORT" --students "$STUDENTS" --duration "$DURATION" --connections "$CONNECTIONS" \
    --exercises ./Exercises
