#!/usr/bin/env bash
# Runs one of the libFuzzer targets of the Fuzz/ package.
#
#   scripts/fuzz.sh TARGET SECONDS [extra libFuzzer options...]
#
# TARGET is `http` (the HTTP request parser: every input parsed whole and in pieces, results
# compared; also the form, cookie and multipart readers), `captions` (caption, transcript and
# search-query parsers), `code` (the Swift/Objective-C reader and the constraint-code converter),
# `behavior` (the UIDynamicBehavior code reader and exporter), `xml` (the XML reader and the
# storyboard importer and exporter) or `jwt` (the JWT reader, LTI launch validation, key sets and
# platform answers). Builds Fuzz/ (release,
# fuzzer + address sanitizers) and runs `fuzz-TARGET` at low priority for SECONDS. Seeds come
# from Fuzz/corpus/TARGET (never modified); new inputs go to Fuzz/corpus-TARGET and crash
# reproducers to Fuzz/corpus-TARGET-artifacts. FUZZ_DIR selects another copy of the Fuzz package
# (default: the one beside this script).
set -euo pipefail

usage="usage: $0 http|captions|code|behavior|xml|jwt SECONDS [libFuzzer options...]"
if [[ $# -lt 2 || ! $2 =~ ^[0-9]+$ ]]; then
    echo "$usage" >&2
    exit 2
fi
target=$1
seconds=$2
shift 2
case "$target" in
    http) max_len=65536 ;;
    captions) max_len=16384 ;;
    code|behavior) max_len=16384 ;;
    xml) max_len=65536 ;;
    jwt) max_len=16384 ;;
    *) echo "$usage" >&2; exit 2 ;;
esac

fuzz_dir=${FUZZ_DIR:-$(cd "$(dirname "$0")/../Fuzz" && pwd)}
cd "$fuzz_dir"
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
swift build "${flags[@]}" --product "fuzz-$target"
binary=$(swift build "${flags[@]}" --show-bin-path)/fuzz-$target

mkdir -p "corpus-$target" "corpus-$target-artifacts"
exec nice -n 19 "$binary" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="corpus-$target-artifacts/" \
    "$@" "corpus-$target" "corpus/$target"
