// Declarations only: the driver itself lives in the libFuzzer runtime.
#include "FuzzerDriver.h"
