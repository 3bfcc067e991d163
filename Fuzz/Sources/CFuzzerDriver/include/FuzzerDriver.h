#ifndef FUZZER_DRIVER_H
#define FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the runtime linked by `-sanitize=fuzzer`): parses libFuzzer's command line
/// and calls `callback` with each input. Used instead of libFuzzer's own `main`, which SwiftPM's
/// executable linking (`main` aliased to the module's entry point) does not let through.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
