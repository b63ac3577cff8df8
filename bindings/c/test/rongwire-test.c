/* bindings/c/test/rongwire-test.c - librongwire from C, under AddressSanitizer and
 * UndefinedBehaviorSanitizer (bindings/c/build.sh builds it, .ci/run clib runs it).
 *
 *   rongwire-test selftest   every function on inputs with hand-written expectations (the
 *                            documentation's examples and vectors, cited), hostile arguments,
 *                            and 10 threads decoding at once that must agree with one thread
 *   rongwire-test testee     the testee protocol (spec/testee-protocol.md) through the C
 *                            interface, every kind, so that `rongwire conform` compares the C
 *                            calls' outputs with the vectors' expectations
 *
 * LeakSanitizer checks at exit that every result was freed. The testee reads requests with the
 * C testee's own JSON reader (tools/testee-c/src/json.c); library outputs go into responses as
 * the text the library wrote. */
#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "json.h"
#include "region.h"
#include "rongwire.h"

/* ---------------------------------------------------------------------------------------- */
/* selftest */

static int failures;

#define CHECK(cond, ...)                                                                  \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            failures++;                                                                   \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                          \
            fprintf(stderr, __VA_ARGS__);                                                 \
            fputc('\n', stderr);                                                          \
        }                                                                                 \
    } while (0)

static const uint8_t *u8(const char *s) { return (const uint8_t *)s; }

/* Bytes of lower-case hex text (the examples are given as rongwire prints them). */
static size_t unhex(const char *hex, uint8_t *out, size_t cap) {
    size_t n = strlen(hex) / 2, i;
    if (n > cap) return 0;
    for (i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return 0;
        out[i] = (uint8_t)v;
    }
    return n;
}

/* An accepted call whose output must be exactly `want` (want_len bytes). */
static void expect_output(const char *what, rongwire_status s, rongwire_result *r, const void *want, size_t want_len) {
    CHECK(s == RONGWIRE_OK, "%s: status %d (%s: %s)", what, (int)s, r->error_code ? r->error_code : "-",
          r->error_message ? r->error_message : "-");
    if (s != RONGWIRE_OK) return;
    CHECK(r->length == want_len && memcmp(r->data, want, want_len) == 0, "%s: output\n  got  %.*s\n  want %.*s", what,
          (int)r->length, (const char *)r->data, (int)want_len, (const char *)want);
    CHECK(r->data[r->length] == 0, "%s: no NUL after the output", what);
    CHECK(r->error_code == NULL && r->error_message == NULL && r->error_path == NULL && r->error_offset == -1,
          "%s: error members set on success", what);
}

static void expect_text(const char *what, rongwire_status s, rongwire_result *r, const char *want) {
    expect_output(what, s, r, want, strlen(want));
}

/* A failed call: status, code, and the path and offset when given (NULL / -2: not checked). */
static void expect_error(const char *what, rongwire_status s, rongwire_result *r, rongwire_status want_status,
                         const char *code, const char *path, int64_t offset) {
    CHECK(s == want_status, "%s: status %d, want %d", what, (int)s, (int)want_status);
    CHECK(r->data == NULL && r->length == 0, "%s: output set on failure", what);
    CHECK(r->error_code && strcmp(r->error_code, code) == 0, "%s: code %s, want %s", what,
          r->error_code ? r->error_code : "(null)", code);
    CHECK(r->error_message && r->error_message[0], "%s: no message", what);
    if (path) CHECK(r->error_path && strcmp(r->error_path, path) == 0, "%s: path %s, want %s", what,
                    r->error_path ? r->error_path : "(null)", path);
    if (offset != -2) CHECK(r->error_offset == offset, "%s: offset %lld, want %lld", what, (long long)r->error_offset,
                            (long long)offset);
}

#define NAME(s) (s), strlen(s)
#define TEXT(s) u8(s), strlen(s)

/* docs/cli.md: `frame compose --to group:g1 RC:TxtMsg --push-content "Ann: hi"` and its decode. */
static const char *publish_hex =
    "32000670674d7367500002673100010803120952433a5478744d73671a107b22636f6e74656e74223a226869227d2207416e6e3a2068694800";
static const char *publish_json =
    "{\"header\":{\"type\":\"PUBLISH\",\"dup\":false,\"qos\":1,\"retain\":false},\"topic\":\"pgMsgP\",\"targetId\":"
    "\"g1\",\"messageId\":1,\"bodyType\":\"UpStreamMessage\",\"body\":{\"sessionId\":3,\"classname\":\"RC:TxtMsg\","
    "\"content\":\"{\\\"content\\\":\\\"hi\\\"}\",\"pushText\":\"Ann: hi\",\"configFlag\":0,\"$content\":{"
    "\"registered\":true,\"value\":{\"content\":\"hi\"}}}}";
/* docs/cli.md: the user's own message echoed from another device, read with --user-id me. */
static const char *echo_hex =
    "3b6553f100000670674d7367500002673100010803120952433a5478744d73671a107b22636f6e74656e74223a226869227d4800";
static const char *echo_json =
    "{\"conversationType\":3,\"targetId\":\"g1\",\"senderUserId\":\"me\",\"objectName\":\"RC:TxtMsg\",\"content\":{"
    "\"content\":\"hi\"},\"sentTime\":1700000000000,\"direction\":\"sent\",\"persistence\":3,\"flags\":[\"persisted\","
    "\"counted\"],\"sync\":true}";

static void test_content(void) {
    rongwire_result r = {0};
    rongwire_options strict = {0};
    rongwire_status s;
    const char *txt = "{\"content\":\"hi\",\"user\":{\"id\":\"u1\",\"icon\":\"a.png\"}}";
    const char *bad = "{\"content\":\"hi\",\"user\":{\"id\":\"u1\",\"name\":5}}";
    strict.flags = RONGWIRE_STRICT;

    /* `rongwire decode RC:TxtMsg` (rongwire decode --help): the legacy `icon` key read as portrait. */
    s = rongwire_decode_content(NAME("RC:TxtMsg"), TEXT(txt), NULL, &r);
    expect_text("decode RC:TxtMsg", s, &r, "{\"content\":\"hi\",\"user\":{\"id\":\"u1\",\"portrait\":\"a.png\"}}");
    CHECK(r.leniencies && strcmp(r.leniencies, "avatarIcon") == 0, "decode: leniencies %s", r.leniencies ? r.leniencies : "(null)");
    CHECK(r.info == 0, "decode: info %u", r.info);
    rongwire_free(&r);
    s = rongwire_decode_content(NAME("RC:TxtMsg"), TEXT(txt), &strict, &r);
    expect_error("decode --strict", s, &r, RONGWIRE_REJECTED, "notNormalized", NULL, -2);
    rongwire_free(&r);
    /* README: error[typeMismatch]: expected a string, found number (at $.user.name, byte 41). */
    s = rongwire_decode_content(NAME("RC:TxtMsg"), TEXT(bad), NULL, &r);
    expect_error("decode typeMismatch", s, &r, RONGWIRE_REJECTED, "typeMismatch", "$.user.name", 41);
    rongwire_free(&r);
    s = rongwire_validate_content(NAME("RC:TxtMsg"), TEXT(bad), NULL, &r);
    expect_error("validate typeMismatch", s, &r, RONGWIRE_REJECTED, "typeMismatch", "$.user.name", 41);
    rongwire_free(&r);
    s = rongwire_validate_content(NAME("RC:TxtMsg"), TEXT(txt), NULL, &r);
    expect_text("validate", s, &r, "");
    CHECK(r.leniencies && strcmp(r.leniencies, "avatarIcon") == 0, "validate: leniencies %s", r.leniencies ? r.leniencies : "(null)");
    rongwire_free(&r);
    /* An unregistered type: the content as plain JSON (vectors/content/common.yaml, App:Custom). */
    s = rongwire_decode_content(NAME("App:Custom"), TEXT("{ \"a\" : 1 }"), NULL, &r);
    expect_text("decode unregistered", s, &r, "{\"a\":1}");
    CHECK(r.info == RONGWIRE_INFO_UNREGISTERED, "decode unregistered: info %u", r.info);
    rongwire_free(&r);
    strict.flags = RONGWIRE_CANONICAL;
    s = rongwire_decode_content(NAME("App:Custom"), TEXT("{ \"a\" : 1 }"), &strict, &r);
    expect_text("decode unregistered, canonical", s, &r, "{ \"a\" : 1 }");
    rongwire_free(&r);
    /* RC:RLJoin's canonical empty content is zero bytes, its normalized value {} (spec/content-rl.md). */
    s = rongwire_decode_content(NAME("RC:RLJoin"), NULL, 0, &strict, &r);
    expect_text("decode RC:RLJoin, canonical", s, &r, "");
    rongwire_free(&r);
    s = rongwire_decode_content(NAME("RC:RLJoin"), NULL, 0, NULL, &r);
    expect_text("decode RC:RLJoin", s, &r, "{}");
    rongwire_free(&r);

    /* docs/cli.md, Encode. */
    s = rongwire_encode_content(NAME("RC:FileMsg"), TEXT("{\"size\":1024,\"name\":\"a.pdf\",\"type\":\"pdf\"}"), NULL, &r);
    expect_text("encode RC:FileMsg", s, &r, "{\"name\":\"a.pdf\",\"size\":1024,\"type\":\"pdf\"}");
    rongwire_free(&r);
    s = rongwire_encode_content(NAME("RC:FileMsg"), TEXT("{\"size\":\"1024\",\"name\":\"a.pdf\"}"), NULL, &r);
    expect_error("encode notNormalized", s, &r, RONGWIRE_REJECTED, "notNormalized", "$.size", 8);
    rongwire_free(&r);
    strict.flags = RONGWIRE_LENIENT;
    s = rongwire_encode_content(NAME("RC:FileMsg"), TEXT("{\"size\":\"1024\",\"name\":\"a.pdf\"}"), &strict, &r);
    expect_text("encode --lenient", s, &r, "{\"name\":\"a.pdf\",\"size\":1024}");
    rongwire_free(&r);
    s = rongwire_encode_content(NAME("App:Custom"), TEXT("{}"), NULL, &r);
    expect_error("encode unregistered", s, &r, RONGWIRE_REJECTED, "unknownObjectName", NULL, -2);
    rongwire_free(&r);

    /* docs/cli.md, Types: 75 types, RC:TxtMsg first. */
    s = rongwire_types(NULL, &r);
    CHECK(s == RONGWIRE_OK, "types: status %d", (int)s);
    if (s == RONGWIRE_OK) {
        size_t count = 0;
        const char *p = (const char *)r.data;
        while ((p = strstr(p, "\"objectName\":")) != NULL) count++, p++;
        CHECK(count == 75, "types: %zu types, want 75", count);
        const char *first = "[{\"objectName\":\"RC:TxtMsg\",\"swiftType\":\"TextMessage\",";
        CHECK(strncmp((const char *)r.data, first, strlen(first)) == 0, "types: starts %.60s", (const char *)r.data);
    }
    rongwire_free(&r);

    /* JSON text by the codec's rules (vectors/json). */
    s = rongwire_parse_json(TEXT(" { \"a\" : [ 1 , \"x\" , null ] } "), NULL, &r);
    expect_text("parse_json", s, &r, "{\"a\":[1,\"x\",null]}");
    rongwire_free(&r);
    s = rongwire_parse_json(TEXT("{\"a\":1,\"a\":2}"), NULL, &r);
    expect_error("parse_json duplicateKey", s, &r, RONGWIRE_REJECTED, "duplicateKey", NULL, -2);
    rongwire_free(&r);

    /* vectors/content/common.yaml: objectName rules. */
    s = rongwire_check_object_name(NAME("App:GiftMsg"), NULL, &r);
    expect_text("check_object_name", s, &r, "App:GiftMsg");
    rongwire_free(&r);
    s = rongwire_check_object_name(NAME("RC:GiftMsg"), NULL, &r);
    expect_error("check_object_name RC:", s, &r, RONGWIRE_REJECTED, "invalidObjectName", NULL, -2);
    rongwire_free(&r);
}

static void test_envelope(void) {
    rongwire_result r = {0};
    rongwire_options o = {0};
    rongwire_status s;
    uint8_t frame[256];
    size_t n = unhex(publish_hex, frame, sizeof frame);

    s = rongwire_decode_frame(RONGWIRE_FROM_CLIENT, frame, n, NULL, &r);
    expect_text("decode_frame", s, &r, publish_json);
    rongwire_free(&r);
    s = rongwire_encode_frame(RONGWIRE_FROM_CLIENT, TEXT(publish_json), NULL, &r);
    expect_output("encode_frame", s, &r, frame, n);
    rongwire_free(&r);
    /* The same message in the outbound message JSON form (spec/envelope.md). */
    s = rongwire_compose_message(TEXT("{\"conversationType\":3,\"targetId\":\"g1\",\"objectName\":\"RC:TxtMsg\","
                                      "\"content\":\"{\\\"content\\\":\\\"hi\\\"}\",\"messageId\":1,"
                                      "\"pushContent\":\"Ann: hi\"}"),
                                 NULL, &r);
    expect_output("compose_message", s, &r, frame, n);
    rongwire_free(&r);
    /* A client PUBLISH is not a received message. */
    s = rongwire_read_message(RONGWIRE_FROM_CLIENT, frame, n, NULL, &r);
    expect_error("read_message client", s, &r, RONGWIRE_REJECTED, "notAMessage", NULL, -2);
    rongwire_free(&r);
    n = unhex(echo_hex, frame, sizeof frame);
    o.user_id = "me";
    o.user_id_length = 2;
    s = rongwire_read_message(RONGWIRE_FROM_SERVER, frame, n, &o, &r);
    expect_text("read_message", s, &r, echo_json);
    rongwire_free(&r);
    /* rongwire frame decode --help: a client PINGREQ. */
    s = rongwire_decode_frame(RONGWIRE_FROM_CLIENT, u8("\xc0"), 1, NULL, &r);
    expect_text("decode PINGREQ", s, &r, "{\"header\":{\"type\":\"PINGREQ\",\"dup\":false,\"qos\":0,\"retain\":false}}");
    rongwire_free(&r);
    s = rongwire_decode_frame(RONGWIRE_FROM_SERVER, NULL, 0, NULL, &r);
    expect_error("decode empty frame", s, &r, RONGWIRE_REJECTED, "truncated", NULL, 0);
    rongwire_free(&r);
}

static void test_nim(void) {
    rongwire_result r = {0};
    rongwire_status s;
    /* `rongwire nim to-rc --help`'s example. */
    const char *record = "{\"messageId\":\"m1\",\"messageType\":0,\"from\":\"alice\",\"session\":{\"sessionId\":\"bob\","
                         "\"sessionType\":0},\"timestamp\":1700000000.123,\"text\":\"hi\"}";
    s = rongwire_convert_nim(RONGWIRE_NIM_TO_RC, NULL, 0, NULL, 0, TEXT(record), NULL, &r);
    expect_text("convert_nim to-rc", s, &r,
                "{\"output\":{\"conversationType\":1,\"targetId\":\"bob\",\"objectName\":\"RC:TxtMsg\",\"content\":"
                "\"{\\\"content\\\":\\\"hi\\\"}\",\"messageId\":1,\"persistence\":3,\"$senderUserId\":\"alice\","
                "\"$sentTime\":1700000000123,\"$nimMessageId\":\"m1\"},\"loss\":[]}");
    rongwire_free(&r);
    s = rongwire_convert_nim(RONGWIRE_NIM_TO_RC, NAME("web-sdk"), NULL, 0, TEXT("{}"), NULL, &r);
    CHECK(s == RONGWIRE_REJECTED, "convert_nim web-sdk {}: status %d", (int)s);
    rongwire_free(&r);
}

/* Every argument a caller can get wrong without a bad pointer, and hostile input. */
static void test_hostile(void) {
    rongwire_result r = {0};
    rongwire_options o = {0};
    rongwire_status s;
    size_t big = 200000, i;
    uint8_t *deep = malloc(big);

    CHECK(rongwire_decode_content(NAME("RC:TxtMsg"), TEXT("{}"), NULL, NULL) == RONGWIRE_INVALID_ARGUMENT, "NULL result");
    s = rongwire_decode_content(NAME("RC:TxtMsg"), NULL, 5, NULL, &r);
    expect_error("NULL content with a length", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    s = rongwire_decode_content(NULL, 3, TEXT("{}"), NULL, &r);
    expect_error("NULL name with a length", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    s = rongwire_decode_content(NAME("RC:TxtMsg"), u8("{}"), SIZE_MAX, NULL, &r);
    expect_error("SIZE_MAX length", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    s = rongwire_decode_frame(RONGWIRE_FROM_CLIENT, u8("\xc0"), (size_t)PTRDIFF_MAX + 1, NULL, &r);
    expect_error("PTRDIFF_MAX + 1 length", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    s = rongwire_decode_content("RC:\xff\xfe", 5, TEXT("{}"), NULL, &r);
    expect_error("objectName not UTF-8", s, &r, RONGWIRE_REJECTED, "invalidObjectName", NULL, -1);
    rongwire_free(&r);
    s = rongwire_decode_content(NAME("RC:TxtMsg"), TEXT("{\"content\":\"\xc3\x28\"}"), NULL, &r);
    expect_error("content not UTF-8", s, &r, RONGWIRE_REJECTED, "invalidUTF8", NULL, 12);
    rongwire_free(&r);
    s = rongwire_decode_frame((rongwire_side)7, u8("\xc0"), 1, NULL, &r);
    expect_error("unknown side", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    s = rongwire_convert_nim((rongwire_nim_operation)9, NULL, 0, NULL, 0, TEXT("{}"), NULL, &r);
    expect_error("unknown NIM operation", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    s = rongwire_convert_nim(RONGWIRE_NIM_READ, NAME("fax"), NULL, 0, TEXT("{}"), NULL, &r);
    expect_error("unknown NIM form", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    o.flags = 0x80000000u;
    s = rongwire_types(&o, &r);
    expect_error("unknown flag", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    o.flags = 0;
    o.max_depth = 5000;
    s = rongwire_parse_json(TEXT("[]"), &o, &r);
    expect_error("max_depth above 1024", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    o.max_depth = 0;
    o.query_topic = "\xff";
    o.query_topic_length = 1;
    s = rongwire_decode_frame(RONGWIRE_FROM_SERVER, u8("\xc0"), 1, &o, &r);
    expect_error("query_topic not UTF-8", s, &r, RONGWIRE_INVALID_ARGUMENT, "invalidArgument", NULL, -1);
    rongwire_free(&r);
    o.query_topic = NULL;
    o.query_topic_length = 0;

    /* Oversized: above the protocol's content limit, above a given limit, a frame above max_bytes. */
    memset(deep, ' ', big);
    deep[0] = '{';
    deep[big - 1] = '}';
    s = rongwire_decode_content(NAME("RC:TxtMsg"), deep, big, NULL, &r);
    expect_error("content above 131072 bytes", s, &r, RONGWIRE_REJECTED, "sizeLimit", NULL, -2);
    rongwire_free(&r);
    o.max_bytes = 3;
    s = rongwire_decode_frame(RONGWIRE_FROM_CLIENT, u8("\xc0\x00\x00\x00"), 4, &o, &r);
    expect_error("frame above max_bytes", s, &r, RONGWIRE_REJECTED, "sizeLimit", NULL, 3);
    rongwire_free(&r);
    o.max_bytes = big;
    /* 200,000 nested arrays: a depth error, not a stack overflow. */
    memset(deep, '[', big);
    s = rongwire_parse_json(deep, big, &o, &r);
    expect_error("deep nesting", s, &r, RONGWIRE_REJECTED, "depthLimit", NULL, 64);
    rongwire_free(&r);
    s = rongwire_encode_frame(RONGWIRE_FROM_CLIENT, deep, big, &o, &r);
    expect_error("deep packet JSON", s, &r, RONGWIRE_REJECTED, "depthLimit", NULL, -2);
    rongwire_free(&r);
    /* Every byte value as a one-byte frame, both ways: answers, never a crash. */
    for (i = 0; i < 256; i++) {
        uint8_t b = (uint8_t)i;
        s = rongwire_decode_frame(RONGWIRE_FROM_CLIENT, &b, 1, NULL, &r);
        CHECK(s == RONGWIRE_OK || s == RONGWIRE_REJECTED, "one-byte frame %02zx: status %d", i, (int)s);
        rongwire_free(&r);
        s = rongwire_read_message(RONGWIRE_FROM_SERVER, &b, 1, NULL, &r);
        CHECK(s == RONGWIRE_REJECTED, "one-byte message %02zx: status %d", i, (int)s);
        rongwire_free(&r);
    }
    /* Freeing NULL and a freed result is allowed. */
    rongwire_free(NULL);
    rongwire_free(&r);
    free(deep);
}

/* 10 threads decode the same inputs at once; every output must equal the one-thread output. */
#define THREADS 10
#define ROUNDS 200

static const char *thread_names[] = {"RC:TxtMsg", "RC:TxtMsg", "RC:FileMsg", "RC:TypSts", "App:Custom"};
static const char *thread_inputs[] = {
    "{\"content\":\"hi\",\"user\":{\"id\":\"u1\",\"icon\":\"a.png\"}}",
    "{\"content\":\"hi\",\"user\":{\"id\":\"u1\",\"name\":5}}",
    "{\"size\":\"1024\",\"name\":\"a.pdf\",\"type\":\"pdf\"}",
    "{\"typingContentType\":\"RC:TxtMsg\"}",
    "{\"b\":[1,2,{\"c\":null}]}",
};
#define INPUTS (sizeof thread_inputs / sizeof *thread_inputs)
static char *reference[INPUTS + 1];

/* One call's outcome as text: the output, or the error code, path and offset. */
static char *outcome(rongwire_status s, const rongwire_result *r) {
    size_t cap = (r->length + 200) + (r->error_message ? strlen(r->error_message) : 0);
    char *t = malloc(cap);
    if (!t) return NULL;
    if (s == RONGWIRE_OK) snprintf(t, cap, "ok %.*s %s", (int)r->length, (const char *)r->data, r->leniencies ? r->leniencies : "");
    else snprintf(t, cap, "%d %s %s %lld", (int)s, r->error_code, r->error_path ? r->error_path : "", (long long)r->error_offset);
    return t;
}

static char *run_input(size_t i, uint8_t *frame, size_t n) {
    rongwire_result r = {0};
    rongwire_status s;
    char *t;
    if (i < INPUTS) s = rongwire_decode_content(NAME(thread_names[i]), TEXT(thread_inputs[i]), NULL, &r);
    else s = rongwire_decode_frame(RONGWIRE_FROM_CLIENT, frame, n, NULL, &r);
    t = outcome(s, &r);
    rongwire_free(&r);
    return t;
}

static void *thread_main(void *arg) {
    size_t *mismatches = arg, round, i, n;
    uint8_t frame[256];
    n = unhex(publish_hex, frame, sizeof frame);
    for (round = 0; round < ROUNDS; round++) {
        for (i = 0; i <= INPUTS; i++) {
            char *t = run_input(i, frame, n);
            if (!t || strcmp(t, reference[i]) != 0) (*mismatches)++;
            free(t);
        }
    }
    return NULL;
}

static void test_threads(void) {
    pthread_t threads[THREADS];
    size_t mismatches[THREADS] = {0}, i, n;
    uint8_t frame[256];
    n = unhex(publish_hex, frame, sizeof frame);
    for (i = 0; i <= INPUTS; i++) reference[i] = run_input(i, frame, n);
    for (i = 0; i < THREADS; i++) CHECK(pthread_create(&threads[i], NULL, thread_main, &mismatches[i]) == 0, "pthread_create");
    for (i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
    for (i = 0; i < THREADS; i++) CHECK(mismatches[i] == 0, "thread %zu: %zu outputs differ from one thread's", i, mismatches[i]);
    for (i = 0; i <= INPUTS; i++) free(reference[i]);
    printf("%d threads x %d rounds x %zu inputs agree with one thread\n", THREADS, ROUNDS, INPUTS + 1);
}

static int selftest(void) {
    CHECK(strcmp(rongwire_version(), RONGWIRE_VERSION) == 0, "version %s, header %s", rongwire_version(), RONGWIRE_VERSION);
    test_content();
    test_envelope();
    test_nim();
    test_hostile();
    test_threads();
    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("selftest passed (librongwire %s)\n", rongwire_version());
    return 0;
}

/* ---------------------------------------------------------------------------------------- */
/* testee */

static Region rg;
static jmp_buf rg_failure;

static const JValue *member(const JValue *o, const char *key) { return o && o->type == J_OBJECT ? jobject_get(o, key) : NULL; }

static void put_error(Buf *b, const char *result, const char *message) {
    buf_str(b, "{\"result\":\"");
    buf_str(b, result);
    buf_str(b, "\",\"message\":");
    json_write_string(b, message, strlen(message));
    buf_str(b, "}");
}

/* A finished call as a response: accepted with the output as `value` (JSON text) or as `hex`,
 * or rejected with the code. */
static void put_result(Buf *b, rongwire_status s, const rongwire_result *r, int as_value, const rongwire_result *hex) {
    if (s == RONGWIRE_INVALID_ARGUMENT) {
        put_error(b, "error", r->error_message ? r->error_message : "invalid argument");
    } else if (s != RONGWIRE_OK) {
        buf_str(b, "{\"result\":\"rejected\",\"error\":");
        json_write_string(b, r->error_code, strlen(r->error_code));
        buf_str(b, ",\"message\":");
        json_write_string(b, r->error_message, strlen(r->error_message));
        buf_str(b, "}");
    } else {
        buf_str(b, "{\"result\":\"accepted\"");
        if (as_value) {
            buf_str(b, ",\"value\":");
            buf_put(b, r->data, r->length);
        } else {
            hex = r;
        }
        if (hex) {
            buf_str(b, ",\"hex\":\"");
            buf_hex(b, hex->data, hex->length);
            buf_str(b, "\"");
        }
        if (r->leniencies) {
            const char *p = r->leniencies;
            buf_str(b, ",\"leniencies\":[");
            for (;;) {
                const char *comma = strchr(p, ',');
                size_t len = comma ? (size_t)(comma - p) : strlen(p);
                json_write_string(b, p, len);
                if (!comma) break;
                buf_str(b, ",");
                p = comma + 1;
            }
            buf_str(b, "]");
        }
        buf_str(b, "}");
    }
}

static const char *kinds[] = {"decode",         "roundtrip",     "encode",         "json-parse", "objectname",
                              "persistence",    "attributes",    "frame-decode",   "frame-encode",
                              "message-decode", "message-encode", "nim-decode",    "nim-read",  "nim-to-rc",
                              "rc-to-nim"};

static const char *str_of(const JValue *v) { return v && v->type == J_STRING ? v->str : NULL; }
static size_t len_of(const JValue *v) { return v && v->type == J_STRING ? v->len : 0; }

/* The catalog entry of objectName `name` (or an alias of it) in rongwire_types' output, parsed. */
static const JValue *catalog_entry(const JValue *catalog, const char *name, size_t len) {
    size_t i, k;
    for (i = 0; catalog && i < catalog->n; i++) {
        const JValue *e = catalog->items[i], *aliases = member(e, "aliases");
        const JValue *on = member(e, "objectName");
        if (on && on->len == len && memcmp(on->str, name, len) == 0) return e;
        for (k = 0; aliases && k < aliases->n; k++)
            if (aliases->items[k]->len == len && memcmp(aliases->items[k]->str, name, len) == 0) return e;
    }
    return NULL;
}

static void handle(Buf *out, const uint8_t *text, size_t len, const JValue *catalog) {
    char perr[128];
    const JValue *req = json_parse(&rg, text, len, perr, sizeof perr), *kind, *options, *input, *hex, *value;
    rongwire_options o = {0};
    rongwire_result r = {0}, r2 = {0};
    rongwire_status s = RONGWIRE_OK;
    rongwire_side side = RONGWIRE_FROM_CLIENT;
    uint8_t *bytes = NULL;
    size_t n = 0, i;
    Buf vtext;
    const char *k;
    if (!req) { put_error(out, "error", perr); return; }
    kind = member(req, "kind");
    k = str_of(kind);
    if (!k) { put_error(out, "error", "request needs a string kind"); return; }
    if (strcmp(k, "hello") == 0) {
        buf_str(out, "{\"result\":\"hello\",\"name\":\"rongwire-c-test\",\"version\":\"" RONGWIRE_VERSION
                     "\",\"protocolVersion\":1,\"kinds\":[");
        for (i = 0; i < sizeof kinds / sizeof *kinds; i++) {
            if (i) buf_str(out, ",");
            json_write_string(out, kinds[i], strlen(kinds[i]));
        }
        buf_str(out, "]}");
        return;
    }
    for (i = 0; i < sizeof kinds / sizeof *kinds && strcmp(k, kinds[i]) != 0; i++) {}
    if (i == sizeof kinds / sizeof *kinds) {
        buf_str(out, "{\"result\":\"skipped\",\"reason\":\"unknown kind\"}");
        return;
    }
    options = member(req, "options");
    input = member(req, "input");
    hex = member(input, "hex");
    value = member(input, "value");
    if (hex && !hex_decode(&rg, hex->str, hex->len, &bytes, &n)) { put_error(out, "error", "input.hex is not hex"); return; }
    buf_init(&vtext, &rg);
    if (value) json_write(&vtext, value);
    o.flags = RONGWIRE_KIT_EXAMPLES;
    if (member(options, "maxBytes")) o.max_bytes = (size_t)strtoull(member(options, "maxBytes")->str, NULL, 10);
    if (member(options, "maxDepth")) o.max_depth = (uint32_t)strtoul(member(options, "maxDepth")->str, NULL, 10);
    if (str_of(member(options, "mode")) && strcmp(str_of(member(options, "mode")), "strict") == 0) o.flags |= RONGWIRE_STRICT;
    o.query_topic = str_of(member(options, "queryTopic"));
    o.query_topic_length = len_of(member(options, "queryTopic"));
    o.user_id = str_of(member(options, "currentUserId"));
    o.user_id_length = len_of(member(options, "currentUserId"));
    if (member(options, "protocolVer")) o.protocol_version = (uint32_t)strtoul(member(options, "protocolVer")->str, NULL, 10);
    if (str_of(member(req, "from")) && strcmp(str_of(member(req, "from")), "server") == 0) side = RONGWIRE_FROM_SERVER;
    const JValue *name = member(req, "objectName");

    if (!strcmp(k, "decode") || !strcmp(k, "roundtrip")) {
        s = rongwire_decode_content(str_of(name), len_of(name), bytes, n, &o, &r);
        if (s == RONGWIRE_OK) {
            o.flags |= RONGWIRE_CANONICAL;
            if (rongwire_decode_content(str_of(name), len_of(name), bytes, n, &o, &r2) != RONGWIRE_OK)
                put_error(out, "error", "decoded, but the canonical bytes failed");
            else
                put_result(out, s, &r, 1, &r2);
        } else {
            put_result(out, s, &r, 1, NULL);
        }
    } else if (!strcmp(k, "encode")) {
        o.flags &= ~RONGWIRE_STRICT;
        s = rongwire_encode_content(str_of(name), len_of(name), vtext.data, vtext.len, &o, &r);
        put_result(out, s, &r, 0, NULL);
    } else if (!strcmp(k, "json-parse")) {
        s = rongwire_parse_json(bytes, n, &o, &r);
        put_result(out, s, &r, 1, &r);
    } else if (!strcmp(k, "objectname")) {
        s = rongwire_check_object_name((const char *)bytes, n, NULL, &r);
        if (s == RONGWIRE_OK) {
            buf_str(out, "{\"result\":\"accepted\",\"value\":");
            json_write_string(out, (const char *)r.data, r.length);
            buf_str(out, "}");
        } else {
            put_result(out, s, &r, 1, NULL);
        }
    } else if (!strcmp(k, "persistence") || !strcmp(k, "attributes")) {
        const JValue *e = catalog_entry(catalog, (const char *)bytes, n);
        if (!e) {
            buf_str(out, "{\"result\":\"rejected\",\"error\":\"unknownObjectName\"}");
        } else if (!strcmp(k, "persistence")) {
            buf_str(out, "{\"result\":\"accepted\",\"value\":");
            json_write(out, member(member(e, "persistence"), "value"));
            buf_str(out, "}");
        } else {
            buf_str(out, "{\"result\":\"accepted\",\"value\":{\"command\":");
            json_write(out, member(e, "command"));
            buf_str(out, ",\"media\":");
            json_write(out, member(e, "media"));
            buf_str(out, "}}");
        }
    } else if (!strcmp(k, "frame-decode")) {
        o.flags &= ~RONGWIRE_STRICT;
        o.max_bytes = 0;
        s = rongwire_decode_frame(side, bytes, n, &o, &r);
        /* The same connection's protocol version back (a CONNACK's layout depends on it). */
        rongwire_options again = {0};
        again.protocol_version = o.protocol_version;
        if (s == RONGWIRE_OK && rongwire_encode_frame(side, r.data, r.length, &again, &r2) != RONGWIRE_OK)
            put_error(out, "error", r2.error_message);
        else
            put_result(out, s, &r, 1, s == RONGWIRE_OK ? &r2 : NULL);
    } else if (!strcmp(k, "frame-encode")) {
        rongwire_options version = {0};
        version.protocol_version = o.protocol_version;
        s = rongwire_encode_frame(side, vtext.data, vtext.len, &version, &r);
        put_result(out, s, &r, 0, NULL);
    } else if (!strcmp(k, "message-decode")) {
        o.max_bytes = 0;
        s = rongwire_read_message(side, bytes, n, &o, &r);
        put_result(out, s, &r, 1, NULL);
    } else if (!strcmp(k, "message-encode")) {
        o.max_bytes = 0;
        s = rongwire_compose_message(vtext.data, vtext.len, &o, &r);
        put_result(out, s, &r, 0, NULL);
    } else {
        rongwire_nim_operation op = !strcmp(k, "nim-decode")  ? RONGWIRE_NIM_DECODE
                                    : !strcmp(k, "nim-read")  ? RONGWIRE_NIM_READ
                                    : !strcmp(k, "nim-to-rc") ? RONGWIRE_NIM_TO_RC
                                                              : RONGWIRE_NIM_FROM_RC;
        const JValue *form = member(options, "form");
        s = rongwire_convert_nim(op, str_of(form), len_of(form), NULL, 0, bytes, n, &o, &r);
        /* A canonical NIM record's bytes are its JSON text. */
        put_result(out, s, &r, 1, op == RONGWIRE_NIM_DECODE && s == RONGWIRE_OK ? &r : NULL);
    }
    rongwire_free(&r);
    rongwire_free(&r2);
}

static int read_exact(void *p, size_t n) { return fread(p, 1, n, stdin) == n; }

static int testee(void) {
    rongwire_result types = {0};
    static Region catalog_rg;
    static jmp_buf catalog_failure;
    const JValue *catalog;
    char perr[128];
    if (rongwire_types(NULL, &types) != RONGWIRE_OK) return 2;
    rg_init(&catalog_rg, 1 << 26, &catalog_failure);
    if (setjmp(catalog_failure)) return 2;
    catalog = json_parse(&catalog_rg, types.data, types.length, perr, sizeof perr);
    rongwire_free(&types);
    if (!catalog) return 2;
    for (;;) {
        uint8_t head[4], *text;
        size_t len;
        Buf out;
        if (!read_exact(head, 4)) break;
        len = (size_t)head[0] | (size_t)head[1] << 8 | (size_t)head[2] << 16 | (size_t)head[3] << 24;
        if (len > (64u << 20)) break;
        rg_init(&rg, (size_t)1 << 30, &rg_failure);
        if (setjmp(rg_failure)) {
            rg_release(&rg);
            rg_release(&catalog_rg);
            return 1;
        }
        text = rg_alloc(&rg, len ? len : 1);
        if (!read_exact(text, len)) {
            rg_release(&rg);
            break;
        }
        buf_init(&out, &rg);
        handle(&out, text, len, catalog);
        head[0] = (uint8_t)out.len;
        head[1] = (uint8_t)(out.len >> 8);
        head[2] = (uint8_t)(out.len >> 16);
        head[3] = (uint8_t)(out.len >> 24);
        if (fwrite(head, 1, 4, stdout) != 4 || fwrite(out.data, 1, out.len, stdout) != out.len || fflush(stdout) != 0) {
            rg_release(&rg);
            break;
        }
        rg_release(&rg);
    }
    rg_release(&catalog_rg);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "selftest") == 0) return selftest();
    if (argc == 2 && strcmp(argv[1], "testee") == 0) return testee();
    fprintf(stderr, "usage: %s selftest | testee\n", argv[0]);
    return 64;
}
