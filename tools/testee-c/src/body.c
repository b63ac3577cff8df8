/* body.c - see body.h
 *
 * Everything here goes through protobuf-c's descriptors: a field's JSON name is the descriptor's
 * `name` (the schema's field name), its value is read and written at the descriptor's offsets,
 * and the bytes come from protobuf_c_message_unpack / protobuf_c_message_pack. Nothing is
 * specific to one message type except the topic tables, which name types by schema name.
 *
 * protoc-c compiles the schema twice (build.sh). The declared descriptors (`modules__…`) say
 * what each field is. The wire descriptors (`modules_wire__…`, the same schema with every
 * string field marked string_as_bytes) are what unpack and pack run on: protobuf-c stores a
 * `string` as a NUL-terminated char * and packs it with strlen, which would cut a string holding
 * U+0000; as bytes it keeps its length. Field i of a wire descriptor is field i of the declared
 * one. */
#include "body.h"

#include <stdio.h>
#include <string.h>

#include "rongcloud.pb-c.h"
#include "rongcloud_wire.pb-c.h"
#include "wire.h"

/* Every message descriptor of spec/rongcloud.proto, declared and wire, listed by build.sh from
 * the generated headers in the same order. */
static const ProtobufCMessageDescriptor *const all_types[] = {
#include "descriptors.inc"
};
static const ProtobufCMessageDescriptor *const wire_types[] = {
#include "descriptors_wire.inc"
};
#define N_TYPES (sizeof all_types / sizeof all_types[0])

static size_t type_index(const ProtobufCMessageDescriptor *d) {
    size_t i;
    for (i = 0; i < N_TYPES; i++)
        if (all_types[i] == d || wire_types[i] == d) return i;
    return N_TYPES;
}

/* The declared descriptor of a wire one. */
static const ProtobufCMessageDescriptor *declared(const ProtobufCMessageDescriptor *wire) {
    return all_types[type_index(wire)];
}

static int is_supported_type(ProtobufCType t) {
    switch (t) {
    case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32:
    case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32:
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64:
    case PROTOBUF_C_TYPE_BOOL: case PROTOBUF_C_TYPE_ENUM: case PROTOBUF_C_TYPE_STRING:
    case PROTOBUF_C_TYPE_BYTES: case PROTOBUF_C_TYPE_MESSAGE:
        return 1;
    default:
        return 0; /* float and double: no exact JSON form is needed by the schema */
    }
}

int body_init(char *why, size_t n) {
    size_t i;
    unsigned f;
    for (i = 0; i < N_TYPES; i++) {
        const ProtobufCMessageDescriptor *d = all_types[i];
        for (f = 0; f < d->n_fields; f++) {
            const ProtobufCFieldDescriptor *fd = &d->fields[f];
            if (!is_supported_type(fd->type)) {
                snprintf(why, n, "%s.%s: field type %d has no JSON form here", d->short_name, fd->name, (int)fd->type);
                return 0;
            }
            if (fd->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) {
                snprintf(why, n, "%s.%s: oneof fields are not handled", d->short_name, fd->name);
                return 0;
            }
            /* Encoding writes fields in descriptor order; canonical protobuf needs number order. */
            if (f > 0 && d->fields[f - 1].id >= fd->id) {
                snprintf(why, n, "%s: fields are not in number order", d->short_name);
                return 0;
            }
            if (fd->type == PROTOBUF_C_TYPE_MESSAGE && type_index(fd->descriptor) == N_TYPES) {
                snprintf(why, n, "%s.%s: message type missing from the descriptor list", d->short_name, fd->name);
                return 0;
            }
        }
    }
    if (sizeof wire_types / sizeof wire_types[0] != N_TYPES) {
        snprintf(why, n, "the wire schema has another number of messages");
        return 0;
    }
    for (i = 0; i < N_TYPES; i++) {
        const ProtobufCMessageDescriptor *d = all_types[i], *w = wire_types[i];
        if (strcmp(d->short_name, w->short_name) != 0 || d->n_fields != w->n_fields) {
            snprintf(why, n, "wire message %s does not match %s", w->short_name, d->short_name);
            return 0;
        }
        for (f = 0; f < d->n_fields; f++) {
            const ProtobufCFieldDescriptor *x = &d->fields[f], *y = &w->fields[f];
            ProtobufCType expect = x->type == PROTOBUF_C_TYPE_STRING ? PROTOBUF_C_TYPE_BYTES : x->type;
            if (x->id != y->id || x->label != y->label || y->type != expect || strcmp(x->name, y->name) != 0) {
                snprintf(why, n, "wire field %s.%s does not match the schema", d->short_name, y->name);
                return 0;
            }
        }
    }
    return 1;
}

const ProtobufCMessageDescriptor *body_type(const char *name, size_t len) {
    size_t i;
    for (i = 0; i < N_TYPES; i++)
        if (strlen(all_types[i]->short_name) == len && memcmp(all_types[i]->short_name, name, len) == 0)
            return all_types[i];
    return NULL;
}

/* ---- field access ---- */

static size_t elem_size(ProtobufCType t) {
    switch (t) {
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64:
        return 8;
    case PROTOBUF_C_TYPE_BOOL: return sizeof(protobuf_c_boolean);
    case PROTOBUF_C_TYPE_STRING: return sizeof(char *);
    case PROTOBUF_C_TYPE_BYTES: return sizeof(ProtobufCBinaryData);
    case PROTOBUF_C_TYPE_MESSAGE: return sizeof(ProtobufCMessage *);
    default: return 4;
    }
}

static unsigned char *at(const void *m, unsigned offset) { return (unsigned char *)m + offset; }

static void *load_ptr(const void *p) {
    void *v;
    memcpy(&v, p, sizeof v);
    return v;
}

static void store_ptr(void *p, const void *v) { memcpy(p, &v, sizeof v); }

static int field_present(const ProtobufCMessage *m, const ProtobufCFieldDescriptor *f) {
    if (f->label == PROTOBUF_C_LABEL_REQUIRED) return 1;
    if (f->type == PROTOBUF_C_TYPE_STRING || f->type == PROTOBUF_C_TYPE_MESSAGE) return load_ptr(at(m, f->offset)) != NULL;
    if (f->quantifier_offset) {
        protobuf_c_boolean has;
        memcpy(&has, at(m, f->quantifier_offset), sizeof has);
        return has != 0;
    }
    return 1;
}

static void child_path(char *out, size_t n, const char *path, const char *name, long index) {
    if (index >= 0) snprintf(out, n, "%s.%s[%ld]", path, name, index);
    else snprintf(out, n, "%s.%s", path, name);
}

/* ---- payload → JSON ---- */

static void *pb_alloc(void *data, size_t n) { return rg_alloc(data, n); }
static void pb_free(void *data, void *p) { rg_free(data, p); }

static JValue *message_json(Region *rg, const ProtobufCMessage *m, const char *path, Err *e);

/* The value at p of field fw (wire descriptor: how it is stored), declared as fd. */
static JValue *value_json(Region *rg, const ProtobufCFieldDescriptor *fw, const ProtobufCFieldDescriptor *fd,
                          const unsigned char *p, const char *path, Err *e) {
    switch (fd->type) {
    case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32: {
        int32_t v;
        memcpy(&v, p, 4);
        return ji64(rg, v);
    }
    case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32: {
        uint32_t v;
        memcpy(&v, p, 4);
        return ju64(rg, v);
    }
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64: {
        int64_t v;
        memcpy(&v, p, 8);
        return ji64(rg, v);
    }
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64: {
        uint64_t v;
        memcpy(&v, p, 8);
        return ju64(rg, v);
    }
    case PROTOBUF_C_TYPE_BOOL: {
        protobuf_c_boolean v;
        memcpy(&v, p, sizeof v);
        return jbool(rg, v);
    }
    case PROTOBUF_C_TYPE_ENUM: {
        int32_t v;
        const ProtobufCEnumValue *ev;
        memcpy(&v, p, 4);
        ev = protobuf_c_enum_descriptor_get_value(fd->descriptor, v);
        /* wire_normalize dropped numbers the enum does not define. */
        if (!ev) {
            err_set(e, "protobufDecoding", "%s: %ld is not a value of the enum", path, (long)v);
            return NULL;
        }
        return jstrz(rg, ev->name);
    }
    case PROTOBUF_C_TYPE_STRING: {
        ProtobufCBinaryData bd; /* stored as bytes, see the top of this file */
        memcpy(&bd, p, sizeof bd);
        /* A protobuf string is UTF-8 text (wire_normalize checked); JSON has no other spelling. */
        if (!utf8_valid(bd.data, bd.len)) {
            err_set(e, "protobufDecoding", "%s is not UTF-8", path);
            return NULL;
        }
        return jstr(rg, bd.len ? (const char *)bd.data : "", bd.len);
    }
    case PROTOBUF_C_TYPE_BYTES: {
        ProtobufCBinaryData bd;
        JValue *o;
        Buf hex;
        memcpy(&bd, p, sizeof bd);
        if (utf8_valid(bd.data, bd.len)) return jstr(rg, bd.len ? (const char *)bd.data : "", bd.len);
        buf_init(&hex, rg);
        buf_hex(&hex, bd.data, bd.len);
        o = jobject(rg);
        jobject_put(rg, o, "hex", jstr(rg, (const char *)hex.data, hex.len));
        return o;
    }
    case PROTOBUF_C_TYPE_MESSAGE:
        (void)fw;
        return message_json(rg, load_ptr(p), path, e);
    default:
        err_set(e, "protobufDecoding", "%s: unsupported field type", path);
        return NULL;
    }
}

static JValue *message_json(Region *rg, const ProtobufCMessage *m, const char *path, Err *e) {
    const ProtobufCMessageDescriptor *d = m->descriptor, *dd = declared(d);
    JValue *o = jobject(rg);
    unsigned i;
    char sub[256];
    for (i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i], *fd = &dd->fields[i];
        JValue *v;
        if (f->label == PROTOBUF_C_LABEL_REPEATED) {
            size_t count, k, size = elem_size(f->type);
            const unsigned char *base;
            memcpy(&count, at(m, f->quantifier_offset), sizeof count);
            if (count == 0) continue;
            base = load_ptr(at(m, f->offset));
            v = jarray(rg);
            for (k = 0; k < count; k++) {
                JValue *item;
                child_path(sub, sizeof sub, path, f->name, (long)k);
                if (!(item = value_json(rg, f, fd, base + k * size, sub, e))) return NULL;
                jarray_push(rg, v, item);
            }
        } else {
            if (!field_present(m, f)) continue;
            child_path(sub, sizeof sub, path, f->name, -1);
            if (!(v = value_json(rg, f, fd, at(m, f->offset), sub, e))) return NULL;
        }
        jobject_put(rg, o, f->name, v);
    }
    return o;
}

JValue *body_decode(Region *rg, const ProtobufCMessageDescriptor *type, const uint8_t *p, size_t n, Err *e) {
    ProtobufCAllocator a;
    ProtobufCMessage *m;
    Buf clean;
    a.alloc = pb_alloc;
    a.free = pb_free;
    a.allocator_data = rg;
    buf_init(&clean, rg);
    if (!wire_normalize(rg, type, p, n, &clean, e)) return NULL;
    m = protobuf_c_message_unpack(wire_types[type_index(type)], &a, clean.len, clean.data ? clean.data : (const uint8_t *)"");
    if (!m) {
        /* What wire_normalize passes is well-formed protobuf with the right wire types, so
         * unpack fails only for a required field that is absent (here or in a sub-message). */
        err_set(e, "missingRequiredField", "%s lacks a required field", type->short_name);
        return NULL;
    }
    return message_json(rg, m, "$.body", e);
}

/* ---- JSON → payload ---- */

static ProtobufCMessage *message_from_json(Region *rg, const ProtobufCMessageDescriptor *d, const JValue *v,
                                           const char *path, Err *e);

static const char *jtype_name(const JValue *v) {
    switch (v->type) {
    case J_NULL: return "null";
    case J_BOOL: return "a boolean";
    case J_NUMBER: return "a number";
    case J_STRING: return "a string";
    case J_ARRAY: return "an array";
    default: return "an object";
    }
}

/* An integral JSON number within [lo, hi] (signed) or [0, uhi] (unsigned when is_unsigned). */
static int read_int(const JValue *v, int is_unsigned, int64_t lo, int64_t hi, uint64_t uhi, int64_t *s, uint64_t *u,
                    const char *path, Err *e) {
    int neg;
    uint64_t mag;
    JIntResult r;
    if (v->type != J_NUMBER) {
        err_set(e, "typeMismatch", "%s must be an integer, not %s", path, jtype_name(v));
        return 0;
    }
    r = json_integer(v, &neg, &mag);
    if (r == JINT_NOT_INTEGRAL) {
        err_set(e, "typeMismatch", "%s must be an integer, not %s", path, v->str);
        return 0;
    }
    if (r == JINT_TOO_LARGE) goto range;
    if (is_unsigned) {
        if (neg || mag > uhi) goto range;
        *u = mag;
        return 1;
    }
    if (neg) {
        /* -mag >= lo, computed without overflow: lo is negative. */
        if (mag > (uint64_t)(-(lo + 1)) + 1) goto range;
        *s = mag == 0 ? 0 : -(int64_t)(mag - 1) - 1;
    } else {
        if (mag > (uint64_t)hi) goto range;
        *s = (int64_t)mag;
    }
    return 1;
range:
    err_set(e, "numberOutOfRange", "%s is out of range: %s", path, v->str);
    return 0;
}

/* Stores v at p for field fw (wire descriptor), declared as fd. */
static int set_value(Region *rg, const ProtobufCFieldDescriptor *fw, const ProtobufCFieldDescriptor *fd,
                     unsigned char *p, const JValue *v, const char *path, Err *e) {
    int64_t s;
    uint64_t u;
    switch (fd->type) {
    case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32: {
        int32_t x;
        if (!read_int(v, 0, INT32_MIN, INT32_MAX, 0, &s, &u, path, e)) return 0;
        x = (int32_t)s;
        memcpy(p, &x, 4);
        return 1;
    }
    case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32: {
        uint32_t x;
        if (!read_int(v, 1, 0, 0, UINT32_MAX, &s, &u, path, e)) return 0;
        x = (uint32_t)u;
        memcpy(p, &x, 4);
        return 1;
    }
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
        if (!read_int(v, 0, INT64_MIN, INT64_MAX, 0, &s, &u, path, e)) return 0;
        memcpy(p, &s, 8);
        return 1;
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64:
        if (!read_int(v, 1, 0, 0, UINT64_MAX, &s, &u, path, e)) return 0;
        memcpy(p, &u, 8);
        return 1;
    case PROTOBUF_C_TYPE_BOOL: {
        protobuf_c_boolean b;
        if (v->type != J_BOOL) {
            err_set(e, "typeMismatch", "%s must be a boolean, not %s", path, jtype_name(v));
            return 0;
        }
        b = v->boolean;
        memcpy(p, &b, sizeof b);
        return 1;
    }
    case PROTOBUF_C_TYPE_ENUM: {
        const ProtobufCEnumValue *ev = NULL;
        int32_t x;
        if (v->type == J_STRING) {
            if (strlen(v->str) == v->len) ev = protobuf_c_enum_descriptor_get_value_by_name(fd->descriptor, v->str);
            if (!ev) {
                err_set(e, "invalidValue", "%s: no enum value is named %s", path, v->str);
                return 0;
            }
        } else if (v->type == J_NUMBER) {
            if (!read_int(v, 0, INT32_MIN, INT32_MAX, 0, &s, &u, path, e)) return 0;
            /* proto2 enums are closed: a number must name one of the values. */
            if (!(ev = protobuf_c_enum_descriptor_get_value(fd->descriptor, (int)s))) {
                err_set(e, "invalidValue", "%s: %s is not a value of the enum", path, v->str);
                return 0;
            }
        } else {
            err_set(e, "typeMismatch", "%s must be an enum name or number, not %s", path, jtype_name(v));
            return 0;
        }
        x = ev->value;
        memcpy(p, &x, 4);
        return 1;
    }
    case PROTOBUF_C_TYPE_STRING: {
        ProtobufCBinaryData bd; /* stored as bytes, see the top of this file */
        if (v->type != J_STRING) {
            err_set(e, "typeMismatch", "%s must be a string, not %s", path, jtype_name(v));
            return 0;
        }
        bd.len = v->len;
        bd.data = (uint8_t *)rg_strndup(rg, v->str, v->len);
        memcpy(p, &bd, sizeof bd);
        return 1;
    }
    case PROTOBUF_C_TYPE_BYTES: {
        ProtobufCBinaryData bd;
        if (v->type == J_STRING) {
            bd.len = v->len;
            bd.data = (uint8_t *)rg_strndup(rg, v->str, v->len);
        } else if (v->type == J_OBJECT) {
            const JValue *h = jobject_get(v, "hex");
            size_t i;
            for (i = 0; i < v->n; i++) {
                if (v->members[i].key[0] == '$' || (v->members[i].klen == 3 && !memcmp(v->members[i].key, "hex", 3)))
                    continue;
                err_set(e, "invalidValue", "%s: unknown member %s", path, v->members[i].key);
                return 0;
            }
            /* ENV-JSON-003/005: null is absent, a missing member is missingRequiredField, a
               member of the wrong JSON type typeMismatch, a string that is not hex invalidValue. */
            if (!h || h->type == J_NULL) {
                err_set(e, "missingRequiredField", "%s.hex is required", path);
                return 0;
            }
            if (h->type != J_STRING) {
                err_set(e, "typeMismatch", "%s.hex must be a string, not %s", path, jtype_name(h));
                return 0;
            }
            if (!hex_decode(rg, h->str, h->len, &bd.data, &bd.len)) {
                err_set(e, "invalidValue", "%s.hex must be pairs of hex digits", path);
                return 0;
            }
        } else {
            err_set(e, "typeMismatch", "%s must be a string or {\"hex\": ...}, not %s", path, jtype_name(v));
            return 0;
        }
        memcpy(p, &bd, sizeof bd);
        return 1;
    }
    case PROTOBUF_C_TYPE_MESSAGE: {
        ProtobufCMessage *sub = message_from_json(rg, fw->descriptor, v, path, e);
        if (!sub) return 0;
        store_ptr(p, sub);
        return 1;
    }
    default:
        err_set(e, "invalidValue", "%s: unsupported field type", path);
        return 0;
    }
}

/* A message of wire type d from its JSON form. */
static ProtobufCMessage *message_from_json(Region *rg, const ProtobufCMessageDescriptor *d, const JValue *v,
                                           const char *path, Err *e) {
    const ProtobufCMessageDescriptor *dd = declared(d);
    ProtobufCMessage *m;
    unsigned char *seen;
    size_t i;
    unsigned f;
    char sub[256];
    if (v->type != J_OBJECT) {
        err_set(e, "typeMismatch", "%s: a %s must be a JSON object, not %s", path, dd->short_name, jtype_name(v));
        return NULL;
    }
    m = rg_alloc(rg, d->sizeof_message);
    protobuf_c_message_init(d, m);
    seen = rg_calloc(rg, d->n_fields ? d->n_fields : 1, 1);
    for (i = 0; i < v->n; i++) {
        const JMember *mem = &v->members[i];
        const ProtobufCFieldDescriptor *fd = NULL, *fdd;
        unsigned char *p;
        if (mem->klen > 0 && mem->key[0] == '$') continue; /* derived, output only */
        if (strlen(mem->key) == mem->klen) fd = protobuf_c_message_descriptor_get_field_by_name(d, mem->key);
        if (!fd) {
            err_set(e, "invalidValue", "%s: %s has no field %s", path, dd->short_name, mem->key);
            return NULL;
        }
        fdd = &dd->fields[fd - d->fields];
        if (mem->val->type == J_NULL) continue; /* null means absent */
        seen[fd - d->fields] = 1;
        p = at(m, fd->offset);
        if (fd->label == PROTOBUF_C_LABEL_REPEATED) {
            const JValue *a = mem->val;
            size_t k, size = elem_size(fd->type);
            unsigned char *base;
            if (a->type != J_ARRAY) {
                child_path(sub, sizeof sub, path, fd->name, -1);
                err_set(e, "typeMismatch", "%s must be an array, not %s", sub, jtype_name(a));
                return NULL;
            }
            base = rg_calloc(rg, a->n ? a->n : 1, size);
            for (k = 0; k < a->n; k++) {
                child_path(sub, sizeof sub, path, fd->name, (long)k);
                if (!set_value(rg, fd, fdd, base + k * size, a->items[k], sub, e)) return NULL;
            }
            memcpy(at(m, fd->quantifier_offset), &a->n, sizeof a->n);
            store_ptr(p, base);
        } else {
            child_path(sub, sizeof sub, path, fd->name, -1);
            if (!set_value(rg, fd, fdd, p, mem->val, sub, e)) return NULL;
            if (fd->label == PROTOBUF_C_LABEL_OPTIONAL && fd->quantifier_offset && fd->type != PROTOBUF_C_TYPE_STRING &&
                fd->type != PROTOBUF_C_TYPE_MESSAGE) {
                protobuf_c_boolean has = 1;
                memcpy(at(m, fd->quantifier_offset), &has, sizeof has);
            }
        }
    }
    for (f = 0; f < d->n_fields; f++) {
        if (d->fields[f].label == PROTOBUF_C_LABEL_REQUIRED && !seen[f]) {
            err_set(e, "missingRequiredField", "%s: %s lacks required field %s", path, dd->short_name, d->fields[f].name);
            return NULL;
        }
    }
    return m;
}

int body_encode(Region *rg, const ProtobufCMessageDescriptor *type, const JValue *v, const char *path, Buf *out,
                Err *e) {
    ProtobufCMessage *m = message_from_json(rg, wire_types[type_index(type)], v, path, e);
    size_t n;
    if (!m) return 0;
    n = protobuf_c_message_get_packed_size(m);
    if (n == 0) return 1;
    buf_reserve(out, n);
    out->len += protobuf_c_message_pack(m, out->data + out->len);
    return 1;
}
