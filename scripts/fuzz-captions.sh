#!/usr/bin/env bash
# Fuzzes the caption, transcript and search-query parsers with libFuzzer.
#
#   scripts/fuzz-captions.sh SECONDS [extra libFuzzer options...]
#
# Builds Fuzz/ (release, fuzzer + address sanitizers) and runs `fuzz-captions` at low priority for
# SECONDS. Seeds come from Fuzz/corpus/captions (never modified); new inputs go to
# Fuzz/corpus-captions and crash reproducers to Fuzz/corpus-captions-artifacts. FUZZ_DIR selects
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
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product fuzz-captions
binary=$(swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)/fuzz-captions

mkdir -p corpus-captions corpus-captions-artifacts
exec nice -n 19 "$binary" \
    -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=corpus-captions-artifacts/ \
    "$@" corpus-captions corpus/captions
