#!/usr/bin/env bash
# Screenshots of the reading pages in headless Chromium, to check they look right in a real browser.
#
#   scripts/screenshots.sh [OUTPUT_DIR]        (default: ./screenshots)
#
# Serves a fresh database holding the sample course (Courses/cs193p) on a free port and captures,
# at a desktop and a phone width: the course home, a lecture page linked to a moment (?t=), the
# search page with results, and the search page with a "did you mean" suggestion. (A link's
# #fragment is left out: headless screenshots of a page scrolled to a fragment come out blank.)
#
# Needs Debian's chromium package (apt-get install -y chromium). Uses LECTERN_BIN when set,
# otherwise builds the lectern executable with swift build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$root/screenshots"}
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z "$browser" ]]; then
    echo "screenshots.sh: chromium not found; install it with: apt-get install -y chromium" >&2
    exit 2
fi

bin=${LECTERN_BIN:-}
if [[ -z "$bin" ]]; then
    (cd "$root" && swift build --product lectern >/dev/null)
    bin="$(cd "$root" && swift build --product lectern --show-bin-path)/lectern"
fi

work=$(mktemp -d)
server=""
cleanup() {
    if [[ -n "$server" ]]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$bin" serve --port 0 --quiet --db "$work/lectern.sqlite" --public "$root/Public" --content "$root/Courses" \
    --exercises "$root/Exercises" >"$work/serve.log" 2>&1 &
server=$!
base=""
for _ in $(seq 1 100); do
    base=$(sed -n 's/^Lectern listening on \(http:[^ ]*\).*/\1/p' "$work/serve.log")
    [[ -n "$base" ]] && break
    if ! kill -0 "$server" 2>/dev/null; then cat "$work/serve.log" >&2; exit 1; fi
    sleep 0.2
done
if [[ -z "$base" ]]; then
    echo "screenshots.sh: the server did not start" >&2
    cat "$work/serve.log" >&2
    exit 1
fi

mkdir -p "$out"
pages=(
    "course-home|/courses/cs193p"
    "lecture-linked|/courses/cs193p/lectures/9?t=17"
    "search-results|/search?q=magic+numbers&course=cs193p"
    "search-suggestion|/search?q=autolayot"
)
for entry in "${pages[@]}"; do
    name=${entry%%|*}
    path=${entry#*|}
    for size in "desktop|1280,900" "phone|390,844"; do
        label=${size%%|*}
        "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
            --user-data-dir="$work/profile" --window-size="${size#*|}" --virtual-time-budget=3000 \
            --screenshot="$out/$name-$label.png" "$base$path" >/dev/null 2>&1
        echo "$out/$name-$label.png  ($path)"
    done
done
