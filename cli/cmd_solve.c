/* cmd_solve.c: `vp go solve`: defines each life-and-death problem (side,
 * goal, target, region: markup, flags or inference), proves every correct
 * first move with df-pn, and prints the proof as text or JSON lines, with
 * an SGF solution tree per problem on request; files are solved in
 * parallel and printed in input order. */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../engines/coord.h"
#include "../engines/go.h"
#include "../engines/problem.h"
#include "../engines/sgf.h"
#include "../engines/strbuf.h"
#include "../engines/vp.h"
#include "../solver/dfpn.h"
#include "../solver/ld.h"
#include "cli.h"
#include "goprob.h"

#define SOLVE_FORMAT "vitalpoint-go-solve"
#define SOLVE_DEFAULT_NODES 2000000LL
#define SOLVE_DEFAULT_SECONDS 10.0
#define SOLVE_AFTER_MAX 400 /* moves of --after */

static const char solve_help[] =
    "Usage: vp go solve FILE... [OPTIONS]\n"
    "Proves life-and-death problems (SGF, or the JSON problem format): defines\n"
    "each one (side to play, goal, target, region: from flags, markup or\n"
    "inference, printed), finds every first move that reaches the goal, each\n"
    "one proven, the main line and a refutation of the other first moves.\n"
    "Files are solved in parallel and printed in input order; a file that does\n"
    "not load is reported and the batch goes on (exit status 1 at the end).\n"
    "\n"
    "      --time-limit S   seconds per problem (default 10; 0: no limit)\n"
    "      --nodes N        nodes per problem (default 2000000; 0: no limit)\n"
    "  -t, --threads T      problems solved at once (default: all cores)\n"
    "  -j, --search-threads J  threads searching each problem together (default\n"
    "                       1; T x J threads in all): the answers are exact\n"
    "                       whatever J, but with J > 1 nodes, lines and what a\n"
    "                       budget settles vary from run to run\n"
    "      --par-start N    the helpers start after N nodes (default 20000)\n"
    "      --json           one JSON object per problem and line\n"
    "      --sgf-out DIR    write DIR/NAME.sgf per problem: setup and the proof\n"
    "                       as a solution tree (DIR must exist)\n"
    GOPROB_DEF_HELP
    "      --rules R        chinese (default: two passes end the game) or\n"
    "                       japanese (they start the Japanese confirmation: the\n"
    "                       bent four in the corner is dead)\n"
    "      --seki-is-death  seki counts as a kill\n"
    "      --capture-any    capturing any target stone counts as a kill\n"
    "      --tt-log2 N      the table grows up to 2^N entries, 10..28 (default 22)\n"
    "      --att-stage N    first, on 1/N of the budget, the attacker's stage:\n"
    "                       its moves kept near the defender's stones, only\n"
    "                       its wins kept (default 2; 0: off)\n"
    "      --att-kill B     1 (default): in a kill, the stage runs on past its\n"
    "                       share, within the whole budget, until it proves a\n"
    "                       first move; 0: its share alone\n"
    "      --wider-check    try the first moves that succeed again, alone, in a\n"
    "                       wider region (the region's bounding box grown by\n"
    "                       one line), on a budget of their own, and report\n"
    "                       how each fares there (inferred regions only)\n"
    "      --moves LIST     try only these first moves (points like C18,\n"
    "                       rectangles like A16-B19, pass), each of which must\n"
    "                       be in play; the problem is then proved when one\n"
    "                       of them succeeds, else unknown\n"
    "      --first LIST     search these first moves first (points, rectangles,\n"
    "                       pass, or 'book': the file's own first move): the\n"
    "                       others get what is left of the budget. Only the\n"
    "                       order changes; every answer is still proven\n"
    "      --after LINE     solve the position after these moves (points or\n"
    "                       pass, comma-separated, in order), played from the\n"
    "                       problem as defined, its side to play first: the\n"
    "                       side to play and its goal turn with each move\n"
    "  -q, --quiet          no progress bar; with --json, no summary on stderr\n"
    "  -h, --help           this help\n";

typedef struct solve_args {
    dfpn_opts dopts;
    ld_problem_opts lopts;
    int json, quiet, wider_check;
    int first_book; /* --first book: each file's book move first */
    int after[SOLVE_AFTER_MAX], nafter; /* --after: the line played first */
    long threads;
    const char *sgf_dir;
} solve_args;

/* What the wider check of a disproof gave (widen). */
enum { WIDE_NONE = 0, WIDE_SOLVED, WIDE_DISPROVED, WIDE_OPEN };

/* What became of one file. */
enum { ITEM_ERROR = 0, ITEM_UNDEFINED = 1, ITEM_SOLVED = 2 };
/* How the book's first move compares with the proof. */
enum {
    BOOK_NONE = 0,      /* no book move, or the problem is not defined */
    BOOK_AGREES,        /* among the proven (or ko) first moves */
    BOOK_REFUTED,       /* a first move proven to fail */
    BOOK_NOT_TRIED,     /* not a first move of the solver (outside the region, illegal) */
    BOOK_OPEN,          /* not decided within the budget */
    BOOK_OTHER_SIDE,    /* a move of the side not to play */
    BOOK_NOT_ASKED,     /* left out by --moves: not decided */
};

typedef struct solve_item {
    const char *file;
    char *sgf_path; /* where --sgf-out writes, or NULL */
    int kind, status, book;
    int edge; /* the problem has defender stones on the region's edge */
    int wide; /* the wider check (widen): 0 none, else a WIDE_* */
    int wcount[4]; /* --wider-check: its moves by DFPN_* status in the
                    * wider region (all 0 when it did not run) */
    double seconds;
    char *out;   /* what stdout gets (text block or JSON line) */
    char *sgf;   /* the SGF to write, or NULL */
    char *error; /* the load error for stderr, or NULL */
} solve_item;

/* A file's working state, on the heap (the result alone is ~40 KB). */
typedef struct solve_work {
    problem pr;
    ld_problem p;
    dfpn_result r;
    int size;
    int has_book, book_point, book_color; /* book_point: bb361 or GO_PASS */
    bb361 edge; /* ld_edge_defenders of p, once solved */
    char region_check[160]; /* what the wider regions said, or "" */
    bb361 inferred_region;  /* the region before widen replaced it (when
                             * p.region_from is LD_FROM_WIDENED) */
    char wcheck_error[160];  /* why --wider-check could not run, or "" */
    bb361 wregion;           /* --wider-check's region and result: it ran */
    dfpn_result wr;          /* when wr.nroot > 0 (the work is zeroed) */
    dfpn_opts o;             /* the search's options for this file (--first
                              * book made the file's own) */
    const int *after;        /* --after's line when it was played, else NULL */
    int nafter;
} solve_work;

/* ---- arguments ------------------------------------------------------------ */

static double parse_seconds(const char *opt, const char *s)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !isfinite(v))
        cli_usage_error("%s: '%s' is not a number of seconds", opt, s);
    if (v < 0 || v > 1e9)
        cli_usage_error("%s: %s is out of range (0 to 1e9; 0: no limit)", opt, s);
    return v;
}

enum {
    OPT_TIME = 256,
    OPT_NODES,
    OPT_JSON,
    OPT_SGF_OUT,
    OPT_SEKI,
    OPT_CAPTURE_ANY,
    OPT_TT_LOG2,
    OPT_RULES,
    OPT_ATT_STAGE,
    OPT_ATT_KILL,
    OPT_MOVES,
    OPT_WIDER_CHECK,
    OPT_PAR_START,
    OPT_FIRST,
    OPT_AFTER
};

static void parse_args(int argc, char **argv, solve_args *a)
{
    static const struct option opts[] = {
        {"time-limit", required_argument, 0, OPT_TIME}, {"nodes", required_argument, 0, OPT_NODES},
        {"threads", required_argument, 0, 't'},         {"json", no_argument, 0, OPT_JSON},
        {"sgf-out", required_argument, 0, OPT_SGF_OUT}, GOPROB_DEF_LONGOPTS,
        {"seki-is-death", no_argument, 0, OPT_SEKI},    {"capture-any", no_argument, 0, OPT_CAPTURE_ANY},
        {"tt-log2", required_argument, 0, OPT_TT_LOG2}, {"quiet", no_argument, 0, 'q'},
        {"rules", required_argument, 0, OPT_RULES},     {"att-stage", required_argument, 0, OPT_ATT_STAGE},
        {"att-kill", required_argument, 0, OPT_ATT_KILL},
        {"moves", required_argument, 0, OPT_MOVES},     {"wider-check", no_argument, 0, OPT_WIDER_CHECK},
        {"search-threads", required_argument, 0, 'j'},  {"par-start", required_argument, 0, OPT_PAR_START},
        {"first", required_argument, 0, OPT_FIRST},     {"after", required_argument, 0, OPT_AFTER},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    memset(a, 0, sizeof *a);
    dfpn_opts_init(&a->dopts);
    a->dopts.max_nodes = SOLVE_DEFAULT_NODES;
    a->dopts.max_seconds = SOLVE_DEFAULT_SECONDS;
    ld_opts_init(&a->lopts);
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":ht:j:q", opts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(solve_help, stdout); exit(CLI_OK);
        case OPT_TIME: a->dopts.max_seconds = parse_seconds("--time-limit", optarg); break;
        case OPT_NODES: a->dopts.max_nodes = cli_parse_long("--nodes", optarg, 0, LONG_MAX); break;
        case 't': a->threads = cli_parse_long("--threads", optarg, 1, 1024); break;
        case 'j': a->dopts.search_threads = (int)cli_parse_long("--search-threads", optarg, 1, DFPN_MAX_THREADS); break;
        case OPT_PAR_START: a->dopts.par_start = cli_parse_long("--par-start", optarg, 0, LONG_MAX); break;
        case OPT_JSON: a->json = 1; break;
        case OPT_SGF_OUT: a->sgf_dir = optarg; break;
        case GOPROB_OPT_GOAL:
        case GOPROB_OPT_TO_PLAY:
        case GOPROB_OPT_TARGET:
        case GOPROB_OPT_REGION:
        case GOPROB_OPT_MARGIN: goprob_def_option(c, optarg, &a->lopts); break;
        case OPT_SEKI: a->dopts.seki_is_death = 1; break;
        case OPT_RULES:
            if (strcmp(optarg, "japanese") && strcmp(optarg, "chinese"))
                cli_usage_error("--rules: '%s' is neither japanese nor chinese", optarg);
            a->dopts.japanese = !strcmp(optarg, "japanese");
            break;
        case OPT_CAPTURE_ANY: a->dopts.capture_any = 1; break;
        case OPT_TT_LOG2: a->dopts.tt_log2 = (int)cli_parse_long("--tt-log2", optarg, 10, 28); break;
        case OPT_ATT_STAGE: a->dopts.att_stage = (int)cli_parse_long("--att-stage", optarg, 0, 64); break;
        case OPT_ATT_KILL: a->dopts.att_kill = (int)cli_parse_long("--att-kill", optarg, 0, 1); break;
        case OPT_MOVES:
            a->dopts.only = 1;
            goprob_parse_moves("--moves", optarg, &a->dopts.only_points, &a->dopts.only_pass);
            break;
        case OPT_FIRST:
            /* the last --first counts: book drops an earlier list, and
             * a list replaces book or an earlier list */
            a->first_book = !strcmp(optarg, "book");
            if (a->first_book) {
                a->dopts.first_points = bb361_empty();
                a->dopts.first_pass = 0;
            } else {
                goprob_parse_moves("--first", optarg, &a->dopts.first_points, &a->dopts.first_pass);
            }
            break;
        case OPT_AFTER:
            a->nafter = goprob_parse_list("--after", optarg, a->after, SOLVE_AFTER_MAX,
                                          "moves like Q18 or pass, separated by commas", "moves");
            break;
        case OPT_WIDER_CHECK: a->wider_check = 1; break;
        case 'q': a->quiet = 1; break;
        case ':': cli_usage_error("go solve: option '%s' needs a value", argv[optind - 1]);
        default: cli_usage_error("go solve: unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        cli_usage_error("go solve: no FILE given (see --help)");
    if (a->sgf_dir) {
        struct stat st;
        if (stat(a->sgf_dir, &st) != 0 || !S_ISDIR(st.st_mode))
            cli_usage_error("--sgf-out: '%s' is not an existing directory", a->sgf_dir);
    }
}

/* ---- loading and solving -------------------------------------------------- */

static int has_move(const int *v, int n, int m)
{
    for (int i = 0; i < n; i++)
        if (v[i] == m)
            return 1;
    return 0;
}

static int root_index(const dfpn_result *r, int m)
{
    for (int i = 0; i < r->nroot; i++)
        if (r->root_move[i] == m)
            return i;
    return -1;
}

static int book_verdict(const solve_work *w)
{
    if (!w->has_book)
        return BOOK_NONE;
    if (w->book_color != w->p.to_move)
        return BOOK_OTHER_SIDE;
    const dfpn_result *r = &w->r;
    if (has_move(r->first, r->nfirst, w->book_point) || has_move(r->ko_first, r->nko, w->book_point))
        return BOOK_AGREES;
    int k = root_index(r, w->book_point);
    if (k < 0)
        return r->partial ? BOOK_NOT_ASKED : BOOK_NOT_TRIED;
    return r->root_status[k] == DFPN_DISPROVED ? BOOK_REFUTED : BOOK_OPEN;
}

static const char *book_note(int v)
{
    switch (v) {
    case BOOK_AGREES: return "agrees: a correct first move";
    case BOOK_REFUTED: return "disagrees: the solver refutes it";
    case BOOK_NOT_TRIED: return "disagrees: not a first move in the region";
    case BOOK_OPEN: return "undecided within the budget";
    case BOOK_NOT_ASKED: return "not among the first moves tried (--moves)";
    case BOOK_OTHER_SIDE: return "a move of the other side: not compared";
    default: return "";
    }
}

/* The line to show for first move m: its own line when the solver kept
 * one, else the main line when it starts with m, else NULL (*n = 0). */
static const int *line_of(const dfpn_result *r, int m, int *n)
{
    int k = root_index(r, m);
    if (k >= 0 && r->root_nline[k] > 0) {
        *n = r->root_nline[k];
        return r->root_line[k];
    }
    if (r->nline > 0 && r->line[0] == m) {
        *n = r->nline;
        return r->line;
    }
    *n = 0;
    return NULL;
}

/* ---- text ------------------------------------------------------------------ */

static void moves_text(strbuf *s, const int *v, int n, int size)
{
    char buf[COORD_BUFLEN];
    for (int i = 0; i < n; i++)
        strbuf_printf(s, " %s", coord_format(v[i], size, buf));
}

/* Appends "  LABEL (N): M1 M2 ...\n" for the root moves of r with the
 * given status; returns N (nothing is written when it is 0). */
static int status_moves_text(strbuf *s, const dfpn_result *r, int status, const char *label, int size)
{
    int n = 0;
    char buf[COORD_BUFLEN];
    for (int i = 0; i < r->nroot; i++)
        n += r->root_status[i] == status;
    if (n == 0)
        return 0;
    strbuf_printf(s, "  %s (%d):", label, n);
    for (int i = 0; i < r->nroot; i++)
        if (r->root_status[i] == status)
            strbuf_printf(s, " %s", coord_format(r->root_move[i], size, buf));
    strbuf_puts(s, "\n");
    return n;
}

static char *text_report(const solve_item *it, const solve_work *w, const char *why)
{
    strbuf s;
    strbuf_init(&s);
    if (it->kind == ITEM_ERROR) {
        strbuf_printf(&s, "%s: error (%s)\n", it->file, goprob_without_file(why, it->file));
        return strbuf_take(&s);
    }
    if (it->kind == ITEM_UNDEFINED) {
        strbuf_printf(&s, "%s: unknown (%s)\n", it->file, goprob_without_file(why, it->file));
        return strbuf_take(&s);
    }
    const dfpn_result *r = &w->r;
    const ld_problem *p = &w->p;
    int size = w->size;
    char buf[COORD_BUFLEN];
    strbuf_printf(&s, "%s: %s", it->file, dfpn_status_name(r->status));
    if (r->reason[0])
        strbuf_printf(&s, " (%s)", r->reason);
    strbuf_printf(&s, "\n  problem: %s\n", p->summary);
    if (w->after) {
        strbuf_puts(&s, "  after:");
        moves_text(&s, w->after, w->nafter, size);
        strbuf_puts(&s, "\n");
    }
    if (w->region_check[0])
        strbuf_printf(&s, "  region check: %s\n", w->region_check);
    if (it->edge) {
        int v[GO_NPOINTS];
        strbuf_puts(&s, "  caution: defender stones on the region's edge:");
        moves_text(&s, v, goprob_points_of(w->edge, size, v), size);
        strbuf_puts(&s, " (the frame encloses them; an answer that captures them or plays against them may not hold "
                        "on the full board)\n");
    }
    if (r->partial) {
        strbuf_puts(&s, "  first moves tried (--moves):");
        moves_text(&s, r->root_move, r->nroot, size);
        strbuf_puts(&s, "\n");
    }
    strbuf_puts(&s, "  first moves:");
    if (r->nfirst)
        moves_text(&s, r->first, r->nfirst, size);
    else
        strbuf_puts(&s, " none");
    strbuf_puts(&s, "\n");
    if (r->nko) {
        strbuf_puts(&s, "  ko first moves:");
        moves_text(&s, r->ko_first, r->nko, size);
        strbuf_printf(&s, " (%s needs ko threats)\n", goprob_color_word(p->to_move));
    }
    if (r->nline > 0) {
        strbuf_printf(&s, "  main line (%d move%s):", r->nline, r->nline == 1 ? "" : "s");
        moves_text(&s, r->line, r->nline, size);
        strbuf_puts(&s, "\n");
    }
    if (status_moves_text(&s, r, DFPN_DISPROVED, "wrong first moves", size)) {
        for (int i = 0; i < r->nroot; i++)
            if (r->root_status[i] == DFPN_DISPROVED && r->root_nline[i] > 0) {
                strbuf_printf(&s, "    refutation of %s:", coord_format(r->root_move[i], size, buf));
                moves_text(&s, r->root_line[i], r->root_nline[i], size);
                strbuf_puts(&s, "\n");
            }
    }
    status_moves_text(&s, r, DFPN_UNKNOWN, "unsolved first moves", size);
    if (w->wr.nroot) {
        const dfpn_result *x = &w->wr;
        strbuf_printf(&s, "  wider check (%d points; %lld nodes, %.3f s):", bb361_popcount(w->wregion), x->nodes,
                      x->seconds);
        for (int i = 0; i < x->nroot; i++) {
            int st = x->root_status[i];
            strbuf_printf(&s, "%s %s %s", i ? ";" : "", coord_format(x->root_move[i], size, buf),
                          st == DFPN_PROVED ? "proved" : st == DFPN_KO ? "by ko" : st == DFPN_DISPROVED ? "refuted" : "open");
            if (st == DFPN_DISPROVED && x->root_nline[i] > 0) {
                strbuf_puts(&s, " (line");
                moves_text(&s, x->root_line[i], x->root_nline[i], size);
                strbuf_puts(&s, ")");
            }
        }
        strbuf_puts(&s, "\n");
    } else if (w->wcheck_error[0]) {
        strbuf_printf(&s, "  wider check: not run (%s)\n", w->wcheck_error);
    }
    if (w->has_book)
        strbuf_printf(&s, "  book: %s (%s)\n", coord_format(w->book_point, size, buf), book_note(it->book));
    else
        strbuf_puts(&s, "  book: none\n");
    strbuf_printf(&s, "  nodes %lld, %.3f s\n", r->nodes, r->seconds);
    if (r->att_nodes)
        strbuf_printf(&s, "  attacker's stage: %lld nodes, %d first moves settled\n", r->att_nodes, r->att_settled);
    if (it->sgf_path)
        strbuf_printf(&s, "  sgf: %s\n", it->sgf_path);
    return strbuf_take(&s);
}

/* ---- JSON ------------------------------------------------------------------ */

/* --wider-check's result: null when it did not run, {"error"} when it
 * could not, else the wider region and each move's fate there. */
static json_t *wider_json(const solve_work *w)
{
    if (!w->wr.nroot)
        return w->wcheck_error[0] ? json_pack("{s:s}", "error", w->wcheck_error) : json_null();
    const dfpn_result *x = &w->wr;
    char buf[COORD_BUFLEN];
    json_t *o = json_object(), *proved = json_array(), *ko = json_array(), *refuted = json_object(),
           *open = json_array();
    for (int i = 0; i < x->nroot; i++) {
        const char *m = coord_format(x->root_move[i], w->size, buf);
        switch (x->root_status[i]) {
        case DFPN_PROVED: json_array_append_new(proved, json_string(m)); break;
        case DFPN_KO: json_array_append_new(ko, json_string(m)); break;
        case DFPN_DISPROVED:
            json_object_set_new(refuted, m, goprob_moves_json(x->root_line[i], x->root_nline[i], w->size));
            break;
        default: json_array_append_new(open, json_string(m));
        }
    }
    json_object_set_new(o, "points", json_integer(bb361_popcount(w->wregion)));
    json_object_set_new(o, "region", goprob_set_json(w->wregion, w->size));
    json_object_set_new(o, "proved", proved);
    json_object_set_new(o, "ko", ko);
    json_object_set_new(o, "refuted", refuted);
    json_object_set_new(o, "open", open);
    json_object_set_new(o, "nodes", json_integer((json_int_t)x->nodes));
    json_object_set_new(o, "seconds", json_real(x->seconds));
    return o;
}

/* A set of first moves and the pass as a JSON list, or null when empty. */
static json_t *moves_or_null(bb361 set, int pass, int size)
{
    if (bb361_is_empty(set) && !pass)
        return json_null();
    json_t *l = goprob_set_json(set, size);
    if (pass)
        json_array_append_new(l, json_string("pass"));
    return l;
}

/* The options the search ran with: what a record needs to be run again
 * and to be read right (a budget, the first moves asked for, --moves). */
static json_t *search_json(const solve_work *w, const solve_args *a)
{
    const dfpn_opts *o = &w->o;
    json_t *s = json_object();
    json_object_set_new(s, "time_limit", json_real(o->max_seconds > 0 ? o->max_seconds : 0));
    json_object_set_new(s, "nodes", json_integer((json_int_t)(o->max_nodes > 0 ? o->max_nodes : 0)));
    json_object_set_new(s, "search_threads", json_integer(o->search_threads));
    json_object_set_new(s, "tt_log2", json_integer(o->tt_log2));
    json_object_set_new(s, "att_stage", json_integer(o->att_stage));
    json_object_set_new(s, "att_kill", json_boolean(o->att_kill));
    json_object_set_new(s, "seki_is_death", json_boolean(o->seki_is_death));
    json_object_set_new(s, "capture_any", json_boolean(o->capture_any));
    json_object_set_new(s, "moves", o->only ? moves_or_null(o->only_points, o->only_pass, w->size) : json_null());
    json_object_set_new(s, "first", moves_or_null(o->first_points, o->first_pass, w->size));
    json_object_set_new(s, "first_from", a->first_book ? json_string("book")
                                         : bb361_is_empty(o->first_points) && !o->first_pass ? json_null()
                                                                                            : json_string("list"));
    json_object_set_new(s, "wider_check", json_boolean(a->wider_check));
    json_object_set_new(s, "after", a->nafter ? goprob_moves_json(a->after, a->nafter, w->size) : json_null());
    return s;
}

static char *json_report(const solve_item *it, const solve_work *w, const char *why, const solve_args *a)
{
    json_t *j = json_object();
    char buf[COORD_BUFLEN];
    json_object_set_new(j, "format", json_string(SOLVE_FORMAT));
    json_object_set_new(j, "format_version", json_integer(1));
    json_object_set_new(j, "file", json_string(it->file));
    if (it->kind != ITEM_SOLVED) {
        json_object_set_new(j, "status", json_string(it->kind == ITEM_ERROR ? "error" : "unknown"));
        json_object_set_new(j, "book", it->kind == ITEM_UNDEFINED && w->has_book
                                           ? json_string(coord_format(w->book_point, w->size, buf))
                                           : json_null());
        json_object_set_new(j, "reason", json_string(why));
    } else {
        const dfpn_result *r = &w->r;
        const ld_problem *p = &w->p;
        int size = w->size;
        json_object_set_new(j, "status", json_string(dfpn_status_name(r->status)));
        json_object_set_new(j, "goal", json_string(ld_goal_name(p->goal)));
        json_object_set_new(j, "rules", json_string(w->o.japanese ? "japanese" : "chinese"));
        json_object_set_new(j, "to_play", json_string(goprob_color_letter(p->to_move)));
        json_object_set_new(j, "target", goprob_set_json(p->target, size));
        json_object_set_new(j, "region", goprob_set_json(p->region, size));
        json_object_set_new(j, "inferred_region", p->region_from == LD_FROM_WIDENED
                                                      ? goprob_set_json(w->inferred_region, size)
                                                      : json_null());
        json_object_set_new(j, "inferred", json_pack("{s:s, s:s, s:s, s:s}", "to_play", ld_from_name(p->to_move_from),
                                                     "goal", ld_from_name(p->goal_from), "target",
                                                     ld_from_name(p->target_from), "region",
                                                     ld_from_name(p->region_from)));
        json_object_set_new(j, "definition", json_string(p->summary));
        json_object_set_new(j, "region_check", w->region_check[0] ? json_string(w->region_check) : json_null());
        json_object_set_new(j, "edge_defenders", goprob_set_json(w->edge, size));
        json_object_set_new(j, "first_moves", goprob_moves_json(r->first, r->nfirst, size));
        json_object_set_new(j, "ko_moves", goprob_moves_json(r->ko_first, r->nko, size));
        json_object_set_new(j, "main_line", goprob_moves_json(r->line, r->nline, size));
        json_t *refs = json_object(), *open = json_array();
        for (int i = 0; i < r->nroot; i++) {
            if (r->root_status[i] == DFPN_DISPROVED) {
                json_object_set_new(refs, coord_format(r->root_move[i], size, buf),
                                    goprob_moves_json(r->root_line[i], r->root_nline[i], size));
            } else if (r->root_status[i] == DFPN_UNKNOWN) {
                json_array_append_new(open, json_string(coord_format(r->root_move[i], size, buf)));
            }
        }
        json_object_set_new(j, "refutations", refs);
        if (r->partial)
            json_object_set_new(j, "moves_tried", goprob_moves_json(r->root_move, r->nroot, size));
        json_object_set_new(j, "unsolved_moves", open);
        json_object_set_new(j, "wider_check", wider_json(w));
        json_object_set_new(j, "book", w->has_book ? json_string(coord_format(w->book_point, size, buf)) : json_null());
        json_object_set_new(j, "agrees_with_book", it->book == BOOK_AGREES ? json_true()
                                                   : it->book == BOOK_REFUTED || it->book == BOOK_NOT_TRIED
                                                       ? json_false()
                                                       : json_null());
        json_object_set_new(j, "nodes", json_integer((json_int_t)r->nodes));
        if (w->o.search_threads > 1)
            json_object_set_new(j, "helper_nodes", json_integer((json_int_t)r->helper_nodes));
        json_object_set_new(j, "stage_nodes", json_integer((json_int_t)r->att_nodes));
        json_object_set_new(j, "stage_settled", json_integer(r->att_settled));
        json_object_set_new(j, "seconds", json_real(r->seconds));
        json_object_set_new(j, "search", search_json(w, a));
        json_object_set_new(j, "reason", r->reason[0] ? json_string(r->reason) : json_null());
        if (it->sgf_path)
            json_object_set_new(j, "sgf", json_string(it->sgf_path));
    }
    return goprob_json_line(j);
}

/* ---- the SGF proof ----------------------------------------------------------- */

/* Appends line[0..n) below parent as a chain of moves, the first one
 * commented; returns the first move, or NULL when out of memory. */
static problem_move *add_line(const solve_work *w, problem_move *parent, const int *line, int n, int first,
                              const char *comment, int verdict)
{
    int color = w->p.to_move;
    problem_move *top = NULL, *at = parent;
    int single[1] = {first};
    if (n == 0) {
        line = single;
        n = 1;
    }
    for (int i = 0; i < n; i++, color = go_other(color)) {
        int m = line[i], x = -1, y = -1;
        if (m != GO_PASS) {
            x = bb361_x(m);
            y = w->pr.height - 1 - bb361_y(m);
        }
        at = problem_add_move(at, color == GO_BLACK ? PROBLEM_BLACK : PROBLEM_WHITE, x, y, i == 0 ? comment : NULL);
        if (!at)
            return NULL;
        if (i == 0) {
            at->verdict = verdict;
            top = at;
        }
    }
    return top;
}

static char *sgf_report(const solve_work *w, char *err)
{
    const ld_problem *p = &w->p;
    const dfpn_result *r = &w->r;
    int size = w->size;
    char buf[COORD_BUFLEN], buf2[COORD_BUFLEN];
    problem *out = malloc(sizeof *out);
    if (!out) {
        vp_fail(err, VP_ENOMEM, "out of memory");
        return NULL;
    }
    problem_init(out);
    out->width = w->pr.width;
    out->height = w->pr.height;
    int v[GO_NPOINTS], n;
    if (w->after) { /* --after: the position after the line */
        for (int color = GO_BLACK; color <= GO_WHITE; color++) {
            sgf_point *to = color == GO_BLACK ? out->black : out->white;
            int *count = color == GO_BLACK ? &out->nblack : &out->nwhite;
            n = goprob_points_of(p->board.set[color], size, v);
            for (int i = 0; i < n; i++)
                to[(*count)++] = (sgf_point){bb361_x(v[i]), out->height - 1 - bb361_y(v[i])};
        }
    } else {
        out->nblack = w->pr.nblack;
        out->nwhite = w->pr.nwhite;
        memcpy(out->black, w->pr.black, sizeof out->black);
        memcpy(out->white, w->pr.white, sizeof out->white);
    }
    out->to_move = p->to_move == GO_BLACK ? PROBLEM_BLACK : PROBLEM_WHITE;
    /* the definition as markup (MA target, SQ region, VG goal), so that
     * solving the written file defines the same problem */
    n = goprob_points_of(p->target, size, v);
    for (int i = 0; i < n; i++)
        out->marks[out->nmarks++] = (sgf_point){bb361_x(v[i]), out->height - 1 - bb361_y(v[i])};
    n = goprob_points_of(p->region, size, v);
    for (int i = 0; i < n; i++)
        out->region[out->nregion++] = (sgf_point){bb361_x(v[i]), out->height - 1 - bb361_y(v[i])};
    strbuf c;
    strbuf_init(&c);
    if (w->pr.comment)
        strbuf_printf(&c, "%s\n\n", w->pr.comment);
    strbuf_printf(&c, "vp go solve: %s", dfpn_status_name(r->status));
    if (r->reason[0])
        strbuf_printf(&c, " (%s)", r->reason);
    strbuf_printf(&c, "; %lld nodes.\n%s", r->nodes, p->summary);
    if (w->after) {
        strbuf_puts(&c, ":");
        moves_text(&c, w->after, w->nafter, size);
    }
    out->comment = strbuf_take(&c);

    int ok = out->comment != NULL;
    for (int i = 0; ok && i < r->nfirst; i++) {
        int len;
        const int *line = line_of(r, r->first[i], &len);
        ok = add_line(w, &out->solution, line, len, r->first[i], "Correct.", PROBLEM_CORRECT) != NULL;
    }
    for (int i = 0; ok && i < r->nko; i++) {
        if (has_move(r->first, r->nfirst, r->ko_first[i]))
            continue;
        int len;
        const int *line = line_of(r, r->ko_first[i], &len);
        char note[128];
        snprintf(note, sizeof note, "Correct (ko). %s needs ko threats.", goprob_color_word(p->to_move));
        ok = add_line(w, &out->solution, line, len, r->ko_first[i], note, PROBLEM_CORRECT) != NULL;
    }
    for (int i = 0; ok && i < r->nroot; i++) {
        if (r->root_status[i] != DFPN_DISPROVED)
            continue;
        int len = r->root_nline[i];
        char note[160];
        int opp = go_other(p->to_move);
        if (r->root_move[i] == GO_PASS)
            strcpy(buf, "a pass");
        else
            coord_format(r->root_move[i], size, buf);
        snprintf(note, sizeof note, "Wrong. %s %s after %s%s%s.", goprob_color_word(p->to_move),
                 p->goal == LD_KILL ? "cannot kill" : "cannot live", buf,
                 len >= 2 ? (opp == GO_BLACK ? ": Black answers " : ": White answers ") : "",
                 len >= 2 ? coord_format(r->root_line[i][1], size, buf2) : "");
        ok = add_line(w, &out->solution, r->root_line[i], len, r->root_move[i], note, PROBLEM_WRONG) != NULL;
    }
    char *text = NULL;
    sgf_node *root = NULL;
    if (!ok)
        vp_fail(err, VP_ENOMEM, "out of memory");
    else if (problem_to_sgf(out, &root, err) == 0 &&
             sgf_set(root, "VG", p->goal == LD_KILL ? "kill" : "live", err) == 0) {
        strbuf s;
        strbuf_init(&s);
        if (sgf_write(root, 0, &s, err) == 0)
            text = strbuf_take(&s);
        strbuf_free(&s);
        if (!text && !err[0])
            vp_fail(err, VP_ENOMEM, "out of memory");
    }
    sgf_free(root);
    problem_free(out);
    free(out);
    return text;
}

/* ---- one file ------------------------------------------------------------------- */

/*
** A problem whose inferred region leaves no first move that reaches the
** goal is solved again, on what is left of the budget, in the wider
** regions of ld_widen (step 1, then step 2): a tsumego has an answer, and
** a region inferred too tightly gives the frame points the answer needs.
** When a wider region has a first move that succeeds (outright or by ko),
** its problem and proof replace the first, the region marked "widened";
** else the disproof in the inferred region stands, and region_check says
** what the wider regions gave. Nodes and seconds count every solve.
*/
static int widen(solve_work *w)
{
    int wide = WIDE_NONE;
    ld_problem *p2 = malloc(sizeof *p2);
    dfpn_result *r2 = malloc(sizeof *r2);
    long long nodes = w->r.nodes;
    double seconds = w->r.seconds;
    int n0 = bb361_popcount(w->p.region);
    bb361 last = w->p.region;
    for (int step = 1; p2 && r2 && step <= 2; step++) {
        bb361 region;
        if (!ld_widen(&w->p, step, &region) || bb361_equal(region, last))
            continue;
        last = region;
        dfpn_opts o = w->o;
        char err[VP_ERRLEN];
        if ((o.max_seconds > 0 && (o.max_seconds -= seconds) < 0.01) ||
            (o.max_nodes > 0 && (o.max_nodes -= nodes) < 1000)) {
            if (wide == WIDE_NONE) {
                snprintf(w->region_check, sizeof w->region_check, "no budget left to check a wider region");
                wide = WIDE_OPEN;
            }
            break;
        }
        ld_problem_widened(&w->p, &region, p2);
        if (dfpn_solve(p2, &o, r2, err) != 0) {
            snprintf(w->region_check, sizeof w->region_check, "a wider region could not be solved (%.100s)", err);
            wide = WIDE_OPEN;
            break;
        }
        nodes += r2->nodes;
        seconds += r2->seconds;
        int n = bb361_popcount(region);
        if (r2->status == DFPN_PROVED || r2->status == DFPN_KO) {
            snprintf(w->region_check, sizeof w->region_check,
                     "the inferred region (%d points) left no first move; solved again in a wider one (%d points)",
                     n0, n);
            w->inferred_region = w->p.region;
            w->p = *p2;
            w->r = *r2;
            wide = WIDE_SOLVED;
            break;
        }
        wide = r2->status == DFPN_DISPROVED ? WIDE_DISPROVED : WIDE_OPEN;
        snprintf(w->region_check, sizeof w->region_check,
                 r2->status == DFPN_DISPROVED ? "no first move succeeds in a wider region (%d points) either"
                                              : "a wider region (%d points) is open within the budget",
                 n);
        if (r2->status != DFPN_DISPROVED)
            break;
    }
    w->r.nodes = nodes;
    w->r.seconds = seconds;
    free(p2);
    free(r2);
    return wide;
}

/*
** --wider-check: the first moves that succeed (outright or by ko) in an
** inferred (or widened) region, tried again alone in ld_widen's step-2
** region of the problem (dfpn_solve_wider) on a budget of their own, the
** same as the problem's: a move that works only against the frame is no
** answer on the board (bench/RESULTS.md, "The first moves proved beyond
** the book's, in wider regions"). The result is reported beside the
** problem's own, which it does not change; when the wider problem cannot
** be solved (its frame fails, memory), wcheck_error says why. It runs
** with the file's own options (w->o: --first book gives this file's book
** move first), as the widened solve does.
*/
static void wider_check(solve_work *w)
{
    const dfpn_result *r = &w->r;
    if ((r->status != DFPN_PROVED && r->status != DFPN_KO) ||
        (w->p.region_from != LD_FROM_INFERRED && w->p.region_from != LD_FROM_WIDENED))
        return;
    bb361 moves = bb361_empty();
    for (int i = 0; i < r->nfirst; i++)
        if (r->first[i] != GO_PASS)
            bb361_set(&moves, r->first[i]);
    for (int i = 0; i < r->nko; i++)
        if (r->ko_first[i] != GO_PASS)
            bb361_set(&moves, r->ko_first[i]);
    char err[VP_ERRLEN];
    int rc = dfpn_solve_wider(&w->p, moves, &w->o, &w->wregion, &w->wr, err);
    if (rc != 0 && rc != 1) /* 1: no wider region, or only the pass succeeds */
        snprintf(w->wcheck_error, sizeof w->wcheck_error, "%.150s", err);
}

static void solve_one(const solve_args *a, solve_item *it)
{
    char err[VP_ERRLEN] = "", *text = NULL;
    size_t len;
    solve_work *w = calloc(1, sizeof *w);
    if (!w) {
        it->kind = ITEM_UNDEFINED;
        it->out = NULL; /* reported as out of memory when printed */
        return;
    }
    problem_init(&w->pr);
    int rc = problem_read_file(it->file, &text, &len, err);
    if (rc == 0)
        rc = problem_load(text, len, it->file, &w->pr, err);
    it->kind = ITEM_ERROR;
    if (rc == 0) {
        w->size = w->pr.width;
        w->has_book = goprob_book_move(&w->pr, &w->book_point, &w->book_color);
        it->kind = ITEM_UNDEFINED;
        ld_problem_opts lo = a->lopts;
        rc = goprob_markup_goal(text, len, &lo.markup_goal, err);
        if (rc == 0)
            rc = ld_problem_from(&w->pr, &lo, &w->p, err);
        if (rc == 0 && a->nafter) {
            /* --after: the position after the line; the book's first move
             * answers another question there */
            ld_problem *q = malloc(sizeof *q);
            int bad;
            char e[VP_ERRLEN];
            int confirms = a->dopts.japanese && !a->dopts.seki_is_death; /* two passes start the confirmation */
            rc = q ? ld_problem_after(&w->p, a->after, a->nafter, confirms, q, &bad, e) : VP_ENOMEM;
            if (rc == 0) {
                w->p = *q;
                w->has_book = 0;
                w->after = a->after;
                w->nafter = a->nafter;
            } else {
                snprintf(err, VP_ERRLEN, "--after: %.200s", q ? e : "out of memory");
                it->kind = ITEM_ERROR;
            }
            free(q);
        }
        if (rc == 0) {
            dfpn_opts *o = &w->o;
            *o = a->dopts;
            if (a->first_book && w->has_book && w->book_color == w->p.to_move) {
                /* the book's move first (its side to play's only) */
                o->first_pass = w->book_point == GO_PASS;
                if (!o->first_pass)
                    o->first_points = bb361_point(w->book_point);
            }
            rc = dfpn_solve(&w->p, o, &w->r, err);
            if (rc == VP_ERANGE && a->dopts.only)
                it->kind = ITEM_ERROR; /* a first move of --moves not in play: the user's input */
            if (rc == 0 && w->r.status == DFPN_DISPROVED && w->p.region_from == LD_FROM_INFERRED && !a->dopts.only &&
                !a->nafter) /* a walked line keeps its region */
                it->wide = widen(w);
            if (rc == 0 && a->wider_check && !a->dopts.only)
                wider_check(w);
        }
        if (rc == 0) {
            it->kind = ITEM_SOLVED;
            it->status = w->r.status;
            it->seconds = w->r.seconds + (w->wr.nroot ? w->wr.seconds : 0);
            it->book = book_verdict(w);
            for (int i = 0; i < w->wr.nroot; i++)
                it->wcount[w->wr.root_status[i]]++;
            it->edge = ld_edge_defenders(&w->p, &w->edge) > 0;
        } else if (w->pr.width != w->pr.height) {
            w->has_book = 0; /* no coordinates for it */
        }
    }
    free(text);
    if (it->kind == ITEM_ERROR) {
        it->error = strdup(err);
        it->status = DFPN_UNKNOWN;
    }
    it->out = a->json ? json_report(it, w, err, a) : text_report(it, w, err);
    if (it->kind == ITEM_SOLVED && a->sgf_dir) {
        char serr[VP_ERRLEN] = "";
        it->sgf = sgf_report(w, serr);
        if (!it->sgf)
            it->error = strdup(serr[0] ? serr : "out of memory");
    }
    problem_free(&w->pr);
    free(w);
}

/* ---- the batch ------------------------------------------------------------------ */

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Prints item i: its report, its SGF file, its error line; returns 1 when
 * the file failed (did not load, or its SGF could not be written). */
static int emit(const solve_args *a, solve_item *it)
{
    int failed = 0;
    if (it->out)
        fputs(it->out, stdout);
    else
        printf(a->json ? "{\"file\":\"%s\",\"status\":\"unknown\",\"reason\":\"out of memory\"}\n"
                       : "%s: unknown (out of memory)\n",
               it->file);
    fflush(stdout);
    if (it->kind == ITEM_ERROR) {
        cli_error("%s%s%s", strncmp(it->error ? it->error : "", it->file, strlen(it->file)) ? it->file : "",
                  strncmp(it->error ? it->error : "", it->file, strlen(it->file)) ? ": " : "",
                  it->error ? it->error : "out of memory");
        failed = 1;
    } else if (it->sgf_path && it->kind == ITEM_SOLVED) {
        if (!it->sgf) {
            cli_error("%s: %s", it->sgf_path, it->error ? it->error : "out of memory");
            failed = 1;
        } else {
            failed = cli_write_file(it->sgf_path, it->sgf) != 0;
        }
    }
    free(it->out);
    free(it->sgf);
    free(it->error);
    it->out = it->sgf = it->error = NULL;
    return failed;
}

typedef struct solve_batch {
    const solve_args *a;
    solve_item *items;
} solve_batch;

static void solve_work_fn(void *ctx, int i)
{
    solve_batch *b = ctx;
    solve_one(b->a, &b->items[i]);
}

static int solve_emit_fn(void *ctx, int i)
{
    solve_batch *b = ctx;
    return emit(b->a, &b->items[i]);
}

static void summary(FILE *f, const solve_item *items, int n)
{
    int count[4] = {0, 0, 0, 0}, errors = 0, undefined = 0, books = 0, agree = 0, proved_agree = 0, disagree = 0,
        open = 0, nsolved = 0, edge = 0, wide[4] = {0, 0, 0, 0}, wchecked = 0, wcount[4] = {0, 0, 0, 0};
    double *secs = malloc((size_t)n * sizeof *secs);
    for (int i = 0; i < n; i++) {
        const solve_item *it = &items[i];
        if (it->kind == ITEM_ERROR) {
            errors++;
            continue;
        }
        if (it->kind == ITEM_UNDEFINED) {
            undefined++;
            continue;
        }
        count[it->status]++;
        if (secs)
            secs[nsolved] = it->seconds;
        nsolved++;
        if (it->book != BOOK_NONE && it->book != BOOK_OTHER_SIDE)
            books++;
        agree += it->book == BOOK_AGREES;
        proved_agree += it->book == BOOK_AGREES && it->status == DFPN_PROVED;
        disagree += it->book == BOOK_REFUTED || it->book == BOOK_NOT_TRIED;
        open += it->book == BOOK_OPEN || it->book == BOOK_NOT_ASKED;
        edge += it->edge;
        wide[it->wide]++;
        int tried = 0;
        for (int k = 0; k < 4; k++) {
            wcount[k] += it->wcount[k];
            tried += it->wcount[k];
        }
        wchecked += tried > 0;
    }
    fprintf(f, "summary: %d file%s: %d proved, %d ko, %d disproved, %d unknown (%d undefined), %d error%s\n", n,
            n == 1 ? "" : "s", count[DFPN_PROVED], count[DFPN_KO], count[DFPN_DISPROVED],
            count[DFPN_UNKNOWN] + undefined, undefined, errors, errors == 1 ? "" : "s");
    fprintf(f, "  book: %d problem%s with a book move; %d of %d proved sets contain it; %d agree in all, "
               "%d disagree, %d undecided\n",
            books, books == 1 ? "" : "s", proved_agree, count[DFPN_PROVED], agree, disagree, open);
    if (nsolved && secs) {
        qsort(secs, (size_t)nsolved, sizeof *secs, cmp_double);
        double median = nsolved % 2 ? secs[nsolved / 2] : (secs[nsolved / 2 - 1] + secs[nsolved / 2]) / 2;
        int k90 = (int)ceil(0.9 * nsolved) - 1;
        fprintf(f, "  seconds: median %.3f, 90th percentile %.3f, max %.3f (%d solved)\n", median,
                secs[k90 < 0 ? 0 : k90], secs[nsolved - 1], nsolved);
    } else {
        fprintf(f, "  seconds: none solved\n");
    }
    int checked = wide[WIDE_SOLVED] + wide[WIDE_DISPROVED] + wide[WIDE_OPEN];
    if (checked)
        fprintf(f, "  region check: %d disproof%s checked in a wider region: %d solved there, %d disproved there too, "
                   "%d open\n",
                checked, checked == 1 ? "" : "s", wide[WIDE_SOLVED], wide[WIDE_DISPROVED], wide[WIDE_OPEN]);
    if (wchecked)
        fprintf(f, "  wider check: %d problem%s, %d first moves tried again: %d proved there, %d by ko, %d refuted, %d "
                   "open\n",
                wchecked, wchecked == 1 ? "" : "s", wcount[0] + wcount[1] + wcount[2] + wcount[3], wcount[DFPN_PROVED],
                wcount[DFPN_KO], wcount[DFPN_DISPROVED], wcount[DFPN_UNKNOWN]);
    if (edge)
        fprintf(f, "  caution: %d problem%s with defender stones on the region's edge (the frame encloses them)\n",
                edge, edge == 1 ? "" : "s");
    free(secs);
}

int cmd_go_solve(int argc, char **argv)
{
    solve_args a;
    parse_args(argc, argv, &a);
    int n = argc - optind;
    solve_item *items = calloc((size_t)n, sizeof *items);
    if (!items) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (int i = 0; i < n; i++)
        items[i].file = argv[optind + i];
    if (a.sgf_dir) {
        size_t dlen = strlen(a.sgf_dir);
        while (dlen > 1 && a.sgf_dir[dlen - 1] == '/')
            dlen--;
        char *pattern = malloc(dlen + 8);
        const char **files = malloc((size_t)n * sizeof *files);
        char **paths = NULL;
        if (pattern && files) {
            snprintf(pattern, dlen + 8, "%.*s/%%n.sgf", (int)dlen, a.sgf_dir);
            for (int i = 0; i < n; i++)
                files[i] = items[i].file;
            paths = goprob_output_paths(pattern, files, n);
        }
        free(pattern);
        free(files);
        if (!paths) {
            cli_error("out of memory");
            free(items);
            return CLI_FAIL;
        }
        for (int i = 0; i < n; i++)
            items[i].sgf_path = paths[i];
        free(paths);
    }
    cli_set_threads(a.threads);
#ifdef _OPENMP
    if (a.dopts.search_threads > 1)
        omp_set_max_active_levels(2); /* the search threads inside the batch's */
#endif
    json_object_seed(0); /* before threads create JSON objects */
    solve_batch batch = {&a, items};
    int failed = cli_batch(n, &batch, solve_work_fn, solve_emit_fn, "solving", a.quiet);
    if (!a.json)
        summary(stdout, items, n);
    else if (!a.quiet)
        summary(stderr, items, n);
    for (int i = 0; i < n; i++)
        free(items[i].sgf_path);
    free(items);
    return failed ? CLI_FAIL : CLI_OK;
}
