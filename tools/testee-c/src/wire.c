/* wire.c - see wire.h */
#include "wire.h"

#include <string.h>

#include "json.h"

enum { WT_VARINT = 0, WT_64BIT = 1, WT_LEN = 2, WT_START = 3, WT_END = 4, WT_32BIT = 5 };

typedef struct {
    Region *rg;
    const uint8_t *p;
    size_t n, pos;
    Err *e;
} Cursor;

static int malformed(Cursor *c, const char *what) {
    err_set(c->e, "protobufDecoding", "not protobuf: %s at payload byte %lu", what, (unsigned long)c->pos);
    return 0;
}

/* A varint of at most max_bytes; bits above 64 are dropped, as protobuf's parsers do. */
static int get_varint(Cursor *c, size_t max_bytes, uint64_t *v) {
    uint64_t x = 0;
    size_t i;
    for (i = 0; i < max_bytes; i++) {
        uint8_t b;
        if (c->pos + i >= c->n) return malformed(c, "a varint cut by the end");
        b = c->p[c->pos + i];
        if (7 * i < 64) x |= (uint64_t)(b & 0x7F) << (7 * i);
        if (!(b & 0x80)) {
            c->pos += i + 1;
            *v = x;
            return 1;
        }
    }
    return malformed(c, "a varint longer than allowed");
}

/* Tags are 32-bit varints of at most 5 bytes with a field number of at least 1. */
static int get_tag(Cursor *c, uint32_t *field, unsigned *wt) {
    uint64_t t;
    if (!get_varint(c, 5, &t)) return 0;
    if (t > 0xFFFFFFFFu) return malformed(c, "a tag above 32 bits");
    if ((t >> 3) == 0) return malformed(c, "field number 0");
    *field = (uint32_t)(t >> 3);
    *wt = (unsigned)(t & 7);
    return 1;
}

/* Lengths are varints of at most 5 bytes that stay inside the payload. */
static int get_len(Cursor *c, size_t *len) {
    uint64_t v;
    if (!get_varint(c, 5, &v)) return 0;
    if (v > c->n - c->pos) return malformed(c, "a length past the end");
    *len = (size_t)v;
    return 1;
}

static int skip(Cursor *c, size_t k, const char *what) {
    if (c->n - c->pos < k) return malformed(c, what);
    c->pos += k;
    return 1;
}

/* Skips the value of a field with wire type wt (after its tag). depth counts enclosing
 * messages and groups. */
static int skip_value(Cursor *c, uint32_t field, unsigned wt, int depth) {
    uint64_t v;
    size_t len;
    switch (wt) {
    case WT_VARINT: return get_varint(c, 10, &v);
    case WT_64BIT: return skip(c, 8, "a 64-bit value cut by the end");
    case WT_32BIT: return skip(c, 4, "a 32-bit value cut by the end");
    case WT_LEN: return get_len(c, &len) && skip(c, len, "a length past the end");
    case WT_START:
        if (depth + 1 > WIRE_MAX_DEPTH) return malformed(c, "groups nested too deep");
        for (;;) {
            uint32_t f;
            unsigned w;
            if (c->pos >= c->n) return malformed(c, "a group without its end");
            if (!get_tag(c, &f, &w)) return 0;
            if (w == WT_END) {
                if (f != field) return malformed(c, "a group ended with another field number");
                return 1;
            }
            if (!skip_value(c, f, w, depth + 1)) return 0;
        }
    case WT_END: return malformed(c, "an end-group tag outside a group");
    default: return malformed(c, "wire type 6 or 7");
    }
}

static unsigned wire_type_of(ProtobufCType t) {
    switch (t) {
    case PROTOBUF_C_TYPE_SFIXED64: case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_DOUBLE: return WT_64BIT;
    case PROTOBUF_C_TYPE_SFIXED32: case PROTOBUF_C_TYPE_FIXED32: case PROTOBUF_C_TYPE_FLOAT: return WT_32BIT;
    case PROTOBUF_C_TYPE_STRING: case PROTOBUF_C_TYPE_BYTES: case PROTOBUF_C_TYPE_MESSAGE: return WT_LEN;
    default: return WT_VARINT;
    }
}

static void put_varint(Buf *b, uint64_t v) {
    uint8_t t[10];
    size_t n = 0;
    while (v >= 0x80) {
        t[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    t[n++] = (uint8_t)v;
    buf_put(b, t, n);
}

static void put_tag(Buf *b, uint32_t field, unsigned wt) { put_varint(b, (uint64_t)field << 3 | wt); }

/* An enum field's number as protobuf reads it: the low 32 bits, signed. */
static int enum_defines(const ProtobufCFieldDescriptor *fd, uint64_t v) {
    uint32_t u = (uint32_t)v;
    int32_t s = u <= 0x7FFFFFFFu ? (int32_t)u : -(int32_t)(~u) - 1;
    return protobuf_c_enum_descriptor_get_value(fd->descriptor, s) != NULL;
}

static int normalize(Region *rg, const ProtobufCMessageDescriptor *d, const uint8_t *p, size_t n, Buf *out,
                     int depth, Err *e);

/* The occurrences of a singular sub-message field, merged. */
typedef struct {
    int seen;
    Buf bytes;
} Merged;

/* One value of known field fd with its expected wire type, read at the cursor. */
static int keep_value(Cursor *c, const ProtobufCFieldDescriptor *fd, Buf *out, Merged *merged, int depth) {
    uint64_t v;
    size_t len;
    const uint8_t *data;
    switch (wire_type_of(fd->type)) {
    case WT_VARINT:
        if (!get_varint(c, 10, &v)) return 0;
        /* proto2 enums are closed: a number the enum does not define is an unknown field. */
        if (fd->type == PROTOBUF_C_TYPE_ENUM && !enum_defines(fd, v)) return 1;
        put_tag(out, fd->id, WT_VARINT);
        put_varint(out, v); /* shortest form: protobuf-c reads bools from any nonzero byte */
        return 1;
    case WT_64BIT:
    case WT_32BIT:
        len = wire_type_of(fd->type) == WT_64BIT ? 8 : 4;
        data = c->p + c->pos;
        if (!skip(c, len, "a fixed-size value cut by the end")) return 0;
        put_tag(out, fd->id, wire_type_of(fd->type));
        buf_put(out, data, len);
        return 1;
    default:
        if (!get_len(c, &len)) return 0;
        data = c->p + c->pos;
        c->pos += len;
        if (fd->type == PROTOBUF_C_TYPE_STRING && !utf8_valid(data, len)) {
            err_set(c->e, "protobufDecoding", "field %s is a string that is not UTF-8", fd->name);
            return 0;
        }
        if (fd->type == PROTOBUF_C_TYPE_MESSAGE) {
            /* Each occurrence must be a well-formed message on its own, even where the
             * occurrences together would parse. */
            Buf sub;
            buf_init(&sub, c->rg);
            if (!normalize(c->rg, fd->descriptor, data, len, &sub, depth + 1, c->e)) return 0;
            if (fd->label != PROTOBUF_C_LABEL_REPEATED) {
                /* Merged with the field's other occurrences; the merge is normalized at the end
                 * (which also merges their own singular sub-messages). */
                merged->seen = 1;
                buf_put(&merged->bytes, sub.data, sub.len);
            } else {
                put_tag(out, fd->id, WT_LEN);
                put_varint(out, sub.len);
                buf_put(out, sub.data, sub.len);
            }
            rg_free(c->rg, sub.data);
            return 1;
        }
        put_tag(out, fd->id, WT_LEN);
        put_varint(out, len);
        buf_put(out, data, len);
        return 1;
    }
}

/* A packed repeated scalar field: each element kept as its own record. */
static int keep_packed(Cursor *c, const ProtobufCFieldDescriptor *fd, Buf *out) {
    size_t len, end;
    Cursor inner;
    if (!get_len(c, &len)) return 0;
    inner = *c;
    inner.n = c->pos + len;
    end = inner.n;
    while (inner.pos < end)
        if (!keep_value(&inner, fd, out, NULL, 0)) return 0;
    c->pos = end;
    return 1;
}

static int normalize(Region *rg, const ProtobufCMessageDescriptor *d, const uint8_t *p, size_t n, Buf *out,
                     int depth, Err *e) {
    Cursor c;
    Merged *merged; /* per field: every occurrence of a singular sub-message */
    unsigned i;
    c.rg = rg;
    c.p = p;
    c.n = n;
    c.pos = 0;
    c.e = e;
    if (depth > WIRE_MAX_DEPTH) return malformed(&c, "messages nested too deep");
    merged = rg_calloc(rg, d->n_fields ? d->n_fields : 1, sizeof *merged);
    for (i = 0; i < d->n_fields; i++) buf_init(&merged[i].bytes, rg);
    while (c.pos < c.n) {
        uint32_t field;
        unsigned wt, expected;
        const ProtobufCFieldDescriptor *fd;
        if (!get_tag(&c, &field, &wt)) return 0;
        fd = protobuf_c_message_descriptor_get_field(d, field);
        expected = fd ? wire_type_of(fd->type) : 8;
        if (fd && wt == expected) {
            if (!keep_value(&c, fd, out, &merged[fd - d->fields], depth)) return 0;
        } else if (fd && wt == WT_LEN && fd->label == PROTOBUF_C_LABEL_REPEATED && expected != WT_LEN) {
            if (!keep_packed(&c, fd, out)) return 0;
        } else {
            /* An unknown field, or a known one with another wire type (which proto2 parsers
             * keep as unknown): checked and left out. */
            if (!skip_value(&c, field, wt, depth)) return 0;
        }
    }
    for (i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *fd = &d->fields[i];
        Buf sub;
        if (fd->type != PROTOBUF_C_TYPE_MESSAGE || fd->label == PROTOBUF_C_LABEL_REPEATED) continue;
        if (!merged[i].seen) continue;
        buf_init(&sub, rg);
        if (!normalize(rg, fd->descriptor, merged[i].bytes.data, merged[i].bytes.len, &sub, depth + 1, e)) return 0;
        put_tag(out, fd->id, WT_LEN);
        put_varint(out, sub.len);
        buf_put(out, sub.data, sub.len);
    }
    return 1;
}

int wire_normalize(Region *rg, const ProtobufCMessageDescriptor *d, const uint8_t *p, size_t n, Buf *out, Err *e) {
    return normalize(rg, d, p, n, out, 1, e);
}
