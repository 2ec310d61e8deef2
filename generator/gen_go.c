/* gen_go.c: tsumego benchmark records: the inclusion rules over a df-pn
 * proof, Algorithm 2's options, difficulty and tiers, transforms, the
 * Appendix G prompts and the record's JSON. */
#include <config.h>

#include "gen_go.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/coord.h"
#include "../engines/gosym.h"
#include "../engines/rng.h"
#include "../engines/vp.h"

#define SIZE 19

/* Stream kinds drawn from (seed, id). */
enum { STREAM_LABELS = 0x6c61626c, STREAM_RELABEL = 0x72656c62, STREAM_SHUFFLE = 0x73687566 };

void gen_go_opts_init(gen_go_opts *o)
{
    memset(o, 0, sizeof *o);
    o->k = GEN_GO_DEFAULT_K;
    o->allow_ko = 1;
}

static int root_index(const dfpn_result *r, int m)
{
    for (int i = 0; i < r->nroot; i++)
        if (r->root_move[i] == m)
            return i;
    return -1;
}

static int has(const int *v, int n, int m)
{
    for (int i = 0; i < n; i++)
        if (v[i] == m)
            return 1;
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static const char *name(int m, char *buf) { return coord_format(m, SIZE, buf); }

static double dist(int a, int b)
{
    int dx = bb361_x(a) - bb361_x(b), dy = bb361_y(a) - bb361_y(b);
    return sqrt((double)(dx * dx + dy * dy));
}

/* ---- inclusion ---------------------------------------------------------------- */

int gen_go_accepted(const ld_problem *p, const dfpn_result *r, const int *book, int nbook, int allow_ko, int *all,
                    int *nall, int *cstar, int *ko, char *why)
{
    char b1[COORD_BUFLEN], b2[COORD_BUFLEN];
    *nall = 0;
    *cstar = GO_PASS;
    *ko = 0;
    if (why)
        why[0] = '\0';
    int nunk = 0;
    for (int i = 0; i < r->nroot; i++)
        nunk += r->root_status[i] == DFPN_UNKNOWN;
    if (r->status == DFPN_UNKNOWN || nunk) {
        vp_fail(why, 0, "%d first move%s unknown within the node budget (%lld nodes)", nunk, nunk == 1 ? "" : "s",
                r->nodes);
        return GEN_GO_EX_UNKNOWN;
    }
    /* every book answer must be a first move the solver proves (or, when
     * nothing succeeds unconditionally, wins by ko) */
    for (int i = 0; i < nbook; i++) {
        int k = root_index(r, book[i]);
        if (k < 0) {
            vp_fail(why, 0, "the book's move %s is not a first move in the region", name(book[i], b1));
            return GEN_GO_EX_BOOK;
        }
        if (r->root_status[k] == DFPN_DISPROVED) {
            if (r->root_nline[k] >= 2)
                vp_fail(why, 0, "the solver refutes the book's move %s (answer %s)", name(book[i], b1),
                        name(r->root_line[k][1], b2));
            else
                vp_fail(why, 0, "the solver refutes the book's move %s", name(book[i], b1));
            return GEN_GO_EX_BOOK;
        }
        if (r->root_status[k] == DFPN_KO && r->status == DFPN_PROVED) {
            vp_fail(why, 0, "the book's move %s only wins a ko; %s succeeds unconditionally", name(book[i], b1),
                    name(r->first[0], b2));
            return GEN_GO_EX_BOOK;
        }
    }
    const int *src;
    int n;
    if (r->status == DFPN_PROVED) {
        src = r->first;
        n = r->nfirst;
    } else if (r->status == DFPN_KO) {
        if (!allow_ko) {
            vp_fail(why, 0, "the side to play succeeds only by ko (%d ko move%s)", r->nko, r->nko == 1 ? "" : "s");
            return GEN_GO_EX_KO;
        }
        src = r->ko_first;
        n = r->nko;
        *ko = 1;
    } else {
        vp_fail(why, 0, "every first move fails (%d tried)", r->nroot);
        return GEN_GO_EX_NO_ANSWER;
    }
    if (has(src, n, GO_PASS)) {
        vp_fail(why, 0, "passing succeeds too: no first move is needed");
        return GEN_GO_EX_PASS;
    }
    memcpy(all, src, (size_t)n * sizeof *all);
    qsort(all, (size_t)n, sizeof *all, cmp_int);
    *nall = n;
    *cstar = nbook > 0 ? book[0] : all[0];
    if (n > GEN_GO_MAX_ANSWERS) {
        vp_fail(why, 0, "%d correct first moves (at most %d kept)", n, GEN_GO_MAX_ANSWERS);
        return GEN_GO_EX_DISJOINT;
    }
    for (int i = 0; i < n; i++)
        if (dist(all[i], *cstar) > GEN_GO_ANSWER_SPREAD) {
            vp_fail(why, 0, "%s and %s both succeed, %.1f lines apart", name(*cstar, b1), name(all[i], b2),
                    dist(all[i], *cstar));
            return GEN_GO_EX_DISJOINT;
        }
    /* the frame replaces the open space behind such stones with attacker
     * stones: a refutation that captures them may be wrong on the board,
     * and so may a distractor or an extra answer (bench/RESULTS.md) */
    bb361 edge;
    int nedge = ld_edge_defenders(p, &edge);
    if (nedge) {
        vp_fail(why, 0, "%d defender stone%s on the region's edge (%s%s): the frame encloses %s", nedge,
                nedge == 1 ? "" : "s", name(bb361_lowest(&edge), b1), nedge > 1 ? ", ..." : "",
                nedge == 1 ? "it" : "them");
        return GEN_GO_EX_EDGE;
    }
    return GEN_GO_OK;
}

int gen_go_wider_check(const ld_problem *p, const int *all, int nall, int ko, const int *book, int nbook,
                       long long nodes, char *why)
{
    char b1[COORD_BUFLEN], b2[COORD_BUFLEN], err[VP_ERRLEN];
    if (why)
        why[0] = '\0';
    if (p->region_from != LD_FROM_INFERRED)
        return GEN_GO_OK;
    bb361 extra = bb361_empty(), region;
    for (int i = 0; i < nall; i++)
        if (all[i] != GO_PASS && !has(book, nbook, all[i]))
            bb361_set(&extra, all[i]);
    if (bb361_is_empty(extra))
        return GEN_GO_OK; /* every accepted answer is the book's */
    dfpn_result *r2 = malloc(sizeof *r2);
    if (!r2)
        return vp_fail(why, VP_ENOMEM, "out of memory");
    dfpn_opts o;
    dfpn_opts_init(&o);
    o.max_nodes = nodes;
    o.max_seconds = 0;
    int rc = dfpn_solve_wider(p, extra, &o, &region, r2, err);
    if (rc == VP_ENOMEM)
        rc = vp_fail(why, VP_ENOMEM, "%s", err);
    else if (rc != 0)
        rc = GEN_GO_OK; /* no wider region, or it cannot be posed: no evidence either way */
    else
        for (int i = 0; i < r2->nroot && rc == GEN_GO_OK; i++) {
            int st = r2->root_status[i];
            if (st != DFPN_DISPROVED && (st != DFPN_KO || ko))
                continue;
            char by[COORD_BUFLEN + 8] = "";
            if (st == DFPN_DISPROVED && r2->root_nline[i] >= 2)
                snprintf(by, sizeof by, " by %s", name(r2->root_line[i][1], b2));
            rc = vp_fail(why, GEN_GO_EX_WIDER, "%s (not a book answer) %s%s in a wider region (%d points)",
                         name(r2->root_move[i], b1), st == DFPN_KO ? "succeeds only by ko" : "is refuted", by,
                         bb361_popcount(region));
        }
    free(r2);
    return rc;
}

/* ---- Algorithm 2 ------------------------------------------------------------- */

int gen_go_distractors(const go_board *b, int to_move, bb361 region, bb361 wrong, const int *all, int nall,
                       int cstar, const int *prop, const int *visits, int nprop, int n, int *out)
{
    int cand[GO_NPOINTS], vis[GO_NPOINTS], d2[GO_NPOINTS], m = 0;
    for (int i = 0; i < nprop; i++) {
        int q = prop[i];
        if (q < 0 || q >= GO_NPOINTS || !go_on_board(b, q) || has(cand, m, q))
            continue; /* a pass, off the board, or proposed twice */
        if (go_color_at(b, q) != GO_EMPTY || !go_is_legal(b, to_move, q))
            continue;
        if (!bb361_test(&region, q) || has(all, nall, q) || q == cstar || !bb361_test(&wrong, q))
            continue;
        int dx = bb361_x(q) - bb361_x(cstar), dy = bb361_y(q) - bb361_y(cstar);
        cand[m] = q;
        vis[m] = visits ? visits[i] : 0;
        d2[m] = dx * dx + dy * dy;
        m++;
    }
    /* nearest first; equal distances: more visits, the upper row, the left column */
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0; j--) {
            int a = j - 1, c = j;
            int before = d2[c] != d2[a] ? d2[c] < d2[a]
                         : vis[c] != vis[a] ? vis[c] > vis[a]
                         : bb361_y(cand[c]) != bb361_y(cand[a]) ? bb361_y(cand[c]) > bb361_y(cand[a])
                                                                : bb361_x(cand[c]) < bb361_x(cand[a]);
            if (!before)
                break;
            int t = cand[a];
            cand[a] = cand[c];
            cand[c] = t;
            t = vis[a];
            vis[a] = vis[c];
            vis[c] = t;
            t = d2[a];
            d2[a] = d2[c];
            d2[c] = t;
        }
    int k = m < n ? m : n;
    memcpy(out, cand, (size_t)(k > 0 ? k : 0) * sizeof *out);
    return k;
}

uint64_t gen_go_id_hash(const char *id)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
    for (const unsigned char *s = (const unsigned char *)id; *s; s++)
        h = (h ^ *s) * 0x100000001b3ull;
    return h;
}

static void permutation(rng *g, int *perm, int k)
{
    for (int i = 0; i < k; i++)
        perm[i] = i;
    for (int i = k - 1; i > 0; i--) {
        int j = (int)rng_below(g, (uint64_t)i + 1);
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
}

void gen_go_shuffle_labels(int *moves, int k, uint64_t seed, const char *id)
{
    rng g;
    rng_seed(&g, seed, gen_go_id_hash(id), STREAM_LABELS, 0);
    int perm[GEN_GO_MAX_K], tmp[GEN_GO_MAX_K];
    permutation(&g, perm, k);
    for (int i = 0; i < k; i++)
        tmp[perm[i]] = moves[i];
    memcpy(moves, tmp, (size_t)k * sizeof *moves);
}

/* ---- difficulty ---------------------------------------------------------------- */

double gen_go_difficulty(int main_len, int plausible_wrong, long long proof_nodes)
{
    double s = main_len + 0.5 * plausible_wrong + log10(proof_nodes > 1 ? (double)proof_nodes : 1.0);
    return round(s * 100.0) / 100.0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int gen_go_tiers(const double *score, int n, int ntiers, int *tier, char *err)
{
    if (n <= 0)
        return 0;
    double *s = malloc((size_t)n * sizeof *s);
    if (!s)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    memcpy(s, score, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    for (int i = 0; i < n; i++) {
        int t = 0;
        for (int j = 1; j < ntiers; j++)
            t += score[i] >= s[(long long)j * n / ntiers];
        tier[i] = t;
    }
    free(s);
    return 0;
}

void gen_go_tier_name(int ntiers, int t, char *out, size_t len)
{
    static const char *const two[] = {"easy", "hard"}, *const three[] = {"easy", "medium", "hard"},
                             *const four[] = {"easy", "intermediate", "medium", "hard"};
    if (ntiers == 1)
        snprintf(out, len, "all");
    else if (ntiers == 2)
        snprintf(out, len, "%s", two[t]);
    else if (ntiers == 3)
        snprintf(out, len, "%s", three[t]);
    else if (ntiers == 4)
        snprintf(out, len, "%s", four[t]);
    else
        snprintf(out, len, "tier%d", t + 1);
}

/* ---- the record ----------------------------------------------------------------- */

static void copy_str(char *dst, size_t len, const char *src)
{
    snprintf(dst, len, "%s", src ? src : "");
}

static void line_from(gen_go_line *l, const int *v, int n)
{
    if (n > DFPN_MAX_LINE)
        n = DFPN_MAX_LINE;
    l->n = n;
    memcpy(l->m, v, (size_t)n * sizeof *v);
}

/* The line the proof gives for first move m (its own, else the main line
 * when it starts with m, else just m). */
static void line_of(const dfpn_result *r, int m, gen_go_line *l)
{
    int k = root_index(r, m);
    if (r->nline > 0 && r->line[0] == m && (k < 0 || r->nline >= r->root_nline[k]))
        line_from(l, r->line, r->nline);
    else if (k >= 0 && r->root_nline[k] > 0)
        line_from(l, r->root_line[k], r->root_nline[k]);
    else
        line_from(l, &m, 1);
}

/* Puts the refutations (ref_move with their lines) in point order. */
static void sort_refs(gen_go_record *rec)
{
    for (int i = 1; i < rec->nref; i++)
        for (int j = i; j > 0 && rec->ref_move[j] < rec->ref_move[j - 1]; j--) {
            int t = rec->ref_move[j];
            rec->ref_move[j] = rec->ref_move[j - 1];
            rec->ref_move[j - 1] = t;
            gen_go_line l = rec->ref[j];
            rec->ref[j] = rec->ref[j - 1];
            rec->ref[j - 1] = l;
        }
}

int gen_go_record_build(const gen_go_input *in, const gen_go_opts *o, gen_go_record *rec, char *why)
{
    const ld_problem *p = in->p;
    const dfpn_result *r = in->r;
    char b1[COORD_BUFLEN];
    if (go_size(&p->board) != SIZE)
        return vp_fail(why, VP_EINVAL, "the board is %dx%d, not 19x19", go_size(&p->board), go_size(&p->board));
    if (o->k != 0 && (o->k < 2 || o->k > GEN_GO_MAX_K))
        return vp_fail(why, VP_EINVAL, "K = %d: 0 or 2..%d", o->k, GEN_GO_MAX_K);
    memset(rec, 0, sizeof *rec);
    int all[GO_NPOINTS], nall, cstar, ko;
    int ex = gen_go_accepted(p, r, in->book, in->nbook, o->allow_ko, all, &nall, &cstar, &ko, why);
    if (ex != GEN_GO_OK)
        return ex;

    /* proposals: the MCTS root children it visited, then the solver's refuted first moves */
    bb361 wrong = bb361_empty();
    for (int i = 0; i < r->nroot; i++)
        if (r->root_status[i] == DFPN_DISPROVED && r->root_move[i] != GO_PASS)
            bb361_set(&wrong, r->root_move[i]);
    int prop[GO_NPOINTS + DFPN_MAX_ROOT], visits[GO_NPOINTS + DFPN_MAX_ROOT], nprop = 0, mvis[GO_NPOINTS];
    for (int i = 0; i < GO_NPOINTS; i++)
        mvis[i] = 0;
    if (in->mcts) {
        const mcts_result *m = in->mcts;
        const mcts_node *kids = m->nodes + m->nodes[0].first;
        for (int i = 0; i < m->nroot; i++) {
            if (kids[i].visits > 0 && m->root_move[i] >= 0) {
                mvis[m->root_move[i]] = kids[i].visits;
                prop[nprop] = m->root_move[i];
                visits[nprop++] = kids[i].visits;
            }
        }
    }
    for (int i = 0; i < r->nroot; i++)
        if (r->root_status[i] == DFPN_DISPROVED && r->root_move[i] >= 0) {
            prop[nprop] = r->root_move[i];
            visits[nprop++] = mvis[r->root_move[i]];
        }

    rec->k = o->k;
    rec->correct_option = -1;
    if (o->k > 0) {
        go_board fb;
        char err[VP_ERRLEN];
        if (ld_frame(p, &fb, err) != 0)
            return vp_fail(why, VP_EINVAL, "%s", err);
        int d[GEN_GO_MAX_K];
        int nd = gen_go_distractors(&fb, p->to_move, p->region, wrong, all, nall, cstar, prop, visits, nprop,
                                    o->k - 1, d);
        if (nd < o->k - 1) {
            vp_fail(why, 0, "%d proven-wrong distractor%s near %s (%d needed)", nd, nd == 1 ? "" : "s",
                    name(cstar, b1), o->k - 1);
            return GEN_GO_EX_DISTRACTORS;
        }
        int moves[GEN_GO_MAX_K];
        moves[0] = cstar;
        memcpy(moves + 1, d, (size_t)nd * sizeof *d);
        gen_go_shuffle_labels(moves, o->k, o->seed, in->id);
        for (int i = 0; i < o->k; i++) {
            rec->options[i] = moves[i];
            rec->option_order[i] = i;
            if (moves[i] == cstar)
                rec->correct_option = i;
        }
    }

    copy_str(rec->id, sizeof rec->id, in->id);
    copy_str(rec->source, sizeof rec->source, in->source);
    copy_str(rec->collection, sizeof rec->collection, in->collection);
    copy_str(rec->difficulty, sizeof rec->difficulty, "all");
    rec->transform = GEN_GO_T_IDENTITY;
    rec->black = p->board.set[GO_BLACK];
    rec->white = p->board.set[GO_WHITE];
    rec->target = bb361_and(p->target, p->board.set[p->defender]);
    rec->region = p->region;
    rec->to_play = p->to_move;
    rec->goal = p->goal;
    rec->correct_answer = cstar;
    rec->nall = nall;
    memcpy(rec->all, all, (size_t)nall * sizeof *all);
    rec->ko = ko;
    line_of(r, cstar, &rec->main_line);
    for (int i = 0; i < nall && rec->nvar < GEN_GO_MAX_VAR; i++)
        if (all[i] != cstar)
            line_of(r, all[i], &rec->var[rec->nvar++]);
    for (int i = 0; i < r->nroot; i++)
        if (r->root_status[i] == DFPN_DISPROVED && r->root_move[i] != GO_PASS) {
            int k = rec->nref++;
            rec->ref_move[k] = r->root_move[i];
            line_of(r, r->root_move[i], &rec->ref[k]);
        }
    sort_refs(rec);
    rec->proof_nodes = r->nodes;

    /* plausible wrong first moves: a refutation longer than the one reply,
     * or as many MCTS visits as the reference answer */
    int w = 0;
    for (int i = 0; i < rec->nref; i++)
        w += rec->ref[i].n >= 3 || (in->mcts && mvis[rec->ref_move[i]] >= mvis[cstar]);
    rec->plausible_wrong = w;
    rec->difficulty_score = gen_go_difficulty(rec->main_line.n, w, r->nodes);

    rec->nbook = in->nbook;
    memcpy(rec->book, in->book, (size_t)in->nbook * sizeof *in->book);
    rec->solver_agrees = in->nbook > 0 ? has(all, nall, in->book[0]) : -1;
    rec->nodes_budget = o->nodes_budget;
    return GEN_GO_OK;
}

/* ---- transforms ------------------------------------------------------------------ */

static void map_line(gen_go_line *l, int k)
{
    for (int i = 0; i < l->n; i++)
        l->m[i] = gosym_point(SIZE, k, l->m[i]);
}

int gen_go_transform(const gen_go_record *src, int t, uint64_t seed, gen_go_record *dst, char *err)
{
    if (t <= GEN_GO_T_IDENTITY || t >= GEN_GO_NTRANSFORMS)
        return vp_fail(err, VP_EINVAL, "transform %d: not a variant", t);
    if ((t == GEN_GO_T_RELABEL || t == GEN_GO_T_SHUFFLE) && src->k < 2)
        return vp_fail(err, VP_EINVAL, "%s needs options (K >= 2)", gen_go_transform_name(t));
    if (dst != src)
        memcpy(dst, src, sizeof *dst);
    snprintf(dst->variant_of, sizeof dst->variant_of, "%s", src->id);
    if (snprintf(dst->id, sizeof dst->id, "%s.%s", src->id, gen_go_transform_name(t)) >= (int)sizeof dst->id)
        return vp_fail(err, VP_ERANGE, "id too long: %s", src->id);
    dst->transform = t;
    dst->image[0] = '\0';
    int k = t == GEN_GO_T_ROT90    ? GOSYM_ROT90
            : t == GEN_GO_T_ROT180 ? GOSYM_ROT180
            : t == GEN_GO_T_ROT270 ? GOSYM_ROT270
            : t == GEN_GO_T_FLIP_H ? GOSYM_FLIP_X
            : t == GEN_GO_T_FLIP_V ? GOSYM_FLIP_Y
                                   : GOSYM_IDENTITY;
    if (k != GOSYM_IDENTITY) {
        dst->black = gosym_set(SIZE, k, src->black);
        dst->white = gosym_set(SIZE, k, src->white);
        dst->target = gosym_set(SIZE, k, src->target);
        dst->region = gosym_set(SIZE, k, src->region);
        for (int i = 0; i < src->k; i++)
            dst->options[i] = gosym_point(SIZE, k, src->options[i]);
        dst->correct_answer = gosym_point(SIZE, k, src->correct_answer);
        for (int i = 0; i < src->nall; i++)
            dst->all[i] = gosym_point(SIZE, k, src->all[i]);
        qsort(dst->all, (size_t)dst->nall, sizeof *dst->all, cmp_int);
        map_line(&dst->main_line, k);
        for (int i = 0; i < dst->nvar; i++)
            map_line(&dst->var[i], k);
        for (int i = 0; i < dst->nref; i++) {
            dst->ref_move[i] = gosym_point(SIZE, k, src->ref_move[i]);
            map_line(&dst->ref[i], k);
        }
        sort_refs(dst);
        for (int i = 0; i < src->nbook; i++)
            dst->book[i] = gosym_point(SIZE, k, src->book[i]);
    } else if (t == GEN_GO_T_INVERT) {
        dst->black = src->white;
        dst->white = src->black;
        dst->to_play = go_other(src->to_play);
    } else {
        rng g;
        int perm[GEN_GO_MAX_K];
        int identity = 1;
        rng_seed(&g, seed, gen_go_id_hash(src->id), t == GEN_GO_T_RELABEL ? STREAM_RELABEL : STREAM_SHUFFLE, 0);
        /* redraw until the variant differs: the correct label moves
         * (relabel), the listing order changes (shuffle) */
        do {
            permutation(&g, perm, src->k);
            identity = 1;
            for (int i = 0; i < src->k; i++)
                identity &= perm[i] == i;
        } while (t == GEN_GO_T_RELABEL ? perm[src->correct_option] == src->correct_option : identity);
        if (t == GEN_GO_T_RELABEL) {
            for (int i = 0; i < src->k; i++) {
                dst->options[perm[i]] = src->options[i];
                dst->option_order[i] = i;
            }
            dst->correct_option = perm[src->correct_option];
        } else {
            for (int i = 0; i < src->k; i++)
                dst->option_order[i] = src->option_order[perm[i]];
        }
    }
    return 0;
}

int gen_go_check(const gen_go_record *rec, char *err)
{
    char b1[COORD_BUFLEN];
    bb361 stones = bb361_or(rec->black, rec->white);
    if (bb361_intersects(rec->black, rec->white))
        return vp_fail(err, VP_EINVAL, "%s: a point holds both colours", rec->id);
    if (!bb361_subset(stones, bb361_square(SIZE)))
        return vp_fail(err, VP_EINVAL, "%s: a stone off the board", rec->id);
    if (rec->to_play != GO_BLACK && rec->to_play != GO_WHITE)
        return vp_fail(err, VP_EINVAL, "%s: no side to play", rec->id);
    if (rec->nall < 1 || !has(rec->all, rec->nall, rec->correct_answer))
        return vp_fail(err, VP_EINVAL, "%s: the reference answer is not among the accepted moves", rec->id);
    for (int i = 0; i < rec->nall; i++)
        if (rec->all[i] < 0 || bb361_test(&stones, rec->all[i]))
            return vp_fail(err, VP_EINVAL, "%s: accepted move %s is not an empty point", rec->id,
                           name(rec->all[i], b1));
    if (rec->k < 0 || rec->k > GEN_GO_MAX_K || rec->k == 1)
        return vp_fail(err, VP_EINVAL, "%s: K = %d", rec->id, rec->k);
    int ncorrect = 0, seen = 0;
    for (int i = 0; i < rec->k; i++) {
        int q = rec->options[i];
        if (q < 0 || q >= GO_NPOINTS || bb361_test(&stones, q) || !bb361_test(&rec->region, q))
            return vp_fail(err, VP_EINVAL, "%s: option %c is not an empty point of the region", rec->id, 'A' + i);
        for (int j = 0; j < i; j++)
            if (rec->options[j] == q)
                return vp_fail(err, VP_EINVAL, "%s: options %c and %c are the same point", rec->id, 'A' + j, 'A' + i);
        if (has(rec->all, rec->nall, q)) {
            ncorrect++;
            if (i != rec->correct_option)
                return vp_fail(err, VP_EINVAL, "%s: option %c (%s) is a second correct answer", rec->id, 'A' + i,
                               name(q, b1));
        }
        int o = rec->option_order[i];
        if (o < 0 || o >= rec->k || (seen & (1 << o)))
            return vp_fail(err, VP_EINVAL, "%s: option_order is not a permutation", rec->id);
        seen |= 1 << o;
    }
    if (rec->k > 0 && (ncorrect != 1 || rec->options[rec->correct_option] != rec->correct_answer))
        return vp_fail(err, VP_EINVAL, "%s: %d options are correct (exactly one expected)", rec->id, ncorrect);
    for (int i = 0; i < rec->nref; i++)
        if (has(rec->all, rec->nall, rec->ref_move[i]))
            return vp_fail(err, VP_EINVAL, "%s: %s is both correct and refuted", rec->id, name(rec->ref_move[i], b1));
    return 0;
}

/* ---- prompts ---------------------------------------------------------------------- */

static const char *color_word(int c) { return c == GO_BLACK ? "Black" : "White"; }

static void stone_list(strbuf *s, const char *label, bb361 set)
{
    char b[COORD_BUFLEN];
    strbuf_printf(s, "%s:", label);
    if (bb361_is_empty(set))
        strbuf_puts(s, " none");
    int first = 1;
    for (int q = bb361_next(&set, 0); q >= 0; q = bb361_next(&set, q + 1), first = 0)
        strbuf_printf(s, "%s %s", first ? "" : ",", name(q, b));
    strbuf_puts(s, "\n");
}

static void present_sym(strbuf *s, const gen_go_record *rec)
{
    strbuf_puts(s, "Board: 19x19; columns A-T (without I) from left to right, rows 1-19 from bottom to top.\n");
    stone_list(s, "Black stones", rec->black);
    stone_list(s, "White stones", rec->white);
}

static void present_grid(strbuf *s, const gen_go_record *rec)
{
    strbuf_puts(s, "Board matrix: 19 rows of 19 numbers; the first row is row 19 (the top), the last row is row 1 "
                   "(the bottom); columns A-T (without I) from left to right; 0 = empty, 1 = black stone, "
                   "2 = white stone.\n");
    for (int y = SIZE - 1; y >= 0; y--) {
        for (int x = 0; x < SIZE; x++) {
            int q = bb361_xy(x, y);
            strbuf_printf(s, "%s%d", x ? " " : "", bb361_test(&rec->black, q) ? 1 : bb361_test(&rec->white, q) ? 2 : 0);
        }
        strbuf_puts(s, "\n");
    }
}

static void present_visual(strbuf *s, const gen_go_record *rec)
{
    strbuf_printf(s, "Board image: %s (columns A-T without I from left to right, rows 1-19 from bottom to top, as "
                     "labelled on the image).\n",
                  rec->image[0] ? rec->image : "(not drawn)");
}

int gen_go_prompt(const gen_go_record *rec, int modality, strbuf *out)
{
    char b[COORD_BUFLEN];
    const char *side = color_word(rec->to_play);
    int rc = 0;
    if (rec->k > 0)
        rc |= strbuf_printf(out,
                            "You are a top-level Go master. Please carefully analyze this Go life-and-death problem, "
                            "reason deeply, and choose the optimal first move for %s from the given options. %s to "
                            "play and %s.\n\n",
                            side, side, rec->goal == LD_KILL ? "kill" : "live");
    else
        rc |= strbuf_printf(out,
                            "You are a top-level Go master. Please carefully analyze this Go life-and-death problem, "
                            "reason deeply, and find the optimal first move for %s, the side to play. %s to play and "
                            "%s.\n\n",
                            side, side, rec->goal == LD_KILL ? "kill" : "live");
    if (modality & (GEN_GO_SYM | GEN_GO_SYM_GRID | GEN_GO_SYM_VISUAL))
        present_sym(out, rec);
    if (modality & (GEN_GO_GRID | GEN_GO_SYM_GRID))
        present_grid(out, rec);
    if (modality & (GEN_GO_VISUAL | GEN_GO_SYM_VISUAL))
        present_visual(out, rec);
    rc |= strbuf_printf(out, "Side to play: %s\n\n", side);
    if (rec->k > 0) {
        strbuf_puts(out, "Candidate moves:\n");
        for (int i = 0; i < rec->k; i++) {
            int l = rec->option_order[i];
            strbuf_printf(out, "%c. %s\n", 'A' + l, name(rec->options[l], b));
        }
        rc |= strbuf_puts(out, "\nPlease think step by step about the continuations after each option, and finally "
                               "state your answer clearly. Answer format: at the end, explicitly write \"answer is "
                               "X\", where X is one of the option labels.");
    } else {
        rc |= strbuf_puts(out, "No candidate moves are provided. Please think step by step about possible moves and "
                               "their continuations, and finally state your answer clearly. Answer format: at the "
                               "end, explicitly write \"answer is X\", where X is a board coordinate such as T18.");
    }
    return rc ? VP_ENOMEM : 0;
}

/* ---- JSON ------------------------------------------------------------------------- */

static json_t *set_json(bb361 set)
{
    json_t *a = json_array();
    char b[COORD_BUFLEN];
    for (int q = bb361_next(&set, 0); q >= 0; q = bb361_next(&set, q + 1))
        json_array_append_new(a, json_string(name(q, b)));
    return a;
}

static json_t *moves_json(const int *v, int n)
{
    json_t *a = json_array();
    char b[COORD_BUFLEN];
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(name(v[i], b)));
    return a;
}

static json_t *label_json(int i)
{
    char l[2] = {(char)('A' + i), '\0'};
    return json_string(l);
}

/* What Provenance notes: answers beyond the book's, no book, a ko answer. */
static char *provenance_note(const gen_go_record *rec)
{
    char b[COORD_BUFLEN];
    strbuf s;
    strbuf_init(&s);
    int extra = 0;
    for (int i = 0; i < rec->nall; i++)
        extra += !has(rec->book, rec->nbook, rec->all[i]);
    if (rec->nbook == 0) {
        strbuf_puts(&s, "no book answer: the reference is the first proven move in point order");
    } else if (extra > 0) {
        strbuf_puts(&s, "the solver also proves");
        for (int i = 0; i < rec->nall; i++)
            if (!has(rec->book, rec->nbook, rec->all[i]))
                strbuf_printf(&s, " %s", name(rec->all[i], b));
        strbuf_puts(&s, " (not in the book)");
    }
    if (rec->ko)
        strbuf_printf(&s, "%s%s succeeds only by ko", extra > 0 || rec->nbook == 0 ? "; " : "",
                      color_word(rec->to_play));
    return strbuf_take(&s);
}

json_t *gen_go_record_json(const gen_go_record *rec, unsigned modalities, char *err)
{
    if (gen_go_check(rec, err) != 0)
        return NULL;
    char b[COORD_BUFLEN];
    json_t *j = json_object();
    json_object_set_new(j, "format", json_string(GEN_GO_FORMAT));
    json_object_set_new(j, "format_version", json_integer(GEN_GO_FORMAT_VERSION));
    json_object_set_new(j, "id", json_string(rec->id));
    json_object_set_new(j, "source", json_string(rec->source));
    json_object_set_new(j, "collection", json_string(rec->collection));
    json_object_set_new(j, "difficulty", json_string(rec->difficulty));
    json_object_set_new(j, "difficulty_score", json_real(rec->difficulty_score));
    json_object_set_new(j, "variant_of", rec->variant_of[0] ? json_string(rec->variant_of) : json_null());
    json_object_set_new(j, "transform", json_string(gen_go_transform_name(rec->transform)));

    json_t *q = json_object();
    json_object_set_new(q, "board_size", json_integer(SIZE));
    json_object_set_new(q, "black", set_json(rec->black));
    json_object_set_new(q, "white", set_json(rec->white));
    json_t *grid = json_array();
    for (int y = SIZE - 1; y >= 0; y--) {
        json_t *row = json_array();
        for (int x = 0; x < SIZE; x++) {
            int p = bb361_xy(x, y);
            json_array_append_new(row, json_integer(bb361_test(&rec->black, p)   ? 1
                                                    : bb361_test(&rec->white, p) ? 2
                                                                                 : 0));
        }
        json_array_append_new(grid, row);
    }
    json_object_set_new(q, "grid", grid);
    json_object_set_new(q, "to_play", json_string(rec->to_play == GO_BLACK ? "B" : "W"));
    json_object_set_new(q, "goal", json_string(rec->goal == LD_KILL ? "kill" : "live"));
    json_object_set_new(q, "target", set_json(rec->target));
    json_object_set_new(q, "region", set_json(rec->region));
    json_t *opts = json_object(), *order = json_array();
    for (int i = 0; i < rec->k; i++) {
        char l[2] = {(char)('A' + i), '\0'};
        json_object_set_new(opts, l, json_string(name(rec->options[i], b)));
        json_array_append_new(order, label_json(rec->option_order[i]));
    }
    json_object_set_new(q, "options", opts);
    json_object_set_new(q, "option_order", order);
    if (rec->image[0])
        json_object_set_new(q, "image", json_string(rec->image));
    json_object_set_new(j, "Question", q);

    json_t *s = json_object();
    json_object_set_new(s, "correct_answer", json_string(name(rec->correct_answer, b)));
    json_object_set_new(s, "all_correct_answers", moves_json(rec->all, rec->nall));
    json_object_set_new(s, "correct_option", rec->k > 0 ? label_json(rec->correct_option) : json_null());
    json_object_set_new(s, "ko", json_boolean(rec->ko));
    json_object_set_new(s, "main_line", moves_json(rec->main_line.m, rec->main_line.n));
    json_t *vars = json_array();
    for (int i = 0; i < rec->nvar; i++)
        json_array_append_new(vars, moves_json(rec->var[i].m, rec->var[i].n));
    json_object_set_new(s, "variations", vars);
    json_t *refs = json_object();
    for (int i = 0; i < rec->nref; i++)
        json_object_set_new(refs, name(rec->ref_move[i], b), moves_json(rec->ref[i].m, rec->ref[i].n));
    json_object_set_new(s, "refutations", refs);
    json_object_set_new(s, "proof_nodes", json_integer((json_int_t)rec->proof_nodes));
    json_object_set_new(j, "Solution", s);

    json_t *pr = json_object();
    int fail = 0;
    for (int m = 0; m < GEN_GO_NMODALITIES; m++) {
        unsigned bit = 1u << m;
        if (!(modalities & bit))
            continue;
        strbuf t;
        strbuf_init(&t);
        if (gen_go_prompt(rec, (int)bit, &t) != 0) {
            fail = 1;
            strbuf_free(&t);
            break;
        }
        char *text = strbuf_take(&t);
        if (!text) {
            fail = 1;
            break;
        }
        json_object_set_new(pr, gen_go_modality_name((int)bit), json_string(text));
        free(text);
    }
    json_object_set_new(j, "Prompt", pr);

    json_t *pv = json_object();
    json_object_set_new(pv, "file", json_string(rec->source));
    json_object_set_new(pv, "collection", json_string(rec->collection));
    json_object_set_new(pv, "book_answers", moves_json(rec->book, rec->nbook));
    json_object_set_new(pv, "solver_agrees", rec->solver_agrees < 0 ? json_null() : json_boolean(rec->solver_agrees));
    json_object_set_new(pv, "solver", json_string("vitalpoint df-pn"));
    json_object_set_new(pv, "nodes_budget", json_integer((json_int_t)rec->nodes_budget));
    char *note = provenance_note(rec);
    fail |= !note;
    json_object_set_new(pv, "note", json_string(note ? note : ""));
    free(note);
    json_object_set_new(j, "Provenance", pv);
    if (fail) {
        json_decref(j);
        vp_fail(err, VP_ENOMEM, "out of memory");
        return NULL;
    }
    return j;
}

/* ---- names ---------------------------------------------------------------------------- */

const char *gen_go_reason_name(int reason)
{
    static const char *const names[GEN_GO_NREASONS] = {
        "proven",
        "does not parse",
        "not 19x19",
        "no problem definition",
        "unknown within the budget",
        "no correct first move",
        "book answer contradicted",
        "several disjoint answers",
        "passing succeeds",
        "ko-dependent (--no-ko)",
        "too few proven-wrong distractors",
        "defender stones on the region's edge",
        "an extra answer fails in a wider region",
    };
    return reason >= 0 && reason < GEN_GO_NREASONS ? names[reason] : "?";
}

static const char *const modality_names[GEN_GO_NMODALITIES] = {"sym", "grid", "sym+grid", "visual", "sym+visual"};
static const char *const transform_names[GEN_GO_NTRANSFORMS] = {
    "identity", "rot90", "rot180", "rot270", "flip-h", "flip-v", "invert", "relabel", "shuffle"};

const char *gen_go_modality_name(int modality)
{
    for (int i = 0; i < GEN_GO_NMODALITIES; i++)
        if (modality == 1 << i)
            return modality_names[i];
    return "?";
}

const char *gen_go_transform_name(int t)
{
    return t >= 0 && t < GEN_GO_NTRANSFORMS ? transform_names[t] : "?";
}

int gen_go_modality_parse(const char *s)
{
    for (int i = 0; i < GEN_GO_NMODALITIES; i++)
        if (!strcmp(s, modality_names[i]))
            return 1 << i;
    return -1;
}

int gen_go_transform_parse(const char *s)
{
    for (int i = 0; i < GEN_GO_NTRANSFORMS; i++)
        if (!strcmp(s, transform_names[i]))
            return i;
    return -1;
}

void gen_go_names(const char *path, char *id, size_t idlen, char *collection, size_t clen)
{
    /* the base name and the last folder */
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/')
        len--;
    size_t bstart = len;
    while (bstart > 0 && path[bstart - 1] != '/')
        bstart--;
    size_t dend = bstart;
    while (dend > 0 && path[dend - 1] == '/')
        dend--;
    size_t dstart = dend;
    while (dstart > 0 && path[dstart - 1] != '/')
        dstart--;
    if (dend == dstart || (dend - dstart == 1 && path[dstart] == '.') ||
        (dend - dstart == 2 && path[dstart] == '.' && path[dstart + 1] == '.'))
        snprintf(collection, clen, "problems");
    else
        snprintf(collection, clen, "%.*s", (int)(dend - dstart), path + dstart);

    /* short name: first and last words of the collection, a generic last word skipped */
    char words[GEN_GO_NAME_LEN];
    snprintf(words, sizeof words, "%s", collection);
    char *w[64];
    int nw = 0;
    for (char *t = strtok(words, "-_ "); t && nw < 64; t = strtok(NULL, "-_ "))
        w[nw++] = t;
    while (nw > 1 && (!strcmp(w[nw - 1], "tsumego") || !strcmp(w[nw - 1], "problems")))
        nw--;
    char shortname[GEN_GO_NAME_LEN];
    if (nw == 0)
        snprintf(shortname, sizeof shortname, "problems");
    else if (nw == 1)
        snprintf(shortname, sizeof shortname, "%s", w[0]);
    else
        snprintf(shortname, sizeof shortname, "%s-%s", w[0], w[nw - 1]);
    for (char *c = shortname; *c; c++)
        *c = (char)tolower((unsigned char)*c);

    /* the last run of digits of the base name without its extension */
    size_t bend = len;
    for (size_t i = len; i > bstart; i--)
        if (path[i - 1] == '.') {
            bend = i - 1;
            break;
        }
    if (bend == bstart)
        bend = len;
    size_t de = bend;
    while (de > bstart && !isdigit((unsigned char)path[de - 1]))
        de--;
    size_t ds = de;
    while (ds > bstart && isdigit((unsigned char)path[ds - 1]))
        ds--;
    if (de > ds) {
        int nd = (int)(de - ds);
        snprintf(id, idlen, "%s-%.*s%.*s", shortname, nd < 4 ? 4 - nd : 0, "0000", nd, path + ds);
    } else {
        char base[GEN_GO_NAME_LEN];
        size_t n = 0;
        for (size_t i = bstart; i < bend && n + 1 < sizeof base; i++) {
            unsigned char c = (unsigned char)path[i];
            base[n++] = isalnum(c) ? (char)tolower(c) : '-';
        }
        base[n] = '\0';
        snprintf(id, idlen, "%s-%s", shortname, n ? base : "problem");
    }
}
