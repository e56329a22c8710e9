// The module's one function is `static inline`, in its header: this file gives the target the
// source file it needs to build.
#include "CPrefetch.h"
