#!/usr/bin/env bash
# Writes `lectern grade --json` (and the SVG pictures) of every answer shipped with the layout
# exercises (reference, starter and examples, in every format) into OUT, one file per answer,
# so that two builds' outputs can be compared with `diff -r`.
#
#   scripts/grade-outputs.sh LECTERN OUT [EXERCISES]
set -euo pipefail
lectern=${1:?usage: grade-outputs.sh LECTERN OUT [EXERCISES]}
out=${2:?usage: grade-outputs.sh LECTERN OUT [EXERCISES]}
exercises=${3:-Exercises}
mkdir -p "$out"
count=0
for dir in "$exercises"/*/; do
    slug=$(basename "$dir")
    grep -q '"kind": *"layout"' "$dir/exercise.json" || continue
    for answer in "$dir"/reference.* "$dir"/starter.* "$dir"/examples/*; do
        [ -f "$answer" ] || continue
        case "$answer" in *.expected.json) continue ;; esac
        name="$slug--$(basename "$answer")"
        mkdir -p "$out/$name.svg"
        status=0
        "$lectern" grade "$dir" "$answer" --json --svg "$out/$name.svg" > "$out/$name.json" 2>&1 || status=$?
        echo "exit $status" >> "$out/$name.json"
        count=$((count + 1))
    done
done
echo "$count answers graded into $out"
