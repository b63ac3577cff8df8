/* json.h - a small strict JSON reader and writer (RFC 8259) for the testee protocol and the
 * packet JSON form. Values live in a region. Strings are UTF-8 with an explicit length (they may
 * hold U+0000); numbers keep their text so 64-bit integers stay exact. */
#ifndef RW_JSON_H
#define RW_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "region.h"

typedef enum { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } JType;

typedef struct JValue JValue;

typedef struct {
    const char *key; /* NUL-terminated copy; klen excludes the NUL */
    size_t klen;
    JValue *val;
} JMember;

struct JValue {
    JType type;
    int boolean;
    const char *str; /* J_STRING: the text; J_NUMBER: the lexeme (both NUL-terminated) */
    size_t len;
    JValue **items; /* J_ARRAY */
    JMember *members; /* J_OBJECT, in input order */
    size_t n, cap;
};

/* Nesting limit of the reader: arrays and objects deeper than this are rejected. */
#define JSON_MAX_DEPTH 128

/* Parses exactly one JSON text (whitespace around it allowed). On failure returns NULL and
 * describes the problem in err (at most errlen bytes). */
JValue *json_parse(Region *rg, const uint8_t *text, size_t len, char *err, size_t errlen);

/* Builders. */
JValue *jnull(Region *rg);
JValue *jbool(Region *rg, int b);
JValue *jstr(Region *rg, const char *s, size_t len);
JValue *jstrz(Region *rg, const char *s);
JValue *ji64(Region *rg, int64_t v);
JValue *ju64(Region *rg, uint64_t v);
JValue *jarray(Region *rg);
JValue *jobject(Region *rg);
void jarray_push(Region *rg, JValue *a, JValue *v);
/* Appends a member; the caller keeps keys unique. */
void jobject_put(Region *rg, JValue *o, const char *key, JValue *v);

/* The member named key (exact bytes), or NULL. */
JValue *jobject_get(const JValue *o, const char *key);
int jstr_eq(const JValue *v, const char *s);

/* Integer reading of a J_NUMBER. The value is integral when the number, with its fraction and
 * exponent applied, has no fractional part (1.0 and 1e2 are integral). */
typedef enum { JINT_OK, JINT_NOT_INTEGRAL, JINT_TOO_LARGE } JIntResult;
JIntResult json_integer(const JValue *v, int *negative, uint64_t *magnitude);

/* Appends the JSON text of v to b (compact, members in order). */
void json_write(Buf *b, const JValue *v);
void json_write_string(Buf *b, const char *s, size_t len);

/* Whether n bytes are well-formed UTF-8 (shortest form, no surrogates, at most U+10FFFF). */
int utf8_valid(const void *p, size_t n);

#endif
