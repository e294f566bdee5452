#!/usr/bin/env bash
# Fuzzes the http parsers for SECONDS: see scripts/fuzz.sh.
#   scripts/fuzz-http.sh SECONDS [extra libFuzzer options...]
exec "$(dirname "$0")/fuzz.sh" http "$@"
