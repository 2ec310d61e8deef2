/* enum_test.c: the enumeration of positions checked by brute force. The
 * games are played out move by move from the empty board, layer by layer,
 * counting the move sequences that reach each position in a hash map of
 * our own; the distinct positions, the sequences, the labels of the simple
 * labeller (gen_label) and a tiny labeller written here from the rules
 * must all agree with gen_enumerate, which counts by cell subsets and
 * labels by a separate fast labeller. */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "engines/ttt.h"
#include "engines/vp.h"
#include "generator/gen_enum.h"
#include "test.h"

/* ---- open-addressing map: position key -> number of sequences ---- */

#define EMPTY_KEY UINT64_MAX /* no position has every bit set */

typedef struct pmap {
    uint64_t *keys;
    uint64_t *vals;
    size_t cap; /* power of two */
    size_t n;
} pmap;

static uint64_t mix(uint64_t k)
{
    k ^= k >> 31;
    k *= 0x7fb5d329728ea185ull;
    k ^= k >> 27;
    k *= 0x81dadef4bc2dd44dull;
    k ^= k >> 33;
    return k;
}

static void pmap_init(pmap *m, size_t cap)
{
    m->cap = cap;
    m->n = 0;
    m->keys = malloc(cap * sizeof *m->keys);
    m->vals = malloc(cap * sizeof *m->vals);
    if (!m->keys || !m->vals) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < cap; i++)
        m->keys[i] = EMPTY_KEY;
}

static void pmap_free(pmap *m)
{
    free(m->keys);
    free(m->vals);
    m->keys = m->vals = NULL;
    m->cap = m->n = 0;
}

static size_t pmap_find(const pmap *m, uint64_t key)
{
    size_t i = (size_t)mix(key) & (m->cap - 1);
    while (m->keys[i] != EMPTY_KEY && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* The value cell of key, created as 0 when absent. */
static uint64_t *pmap_at(pmap *m, uint64_t key)
{
    if (2 * (m->n + 1) > m->cap) {
        pmap old = *m;
        pmap_init(m, old.cap * 2);
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i] != EMPTY_KEY) {
                size_t j = pmap_find(m, old.keys[i]);
                m->keys[j] = old.keys[i];
                m->vals[j] = old.vals[i];
                m->n++;
            }
        pmap_free(&old);
    }
    size_t i = pmap_find(m, key);
    if (m->keys[i] == EMPTY_KEY) {
        m->keys[i] = key;
        m->vals[i] = 0;
        m->n++;
    }
    return &m->vals[i];
}

static uint64_t key_of(ttt_set w, ttt_set b) { return (uint64_t)w | (uint64_t)b << 25; }
static ttt_set key_white(uint64_t k) { return (ttt_set)(k & 0x1ffffff); }
static ttt_set key_black(uint64_t k) { return (ttt_set)(k >> 25); }

/* ---- rules written out plainly ---- */

static int popcount(ttt_set s)
{
    int n = 0;
    for (; s; s &= s - 1)
        n++;
    return n;
}

static int completes_line(const ttt_game *g, ttt_set s)
{
    for (int i = 0; i < g->nlines; i++)
        if ((s & g->lines[i]) == g->lines[i])
            return 1;
    return 0;
}

/* Threat lines of stones s: all but one cell held, that cell empty.
 * Returns the completion cells, the line count in *nl. */
static ttt_set threats(const ttt_game *g, ttt_set s, ttt_set empty, int *nl)
{
    ttt_set cells = 0;
    int n = 0;
    for (int i = 0; i < g->nlines; i++) {
        ttt_set l = g->lines[i];
        if (popcount(l & s) == g->line_len - 1 && popcount(l & empty) == 1) {
            cells |= l & empty;
            n++;
        }
    }
    *nl = n;
    return cells;
}

static int is_double(gen_fork_rule rule, int nlines, ttt_set cells)
{
    return rule == GEN_FORK_LINES ? nlines >= 2 : popcount(cells) >= 2;
}

static int my_label(const ttt_game *g, ttt_set w, ttt_set b, gen_fork_rule rule, ttt_set *ans)
{
    int white = popcount(w) == popcount(b);
    ttt_set me = white ? w : b, opp = white ? b : w, empty = g->full & ~(w | b);
    int onl, mnl;
    ttt_set oc = threats(g, opp, empty, &onl);
    *ans = 0;
    if (is_double(rule, onl, oc))
        return GEN_FILTERED;
    ttt_set mc = threats(g, me, empty, &mnl);
    if (mc) {
        *ans = mc;
        return GEN_WIN;
    }
    if (oc) {
        if (popcount(oc) == 1) {
            *ans = oc;
            return GEN_BLOCKED;
        }
        return GEN_NONE;
    }
    ttt_set forks = 0;
    for (int a = 0; a < g->ncells; a++) {
        ttt_set bit = (ttt_set)1 << a;
        if (!(empty & bit))
            continue;
        int nl;
        ttt_set c = threats(g, me | bit, empty & ~bit, &nl);
        if (is_double(rule, nl, c))
            forks |= bit;
    }
    *ans = forks;
    return forks ? GEN_FORK : GEN_NONE;
}

static int cmp_question(const void *x, const void *y)
{
    const gen_question *a = x, *b = y;
    if (a->pos.white != b->pos.white)
        return a->pos.white < b->pos.white ? -1 : 1;
    if (a->pos.black != b->pos.black)
        return a->pos.black < b->pos.black ? -1 : 1;
    return 0;
}

/* ---- one layer: compare with gen_enumerate ---- */

typedef struct layer_stats {
    uint64_t distinct;     /* every position of the layer, wins included */
    uint64_t nowin;        /* positions with no winner */
    uint64_t seq_nowin;    /* sequences reaching them */
    uint64_t seq_win[2];   /* sequences ending in a win of white / black */
    uint64_t stale_win;    /* positions where the player who did not move has a line */
} layer_stats;

static void check_layer(const ttt_game *g, int n, const pmap *m, layer_stats *st)
{
    gen_question *mine = malloc((m->n ? m->n : 1) * sizeof *mine);
    if (!mine)
        exit(2);
    for (int r = 0; r < 2; r++) {
        gen_fork_rule rule = (gen_fork_rule)r;
        gen_counts want;
        size_t nmine = 0;
        int disagree = 0;
        memset(&want, 0, sizeof want);
        for (size_t i = 0; i < m->cap; i++) {
            if (m->keys[i] == EMPTY_KEY)
                continue;
            ttt_set w = key_white(m->keys[i]), b = key_black(m->keys[i]);
            if (completes_line(g, w) || completes_line(g, b))
                continue;
            ttt_pos pos = {w, b};
            ttt_set ans, ans2;
            int v = gen_label(g, pos, rule, &ans);
            int v2 = my_label(g, w, b, rule, &ans2);
            if (v != v2 || ans != ans2) {
                if (disagree++ < 5) {
                    char s1[32], s2[32], s3[32], s4[32];
                    CHECK(0, "%s N=%d rule %d: white %s black %s: gen_label %s %s, spec %s %s", g->name, n,
                          r, ttt_set_letters(w, s1), ttt_set_letters(b, s2), gen_verdict_name(v),
                          ttt_set_letters(ans, s3), gen_verdict_name(v2), ttt_set_letters(ans2, s4));
                }
            }
            want.positions++;
            if (v == GEN_FILTERED) {
                want.filtered++;
                continue;
            }
            if (v < 0 || v >= GEN_NVERDICTS) {
                CHECK(0, "%s N=%d: gen_label verdict %d", g->name, n, v);
                continue;
            }
            want.verdicts[v]++;
            if (v != GEN_NONE) {
                mine[nmine].pos = pos;
                mine[nmine].answers = ans;
                mine[nmine].verdict = v;
                nmine++;
            }
        }
        CHECK(disagree == 0, "%s N=%d rule %d: %d positions where gen_label and the spec differ", g->name,
              n, r, disagree);

        gen_counts got;
        gen_question *qs = NULL;
        size_t nq = 0;
        char err[VP_ERRLEN] = "";
        int rc = gen_enumerate(g, n, rule, &got, &qs, &nq, err);
        CHECK(rc == 0, "%s N=%d: gen_enumerate returned %d: %s", g->name, n, rc, err);
        if (rc != 0)
            continue;
        CHECK(got.positions == want.positions, "%s N=%d rule %d: %llu positions, brute force %llu", g->name,
              n, r, (unsigned long long)got.positions, (unsigned long long)want.positions);
        CHECK(got.filtered == want.filtered, "%s N=%d rule %d: %llu filtered, gen_label %llu", g->name, n,
              r, (unsigned long long)got.filtered, (unsigned long long)want.filtered);
        for (int v = 0; v < GEN_NVERDICTS; v++)
            CHECK(got.verdicts[v] == want.verdicts[v], "%s N=%d rule %d: %llu %s, gen_label %llu", g->name,
                  n, r, (unsigned long long)got.verdicts[v], gen_verdict_name(v),
                  (unsigned long long)want.verdicts[v]);

        /* The question lists as sets. */
        CHECK(nq == nmine, "%s N=%d rule %d: %zu questions, gen_label %zu", g->name, n, r, nq, nmine);
        qsort(qs, nq, sizeof *qs, cmp_question);
        qsort(mine, nmine, sizeof *mine, cmp_question);
        int bad = 0;
        for (size_t i = 0; i < nq && i < nmine; i++) {
            const gen_question *a = &qs[i], *b = &mine[i];
            if (a->pos.white != b->pos.white || a->pos.black != b->pos.black || a->answers != b->answers ||
                a->verdict != b->verdict) {
                if (bad++ < 5) {
                    char s1[32], s2[32], s3[32], s4[32], s5[32], s6[32];
                    CHECK(0, "%s N=%d rule %d question %zu: got %s/%s %s %s, want %s/%s %s %s", g->name, n, r,
                          i, ttt_set_letters(a->pos.white, s1), ttt_set_letters(a->pos.black, s2),
                          gen_verdict_name(a->verdict), ttt_set_letters(a->answers, s3),
                          ttt_set_letters(b->pos.white, s4), ttt_set_letters(b->pos.black, s5),
                          gen_verdict_name(b->verdict), ttt_set_letters(b->answers, s6));
                }
            }
        }
        CHECK(bad == 0, "%s N=%d rule %d: %d questions differ", g->name, n, r, bad);

        /* Sequences: the counts of our BFS against gen_sequences. */
        if (r == 0) {
            mpz_t seq;
            char want_s[32], *got_s;
            mpz_init(seq);
            gen_sequences(seq, &got, n);
            snprintf(want_s, sizeof want_s, "%llu", (unsigned long long)st->seq_nowin);
            got_s = mpz_get_str(NULL, 10, seq);
            CHECK(strcmp(got_s, want_s) == 0, "%s N=%d: gen_sequences %s, brute force %s", g->name, n, got_s,
                  want_s);
            free(got_s);
            mpz_clear(seq);
        }
        free(qs);
    }
    free(mine);
}

/* Plays game g layer by layer up to maxn moves, checking each layer.
 * Fills stats[0..maxn]. */
static void bfs(const ttt_game *g, int maxn, layer_stats *stats)
{
    pmap cur, next;
    pmap_init(&cur, 1024);
    *pmap_at(&cur, key_of(0, 0)) = 1;
    for (int n = 0; n <= maxn; n++) {
        layer_stats *st = &stats[n];
        memset(st, 0, sizeof *st);
        int expand = n < maxn && n < g->ncells;
        if (expand)
            pmap_init(&next, cur.cap);
        for (size_t i = 0; i < cur.cap; i++) {
            if (cur.keys[i] == EMPTY_KEY)
                continue;
            ttt_set w = key_white(cur.keys[i]), b = key_black(cur.keys[i]);
            uint64_t cnt = cur.vals[i];
            st->distinct++;
            /* Only the player who just moved can have a line here. */
            int white_moved = popcount(w) > popcount(b);
            if (completes_line(g, white_moved ? w : b)) {
                st->seq_win[white_moved ? 0 : 1] += cnt;
                continue;
            }
            st->stale_win += completes_line(g, white_moved ? b : w);
            st->nowin++;
            st->seq_nowin += cnt;
            if (!expand)
                continue;
            ttt_set empty = g->full & ~(w | b);
            for (int c = 0; c < g->ncells; c++) {
                ttt_set bit = (ttt_set)1 << c;
                if (!(empty & bit))
                    continue;
                uint64_t k = white_moved ? key_of(w, b | bit) : key_of(w | bit, b);
                *pmap_at(&next, k) += cnt;
            }
        }
        check_layer(g, n, &cur, st);
        pmap_free(&cur);
        if (expand)
            cur = next;
        else
            break;
    }
    if (cur.keys)
        pmap_free(&cur);
}

static void test_games(void)
{
    static const int maxn[TTT_NGAMES] = {9, 8, 12, 5};
    for (int k = 0; k < TTT_NGAMES; k++) {
        ttt_game g;
        layer_stats st[TTT_MAX_CELLS + 1];
        CHECK(ttt_game_init(&g, (ttt_kind)k) == 0, "init %d", k);
        CHECK(maxn[k] <= g.ncells, "%s depth", g.name);
        bfs(&g, maxn[k], st);
        /* Only the empty board at layer 0, and 1 sequence to it. */
        CHECK(st[0].distinct == 1 && st[0].nowin == 1 && st[0].seq_nowin == 1, "%s empty layer", g.name);
        CHECK(st[1].distinct == (uint64_t)g.ncells && st[1].seq_nowin == (uint64_t)g.ncells, "%s layer 1",
              g.name);
        if (k == TTT_OTTT) {
            /* The well-known counts of tic-tac-toe: positions after n moves,
             * 5,478 legal positions in all, and 255,168 games (131,184
             * won by the first player, 77,904 by the second, 46,080 drawn). */
            static const uint64_t per_layer[10] = {1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78};
            uint64_t total = 0, xw = 0, ow = 0;
            for (int n = 0; n <= 9; n++) {
                CHECK(st[n].distinct == per_layer[n], "oTTT layer %d: %llu positions, known %llu", n,
                      (unsigned long long)st[n].distinct, (unsigned long long)per_layer[n]);
                total += st[n].distinct;
                xw += st[n].seq_win[0];
                ow += st[n].seq_win[1];
            }
            CHECK(total == 5478, "oTTT: %llu legal positions, known 5478", (unsigned long long)total);
            CHECK(xw == 131184 && ow == 77904 && st[9].seq_nowin == 46080,
                  "oTTT games: %llu first-player wins, %llu second, %llu draws", (unsigned long long)xw,
                  (unsigned long long)ow, (unsigned long long)st[9].seq_nowin);
        }
        for (int n = 0; n <= maxn[k]; n++)
            CHECK(st[n].stale_win == 0, "%s N=%d: %llu positions where the player who did not move has a line",
                  g.name, n, (unsigned long long)st[n].stale_win);
        /* A position with no winner after n moves is reached by exactly
         * ceil(n/2)! floor(n/2)! sequences. */
        for (int n = 0; n <= maxn[k]; n++) {
            uint64_t f = 1;
            for (int i = 2; i <= (n + 1) / 2; i++)
                f *= (uint64_t)i;
            for (int i = 2; i <= n / 2; i++)
                f *= (uint64_t)i;
            CHECK(st[n].seq_nowin == st[n].nowin * f, "%s N=%d: %llu sequences for %llu positions", g.name, n,
                  (unsigned long long)st[n].seq_nowin, (unsigned long long)st[n].nowin);
        }
    }
}

static void test_threads(void)
{
#ifdef _OPENMP
    ttt_game g;
    ttt_game_init(&g, TTT_DTTT);
    int saved = omp_get_max_threads();
    for (int r = 0; r < 2; r++) {
        gen_counts c[2];
        gen_question *qs[2] = {NULL, NULL};
        size_t nq[2] = {0, 0};
        static const int threads[2] = {1, 3};
        for (int t = 0; t < 2; t++) {
            omp_set_num_threads(threads[t]);
            CHECK(gen_enumerate(&g, 7, (gen_fork_rule)r, &c[t], &qs[t], &nq[t], NULL) == 0, "enumerate");
        }
        CHECK(c[0].positions == c[1].positions && c[0].filtered == c[1].filtered &&
                  memcmp(c[0].verdicts, c[1].verdicts, sizeof c[0].verdicts) == 0,
              "dTTT N=7 rule %d: counts depend on the thread count", r);
        CHECK(c[0].positions > 0 && nq[0] > 0, "dTTT N=7 has questions");
        CHECK(nq[0] == nq[1] && qs[0] && qs[1] && memcmp(qs[0], qs[1], nq[0] * sizeof *qs[0]) == 0,
              "dTTT N=7 rule %d: questions depend on the thread count (%zu vs %zu)", r, nq[0], nq[1]);
        free(qs[0]);
        free(qs[1]);
    }
    omp_set_num_threads(saved);
#endif
}

static void test_range(void)
{
    for (int k = 0; k < TTT_NGAMES; k++) {
        ttt_game g;
        gen_counts c;
        gen_question *qs = NULL;
        size_t nq = 0;
        char err[VP_ERRLEN] = "";
        ttt_game_init(&g, (ttt_kind)k);
        CHECK(gen_enumerate(&g, -1, GEN_FORK_LINES, &c, &qs, &nq, err) == VP_ERANGE, "%s n=-1", g.name);
        CHECK(err[0] != '\0', "%s n=-1 leaves a message", g.name);
        CHECK(gen_enumerate(&g, g.ncells + 1, GEN_FORK_CELLS, &c, &qs, &nq, err) == VP_ERANGE, "%s n=%d",
              g.name, g.ncells + 1);
        CHECK(gen_enumerate(&g, g.ncells + 1, GEN_FORK_LINES, &c, NULL, NULL, NULL) == VP_ERANGE,
              "%s n=%d without outputs", g.name, g.ncells + 1);
    }
}

int main(void)
{
    test_games();
    test_threads();
    test_range();
    return test_done("enum_test");
}
