#ifndef LECTERN_FUZZER_DRIVER_H
#define LECTERN_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver entry point (provided by the runtime that `-sanitize=fuzzer` links).
/// SwiftPM renames an executable's entry point to `<module>_main`, so libFuzzer's own `main`
/// is never used; each fuzz target's `@main` calls this instead.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
