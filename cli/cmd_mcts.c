/* cmd_mcts.c: `vp go mcts`: the Smargo-style MCTS/UCT reference search of
 * solver/mcts.h over a batch of life-and-death problems, open or with K=4
 * root options: the top-1 move against the answer set (the file's book
 * answers, or df-pn's with --verify), the root visit distribution and
 * trajectory, SWR/SFH/SCR/SSC, the tree's size (TNC), depth and branching,
 * the explored tree as JSON or Graphviz DOT, and a summary of the set.
 * Problems are searched in parallel and printed in input order. */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../engines/coord.h"
#include "../engines/go.h"
#include "../engines/problem.h"
#include "../engines/strbuf.h"
#include "../engines/vp.h"
#include "../solver/dfpn.h"
#include "../solver/ld.h"
#include "../solver/mcts.h"
#include "cli.h"
#include "goprob.h"

#define MCTS_FORMAT "vitalpoint-go-mcts"
#define MCTS_TREE_FORMAT "vitalpoint-go-mcts-tree"
#define MCTS_K 4
#define MCTS_VERIFY_NODES 2000000L

static const char mcts_help[] =
    "Usage: vp go mcts FILE... [OPTIONS]\n"
    "Runs the unguided MCTS/UCT reference search (TsuGO's Smargo baseline, on\n"
    "correct rules) on life-and-death problems (SGF, or the JSON problem\n"
    "format): the top-1 move, whether it is correct, the root visits and\n"
    "trajectory, SWR/SFH/SCR/SSC, the tree's size (TNC), depth and branching,\n"
    "and a summary of the set. Files are searched in parallel and printed in\n"
    "input order; the same seed gives the same output whatever --threads is.\n"
    "\n"
    "      --playouts N     playouts per problem (default 200)\n"
    "      --root MODE      open (every legal move in the region, the default)\n"
    "                       or k4 (only the four options)\n"
    "      --options LIST   the four K=4 options, like B19,C18,D19,A17 (implies\n"
    "                       --root k4; default: the book move and the three\n"
    "                       legal region points nearest to it)\n"
    "      --seed S         seed of the searches (default 0)\n"
    "      --cpuct C        the exploration constant (default 5)\n"
    "      --depth-limit N  moves from the root in a playout (default: the\n"
    "                       region's area)\n"
    "      --verify         answers from the exact solver (df-pn) instead of\n"
    "                       the file's correct first moves\n"
    "      --verify-nodes N df-pn's node budget per problem (default 2000000)\n"
    "      --tree PATH      write the explored tree: PATH.json or PATH.dot\n"
    "                       (Graphviz); with several files PATH must hold %n,\n"
    "                       replaced by each file's name without extension\n"
    "      --skip-bad       report problems whose K=4 options are bad as\n"
    "                       skipped and go on (default: error, exit status 2,\n"
    "                       nothing searched)\n"
    "  -t, --threads T      problems searched at once (default: all cores)\n"
    "      --json           one JSON object per problem and line\n"
    GOPROB_DEF_HELP
    "  -q, --quiet          no progress bar; with --json, no summary on stderr\n"
    "  -h, --help           this help\n";

typedef struct mcts_args {
    mcts_opts mopts;
    ld_problem_opts lopts;
    int json, quiet, verify, skip_bad, k4;
    int noptions, options[MCTS_K]; /* --options, as 19x19 points */
    long verify_nodes, threads;
    const char *tree;
    int tree_dot;
} mcts_args;

/* What became of one file. */
enum { ITEM_ERROR = 0, ITEM_UNDEFINED, ITEM_BAD, ITEM_SEARCHED };

typedef struct mcts_item {
    const char *file;
    char *tree_path;
    int kind;
    char *reason;         /* why not searched (error, undefined, bad options) */
    ld_problem *p;        /* the definition, between the two passes */
    int size;
    int has_book, book_point, book_color;
    int nbook, book[GO_NPOINTS];
    int nopt, opt[MCTS_K];
    int unsettled; /* --verify: first moves df-pn left undecided */
    /* for the summary */
    int known, correct, sfh, ssc, sbc, tnc, max_depth, max_branching, playouts;
    double swr, scr, seconds;
    char *out, *tree_text;
} mcts_item;

/* ---- arguments ------------------------------------------------------------------ */

enum {
    OPT_PLAYOUTS = 256, OPT_ROOT, OPT_OPTIONS, OPT_SEED, OPT_CPUCT, OPT_DEPTH, OPT_VERIFY, OPT_VERIFY_NODES,
    OPT_TREE, OPT_SKIP_BAD, OPT_JSON
};

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* Parses the K=4 options: exactly four distinct points (checked on 19x19
 * here, on each problem's board later). */
static void parse_options(const char *s, mcts_args *a)
{
    int v[64]; /* room past K, so that a fifth point is told apart */
    int n = goprob_parse_list("--options", s, v, 64, "four points like B19,C18,D19,A17", "points");
    a->noptions = 0;
    for (int k = 0; k < n; k++) {
        char c[COORD_BUFLEN];
        if (v[k] == GO_PASS)
            cli_usage_error("--options: 'pass' is not an option (the search plays no passes)");
        if (k == MCTS_K)
            cli_usage_error("--options: more than %d points in '%s'", MCTS_K, s);
        for (int i = 0; i < k; i++)
            if (v[i] == v[k])
                cli_usage_error("--options: %s is given twice", coord_format(v[k], 19, c));
        a->options[a->noptions++] = v[k];
    }
    if (a->noptions < MCTS_K)
        cli_usage_error("--options: %d point%s in '%s', K=4 needs %d", a->noptions, a->noptions == 1 ? "" : "s", s,
                        MCTS_K);
}

static void parse_args(int argc, char **argv, mcts_args *a)
{
    static const struct option opts[] = {
        {"playouts", required_argument, 0, OPT_PLAYOUTS}, {"root", required_argument, 0, OPT_ROOT},
        {"options", required_argument, 0, OPT_OPTIONS},   {"seed", required_argument, 0, OPT_SEED},
        {"cpuct", required_argument, 0, OPT_CPUCT},       {"depth-limit", required_argument, 0, OPT_DEPTH},
        {"verify", no_argument, 0, OPT_VERIFY},           {"verify-nodes", required_argument, 0, OPT_VERIFY_NODES},
        {"tree", required_argument, 0, OPT_TREE},         {"skip-bad", no_argument, 0, OPT_SKIP_BAD},
        {"threads", required_argument, 0, 't'},           {"json", no_argument, 0, OPT_JSON},
        GOPROB_DEF_LONGOPTS,                              {"quiet", no_argument, 0, 'q'},
        {"help", no_argument, 0, 'h'},                    {0, 0, 0, 0}};
    memset(a, 0, sizeof *a);
    mcts_opts_init(&a->mopts);
    ld_opts_init(&a->lopts);
    a->verify_nodes = MCTS_VERIFY_NODES;
    int c, root = -1;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":ht:q", opts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(mcts_help, stdout); exit(CLI_OK);
        case OPT_PLAYOUTS: a->mopts.playouts = (int)cli_parse_long("--playouts", optarg, 1, MCTS_MAX_PLAYOUTS); break;
        case OPT_ROOT:
            if (!strcmp(optarg, "open"))
                root = 0;
            else if (!strcmp(optarg, "k4"))
                root = 1;
            else
                cli_usage_error("--root: '%s' is not open or k4", optarg);
            break;
        case OPT_OPTIONS: parse_options(optarg, a); break;
        case OPT_SEED: a->mopts.seed = (uint64_t)cli_parse_long("--seed", optarg, 0, LONG_MAX); break;
        case OPT_CPUCT: {
            char *end;
            errno = 0;
            double v = strtod(optarg, &end);
            if (!*optarg || *end || errno || !isfinite(v) || v < 0 || v > 1e6)
                cli_usage_error("--cpuct: '%s' is not a number from 0 to 1e6", optarg);
            a->mopts.c = v;
            break;
        }
        case OPT_DEPTH: a->mopts.depth_limit = (int)cli_parse_long("--depth-limit", optarg, 0, 65534); break;
        case OPT_VERIFY: a->verify = 1; break;
        case OPT_VERIFY_NODES: a->verify_nodes = cli_parse_long("--verify-nodes", optarg, 1, LONG_MAX); break;
        case OPT_TREE: a->tree = optarg; break;
        case OPT_SKIP_BAD: a->skip_bad = 1; break;
        case 't': a->threads = cli_parse_long("--threads", optarg, 1, 1024); break;
        case OPT_JSON: a->json = 1; break;
        case 'q': a->quiet = 1; break;
        case ':': cli_usage_error("go mcts: option '%s' needs a value", argv[optind - 1]);
        default:
            if (goprob_def_option(c, optarg, &a->lopts))
                break;
            cli_usage_error("go mcts: unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        cli_usage_error("go mcts: no FILE given (see --help)");
    if (root == 0 && a->noptions)
        cli_usage_error("go mcts: --options needs --root k4 (or no --root)");
    a->k4 = root == 1 || a->noptions > 0;
    a->mopts.root_mode = a->k4 ? MCTS_ROOT_LIST : MCTS_ROOT_OPEN;
    if (a->tree) {
        if (ends_with(a->tree, ".dot"))
            a->tree_dot = 1;
        else if (!ends_with(a->tree, ".json"))
            cli_usage_error("--tree: '%s' must end in .json or .dot", a->tree);
        if (argc - optind > 1 && !strstr(a->tree, "%n"))
            cli_usage_error("--tree: with several files the path must hold %%n (like trees/%%n.dot)");
    }
}

/* ---- the first pass: definitions and options ----------------------------------------- */

static void set_reason(mcts_item *it, int kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Marks it as kind (not searched) with the reason. */
static void set_reason(mcts_item *it, int kind, const char *fmt, ...)
{
    char buf[VP_ERRLEN + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    it->kind = kind;
    free(it->reason);
    it->reason = strdup(buf);
}

/* The K=4 options of item it (the user's, checked on its board, or the
 * book move and its nearest neighbours); ITEM_BAD with the reason when
 * they cannot be had. */
static void k4_options(const mcts_args *a, mcts_item *it)
{
    const ld_problem *p = it->p;
    char buf[COORD_BUFLEN], err[VP_ERRLEN];
    if (a->noptions) {
        for (int i = 0; i < a->noptions; i++) {
            int q = a->options[i];
            coord_format(q, 19, buf);
            if (!go_on_board(&p->board, q)) {
                set_reason(it, ITEM_BAD, "option %s is off the %dx%d board", buf, it->size, it->size);
                return;
            }
            if (go_color_at(&p->board, q) != GO_EMPTY) {
                set_reason(it, ITEM_BAD, "option %s is occupied", buf);
                return;
            }
            if (!ld_in_region(p, q)) {
                set_reason(it, ITEM_BAD, "option %s is outside the problem's region (see --region, --margin)", buf);
                return;
            }
            it->opt[it->nopt++] = q;
        }
        return;
    }
    if (!it->has_book) {
        set_reason(it, ITEM_BAD, "no book move to build the K=4 options from (give --options)");
        return;
    }
    if (it->book_color != p->to_move || it->book_point == GO_PASS) {
        set_reason(it, ITEM_BAD, "the book move is %s%s, not a move of the side to play",
                   it->book_point == GO_PASS ? "a pass" : "a move of ",
                   it->book_point == GO_PASS ? "" : goprob_color_word(it->book_color));
        return;
    }
    int n = mcts_nearest_options(p, it->book_point, it->book, it->nbook, MCTS_K, it->opt, err);
    if (n >= 0 && n < MCTS_K) {
        set_reason(it, ITEM_BAD, "only %d legal point%s in the region for the K=4 options", n, n == 1 ? "" : "s");
        return;
    }
    if (n < 0) {
        coord_format(it->book_point, it->size, buf);
        set_reason(it, ITEM_BAD, "book move %s: %s", buf, err);
        return;
    }
    it->nopt = n;
}

/* ITEM_BAD unless some K=4 option is a legal move on the framed board
 * (the search filters the others: suicide, ko). */
static void k4_legal(mcts_item *it)
{
    char err[VP_ERRLEN];
    go_board *b = malloc(sizeof *b);
    if (!b || ld_frame(it->p, b, err) != 0) {
        free(b);
        return; /* the search reports it */
    }
    int legal = 0;
    for (int i = 0; i < it->nopt; i++)
        legal += go_legal_slot(b, it->p->to_move, go_p2s(it->opt[i]));
    free(b);
    if (!legal)
        set_reason(it, ITEM_BAD, "none of the K=4 options is a legal move for %s",
                   it->p->to_move == GO_BLACK ? "black" : "white");
}

static void prepare_one(const mcts_args *a, mcts_item *it)
{
    char err[VP_ERRLEN] = "", *text = NULL;
    size_t len;
    problem *pr = malloc(sizeof *pr);
    it->p = malloc(sizeof *it->p);
    if (!pr || !it->p) {
        free(pr);
        set_reason(it, ITEM_ERROR, "out of memory");
        return;
    }
    problem_init(pr);
    int rc = problem_read_file(it->file, &text, &len, err);
    if (rc == 0)
        rc = problem_load(text, len, it->file, pr, err);
    if (rc) {
        set_reason(it, ITEM_ERROR, "%s", goprob_without_file(err, it->file));
    } else {
        it->size = pr->width;
        ld_problem_opts lo = a->lopts;
        rc = goprob_markup_goal(text, len, &lo.markup_goal, err);
        if (rc == 0)
            rc = ld_problem_from(pr, &lo, it->p, err);
        if (rc) {
            set_reason(it, ITEM_UNDEFINED, "%s", goprob_without_file(err, it->file));
        } else {
            it->kind = ITEM_SEARCHED;
            it->has_book = goprob_book_move(pr, &it->book_point, &it->book_color);
            it->nbook = goprob_book_answers(pr, it->p->to_move, it->book);
            if (a->k4)
                k4_options(a, it);
            if (a->k4 && it->kind == ITEM_SEARCHED)
                k4_legal(it);
        }
    }
    free(text);
    problem_free(pr);
    free(pr);
}

/* ---- the search and its reports ------------------------------------------------------- */

/* The answer set from df-pn into it->book; returns 1 when known, 0 when
 * df-pn did not settle it (why in note). */
static int verified_answers(const mcts_args *a, mcts_item *it, const char **status, char *note, char *err)
{
    dfpn_opts o;
    dfpn_opts_init(&o);
    o.max_nodes = a->verify_nodes;
    o.max_seconds = 0; /* node budget only: the same answer on every run */
    dfpn_result *r = malloc(sizeof *r);
    if (!r) {
        vp_fail(err, VP_ENOMEM, "out of memory");
        return -1;
    }
    int rc = dfpn_solve(it->p, &o, r, err), known = 0;
    if (rc == 0) {
        *status = dfpn_status_name(r->status);
        it->nbook = 0;
        it->unsettled = 0;
        for (int i = 0; i < r->nroot; i++)
            it->unsettled += r->root_status[i] == DFPN_UNKNOWN;
        if (r->status == DFPN_PROVED) {
            memcpy(it->book, r->first, (size_t)r->nfirst * sizeof *r->first);
            it->nbook = r->nfirst;
            known = 1;
        } else if (r->status == DFPN_KO) {
            /* the best the side to play can do is win a ko */
            memcpy(it->book, r->ko_first, (size_t)r->nko * sizeof *r->ko_first);
            it->nbook = r->nko;
            known = 1;
        } else if (r->status == DFPN_DISPROVED) {
            known = 1; /* no first move reaches the goal */
        } else {
            snprintf(note, VP_ERRLEN, "df-pn: %s", r->reason[0] ? r->reason : "not settled");
        }
    }
    free(r);
    return rc ? -1 : known;
}

static const char *polarity(int value)
{
    return value > 0 ? "win" : value < 0 ? "lose" : "undetermined";
}

static int terminal_value(const mcts_result *r, const ld_problem *p, int state)
{
    if (state == MCTS_CAPTURED)
        return r->to_move == p->attacker ? 1 : -1;
    if (state == MCTS_ALIVE)
        return r->to_move == p->defender ? 1 : -1;
    return 0;
}

static char *tree_json(const mcts_args *a, const mcts_item *it, const mcts_result *r)
{
    strbuf s;
    strbuf_init(&s);
    char buf[COORD_BUFLEN];
    json_t *head = json_pack("{s:s, s:i, s:s, s:s, s:s, s:i, s:I, s:f, s:i}", "format", MCTS_TREE_FORMAT,
                             "format_version", 1, "file", it->file, "to_play", goprob_color_letter(r->to_move), "root",
                             a->k4 ? "k4" : "open", "playouts", r->playouts, "seed", (json_int_t)a->mopts.seed,
                             "cpuct", a->mopts.c, "tnc", r->nnodes);
    char *h = head ? json_dumps(head, JSON_COMPACT) : NULL;
    json_decref(head);
    if (!h)
        return NULL;
    h[strlen(h) - 1] = '\0'; /* reopen the object for "nodes" */
    strbuf_printf(&s, "%s,\"nodes\":[\n", h);
    free(h);
    for (int i = 0; i < r->nnodes; i++) {
        const mcts_node *n = &r->nodes[i];
        json_t *j = json_object();
        json_object_set_new(j, "id", json_integer(i));
        json_object_set_new(j, "parent", i ? json_integer(n->parent) : json_null());
        json_object_set_new(j, "type", json_string(i ? "move" : "root"));
        json_object_set_new(j, "side", i ? json_string(goprob_color_letter(n->color)) : json_null());
        json_object_set_new(j, "move_pos", i ? json_string(coord_format(n->move, it->size, buf)) : json_null());
        if (i) {
            char label[16];
            snprintf(label, sizeof label, "%s %s", goprob_color_letter(n->color), buf);
            json_object_set_new(j, "label", json_string(label));
        } else {
            json_object_set_new(j, "label", json_string("root"));
        }
        json_object_set_new(j, "depth", json_integer(n->depth));
        json_object_set_new(j, "visits", json_integer(n->visits));
        json_object_set_new(j, "value", i ? json_integer(n->value) : json_null());
        json_object_set_new(j, "q", i && n->visits ? json_real((double)n->value / n->visits) : json_null());
        json_object_set_new(j, "children", json_integer(n->nchildren));
        int term = n->visits > 0 && n->state != MCTS_OPEN;
        json_object_set_new(j, "terminal", term ? json_string(mcts_state_name(n->state)) : json_null());
        json_object_set_new(j, "polarity",
                            term ? json_string(polarity(terminal_value(r, it->p, n->state))) : json_null());
        char *t = json_dumps(j, JSON_COMPACT);
        json_decref(j);
        if (!t) {
            strbuf_free(&s);
            return NULL;
        }
        strbuf_printf(&s, "%s%s\n", t, i + 1 < r->nnodes ? "," : "");
        free(t);
    }
    strbuf_puts(&s, "]}\n");
    return strbuf_take(&s);
}

/* A DOT string: s with quotes and backslashes escaped. */
static void dot_quoted(strbuf *s, const char *text)
{
    strbuf_puts(s, "\"");
    for (const char *c = text; *c; c++) {
        if (*c == '"' || *c == '\\')
            strbuf_puts(s, "\\");
        if (*c == '\n')
            strbuf_puts(s, " ");
        else
            strbuf_printf(s, "%c", *c);
    }
    strbuf_puts(s, "\"");
}

static char *tree_dot(const mcts_args *a, const mcts_item *it, const mcts_result *r)
{
    strbuf s;
    strbuf_init(&s);
    char buf[COORD_BUFLEN], title[512];
    snprintf(title, sizeof title, "%s: %s to play, %s root, %d playouts, seed %llu, %d nodes", it->file,
             goprob_color_word(r->to_move), a->k4 ? "K=4" : "open", r->playouts,
             (unsigned long long)a->mopts.seed, r->nnodes);
    strbuf_puts(&s, "digraph mcts {\n  graph [label=");
    dot_quoted(&s, title);
    strbuf_puts(&s, ", labelloc=t];\n  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n");
    for (int i = 0; i < r->nnodes; i++) {
        const mcts_node *n = &r->nodes[i];
        if (i == 0) {
            strbuf_printf(&s, "  n0 [label=\"root: %s to play\\n%d visits\"];\n", goprob_color_letter(r->to_move),
                          n->visits);
            continue;
        }
        coord_format(n->move, it->size, buf);
        strbuf_printf(&s, "  n%d [label=\"%s %s\\n%d visits", i, goprob_color_letter(n->color), buf, n->visits);
        if (n->visits)
            strbuf_printf(&s, ", Q %+.2f", (double)n->value / n->visits);
        int term = n->visits > 0 && n->state != MCTS_OPEN;
        if (term) {
            int v = terminal_value(r, it->p, n->state);
            strbuf_printf(&s, "\\n%s\", style=filled, fillcolor=\"%s\"];\n", mcts_state_name(n->state),
                          v > 0 ? "#c8e6c9" : v < 0 ? "#ffcdd2" : "#eeeeee");
        } else {
            strbuf_printf(&s, "\"%s];\n", n->visits ? "" : ", style=dashed");
        }
    }
    for (int i = 1; i < r->nnodes; i++)
        strbuf_printf(&s, "  n%d -> n%d;\n", r->nodes[i].parent, i);
    strbuf_puts(&s, "}\n");
    return strbuf_take(&s);
}

static int child_visits(const mcts_result *r, int i)
{
    return r->nodes[r->nodes[0].first + i].visits;
}

static int child_value(const mcts_result *r, int i)
{
    return r->nodes[r->nodes[0].first + i].value;
}

static json_t *definition_json(const mcts_item *it)
{
    const ld_problem *p = it->p;
    json_t *j = json_object();
    json_object_set_new(j, "goal", json_string(ld_goal_name(p->goal)));
    json_object_set_new(j, "to_play", json_string(goprob_color_letter(p->to_move)));
    json_object_set_new(j, "target", goprob_set_json(p->target, it->size));
    json_object_set_new(j, "region", goprob_set_json(p->region, it->size));
    json_object_set_new(j, "definition", json_string(p->summary));
    return j;
}

static char *json_report(const mcts_args *a, const mcts_item *it, const mcts_result *r, const mcts_metrics *m,
                         int known, const char *answers_from, const char *verify_status)
{
    char buf[COORD_BUFLEN];
    int size = it->size;
    json_t *j = json_object();
    json_object_set_new(j, "format", json_string(MCTS_FORMAT));
    json_object_set_new(j, "format_version", json_integer(1));
    json_object_set_new(j, "file", json_string(it->file));
    if (it->kind != ITEM_SEARCHED) {
        json_object_set_new(j, "status", json_string(it->kind == ITEM_ERROR       ? "error"
                                                     : it->kind == ITEM_UNDEFINED ? "undefined"
                                                                                  : "skipped"));
        json_object_set_new(j, "reason", json_string(it->reason ? it->reason : "out of memory"));
        return goprob_json_line(j);
    }
    json_object_set_new(j, "status", json_string("searched"));
    json_object_set_new(j, "reason", json_null());
    json_t *more = json_pack("{s:i, s:s, s:I, s:f, s:i}", "playouts", r->playouts, "root", a->k4 ? "k4" : "open",
                             "seed", (json_int_t)a->mopts.seed, "cpuct", a->mopts.c, "depth_limit", r->depth_limit);
    json_object_update(j, more);
    json_decref(more);
    more = definition_json(it);
    json_object_update(j, more);
    json_decref(more);
    json_object_set_new(j, "options", a->k4 ? goprob_moves_json(it->opt, it->nopt, size) : json_null());
    json_object_set_new(j, "filtered", goprob_moves_json(r->filtered, r->nfiltered, size));
    json_object_set_new(j, "book", it->has_book ? json_string(coord_format(it->book_point, size, buf)) : json_null());
    json_object_set_new(j, "answers", known ? goprob_moves_json(it->book, it->nbook, size) : json_null());
    json_object_set_new(j, "answers_from", json_string(answers_from));
    if (verify_status) {
        json_object_set_new(j, "verify_status", json_string(verify_status));
        json_object_set_new(j, "verify_unsettled", json_integer(it->unsettled));
    }
    json_object_set_new(j, "top_move", json_string(coord_format(r->root_move[r->order[0]], size, buf)));
    json_object_set_new(j, "correct", known ? json_boolean(m->correct) : json_null());
    json_t *visits = json_object(), *q = json_object(), *first = json_object();
    for (int k = 0; k < r->nroot; k++) {
        int i = r->order[k], n = child_visits(r, i);
        coord_format(r->root_move[i], size, buf);
        json_object_set_new(visits, buf, json_integer(n));
        json_object_set_new(q, buf, n ? json_real((double)child_value(r, i) / n) : json_null());
        json_object_set_new(first, buf, r->first_visit[i] ? json_integer(r->first_visit[i]) : json_null());
    }
    json_object_set_new(j, "root_visits", visits);
    json_object_set_new(j, "root_q", q);
    json_object_set_new(j, "first_visit", first);
    json_object_set_new(j, "swr", known ? json_real(m->swr) : json_null());
    json_object_set_new(j, "sfh", known ? json_integer(m->sfh) : json_null());
    json_object_set_new(j, "scr", known ? json_real(m->scr) : json_null());
    json_object_set_new(j, "ssc", json_integer(m->ssc));
    json_object_set_new(j, "sbc", json_integer(m->sbc));
    json_object_set_new(j, "rank", known && m->rank ? json_integer(m->rank) : json_null());
    json_object_set_new(j, "ccer", known && m->ccer ? json_integer(m->ccer) : json_null());
    json_object_set_new(j, "tnc", json_integer(r->tnc[r->playouts]));
    json_object_set_new(j, "max_depth", json_integer(r->max_depth));
    json_object_set_new(j, "max_branching", json_integer(r->max_branching));
    /* the trajectory: each playout's root move and value, and the top
     * root move after playout k wherever it changes */
    json_t *path = json_array(), *values = json_array(), *tops = json_array(), *tnc = json_array();
    for (int k = 0; k < r->playouts; k++) {
        json_array_append_new(path, json_string(coord_format(r->root_move[r->path[k]], size, buf)));
        json_array_append_new(values, json_integer(r->outcome[k]));
        if (k == 0 || r->top[k] != r->top[k - 1])
            json_array_append_new(tops, json_pack("[i, s]", k + 1, coord_format(r->root_move[r->top[k]], size, buf)));
    }
    for (int k = 0; k <= r->playouts; k++)
        json_array_append_new(tnc, json_integer(r->tnc[k]));
    json_object_set_new(j, "trajectory",
                        json_pack("{s:o, s:o, s:o, s:o}", "root_moves", path, "values", values, "top", tops, "tnc",
                                  tnc));
    json_t *ends = json_object();
    for (int t = 1; t < MCTS_NSTATES; t++)
        json_object_set_new(ends, mcts_state_name(t), json_integer(r->ends[t]));
    json_object_set_new(j, "rollouts",
                        json_pack("{s:I, s:o}", "moves", (json_int_t)r->rollout_moves, "ends", ends));
    json_object_set_new(j, "tree", it->tree_path ? json_string(it->tree_path) : json_null());
    return goprob_json_line(j);
}

static char *text_report(const mcts_args *a, const mcts_item *it, const mcts_result *r, const mcts_metrics *m,
                         int known, const char *answers_from, const char *note)
{
    strbuf s;
    strbuf_init(&s);
    char buf[COORD_BUFLEN];
    int size = it->size;
    if (it->kind != ITEM_SEARCHED) {
        strbuf_printf(&s, "%s: %s (%s)\n", it->file,
                      it->kind == ITEM_ERROR ? "error" : it->kind == ITEM_UNDEFINED ? "undefined" : "skipped",
                      it->reason ? it->reason : "out of memory");
        return strbuf_take(&s);
    }
    const ld_problem *p = it->p;
    strbuf_printf(&s, "%s: top %s, %s\n", it->file, coord_format(r->root_move[r->order[0]], size, buf),
                  !known ? "no answer set" : m->correct ? "correct" : "wrong");
    strbuf_printf(&s, "  problem: %s\n", p->summary);
    strbuf_printf(&s, "  answers (%s):", answers_from);
    if (!known)
        strbuf_printf(&s, " unknown%s%s", note[0] ? ", " : "", note);
    else if (it->nbook == 0)
        strbuf_puts(&s, " none");
    for (int i = 0; known && i < it->nbook; i++)
        strbuf_printf(&s, " %s", coord_format(it->book[i], size, buf));
    strbuf_puts(&s, "\n");
    if (a->k4) {
        strbuf_puts(&s, "  options (K=4):");
        for (int i = 0; i < it->nopt; i++)
            strbuf_printf(&s, " %s", coord_format(it->opt[i], size, buf));
        if (r->nfiltered) {
            strbuf_puts(&s, "; filtered (not legal):");
            for (int i = 0; i < r->nfiltered; i++)
                strbuf_printf(&s, " %s", coord_format(r->filtered[i], size, buf));
        }
        strbuf_puts(&s, "\n");
    }
    strbuf_printf(&s, "  root: %s, %d move%s, %d playouts; visits:", a->k4 ? "K=4" : "open", r->nroot,
                  r->nroot == 1 ? "" : "s", r->playouts);
    int unvisited = 0;
    for (int k = 0; k < r->nroot; k++) {
        int i = r->order[k], n = child_visits(r, i);
        if (!n) {
            unvisited++;
            continue;
        }
        strbuf_printf(&s, " %s %d (%+.2f)", coord_format(r->root_move[i], size, buf), n,
                      (double)child_value(r, i) / n);
    }
    if (unvisited)
        strbuf_printf(&s, "; %d unvisited", unvisited);
    strbuf_puts(&s, "\n");
    if (known)
        strbuf_printf(&s, "  metrics: SWR %.1f, SFH %d, SCR %.1f, SSC %d, SBC %d\n", 100 * m->swr, m->sfh,
                      100 * m->scr, m->ssc, m->sbc);
    else
        strbuf_printf(&s, "  metrics: SSC %d, SBC %d (no answer set for SWR, SFH, SCR)\n", m->ssc, m->sbc);
    strbuf_printf(&s, "  tree: TNC(%d) %d, max depth %d, max branching %d; rollouts: %.1f moves, ", r->playouts,
                  r->tnc[r->playouts], r->max_depth, r->max_branching, (double)r->rollout_moves / r->playouts);
    strbuf_printf(&s, "captured %d, alive %d, no moves %d, depth %d\n", r->ends[MCTS_CAPTURED], r->ends[MCTS_ALIVE],
                  r->ends[MCTS_NO_MOVES], r->ends[MCTS_DEPTH]);
    if (it->tree_path)
        strbuf_printf(&s, "  tree file: %s\n", it->tree_path);
    return strbuf_take(&s);
}

static void search_one(const mcts_args *a, mcts_item *it)
{
    char err[VP_ERRLEN] = "", note[VP_ERRLEN] = "";
    mcts_result r;
    mcts_metrics m;
    memset(&r, 0, sizeof r);
    memset(&m, 0, sizeof m);
    int known = it->kind == ITEM_SEARCHED, rc = 0;
    const char *from = a->verify ? "df-pn" : "file", *vstatus = NULL;
    if (it->kind == ITEM_SEARCHED && a->verify) {
        known = verified_answers(a, it, &vstatus, note, err);
        if (known < 0) {
            known = 0;
            set_reason(it, ITEM_UNDEFINED, "df-pn: %s", err);
        }
    }
    if (it->kind == ITEM_SEARCHED) {
        mcts_opts o = a->mopts;
        if (a->k4) {
            o.nlist = it->nopt;
            memcpy(o.list, it->opt, (size_t)it->nopt * sizeof *it->opt);
        }
        double t0 = cli_now();
        rc = mcts_search(it->p, &o, &r, err);
        it->seconds = cli_now() - t0;
        if (rc) {
            set_reason(it, ITEM_UNDEFINED, "%s", err);
        } else {
            mcts_metrics_compute(&r, it->book, known ? it->nbook : 0, &m);
            it->known = known;
            it->correct = m.correct;
            it->swr = m.swr;
            it->sfh = m.sfh;
            it->scr = m.scr;
            it->ssc = m.ssc;
            it->sbc = m.sbc;
            it->tnc = r.tnc[r.playouts];
            it->max_depth = r.max_depth;
            it->max_branching = r.max_branching;
            it->playouts = r.playouts;
            if (it->tree_path)
                it->tree_text = a->tree_dot ? tree_dot(a, it, &r) : tree_json(a, it, &r);
        }
    }
    it->out = a->json ? json_report(a, it, &r, &m, known, from, vstatus)
                      : text_report(a, it, &r, &m, known, from, note);
    mcts_result_free(&r);
    free(it->p);
    it->p = NULL;
}

/* ---- the batch ------------------------------------------------------------------------ */

/* Prints item it and writes its tree; returns 1 when the file failed. */
static int emit(const mcts_args *a, mcts_item *it)
{
    int failed = 0;
    if (it->out)
        fputs(it->out, stdout);
    else
        printf(a->json ? "{\"file\":\"%s\",\"status\":\"error\",\"reason\":\"out of memory\"}\n"
                       : "%s: error (out of memory)\n",
               it->file);
    fflush(stdout);
    if (it->kind == ITEM_ERROR || !it->out) {
        cli_error("%s: %s", it->file, it->reason ? it->reason : "out of memory");
        failed = 1;
    } else if (it->kind == ITEM_SEARCHED && it->tree_path) {
        if (!it->tree_text) {
            cli_error("%s: out of memory", it->tree_path);
            failed = 1;
        } else {
            failed = cli_write_file(it->tree_path, it->tree_text) != 0;
        }
    }
    free(it->out);
    free(it->tree_text);
    it->out = it->tree_text = NULL;
    return failed;
}

typedef struct mcts_batch {
    const mcts_args *a;
    mcts_item *items;
} mcts_batch;

static void work_fn(void *ctx, int i)
{
    mcts_batch *b = ctx;
    search_one(b->a, &b->items[i]);
}

static int emit_fn(void *ctx, int i)
{
    mcts_batch *b = ctx;
    return emit(b->a, &b->items[i]);
}

static void summary(FILE *f, const mcts_args *a, const mcts_item *items, int n)
{
    int count[4] = {0, 0, 0, 0}, known = 0, correct = 0;
    double swr = 0, sfh = 0, scr = 0, ssc = 0, sbc = 0, tnc = 0, depth = 0, branching = 0, seconds = 0;
    long long playouts = 0;
    for (int i = 0; i < n; i++) {
        const mcts_item *it = &items[i];
        count[it->kind]++;
        if (it->kind != ITEM_SEARCHED)
            continue;
        ssc += it->ssc;
        sbc += it->sbc;
        tnc += it->tnc;
        depth += it->max_depth;
        branching += it->max_branching;
        seconds += it->seconds;
        playouts += it->playouts;
        if (it->known) {
            known++;
            correct += it->correct;
            swr += it->swr;
            sfh += it->sfh;
            scr += it->scr;
        }
    }
    int ns = count[ITEM_SEARCHED];
    fprintf(f,
            "summary: %d file%s: %d searched, %d skipped, %d undefined, %d error%s; %s root, %d playouts, seed %llu\n",
            n, n == 1 ? "" : "s", ns, count[ITEM_BAD], count[ITEM_UNDEFINED], count[ITEM_ERROR],
            count[ITEM_ERROR] == 1 ? "" : "s", a->k4 ? "K=4" : "open", a->mopts.playouts,
            (unsigned long long)a->mopts.seed);
    if (known)
        fprintf(f, "  accuracy: %.1f%% (%d of %d with an answer set from %s)\n", 100.0 * correct / known, correct,
                known, a->verify ? "df-pn" : "the files");
    else
        fprintf(f, "  accuracy: no problem with an answer set\n");
    if (known)
        fprintf(f, "  means: SWR %.1f, SFH %.1f, SCR %.1f (0-100, over %d), SSC %.2f, SBC %.2f\n", 100 * swr / known,
                100 * sfh / known, 100 * scr / known, known, ns ? ssc / ns : 0.0, ns ? sbc / ns : 0.0);
    else if (ns)
        fprintf(f, "  means: SSC %.2f, SBC %.2f\n", ssc / ns, sbc / ns);
    if (ns)
        fprintf(f, "  tree means: TNC(%d) %.1f, max depth %.2f, max branching %.2f\n", a->mopts.playouts, tnc / ns,
                depth / ns, branching / ns);
    if (ns)
        fprintf(f, "  search: %lld playouts in %.3f s (%.0f playouts/s per thread)\n", playouts, seconds,
                seconds > 0 ? (double)playouts / seconds : 0.0);
}

int cmd_go_mcts(int argc, char **argv)
{
    mcts_args a;
    parse_args(argc, argv, &a);
    int n = argc - optind;
    mcts_item *items = calloc((size_t)n, sizeof *items);
    if (!items) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (int i = 0; i < n; i++)
        items[i].file = argv[optind + i];
    if (a.tree) {
        char **paths = goprob_output_paths(a.tree, (const char *const *)(argv + optind), n);
        if (!paths) {
            cli_error("out of memory");
            free(items);
            return CLI_FAIL;
        }
        for (int i = 0; i < n; i++)
            items[i].tree_path = paths[i];
        /* the folders must exist before anything is searched */
        cli_check_folders("--tree", paths, n);
        free(paths);
    }
    cli_set_threads(a.threads);
    json_object_seed(0); /* before threads create JSON objects */

    /* first pass: every problem defined and its options checked before
     * anything is searched or printed */
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1)
#endif
    for (int i = 0; i < n; i++)
        prepare_one(&a, &items[i]);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += items[i].kind == ITEM_BAD;
    if (bad && !a.skip_bad) {
        for (int i = 0; i < n; i++)
            if (items[i].kind == ITEM_BAD)
                cli_error("%s: %s", items[i].file, items[i].reason);
        cli_error("go mcts: %d problem%s with bad K=4 options; nothing searched (--skip-bad goes on without them)",
                  bad, bad == 1 ? "" : "s");
        for (int i = 0; i < n; i++) {
            free(items[i].p);
            free(items[i].reason);
            free(items[i].tree_path);
        }
        free(items);
        return CLI_USAGE;
    }

    mcts_batch batch = {&a, items};
    int failed = cli_batch(n, &batch, work_fn, emit_fn, "searching", a.quiet);
    if (!a.json)
        summary(stdout, &a, items, n);
    else if (!a.quiet)
        summary(stderr, &a, items, n);
    for (int i = 0; i < n; i++) {
        free(items[i].reason);
        free(items[i].tree_path);
    }
    free(items);
    return failed ? CLI_FAIL : CLI_OK;
}
