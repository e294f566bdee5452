#!/usr/bin/env bash
# Checks the rules of docs/ARCHITECTURE.md against the code; run by .ci/run.
#
#   1. Each module imports only the modules its layer allows (the table below, which mirrors the
#      module map): lower layers never import higher ones.
#   2. Pure modules do no I/O: no print, no FileManager, no sockets or file descriptors, no
#      clocks, no Foundation's networking or processes.
#   3. SQL appears only in Store (and the SQLite wrapper, which runs it).
#   4. Only the HTTP module, the application and the executables touch sockets.
#   5. Markup is escaped only by the HTML module.
#   6. Each module lives in its layer's folder, Sources/<layer>/<module> (the table `layer` below),
#      so the layers show in the tree.
#   7. Pages have one entry point: in the application's markup files (those that import HTML), a
#      full page answers `static func response(...)`, and a shared part is a Component: no
#      `static func render/list/account/html(` builds a page or a part, and every static function
#      whose signature returns a `Response` is named `response`.
#
# Prints every violation as FILE:LINE: rule, and exits 1 when there is any.
set -euo pipefail
cd "$(dirname "$0")/.."

# Module -> the modules (and system libraries) it may import. Foundation, Glibc, Musl, Dispatch
# and Synchronization are the toolchain; pure modules may use Foundation only for values
# (no I/O: rule 2).
declare -A allowed=(
    [Spelling]=""
    [Digest]=""
    [SeededRandom]=""
    [JSON]="Spelling"
    [CLI]="Foundation Spelling"
    [XML]=""
    [SourceCode]=""
    [LayoutSolver]=""
    [AutoLayout]="LayoutSolver JSON Spelling"
    [Dynamics]="Foundation JSON"
    [Captions]="Foundation HTML"
    [InterfaceBuilder]="XML AutoLayout HTML"
    [LTI]="CCrypto JSON"
    [ConstraintCode]="SourceCode AutoLayout"
    [BehaviorCode]="SourceCode Dynamics JSON Foundation"
    [Grading]="AutoLayout Dynamics JSON Digest HTML Foundation ConstraintCode InterfaceBuilder BehaviorCode SourceCode XML"
    [HTML]=""
    [Threads]="Foundation"
    [SQLite]="CSQLite Threads Foundation Glibc Dispatch Synchronization"
    [Store]="SQLite Captions JSON Digest Spelling Foundation"
    [HTTPServer]="JSON HTML Foundation Glibc Musl Dispatch Synchronization"
    [HTTPTesting]="HTTPServer Foundation Glibc Dispatch"
    [LecternApp]="HTTPServer HTML Store SQLite Threads Grading AutoLayout Dynamics Captions JSON Digest CCrypt Foundation Glibc Dispatch Synchronization ConstraintCode InterfaceBuilder BehaviorCode XML SourceCode Spelling LTI CCrypto CCurl CMalloc"
    [lectern]="LecternApp CLI Grading Foundation Glibc"
    [lectern-bench]="LecternApp CLI LayoutSolver AutoLayout Dynamics Grading Store SQLite Captions HTTPServer JSON Foundation Glibc Dispatch Synchronization InterfaceBuilder XML ConstraintCode BehaviorCode SourceCode SeededRandom LTI"
)
# Module -> its layer, the folder under Sources/ that holds it.
declare -A layer=(
    [CSQLite]=System [CCrypt]=System [CCrypto]=System [CCurl]=System [CMalloc]=System
    [Spelling]=Support [Digest]=Support [SeededRandom]=Support [JSON]=Support [Threads]=Support
    [LayoutSolver]=Engines [AutoLayout]=Engines [Dynamics]=Engines
    [XML]=Formats [SourceCode]=Formats [ConstraintCode]=Formats [BehaviorCode]=Formats [InterfaceBuilder]=Formats
    [Captions]=Content [Grading]=Content
    [LTI]=Integrations
    [SQLite]=Storage [Store]=Storage
    [HTML]=Web [HTTPServer]=Web [LecternApp]=Web [HTTPTesting]=Web
    [CLI]=Tools [lectern]=Tools [lectern-bench]=Tools
)
pure=(Spelling Digest SeededRandom JSON XML SourceCode LayoutSolver AutoLayout Dynamics Captions InterfaceBuilder ConstraintCode BehaviorCode Grading HTML LTI)

failures=0
fail() { echo "$1"; failures=$((failures + 1)); }

for dir in Sources/*/; do
    if ! compgen -G "$dir*/" >/dev/null || compgen -G "$dir*.swift" >/dev/null; then
        fail "$dir: Sources/ holds only layer folders (Sources/<layer>/<module>)"
    fi
done

for dir in Sources/*/*/; do
    module=$(basename "$dir")
    group=$(basename "$(dirname "$dir")")
    if [[ -z "${layer[$module]+set}" ]]; then
        fail "$dir: module $module has no layer in scripts/check-architecture.sh's table"
        continue
    fi
    if [[ "${layer[$module]}" != "$group" ]]; then
        fail "$dir: module $module belongs in Sources/${layer[$module]}/"
    fi
    [[ "$module" == C* && -f "$dir/module.modulemap" ]] && continue
    if [[ -z "${allowed[$module]+set}" ]]; then
        fail "$dir: module $module is not in scripts/check-architecture.sh's table: add it with the imports its layer allows"
        continue
    fi
    while IFS=: read -r file line text; do
        imported=$(sed -E 's/^(@testable |@_exported )?import (struct |class |enum |func )?([A-Za-z_]+).*/\3/' <<<"$text")
        # The C library (math) is the toolchain's; rule 2 keeps pure modules from its I/O.
        if [[ "$imported" == Glibc || "$imported" == Darwin || "$imported" == Musl ]]; then continue; fi
        if [[ " ${allowed[$module]} " != *" $imported "* ]]; then
            fail "$file:$line: $module may not import $imported (allowed: ${allowed[$module]:-nothing})"
        fi
    done < <(grep -rnE '^(@testable |@_exported )?import ' "$dir" --include='*.swift' || true)
done

for module in "${pure[@]}"; do
    dir="Sources/${layer[$module]}/$module"
    [[ -d "$dir" ]] || { fail "$dir: pure module $module is missing"; continue; }
    while IFS= read -r hit; do
        fail "$hit: $module is pure: no I/O, console or clock"
    done < <(grep -rnE '(^|[^A-Za-z_.])(print|debugPrint|FileManager|FileHandle|fopen|fwrite|socket|Date\(\)|ProcessInfo|Process\(|URLSession|DispatchTime|clock_gettime)\b' \
        "$dir" --include='*.swift' | grep -vE '^[^:]+:[0-9]+:\s*(//|///|\*)' || true)
done

while IFS= read -r hit; do
    fail "$hit: markup is escaped only by the HTML module (Markup.escape)"
done < <(grep -rnE '"&(amp|lt|gt|quot|#39);"' Sources --include='*.swift' | grep -vE '^Sources/Web/HTML/' || true)

while IFS= read -r hit; do
    fail "$hit: SQL belongs in Store"
done < <(grep -rnE '"[^"]*\b(SELECT [a-z*(]|INSERT INTO|DELETE FROM|CREATE (TABLE|INDEX)|UPDATE [a-z_]+ SET|PRAGMA [a-z_]+)' Sources --include='*.swift' \
    | grep -vE '^Sources/Storage/(Store|SQLite)/' || true)

while IFS= read -r hit; do
    fail "$hit: only HTTPServer, its test client, the application and the executables use sockets"
done < <(grep -rnE '\b(socket\(|epoll_create1?\(|SOCK_STREAM|AF_INET6?\b|sockaddr_in)' Sources --include='*.swift' \
    | grep -vE '^Sources/(Web/HTTPServer|Web/HTTPTesting|Web/LecternApp|Tools/lectern|Tools/lectern-bench)/' || true)

while IFS= read -r hit; do
    fail "$hit: a page answers static func response(...); a shared part is a Component (docs/ARCHITECTURE.md, Pages)"
done < <(grep -rlE '^import HTML$' Sources/Web/LecternApp --include='*.swift' \
    | xargs -r grep -nHE '^\s*(public |internal |fileprivate |private )?static func (render|list|account|html)\(' || true)

# A signature may span lines: read it from `static func name(` to the line that opens the body.
while IFS= read -r hit; do
    fail "$hit: a static function that returns a Response is a page's entry point: name it response"
done < <(grep -rlE '^import HTML$' Sources/Web/LecternApp --include='*.swift' | xargs -r awk '
    FNR == 1 { reading = 0 }
    /^[[:space:]]*(public |internal |fileprivate |private )?static func [A-Za-z_]+\(/ {
        reading = 1; signature = ""; line = FNR
        match($0, /static func [A-Za-z_]+/); name = substr($0, RSTART + 12, RLENGTH - 12)
    }
    reading {
        signature = signature $0
        if ($0 ~ /[{}][[:space:]]*$/) {
            reading = 0
            if (signature ~ /-> Response([^A-Za-z_]|$)/ && name != "response") print FILENAME ":" line ": static func " name
        }
    }' || true)

if (( failures > 0 )); then
    echo "check-architecture: $failures violation(s)"
    exit 1
fi
echo "check-architecture: every module keeps to its layer"
