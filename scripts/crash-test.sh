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
source scripts/lib/server.sh
DB="$WORK/lectern.sqlite"

start_server "$PORT" "$DB"
# The load runs longer than the server lives; it reports the failures after the kill itself.
$BENCH --url "http://127.0.0.1:$PORT" --students "$STUDENTS" --duration "$((KILL_AFTER + 5))" \
    --connections "$CONNECTIONS" --exercises ./Exercises --acknowledged "$WORK/acknowledged.txt" > "$WORK/bench.log" 2>&1 &
BENCH_PID=$!
EXTRA_PIDS+=("$BENCH_PID")
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
ACKED=$(sort -un "$WORK/acknowledged.txt" | wc -l)

start_server "$PORT" "$DB"
INTEGRITY=$(sqlite3 "$DB" "PRAGMA integrity_check;")
sqlite3 "$DB" "SELECT id FROM submissions ORDER BY id;" > "$WORK/stored.txt"
MISSING=$(sort -u "$WORK/acknowledged.txt" | comm -23 - <(sort -u "$WORK/stored.txt") | wc -l)
STORED=$(wc -l < "$WORK/stored.txt")
stop_server

echo "integrity_check: $INTEGRITY"
echo "acknowledged submissions: $ACKED   stored after restart: $STORED   missing: $MISSING"
[[ "$INTEGRITY" == "ok" && "$MISSING" -eq 0 && "$ACKED" -gt 0 ]]
