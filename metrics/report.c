/* report.c: groups, statistics, tables and SVG plots of the metrics stage. */
#include <config.h>

#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/vp.h"

static const char *const metric_names[REPORT_NMETRICS] = {"ccer", "swr", "sfh", "scr", "ssc", "sbc",
                                                          "tmd",  "tmf", "tnc", "itt", "ipn", "search_e"};
static const char *const key_names[REPORT_NKEYS] = {"model", "difficulty", "k", "modality"};

const char *report_metric_name(int i) { return metric_names[i]; }
const char *report_key_name(int i) { return key_names[i]; }

const char *report_scheme(int i, double w[3])
{
    /* Table 15; "balanced" is printed .33/.33/.33 and read as thirds */
    static const double ws[REPORT_NSCHEMES][3] = {
        {0.5, 0.3, 0.2}, {1.0 / 3, 1.0 / 3, 1.0 / 3}, {0.6, 0.2, 0.2}, {0.4, 0.4, 0.2}, {0.4, 0.2, 0.4}};
    static const char *const names[REPORT_NSCHEMES] = {"main", "balanced", "waste-heavy", "first-hit-heavy",
                                                       "rank-heavy"};
    memcpy(w, ws[i], sizeof ws[i]);
    return names[i];
}

/* ---- statistics ----------------------------------------------------------------- */

double report_mean(const double *x, int n)
{
    double s = 0;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!isnan(x[i])) {
            s += x[i];
            k++;
        }
    return k ? s / k : NAN;
}

/* The sample variance (n - 1) of x; NAN below two values. */
static double variance(const double *x, int n, double mean)
{
    if (n < 2)
        return NAN;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += (x[i] - mean) * (x[i] - mean);
    return s / (n - 1);
}

double report_cohen_d(const double *a, int na, const double *b, int nb)
{
    if (na < 2 || nb < 2)
        return NAN;
    double ma = report_mean(a, na), mb = report_mean(b, nb);
    double pooled = ((na - 1) * variance(a, na, ma) + (nb - 1) * variance(b, nb, mb)) / (na + nb - 2);
    if (!(pooled > 1e-24))
        return NAN;
    return (ma - mb) / sqrt(pooled);
}

double report_pearson(const double *x, const double *y, int n)
{
    if (n < 3)
        return NAN;
    double mx = report_mean(x, n), my = report_mean(y, n), sxy = 0, sxx = 0, syy = 0;
    for (int i = 0; i < n; i++) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (!(sxx > 1e-24) || !(syy > 1e-24))
        return NAN;
    double r = sxy / sqrt(sxx * syy);
    return r > 1 ? 1 : r < -1 ? -1 : r;
}

typedef struct ranked {
    double v;
    int i;
} ranked;

static int by_value(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return x->i - y->i;
}

void report_ranks(const double *x, int n, double *rank)
{
    ranked *t = malloc((size_t)(n ? n : 1) * sizeof *t);
    if (!t) {
        for (int i = 0; i < n; i++)
            rank[i] = NAN;
        return;
    }
    for (int i = 0; i < n; i++) {
        t[i].v = x[i];
        t[i].i = i;
    }
    qsort(t, (size_t)n, sizeof *t, by_value);
    for (int i = 0; i < n;) {
        int j = i;
        while (j + 1 < n && t[j + 1].v == t[i].v)
            j++;
        for (int k = i; k <= j; k++)
            rank[t[k].i] = (i + j) / 2.0 + 1.0;
        i = j + 1;
    }
    free(t);
}

double report_spearman(const double *x, const double *y, int n)
{
    if (n < 3)
        return NAN;
    double *rx = malloc((size_t)n * sizeof *rx), *ry = malloc((size_t)n * sizeof *ry);
    double r = NAN;
    if (rx && ry) {
        report_ranks(x, n, rx);
        report_ranks(y, n, ry);
        r = report_pearson(rx, ry, n);
    }
    free(rx);
    free(ry);
    return r;
}

/* ---- groups ------------------------------------------------------------------- */

static int same_group(const report *r, const report_group *g, const report_item *it)
{
    for (int k = 0; k < r->nkeys; k++)
        if (strcmp(g->key[r->keys[k]], it->key[r->keys[k]]))
            return 0;
    return 1;
}

static double scheme_value(const double *mean, const double w[3])
{
    return 100.0 * (w[0] * (1.0 - mean[REPORT_SWR]) + w[1] * mean[REPORT_SFH] + w[2] * (1.0 - mean[REPORT_SCR]));
}

/* Cohen's d of every metric over the model items of known correctness. */
static int table14_d(report *r, const report_item *items, int n)
{
    double *a = malloc((size_t)(n ? n : 1) * sizeof *a), *b = malloc((size_t)(n ? n : 1) * sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        return VP_ENOMEM;
    }
    for (int m = 0; m < REPORT_NMETRICS; m++) {
        int na = 0, nb = 0;
        for (int i = 0; i < n; i++) {
            const report_item *it = &items[i];
            if (it->baseline || it->correct < 0 || isnan(it->v[m]))
                continue;
            if (it->correct)
                a[na++] = it->v[m];
            else
                b[nb++] = it->v[m];
        }
        r->d[m] = report_cohen_d(a, na, b, nb);
        if (m == REPORT_SWR) {
            r->d_ncorrect = na;
            r->d_nwrong = nb;
        }
    }
    free(a);
    free(b);
    return 0;
}

/* Pearson and Spearman of each group mean, and of each scheme, with accuracy. */
static int table14_15_corr(report *r)
{
    int n = r->ngroups;
    double *x = malloc((size_t)(n ? n : 1) * sizeof *x), *y = malloc((size_t)(n ? n : 1) * sizeof *y);
    if (!x || !y) {
        free(x);
        free(y);
        return VP_ENOMEM;
    }
    r->ncorr = 0;
    for (int m = 0; m < REPORT_NMETRICS + REPORT_NSCHEMES; m++) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            const report_group *g = &r->groups[i];
            double v = m < REPORT_NMETRICS ? g->mean[m] : g->scheme[m - REPORT_NMETRICS];
            if (g->baseline || isnan(g->acc) || isnan(v))
                continue;
            x[k] = v;
            y[k++] = g->acc;
        }
        double p = report_pearson(x, y, k), s = report_spearman(x, y, k);
        if (m < REPORT_NMETRICS) {
            r->pearson[m] = p;
            r->spearman[m] = s;
            if (m == REPORT_SWR)
                r->ncorr = k;
        } else {
            r->scheme_pearson[m - REPORT_NMETRICS] = p;
            r->scheme_spearman[m - REPORT_NMETRICS] = s;
        }
    }
    free(x);
    free(y);
    return 0;
}

/* Groups in table order: by the grouping keys in turn, each key's values
 * in order of first appearance, except K: numbers ascending, then the
 * rest ("None") in order of first appearance. */
typedef struct group_order {
    int rank[REPORT_NKEYS], index;
} group_order;

static int by_ranks(const void *x, const void *y)
{
    const group_order *a = x, *b = y;
    for (int k = 0; k < REPORT_NKEYS; k++)
        if (a->rank[k] != b->rank[k])
            return a->rank[k] < b->rank[k] ? -1 : 1;
    return a->index - b->index;
}

static int k_number(const char *s, long *v)
{
    char *end;
    *v = strtol(s, &end, 10);
    return *s && !*end;
}

static int order_groups(report *r)
{
    int n = r->ngroups;
    group_order *o = calloc((size_t)(n ? n : 1), sizeof *o);
    report_group *g = malloc((size_t)(n ? n : 1) * sizeof *g);
    if (!o || !g) {
        free(o);
        free(g);
        return VP_ENOMEM;
    }
    for (int i = 0; i < n; i++)
        o[i].index = i;
    for (int k = 0; k < r->nkeys; k++) {
        int key = r->keys[k];
        for (int i = 0; i < n; i++) {
            const char *v = r->groups[i].key[key];
            long num;
            int first = i;
            for (int j = 0; j < i && first == i; j++)
                if (!strcmp(r->groups[j].key[key], v))
                    first = j;
            if (key == REPORT_K && k_number(v, &num))
                o[i].rank[k] = num < -1000000 ? -1000000 : num > 1000000 ? 1000000 : (int)num;
            else
                o[i].rank[k] = (key == REPORT_K ? 2000000 : 0) + first;
        }
    }
    qsort(o, (size_t)n, sizeof *o, by_ranks);
    for (int i = 0; i < n; i++)
        g[i] = r->groups[o[i].index];
    memcpy(r->groups, g, (size_t)n * sizeof *g);
    free(o);
    free(g);
    return 0;
}

int report_build(report *r, const report_item *items, int n, const int *keys, int nkeys, const double w[3])
{
    memset(r, 0, sizeof *r);
    r->nkeys = nkeys;
    memcpy(r->keys, keys, (size_t)nkeys * sizeof *keys);
    memcpy(r->w, w, sizeof r->w);
    r->groups = calloc((size_t)(n ? n : 1), sizeof *r->groups);
    double *sum = calloc((size_t)(n ? n : 1) * REPORT_NMETRICS, sizeof *sum);
    int *cnt = calloc((size_t)(n ? n : 1) * REPORT_NMETRICS, sizeof *cnt);
    int *gof = malloc((size_t)(n ? n : 1) * sizeof *gof);
    if (!r->groups || !sum || !cnt || !gof) {
        free(sum);
        free(cnt);
        free(gof);
        return VP_ENOMEM;
    }
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        const report_item *it = &items[i];
        int gi = -1;
        for (int j = r->ngroups - 1; j >= 0 && gi < 0; j--)
            if (same_group(r, &r->groups[j], it))
                gi = j;
        if (gi < 0) {
            gi = r->ngroups++;
            report_group *g = &r->groups[gi];
            for (int k = 0; k < nkeys; k++)
                g->key[keys[k]] = it->key[keys[k]];
            g->baseline = 1;
            ptree_agg_init(&g->agg);
        }
        gof[i] = gi;
        report_group *g = &r->groups[gi];
        g->n++;
        g->baseline &= it->baseline;
        if (it->correct >= 0) {
            g->nknown++;
            g->ncorrect += it->correct;
        }
        g->ccer_absent += it->ccer_absent;
        for (int m = 0; m < REPORT_NMETRICS; m++)
            if (!isnan(it->v[m])) {
                sum[gi * REPORT_NMETRICS + m] += it->v[m];
                cnt[gi * REPORT_NMETRICS + m]++;
            }
        if (it->has_effort) {
            g->neffort++;
            for (int p = 0; p < REPORT_EFFORT_POINTS; p++)
                g->effort[p] += it->effort[p];
        }
        if (it->tree && ptree_agg_add(&g->agg, it->tree, it->answer))
            rc = VP_ENOMEM;
    }
    for (int gi = 0; gi < r->ngroups; gi++) {
        report_group *g = &r->groups[gi];
        for (int m = 0; m < REPORT_NMETRICS; m++)
            g->mean[m] = cnt[gi * REPORT_NMETRICS + m] ? sum[gi * REPORT_NMETRICS + m] / cnt[gi * REPORT_NMETRICS + m]
                                                      : NAN;
        g->acc = g->nknown ? (double)g->ncorrect / g->nknown : NAN;
        double a = 100.0 * g->acc, itt = g->mean[REPORT_ITT];
        g->token_e = g->baseline || isnan(a) || isnan(itt) ? NAN : a > 0 ? 100.0 * a / (a + itt / 1000.0) : 0.0;
        for (int s = 0; s < REPORT_NSCHEMES; s++) {
            double ws[3];
            report_scheme(s, ws);
            g->scheme[s] = scheme_value(g->mean, ws);
        }
        for (int p = 0; p < REPORT_EFFORT_POINTS; p++)
            g->effort[p] = g->neffort ? g->effort[p] / g->neffort : NAN;
    }
    free(sum);
    free(cnt);
    free(gof);
    if (rc == 0)
        rc = order_groups(r);
    if (rc == 0)
        rc = table14_d(r, items, n);
    if (rc == 0)
        rc = table14_15_corr(r);
    return rc;
}

void report_free(report *r)
{
    for (int i = 0; r->groups && i < r->ngroups; i++)
        ptree_agg_free(&r->groups[i].agg);
    free(r->groups);
    memset(r, 0, sizeof *r);
}

void report_group_name(const report *r, const report_group *g, strbuf *out)
{
    for (int k = 0; k < r->nkeys; k++)
        strbuf_printf(out, "%s%s%s", k ? " / " : "", r->keys[k] == REPORT_K ? "K=" : "", g->key[r->keys[k]]);
    if (r->nkeys == 0)
        strbuf_puts(out, "all");
}

/* ---- tables ---------------------------------------------------------------------- */

/* A column of the group tables: its header, how to get and print it. */
enum { COL_N = 100, COL_ACC, COL_TOKEN_E, COL_ABSENT };
typedef struct column {
    const char *csv, *md;
    int what;       /* a metric, or COL_* */
    double scale;   /* applied to the value */
    int decimals;
} column;

static const column csv_cols[] = {
    {"n", "n", COL_N, 1, 0},
    {"acc", "Acc", COL_ACC, 100, 1},
    {"search_e", "SearchE", REPORT_SEARCH_E, 1, 1},
    {"token_e", "TokenE", COL_TOKEN_E, 1, 1},
    {"swr", "SWR", REPORT_SWR, 100, 1},
    {"sfh", "SFH", REPORT_SFH, 100, 1},
    {"scr", "SCR", REPORT_SCR, 100, 1},
    {"ccer", "CCER", REPORT_CCER, 1, 2},
    {"ccer_absent", "CCER=inf", COL_ABSENT, 1, 0},
    {"ssc", "SSC", REPORT_SSC, 1, 1},
    {"sbc", "SBC", REPORT_SBC, 1, 1},
    {"tmd", "TMD", REPORT_TMD, 1, 1},
    {"tmf", "TMF", REPORT_TMF, 1, 1},
    {"tnc", "TNC", REPORT_TNC, 1, 1},
    {"ipn", "IPN", REPORT_IPN, 1, 0},
    {"itt_k", "ITT(k)", REPORT_ITT, 0.001, 1},
};
#define NCSV ((int)(sizeof csv_cols / sizeof *csv_cols))
/* Table 3 (compact) and Table 12 (complete), as indexes into csv_cols. */
static const int table3_cols[] = {0, 1, 2, 3, 11, 12, 13, 14, 15};
static const int table12_cols[] = {0, 1, 4, 5, 6, 9, 10, 11, 12, 13, 14, 15};

static double column_value(const report_group *g, const column *c)
{
    double v = c->what == COL_N        ? g->n
               : c->what == COL_ABSENT ? g->ccer_absent
               : c->what == COL_ACC    ? g->acc
               : c->what == COL_TOKEN_E ? g->token_e
                                        : g->mean[c->what];
    return v * c->scale;
}

static void put_number(strbuf *out, double v, int decimals, const char *none)
{
    if (isnan(v))
        strbuf_puts(out, none);
    else
        strbuf_printf(out, "%.*f", decimals, v);
}

/* Writes s as a CSV field (quoted when it holds a comma, quote or newline). */
static void csv_field(strbuf *out, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        strbuf_puts(out, s);
        return;
    }
    strbuf_puts(out, "\"");
    for (const char *p = s; *p; p++)
        strbuf_printf(out, *p == '"' ? "\"\"" : "%c", *p);
    strbuf_puts(out, "\"");
}

void report_csv(const report *r, strbuf *out)
{
    for (int k = 0; k < r->nkeys; k++)
        strbuf_printf(out, "%s,", key_names[r->keys[k]]);
    for (int c = 0; c < NCSV; c++)
        strbuf_printf(out, "%s%s", csv_cols[c].csv, c + 1 < NCSV ? "," : "\n");
    for (int i = 0; i < r->ngroups; i++) {
        const report_group *g = &r->groups[i];
        for (int k = 0; k < r->nkeys; k++) {
            csv_field(out, g->key[r->keys[k]]);
            strbuf_puts(out, ",");
        }
        for (int c = 0; c < NCSV; c++) {
            put_number(out, column_value(g, &csv_cols[c]), csv_cols[c].decimals ? csv_cols[c].decimals + 2 : 0, "");
            strbuf_puts(out, c + 1 < NCSV ? "," : "\n");
        }
    }
}

/* Markdown text with the table's own characters escaped. */
static void md_text(strbuf *out, const char *s)
{
    for (const char *p = s; *p; p++)
        strbuf_printf(out, *p == '|' ? "\\|" : *p == '\n' ? " " : "%c", *p);
}

/* The group of row `row` (a group whose non-k keys it stands for) and k value kv. */
static int find_cell(const report *r, const report_group *row, const char *kv)
{
    for (int i = 0; i < r->ngroups; i++) {
        const report_group *g = &r->groups[i];
        int same = 1;
        for (int k = 0; k < r->nkeys && same; k++) {
            int key = r->keys[k];
            same = key == REPORT_K ? !strcmp(g->key[key], kv) : !strcmp(g->key[key], row->key[key]);
        }
        if (same)
            return i;
    }
    return -1;
}

static int k_grouped(const report *r)
{
    for (int k = 0; k < r->nkeys; k++)
        if (r->keys[k] == REPORT_K)
            return 1;
    return 0;
}

/* The distinct k values (first appearance) into kv; returns their number. */
static int k_values(const report *r, const char **kv)
{
    int n = 0;
    for (int i = 0; i < r->ngroups; i++) {
        int seen = 0;
        for (int j = 0; j < n && !seen; j++)
            seen = !strcmp(kv[j], r->groups[i].key[REPORT_K]);
        if (!seen)
            kv[n++] = r->groups[i].key[REPORT_K];
    }
    return n;
}

static void md_group_table(const report *r, strbuf *out, const char *title, const int *cols, int ncols)
{
    int pivot = k_grouped(r);
    const char **kv = malloc((size_t)(r->ngroups ? r->ngroups : 1) * sizeof *kv);
    int *done = calloc((size_t)(r->ngroups ? r->ngroups : 1), sizeof *done);
    if (!kv || !done) {
        free(kv);
        free(done);
        return;
    }
    int nk = pivot ? k_values(r, kv) : 1;
    strbuf_printf(out, "### %s\n\n", title);
    if (pivot) {
        strbuf_puts(out, "Cells: ");
        for (int j = 0; j < nk; j++) {
            strbuf_puts(out, j ? " \\| K=" : "K=");
            md_text(out, kv[j]);
        }
        strbuf_puts(out, ".\n\n");
    }
    strbuf_puts(out, "|");
    for (int k = 0; k < r->nkeys; k++)
        if (r->keys[k] != REPORT_K)
            strbuf_printf(out, " %s |", key_names[r->keys[k]]);
    for (int c = 0; c < ncols; c++)
        strbuf_printf(out, " %s |", csv_cols[cols[c]].md);
    strbuf_puts(out, "\n|");
    for (int k = 0; k < r->nkeys; k++)
        if (r->keys[k] != REPORT_K)
            strbuf_puts(out, "---|");
    for (int c = 0; c < ncols; c++)
        strbuf_puts(out, "---:|");
    strbuf_puts(out, "\n");
    for (int i = 0; i < r->ngroups; i++) {
        if (done[i])
            continue;
        const report_group *row = &r->groups[i];
        int cell[64];
        if (nk > 64)
            nk = 64;
        for (int j = 0; j < nk; j++) {
            cell[j] = pivot ? find_cell(r, row, kv[j]) : i;
            if (cell[j] >= 0)
                done[cell[j]] = 1;
        }
        strbuf_puts(out, "|");
        for (int k = 0; k < r->nkeys; k++)
            if (r->keys[k] != REPORT_K) {
                strbuf_puts(out, " ");
                md_text(out, row->key[r->keys[k]]);
                strbuf_puts(out, " |");
            }
        for (int c = 0; c < ncols; c++) {
            strbuf_puts(out, " ");
            for (int j = 0; j < nk; j++) {
                if (j)
                    strbuf_puts(out, " \\| ");
                if (cell[j] < 0)
                    strbuf_puts(out, "–");
                else
                    put_number(out, column_value(&r->groups[cell[j]], &csv_cols[cols[c]]), csv_cols[cols[c]].decimals,
                               "–");
            }
            strbuf_puts(out, " |");
        }
        strbuf_puts(out, "\n");
    }
    strbuf_puts(out, "\n");
    free(kv);
    free(done);
}

static const char *const metric_md[REPORT_NMETRICS] = {"CCER", "SWR", "SFH", "SCR", "SSC", "SBC",
                                                       "TMD",  "TMF", "TNC", "ITT", "IPN", "SearchE"};

void report_markdown(const report *r, strbuf *out)
{
    md_group_table(r, out, "Compact results (TsuGO Table 3)", table3_cols,
                   (int)(sizeof table3_cols / sizeof *table3_cols));
    md_group_table(r, out, "Complete diagnostics (TsuGO Table 12)", table12_cols,
                   (int)(sizeof table12_cols / sizeof *table12_cols));
    strbuf_printf(out,
                  "### Discriminative power (TsuGO Table 14)\n\n"
                  "Cohen's d between correct (%d) and wrong (%d) model traces; Pearson and Spearman "
                  "correlations of the group means with accuracy over %d model groups.\n\n"
                  "| Metric | d | Direction | Pearson r | Spearman ρ |\n|---|---:|---|---:|---:|\n",
                  r->d_ncorrect, r->d_nwrong, r->ncorr);
    for (int m = 0; m < REPORT_NMETRICS; m++) {
        double d = r->d[m];
        strbuf_printf(out, "| %s | ", metric_md[m]);
        put_number(out, fabs(d), 2, "–");
        strbuf_printf(out, " | %s | ", isnan(d) ? "–" : fabs(d) < 0.2 ? "≈" : d > 0 ? "corr. > wrong" : "corr. < wrong");
        put_number(out, r->pearson[m], 3, "–");
        strbuf_puts(out, " | ");
        put_number(out, r->spearman[m], 3, "–");
        strbuf_puts(out, " |\n");
    }
    strbuf_printf(out, "\n### SearchE weight sensitivity (TsuGO Table 15)\n\n"
                       "Correlation of each SearchE variant with accuracy over %d model groups; weights: wrong-branch "
                       "waste, first hit, correct rank.\n\n"
                       "| Scheme | Weights | Pearson r | Spearman ρ |\n|---|---|---:|---:|\n",
                  r->ncorr);
    for (int s = 0; s < REPORT_NSCHEMES; s++) {
        double w[3];
        const char *name = report_scheme(s, w);
        strbuf_printf(out, "| %s | %.2f/%.2f/%.2f | ", name, w[0], w[1], w[2]);
        put_number(out, r->scheme_pearson[s], 3, "–");
        strbuf_puts(out, " | ");
        put_number(out, r->scheme_spearman[s], 3, "–");
        strbuf_puts(out, " |\n");
    }
}

/* ---- SVG ----------------------------------------------------------------------------- */

static void xml_text(strbuf *out, const char *s)
{
    for (const char *p = s; *p; p++) {
        if (*p == '<')
            strbuf_puts(out, "&lt;");
        else if (*p == '>')
            strbuf_puts(out, "&gt;");
        else if (*p == '&')
            strbuf_puts(out, "&amp;");
        else if (*p == '"')
            strbuf_puts(out, "&quot;");
        else
            strbuf_printf(out, "%c", *p);
    }
}

static void svg_open(strbuf *out, int w, int h, const char *title)
{
    strbuf_printf(out,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                  "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
                  "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n<text x=\"%d\" y=\"22\" font-size=\"15\" "
                  "text-anchor=\"middle\">",
                  w, h, w, h, w, h, w / 2);
    xml_text(out, title);
    strbuf_puts(out, "</text>\n");
}

/* Red (all lose) to green (all win); grey without win or lose judgments. */
static void polarity_colour(const ptree_agg_node *x, char *buf)
{
    int wl = x->win + x->lose;
    if (!wl) {
        strcpy(buf, "#bdbdbd");
        return;
    }
    double s = (double)x->win / wl;
    snprintf(buf, 8, "#%02x%02x%02x", (int)(215 * (1 - s) + 26 * s + 0.5), (int)(48 * (1 - s) + 152 * s + 0.5),
             (int)(39 * (1 - s) + 80 * s + 0.5));
}

#define TREE_W 960
#define TREE_ROW 34
#define TREE_DEPTH 10

static void tree_node(const ptree_agg *a, int i, int ordinal, double x0, double x1, strbuf *out)
{
    const ptree_agg_node *x = &a->nodes[i];
    if (x->depth >= TREE_DEPTH || x1 - x0 < 0.5)
        return;
    double y = 40 + x->depth * TREE_ROW;
    char colour[8];
    polarity_colour(x, colour);
    int strong = x->depth == 1 && 2 * x->correct > x->count;
    strbuf_printf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%d\" fill=\"%s\" stroke=\"%s\" "
                       "stroke-width=\"%s\"><title>",
                  x0, y, x1 - x0, TREE_ROW - 4, colour, strong ? "#08306b" : "white", strong ? "3" : "1");
    strbuf_printf(out, "depth %d: in %d of %d trees, mean subtree %.2f nodes; judgments %d win, %d lose, %d other",
                  x->depth, x->count, a->trees, x->weight / a->trees, x->win, x->lose, x->other);
    if (x->depth == 1)
        strbuf_printf(out, "; the correct candidate in %d trees", x->correct);
    strbuf_puts(out, "</title></rect>\n");
    if (x1 - x0 > 44 && x->depth == 1)
        strbuf_printf(out, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" font-size=\"10\">c%d: %.1f</text>\n",
                      (x0 + x1) / 2, y + TREE_ROW / 2 + 1, ordinal, x->weight / a->trees);
    else if (x1 - x0 > 34)
        strbuf_printf(out, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" font-size=\"10\">%.1f</text>\n",
                      (x0 + x1) / 2, y + TREE_ROW / 2 + 1, x->weight / a->trees);
    double at = x0, scale = x->weight > 0 ? (x1 - x0) / x->weight : 0;
    int k = 0;
    for (int c = x->first; c >= 0; c = a->nodes[c].next) {
        double w = a->nodes[c].weight * scale;
        tree_node(a, c, ++k, at, at + w, out);
        at += w;
    }
}

void report_svg_tree(const ptree_agg *a, const char *title, strbuf *out)
{
    int depth = 0;
    for (int i = 0; i < a->n; i++)
        if (a->nodes[i].depth > depth)
            depth = a->nodes[i].depth;
    if (depth >= TREE_DEPTH)
        depth = TREE_DEPTH - 1;
    int h = 40 + (depth + 1) * TREE_ROW + 48;
    svg_open(out, TREE_W + 40, h, title);
    if (a->n)
        tree_node(a, 0, 0, 20, 20 + TREE_W, out);
    strbuf_printf(out,
                  "<text x=\"20\" y=\"%d\" font-size=\"11\">%d trees, laid over each other with children matched "
                  "by order of appearance (c1, c2, ...: the candidates). Width: mean subtree size in nodes; rows: "
                  "depth.</text>\n<text x=\"20\" y=\"%d\" font-size=\"11\">Colour: win share of the judgments "
                  "below (green win, red lose, grey none); blue outline: the correct candidate in most trees.</text>\n"
                  "</svg>\n",
                  h - 28, a->trees, h - 12);
}

static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
#define NPALETTE ((int)(sizeof palette / sizeof *palette))

/* Axes of a plot area [x0, x0 + w] x [y0, y0 + h] with ticks 0..1 (x)
 * and 0..1 (y) labelled by xfmt/yfmt scaled by xs/ys. */
static void axes(strbuf *out, int x0, int y0, int w, int h, double xs, double ys, const char *xl, const char *yl)
{
    for (int i = 0; i <= 4; i++) {
        double gx = x0 + w * i / 4.0, gy = y0 + h - h * i / 4.0;
        strbuf_printf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e0e0e0\"/>\n", gx, y0, gx,
                      y0 + h);
        strbuf_printf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e0e0e0\"/>\n", x0, gy, x0 + w,
                      gy);
        strbuf_printf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", gx, y0 + h + 16,
                      xs * i / 4.0);
        strbuf_printf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", x0 - 6, gy + 4, ys * i / 4.0);
    }
    strbuf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n", x0,
                  y0, w, h);
    strbuf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x0 + w / 2, y0 + h + 36, xl);
    strbuf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">%s</text>\n",
                  x0 - 40, y0 + h / 2, x0 - 40, y0 + h / 2, yl);
}

void report_svg_effort(const report *r, strbuf *out)
{
    int x0 = 70, y0 = 40, w = 520, h = 320;
    svg_open(out, 900, 420, "Share of effort on the correct branch over normalised progress");
    axes(out, x0, y0, w, h, 100, 100, "progress (% of nodes or playouts)", "share on the correct branch (%)");
    strbuf_printf(out,
                  "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\" stroke-dasharray=\"6 4\"/>\n"
                  "<text x=\"%d\" y=\"%.1f\" font-size=\"10\">35%%</text>\n",
                  x0, y0 + h * 0.65, x0 + w, y0 + h * 0.65, x0 + w + 4, y0 + h * 0.65 + 3);
    int shown = 0;
    for (int i = 0; i < r->ngroups; i++) {
        const report_group *g = &r->groups[i];
        if (!g->neffort)
            continue;
        const char *c = palette[shown % NPALETTE];
        strbuf_printf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"", c,
                      g->baseline ? " stroke-dasharray=\"2 2\"" : "");
        for (int p = 0; p < REPORT_EFFORT_POINTS; p++)
            strbuf_printf(out, "%s%.1f,%.1f", p ? " " : "", x0 + w * (p + 1.0) / REPORT_EFFORT_POINTS,
                          y0 + h - h * g->effort[p]);
        strbuf_puts(out, "\"/>\n");
        strbuf_printf(out, "<line x1=\"610\" y1=\"%d\" x2=\"624\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"%s/>\n"
                           "<text x=\"630\" y=\"%d\">",
                      y0 + 8 + 18 * shown, y0 + 8 + 18 * shown, c, g->baseline ? " stroke-dasharray=\"2 2\"" : "",
                      y0 + 12 + 18 * shown);
        strbuf s;
        strbuf_init(&s);
        report_group_name(r, g, &s);
        xml_text(out, s.s ? s.s : "");
        strbuf_free(&s);
        strbuf_printf(out, " (%d)</text>\n", g->neffort);
        shown++;
    }
    if (!shown)
        strbuf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">no trace with a known answer set</text>\n",
                      x0 + w / 2, y0 + h / 2);
    strbuf_puts(out, "</svg>\n");
}

void report_svg_accuracy(const report *r, strbuf *out)
{
    int x0 = 70, y0 = 40, w = 520, h = 320;
    svg_open(out, 900, 420, "SearchE and TokenE against accuracy");
    axes(out, x0, y0, w, h, 100, 100, "accuracy (%)", "score (0-100)");
    strbuf_printf(out,
                  "<circle cx=\"617\" cy=\"%d\" r=\"5\" fill=\"#1f77b4\"/><text x=\"630\" y=\"%d\">SearchE</text>\n"
                  "<rect x=\"612\" y=\"%d\" width=\"10\" height=\"10\" fill=\"none\" stroke=\"#d62728\" "
                  "stroke-width=\"2\"/><text x=\"630\" y=\"%d\">TokenE</text>\n",
                  y0 + 6, y0 + 10, y0 + 19, y0 + 28);
    int shown = 0;
    for (int i = 0; i < r->ngroups; i++) {
        const report_group *g = &r->groups[i];
        if (isnan(g->acc))
            continue;
        double x = x0 + w * g->acc;
        strbuf s;
        strbuf_init(&s);
        report_group_name(r, g, &s);
        if (!isnan(g->mean[REPORT_SEARCH_E])) {
            double y = y0 + h - h * g->mean[REPORT_SEARCH_E] / 100.0;
            strbuf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#1f77b4\"><title>", x, y);
            xml_text(out, s.s ? s.s : "");
            strbuf_printf(out, ": accuracy %.1f, SearchE %.1f</title></circle>\n", 100 * g->acc,
                          g->mean[REPORT_SEARCH_E]);
            strbuf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#555555\">", x + 7, y - 4);
            xml_text(out, s.s ? s.s : "");
            strbuf_puts(out, "</text>\n");
        }
        if (!isnan(g->token_e)) {
            double y = y0 + h - h * g->token_e / 100.0;
            strbuf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"none\" stroke=\"#d62728\" "
                               "stroke-width=\"2\"><title>",
                          x - 5, y - 5);
            xml_text(out, s.s ? s.s : "");
            strbuf_printf(out, ": accuracy %.1f, TokenE %.1f</title></rect>\n", 100 * g->acc, g->token_e);
        }
        strbuf_free(&s);
        shown++;
    }
    if (!shown)
        strbuf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">no group with a known accuracy</text>\n",
                      x0 + w / 2, y0 + h / 2);
    strbuf_printf(out, "<text x=\"610\" y=\"%d\" font-size=\"11\">SearchE (main weights) and accuracy:</text>\n"
                       "<text x=\"610\" y=\"%d\" font-size=\"11\">Pearson r ",
                  y0 + 60, y0 + 76);
    put_number(out, r->scheme_pearson[0], 3, "n/a");
    strbuf_puts(out, ", Spearman ");
    put_number(out, r->scheme_spearman[0], 3, "n/a");
    strbuf_printf(out, " (%d model groups)</text>\n", r->ncorr);
    strbuf_puts(out, "</svg>\n");
}
