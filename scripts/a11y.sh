#!/usr/bin/env bash
# Accessibility: axe-core on every page, signed out, as a student and as an instructor, at desktop
# (1280x900) and phone (390x844) sizes, plus a check that no page scrolls sideways at 320, 390 or
# 1280 px. Serves a fresh database with the sample course on a free port.
#
#   scripts/a11y.sh
#
# Needs Debian's chromium and chromium-driver, PyPI's selenium, and axe-core 4 as PyPI's
# axe-playwright-python ships it (its axe.min.js only, so installed without its dependencies);
# installs what is missing when run as root. Uses LECTERN_BIN when set, otherwise
# builds the lectern executable with swift build. Exits 1 when any page has a violation.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if ! command -v chromedriver >/dev/null || ! command -v chromium >/dev/null; then
    [[ "$(id -u)" == 0 ]] || { echo "a11y.sh: install chromium and chromium-driver" >&2; exit 2; }
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium
python3 -c "import axe_playwright_python" 2>/dev/null || python3 -m pip install -q --no-deps axe-playwright-python

bin=${LECTERN_BIN:-}
if [[ -z "$bin" ]]; then
    swift build --product lectern >/dev/null
    bin="$(swift build --product lectern --show-bin-path)/lectern"
fi

work=$(mktemp -d)
server=""
cleanup() {
    if [[ -n "$server" ]]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

db="$work/lectern.sqlite"
password="a11y-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
touch "$work/serve.log"
LECTERN_ADMIN_PASSWORD="$password" "$bin" serve --port 0 --quiet --db "$db" --public "$root/Public" \
    --content "$root/Courses" --exercises "$root/Exercises" >"$work/serve.log" 2>&1 &
server=$!
base=""
for _ in $(seq 1 100); do
    base=$(sed -n 's/^Lectern listening on \(http:[^ ]*\).*/\1/p' "$work/serve.log")
    [[ -n "$base" ]] && break
    kill -0 "$server" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
    sleep 0.2
done
[[ -n "$base" ]] || { echo "a11y.sh: the server did not start" >&2; exit 1; }

for account in "ines instructor" "alice student"; do
    set -- $account
    printf '%s\n' "$password" | "$bin" user add --db "$db" --course cs193p --role "$2" --password-stdin "$1" >/dev/null
done
python3 "$root/scripts/a11y.py" "$base" "$password"
