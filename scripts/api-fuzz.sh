#!/usr/bin/env bash
# Fuzzes the JSON API with schemathesis against its own OpenAPI description, on a release build
# serving the sample course, as three callers in turn: anonymous, a student and an instructor
# (accounts made with `lectern user add`, personal API tokens made through the API). Before that,
# the served document is validated with openapi-spec-validator.
#
# A run passes when schemathesis finds no 5xx, no answer that breaks the document's schemas, no
# status code or content type the document does not list, and no request that takes longer than
# the request timeout (a hang). It prints, per caller, the requests the server logged, the
# operations tested, the test cases and the failures by kind, and the minutes spent.
#
# Usage: scripts/api-fuzz.sh [--seconds ANON,STUDENT,INSTRUCTOR] [--workers N] [--port N]
#   --seconds  schemathesis time budget per caller (default 180,240,240: eleven minutes in all)
#   --workers  concurrent schemathesis workers (default 2)
#   --port     port of the server under test (default 18090)
# Environment: LECTERN_BIN=an already built lectern (skips the release build);
#              PYTHON=interpreter for the virtualenv (default: the newest python3.1x found).
set -euo pipefail

seconds="180,240,240"
workers="2"
port="18090"
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --workers) workers="$2"; shift 2 ;;
        --port) port="$2"; shift 2 ;;
        *) echo "usage: $0 [--seconds ANON,STUDENT,INSTRUCTOR] [--workers N] [--port N]" >&2; exit 2 ;;
    esac
done
IFS=, read -r anon_seconds student_seconds instructor_seconds <<< "$seconds"

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# 1. The tools, from PyPI, in a virtualenv. Python 3.11.7's parser trips over hypothesis's lambda
#    descriptions (an internal SystemError), so a newer interpreter is preferred.
python="${PYTHON:-}"
if [ -z "$python" ]; then
    for candidate in python3.13 python3.12 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 python3; do
        if "$candidate" -c 'import sys, venv; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then python="$candidate"; break; fi
    done
    [ -n "$python" ] || python=python3
fi
venv="$root/.build-fuzz/venv"
if [ ! -x "$venv/bin/schemathesis" ] || [ ! -x "$venv/bin/openapi-spec-validator" ]; then
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet schemathesis openapi-spec-validator >&2
fi
echo "schemathesis $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))'), openapi-spec-validator $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("openapi-spec-validator"))')" >&2

# 2. A release build.
lectern="${LECTERN_BIN:-}"
if [ -z "$lectern" ]; then
    (cd "$root" && swift build -c release --scratch-path .build-release --product lectern >&2)
    lectern="$root/.build-release/release/lectern"
fi

# 3. The server, on a new database with the sample course.
database="$work/lectern.sqlite"
export LECTERN_ADMIN_PASSWORD="fuzz admin password"
"$lectern" serve --db "$database" --port "$port" --content "$root/Courses" --exercises "$root/Exercises" \
    --public "$root/Public" > "$work/server.out" 2> "$work/access.log" &
server_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
    curl -fs "$base/api/health" >/dev/null 2>&1 && break
    sleep 0.2
done
curl -fs "$base/api/health" >/dev/null || { echo "the server did not start:" >&2; cat "$work/server.out" >&2; exit 1; }

# 4. A student and an instructor of cs193p, each with a personal API token of every scope.
password="fuzz password for $port"
printf '%s\n' "$password" | "$lectern" user add --db "$database" --course cs193p --role student --password-stdin fuzzstudent >/dev/null
printf '%s\n' "$password" | "$lectern" user add --db "$database" --course cs193p --role instructor --password-stdin fuzzteacher >/dev/null
token_for() {
    local session page
    session=$(curl -fs "$base/api/session" -H 'Content-Type: application/json' \
        -d "{\"username\":\"$1\",\"password\":\"$password\"}" | "$venv/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    page=$(curl -fs "$base/account/tokens" -H "Authorization: Bearer $session" \
        --data-urlencode "name=api fuzz" --data-urlencode "scope=submit" --data-urlencode "scope=staff")
    grep -o '<pre><code>[0-9a-f]\{64\}</code></pre>' <<< "$page" | sed 's/<[^>]*>//g'
}
student_token=$(token_for fuzzstudent)
instructor_token=$(token_for fuzzteacher)
[ -n "$student_token" ] && [ -n "$instructor_token" ] || { echo "could not make the API tokens" >&2; exit 1; }

# 5. The served document is valid OpenAPI.
curl -fs "$base/api/openapi.json" -o "$work/openapi.json"
"$venv/bin/openapi-spec-validator" "$work/openapi.json"

# 6. Schemathesis, caller by caller (from the scratch folder: it keeps a cache where it runs).
cd "$work"
checks="not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance"
status=0
summary=""
fuzz() {
    local role="$1" budget="$2"; shift 2
    local before after started ended
    before=$(wc -l < "$work/access.log")
    started=$(date +%s)
    echo "== $role: $budget s" >&2
    if ! "$venv/bin/schemathesis" run "$base/api/openapi.json" --checks "$checks" --max-time "$budget" \
        --request-timeout 10 --phases examples,coverage,fuzzing,stateful --workers "$workers" --no-color \
        --suppress-health-check all "$@" > "$work/$role.log" 2>&1; then
        status=1
    fi
    ended=$(date +%s)
    after=$(wc -l < "$work/access.log")
    sed -n '/^=* *SUMMARY/,$p' "$work/$role.log" >&2
    if grep -q 'FAILURES\|Failures:\|Errors:' "$work/$role.log"; then
        sed -n '/^=* *FAILURES/,/^=* *SUMMARY/p' "$work/$role.log" | head -200 >&2
        status=1
    fi
    local tested cases
    tested=$(grep -o 'Tested: [0-9]*' "$work/$role.log" | head -1 | grep -o '[0-9]*' || echo "?")
    cases=$(grep -o '[0-9]* generated, [^=]*' "$work/$role.log" | head -1 | sed 's/ *$//' || echo "?")
    summary+=$(printf '%-11s requests %7d  operations %3s  test cases: %s  minutes %.1f' \
        "$role" "$((after - before))" "$tested" "$cases" "$(echo "($ended - $started) / 60" | bc -l)")$'\n'
}
fuzz anonymous "$anon_seconds"
fuzz student "$student_seconds" -H "Authorization: Bearer $student_token"
fuzz instructor "$instructor_seconds" -H "Authorization: Bearer $instructor_token"

# 7. The server's own account: no 5xx logged, and it still answers.
server_errors=$(grep -c 'status=5[0-9][0-9]' "$work/access.log" || true)
curl -fs "$base/api/health" >/dev/null || { echo "the server no longer answers" >&2; status=1; }
echo
printf '%s' "$summary"
echo "5xx in the server's access log: $server_errors (503 health or overload answers are counted too)"
if [ "$status" -ne 0 ]; then echo "api-fuzz: FAILED (logs above)"; else echo "api-fuzz: passed"; fi
exit "$status"
