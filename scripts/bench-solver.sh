#!/usr/bin/env bash
# Benchmarks LayoutSolver against kiwi on the same workloads, in the same run: kiwisolver (kiwi's
# C++ core through its Python binding, from PyPI) and kiwi's C++ core compiled natively with a
# small driver (scripts/bench_solver_native.cpp). Prints each phase with the speedups
# (their time / ours).
#
# Usage: scripts/bench-solver.sh [--n 100,1000] [--only NAME,...] [--max-seconds 60]
#   --n            long-row sizes (default 100,1000; kiwi needs minutes at 5000)
#   --only         workloads (long-row, enaml-form, grid, nesting, small-systems, exercises;
#                  default all; kiwi needs minutes for the 20×20 grid)
#   --max-seconds  per-phase time budget for kiwi (both forms); longer suggestion and re-add
#                  phases are cut short and reported per operation (default 60)
# Environment: LECTERN_BENCH=path to an already built lectern-bench (skips the release build);
#              PYTHON=python interpreter (a virtualenv with kiwisolver is created if needed);
#              KIWI_SOURCE=a directory holding kiwi's headers (kiwi/kiwi.h); without it, the
#              kiwisolver source distribution is downloaded from PyPI into .build/kiwi-source.
#              Only the driver is ours; kiwi's source is never committed.
set -euo pipefail

sizes="100,1000"
budget="60"
only=()
while [ $# -gt 0 ]; do
    case "$1" in
        --n) sizes="$2"; shift 2 ;;
        --only) only=(--only "$2"); shift 2 ;;
        --max-seconds) budget="$2"; shift 2 ;;
        *) echo "usage: $0 [--n 100,1000] [--only NAME,...] [--max-seconds 60]" >&2; exit 2 ;;
    esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

bench="${LECTERN_BENCH:-}"
if [ -z "$bench" ]; then
    (cd "$root" && swift build -c release --scratch-path .build-release --product lectern-bench >&2)
    bench="$root/.build-release/release/lectern-bench"
fi

python="${PYTHON:-python3}"
if ! "$python" -c "import kiwisolver" 2>/dev/null; then
    venv="$root/.build/kiwi-venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet kiwisolver >&2
    python="$venv/bin/python"
fi
echo "kiwisolver $("$python" -c 'import kiwisolver; print(kiwisolver.__version__)')" >&2

kiwi_source="${KIWI_SOURCE:-}"
if [ -z "$kiwi_source" ]; then
    kiwi_source="$root/.build/kiwi-source"
    if [ ! -f "$kiwi_source/kiwi/kiwi.h" ]; then
        mkdir -p "$kiwi_source"
        "$python" -m pip download --quiet --no-binary :all: --no-deps --dest "$work/sdist" kiwisolver >&2
        tar -xzf "$work"/sdist/kiwisolver-*.tar.gz -C "$work"
        cp -R "$work"/kiwisolver-*/kiwi "$kiwi_source/"
    fi
fi
native="$work/bench_solver_native"
g++ -O2 -std=c++17 -I "$kiwi_source" "$root/scripts/bench_solver_native.cpp" -o "$native"
echo "kiwi C++ core from $kiwi_source ($(grep -o 'KIWI_VERSION "[^"]*"' "$kiwi_source/kiwi/version.h" || echo 'version unknown')), g++ -O2" >&2

cd "$root"
"$bench" solver --n "$sizes" ${only[@]+"${only[@]}"} --export-workloads > "$work/workloads.jsonl"
"$bench" solver --n "$sizes" ${only[@]+"${only[@]}"} --json > "$work/ours.jsonl"
"$native" "$work/workloads.jsonl" --max-seconds "$budget" > "$work/native.jsonl"
"$python" "$root/scripts/bench_solver_kiwi.py" "$work/workloads.jsonl" "$work/ours.jsonl" \
    --native "$work/native.jsonl" --max-seconds "$budget"
