#ifndef CNUMBERFORMAT_H
#define CNUMBERFORMAT_H

#include <stddef.h>

/// Writes `value` as C's `%.*g` does with `significant_digits`, as `snprintf` would into `buffer`
/// of `capacity` bytes; returns what `snprintf` returns.
///
/// Swift cannot call a variadic C function, and its `withVaList` builds the argument list as a
/// heap object through dynamic casts: this fixed signature needs neither.
int cnumberformat_print_g(char *buffer, size_t capacity, int significant_digits, double value);

#endif
