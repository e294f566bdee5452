#!/usr/bin/env bash
# Fuzzes the captions parsers for SECONDS: see scripts/fuzz.sh.
#   scripts/fuzz-captions.sh SECONDS [extra libFuzzer options...]
exec "$(dirname "$0")/fuzz.sh" captions "$@"
