#!/usr/bin/env bash
# Crash test: the load of load-test.sh, `kill -9` of the server in the middle of it, a restart on
# the same database, then `PRAGMA integrity_check` and a check that every acknowledged (201)
# submission is stored.
#
#   scripts/crash-test.sh [SECONDS_BEFORE_KILL] [STUDENTS] [CONNECTIONS]
#
# Environment: as for load-test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

KILL_AFTER="${1:-20}"
STUDENTS="${2:-200}"
CONNECTIONS="${3:-64}"
PORT="${PORT:-8478}"
if [[ -z "${LECTERN_BIN:-}" ]]; then
    swift build -c release --product lectern >&2
    swift build -c release --product lectern-bench >&2
    LECTERN_BIN="$(swift build -c release --show-bin-path)"
fi
BENCH="${LECTERN_BENCH:-$LECTERN_BIN/lectern-bench load}"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/lectern-crash.XXXXXX")"
DB="$WORK/lectern.sqlite"
export LECTERN_ADMIN_PASSWORD="crash-admin-$(date +%s)-$RANDOM"
SERVER_PID=""
BENCH_PID=""
cleanup() {
    for pid in "$BENCH_PID" "$SERVER_PID"; do
        if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

start_server() {
    "$LECTERN_BIN/lectern" serve --port "$PORT" --db "$DB" --exercises ./Exercises --public ./Public --quiet \
        > "$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 100); do
        grep -q "listening" "$WORK/server.log" 2>/dev/null && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "the server did not start" >&2
    cat "$WORK/server.log" >&2
    exit 1
}

start_server
# The load runs longer than the server lives; it reports the failures after the kill itself.
$BENCH --url "http://127.0.0.1:$PORT" --students "$STUDENTS" --duration "$((KILL_AFTER + 5))" \
    --connections "$CONNECTIONS" --exercises ./Exercises --acknowledged "$WORK/acknowledged.txt" > "$WORK/bench.log" 2>&1 &
BENCH_PID=$!
# Kill only once the load is under way (the students are signed in).
for _ in $(seq 1 600); do
    grep -q "signed in" "$WORK/bench.log" 2>/dev/null && break
    sleep 0.1
done
sleep "$KILL_AFTER"
{ kill -9 "$SERVER_PID"; wait "$SERVER_PID"; } 2>/dev/null || true
SERVER_PID=""
echo "killed the server with SIGKILL after ${KILL_AFTER} s of load"
wait "$BENCH_PID" 2>/dev/null || true
BENCH_PID=""
ACKED=$(sort -un "$WORK/acknowledged.txt" | wc -l)

start_server
INTEGRITY=$(sqlite3 "$DB" "PRAGMA integrity_check;")
sqlite3 "$DB" "SELECT id FROM submissions ORDER BY id;" > "$WORK/stored.txt"
MISSING=$(sort -u "$WORK/acknowledged.txt" | comm -23 - <(sort -u "$WORK/stored.txt") | wc -l)
STORED=$(wc -l < "$WORK/stored.txt")
kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""

echo "integrity_check: $INTEGRITY"
echo "acknowledged submissions: $ACKED   stored after restart: $STORED   missing: $MISSING"
[[ "$INTEGRITY" == "ok" && "$MISSING" -eq 0 && "$ACKED" -gt 0 ]]
