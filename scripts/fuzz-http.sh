#!/usr/bin/env bash
# Fuzzes the HTTP request parser (every input split two ways, results compared) with libFuzzer.
#
#   scripts/fuzz-http.sh SECONDS [extra libFuzzer options...]
#
# Builds Fuzz/ (release, fuzzer + address sanitizers) and runs `fuzz-http` at low priority for
# SECONDS. Seeds come from Fuzz/corpus/http (never modified); new inputs go to
# Fuzz/corpus-http and crash reproducers to Fuzz/corpus-http-artifacts. FUZZ_DIR selects
# another copy of the Fuzz package (default: the one beside this script).
set -euo pipefail

if [[ $# -lt 1 || ! $1 =~ ^[0-9]+$ ]]; then
    echo "usage: $0 SECONDS [libFuzzer options...]" >&2
    exit 2
fi
seconds=$1
shift

fuzz_dir=${FUZZ_DIR:-$(cd "$(dirname "$0")/../Fuzz" && pwd)}
cd "$fuzz_dir"
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product fuzz-http
binary=$(swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)/fuzz-http

mkdir -p corpus-http corpus-http-artifacts
exec nice -n 19 "$binary" \
    -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=corpus-http-artifacts/ \
    "$@" corpus-http corpus/http
