#!/usr/bin/env bash
# Which source files one student request crosses: post a layout submission through the form, follow
# the redirect to its feedback page.
#
#   scripts/request-trace.sh [--list]
#
# Builds `lectern` with coverage counters (scratch path .build-trace), then serves a fresh sample
# course twice with the same steps but for the submission: once signing a student in and reading a
# page (the control), once doing the same and then posting the submission and reading the feedback
# page it redirects to. A file counts as crossed when the functions in it ran more often in the
# second run than in the first; files are grouped by module. --list prints the files too.
#
# Database round trips are counted by the Store's statement counter in SubmissionTraceTests, not here.
# Uses LECTERN_TRACE_BIN when set (a lectern built with -profile-generate -profile-coverage-mapping);
# KEEP_TRACE=1 keeps the working folder (databases, logs, coverage exports) for a closer look.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
list=0
[[ ${1:-} == --list ]] && list=1

tools=$(dirname "$(command -v swift)")
bin=${LECTERN_TRACE_BIN:-}
if [[ -z $bin ]]; then
    (cd "$root" && swift build --product lectern --scratch-path .build-trace \
        -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping >&2)
    bin=$(cd "$root" && swift build --product lectern --scratch-path .build-trace --show-bin-path)/lectern
fi

work=$(mktemp -d)
server=""
cleanup() {
    if [[ -n $server ]]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
[[ -n ${KEEP_TRACE:-} ]] && trap - EXIT
password="correct horse battery staple"
csrf_of() { sed -n 's/.*name="csrf" value="\([0-9a-f]*\)".*/\1/p' "$1" | head -n 1; }

# run NAME SUBMIT: one server life; SUBMIT=1 adds the submission and its feedback page.
run() {
    local name=$1 submit=$2 db="$work/$1.sqlite" jar="$work/$1.cookies" base=""
    LLVM_PROFILE_FILE="$work/$name.profraw" LECTERN_ADMIN_PASSWORD="$password" "$bin" serve --port 0 --quiet --db "$db" \
        --public "$root/Public" --content "$root/Courses" --exercises "$root/Exercises" >"$work/$name.log" 2>&1 &
    server=$!
    for _ in $(seq 1 600); do
        base=$(sed -n 's/^Lectern listening on \(http:[^ ]*\).*/\1/p' "$work/$name.log")
        [[ -n $base ]] && break
        sleep 0.1
    done
    [[ -n $base ]] || { cat "$work/$name.log" >&2; exit 1; }
    printf '%s\n' "$password" | LLVM_PROFILE_FILE="$work/$name-user.profraw" "$bin" user add --db "$db" --course cs193p \
        --role student --name "Alice Liddell" --password-stdin alice >/dev/null
    curl -fsS -c "$jar" -b "$jar" "$base/login" -o "$work/form.html"
    curl -sS -c "$jar" -b "$jar" -o /dev/null --data-urlencode "csrf=$(csrf_of "$work/form.html")" \
        --data-urlencode "username=alice" --data-urlencode "password=$password" "$base/login"
    curl -fsS -b "$jar" -o "$work/$name-exercise.html" "$base/courses/cs193p/exercises/corners"
    if (( submit )); then
        curl -fsS -L -b "$jar" -o "$work/$name-feedback.html" --data-urlencode "csrf=$(csrf_of "$work/$name-exercise.html")" \
            --data-urlencode "text=$(cat "$root/Exercises/corners/reference.layout")" "$base/courses/cs193p/exercises/corners"
        grep -q "Checks" "$work/$name-feedback.html" || { echo "request-trace.sh: no feedback page" >&2; exit 1; }
    fi
    kill -TERM "$server"; wait "$server" || true; server=""
    "$tools/llvm-profdata" merge -o "$work/$name.profdata" "$work/$name.profraw"
    "$tools/llvm-cov" export -skip-expansions -instr-profile "$work/$name.profdata" "$bin" >"$work/$name.json"
}

run control 0
run trace 1

python3 - "$work/control.json" "$work/trace.json" "$root" "$list" <<'EOF'
import json, sys, collections
def counts(path):
    per_file = collections.Counter()
    for function in json.load(open(path))["data"][0]["functions"]:
        per_file[function["filenames"][0]] += function["count"]
    return per_file
control, trace, show = counts(sys.argv[1]), counts(sys.argv[2]), sys.argv[4] == "1"
# The binary may have been built from another checkout: files are named from their Sources/ folder on.
crossed = sorted(f[f.index("/Sources/") + 1:] for f in trace if "/Sources/" in f and trace[f] > control[f])
modules = collections.OrderedDict()
for f in crossed:
    modules.setdefault("/".join(f.split("/")[1:3]), []).append(f)
print(f"files crossed: {len(crossed)}")
for module, files in sorted(modules.items(), key=lambda kv: -len(kv[1])):
    print(f"  {len(files):3d}  {module}")
    if show:
        for f in files: print(f"         {f.split('/', 3)[3]}")
EOF
