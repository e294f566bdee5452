#!/usr/bin/env bash
# Compares Lectern's HTTP server with a reference Hummingbird 2 server (Benchmarks/).
#
#   scripts/bench-http.sh
#
# Builds both in release, starts `lectern serve --quiet --bench-routes` and
# `hummingbird-reference`, warms each up, then runs `wrk -t1 -c64 -d15s --latency` on
# /hello and /items, three rounds interleaved, and prints the medians of requests/s,
# p50 and p99 latency and resident memory, with the Lectern/Hummingbird ratios.
#
# Environment: DURATION (15s), WARMUP (5s), ROUNDS (3), CONNECTIONS (64), LECTERN_PORT (18080),
# REFERENCE_PORT (18081), LECTERN_BIN / REFERENCE_BIN (use prebuilt binaries instead of building),
# SCRATCH (a build directory for the main package, default its .build).
# BASELINE_BIN: another lectern binary (an earlier commit's) measured in the same rounds on
# BASELINE_PORT (18082), for before/after figures; NO_REFERENCE=1 leaves Hummingbird out.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
duration=${DURATION:-15s}
warmup=${WARMUP:-5s}
rounds=${ROUNDS:-3}
connections=${CONNECTIONS:-64}
lectern_port=${LECTERN_PORT:-18080}
reference_port=${REFERENCE_PORT:-18081}
baseline_port=${BASELINE_PORT:-18082}
servers=(lectern)
[[ -n ${BASELINE_BIN:-} ]] && servers+=(baseline)
[[ -z ${NO_REFERENCE:-} ]] && servers+=(reference)

if ! command -v wrk >/dev/null; then
    apt-get install -y wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
fi

if [[ -z ${LECTERN_BIN:-} ]]; then
    scratch=(); [[ -n ${SCRATCH:-} ]] && scratch=(--scratch-path "$SCRATCH")
    swift build -c release --package-path "$root" "${scratch[@]}" --product lectern >&2
    LECTERN_BIN=$(swift build -c release --package-path "$root" "${scratch[@]}" --show-bin-path)/lectern
fi
if [[ -z ${NO_REFERENCE:-} && -z ${REFERENCE_BIN:-} ]]; then
    swift build -c release --package-path "$root/Benchmarks" --product hummingbird-reference >&2
    REFERENCE_BIN=$(swift build -c release --package-path "$root/Benchmarks" --show-bin-path)/hummingbird-reference
fi

workdir=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$workdir"
}
trap cleanup EXIT

(cd "$workdir" && exec "$LECTERN_BIN" serve --quiet --bench-routes --port "$lectern_port" --db "$workdir/bench.sqlite") \
    >"$workdir/lectern.log" 2>&1 &
lectern_pid=$!; pids+=("$lectern_pid")
if [[ -z ${NO_REFERENCE:-} ]]; then
    "$REFERENCE_BIN" "$reference_port" >"$workdir/reference.log" 2>&1 &
    reference_pid=$!; pids+=("$reference_pid")
fi
if [[ -n ${BASELINE_BIN:-} ]]; then
    mkdir -p "$workdir/baseline"
    (cd "$workdir/baseline" && exec "$BASELINE_BIN" serve --quiet --bench-routes --port "$baseline_port" \
        --db "$workdir/baseline/bench.sqlite") >"$workdir/baseline.log" 2>&1 &
    baseline_pid=$!; pids+=("$baseline_pid")
fi

wait_for() {
    for _ in $(seq 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done
    echo "server at $1 did not come up" >&2; exit 1
}
wait_for "http://127.0.0.1:$lectern_port/bench/hello"
[[ -z ${NO_REFERENCE:-} ]] && wait_for "http://127.0.0.1:$reference_port/hello"
[[ -n ${BASELINE_BIN:-} ]] && wait_for "http://127.0.0.1:$baseline_port/bench/hello"

url() {  # server route
    case $1 in
        lectern) echo "http://127.0.0.1:$lectern_port/bench/$2" ;;
        baseline) echo "http://127.0.0.1:$baseline_port/bench/$2" ;;
        *) echo "http://127.0.0.1:$reference_port/$2" ;;
    esac
}
pid_of() {
    case $1 in lectern) echo "$lectern_pid" ;; baseline) echo "$baseline_pid" ;; *) echo "$reference_pid" ;; esac
}

# wrk latency ("686.00us", "5.30ms", "1.02s") in milliseconds.
to_ms() {
    awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'
}

for server in "${servers[@]}"; do
    for route in hello items; do wrk -t1 -c"$connections" -d"$warmup" "$(url $server $route)" >/dev/null; done
done

results="$workdir/results"
for round in $(seq "$rounds"); do
    for route in hello items; do
        for server in "${servers[@]}"; do
            out=$(wrk -t1 -c"$connections" -d"$duration" --latency "$(url $server $route)")
            rps=$(awk '/^Requests\/sec/ { print $2 }' <<<"$out")
            p50=$(to_ms "$(awk '$1 == "50%" { print $2 }' <<<"$out")")
            p99=$(to_ms "$(awk '$1 == "99%" { print $2 }' <<<"$out")")
            errors=$(awk '/Non-2xx|Socket errors/ { printf "%s ", $0 }' <<<"$out")
            rss=$(awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$(pid_of $server)/status")
            echo "$route $server $rps $p50 $p99 $rss" >>"$results"
            echo "round $round $route $server: $rps req/s p50 ${p50}ms p99 ${p99}ms rss ${rss}MB ${errors}" >&2
        done
    done
done

median() {  # route server column
    awk -v r="$1" -v s="$2" -v c="$3" '$1 == r && $2 == s { print $c }' "$results" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

printf '\nMedians of %s rounds (wrk -t1 -c%s -d%s --latency)\n' "$rounds" "$connections" "$duration"
printf '%-7s %-12s %12s %9s %9s %8s\n' route server "req/s" "p50 ms" "p99 ms" "RSS MB"
for route in hello items; do
    for server in "${servers[@]}"; do
        name=$server; [[ $server == reference ]] && name=hummingbird
        printf '%-7s %-12s %12s %9s %9s %8s\n' "/$route" "$name" "$(median $route $server 3)" \
            "$(median $route $server 4)" "$(median $route $server 5)" "$(median $route $server 6)"
    done
    for other in "${servers[@]:1}"; do
        ratio=$(awk -v a="$(median $route lectern 3)" -v b="$(median $route "$other" 3)" 'BEGIN { printf "%.2f", a / b }')
        name=$other; [[ $other == reference ]] && name=hummingbird
        printf '%-7s %-12s %12s\n' "/$route" "÷ $name" "${ratio}x"
    done
done
