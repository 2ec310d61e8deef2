/* gen_set.c: sampling, verification and records of a question set.
 *
 * Quotas: the cells (N, verdict) are filled one question at a time in
 * turn until the count is reached or the population runs out, so verdicts
 * are balanced as far as the population allows. Each cell draws its
 * questions, and each record its move order, from its own random stream
 * derived from the seed, so the set depends on nothing but the options. */
#include <config.h>

#include "gen_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "../engines/rng.h"
#include "../engines/vp.h"
#include "../solver/ttt_solve.h"
#include "gen_text.h"

int gen_set_default_moves(ttt_kind k, int *ns)
{
    static const int d[TTT_NGAMES][4] = {{4, 5}, {6, 7}, {5, 6, 7}, {6, 7}};
    static const int len[TTT_NGAMES] = {2, 2, 3, 2};
    for (int i = 0; i < len[k]; i++)
        ns[i] = d[k][i];
    return len[k];
}

typedef struct pick {
    gen_question q;
    int n;
    int moves[TTT_MAX_CELLS];
    ttt_analysis a;
    int failed;
} pick;

/* A move order for pos: each side's stones shuffled, Alice first. */
static void narrate(const gen_question *q, rng *r, int *moves)
{
    int w[TTT_MAX_CELLS], b[TTT_MAX_CELLS], nw = 0, nb = 0;
    uint64_t s = q->pos.white;
    while (s)
        w[nw++] = bb_pop_lsb(&s);
    s = q->pos.black;
    while (s)
        b[nb++] = bb_pop_lsb(&s);
    for (int i = nw - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint64_t)i + 1), t = w[i];
        w[i] = w[j];
        w[j] = t;
    }
    for (int i = nb - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint64_t)i + 1), t = b[i];
        b[i] = b[j];
        b[j] = t;
    }
    for (int i = 0; i < nw + nb; i++)
        moves[i] = (i % 2 == 0) ? w[i / 2] : b[i / 2];
}

static json_t *letters_array(ttt_set s)
{
    json_t *a = json_array();
    uint64_t m = s;
    while (m) {
        char l[2] = {ttt_cell_letter(bb_pop_lsb(&m)), 0};
        json_array_append_new(a, json_string(l));
    }
    return a;
}

static json_t *make_record(const ttt_game *g, const pick *p, int index, int *oom)
{
    static const char *const value_name[3] = {"loss", "draw", "win"};
    char id[64];
    const gen_question *q = &p->q;
    char *problem = gen_text_question(g, p->moves, p->n);
    char *solution = gen_text_solution(g, q->pos, q->verdict, q->answers);
    char *labels = gen_text_board_labels(g);
    char *board = gen_text_board(g, q->pos);
    char *prompt = NULL;
    if (problem) {
        size_t len = strlen(problem) + strlen(GEN_TEXT_BOXED) + 1;
        prompt = malloc(len);
        if (prompt)
            snprintf(prompt, len, "%s%s", problem, GEN_TEXT_BOXED);
    }
    json_t *moves = json_array();
    for (int i = 0; i < p->n; i++) {
        char l[2] = {ttt_cell_letter(p->moves[i]), 0};
        json_array_append_new(moves, json_string(l));
    }
    snprintf(id, sizeof id, "%s-%d-%04d", g->name, p->n, index);
    json_t *r = NULL;
    if (problem && solution && labels && board && prompt && moves) {
        r = json_pack("{s:s, s:i, s:s, s:s, s:i, s:s, s:s, s:s, s:b, s:s, s:s, s:s, s:o, s:o, "
                      "s:s, s:i, s:o, s:o, s:s}",
                      "format", GEN_SET_FORMAT, "format_version", GEN_SET_FORMAT_VERSION, "id", id,
                      "game", g->name, "n", p->n, "problem", problem, "solution", solution,
                      "verdict", gen_verdict_name(q->verdict), "is_unique_solution",
                      !bb_more_than_one(q->answers), "next_player", p->n % 2 ? "Bob" : "Alice",
                      "board_visualization", labels, "currect_board_visualization", board,
                      "moves", moves, "answers", letters_array(q->answers), "value",
                      value_name[p->a.value + 1], "value_plies", p->a.plies, "optimal_moves",
                      letters_array(p->a.optimal), "fastest_moves", letters_array(p->a.fastest),
                      "agreement", gen_agreement_name(gen_agreement_of(q->answers, p->a.optimal)));
        if (r)
            json_object_set_new(r, "prompt", json_string(prompt));
    } else {
        json_decref(moves);
    }
    if (!r)
        *oom = 1;
    free(problem);
    free(solution);
    free(labels);
    free(board);
    free(prompt);
    return r;
}

int gen_set_build(const ttt_game *g, const gen_set_opts *opts, json_t ***records, size_t *n,
                  gen_progress_fn progress, void *ctx, char *err)
{
    int ns[GEN_MAX_NS], nn = opts->nmoves;
    if (nn == 0)
        nn = gen_set_default_moves(g->kind, ns);
    else
        memcpy(ns, opts->moves, (size_t)nn * sizeof *ns);
    for (int i = 0; i < nn; i++)
        if (ns[i] < 0 || ns[i] >= g->ncells)
            return vp_fail(err, VP_ERANGE,
                           "--moves %d is out of range for %s questions (0 to %d: a move must "
                           "remain)", ns[i], g->name, g->ncells - 1);

    /* The population of each (N, verdict) cell, in enumeration order. */
    enum { NV = GEN_NVERDICTS - 1 }; /* win, blocked, fork */
    gen_question *qs[GEN_MAX_NS] = {0};
    size_t nq[GEN_MAX_NS] = {0}, pop[GEN_MAX_NS][NV] = {{0}}, quota[GEN_MAX_NS][NV] = {{0}};
    int rc = 0;
    for (int i = 0; i < nn && rc == 0; i++) {
        gen_counts c;
        rc = gen_enumerate(g, ns[i], opts->rule, &c, &qs[i], &nq[i], err);
        for (size_t j = 0; rc == 0 && j < nq[i]; j++)
            pop[i][qs[i][j].verdict - 1]++;
    }
    size_t total = 0;
    for (int more = 1; rc == 0 && more && total < (size_t)opts->count;) {
        more = 0;
        for (int i = 0; i < nn && total < (size_t)opts->count; i++)
            for (int v = 0; v < NV && total < (size_t)opts->count; v++)
                if (quota[i][v] < pop[i][v]) {
                    quota[i][v]++;
                    total++;
                    more = 1;
                }
    }
    pick *picks = rc == 0 ? calloc(total ? total : 1, sizeof *picks) : NULL;
    if (rc == 0 && !picks)
        rc = vp_fail(err, VP_ENOMEM, "out of memory sampling %s", g->name);

    /* Draw each cell's questions by a partial Fisher-Yates shuffle. */
    size_t k = 0;
    for (int i = 0; rc == 0 && i < nn; i++) {
        for (int v = 0; v < NV; v++) {
            size_t m = pop[i][v], *idx = malloc((m ? m : 1) * sizeof *idx), t = 0;
            if (!idx) {
                rc = vp_fail(err, VP_ENOMEM, "out of memory sampling %s", g->name);
                break;
            }
            for (size_t j = 0; j < nq[i]; j++)
                if (qs[i][j].verdict == v + 1)
                    idx[t++] = j;
            rng r;
            rng_seed(&r, opts->seed, (uint64_t)g->kind, (uint64_t)ns[i], (uint64_t)v);
            for (size_t j = 0; j < quota[i][v]; j++) {
                size_t s = j + (size_t)rng_below(&r, m - j), tmp = idx[j];
                idx[j] = idx[s];
                idx[s] = tmp;
                pick *p = &picks[k];
                p->q = qs[i][idx[j]];
                p->n = ns[i];
                rng rm;
                rng_seed(&rm, opts->seed, (uint64_t)g->kind << 32 | (uint64_t)ns[i],
                         (uint64_t)v + 100, j);
                narrate(&p->q, &rm, p->moves);
                k++;
            }
            free(idx);
        }
    }
    for (int i = 0; i < nn; i++)
        free(qs[i]);

    /* Prove every answer set: exact value and distance of every move. */
    tt_table wdl = {0}, ex = {0};
    if (rc == 0 && (tt_init(&wdl, opts->tt_bytes) || tt_init(&ex, opts->tt_bytes)))
        rc = vp_fail(err, VP_ENOMEM, "out of memory for the transposition tables");
    if (rc == 0) {
        size_t done = 0;
#ifdef _OPENMP
#pragma omp parallel
#endif
        {
            ttt_solver s;
            ttt_solver_init(&s, g, &wdl, &ex);
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
            for (size_t j = 0; j < total; j++) {
                picks[j].failed = ttt_solve_analyse(&s, picks[j].q.pos, TTT_SOLVE_DISTANCES, &picks[j].a, NULL);
                size_t d;
#ifdef _OPENMP
#pragma omp atomic capture
#endif
                d = ++done;
                int me = 0;
#ifdef _OPENMP
                me = omp_get_thread_num();
#endif
                if (progress && me == 0)
                    progress(ctx, (double)d / (double)total);
            }
        }
    }
    tt_free(&wdl);
    tt_free(&ex);

    json_t **out = rc == 0 ? calloc(total ? total : 1, sizeof *out) : NULL;
    if (rc == 0 && !out)
        rc = vp_fail(err, VP_ENOMEM, "out of memory writing %s records", g->name);
    int oom = 0;
    for (size_t j = 0; rc == 0 && j < total; j++) {
        if (picks[j].failed) {
            rc = vp_fail(err, VP_EINVAL, "internal: question %zu of %s could not be solved", j,
                         g->name);
            break;
        }
        out[j] = make_record(g, &picks[j], (int)j, &oom);
        if (oom)
            rc = vp_fail(err, VP_ENOMEM, "out of memory writing %s records", g->name);
    }
    free(picks);
    if (rc) {
        for (size_t j = 0; out && j < total; j++)
            json_decref(out[j]);
        free(out);
        return rc;
    }
    *records = out;
    *n = total;
    return 0;
}
