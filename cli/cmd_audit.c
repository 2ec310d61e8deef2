/* cmd_audit.c: `vp go audit`: reads a tsumego benchmark set (JSON lines,
 * plain or gzip), runs every check of gen_goaudit.h on each record and
 * variant, re-solves each with df-pn, prints one line per failure and a
 * summary; with --options, writes the MCTS option audit (Tables 5 and 6)
 * as CSV and Markdown. */
#include <config.h>

#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/coord.h"
#include "../engines/strbuf.h"
#include "../engines/vp.h"
#include "../generator/gen_goaudit.h"
#include "../solver/mcts.h"
#include "cli.h"
#include "metrics_io.h"

#define AUDIT_DEFAULT_BUDGET 30

static const char audit_help[] =
    "Usage: vp go audit SET.jsonl[.gz] [OPTIONS]\n"
    "Checks every record and variant of a tsumego benchmark set (vp go build's\n"
    "records): coordinates on the board, stone lists against the grid, the\n"
    "problem definition, options and answers empty, legal and in the region,\n"
    "lines legal, a variant equal to its original mapped through its transform;\n"
    "then re-solves each record with df-pn: the proven first moves must be the\n"
    "accepted set, every distractor refuted, each distractor's refutation reply\n"
    "a refutation (df-pn after the two moves), a variant's verdict the original's\n"
    "mapped. Prints FILE:LINE: ID: CHECK: reason per failure and a summary;\n"
    "exit status 1 when a check fails. Output is the same at any --threads.\n"
    "\n"
    "      --no-solve        the static checks only (df-pn is not run)\n"
    "      --no-replies      df-pn on the records only, not after each\n"
    "                        distractor's refutation reply\n"
    "      --nodes N         df-pn nodes per record (default: the record's\n"
    "                        Provenance.nodes_budget, else 2000000)\n"
    "      --options PREFIX  the option audit too: PREFIX.csv and PREFIX.md\n"
    "                        (Table 5 for the originals, Table 6 per problem)\n"
    "      --budget B        MCTS playouts scanned for first visits (default 30)\n"
    "      --seed S          seed of the MCTS searches (default 0)\n"
    "  -t, --threads T       records checked at once (default: all cores)\n"
    "  -q, --quiet           no progress bar\n"
    "  -h, --help            this help\n";

typedef struct audit_args {
    const char *path, *prefix;
    int solve, replies, quiet, budget;
    long long nodes; /* 0: each record's budget */
    uint64_t seed;
    long threads;
} audit_args;

/* One line of the set. */
typedef struct audit_item {
    long line;
    int json_ok, usable;    /* parsed; usable for the checks */
    int orig;               /* index of the original, -1 */
    gen_audit_record rec;
    gen_audit_log log;
    gen_audit_verdict *verdict; /* NULL when not solved */
    gen_audit_optaudit opt;
    int opt_done;
    char *opt_error;
    char *solve_error;
    int solve_tried;
} audit_item;

typedef struct audit_run {
    const audit_args *a;
    audit_item *it;
    int n;
    int *work; /* the items of the option audit */
} audit_run;

enum { OPT_NO_SOLVE = 256, OPT_NO_REPLIES, OPT_NODES, OPT_OPTIONS, OPT_BUDGET, OPT_SEED };

static void parse_args(int argc, char **argv, audit_args *a)
{
    static const struct option opts[] = {
        {"no-solve", no_argument, 0, OPT_NO_SOLVE}, {"no-replies", no_argument, 0, OPT_NO_REPLIES},
        {"nodes", required_argument, 0, OPT_NODES},
        {"options", required_argument, 0, OPT_OPTIONS}, {"budget", required_argument, 0, OPT_BUDGET},
        {"seed", required_argument, 0, OPT_SEED},   {"threads", required_argument, 0, 't'},
        {"quiet", no_argument, 0, 'q'},             {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    memset(a, 0, sizeof *a);
    a->solve = a->replies = 1;
    a->budget = AUDIT_DEFAULT_BUDGET;
    int c, budget_set = 0, seed_set = 0;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":ht:q", opts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(audit_help, stdout); exit(CLI_OK);
        case OPT_NO_SOLVE: a->solve = 0; break;
        case OPT_NO_REPLIES: a->replies = 0; break;
        case OPT_NODES: a->nodes = cli_parse_long("--nodes", optarg, 1, LONG_MAX); break;
        case OPT_OPTIONS:
            if (!*optarg)
                cli_usage_error("--options: the PREFIX is empty");
            a->prefix = optarg;
            break;
        case OPT_BUDGET:
            a->budget = (int)cli_parse_long("--budget", optarg, 1, MCTS_MAX_PLAYOUTS);
            budget_set = 1;
            break;
        case OPT_SEED:
            a->seed = (uint64_t)cli_parse_long("--seed", optarg, 0, LONG_MAX);
            seed_set = 1;
            break;
        case 't': a->threads = cli_parse_long("--threads", optarg, 1, 1024); break;
        case 'q': a->quiet = 1; break;
        case ':': cli_usage_error("go audit: option '%s' needs a value", argv[optind - 1]);
        default: cli_usage_error("go audit: unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        cli_usage_error("go audit: no SET given (see --help)");
    if (argc - optind > 1)
        cli_usage_error("go audit: one SET at a time ('%s' and '%s' given)", argv[optind], argv[optind + 1]);
    if (!a->prefix && (budget_set || seed_set))
        cli_usage_error("go audit: --budget and --seed belong to --options");
    if (!a->solve && a->nodes)
        cli_usage_error("go audit: --nodes and --no-solve exclude each other");
    a->path = argv[optind];
}

/* ---- ids ------------------------------------------------------------------------ */

typedef struct id_slot {
    const char *id;
    int index;
} id_slot;

static int by_id(const void *x, const void *y)
{
    const id_slot *a = x, *b = y;
    int c = strcmp(a->id, b->id);
    return c ? c : a->index - b->index;
}

/* Repeated ids (schema failures of the later record) and each variant's
 * original; returns 0, or CLI_FAIL when memory runs out. */
static int link_records(audit_run *run)
{
    int m = 0;
    id_slot *t = malloc((size_t)(run->n ? run->n : 1) * sizeof *t);
    if (!t)
        return CLI_FAIL;
    for (int i = 0; i < run->n; i++)
        if (run->it[i].json_ok && run->it[i].rec.id && strcmp(run->it[i].rec.id, "-"))
                t[m++] = (id_slot){run->it[i].rec.id, i};
    qsort(t, (size_t)m, sizeof *t, by_id);
    for (int k = 1; k < m; k++)
        if (!strcmp(t[k].id, t[k - 1].id)) {
            audit_item *it = &run->it[t[k].index];
            gen_audit_log_add(&it->log, GEN_AUDIT_SCHEMA, "id '%s' repeats line %ld", t[k].id,
                              run->it[t[k - 1].index].line);
            it->usable = 0;
        }
    for (int i = 0; i < run->n; i++) {
        audit_item *it = &run->it[i];
        it->orig = -1;
        if (!it->usable || !it->rec.variant_of)
            continue;
        id_slot key = {it->rec.variant_of, -1};
        int lo = 0, hi = m - 1, found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) / 2, c = strcmp(t[mid].id, key.id);
            if (c == 0) {
                found = t[mid].index;
                break;
            }
            if (c < 0)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
        if (found < 0 || !run->it[found].usable) {
            it->log.ran[GEN_AUDIT_VARIANT]++;
            /* the variant's own checks still run, without the comparison */
            gen_audit_log_add(&it->log, GEN_AUDIT_VARIANT, "variant_of '%s': %s", it->rec.variant_of,
                              found < 0 ? "no record of the set has this id" : "the original is unusable");
        } else {
            it->orig = found;
        }
    }
    free(t);
    return 0;
}

/* ---- the checks, in parallel ------------------------------------------------------- */

static long long nodes_for(const audit_args *a, const gen_audit_record *r)
{
    if (a->nodes)
        return a->nodes;
    return r->nodes_budget > 0 ? r->nodes_budget : GEN_AUDIT_DEFAULT_NODES;
}

static void check_work(void *ctx, int i)
{
    audit_run *run = ctx;
    audit_item *it = &run->it[i];
    if (!it->usable)
        return;
    const gen_audit_record *orig = it->orig >= 0 ? &run->it[it->orig].rec : NULL;
    gen_audit_statics(&it->rec, orig, &it->log);
    /* a record whose stones or problem are wrong has no problem to solve
     * (the static failures say why); one that only breaks the builder's
     * edge policy is solved as stated */
    if (!run->a->solve || gen_audit_log_count(&it->log, GEN_AUDIT_STONES) || !it->log.solvable)
        return;
    char err[VP_ERRLEN];
    it->solve_tried = 1;
    it->verdict = malloc(sizeof *it->verdict);
    long long nodes = nodes_for(run->a, &it->rec);
    if (!it->verdict || gen_audit_solve(&it->rec, nodes, it->verdict, err) ||
        (run->a->replies && gen_audit_solve_replies(&it->rec, nodes, it->verdict, err))) {
        it->solve_error = strdup(it->verdict ? err : "out of memory");
        free(it->verdict);
        it->verdict = NULL;
    }
}

static int no_emit(void *ctx, int i)
{
    (void)ctx;
    (void)i;
    return 0;
}

static void options_work(void *ctx, int j)
{
    audit_run *run = ctx;
    audit_item *it = &run->it[run->work[j]];
    char err[VP_ERRLEN];
    if (gen_audit_options(&it->rec, run->a->budget, run->a->seed, &it->opt, err) == 0)
        it->opt_done = 1;
    else
        it->opt_error = strdup(err);
}

/* ---- the option tables ------------------------------------------------------------- */

static const char *role_name(int role)
{
    return role == GEN_AUDIT_ROLE_CORRECT ? "correct" : role == GEN_AUDIT_ROLE_DISTRACTOR ? "distractor"
                                                                                          : "equiv. correct";
}

static void first_text(char *buf, int first)
{
    if (first > 0)
        snprintf(buf, 16, "%d", first);
    else
        strcpy(buf, "-");
}

static void rate_row(strbuf *s, const char *what, long num, long den)
{
    if (den > 0)
        strbuf_printf(s, "| %s | %ld/%ld | %.1f%% |\n", what, num, den, 100.0 * num / den);
    else
        strbuf_printf(s, "| %s | 0/0 | - |\n", what);
}

/* Writes PREFIX.csv and PREFIX.md; returns 0, CLI_USAGE or CLI_FAIL. */
static int write_tables(const audit_run *run, int nwork, int skipped)
{
    const audit_args *a = run->a;
    long problems = 0, options = 0, accepted = 0, noncorrect = 0, cov_open = 0, cov_list = 0, extra = 0,
         extra_open = 0;
    strbuf csv, md, rows;
    strbuf_init(&csv);
    strbuf_init(&md);
    strbuf_init(&rows);
    strbuf_puts(&csv, "id,option,coord,role,distance,first_open,first_restricted\n");
    strbuf_puts(&rows, "| Problem | Option | Coord. | Role | Dist. | MCTS-O | MCTS-R |\n"
                       "|---|---|---|---|---:|---:|---:|\n");
    for (int j = 0; j < nwork; j++) {
        const audit_item *it = &run->it[run->work[j]];
        if (!it->opt_done)
            continue;
        const gen_audit_optaudit *o = &it->opt;
        problems++;
        options += o->options;
        accepted += o->accepted;
        noncorrect += o->noncorrect;
        cov_open += o->covered_open;
        cov_list += o->covered_list;
        extra += o->extra;
        extra_open += o->extra_open;
        for (int k = 0; k < o->nrow; k++) {
            const gen_audit_optrow *w = &o->row[k];
            char c[COORD_BUFLEN], f1[16], f2[16];
            coord_format(w->point, GEN_AUDIT_SIZE, c);
            first_text(f1, w->first_open);
            first_text(f2, w->first_list);
            /* ids are written as JSON strings would need no CSV quoting
             * unless they hold a comma or a quote */
            if (strpbrk(it->rec.id, ",\"\n")) {
                strbuf_puts(&csv, "\"");
                for (const char *p = it->rec.id; *p; p++)
                    strbuf_printf(&csv, "%s%c", *p == '"' ? "\"" : "", *p);
                strbuf_puts(&csv, "\"");
            } else {
                strbuf_puts(&csv, it->rec.id);
            }
            strbuf_printf(&csv, ",%s,%s,%s,%.2f,%s,%s\n", w->label[0] ? w->label : "-", c, role_name(w->role),
                          w->dist, f1, f2);
            strbuf_printf(&rows, "| %s | %s | %s | %s | %.2f | %s | %s |\n", it->rec.id,
                          w->label[0] ? w->label : "-", c, role_name(w->role), w->dist, f1, f2);
        }
    }
    strbuf_printf(&md, "# Option audit of %s\n\n", a->path);
    strbuf_printf(&md, "vitalpoint's unguided MCTS/UCT (vp go mcts's search), %d playouts, seed %llu; a move "
                       "counts as covered when it gets a root visit within playouts 1..%d. Open root: every legal "
                       "region move; restricted root: the record's options. Originals only (variants left out). "
                       "No KataGo columns: KataGo is not available here.\n\n",
                  a->budget, (unsigned long long)a->seed, a->budget);
    if (skipped)
        strbuf_printf(&md, "%d original%s left out: the problem could not be searched (see the audit).\n\n", skipped,
                      skipped == 1 ? "" : "s");
    strbuf_puts(&md, "## Table 5: the K-option construction audited by shallow search\n\n"
                     "| Audit quantity | Count | Rate |\n|---|---:|---:|\n");
    strbuf_printf(&md, "| Problems | %ld | - |\n| Final option entries | %ld | - |\n", problems, options);
    strbuf_printf(&md, "| Accepted-answer entries | %ld | - |\n| Non-correct option entries | %ld | - |\n", accepted,
                  noncorrect);
    rate_row(&md, "Covered by open-root MCTS/UCT", cov_open, noncorrect);
    rate_row(&md, "Covered by restricted-root MCTS/UCT", cov_list, noncorrect);
    strbuf_printf(&md, "| Extra equivalent correct moves | %ld | - |\n", extra);
    rate_row(&md, "Equiv. correct visited by open-root MCTS/UCT", extra_open, extra);
    strbuf_printf(&md, "\n## Table 6: first-seen playouts per option\n\n"
                       "Dist.: Euclidean distance to the canonical answer; MCTS-O / MCTS-R: the first playout "
                       "(at most %d) through the move at the root of open-root / restricted-root search, - for "
                       "none. Rows without an option label are accepted answers that are not options.\n\n",
                  a->budget);
    char *r = strbuf_take(&rows);
    if (r)
        strbuf_puts(&md, r);
    free(r);

    size_t plen = strlen(a->prefix);
    char *p_csv = malloc(plen + 5), *p_md = malloc(plen + 4);
    if (!p_csv || !p_md) {
        free(p_csv);
        free(p_md);
        strbuf_free(&csv);
        strbuf_free(&md);
        cli_error("out of memory");
        return CLI_FAIL;
    }
    snprintf(p_csv, plen + 5, "%s.csv", a->prefix);
    snprintf(p_md, plen + 4, "%s.md", a->prefix);
    mio_outputs outs = {0};
    mio_outputs_add(&outs, p_csv, strbuf_take(&csv));
    mio_outputs_add(&outs, p_md, strbuf_take(&md));
    int rc = mio_outputs_commit(&outs);
    free(p_csv);
    free(p_md);
    return rc;
}

/* ---- the command ------------------------------------------------------------------- */

int cmd_go_audit(int argc, char **argv)
{
    audit_args a;
    parse_args(argc, argv, &a);
    mio_file f;
    int rc = mio_read(a.path, 0, &f);
    if (rc)
        return rc;
    if (f.n == 0) {
        cli_error("%s: no records", a.path);
        mio_file_free(&f);
        return CLI_USAGE;
    }
    audit_run run = {&a, calloc(f.n, sizeof(audit_item)), (int)f.n, NULL};
    if (!run.it) {
        cli_error("out of memory");
        mio_file_free(&f);
        return CLI_FAIL;
    }
    int oom = 0;
    for (size_t i = 0; i < f.n && !oom; i++) {
        audit_item *it = &run.it[i];
        it->line = f.rec[i].line;
        gen_audit_log_init(&it->log);
        it->log.ran[GEN_AUDIT_JSON]++;
        if (!f.rec[i].v) {
            gen_audit_log_add(&it->log, GEN_AUDIT_JSON, "not JSON (%s)", f.rec[i].error ? f.rec[i].error : "");
            continue;
        }
        it->json_ok = 1;
        it->log.ran[GEN_AUDIT_SCHEMA]++;
        it->log.ran[GEN_AUDIT_COORD]++;
        int r = gen_audit_parse(f.rec[i].v, it->line, &it->rec, &it->log);
        if (r < 0)
            oom = 1;
        it->usable = r == 0;
    }
    mio_file_free(&f);
    if (oom || link_records(&run)) {
        cli_error("out of memory");
        rc = CLI_FAIL;
        goto done;
    }

    cli_set_threads(a.threads);
    cli_batch(run.n, &run, check_work, no_emit, a.solve ? "auditing" : "checking", a.quiet);

    /* the solver checks need the original's verdict: in order, after all */
    int originals = 0, variants = 0, solved = 0;
    long ran = 0, failed_records = 0, by_check[GEN_AUDIT_NCHECKS] = {0}, failures = 0;
    for (int i = 0; i < run.n; i++) {
        audit_item *it = &run.it[i];
        if (it->json_ok && it->rec.variant_of)
            variants++;
        else if (it->json_ok)
            originals++;
        if (it->usable && a.solve && it->solve_tried) {
            if (it->verdict) {
                const audit_item *o = it->orig >= 0 ? &run.it[it->orig] : NULL;
                gen_audit_solver_checks(&it->rec, it->verdict, o ? &o->rec : NULL, o ? o->verdict : NULL, &it->log);
                solved++;
            } else {
                it->log.ran[GEN_AUDIT_SOLVER]++;
                gen_audit_log_add(&it->log, GEN_AUDIT_SOLVER, "df-pn failed: %s",
                                  it->solve_error ? it->solve_error : "out of memory");
            }
        }
        if (it->log.oom) {
            cli_error("out of memory");
            rc = CLI_FAIL;
            goto done;
        }
        for (int k = 0; k < GEN_AUDIT_NCHECKS; k++)
            ran += it->log.ran[k];
        for (int k = 0; k < it->log.n; k++) {
            const gen_audit_fail *fl = &it->log.fail[k];
            printf("%s:%ld: %s: %s: %s\n", a.path, it->line, it->json_ok && it->rec.id ? it->rec.id : "-",
                   gen_audit_check_name(fl->check), fl->msg);
            by_check[fl->check]++;
            failures++;
        }
        failed_records += it->log.n > 0;
    }

    /* the option audit: originals that could be checked */
    int nwork = 0, skipped = 0;
    if (a.prefix) {
        run.work = malloc((size_t)run.n * sizeof *run.work);
        if (!run.work) {
            cli_error("out of memory");
            rc = CLI_FAIL;
            goto done;
        }
        for (int i = 0; i < run.n; i++)
            if (run.it[i].usable && !run.it[i].rec.variant_of)
                run.work[nwork++] = i;
        cli_batch(nwork, &run, options_work, no_emit, "option audit", a.quiet);
        for (int j = 0; j < nwork; j++) {
            audit_item *it = &run.it[run.work[j]];
            if (!it->opt_done) {
                skipped++;
                printf("%s:%ld: %s: options: left out of the option audit: %s\n", a.path, it->line, it->rec.id,
                       it->opt_error ? it->opt_error : "out of memory");
            }
        }
    }

    printf("audit: %s: %d record%s (%d original%s, %d variant%s), %ld checks run", a.path, run.n,
           run.n == 1 ? "" : "s", originals, originals == 1 ? "" : "s", variants, variants == 1 ? "" : "s", ran);
    if (a.solve)
        printf(", df-pn on %d (nodes: %s)\n", solved, a.nodes ? "--nodes" : "each record's budget");
    else
        printf(", df-pn not run (--no-solve: static checks only)\n");
    if (failures) {
        printf("FAILED: %ld failure%s in %ld record%s:", failures, failures == 1 ? "" : "s", failed_records,
               failed_records == 1 ? "" : "s");
        for (int k = 0; k < GEN_AUDIT_NCHECKS; k++)
            if (by_check[k])
                printf(" %s %ld", gen_audit_check_name(k), by_check[k]);
        printf("\n");
    } else {
        printf("all checks passed\n");
    }
    fflush(stdout);
    if (a.prefix) {
        int w = write_tables(&run, nwork, skipped);
        if (w) {
            rc = w;
            goto done;
        }
    }
    rc = failures || skipped ? CLI_FAIL : CLI_OK;
done:
    for (int i = 0; i < run.n; i++) {
        audit_item *it = &run.it[i];
        gen_audit_record_free(&it->rec);
        gen_audit_log_free(&it->log);
        gen_audit_optaudit_free(&it->opt);
        free(it->verdict);
        free(it->opt_error);
        free(it->solve_error);
    }
    free(run.it);
    free(run.work);
    return rc;
}
