#!/usr/bin/env bash
# Benchmarks LayoutSolver against kiwisolver (kiwi's C++ core from PyPI) on the same workloads,
# in the same run, and prints both timings with the speedup (kiwi time / our time).
#
# Usage: scripts/bench-solver.sh [--n 100,1000] [--max-seconds 60]
#   --n            long-row sizes (default 100,1000; kiwisolver needs minutes at 5000)
#   --max-seconds  per-phase time budget for kiwisolver; longer phases are cut short and
#                  reported per operation (default 60)
# Environment: LECTERN_BENCH=path to an already built lectern-bench (skips the release build);
#              PYTHON=python interpreter (a virtualenv with kiwisolver is created if needed).
set -euo pipefail

sizes="100,1000"
budget="60"
while [ $# -gt 0 ]; do
    case "$1" in
        --n) sizes="$2"; shift 2 ;;
        --max-seconds) budget="$2"; shift 2 ;;
        *) echo "usage: $0 [--n 100,1000] [--max-seconds 60]" >&2; exit 2 ;;
    esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

bench="${LECTERN_BENCH:-}"
if [ -z "$bench" ]; then
    (cd "$root" && swift build -c release --product lectern-bench >&2)
    bench="$root/.build/release/lectern-bench"
fi

python="${PYTHON:-python3}"
if ! "$python" -c "import kiwisolver" 2>/dev/null; then
    venv="$root/.build/kiwi-venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet kiwisolver >&2
    python="$venv/bin/python"
fi
echo "kiwisolver $("$python" -c 'import kiwisolver; print(kiwisolver.__version__)')" >&2

"$bench" solver --n "$sizes" --export-workloads > "$work/workloads.jsonl"
"$bench" solver --n "$sizes" --json > "$work/ours.jsonl"
"$python" "$root/scripts/bench_solver_kiwi.py" "$work/workloads.jsonl" "$work/ours.jsonl" --max-seconds "$budget"
