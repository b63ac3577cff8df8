/* rstr.c - see rstr.h */
#include "rstr.h"

static int cont(const uint8_t *b, size_t n, size_t j) { return j < n && (b[j] & 0xC0) == 0x80; }

int rstr_decode(Region *rg, const uint8_t *b, size_t n, char **text, size_t *tlen, int *canonical,
                size_t *bad, const char **why) {
    Buf out;
    size_t i = 0;
    int four_byte = 0;
    buf_init(&out, rg);
    buf_reserve(&out, n + 1);
    while (i < n) {
        uint8_t c = b[i];
        if (c < 0x80) {
            buf_byte(&out, c);
            i += 1;
        } else if (c >= 0xC2 && c <= 0xDF) {
            if (!cont(b, n, i + 1)) { *why = "cut or malformed 2-byte sequence"; goto invalid; }
            buf_put(&out, b + i, 2);
            i += 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            uint32_t s;
            if (!cont(b, n, i + 1) || !cont(b, n, i + 2)) { *why = "cut or malformed 3-byte sequence"; goto invalid; }
            s = (uint32_t)(c & 0x0F) << 12 | (uint32_t)(b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F);
            if (s < 0x800) { *why = "overlong 3-byte sequence"; goto invalid; }
            if (s >= 0xDC00 && s <= 0xDFFF) { *why = "low surrogate without a high surrogate"; goto invalid; }
            if (s >= 0xD800 && s <= 0xDBFF) {
                /* CESU-8: the low surrogate must follow at once, as a 3-byte sequence. */
                uint32_t lo, cp;
                uint8_t u[4];
                if (i + 3 >= n || b[i + 3] != 0xED || !cont(b, n, i + 4) || !cont(b, n, i + 5)) {
                    *why = "high surrogate without a low surrogate";
                    goto invalid;
                }
                lo = 0xD000 | (uint32_t)(b[i + 4] & 0x3F) << 6 | (b[i + 5] & 0x3F);
                if (lo < 0xDC00 || lo > 0xDFFF) { *why = "high surrogate without a low surrogate"; goto invalid; }
                cp = 0x10000 + ((s - 0xD800) << 10) + (lo - 0xDC00);
                u[0] = (uint8_t)(0xF0 | cp >> 18);
                u[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
                u[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
                u[3] = (uint8_t)(0x80 | (cp & 0x3F));
                buf_put(&out, u, 4);
                i += 6;
            } else {
                buf_put(&out, b + i, 3);
                i += 3;
            }
        } else if (c >= 0xF0 && c <= 0xF4) {
            uint32_t s;
            if (!cont(b, n, i + 1) || !cont(b, n, i + 2) || !cont(b, n, i + 3)) {
                *why = "cut or malformed 4-byte sequence";
                goto invalid;
            }
            s = (uint32_t)(c & 0x07) << 18 | (uint32_t)(b[i + 1] & 0x3F) << 12 | (uint32_t)(b[i + 2] & 0x3F) << 6 |
                (b[i + 3] & 0x3F);
            if (s < 0x10000) { *why = "overlong 4-byte sequence"; goto invalid; }
            if (s > 0x10FFFF) { *why = "code point above U+10FFFF"; goto invalid; }
            buf_put(&out, b + i, 4);
            four_byte = 1;
            i += 4;
        } else {
            *why = "a byte that cannot start a character";
            goto invalid;
        }
    }
    buf_byte(&out, 0);
    *text = (char *)out.data;
    *tlen = out.len - 1;
    /* Surrogate pairs re-encode to the same six bytes and every other accepted sequence is
     * shortest form, so only 4-byte sequences make the bytes differ from CESU-8. */
    *canonical = !four_byte;
    return 1;
invalid:
    rg_free(rg, out.data);
    *bad = i;
    return 0;
}

void rstr_cesu8(Buf *out, const char *text, size_t len) {
    const uint8_t *t = (const uint8_t *)text;
    size_t i = 0;
    while (i < len) {
        if (t[i] >= 0xF0 && i + 3 < len) { /* valid UTF-8: a 4-byte lead has its 3 bytes */
            uint32_t cp = (uint32_t)(t[i] & 0x07) << 18 | (uint32_t)(t[i + 1] & 0x3F) << 12 |
                          (uint32_t)(t[i + 2] & 0x3F) << 6 | (t[i + 3] & 0x3F);
            uint32_t v = cp - 0x10000, hi = 0xD800 + (v >> 10), lo = 0xDC00 + (v & 0x3FF);
            uint8_t u[6];
            u[0] = (uint8_t)(0xE0 | hi >> 12);
            u[1] = (uint8_t)(0x80 | ((hi >> 6) & 0x3F));
            u[2] = (uint8_t)(0x80 | (hi & 0x3F));
            u[3] = (uint8_t)(0xE0 | lo >> 12);
            u[4] = (uint8_t)(0x80 | ((lo >> 6) & 0x3F));
            u[5] = (uint8_t)(0x80 | (lo & 0x3F));
            buf_put(out, u, 6);
            i += 4;
        } else {
            buf_byte(out, t[i]);
            i++;
        }
    }
}
