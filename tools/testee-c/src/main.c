/* main.c - rongwire-testee-c: a second, independent implementation of the RMTP frame kinds
 * behind the testee protocol of spec/testee-protocol.md (4-byte little-endian length + one JSON
 * object, each way). It answers `frame-decode` and `frame-encode`, and `skipped` for every other
 * kind. Protobuf bodies go through protobuf-c and the descriptors protoc-c generated from
 * spec/rongcloud.proto. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "body.h"
#include "buf.h"
#include "err.h"
#include "json.h"
#include "packet.h"
#include "region.h"

#define TESTEE_NAME "rongwire-testee-c"
#define TESTEE_VERSION "0.1.0"
/* The runner's own limit for one message (TesteeFraming.maxMessageBytes). */
#define MAX_MESSAGE (64u << 20)
/* Memory for one request: generous for a 64 MiB request, bounded for hostile ones. */
#define REQUEST_BUDGET ((size_t)1 << 30)

static JValue *result_object(Region *rg, const char *result) {
    JValue *o = jobject(rg);
    jobject_put(rg, o, "result", jstrz(rg, result));
    return o;
}

static JValue *error_result(Region *rg, const char *message) {
    JValue *o = result_object(rg, "error");
    jobject_put(rg, o, "message", jstrz(rg, message));
    return o;
}

static JValue *rejected(Region *rg, const Err *e) {
    JValue *o;
    if (!e->code) return error_result(rg, "internal: a rejection without an error code");
    o = result_object(rg, "rejected");
    jobject_put(rg, o, "error", jstrz(rg, e->code));
    jobject_put(rg, o, "message", jstrz(rg, e->message));
    return o;
}

static JValue *accepted(Region *rg, JValue *value, const Buf *bytes) {
    JValue *o = result_object(rg, "accepted");
    Buf hex;
    if (value) jobject_put(rg, o, "value", value);
    buf_init(&hex, rg);
    buf_hex(&hex, bytes->data, bytes->len);
    jobject_put(rg, o, "hex", jstr(rg, hex.len ? (const char *)hex.data : "", hex.len));
    return o;
}

static JValue *hello(Region *rg) {
    JValue *o = result_object(rg, "hello"), *kinds = jarray(rg);
    jobject_put(rg, o, "name", jstrz(rg, TESTEE_NAME));
    jobject_put(rg, o, "version", jstrz(rg, TESTEE_VERSION));
    jobject_put(rg, o, "protocolVersion", ju64(rg, 1));
    jarray_push(rg, kinds, jstrz(rg, "frame-decode"));
    jarray_push(rg, kinds, jstrz(rg, "frame-encode"));
    jobject_put(rg, o, "kinds", kinds);
    return o;
}

/* One request → one response object. */
static JValue *handle(Region *rg, const uint8_t *text, size_t len) {
    char perr[128];
    JValue *req = json_parse(rg, text, len, perr, sizeof perr);
    const JValue *kind, *from, *input, *options, *version;
    int protocol = 3;
    Side side;
    Err e;
    Buf out;
    e.code = NULL;
    if (!req) {
        char msg[200];
        snprintf(msg, sizeof msg, "request is not JSON: %s", perr);
        return error_result(rg, msg);
    }
    kind = jobject_get(req, "kind");
    if (req->type != J_OBJECT || !kind || kind->type != J_STRING) return error_result(rg, "request needs a string kind");
    if (jstr_eq(kind, "hello")) return hello(rg);
    if (!jstr_eq(kind, "frame-decode") && !jstr_eq(kind, "frame-encode")) {
        JValue *o = result_object(rg, "skipped");
        jobject_put(rg, o, "reason", jstrz(rg, "frame kinds only"));
        return o;
    }
    from = jobject_get(req, "from");
    if (jstr_eq(from, "client")) side = SIDE_CLIENT;
    else if (jstr_eq(from, "server")) side = SIDE_SERVER;
    else return error_result(rg, "frame kinds need from: client or server");
    input = jobject_get(req, "input");
    options = jobject_get(req, "options");
    /* The connection's protocol version (options.protocolVer, 3 when absent): a CONNACK's layout
     * depends on it (spec/envelope.md ENV-PKT-013). */
    version = jobject_get(options, "protocolVer");
    if (version) {
        int neg;
        uint64_t mag;
        if (version->type != J_NUMBER || json_integer(version, &neg, &mag) != JINT_OK || neg || (mag != 3 && mag != 4))
            return error_result(rg, "options.protocolVer must be 3 or 4");
        protocol = (int)mag;
    }
    buf_init(&out, rg);
    if (jstr_eq(kind, "frame-decode")) {
        const JValue *hex = jobject_get(input, "hex");
        uint8_t *bytes;
        size_t n;
        JValue *value;
        if (!hex || hex->type != J_STRING || !hex_decode(rg, hex->str, hex->len, &bytes, &n))
            return error_result(rg, "frame-decode needs input.hex");
        value = packet_decode(rg, bytes, n, side, protocol, jobject_get(options, "queryTopic"), &e);
        if (!value) return rejected(rg, &e);
        /* Decode then encode must give the input back (ENV-JSON-001): return what encoding the
         * value gives, so the runner checks it. */
        if (!packet_encode(rg, value, side, protocol, &out, &e)) {
            char msg[400];
            snprintf(msg, sizeof msg, "the decoded packet does not encode: %s: %s", e.code, e.message);
            return error_result(rg, msg);
        }
        return accepted(rg, value, &out);
    } else {
        const JValue *value = jobject_get(input, "value");
        if (!value) return error_result(rg, "frame-encode needs input.value");
        if (!packet_encode(rg, value, side, protocol, &out, &e)) return rejected(rg, &e);
        return accepted(rg, NULL, &out);
    }
}

static int read_exact(void *p, size_t n) { return fread(p, 1, n, stdin) == n; }

static int write_message(const Buf *b) {
    uint8_t head[4];
    size_t n = b->len;
    head[0] = (uint8_t)n;
    head[1] = (uint8_t)(n >> 8);
    head[2] = (uint8_t)(n >> 16);
    head[3] = (uint8_t)(n >> 24);
    return fwrite(head, 1, 4, stdout) == 4 && fwrite(b->data, 1, n, stdout) == n && fflush(stdout) == 0;
}

/* Regions live at file scope: a local changed between setjmp and longjmp would be
 * indeterminate after the jump (C99 7.13.2.1). */
static Region request_region, literal_region;
static jmp_buf request_failure, literal_failure;

/* Writes a small fixed response (used when the request's region could not serve one). */
static int write_literal(const char *json) {
    Buf b;
    int ok;
    rg_init(&literal_region, 1 << 20, &literal_failure);
    if (setjmp(literal_failure)) {
        rg_release(&literal_region);
        return 0;
    }
    buf_init(&b, &literal_region);
    buf_str(&b, json);
    ok = write_message(&b);
    rg_release(&literal_region);
    return ok;
}

/* Reads a request of len bytes and writes its answer, all in the request's region. Returns 0
 * when the input ended early or the output failed. */
static int answer(size_t len) {
    uint8_t *text = rg_alloc(&request_region, len ? len : 1);
    JValue *resp;
    Buf b;
    if (!read_exact(text, len)) return 0;
    resp = handle(&request_region, text, len);
    buf_init(&b, &request_region);
    json_write(&b, resp);
    return write_message(&b);
}

static int serve(size_t len) {
    int ok;
    rg_init(&request_region, REQUEST_BUDGET, &request_failure);
    if (setjmp(request_failure)) {
        /* An allocation failed: everything the request held is in the region. The request's
         * bytes may not all have been read; the stream can then be out of step, and the runner
         * restarts a testee whose answers stop making sense. */
        rg_release(&request_region);
        return write_literal("{\"result\":\"error\",\"message\":\"out of memory for this request\"}");
    }
    ok = answer(len);
    rg_release(&request_region);
    return ok;
}

int main(void) {
    char why[256];
    if (!body_init(why, sizeof why)) {
        fprintf(stderr, TESTEE_NAME ": the generated schema is not usable: %s\n", why);
        return 2;
    }
    for (;;) {
        uint8_t head[4];
        size_t len;
        if (!read_exact(head, 4)) return 0; /* end of input: the runner is done */
        len = (size_t)head[0] | (size_t)head[1] << 8 | (size_t)head[2] << 16 | (size_t)head[3] << 24;
        if (len > MAX_MESSAGE) {
            /* Skip the body to stay in step with the stream, then say why. */
            char sink[4096];
            while (len > 0) {
                size_t k = len < sizeof sink ? len : sizeof sink;
                if (!read_exact(sink, k)) return 0;
                len -= k;
            }
            if (!write_literal("{\"result\":\"error\",\"message\":\"request larger than 64 MiB\"}")) return 1;
            continue;
        }
        if (!serve(len)) return feof(stdin) ? 0 : 1;
    }
}
