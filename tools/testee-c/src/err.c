/* err.c - see err.h */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>

void err_set(Err *e, const char *code, const char *fmt, ...) {
    va_list ap;
    e->code = code;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
}
