#!/bin/sh
# Runs the Dynamics benchmark in Lectern (`lectern-bench dynamics --json`), the same scenes in
# pymunk (Chipmunk2D) and in Box2D v3 (built from source with scripts/bench_physics_box2d.c), then
# prints the three side by side with the ratios. Every engine runs on one thread; times are CPU time.
#   LECTERN_BENCH  a lectern-bench executable (default: built here with `swift build -c release`)
#   PYTHON         a Python with pymunk installed (default: python3; pip install pymunk)
#   BOX2D_SOURCE   Box2D v3: a source folder, a git directory (its HEAD is used) or a repository URL
#                  to clone (e.g. https://github.com/erincatto/box2d). Without it Box2D is skipped.
#                  It is built with cmake, in Release with Box2D's default SIMD (SSE2 on x86-64)
#                  and without its validation, under .build-box2d/ (git-ignored, reused).
#   BOX2D_AVX2     1 to build Box2D with its AVX2 option (8-wide) instead
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
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Prints the path of a built Box2D driver on standard output, or explains on standard error why
# there is none and prints nothing.
build_box2d() {
    source="${BOX2D_SOURCE:-}"
    cache=.build-box2d
    if [ -z "$source" ]; then
        echo "bench-physics: Box2D v3 skipped: set BOX2D_SOURCE to its source folder, git directory or repository URL" >&2
        return 0
    fi
    if ! command -v cmake >/dev/null 2>&1; then
        echo "bench-physics: Box2D v3 skipped: cmake is not installed (apt-get install cmake)" >&2
        return 0
    fi
    mkdir -p "$cache"
    if [ -f "$source/CMakeLists.txt" ] && [ -d "$source/src" ]; then
        tree="$(cd "$source" && pwd)"
        key="$(printf '%s' "$tree" | cksum | cut -d' ' -f1)"
    elif commit="$(git --git-dir="$source" rev-parse --verify -q HEAD^{commit} 2>/dev/null)"; then
        tree="$cache/src-$commit"
        key="$commit"
        if [ ! -f "$tree/CMakeLists.txt" ]; then
            rm -rf "$tree" && mkdir -p "$tree"
            git --git-dir="$source" archive HEAD | tar -x -C "$tree"
        fi
    else
        case "$source" in
        http://* | https://* | git@* | ssh://*)
            tree="$cache/clone"
            if [ ! -f "$tree/CMakeLists.txt" ]; then
                rm -rf "$tree"
                if ! git clone -q --depth 1 "$source" "$tree" >&2; then
                    echo "bench-physics: Box2D v3 skipped: cannot clone $source" >&2
                    return 0
                fi
            fi
            key="$(git -C "$tree" rev-parse HEAD)"
            ;;
        *)
            echo "bench-physics: Box2D v3 skipped: BOX2D_SOURCE=$source is neither a Box2D source folder, a git directory nor a URL" >&2
            return 0
            ;;
        esac
    fi
    avx2=OFF
    [ "${BOX2D_AVX2:-0}" = 1 ] && avx2=ON
    build="$cache/build-$key-avx2-$avx2"
    if [ ! -f "$build/src/libbox2d.a" ]; then
        if ! { cmake -S "$tree" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBOX2D_SAMPLES=OFF -DBOX2D_UNIT_TESTS=OFF \
                   -DBOX2D_BENCHMARKS=OFF -DBOX2D_DOCS=OFF -DBOX2D_VALIDATE=OFF -DBOX2D_AVX2="$avx2" >&2 &&
               cmake --build "$build" --target box2d -j 2 >&2; }; then
            echo "bench-physics: Box2D v3 skipped: its build failed (see above)" >&2
            return 0
        fi
    fi
    driver="$build/bench_physics_box2d"
    if [ ! -x "$driver" ] || [ scripts/bench_physics_box2d.c -nt "$driver" ]; then
        if ! cc -O2 -std=c17 -o "$driver" scripts/bench_physics_box2d.c -I "$tree/include" "$build/src/libbox2d.a" -lm; then
            echo "bench-physics: Box2D v3 skipped: the driver does not build against this Box2D (a v3.2 API is expected)" >&2
            return 0
        fi
    fi
    echo "$driver"
}

box2d="$(build_box2d)"
"$LECTERN_BENCH" dynamics --json > "$work/lectern.json"
if [ -n "$box2d" ]; then
    "$box2d" > "$work/box2d.json"
    "$PYTHON" scripts/bench_physics_pymunk.py --lectern-json "$work/lectern.json" --box2d-json "$work/box2d.json"
else
    "$PYTHON" scripts/bench_physics_pymunk.py --lectern-json "$work/lectern.json"
fi
