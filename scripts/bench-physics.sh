#!/bin/sh
# Runs the Dynamics benchmark in Lectern (`lectern-bench dynamics --json`) and the same scenes
# in pymunk (Chipmunk2D), then prints both and the ratios.
#   LECTERN_BENCH  a lectern-bench executable (default: built here with `swift build -c release`)
#   PYTHON         a Python with pymunk installed (default: python3; pip install pymunk)
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c "import pymunk" 2>/dev/null; then
    echo "bench-physics: $PYTHON cannot import pymunk (pip install pymunk)" >&2
    exit 2
fi
if [ -z "${LECTERN_BENCH:-}" ]; then
    swift build -c release --product lectern-bench >&2
    LECTERN_BENCH=.build/release/lectern-bench
fi
ours="$(mktemp)"
trap 'rm -f "$ours"' EXIT
"$LECTERN_BENCH" dynamics --json > "$ours"
"$PYTHON" scripts/bench_physics_pymunk.py --lectern-json "$ours"
