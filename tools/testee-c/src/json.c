/* json.c - see json.h */
#include "json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- builders ---- */

static JValue *jnew(Region *rg, JType t) {
    JValue *v = rg_calloc(rg, 1, sizeof *v);
    v->type = t;
    return v;
}

JValue *jnull(Region *rg) { return jnew(rg, J_NULL); }

JValue *jbool(Region *rg, int b) {
    JValue *v = jnew(rg, J_BOOL);
    v->boolean = b != 0;
    return v;
}

JValue *jstr(Region *rg, const char *s, size_t len) {
    JValue *v = jnew(rg, J_STRING);
    v->str = rg_strndup(rg, s, len);
    v->len = len;
    return v;
}

JValue *jstrz(Region *rg, const char *s) { return jstr(rg, s, strlen(s)); }

static JValue *jnumtext(Region *rg, const char *text) {
    JValue *v = jnew(rg, J_NUMBER);
    v->len = strlen(text);
    v->str = rg_strndup(rg, text, v->len);
    return v;
}

JValue *ji64(Region *rg, int64_t x) {
    char t[32];
    snprintf(t, sizeof t, "%" PRId64, x);
    return jnumtext(rg, t);
}

JValue *ju64(Region *rg, uint64_t x) {
    char t[32];
    snprintf(t, sizeof t, "%" PRIu64, x);
    return jnumtext(rg, t);
}

JValue *jarray(Region *rg) { return jnew(rg, J_ARRAY); }
JValue *jobject(Region *rg) { return jnew(rg, J_OBJECT); }

static void grow(Region *rg, JValue *c, size_t elem) {
    size_t cap;
    if (c->n < c->cap) return;
    cap = c->cap ? c->cap * 2 : 4;
    if (cap > SIZE_MAX / elem) longjmp(*rg->on_failure, 1);
    if (c->type == J_ARRAY) c->items = rg_realloc(rg, c->items, cap * elem);
    else c->members = rg_realloc(rg, c->members, cap * elem);
    c->cap = cap;
}

void jarray_push(Region *rg, JValue *a, JValue *v) {
    grow(rg, a, sizeof(JValue *));
    a->items[a->n++] = v;
}

void jobject_put(Region *rg, JValue *o, const char *key, JValue *v) {
    JMember *m;
    grow(rg, o, sizeof(JMember));
    m = &o->members[o->n++];
    m->klen = strlen(key);
    m->key = rg_strndup(rg, key, m->klen);
    m->val = v;
}

JValue *jobject_get(const JValue *o, const char *key) {
    size_t i, kl = strlen(key);
    if (!o || o->type != J_OBJECT) return NULL;
    for (i = 0; i < o->n; i++)
        if (o->members[i].klen == kl && memcmp(o->members[i].key, key, kl) == 0) return o->members[i].val;
    return NULL;
}

int jstr_eq(const JValue *v, const char *s) {
    size_t l = strlen(s);
    return v && v->type == J_STRING && v->len == l && memcmp(v->str, s, l) == 0;
}

/* ---- reader ---- */

typedef struct {
    Region *rg;
    const uint8_t *p, *end, *start;
    char *err;
    size_t errlen;
    int failed;
} Parser;

static void perr(Parser *ps, const char *what) {
    if (!ps->failed) {
        snprintf(ps->err, ps->errlen, "%s at byte %lu", what, (unsigned long)(ps->p - ps->start));
        ps->failed = 1;
    }
}

static void skip_ws(Parser *ps) {
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')) ps->p++;
}

static JValue *parse_value(Parser *ps, int depth);

static int hex4(Parser *ps, unsigned *out) {
    unsigned v = 0;
    int i;
    if (ps->end - ps->p < 4) return 0;
    for (i = 0; i < 4; i++) {
        unsigned c = ps->p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= c - '0';
        else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
        else return 0;
    }
    ps->p += 4;
    *out = v;
    return 1;
}

static void put_utf8(Buf *b, unsigned cp) {
    uint8_t t[4];
    size_t n;
    if (cp < 0x80) { t[0] = (uint8_t)cp; n = 1; }
    else if (cp < 0x800) { t[0] = (uint8_t)(0xC0 | cp >> 6); t[1] = (uint8_t)(0x80 | (cp & 0x3F)); n = 2; }
    else if (cp < 0x10000) {
        t[0] = (uint8_t)(0xE0 | cp >> 12); t[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        t[2] = (uint8_t)(0x80 | (cp & 0x3F)); n = 3;
    } else {
        t[0] = (uint8_t)(0xF0 | cp >> 18); t[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
        t[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F)); t[3] = (uint8_t)(0x80 | (cp & 0x3F)); n = 4;
    }
    buf_put(b, t, n);
}

/* Length of the well-formed UTF-8 sequence at p (shortest form, no surrogates, at most
 * U+10FFFF), or 0. */
static size_t utf8_seq(const uint8_t *p, const uint8_t *end) {
    size_t avail = (size_t)(end - p);
    uint8_t c = p[0];
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return avail >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (avail < 3 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80) return 0;
        if (c == 0xE0 && p[1] < 0xA0) return 0; /* overlong */
        if (c == 0xED && p[1] >= 0xA0) return 0; /* surrogate */
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (avail < 4 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80 || (p[3] & 0xC0) != 0x80) return 0;
        if (c == 0xF0 && p[1] < 0x90) return 0; /* overlong */
        if (c == 0xF4 && p[1] >= 0x90) return 0; /* above U+10FFFF */
        return 4;
    }
    return 0;
}

static JValue *parse_string(Parser *ps) {
    Buf b;
    JValue *v;
    buf_init(&b, ps->rg);
    ps->p++; /* opening quote */
    for (;;) {
        const uint8_t *run = ps->p;
        /* Copy plain runs at once. */
        while (ps->p < ps->end && *ps->p != '"' && *ps->p != '\\' && *ps->p >= 0x20 && *ps->p < 0x80) ps->p++;
        buf_put(&b, run, (size_t)(ps->p - run));
        if (ps->p >= ps->end) { perr(ps, "unterminated string"); return NULL; }
        if (*ps->p == '"') { ps->p++; break; }
        if (*ps->p < 0x20) { perr(ps, "control character in string"); return NULL; }
        if (*ps->p >= 0x80) {
            size_t n = utf8_seq(ps->p, ps->end);
            if (!n) { perr(ps, "invalid UTF-8 in string"); return NULL; }
            buf_put(&b, ps->p, n);
            ps->p += n;
            continue;
        }
        /* backslash */
        ps->p++;
        if (ps->p >= ps->end) { perr(ps, "unterminated escape"); return NULL; }
        switch (*ps->p++) {
        case '"': buf_byte(&b, '"'); break;
        case '\\': buf_byte(&b, '\\'); break;
        case '/': buf_byte(&b, '/'); break;
        case 'b': buf_byte(&b, '\b'); break;
        case 'f': buf_byte(&b, '\f'); break;
        case 'n': buf_byte(&b, '\n'); break;
        case 'r': buf_byte(&b, '\r'); break;
        case 't': buf_byte(&b, '\t'); break;
        case 'u': {
            unsigned cp, lo;
            if (!hex4(ps, &cp)) { perr(ps, "bad \\u escape"); return NULL; }
            if (cp >= 0xDC00 && cp <= 0xDFFF) { perr(ps, "lone low surrogate escape"); return NULL; }
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                if (ps->end - ps->p < 2 || ps->p[0] != '\\' || ps->p[1] != 'u') {
                    perr(ps, "lone high surrogate escape");
                    return NULL;
                }
                ps->p += 2;
                if (!hex4(ps, &lo) || lo < 0xDC00 || lo > 0xDFFF) { perr(ps, "lone high surrogate escape"); return NULL; }
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            put_utf8(&b, cp);
            break;
        }
        default: perr(ps, "invalid escape"); return NULL;
        }
    }
    v = jnew(ps->rg, J_STRING);
    v->len = b.len;
    v->str = rg_strndup(ps->rg, b.data ? (const char *)b.data : "", b.len);
    rg_free(ps->rg, b.data);
    return v;
}

static int is_digit(const Parser *ps) { return ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9'; }

static JValue *parse_number(Parser *ps) {
    const uint8_t *s = ps->p;
    JValue *v;
    if (*ps->p == '-') ps->p++;
    if (!is_digit(ps)) { perr(ps, "malformed number"); return NULL; }
    if (*ps->p == '0') {
        ps->p++;
        if (is_digit(ps)) { perr(ps, "leading zero"); return NULL; }
    } else {
        while (is_digit(ps)) ps->p++;
    }
    if (ps->p < ps->end && *ps->p == '.') {
        ps->p++;
        if (!is_digit(ps)) { perr(ps, "malformed number"); return NULL; }
        while (is_digit(ps)) ps->p++;
    }
    if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
        ps->p++;
        if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-')) ps->p++;
        if (!is_digit(ps)) { perr(ps, "malformed number"); return NULL; }
        while (is_digit(ps)) ps->p++;
    }
    v = jnew(ps->rg, J_NUMBER);
    v->len = (size_t)(ps->p - s);
    v->str = rg_strndup(ps->rg, (const char *)s, v->len);
    return v;
}

static int literal(Parser *ps, const char *word) {
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) return 0;
    ps->p += n;
    return 1;
}

static int member_cmp(const void *a, const void *b) {
    const JMember *x = *(const JMember *const *)a, *y = *(const JMember *const *)b;
    size_t n = x->klen < y->klen ? x->klen : y->klen;
    int c = n ? memcmp(x->key, y->key, n) : 0;
    if (c) return c;
    return x->klen < y->klen ? -1 : x->klen > y->klen;
}

/* Duplicate keys make a packet ambiguous; sorting keeps the check O(n log n) for hostile
 * objects with many members. */
static int has_duplicate_keys(Region *rg, const JValue *o) {
    const JMember **sorted;
    size_t i;
    int dup = 0;
    if (o->n < 2) return 0;
    sorted = rg_alloc(rg, o->n * sizeof *sorted);
    for (i = 0; i < o->n; i++) sorted[i] = &o->members[i];
    qsort(sorted, o->n, sizeof *sorted, member_cmp);
    for (i = 1; i < o->n && !dup; i++) dup = member_cmp(&sorted[i - 1], &sorted[i]) == 0;
    rg_free(rg, sorted);
    return dup;
}

static JValue *parse_value(Parser *ps, int depth) {
    skip_ws(ps);
    if (ps->p >= ps->end) { perr(ps, "unexpected end of input"); return NULL; }
    switch (*ps->p) {
    case '{': {
        JValue *o;
        if (depth >= JSON_MAX_DEPTH) { perr(ps, "nesting too deep"); return NULL; }
        o = jnew(ps->rg, J_OBJECT);
        ps->p++;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == '}') { ps->p++; return o; }
        for (;;) {
            JValue *k, *val;
            JMember *m;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != '"') { perr(ps, "expected a member name"); return NULL; }
            if (!(k = parse_string(ps))) return NULL;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':') { perr(ps, "expected ':'"); return NULL; }
            ps->p++;
            if (!(val = parse_value(ps, depth + 1))) return NULL;
            grow(ps->rg, o, sizeof(JMember));
            m = &o->members[o->n++];
            m->key = k->str;
            m->klen = k->len;
            m->val = val;
            skip_ws(ps);
            if (ps->p < ps->end && *ps->p == ',') { ps->p++; continue; }
            if (ps->p < ps->end && *ps->p == '}') { ps->p++; break; }
            perr(ps, "expected ',' or '}'");
            return NULL;
        }
        if (has_duplicate_keys(ps->rg, o)) { perr(ps, "duplicate member name"); return NULL; }
        return o;
    }
    case '[': {
        JValue *a;
        if (depth >= JSON_MAX_DEPTH) { perr(ps, "nesting too deep"); return NULL; }
        a = jnew(ps->rg, J_ARRAY);
        ps->p++;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ']') { ps->p++; return a; }
        for (;;) {
            JValue *e = parse_value(ps, depth + 1);
            if (!e) return NULL;
            jarray_push(ps->rg, a, e);
            skip_ws(ps);
            if (ps->p < ps->end && *ps->p == ',') { ps->p++; continue; }
            if (ps->p < ps->end && *ps->p == ']') { ps->p++; break; }
            perr(ps, "expected ',' or ']'");
            return NULL;
        }
        return a;
    }
    case '"': return parse_string(ps);
    case 't': if (literal(ps, "true")) return jbool(ps->rg, 1); break;
    case 'f': if (literal(ps, "false")) return jbool(ps->rg, 0); break;
    case 'n': if (literal(ps, "null")) return jnull(ps->rg); break;
    default:
        if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9')) return parse_number(ps);
    }
    perr(ps, "unexpected byte");
    return NULL;
}

JValue *json_parse(Region *rg, const uint8_t *text, size_t len, char *err, size_t errlen) {
    Parser ps;
    JValue *v;
    ps.rg = rg;
    ps.p = ps.start = text;
    ps.end = text + len;
    ps.err = err;
    ps.errlen = errlen;
    ps.failed = 0;
    v = parse_value(&ps, 0);
    if (!v) return NULL;
    skip_ws(&ps);
    if (ps.p != ps.end) { perr(&ps, "trailing bytes after the JSON value"); return NULL; }
    return v;
}

/* ---- integers ---- */

JIntResult json_integer(const JValue *v, int *negative, uint64_t *magnitude) {
    const char *p = v->str, *end = v->str + v->len;
    const char *int_s, *int_e, *frac_s = NULL, *frac_e = NULL;
    long long exp = 0, e;
    int neg = 0, exp_neg = 0;
    size_t nd, i;
    uint64_t mag = 0;
    /* Mantissa digits are indexed as one sequence: the integer part, then the fraction. */

    if (p < end && *p == '-') { neg = 1; p++; }
    int_s = p;
    while (p < end && *p >= '0' && *p <= '9') p++;
    int_e = p;
    if (p < end && *p == '.') {
        frac_s = ++p;
        while (p < end && *p >= '0' && *p <= '9') p++;
        frac_e = p;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-')) exp_neg = *p++ == '-';
        while (p < end && *p >= '0' && *p <= '9') {
            /* Any exponent this large already decides the answer; clamping keeps it exact. */
            if (exp < 1000000000LL) exp = exp * 10 + (*p - '0');
            p++;
        }
        if (exp_neg) exp = -exp;
    }
#define DIGIT_AT(k) ((k) < (size_t)(int_e - int_s) ? int_s[k] : frac_s[(k) - (size_t)(int_e - int_s)])
    nd = (size_t)(int_e - int_s) + (frac_s ? (size_t)(frac_e - frac_s) : 0);
    e = exp - (long long)(frac_s ? (size_t)(frac_e - frac_s) : 0);
    /* Strip leading and trailing zeros. */
    i = 0;
    while (i < nd && DIGIT_AT(i) == '0') i++;
    if (i == nd) {
        *negative = 0;
        *magnitude = 0;
        return JINT_OK;
    }
    while (nd > i && DIGIT_AT(nd - 1) == '0') { nd--; e++; }
    if (e < 0) return JINT_NOT_INTEGRAL;
    if ((long long)(nd - i) + e > 20) return JINT_TOO_LARGE;
    for (; i < nd; i++) {
        unsigned d = (unsigned)(DIGIT_AT(i) - '0');
        if (mag > (UINT64_MAX - d) / 10) return JINT_TOO_LARGE;
        mag = mag * 10 + d;
    }
    for (; e > 0; e--) {
        if (mag > UINT64_MAX / 10) return JINT_TOO_LARGE;
        mag *= 10;
    }
#undef DIGIT_AT
    *negative = neg;
    *magnitude = mag;
    return JINT_OK;
}

/* ---- writer ---- */

void json_write_string(Buf *b, const char *s, size_t len) {
    static const char hexd[] = "0123456789abcdef";
    size_t i, run = 0;
    buf_byte(b, '"');
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *esc = NULL;
        char u[7];
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        buf_put(b, s + run, i - run);
        run = i + 1;
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        default:
            u[0] = '\\'; u[1] = 'u'; u[2] = '0'; u[3] = '0';
            u[4] = hexd[c >> 4]; u[5] = hexd[c & 15]; u[6] = 0;
            esc = u;
        }
        buf_str(b, esc);
    }
    buf_put(b, s + run, len - run);
    buf_byte(b, '"');
}

void json_write(Buf *b, const JValue *v) {
    size_t i;
    switch (v->type) {
    case J_NULL: buf_str(b, "null"); break;
    case J_BOOL: buf_str(b, v->boolean ? "true" : "false"); break;
    case J_NUMBER: buf_put(b, v->str, v->len); break;
    case J_STRING: json_write_string(b, v->str, v->len); break;
    case J_ARRAY:
        buf_byte(b, '[');
        for (i = 0; i < v->n; i++) {
            if (i) buf_byte(b, ',');
            json_write(b, v->items[i]);
        }
        buf_byte(b, ']');
        break;
    case J_OBJECT:
        buf_byte(b, '{');
        for (i = 0; i < v->n; i++) {
            if (i) buf_byte(b, ',');
            json_write_string(b, v->members[i].key, v->members[i].klen);
            buf_byte(b, ':');
            json_write(b, v->members[i].val);
        }
        buf_byte(b, '}');
        break;
    }
}

int utf8_valid(const void *p, size_t n) {
    const uint8_t *s = p, *end;
    if (n == 0) return 1; /* p may be NULL for no bytes */
    end = s + n;
    while (s < end) {
        size_t k = utf8_seq(s, end);
        if (!k) return 0;
        s += k;
    }
    return 1;
}
