#include <stdio.h>

#include "CNumberFormat.h"

int cnumberformat_print_g(char *buffer, size_t capacity, int significant_digits, double value) {
    return snprintf(buffer, capacity, "%.*g", significant_digits, value);
}
