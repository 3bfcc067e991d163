// The declaration in include/FuzzerDriver.h is all this module provides; libFuzzer defines it.
#include "FuzzerDriver.h"
