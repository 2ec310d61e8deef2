/* score.c: answer extraction, normalisation and judging; pass@k. */
#include <config.h>

#include "score.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/coord.h"
#include "jsonfield.h"

/* ---- set records --------------------------------------------------------- */

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

int score_parse_point(const char *s, int *point, char *err)
{
    char buf[32];
    size_t n = 0;
    for (const char *p = s; *p && n + 1 < sizeof buf; p++)
        if (*p != '-')
            buf[n++] = *p;
    buf[n] = '\0';
    if (strlen(s) >= sizeof buf)
        return vp_fail(err, VP_EINVAL, "\"%.20s...\" is too long for a move", s);
    return coord_parse(buf, 19, point, err);
}

int score_accepts(const score_key *k, int point)
{
    if (point == COORD_PASS)
        return k->accept_pass;
    return point >= 0 && point < BB361_POINTS && bb361_test(&k->accepted, point);
}

static int add_point(score_key *k, bb361 *set, int point)
{
    if (point == COORD_PASS)
        k->accept_pass = 1;
    else
        bb361_set(set, point);
    return 0;
}

/* A point field (string) at path into *point; JSONFIELD_ABSENT when optional. */
static int point_field(const json_t *o, const char *path, int required, int *point, char *err)
{
    const char *s;
    int rc = jsonfield_string(o, path, required, &s, err);
    if (rc)
        return rc;
    char why[VP_ERRLEN];
    if (score_parse_point(s, point, why))
        return vp_fail(err, VP_EINVAL, "field '%s': %s", path, why);
    return 0;
}

static int label_of(const char *s)
{
    if (!s || !isalpha((unsigned char)s[0]) || s[1])
        return 0;
    return toupper((unsigned char)s[0]);
}

static int parse_go(const json_t *rec, score_record *r, char *err)
{
    score_key *k = &r->key;
    k->kind = SCORE_GO;
    const json_t *opts = jsonfield_get(rec, "Question.options");
    if (opts && !json_is_null(opts)) {
        if (!json_is_object(opts))
            return vp_fail(err, VP_EINVAL, "field 'Question.options': expected an object (label -> coordinate), got %s",
                           jsonfield_kind(opts));
        const char *label;
        json_t *v;
        json_object_foreach((json_t *)opts, label, v) {
            int l = label_of(label);
            if (!l)
                return vp_fail(err, VP_EINVAL, "field 'Question.options': label \"%.20s\" is not one letter", label);
            if (!json_is_string(v))
                return vp_fail(err, VP_EINVAL, "field 'Question.options.%s': expected a string, got %s", label,
                               jsonfield_kind(v));
            for (int i = 0; i < k->noptions; i++)
                if (k->option_label[i] == l)
                    return vp_fail(err, VP_EINVAL, "field 'Question.options': label %c appears twice", l);
            char why[VP_ERRLEN];
            int p;
            if (score_parse_point(json_string_value(v), &p, why))
                return vp_fail(err, VP_EINVAL, "field 'Question.options.%s': %s", label, why);
            k->option_label[k->noptions] = (char)l;
            k->option_point[k->noptions++] = p;
        }
    }
    const char *side;
    int rc = jsonfield_string(rec, "Question.to_play", 0, &side, err);
    if (rc < 0)
        return rc;
    if (rc == 0) {
        if (!strcmp(side, "B") || !strcmp(side, "b") || !strcmp(side, "black") || !strcmp(side, "Black"))
            k->to_play = 'B';
        else if (!strcmp(side, "W") || !strcmp(side, "w") || !strcmp(side, "white") || !strcmp(side, "White"))
            k->to_play = 'W';
        else
            return vp_fail(err, VP_EINVAL, "field 'Question.to_play': \"%.20s\" is not B or W", side);
    }
    const json_t *all = jsonfield_get(rec, "Solution.all_correct_answers");
    if (all && !json_is_null(all)) {
        if (!json_is_array(all))
            return vp_fail(err, VP_EINVAL, "field 'Solution.all_correct_answers': expected an array, got %s",
                           jsonfield_kind(all));
        for (size_t i = 0; i < json_array_size(all); i++) {
            json_t *v = json_array_get(all, i);
            char why[VP_ERRLEN];
            int p;
            if (!json_is_string(v))
                return vp_fail(err, VP_EINVAL, "field 'Solution.all_correct_answers[%zu]': expected a string, got %s",
                               i, jsonfield_kind(v));
            if (score_parse_point(json_string_value(v), &p, why))
                return vp_fail(err, VP_EINVAL, "field 'Solution.all_correct_answers[%zu]': %s", i, why);
            add_point(k, &k->accepted, p);
        }
    }
    int p;
    rc = point_field(rec, "Solution.correct_answer", 0, &p, err);
    if (rc < 0)
        return rc;
    if (rc == 0)
        add_point(k, &k->accepted, p);
    const char *opt;
    rc = jsonfield_string(rec, "Solution.correct_option", 0, &opt, err);
    if (rc < 0)
        return rc;
    if (rc == 0) {
        int l = label_of(opt), at = -1;
        for (int i = 0; i < k->noptions; i++)
            if (k->option_label[i] == l)
                at = i;
        if (at < 0)
            return vp_fail(err, VP_EINVAL, "field 'Solution.correct_option': \"%.20s\" is not a label of Question.options",
                           opt);
        int q = k->option_point[at];
        if (bb361_is_empty(k->accepted) && !k->accept_pass)
            add_point(k, &k->accepted, q);
        else if (!score_accepts(k, q)) {
            char buf[COORD_BUFLEN];
            return vp_fail(err, VP_EINVAL, "field 'Solution.correct_option': %c is %s, which is not an accepted answer",
                           l, coord_format(q, 19, buf));
        }
    }
    if (bb361_is_empty(k->accepted) && !k->accept_pass)
        return vp_fail(err, VP_EINVAL, "field 'Solution.correct_answer': missing (no accepted answer in "
                                       "correct_answer, all_correct_answers or correct_option)");
    char buf[64];
    rc = jsonfield_text(rec, "difficulty", 0, buf, sizeof buf, err);
    if (rc < 0)
        return rc;
    r->category = strdup(rc == 0 ? buf : "-");
    const char *src;
    rc = jsonfield_string(rec, "source", 0, &src, err);
    if (rc < 0)
        return rc;
    r->source = rc == 0 ? strdup(src) : NULL;
    const char *verdict;
    rc = jsonfield_string(rec, "verdict", 0, &verdict, err);
    if (rc < 0)
        return rc;
    r->verdict = rc == 0 ? strdup(verdict) : NULL;
    return r->category ? 0 : vp_fail(err, VP_ENOMEM, "out of memory");
}

/* A list of cell letters at path into *set; returns 0, JSONFIELD_ABSENT or VP_EINVAL. */
static int letters_field(const json_t *rec, const char *path, int required, bb361 *set, char *err)
{
    const json_t *a = jsonfield_get(rec, path);
    if (!a || json_is_null(a)) {
        if (required)
            return vp_fail(err, VP_EINVAL, "field '%s': missing", path);
        return JSONFIELD_ABSENT;
    }
    if (!json_is_array(a))
        return vp_fail(err, VP_EINVAL, "field '%s': expected an array of cell letters, got %s", path, jsonfield_kind(a));
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *v = json_array_get(a, i);
        int l = json_is_string(v) ? label_of(json_string_value(v)) : 0;
        if (!l)
            return vp_fail(err, VP_EINVAL, "field '%s[%zu]': expected one letter", path, i);
        bb361_set(set, l - 'A');
    }
    return 0;
}

static int parse_ttt(const json_t *rec, score_record *r, char *err)
{
    score_key *k = &r->key;
    k->kind = SCORE_TTT;
    int rc = letters_field(rec, "answers", 1, &k->accepted, err);
    if (rc)
        return rc;
    if (bb361_is_empty(k->accepted))
        return vp_fail(err, VP_EINVAL, "field 'answers': empty");
    rc = letters_field(rec, "optimal_moves", 0, &k->optimal, err);
    if (rc < 0)
        return rc;
    k->has_optimal = rc == 0;
    const char *s;
    rc = jsonfield_string(rec, "game", 0, &s, err);
    if (rc < 0)
        return rc;
    r->category = strdup(rc == 0 ? s : "-");
    rc = jsonfield_string(rec, "verdict", 0, &s, err);
    if (rc < 0)
        return rc;
    r->verdict = rc == 0 ? strdup(s) : NULL;
    return r->category ? 0 : vp_fail(err, VP_ENOMEM, "out of memory");
}

int score_record_parse(const json_t *rec, score_record *r, char *err)
{
    memset(r, 0, sizeof *r);
    if (!json_is_object(rec))
        return vp_fail(err, VP_EINVAL, "expected a JSON object, got %s", jsonfield_kind(rec));
    char id[256];
    int rc = jsonfield_text(rec, "id", 1, id, sizeof id, err);
    if (rc)
        return rc;
    r->id = dup_or_null(id);
    if (!r->id)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    if (json_object_get(rec, "Solution"))
        return parse_go(rec, r, err);
    if (json_object_get(rec, "answers"))
        return parse_ttt(rec, r, err);
    return vp_fail(err, VP_EINVAL, "field 'Solution': missing (a record needs 'Solution' (tsumego) or 'answers' (TTT))");
}

void score_record_free(score_record *r)
{
    free(r->id);
    free(r->category);
    free(r->verdict);
    free(r->source);
    memset(r, 0, sizeof *r);
}

/* ---- reading an answer ----------------------------------------------------- */

enum { TOK_NONE = 0, TOK_LABEL, TOK_COORD, TOK_LABEL_COORD, TOK_PASS };

typedef struct tok {
    int kind;
    char label;   /* TOK_LABEL, TOK_LABEL_COORD */
    char col;     /* TOK_COORD, TOK_LABEL_COORD: the column letter as written */
    int row;      /* 1..99 */
    const char *end;
} tok;

/* Characters that dress an answer up without changing it: spaces, Markdown
 * emphasis and code, quotes, brackets, TeX math. */
static int is_decor(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '*' || c == '`' || c == '"' || c == '\'' ||
           c == '(' || c == '[' || c == '{' || c == '$' || c == '<';
}

static int is_closing(int c)
{
    return is_decor(c) || c == ')' || c == ']' || c == '}' || c == '>' || c == '.' || c == ',' || c == ';' ||
           c == ':' || c == '!' || c == '?';
}

static const char *skip_decor(const char *p, const char *end)
{
    while (p < end && is_decor((unsigned char)*p))
        p++;
    return p;
}

static int word_at(const char *p, const char *end, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(end - p) < n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)p[i]) != w[i])
            return 0;
    return p + n == end || !isalnum((unsigned char)p[n]);
}

/* Words that may introduce the answer: "option B", "cell H", "move P15". */
static const char *skip_keyword(const char *p, const char *end)
{
    static const char *const words[] = {"option", "choice", "cell", "point", "move", "position", "square",
                                        "coordinate", "vertex"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (word_at(p, end, words[i])) {
            p += strlen(words[i]);
            while (p < end && (is_decor((unsigned char)*p) || *p == ':' || *p == '.' || *p == '#'))
                p++;
            return p;
        }
    return p;
}

/* A coordinate at p: a letter, optional spaces or a dash, one or two
 * digits, then no letter or digit; sets col, row and the end. */
static int coord_at(const char *p, const char *end, tok *t)
{
    if (p >= end || !isalpha((unsigned char)*p))
        return 0;
    const char *q = p + 1;
    while (q < end && *q == ' ')
        q++;
    if (q < end && *q == '-') {
        q++;
        while (q < end && *q == ' ')
            q++;
    }
    int row = 0, digits = 0;
    while (q < end && isdigit((unsigned char)*q) && digits < 3) {
        row = row * 10 + (*q - '0');
        q++;
        digits++;
    }
    if (digits == 0 || digits > 2 || (q < end && isalnum((unsigned char)*q)))
        return 0;
    t->col = *p;
    t->row = row;
    t->end = q;
    return 1;
}

/* Reads one answer token in [p, end). Labels must be capitals unless
 * strict (inside \boxed{}), where nothing but dressing may follow. */
static int read_token(const char *p, const char *end, int strict, tok *t)
{
    memset(t, 0, sizeof *t);
    p = skip_decor(p, end);
    p = skip_keyword(p, end);
    if (p >= end)
        return 0;
    if (word_at(p, end, "pass")) {
        t->kind = TOK_PASS;
        t->end = p + 4;
    } else if (coord_at(p, end, t)) {
        t->kind = TOK_COORD;
    } else if (isalpha((unsigned char)*p) && (p + 1 == end || !isalnum((unsigned char)p[1])) &&
               (strict || isupper((unsigned char)*p))) {
        t->kind = TOK_LABEL;
        t->label = (char)toupper((unsigned char)*p);
        t->end = p + 1;
        /* "B. P15", "B (P15)", "B: P15", "B - P15": the option with its point */
        const char *q = p + 1;
        while (q < end && (is_decor((unsigned char)*q) || *q == '.' || *q == ':' || *q == ')' || *q == '-' ||
                           *q == ','))
            q++;
        tok c;
        if (coord_at(q, end, &c)) {
            const char *r = c.end;
            while (r < end && (*r == ')' || *r == '*' || *r == '`' || *r == ']' || *r == '$'))
                r++;
            int clean = r == end || *r == '\n' || *r == '\r' ||
                        ((*r == '.' || *r == ',' || *r == ';' || *r == '!') &&
                         (r + 1 == end || isspace((unsigned char)r[1])));
            if (clean) {
                t->kind = TOK_LABEL_COORD;
                t->col = c.col;
                t->row = c.row;
                t->end = c.end;
            }
        }
    } else {
        return 0;
    }
    if (strict)
        for (const char *q = t->end; q < end; q++)
            if (!is_closing((unsigned char)*q))
                return 0;
    return 1;
}

/* The content of the last \boxed{...} in s: 1 and [*b, *e), 0 when there
 * is none, -1 when the last one is not closed. */
static int last_boxed(const char *s, const char **b, const char **e)
{
    const char *last = NULL, *p = s;
    while ((p = strstr(p, "\\boxed")) != NULL) {
        last = p;
        p += 6;
    }
    if (!last)
        return 0;
    p = last + 6;
    while (*p == ' ')
        p++;
    if (*p != '{')
        return -1;
    int depth = 0;
    for (const char *q = p; *q; q++) {
        if (*q == '{')
            depth++;
        else if (*q == '}' && --depth == 0) {
            *b = p + 1;
            *e = q;
            return 1;
        }
    }
    return -1;
}

/* Copies [b, e) into out without TeX commands (\text, \mathrm, \, ...),
 * braces and dollars, so that \boxed{\text{P15}} reads P15. */
static void clean_tex(const char *b, const char *e, char *out, size_t len)
{
    size_t n = 0;
    for (const char *p = b; p < e && n + 1 < len; p++) {
        if (*p == '\\') {
            if (p + 1 < e && isalpha((unsigned char)p[1])) {
                while (p + 1 < e && isalpha((unsigned char)p[1]))
                    p++;
            } else if (p + 1 < e) {
                p++;
                if (n + 1 < len)
                    out[n++] = ' ';
            }
            continue;
        }
        if (*p == '{' || *p == '}' || *p == '$')
            continue;
        out[n++] = *p;
    }
    out[n] = '\0';
}

/* Finds "answer" followed by "is", ":" or "=" (case ignored, Markdown
 * between); returns where the answer starts, or NULL. */
static const char *after_answer_word(const char *p, const char *end)
{
    if (!word_at(p, end, "answer"))
        return NULL;
    const char *q = p + 6;
    int seen = 0;
    for (;;) {
        while (q < end && (*q == ' ' || *q == '*' || *q == '_'))
            q++;
        if (q < end && (*q == ':' || *q == '=')) {
            q++;
            seen = 1;
        } else if (!seen && (word_at(q, end, "is") || word_at(q, end, "was"))) {
            q += q[0] == 'w' || q[0] == 'W' ? 3 : 2;
            seen = 1;
        } else {
            break;
        }
    }
    return seen ? q : NULL;
}

static void copy_text(char *dst, size_t len, const char *b, const char *e)
{
    while (b < e && isspace((unsigned char)*b))
        b++;
    while (e > b && isspace((unsigned char)e[-1]))
        e--;
    size_t n = (size_t)(e - b);
    if (n >= len)
        n = len - 1;
    memcpy(dst, b, n);
    dst[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (dst[i] == '\n' || dst[i] == '\r' || dst[i] == '\t')
            dst[i] = ' ';
}

/* The token's meaning under k: 0 and *point, or VP_EINVAL with a reason. */
static int interpret(const score_key *k, const tok *t, int *point, char *why)
{
    char buf[8];
    if (k->kind == SCORE_TTT) {
        if (t->kind == TOK_LABEL) {
            *point = t->label - 'A';
            return 0;
        }
        return vp_fail(why, VP_EINVAL, "not a cell letter");
    }
    if (t->kind == TOK_PASS) {
        *point = COORD_PASS;
        return 0;
    }
    int cp = SCORE_NONE;
    if (t->kind == TOK_COORD || t->kind == TOK_LABEL_COORD) {
        snprintf(buf, sizeof buf, "%c%d", t->col, t->row);
        char e2[VP_ERRLEN];
        if (coord_parse(buf, 19, &cp, e2))
            return vp_fail(why, VP_EINVAL, "%s", e2);
        if (t->kind == TOK_COORD) {
            *point = cp;
            return 0;
        }
    }
    int at = -1;
    for (int i = 0; i < k->noptions; i++)
        if (k->option_label[i] == t->label)
            at = i;
    if (at < 0) {
        if (t->kind == TOK_LABEL_COORD && k->noptions == 0) {
            *point = cp;
            return 0;
        }
        if (k->noptions == 0)
            return vp_fail(why, VP_EINVAL, "option %c, but the question has no options", t->label);
        return vp_fail(why, VP_EINVAL, "%c is not one of the options", t->label);
    }
    if (t->kind == TOK_LABEL_COORD && cp != k->option_point[at]) {
        char a[COORD_BUFLEN], b[COORD_BUFLEN];
        return vp_fail(why, VP_EINVAL, "option %c is %s, but the answer also names %s", t->label,
                       coord_format(k->option_point[at], 19, a), coord_format(cp, 19, b));
    }
    *point = k->option_point[at];
    return 0;
}

void score_judge(const score_key *k, const char *response, score_answer *a)
{
    memset(a, 0, sizeof *a);
    a->verdict = SCORE_UNPARSEABLE;
    a->point = SCORE_NONE;
    a->optimal = -1;
    const char *b, *e, *end = response + strlen(response);
    tok t;
    int found = 0;
    int boxed = last_boxed(response, &b, &e);
    if (boxed < 0) {
        vp_fail(a->reason, VP_EINVAL, "the last \\boxed{ is not closed");
        a->from = SCORE_FROM_BOXED;
        return;
    }
    if (boxed > 0) {
        char clean[256];
        clean_tex(b, e, clean, sizeof clean);
        a->from = SCORE_FROM_BOXED;
        copy_text(a->text, sizeof a->text, clean, clean + strlen(clean));
        if (!read_token(clean, clean + strlen(clean), 1, &t)) {
            vp_fail(a->reason, VP_EINVAL, "\\boxed{%s} is not an answer", a->text);
            return;
        }
        found = 1;
    } else {
        /* the last "answer is X" whose X reads as an answer */
        const char *best = NULL, *best_end = NULL;
        tok bt;
        for (const char *p = response; p < end; p++) {
            if ((p > response && isalnum((unsigned char)p[-1])) || (*p != 'a' && *p != 'A'))
                continue;
            const char *q = after_answer_word(p, end);
            tok c;
            if (q && read_token(q, end, 0, &c)) {
                best = skip_keyword(skip_decor(q, end), end);
                best_end = c.end;
                bt = c;
            }
        }
        if (best) {
            t = bt;
            found = 1;
            a->from = SCORE_FROM_ANSWER_IS;
            copy_text(a->text, sizeof a->text, best, best_end);
        }
    }
    if (!found) {
        vp_fail(a->reason, VP_EINVAL, "no \\boxed{} answer and no \"answer is X\"");
        return;
    }
    int point = SCORE_NONE;
    if (interpret(k, &t, &point, a->reason))
        return;
    a->reason[0] = '\0';
    a->point = point;
    if (k->kind == SCORE_TTT)
        snprintf(a->normal, sizeof a->normal, "%c", 'A' + point);
    else
        coord_format(point, 19, a->normal);
    a->verdict = score_accepts(k, point) ? SCORE_CORRECT : SCORE_WRONG;
    if (k->kind == SCORE_TTT && k->has_optimal)
        a->optimal = point >= 0 && bb361_test(&k->optimal, point);
}

double score_pass_at_k(int n, int c, int k)
{
    if (k < 1 || k > n || c < 0 || c > n)
        return NAN;
    if (n - c < k)
        return 1.0;
    /* C(n-c, k) / C(n, k) = prod_{i = n-c+1}^{n} (1 - k / i) */
    double miss = 1.0;
    for (int i = n - c + 1; i <= n; i++)
        miss *= 1.0 - (double)k / i;
    return 1.0 - miss;
}
