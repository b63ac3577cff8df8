/* err.h - an error code from spec/vectors.md and spec/envelope.md, with a message */
#ifndef RW_ERR_H
#define RW_ERR_H

typedef struct Err {
    const char *code; /* NULL while no error is set */
    char message[320];
} Err;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void err_set(Err *e, const char *code, const char *fmt, ...);

#endif
