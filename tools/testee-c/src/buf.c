/* buf.c - see buf.h */
#include "buf.h"

#include <stdint.h>
#include <string.h>

void buf_init(Buf *b, Region *rg) {
    b->rg = rg;
    b->data = NULL;
    b->len = b->cap = 0;
}

void buf_reserve(Buf *b, size_t extra) {
    size_t need, cap;
    if (extra > SIZE_MAX - b->len) {
        longjmp(*b->rg->on_failure, 1);
    }
    need = b->len + extra;
    if (need <= b->cap) return;
    cap = b->cap ? b->cap : 64;
    while (cap < need) cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    b->data = rg_realloc(b->rg, b->data, cap);
    b->cap = cap;
}

void buf_put(Buf *b, const void *p, size_t n) {
    if (n == 0) return;
    buf_reserve(b, n);
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void buf_byte(Buf *b, uint8_t c) { buf_put(b, &c, 1); }

void buf_str(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }

void buf_u16(Buf *b, unsigned v) {
    uint8_t t[2];
    t[0] = (uint8_t)(v >> 8);
    t[1] = (uint8_t)v;
    buf_put(b, t, 2);
}

void buf_u32(Buf *b, uint32_t v) {
    uint8_t t[4];
    int i;
    for (i = 0; i < 4; i++) t[i] = (uint8_t)(v >> (24 - 8 * i));
    buf_put(b, t, 4);
}

void buf_u64(Buf *b, uint64_t v) {
    uint8_t t[8];
    int i;
    for (i = 0; i < 8; i++) t[i] = (uint8_t)(v >> (56 - 8 * i));
    buf_put(b, t, 8);
}

void buf_hex(Buf *b, const uint8_t *p, size_t n) {
    static const char digits[] = "0123456789abcdef";
    size_t i;
    if (n > SIZE_MAX / 2) longjmp(*b->rg->on_failure, 1);
    buf_reserve(b, 2 * n);
    for (i = 0; i < n; i++) {
        b->data[b->len++] = (uint8_t)digits[p[i] >> 4];
        b->data[b->len++] = (uint8_t)digits[p[i] & 15];
    }
}

static int hexval(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int hex_decode(Region *rg, const char *s, size_t n, uint8_t **out, size_t *out_len) {
    size_t i;
    uint8_t *o;
    if (n % 2) return 0;
    o = rg_alloc(rg, n / 2 + 1);
    for (i = 0; i < n; i += 2) {
        int hi = hexval((unsigned char)s[i]), lo = hexval((unsigned char)s[i + 1]);
        if (hi < 0 || lo < 0) return 0;
        o[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    *out = o;
    *out_len = n / 2;
    return 1;
}
