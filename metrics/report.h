/* report.h: from per-tree metrics to the TsuGO tables and figures: groups
 * and their means (Tables 3 and 12), Cohen's d and the Pearson and
 * Spearman correlations with accuracy (Table 14), SearchE under the five
 * weight schemes (Table 15), as CSV and Markdown; and hand-written SVG
 * plots: the aggregated tree of a group (Figure 4), the share of effort on
 * the correct branch over normalised progress (Figure 6), SearchE and
 * TokenE against accuracy (Figure 5). Texts go to caller-owned strbufs. */
#ifndef VP_REPORT_H
#define VP_REPORT_H

#include "../engines/strbuf.h"
#include "ptree.h"

/* The metrics of a tree, in table order. */
enum {
    REPORT_CCER = 0, REPORT_SWR, REPORT_SFH, REPORT_SCR, REPORT_SSC, REPORT_SBC, REPORT_TMD, REPORT_TMF,
    REPORT_TNC, REPORT_ITT, REPORT_IPN, REPORT_SEARCH_E, REPORT_NMETRICS
};
/* The grouping keys. */
enum { REPORT_MODEL = 0, REPORT_DIFFICULTY, REPORT_K, REPORT_MODALITY, REPORT_NKEYS };
#define REPORT_EFFORT_POINTS 20
#define REPORT_NSCHEMES 5

/* The JSON key of metric i ("ccer", ..., "search_e"); of key i ("model", ...). */
const char *report_metric_name(int i);
const char *report_key_name(int i);
/* The five weight schemes of Table 15 (main, balanced, waste-heavy,
 * first-hit-heavy, rank-heavy): the name and weights of scheme i. */
const char *report_scheme(int i, double w[3]);

/* One tree or search-reference line. */
typedef struct report_item {
    const char *key[REPORT_NKEYS]; /* never NULL ("-" when unknown) */
    int correct;                   /* 1, 0, or -1 when unknown */
    int baseline;                  /* a search reference: not in Tables 14 and 15 */
    double v[REPORT_NMETRICS];     /* NAN when unknown; CCER NAN also when absent */
    int ccer_absent;
    int has_effort;
    double effort[REPORT_EFFORT_POINTS];
    const ptree *tree;             /* for the aggregated tree, or NULL */
    const score_key *answer;       /* with tree */
} report_item;

typedef struct report_group {
    const char *key[REPORT_NKEYS]; /* the item's values for grouped keys, NULL for the others */
    int n, nknown, ncorrect, baseline, ccer_absent, neffort;
    double acc;                    /* fraction, NAN when no item's correctness is known */
    double token_e;                /* 0..100, NAN for baselines or unknown tokens or accuracy */
    double mean[REPORT_NMETRICS];  /* NAN when no item has the metric */
    double scheme[REPORT_NSCHEMES];/* SearchE of the means under each scheme */
    double effort[REPORT_EFFORT_POINTS];
    ptree_agg agg;
} report_group;

typedef struct report {
    int nkeys, keys[REPORT_NKEYS]; /* the grouping keys in order */
    double w[3];                   /* the SearchE weights in use */
    report_group *groups;          /* in order of first appearance */
    int ngroups;
    /* Table 14 over the model items and groups */
    double d[REPORT_NMETRICS];     /* Cohen's d, correct minus wrong, NAN when undefined */
    int d_ncorrect, d_nwrong;
    double pearson[REPORT_NMETRICS], spearman[REPORT_NMETRICS];
    int ncorr;                     /* groups in the correlations */
    /* Table 15 */
    double scheme_pearson[REPORT_NSCHEMES], scheme_spearman[REPORT_NSCHEMES];
} report;

/* Groups items (kept by pointer: they must outlive r) by keys[0..nkeys)
 * and computes everything above; returns 0 or VP_ENOMEM. */
int report_build(report *r, const report_item *items, int n, const int *keys, int nkeys, const double w[3]);
void report_free(report *r);

/* Appends the group table as CSV (one row per group, the paper's units:
 * percentages for acc, SWR, SFH, SCR; ITT in thousands); returns nothing. */
void report_csv(const report *r, strbuf *out);
/* Appends Markdown: Table 3 (compact), Table 12 (complete), Table 14,
 * Table 15; cells "K=4 | K=None" when k is a grouping key. */
void report_markdown(const report *r, strbuf *out);

/* Statistics: NAN inputs are skipped by the mean; the others want finite
 * inputs. Each returns NAN when undefined (too few values, no spread). */
double report_mean(const double *x, int n);
double report_cohen_d(const double *a, int na, const double *b, int nb);
double report_pearson(const double *x, const double *y, int n);
double report_spearman(const double *x, const double *y, int n);
/* Average ranks (1-based; ties share their mean rank) of x into rank. */
void report_ranks(const double *x, int n, double *rank);

/* SVG plots. */
void report_svg_tree(const ptree_agg *a, const char *title, strbuf *out);
void report_svg_effort(const report *r, strbuf *out);
void report_svg_accuracy(const report *r, strbuf *out);
/* The group's display name: its key values joined by " / ". */
void report_group_name(const report *r, const report_group *g, strbuf *out);

#endif
