/* pbc-bench.c - the native anchor: the envelope benchmarks' work in C on protobuf-c.
 *
 *   pbc-bench FIXTURE_DIR      (publish-up.bin, publish-down.bin, pull-200.bin from bench-fixtures)
 *
 * For each frame: decode = header byte, the RMTP header strings checked as UTF-8/CESU-8 in place
 * (pointer and length, no copy), the message id, then protobuf_c_message_unpack of the body
 * (and free_unpacked, which a caller must do too); encode = the body packed and the frame
 * written into one malloc'd buffer. Prints one line per benchmark, as tools/benchmarks/table.py
 * reads them:
 *
 *   <subject> [<bytes> B] | protobuf-c <TAB> <ns per op, median of rounds> <TAB> <mallocs per op>
 *
 * Mallocs are counted through a ProtobufCAllocator (unpack) plus the output buffer (encode).
 */
#define _POSIX_C_SOURCE 200809L
#include <protobuf-c/protobuf-c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rongcloud.pb-c.h"

static size_t g_mallocs;

static void *count_alloc(void *data, size_t size) {
    (void)data;
    g_mallocs++;
    return malloc(size);
}
static void count_free(void *data, void *p) {
    (void)data;
    free(p);
}
static ProtobufCAllocator g_alloc = {count_alloc, count_free, NULL};

static volatile uintptr_t g_sink; /* keeps results alive across the optimiser */

typedef struct {
    const uint8_t *p, *end;
    int ok;
} Reader;

static unsigned rd_u8(Reader *r) {
    if (r->p >= r->end) { r->ok = 0; return 0; }
    return *r->p++;
}
static unsigned rd_u16(Reader *r) { unsigned hi = rd_u8(r); return (hi << 8) | rd_u8(r); }
static uint32_t rd_u32(Reader *r) { uint32_t hi = rd_u16(r); return (hi << 16) | rd_u16(r); }

/* UTF-8 with CESU-8 surrogate pairs allowed (ENV-STR-*): the check RongWire's RMTPString does. */
static int valid_cesu8(const uint8_t *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        uint8_t c = s[i];
        if (c < 0x80) { i++; continue; }
        size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
        if (!len || c > 0xF4 || i + len > n) return 0;
        for (size_t k = 1; k < len; k++)
            if ((s[i + k] & 0xC0) != 0x80) return 0;
        if (len == 3 && c == 0xE0 && s[i + 1] < 0xA0) return 0;
        if (len == 4 && ((c == 0xF0 && s[i + 1] < 0x90) || (c == 0xF4 && s[i + 1] > 0x8F))) return 0;
        i += len;
    }
    return 1;
}

typedef struct {
    const uint8_t *text;
    size_t len;
} Str;

static Str rd_str(Reader *r) {
    Str s = {0, 0};
    size_t n = rd_u16(r);
    if (!r->ok || (size_t)(r->end - r->p) < n || !valid_cesu8(r->p, n)) { r->ok = 0; return s; }
    s.text = r->p;
    s.len = n;
    r->p += n;
    return s;
}

typedef enum { CLIENT_PUBLISH, SERVER_PUBLISH, QUERY_ACK } Kind;

typedef struct {
    Kind kind;
    uint8_t header;
    uint32_t date;
    Str topic, target;
    unsigned message_id, status;
    const uint8_t *body;
    size_t body_len;
} Frame;

static int decode_frame(const uint8_t *b, size_t n, Kind kind, Frame *f) {
    Reader r = {b, b + n, 1};
    f->kind = kind;
    f->header = (uint8_t)rd_u8(&r);
    unsigned type = f->header >> 4;
    if (kind == QUERY_ACK) {
        if (type != 6) return 0;
        f->message_id = rd_u16(&r);
        f->date = rd_u32(&r);
        f->status = rd_u16(&r);
    } else {
        if (type != 3) return 0;
        if (kind == SERVER_PUBLISH) f->date = rd_u32(&r);
        f->topic = rd_str(&r);
        f->target = rd_str(&r);
        f->message_id = rd_u16(&r);
    }
    f->body = r.p;
    f->body_len = (size_t)(r.end - r.p);
    return r.ok;
}

static size_t put_str(uint8_t *o, Str s) {
    o[0] = (uint8_t)(s.len >> 8);
    o[1] = (uint8_t)s.len;
    memcpy(o + 2, s.text, s.len);
    return s.len + 2;
}

/* The frame of f with msg as its body; returns a malloc'd buffer and its length. */
static uint8_t *encode_frame(const Frame *f, const ProtobufCMessage *msg, size_t *out_len) {
    size_t body = protobuf_c_message_get_packed_size(msg);
    size_t head = 1 + (f->kind == QUERY_ACK ? 8 : (f->kind == SERVER_PUBLISH ? 4 : 0) + 4 + f->topic.len + f->target.len + 2);
    uint8_t *o = malloc(head + body);
    g_mallocs++;
    if (!o) abort();
    size_t k = 0;
    o[k++] = f->header;
    if (f->kind == QUERY_ACK) {
        o[k++] = (uint8_t)(f->message_id >> 8); o[k++] = (uint8_t)f->message_id;
        for (int s = 24; s >= 0; s -= 8) o[k++] = (uint8_t)(f->date >> s);
        o[k++] = (uint8_t)(f->status >> 8); o[k++] = (uint8_t)f->status;
    } else {
        if (f->kind == SERVER_PUBLISH)
            for (int s = 24; s >= 0; s -= 8) o[k++] = (uint8_t)(f->date >> s);
        k += put_str(o + k, f->topic);
        k += put_str(o + k, f->target);
        o[k++] = (uint8_t)(f->message_id >> 8); o[k++] = (uint8_t)f->message_id;
    }
    k += protobuf_c_message_pack(msg, o + k);
    *out_len = k;
    return o;
}

static const ProtobufCMessageDescriptor *descriptor(Kind kind) {
    switch (kind) {
    case CLIENT_PUBLISH: return &modules__up_stream_message__descriptor;
    case SERVER_PUBLISH: return &modules__down_stream_message__descriptor;
    default: return &modules__down_stream_messages__descriptor;
    }
}

typedef struct {
    const uint8_t *bytes;
    size_t n;
    Kind kind;
    Frame frame;              /* decoded once, for encode */
    ProtobufCMessage *message; /* unpacked once, for encode */
} Fixture;

static void op_decode(Fixture *x) {
    Frame f;
    if (!decode_frame(x->bytes, x->n, x->kind, &f)) { fprintf(stderr, "pbc-bench: frame does not decode\n"); exit(1); }
    ProtobufCMessage *m = protobuf_c_message_unpack(descriptor(x->kind), &g_alloc, f.body_len, f.body);
    if (!m) { fprintf(stderr, "pbc-bench: body does not unpack\n"); exit(1); }
    g_sink ^= (uintptr_t)m;
    protobuf_c_message_free_unpacked(m, &g_alloc);
}

static void op_encode(Fixture *x) {
    size_t len;
    uint8_t *o = encode_frame(&x->frame, x->message, &len);
    if (len != x->n) { fprintf(stderr, "pbc-bench: encoded %zu bytes, fixture has %zu\n", len, x->n); exit(1); }
    g_sink ^= (uintptr_t)o[len - 1];
    free(o);
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median ns per op over 31 rounds of about 10 ms each, and mallocs per op. */
static void measure(const char *subject, Fixture *x, void (*op)(Fixture *)) {
    enum { ROUNDS = 31 };
    size_t per_round = 1;
    for (;;) { /* calibrate */
        double t0 = now_ns();
        for (size_t i = 0; i < per_round; i++) op(x);
        if (now_ns() - t0 > 10e6 || per_round > ((size_t)1 << 28)) break;
        per_round *= 2;
    }
    double samples[ROUNDS];
    g_mallocs = 0;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now_ns();
        for (size_t i = 0; i < per_round; i++) op(x);
        samples[r] = (now_ns() - t0) / (double)per_round;
    }
    qsort(samples, ROUNDS, sizeof samples[0], cmp_double);
    printf("%s [%zu B] | protobuf-c\t%.1f\t%.2f\n", subject, x->n, samples[ROUNDS / 2],
           (double)g_mallocs / ((double)per_round * ROUNDS));
    fflush(stdout);
}

static uint8_t *read_file(const char *dir, const char *name, size_t *n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "rb");
    if (!fp) { perror(path); exit(1); }
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    uint8_t *b = malloc((size_t)size);
    if (!b || fread(b, 1, (size_t)size, fp) != (size_t)size) { perror(path); exit(1); }
    fclose(fp);
    *n = (size_t)size;
    return b;
}

/* With OP and N (run.sh --anchor-instructions): OP ("decode PUBLISH up", ...) N times, untimed,
 * for callgrind to count; nothing printed. */
int main(int argc, char **argv) {
    if (argc != 2 && argc != 4) {
        fprintf(stderr, "usage: pbc-bench FIXTURE_DIR [OP N]   (OP: \"decode PUBLISH up\", \"encode pull ×200\", ...)\n");
        return 2;
    }
    long count = argc == 4 ? strtol(argv[3], NULL, 10) : 0;
    struct { const char *file, *name; Kind kind; } list[] = {
        {"publish-up.bin", "PUBLISH up", CLIENT_PUBLISH},
        {"publish-down.bin", "PUBLISH down", SERVER_PUBLISH},
        {"pull-200.bin", "pull ×200", QUERY_ACK},
    };
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) {
        Fixture x = {0};
        x.bytes = read_file(argv[1], list[i].file, &x.n);
        x.kind = list[i].kind;
        if (!decode_frame(x.bytes, x.n, x.kind, &x.frame)) { fprintf(stderr, "pbc-bench: %s does not decode\n", list[i].file); return 1; }
        x.message = protobuf_c_message_unpack(descriptor(x.kind), NULL, x.frame.body_len, x.frame.body);
        if (!x.message) { fprintf(stderr, "pbc-bench: %s body does not unpack\n", list[i].file); return 1; }
        char subject[128];
        if (argc == 4) {
            char op[128];
            snprintf(op, sizeof op, "decode %s", list[i].name);
            if (strcmp(argv[2], op) == 0) for (long k = 0; k < count; k++) op_decode(&x);
            snprintf(op, sizeof op, "encode %s", list[i].name);
            if (strcmp(argv[2], op) == 0) for (long k = 0; k < count; k++) op_encode(&x);
            protobuf_c_message_free_unpacked(x.message, NULL);
            free((void *)x.bytes);
            continue;
        }
        snprintf(subject, sizeof subject, "envelope decode %s", list[i].name);
        measure(subject, &x, op_decode);
        snprintf(subject, sizeof subject, "envelope encode %s", list[i].name);
        measure(subject, &x, op_encode);
        protobuf_c_message_free_unpacked(x.message, NULL);
        free((void *)x.bytes);
    }
    return 0;
}
