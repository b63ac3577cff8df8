/* packet.c - see packet.h. Layouts are those of spec/envelope.md § Packet bodies. */
#include "packet.h"

#include <stdio.h>
#include <string.h>

#include "body.h"
#include "rstr.h"

enum {
    T_SYMMETRIC, T_CONNECT, T_CONNACK, T_PUBLISH, T_PUBACK, T_QUERY, T_QUERYACK, T_QUERYCON,
    T_SUBSCRIBE, T_SUBACK, T_UNSUBSCRIBE, T_UNSUBACK, T_PINGREQ, T_PINGRESP, T_DISCONNECT, T_RESERVED
};

static const char *const type_names[16] = {
    "SYMMETRIC", "CONNECT", "CONNACK", "PUBLISH", "PUBACK", "QUERY", "QUERYACK", "QUERYCON",
    "SUBSCRIBE", "SUBACK", "UNSUBSCRIBE", "UNSUBACK", "PINGREQ", "PINGRESP", "DISCONNECT", "RESERVED",
};

/* CONNACK status names 0-20 (ENV-PKT-003: RongIMLib 5.7.2's, whose 0-13 are ENGINE's
 * ConnectResultCode), output as the derived `$statusName`. */
static const char *const connack_names[21] = {
    "ACCEPTED", "UNACCEPTABLE_PROTOCOL_VERSION", "IDENTIFIER_REJECTED", "SERVER_UNAVAILABLE",
    "TOKEN_INCORRECT", "NOT_AUTHORIZED", "REDIRECT", "PACKAGE_ERROR", "APP_BLOCK_OR_DELETE",
    "BLOCK", "TOKEN_EXPIRE", "DEVICE_ERROR", "HOSTNAME_ERROR", "HASOHTERSAMECLIENTONLINE",
    /* 14-20: new in 5.x. */
    "OUT_OF_LIMIT", "IN_OTHER_CLUSTER", "APP_AUTH_NOT_PASS", "OTP_USED", "PLATFORM_ERROR", "ACCOUNT_CANCELLATION",
    "LICENSE_EXPIRED",
};

/* DISCONNECT status names 0-9 (ENV-PKT-012: 5.7.2's for 1, 2, 5-9, ENGINE-5.0's for 0, 3, 4). */
static const char *const disconnect_names[10] = {
    "REDIRECT", "OTHER_DEVICE_LOGIN", "BLOCK", "REMOTE_CLOSE", "LOGOUT", "BLOCK_NEW", "REDIRECT_NEW",
    "TOKEN_EXPIRED", "ILLEGAL_PROTOCOL_VERSION", "ACCOUNT_CANCELLATION",
};

/* Version 4's CONNACK flags (ENV-PKT-013): each names the field that follows, in this order. */
enum { F_USER = 0x01, F_SESSION = 0x02, F_TIME = 0x04, F_MSGID = 0x08 };

static const char *side_name(Side s) { return s == SIDE_CLIENT ? "client" : "server"; }

/* ENV-HDR-003..005: reserved, unused and wrong-direction types. */
static int check_type(unsigned t, Side from, Err *e) {
    if (t == T_RESERVED) {
        err_set(e, "unknownPacketType", "packet type 15 is reserved");
        return 0;
    }
    if (t == T_SYMMETRIC || (t >= T_SUBSCRIBE && t <= T_UNSUBACK)) {
        err_set(e, "unsupportedPacketType", "packet type %u (%s) is not decoded", t, type_names[t]);
        return 0;
    }
    switch (t) {
    case T_PUBLISH: case T_PUBACK: case T_DISCONNECT: return 1;
    case T_CONNECT: case T_QUERY: case T_QUERYCON: case T_PINGREQ:
        if (from == SIDE_CLIENT) return 1;
        break;
    default: /* CONNACK, QUERYACK, PINGRESP */
        if (from == SIDE_SERVER) return 1;
    }
    err_set(e, "wrongDirection", "a %s does not send %s", side_name(from), type_names[t]);
    return 0;
}

/* ---------------------------------------------------------------- decoding */

typedef struct {
    Region *rg;
    const uint8_t *b;
    size_t n, pos;
    Err *e;
} Reader;

static int need(Reader *r, size_t k, const char *what) {
    if (r->n - r->pos < k) {
        err_set(r->e, "truncated", "the frame ends inside %s (byte %lu)", what, (unsigned long)r->pos);
        return 0;
    }
    return 1;
}

static int rd_uint(Reader *r, size_t k, const char *what, uint64_t *out) {
    uint64_t v = 0;
    size_t i;
    if (!need(r, k, what)) return 0;
    for (i = 0; i < k; i++) v = v << 8 | r->b[r->pos + i];
    r->pos += k;
    *out = v;
    return 1;
}

/* A header string as JSON (a string, or the exact form); text/tlen receive the decoded text. */
static JValue *rd_str(Reader *r, const char *what, const char **text, size_t *tlen) {
    uint64_t len;
    size_t start, bad;
    char *t;
    size_t tl;
    int canonical;
    const char *why;
    JValue *o;
    Buf hex;
    if (!rd_uint(r, 2, what, &len)) return NULL;
    start = r->pos;
    if (r->n - start < len) {
        /* The error is where the field that does not fit starts: its length prefix. */
        err_set(r->e, "truncated", "%s: length %lu runs past the frame (byte %lu)", what, (unsigned long)len,
                (unsigned long)(start - 2));
        return NULL;
    }
    if (!rstr_decode(r->rg, r->b + start, (size_t)len, &t, &tl, &canonical, &bad, &why)) {
        err_set(r->e, "invalidString", "%s: %s (byte %lu)", what, why, (unsigned long)(start + bad));
        return NULL;
    }
    r->pos += (size_t)len;
    if (text) {
        *text = t;
        *tlen = tl;
    }
    if (canonical) return jstr(r->rg, t, tl);
    /* ENV-STR-006: bytes that are not CESU-8 (4-byte UTF-8) are kept exactly. */
    o = jobject(r->rg);
    jobject_put(r->rg, o, "text", jstr(r->rg, t, tl));
    buf_init(&hex, r->rg);
    buf_hex(&hex, r->b + start, (size_t)len);
    jobject_put(r->rg, o, "hex", jstr(r->rg, hex.len ? (const char *)hex.data : "", hex.len));
    return o;
}

static int rd_end(Reader *r, const char *what) {
    if (r->pos != r->n) {
        err_set(r->e, "trailingGarbage", "%lu bytes after the end of the %s body (byte %lu)",
                (unsigned long)(r->n - r->pos), what, (unsigned long)r->pos);
        return 0;
    }
    return 1;
}

/* Reads an unsigned field of k bytes into member `name` of o. */
static int put_uint(Reader *r, JValue *o, const char *name, size_t k, uint64_t *out) {
    uint64_t v;
    char what[64];
    snprintf(what, sizeof what, "the %s", name);
    if (!rd_uint(r, k, what, &v)) return 0;
    jobject_put(r->rg, o, name, ju64(r->rg, v));
    if (out) *out = v;
    return 1;
}

static int put_str(Reader *r, JValue *o, const char *name, const char **text, size_t *tlen) {
    char what[64];
    JValue *v;
    snprintf(what, sizeof what, "the %s", name);
    if (!(v = rd_str(r, what, text, tlen))) return 0;
    jobject_put(r->rg, o, name, v);
    return 1;
}

/* Body members (spec/envelope.md "Body members"): `body: null` for no payload, `bodyHex` when
 * the topic names no body type, else `bodyType` + `body`, plus `bodyHex` when encoding `body`
 * would not give the payload's bytes back. */
static int put_body(Region *rg, JValue *o, const ProtobufCMessageDescriptor *type, const uint8_t *p, size_t n,
                    Err *e) {
    JValue *body;
    Buf again, hex;
    if (n == 0) {
        jobject_put(rg, o, "body", jnull(rg));
        return 1;
    }
    buf_init(&hex, rg);
    buf_hex(&hex, p, n);
    if (!type) {
        jobject_put(rg, o, "bodyHex", jstr(rg, (const char *)hex.data, hex.len));
        return 1;
    }
    if (!(body = body_decode(rg, type, p, n, e))) return 0;
    jobject_put(rg, o, "bodyType", jstrz(rg, type->short_name));
    jobject_put(rg, o, "body", body);
    buf_init(&again, rg);
    if (!body_encode(rg, type, body, "$.body", &again, e)) return 0;
    if (again.len != n || memcmp(again.data, p, n) != 0)
        jobject_put(rg, o, "bodyHex", jstr(rg, (const char *)hex.data, hex.len));
    return 1;
}

static JValue *header_json(Region *rg, unsigned byte) {
    JValue *h = jobject(rg);
    jobject_put(rg, h, "type", jstrz(rg, type_names[byte >> 4]));
    jobject_put(rg, h, "dup", jbool(rg, byte & 0x08));
    jobject_put(rg, h, "qos", ju64(rg, (byte >> 1) & 3));
    jobject_put(rg, h, "retain", jbool(rg, byte & 0x01));
    return h;
}

static int decode_connect(Reader *r, JValue *o) {
    uint64_t flags, v;
    int has_will;
    JValue *will = NULL;
    if (!put_str(r, o, "protocolId", NULL, NULL)) return 0;
    if (!put_uint(r, o, "protocolVersion", 1, NULL)) return 0;
    if (!rd_uint(r, 1, "the CONNECT flags", &flags)) return 0;
    has_will = (flags & 0x04) != 0;
    /* Bits the packet model cannot represent would not re-encode (ENV-PKT-001). */
    if (flags & 0x01) {
        err_set(r->e, "invalidValue", "CONNECT flags bit 0 is reserved (byte %lu)", (unsigned long)(r->pos - 1));
        return 0;
    }
    if (!has_will && (flags & 0x38)) {
        err_set(r->e, "invalidValue", "CONNECT will QoS or retain set without a will (byte %lu)",
                (unsigned long)(r->pos - 1));
        return 0;
    }
    jobject_put(r->rg, o, "cleanSession", jbool(r->rg, flags & 0x02));
    if (!rd_uint(r, 2, "the CONNECT keepAlive", &v)) return 0;
    jobject_put(r->rg, o, "keepAlive", ju64(r->rg, v));
    if (!put_str(r, o, "clientId", NULL, NULL)) return 0;
    if (has_will) {
        JValue *t, *m;
        if (!(t = rd_str(r, "the CONNECT willTopic", NULL, NULL))) return 0;
        if (!(m = rd_str(r, "the CONNECT will", NULL, NULL))) return 0;
        will = jobject(r->rg);
        jobject_put(r->rg, will, "topic", t);
        jobject_put(r->rg, will, "message", m);
        jobject_put(r->rg, will, "qos", ju64(r->rg, (flags >> 3) & 3));
        jobject_put(r->rg, will, "retain", jbool(r->rg, flags & 0x20));
        jobject_put(r->rg, o, "will", will);
    }
    if ((flags & 0x80) && !put_str(r, o, "appId", NULL, NULL)) return 0;
    if ((flags & 0x40) && !put_str(r, o, "token", NULL, NULL)) return 0;
    return rd_end(r, "CONNECT");
}

JValue *packet_decode(Region *rg, const uint8_t *b, size_t n, Side from, int protocol, const JValue *query_topic, Err *e) {
    Reader r;
    JValue *o;
    unsigned type;
    const char *topic = NULL;
    size_t tlen = 0;
    uint64_t v, v2;
    r.rg = rg;
    r.b = b;
    r.n = n;
    r.pos = 0;
    r.e = e;
    if (n == 0) {
        err_set(e, "truncated", "empty frame: no header byte");
        return NULL;
    }
    type = b[0] >> 4;
    if (!check_type(type, from, e)) return NULL;
    r.pos = 1;
    o = jobject(rg);
    jobject_put(rg, o, "header", header_json(rg, b[0]));
    switch (type) {
    case T_CONNECT:
        if (!decode_connect(&r, o)) return NULL;
        break;
    case T_CONNACK:
        if (!put_uint(&r, o, "reserved", 1, NULL) || !put_uint(&r, o, "status", 1, &v)) return NULL;
        if (v < sizeof connack_names / sizeof connack_names[0]) jobject_put(rg, o, "$statusName", jstrz(rg, connack_names[v]));
        /* The tail is there only when the body is longer than its two fixed bytes (ENV-PKT-002),
         * in the layout of the connection's version (ENV-PKT-013). */
        if (r.pos < r.n && protocol == 4) {
            if (!put_uint(&r, o, "flags", 1, &v)) return NULL;
            if (((v & F_USER) && !put_str(&r, o, "userId", NULL, NULL)) ||
                ((v & F_SESSION) && !put_str(&r, o, "sessionId", NULL, NULL)) ||
                ((v & F_TIME) && !put_uint(&r, o, "timestamp", 8, NULL)) ||
                ((v & F_MSGID) && !put_uint(&r, o, "messageId", 2, NULL)))
                return NULL;
        } else if (r.pos < r.n) {
            if (!put_str(&r, o, "userId", NULL, NULL) || !put_str(&r, o, "sessionId", NULL, NULL) ||
                !put_uint(&r, o, "timestamp", 8, NULL))
                return NULL;
        }
        if (!rd_end(&r, "CONNACK")) return NULL;
        break;
    case T_PUBLISH:
    case T_QUERY:
        if (type == T_PUBLISH && from == SIDE_SERVER && !put_uint(&r, o, "date", 4, NULL)) return NULL;
        if (!put_str(&r, o, "topic", &topic, &tlen) || !put_str(&r, o, "targetId", NULL, NULL) ||
            !put_uint(&r, o, "messageId", 2, NULL))
            return NULL;
        /* The payload runs to the end of the frame (ENV-FRAME-004). */
        if (!put_body(rg, o,
                      type == T_QUERY            ? body_for_query(topic, tlen)
                      : from == SIDE_SERVER      ? body_for_server_publish(topic, tlen)
                                                 : body_for_client_publish(topic, tlen),
                      b + r.pos, n - r.pos, e))
            return NULL;
        break;
    case T_PUBACK:
        if (!put_uint(&r, o, "messageId", 2, NULL)) return NULL;
        if (from == SIDE_SERVER) {
            if (!put_uint(&r, o, "date", 4, &v) || !put_uint(&r, o, "status", 2, NULL) ||
                !put_uint(&r, o, "millisecond", 2, &v2) || !put_str(&r, o, "messageUId", NULL, NULL))
                return NULL;
            jobject_put(rg, o, "$sentTime", ju64(rg, v * 1000 + v2));
        }
        if (!rd_end(&r, "PUBACK")) return NULL;
        break;
    case T_QUERYACK:
        if (!put_uint(&r, o, "messageId", 2, NULL) || !put_uint(&r, o, "date", 4, NULL) ||
            !put_uint(&r, o, "status", 2, NULL))
            return NULL;
        /* Only the QUERY's topic says what the body is (ENV-JSON-004). */
        if (!put_body(rg, o,
                      query_topic && query_topic->type == J_STRING ? body_for_query_ack(query_topic->str, query_topic->len)
                                                                   : NULL,
                      b + r.pos, n - r.pos, e))
            return NULL;
        break;
    case T_QUERYCON:
        if (!put_uint(&r, o, "messageId", 2, NULL) || !rd_end(&r, "QUERYCON")) return NULL;
        break;
    case T_PINGREQ:
    case T_PINGRESP:
        if (!rd_end(&r, type_names[type])) return NULL;
        break;
    case T_DISCONNECT:
        if (!put_uint(&r, o, "reserved", 1, NULL) || !put_uint(&r, o, "status", 1, &v) ||
            !rd_end(&r, "DISCONNECT"))
            return NULL;
        if (v < sizeof disconnect_names / sizeof disconnect_names[0])
            jobject_put(rg, o, "$statusName", jstrz(rg, disconnect_names[v]));
        break;
    default:
        err_set(e, "unsupportedPacketType", "packet type %u", type);
        return NULL;
    }
    return o;
}

/* ---------------------------------------------------------------- encoding */

/* The members of one JSON object of the packet form, read with typed errors at their path
 * (ENV-JSON-003). `$` members are derived and skipped; `null` means absent. */
typedef struct {
    Region *rg;
    const JValue *o;
    const char *path;
    unsigned char *used;
    Err *e;
} Fields;

static int fields_open(Fields *f, Region *rg, const JValue *o, const char *path, const char *what, Err *e) {
    f->rg = rg;
    f->o = o;
    f->path = path;
    f->e = e;
    if (o->type != J_OBJECT) {
        err_set(e, "typeMismatch", "%s: %s must be a JSON object", path, what);
        return 0;
    }
    f->used = rg_calloc(rg, o->n ? o->n : 1, 1);
    return 1;
}

static const JValue *f_get(Fields *f, const char *key) {
    size_t i, kl = strlen(key);
    for (i = 0; i < f->o->n; i++) {
        if (f->o->members[i].klen == kl && memcmp(f->o->members[i].key, key, kl) == 0) {
            f->used[i] = 1;
            return f->o->members[i].val->type == J_NULL ? NULL : f->o->members[i].val;
        }
    }
    return NULL;
}

static int f_finish(Fields *f) {
    size_t i;
    for (i = 0; i < f->o->n; i++) {
        const JMember *m = &f->o->members[i];
        if (f->used[i] || (m->klen > 0 && m->key[0] == '$')) continue;
        err_set(f->e, "invalidValue", "%s.%s: unknown member", f->path, m->key);
        return 0;
    }
    return 1;
}

static int f_bool(Fields *f, const char *key, int *out) {
    const JValue *v = f_get(f, key);
    if (!v) {
        *out = 0;
        return 1;
    }
    if (v->type != J_BOOL) {
        err_set(f->e, "typeMismatch", "%s.%s must be a boolean", f->path, key);
        return 0;
    }
    *out = v->boolean;
    return 1;
}

/* An unsigned integer at most max; absent gives *def when def is given, else an error. */
static int f_uint(Fields *f, const char *key, uint64_t max, const uint64_t *def, uint64_t *out) {
    const JValue *v = f_get(f, key);
    int neg;
    uint64_t mag;
    JIntResult r;
    if (!v) {
        if (def) {
            *out = *def;
            return 1;
        }
        err_set(f->e, "missingRequiredField", "%s.%s is required", f->path, key);
        return 0;
    }
    if (v->type != J_NUMBER) {
        err_set(f->e, "typeMismatch", "%s.%s must be an integer", f->path, key);
        return 0;
    }
    r = json_integer(v, &neg, &mag);
    if (r == JINT_NOT_INTEGRAL) {
        err_set(f->e, "typeMismatch", "%s.%s must be an integer, not %s", f->path, key, v->str);
        return 0;
    }
    if (r == JINT_TOO_LARGE || neg || mag > max) {
        err_set(f->e, "numberOutOfRange", "%s.%s must be between 0 and %llu, not %s", f->path, key,
                (unsigned long long)max, v->str);
        return 0;
    }
    *out = mag;
    return 1;
}

/* A header string member: written as CESU-8 from a JSON string, or exactly from the `hex` of
 * the exact form. *present tells whether it was there; with required, absence is an error. */
static int f_str(Fields *f, const char *key, int required, Buf *out, int *present) {
    const JValue *v = f_get(f, key);
    char path[256];
    Buf bytes;
    snprintf(path, sizeof path, "%s.%s", f->path, key);
    *present = v != NULL;
    if (!v) {
        if (!required) return 1;
        err_set(f->e, "missingRequiredField", "%s is required", path);
        return 0;
    }
    buf_init(&bytes, f->rg);
    if (v->type == J_STRING) {
        rstr_cesu8(&bytes, v->str, v->len);
    } else if (v->type == J_OBJECT) {
        Fields x;
        const JValue *hex, *text;
        uint8_t *raw;
        size_t rawlen, bad, tl;
        char *t;
        int canonical;
        const char *why;
        if (!fields_open(&x, f->rg, v, path, "a string in exact form", f->e)) return 0;
        hex = f_get(&x, "hex");
        text = f_get(&x, "text");
        if (!hex) {
            err_set(f->e, "missingRequiredField", "%s.hex is required", path);
            return 0;
        }
        if (hex->type != J_STRING) {
            err_set(f->e, "typeMismatch", "%s.hex must be a string", path);
            return 0;
        }
        if (!hex_decode(f->rg, hex->str, hex->len, &raw, &rawlen)) {
            err_set(f->e, "invalidValue", "%s.hex must be pairs of hex digits", path);
            return 0;
        }
        if (!rstr_decode(f->rg, raw, rawlen, &t, &tl, &canonical, &bad, &why)) {
            err_set(f->e, "invalidString", "%s.hex: %s (byte %lu)", path, why, (unsigned long)bad);
            return 0;
        }
        if (text && text->type != J_STRING) {
            err_set(f->e, "typeMismatch", "%s.text must be a string", path);
            return 0;
        }
        if (text && (text->len != tl || memcmp(text->str, t, tl) != 0)) {
            err_set(f->e, "invalidValue", "%s.text does not match the decoded hex", path);
            return 0;
        }
        if (!f_finish(&x)) return 0;
        buf_put(&bytes, raw, rawlen);
    } else {
        err_set(f->e, "typeMismatch", "%s must be a JSON string or object", path);
        return 0;
    }
    if (bytes.len > 65535) {
        err_set(f->e, "sizeLimit", "%s is %lu bytes; a header string holds at most 65535", path,
                (unsigned long)bytes.len);
        return 0;
    }
    buf_u16(out, (unsigned)bytes.len);
    buf_put(out, bytes.data, bytes.len);
    return 1;
}

static int f_req_str(Fields *f, const char *key, Buf *out) {
    int present;
    return f_str(f, key, 1, out, &present);
}

/* The payload: `bodyHex` exactly, else `body` serialised as `bodyType`, else nothing. */
static int f_payload(Fields *f, Buf *out) {
    const JValue *body = f_get(f, "body");
    const JValue *type_name = f_get(f, "bodyType");
    const JValue *hex = f_get(f, "bodyHex");
    const ProtobufCMessageDescriptor *type;
    if (type_name && type_name->type != J_STRING) {
        err_set(f->e, "typeMismatch", "$.bodyType must be a string");
        return 0;
    }
    if (hex) {
        uint8_t *raw;
        size_t rawlen;
        if (hex->type != J_STRING) {
            err_set(f->e, "typeMismatch", "$.bodyHex must be a string");
            return 0;
        }
        if (!hex_decode(f->rg, hex->str, hex->len, &raw, &rawlen)) {
            err_set(f->e, "invalidValue", "$.bodyHex must be pairs of hex digits");
            return 0;
        }
        buf_put(out, raw, rawlen);
        return 1;
    }
    if (!body) return 1;
    if (!type_name) {
        err_set(f->e, "missingRequiredField", "$.bodyType is required to encode body");
        return 0;
    }
    if (!(type = body_type(type_name->str, type_name->len)) || strlen(type_name->str) != type_name->len) {
        err_set(f->e, "invalidValue", "$.bodyType: unknown body type %s", type_name->str);
        return 0;
    }
    return body_encode(f->rg, type, body, "$.body", out, f->e);
}

static int encode_connect(Fields *f, Buf *out) {
    static const uint64_t zero = 0;
    uint64_t version, keep_alive, will_qos = 0;
    int clean, will_retain = 0, present;
    const JValue *will = f_get(f, "will");
    Buf tail; /* everything after the flags byte, which depends on what is present */
    Fields w;
    unsigned flags;
    buf_init(&tail, f->rg);
    if (!f_req_str(f, "protocolId", out)) return 0;
    if (!f_uint(f, "protocolVersion", 255, NULL, &version)) return 0;
    if (!f_bool(f, "cleanSession", &clean)) return 0;
    if (!f_uint(f, "keepAlive", 65535, NULL, &keep_alive)) return 0;
    buf_u16(&tail, (unsigned)keep_alive);
    if (!f_req_str(f, "clientId", &tail)) return 0;
    flags = clean ? 0x02 : 0;
    if (will) {
        if (!fields_open(&w, f->rg, will, "$.will", "the will", f->e)) return 0;
        if (!f_req_str(&w, "topic", &tail) || !f_req_str(&w, "message", &tail)) return 0;
        if (!f_uint(&w, "qos", 3, &zero, &will_qos) || !f_bool(&w, "retain", &will_retain) || !f_finish(&w)) return 0;
        flags |= 0x04 | (unsigned)will_qos << 3 | (will_retain ? 0x20 : 0);
    }
    if (!f_str(f, "appId", 0, &tail, &present)) return 0;
    if (present) flags |= 0x80;
    if (!f_str(f, "token", 0, &tail, &present)) return 0;
    if (present) flags |= 0x40;
    buf_byte(out, (uint8_t)version);
    buf_byte(out, (uint8_t)flags);
    buf_put(out, tail.data, tail.len);
    return 1;
}

int packet_encode(Region *rg, const JValue *v, Side from, int protocol, Buf *out, Err *e) {
    static const uint64_t zero = 0;
    Fields f, h;
    const JValue *header, *tn;
    unsigned type;
    int dup, retain;
    uint64_t qos, x;
    if (!fields_open(&f, rg, v, "$", "a packet", e)) return 0;
    if (!(header = f_get(&f, "header"))) {
        err_set(e, "missingRequiredField", "$.header is required");
        return 0;
    }
    if (!fields_open(&h, rg, header, "$.header", "the header", e)) return 0;
    if (!(tn = f_get(&h, "type"))) {
        err_set(e, "missingRequiredField", "$.header.type is required");
        return 0;
    }
    if (tn->type != J_STRING) {
        err_set(e, "typeMismatch", "$.header.type must be a string");
        return 0;
    }
    for (type = 0; type < 16; type++)
        if (jstr_eq(tn, type_names[type])) break;
    if (type == 16) {
        err_set(e, "invalidValue", "$.header.type: unknown packet type name %s", tn->str);
        return 0;
    }
    if (!check_type(type, from, e)) return 0;
    if (!f_bool(&h, "dup", &dup) || !f_uint(&h, "qos", 3, &zero, &qos) || !f_bool(&h, "retain", &retain) ||
        !f_finish(&h))
        return 0;
    buf_byte(out, (uint8_t)(type << 4 | (dup ? 0x08 : 0) | qos << 1 | (retain ? 0x01 : 0)));
    switch (type) {
    case T_CONNECT:
        if (!encode_connect(&f, out)) return 0;
        break;
    case T_CONNACK: {
        uint64_t reserved, status, ts = 0, mid = 0, flags = 0;
        Buf tail;
        int has_user, has_session;
        const JValue *tsv, *midv, *flagsv;
        unsigned fields;
        buf_init(&tail, rg);
        if (!f_uint(&f, "reserved", 255, &zero, &reserved) || !f_uint(&f, "status", 255, NULL, &status)) return 0;
        if (!f_str(&f, "userId", 0, &tail, &has_user) || !f_str(&f, "sessionId", 0, &tail, &has_session)) return 0;
        tsv = f_get(&f, "timestamp");
        if (tsv && !f_uint(&f, "timestamp", UINT64_MAX, NULL, &ts)) return 0;
        buf_byte(out, (uint8_t)reserved);
        buf_byte(out, (uint8_t)status);
        if (protocol != 4) {
            /* Version 3's form (ENV-JSON-006): the three fields together or none. */
            if (f_get(&f, "flags") || f_get(&f, "messageId")) {
                err_set(e, "invalidValue", "$: flags and messageId are members of a version-4 CONNACK only");
                return 0;
            }
            if (!(has_user == has_session && has_user == (tsv != NULL))) {
                err_set(e, "missingRequiredField", "$: userId, sessionId and timestamp come together or not at all");
                return 0;
            }
            if (has_user) {
                buf_put(out, tail.data, tail.len);
                buf_u64(out, ts);
            }
            break;
        }
        /* Version 4: the flags byte, then the fields it names (ENV-PKT-013). */
        midv = f_get(&f, "messageId");
        if (midv && !f_uint(&f, "messageId", 65535, NULL, &mid)) return 0;
        flagsv = f_get(&f, "flags");
        if (flagsv && !f_uint(&f, "flags", 255, NULL, &flags)) return 0;
        fields = (has_user ? F_USER : 0) | (has_session ? F_SESSION : 0) | (tsv ? F_TIME : 0) | (midv ? F_MSGID : 0);
        if (flagsv && (flags & 0x0F) != fields) {
            err_set(e, "invalidValue", "$.flags: %u names other fields than the CONNACK has", (unsigned)flags);
            return 0;
        }
        if (!flagsv && !fields) break; /* the two-byte form */
        buf_byte(out, (uint8_t)((flags & 0xF0) | fields));
        buf_put(out, tail.data, tail.len);
        if (tsv) buf_u64(out, ts);
        if (midv) buf_u16(out, (unsigned)mid);
        break;
    }
    case T_PUBLISH:
    case T_QUERY:
        if (type == T_PUBLISH && from == SIDE_SERVER) {
            if (!f_uint(&f, "date", UINT32_MAX, NULL, &x)) return 0;
            buf_u32(out, (uint32_t)x);
        }
        if (!f_req_str(&f, "topic", out) || !f_req_str(&f, "targetId", out)) return 0;
        if (!f_uint(&f, "messageId", 65535, NULL, &x)) return 0;
        buf_u16(out, (unsigned)x);
        if (!f_payload(&f, out)) return 0;
        break;
    case T_PUBACK:
        if (!f_uint(&f, "messageId", 65535, NULL, &x)) return 0;
        buf_u16(out, (unsigned)x);
        if (from == SIDE_SERVER) {
            if (!f_uint(&f, "date", UINT32_MAX, NULL, &x)) return 0;
            buf_u32(out, (uint32_t)x);
            if (!f_uint(&f, "status", 65535, NULL, &x)) return 0;
            buf_u16(out, (unsigned)x);
            if (!f_uint(&f, "millisecond", 65535, NULL, &x)) return 0;
            buf_u16(out, (unsigned)x);
            if (!f_req_str(&f, "messageUId", out)) return 0;
        }
        break;
    case T_QUERYACK:
        if (!f_uint(&f, "messageId", 65535, NULL, &x)) return 0;
        buf_u16(out, (unsigned)x);
        if (!f_uint(&f, "date", UINT32_MAX, NULL, &x)) return 0;
        buf_u32(out, (uint32_t)x);
        if (!f_uint(&f, "status", 65535, NULL, &x)) return 0;
        buf_u16(out, (unsigned)x);
        if (!f_payload(&f, out)) return 0;
        break;
    case T_QUERYCON:
        if (!f_uint(&f, "messageId", 65535, NULL, &x)) return 0;
        buf_u16(out, (unsigned)x);
        break;
    case T_PINGREQ:
    case T_PINGRESP:
        break;
    case T_DISCONNECT: {
        uint64_t reserved, status;
        if (!f_uint(&f, "reserved", 255, &zero, &reserved) || !f_uint(&f, "status", 255, NULL, &status)) return 0;
        buf_byte(out, (uint8_t)reserved);
        buf_byte(out, (uint8_t)status);
        break;
    }
    default:
        err_set(e, "unsupportedPacketType", "packet type %u", type);
        return 0;
    }
    return f_finish(&f);
}
