# Shared by load-test.sh and crash-test.sh (sourced, not run): release binaries and a server on a
# scratch database.
#
# Sets LECTERN_BIN (folder with `lectern` and `lectern-bench`, built with `swift build -c release`
# unless given), BENCH (the load command: LECTERN_BENCH or "$LECTERN_BIN/lectern-bench load") and
# WORK (a scratch folder removed on exit), and exports a random LECTERN_ADMIN_PASSWORD.
# `start_server PORT DB [FLAGS...]` starts `lectern serve` in the background, sets SERVER_PID and returns
# once it listens; `stop_server` stops it. Scripts that start other processes list their PIDs in
# EXTRA_PIDS so that the exit trap stops them too.

if [[ -z "${LECTERN_BIN:-}" ]]; then
    swift build -c release --product lectern >&2
    swift build -c release --product lectern-bench >&2
    LECTERN_BIN="$(swift build -c release --show-bin-path)"
fi
BENCH="${LECTERN_BENCH:-$LECTERN_BIN/lectern-bench load}"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/lectern-$(basename "$0" .sh).XXXXXX")"
export LECTERN_ADMIN_PASSWORD="admin-$(date +%s)-$RANDOM"
SERVER_PID=""
EXTRA_PIDS=()

stop_process() {
    if [[ -n "$1" ]] && kill -0 "$1" 2>/dev/null; then
        kill -TERM "$1"
        wait "$1" 2>/dev/null || true
    fi
}

stop_server() {
    stop_process "$SERVER_PID"
    SERVER_PID=""
}

cleanup() {
    for pid in "${EXTRA_PIDS[@]}"; do stop_process "$pid"; done
    stop_server
    rm -rf "$WORK"
}
trap cleanup EXIT

start_server() {
    "$LECTERN_BIN/lectern" serve --port "$1" --db "$2" --exercises ./Exercises --public ./Public --quiet "${@:3}" \
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
