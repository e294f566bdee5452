#!/usr/bin/env bash
# Runs the call-order oracle of LayoutSolver over many seeds in a release build: random scripts
# of adds, batch adds, removes, re-adds, updateConstant, suggestions and edit variables that come
# and go, with values read at random points; after every read, every required constraint must
# hold and every strength level's error must match a fresh solver. Each seed runs four times: as
# shipped (the compact tableau of small systems, moving to Tableau when a script outgrows it), on
# Tableau from the first call, moving from one to the other at a call chosen by the seed, and with
# the large-tableau structures forced on. A fifth run checks that the representations read the
# same values, bit for bit (but for the sign of a zero), after every read. Then as many scripts
# over 30-45 variables, which cross the compact tableau's 64 and 128 symbols, run as shipped,
# widened early and on Tableau, passing the oracle and reading the same bits in every way.
#
# Usage: scripts/solver-oracle.sh [SEEDS]
#   SEEDS  a count (seeds 1...SEEDS) or a range FIRST-LAST (default 10000)
# The build goes to .build-release (shared with the benchmarks). Failing seeds are printed with
# their scripts; the exit status is non-zero when any seed fails.
set -euo pipefail

seeds="${1:-10000}"
if [[ ! $seeds =~ ^[0-9]+(-[0-9]+)?$ ]]; then
    echo "usage: $0 [COUNT | FIRST-LAST]" >&2
    exit 2
fi

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
if [[ $seeds == *-* ]]; then
    wide=$(( ${seeds#*-} - ${seeds%-*} + 1 ))
else
    wide=$seeds
fi
LAYOUT_SOLVER_ORACLE_SEEDS="$seeds" LAYOUT_SOLVER_WIDE_ORACLE_SEEDS="$wide" \
    swift test -c release --scratch-path .build-release \
    --filter 'LayoutSolverTests.(CallOrderOracleTests/(testValuesReadAtRandomPoints|testCompactTableauReadsTheSameBits)|WideCompactTableauTests/testScriptsCrossingBothLimits)' \
    >"$log" 2>&1 || status=$?
grep -E '^call-order oracle:|^wide call-order scripts:|error:' "$log" || true
grep -E 'Executed .* tests?' "$log" | tail -1
if [ "$status" -ne 0 ]; then
    echo "solver oracle FAILED (see the scripts above)" >&2
fi
exit "$status"
