/* cmd_build.c: `vp go build`: turns life-and-death problem files into a
 * verified tsumego benchmark set (generator/gen_go.h): each problem is
 * defined, proven with df-pn on a node budget and searched by the MCTS
 * reference; the problems whose answer set is proven become records (K
 * options, prompts per modality, board images), the others are listed with
 * the reason. Records are cut into difficulty tiers, followed by their
 * transformed variants, and written in input order, byte-identical at any
 * thread count; the set is renamed into place when the run completes. */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "../engines/coord.h"
#include "../engines/go.h"
#include "../engines/problem.h"
#include "../engines/strbuf.h"
#include "../engines/vp.h"
#include "../generator/gen_go.h"
#include "../generator/gen_goaudit.h"
#include "../generator/render.h"
#include "../solver/dfpn.h"
#include "../solver/ld.h"
#include "../solver/mcts.h"
#include "cli.h"
#include "goprob.h"

#define BUILD_REPORT_FORMAT "vitalpoint-tsumego-build-report"
#define BUILD_DEFAULT_NODES 40000LL
#define BUILD_MAX_TIERS 10
#define BUILD_CROP_MARGIN 1

static const char build_help[] =
    "Usage: vp go build FILE... -o SET.jsonl[.gz] [OPTIONS]\n"
    "Builds a verified tsumego benchmark set from life-and-death problems (SGF,\n"
    "or the JSON problem format): each problem is proven by df-pn (every first\n"
    "move in the region proven or refuted) and searched by the MCTS reference;\n"
    "a problem whose answer set is proven becomes a record with K options\n"
    "(Algorithm 2: proven-wrong distractors nearest the answer), the Appendix G\n"
    "prompts per modality, lines, difficulty, provenance, and a board image.\n"
    "The rest are excluded with a reason (summary, --report). The same seed\n"
    "gives the same bytes whatever --threads is.\n"
    "\n"
    "  -o, --output FILE    the set (JSON lines; gzip when FILE ends in .gz);\n"
    "                       written under a temporary name, renamed at the end\n"
    "      --k K            options per record: 4 (default), 2..8, or 0 (open\n"
    "                       search: no options, the open prompt)\n"
    "      --modalities L   prompts to write: sym, grid, sym+grid, visual,\n"
    "                       sym+visual (default: all five with --images, the\n"
    "                       first three without)\n"
    "      --images DIR     draw DIR/ID.png per record (created when missing)\n"
    "      --svg            SVG images instead of PNG\n"
    "      --crop, --no-crop  crop images to the region (default) or not\n"
    "      --seed S         seed of the label shuffles, transforms, MCTS (default 0)\n"
    "      --transforms L   variants after each record: rot90, rot180, rot270,\n"
    "                       flip-h, flip-v, invert, relabel, shuffle\n"
    "      --tiers N|NAMES  cut the set into N tiers at score quantiles (2:\n"
    "                       easy,hard; 3: easy,medium,hard; 4: easy,intermediate,\n"
    "                       medium,hard), or the tiers named, easiest first\n"
    "      --no-ko          exclude problems answered only by a ko\n"
    "      --nodes N        df-pn nodes per problem (default 40000)\n"
    "      --playouts N     MCTS playouts per problem (default 200)\n"
    "      --report FILE    excluded problems and tier tables: Markdown when FILE\n"
    "                       ends in .md, else JSON lines\n"
    "  -t, --threads T      problems at once (default: all cores)\n"
    GOPROB_DEF_HELP
    "  -q, --quiet          no progress bar, no summary\n"
    "  -h, --help           this help\n";

typedef struct build_args {
    gen_go_opts gopts;
    ld_problem_opts lopts;
    const char *output, *images, *report;
    unsigned modalities;
    int modalities_given, svg, crop, quiet, playouts;
    int ntransforms, transforms[GEN_GO_NTRANSFORMS];
    int ntiers;
    char tier_names[BUILD_MAX_TIERS][32];
    long long nodes;
    long threads;
} build_args;

/* One input file. */
typedef struct build_item {
    const char *file;
    char id[GEN_GO_NAME_LEN], collection[GEN_GO_NAME_LEN];
    int reason;     /* GEN_GO_OK or GEN_GO_EX_* */
    char *detail;   /* why excluded (malloc'd), or NULL */
    char *fatal;    /* an error that fails the run (out of memory), or NULL */
    gen_go_record *rec;
    int tier;
    /* the second pass */
    char *text;                 /* the record and its variants, JSON lines */
    int nimg;                   /* images to write */
    char *img_error;            /* a drawing error, or NULL */
    int written;                /* records written (original + variants) */
    /* variants left out, df-pn's verdict on them not the original's: each
     * one's id and the audit's first failure (malloc'd) */
    int ndropped;
    char *drop_id[GEN_GO_NTRANSFORMS], *drop_why[GEN_GO_NTRANSFORMS];
} build_item;

typedef struct build_run {
    const build_args *a;
    build_item *items;
    int n;
    cli_out out;
    char *image_dir; /* --images without trailing slashes */
    int out_failed;
} build_run;

/* ---- arguments ---------------------------------------------------------------------- */

enum {
    OPT_K = 256, OPT_MODALITIES, OPT_IMAGES, OPT_SVG, OPT_CROP, OPT_NO_CROP, OPT_SEED, OPT_TRANSFORMS, OPT_TIERS,
    OPT_NO_KO, OPT_NODES, OPT_PLAYOUTS, OPT_REPORT
};

/* Calls fn(item, ctx) for every comma-separated item of s (exits with 2
 * on an empty item). */
static void each_item(const char *opt, const char *s, void (*fn)(const char *opt, const char *item, void *ctx),
                      void *ctx)
{
    const char *p = s;
    for (;;) {
        size_t len = strcspn(p, ",");
        char item[64];
        if (len == 0 || len >= sizeof item)
            cli_usage_error("%s: malformed list '%s'", opt, s);
        memcpy(item, p, len);
        item[len] = '\0';
        fn(opt, item, ctx);
        if (!p[len])
            break;
        p += len + 1;
    }
}

static void add_modality(const char *opt, const char *item, void *ctx)
{
    build_args *a = ctx;
    int m = gen_go_modality_parse(item);
    if (m < 0)
        cli_usage_error("%s: unknown modality '%s' (sym, grid, sym+grid, visual, sym+visual)", opt, item);
    a->modalities |= (unsigned)m;
}

static void add_transform(const char *opt, const char *item, void *ctx)
{
    build_args *a = ctx;
    int t = gen_go_transform_parse(item);
    if (t <= GEN_GO_T_IDENTITY)
        cli_usage_error("%s: unknown transform '%s' (rot90, rot180, rot270, flip-h, flip-v, invert, relabel, "
                        "shuffle)",
                        opt, item);
    for (int i = 0; i < a->ntransforms; i++)
        if (a->transforms[i] == t)
            cli_usage_error("%s: '%s' is given twice", opt, item);
    a->transforms[a->ntransforms++] = t;
}

static void add_tier(const char *opt, const char *item, void *ctx)
{
    build_args *a = ctx;
    if (a->ntiers == BUILD_MAX_TIERS)
        cli_usage_error("%s: more than %d tiers", opt, BUILD_MAX_TIERS);
    if (strlen(item) >= sizeof a->tier_names[0])
        cli_usage_error("%s: tier name '%s' is too long", opt, item);
    for (const char *c = item; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-' ||
              *c == '_'))
            cli_usage_error("%s: tier name '%s': letters, digits, '-' and '_' only", opt, item);
    for (int i = 0; i < a->ntiers; i++)
        if (!strcmp(a->tier_names[i], item))
            cli_usage_error("%s: tier '%s' is named twice", opt, item);
    snprintf(a->tier_names[a->ntiers++], sizeof a->tier_names[0], "%s", item);
}

static void parse_args(int argc, char **argv, build_args *a)
{
    static const struct option opts[] = {
        {"output", required_argument, 0, 'o'},         {"k", required_argument, 0, OPT_K},
        {"modalities", required_argument, 0, OPT_MODALITIES}, {"images", required_argument, 0, OPT_IMAGES},
        {"svg", no_argument, 0, OPT_SVG},              {"crop", no_argument, 0, OPT_CROP},
        {"no-crop", no_argument, 0, OPT_NO_CROP},      {"seed", required_argument, 0, OPT_SEED},
        {"transforms", required_argument, 0, OPT_TRANSFORMS}, {"tiers", required_argument, 0, OPT_TIERS},
        {"no-ko", no_argument, 0, OPT_NO_KO},          {"nodes", required_argument, 0, OPT_NODES},
        {"playouts", required_argument, 0, OPT_PLAYOUTS}, {"report", required_argument, 0, OPT_REPORT},
        {"threads", required_argument, 0, 't'},        GOPROB_DEF_LONGOPTS,
        {"quiet", no_argument, 0, 'q'},                {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    memset(a, 0, sizeof *a);
    gen_go_opts_init(&a->gopts);
    ld_opts_init(&a->lopts);
    a->crop = 1;
    a->nodes = BUILD_DEFAULT_NODES;
    a->playouts = MCTS_DEFAULT_PLAYOUTS;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":o:t:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(build_help, stdout); exit(CLI_OK);
        case 'o': a->output = optarg; break;
        case OPT_K: {
            long k = cli_parse_long("--k", optarg, 0, GEN_GO_MAX_K);
            if (k == 1)
                cli_usage_error("--k: 1 option is no question (0 for open search, or 2..%d)", GEN_GO_MAX_K);
            a->gopts.k = (int)k;
            break;
        }
        case OPT_MODALITIES:
            a->modalities = 0;
            a->modalities_given = 1;
            each_item("--modalities", optarg, add_modality, a);
            break;
        case OPT_IMAGES: a->images = optarg; break;
        case OPT_SVG: a->svg = 1; break;
        case OPT_CROP: a->crop = 1; break;
        case OPT_NO_CROP: a->crop = 0; break;
        case OPT_SEED: {
            char *end;
            errno = 0;
            unsigned long long s = strtoull(optarg, &end, 10);
            if (!*optarg || *end || errno || *optarg == '-')
                cli_usage_error("--seed: '%s' is not a whole number from 0 to %llu", optarg, ULLONG_MAX);
            a->gopts.seed = (uint64_t)s;
            break;
        }
        case OPT_TRANSFORMS:
            a->ntransforms = 0;
            each_item("--transforms", optarg, add_transform, a);
            break;
        case OPT_TIERS:
            a->ntiers = 0;
            if (optarg[0] >= '0' && optarg[0] <= '9') {
                a->ntiers = (int)cli_parse_long("--tiers", optarg, 1, BUILD_MAX_TIERS);
                for (int i = 0; i < a->ntiers; i++)
                    gen_go_tier_name(a->ntiers, i, a->tier_names[i], sizeof a->tier_names[i]);
            } else {
                each_item("--tiers", optarg, add_tier, a);
            }
            break;
        case OPT_NO_KO: a->gopts.allow_ko = 0; break;
        case OPT_NODES: a->nodes = cli_parse_long("--nodes", optarg, 1, LONG_MAX); break;
        case OPT_PLAYOUTS: a->playouts = (int)cli_parse_long("--playouts", optarg, 1, MCTS_MAX_PLAYOUTS); break;
        case OPT_REPORT: a->report = optarg; break;
        case 't': a->threads = cli_parse_long("--threads", optarg, 1, 1024); break;
        case GOPROB_OPT_GOAL:
        case GOPROB_OPT_TO_PLAY:
        case GOPROB_OPT_TARGET:
        case GOPROB_OPT_REGION:
        case GOPROB_OPT_MARGIN: goprob_def_option(c, optarg, &a->lopts); break;
        case 'q': a->quiet = 1; break;
        case ':': cli_usage_error("go build: option '%s' needs a value", argv[optind - 1]);
        default: cli_usage_error("go build: unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        cli_usage_error("go build: no FILE given (see --help)");
    if (!a->output)
        cli_usage_error("go build: no output given (-o SET.jsonl)");
    if (!a->modalities_given)
        a->modalities = a->images ? GEN_GO_ALL_MODALITIES : GEN_GO_SYM | GEN_GO_GRID | GEN_GO_SYM_GRID;
    if ((a->modalities & (GEN_GO_VISUAL | GEN_GO_SYM_VISUAL)) && !a->images)
        cli_usage_error("--modalities: visual and sym+visual need --images DIR");
    if (a->svg && !a->images)
        cli_usage_error("--svg: no --images DIR given");
    for (int i = 0; i < a->ntransforms; i++)
        if (a->gopts.k == 0 && (a->transforms[i] == GEN_GO_T_RELABEL || a->transforms[i] == GEN_GO_T_SHUFFLE))
            cli_usage_error("--transforms: %s needs options (not --k 0)", gen_go_transform_name(a->transforms[i]));
    a->gopts.nodes_budget = a->nodes;
}

/* ---- the first pass: define, prove, search, build ------------------------------------- */

static void set_detail(build_item *it, int reason, const char *fmt, const char *text)
{
    it->reason = reason;
    free(it->detail);
    size_t n = strlen(fmt) + strlen(text) + 1;
    it->detail = malloc(n);
    if (it->detail)
        snprintf(it->detail, n, fmt, text);
}

/* Working state of one file (on the heap: the result alone is ~40 KB). */
typedef struct build_work {
    problem pr;
    ld_problem p;
    dfpn_result r;
    mcts_result m;
    int book[GO_NPOINTS];
} build_work;

static void build_one(const build_args *a, build_item *it)
{
    char err[VP_ERRLEN] = "", *text = NULL;
    size_t len;
    build_work *w = calloc(1, sizeof *w);
    if (!w) {
        it->fatal = strdup("out of memory");
        return;
    }
    problem_init(&w->pr);
    int rc = problem_read_file(it->file, &text, &len, err);
    if (rc == 0)
        rc = problem_load(text, len, it->file, &w->pr, err);
    if (rc) {
        set_detail(it, GEN_GO_EX_PARSE, "%s", goprob_without_file(err, it->file));
        goto done;
    }
    if (w->pr.width != 19 || w->pr.height != 19) {
        char size[48];
        snprintf(size, sizeof size, "%dx%d", w->pr.width, w->pr.height);
        set_detail(it, GEN_GO_EX_SIZE, "the board is %s", size);
        goto done;
    }
    ld_problem_opts lo = a->lopts;
    rc = goprob_markup_goal(text, len, &lo.markup_goal, err);
    if (rc == 0)
        rc = ld_problem_from(&w->pr, &lo, &w->p, err);
    if (rc) {
        set_detail(it, GEN_GO_EX_DEFINITION, "%s", goprob_without_file(err, it->file));
        goto done;
    }
    int book_point, book_color, nbook = 0;
    if (goprob_book_move(&w->pr, &book_point, &book_color)) {
        if (book_color != w->p.to_move) {
            set_detail(it, GEN_GO_EX_DEFINITION, "%s",
                       book_color == GO_BLACK ? "the book's first move is Black's, but White is to play"
                                              : "the book's first move is White's, but Black is to play");
            goto done;
        }
        if (book_point == GO_PASS) {
            set_detail(it, GEN_GO_EX_BOOK, "%s", "the book's first move is a pass");
            goto done;
        }
        int v[GO_NPOINTS], n = goprob_book_answers(&w->pr, w->p.to_move, v);
        w->book[nbook++] = book_point;
        for (int i = 0; i < n; i++)
            if (v[i] != book_point)
                w->book[nbook++] = v[i];
    }
    dfpn_opts d;
    dfpn_opts_init(&d);
    d.max_nodes = a->nodes;
    d.max_seconds = 0; /* node budgets only: the same proof on every run */
    rc = dfpn_solve(&w->p, &d, &w->r, err);
    if (rc == VP_ENOMEM) {
        it->fatal = strdup(err);
        goto done;
    }
    if (rc) {
        set_detail(it, GEN_GO_EX_DEFINITION, "%s", err);
        goto done;
    }
    int all[GO_NPOINTS], nall, cstar, ko;
    char why[VP_ERRLEN] = "";
    int ex = gen_go_accepted(&w->p, &w->r, w->book, nbook, a->gopts.allow_ko, all, &nall, &cstar, &ko, why);
    if (ex == GEN_GO_OK)
        ex = gen_go_wider_check(&w->p, all, nall, ko, w->book, nbook, a->nodes, why);
    if (ex < 0) {
        it->fatal = strdup(why);
        goto done;
    }
    if (ex != GEN_GO_OK) {
        set_detail(it, ex, "%s", why);
        goto done;
    }
    mcts_opts mo;
    mcts_opts_init(&mo);
    mo.playouts = a->playouts;
    mo.seed = a->gopts.seed;
    rc = mcts_search(&w->p, &mo, &w->m, err);
    if (rc) {
        char msg[VP_ERRLEN + 32];
        snprintf(msg, sizeof msg, "mcts: %s", err);
        it->fatal = strdup(msg);
        goto done;
    }
    it->rec = malloc(sizeof *it->rec);
    if (!it->rec) {
        it->fatal = strdup("out of memory");
        goto done;
    }
    gen_go_input in = {&w->p, &w->r, &w->m, w->book, nbook, it->id, it->file, it->collection};
    ex = gen_go_record_build(&in, &a->gopts, it->rec, why);
    if (ex != GEN_GO_OK) {
        free(it->rec);
        it->rec = NULL;
        if (ex < 0)
            it->fatal = strdup(why);
        else
            set_detail(it, ex, "%s", why);
    } else {
        it->reason = GEN_GO_OK;
    }
done:
    mcts_result_free(&w->m);
    problem_free(&w->pr);
    free(w);
    free(text);
}

static void first_work(void *ctx, int i)
{
    build_run *run = ctx;
    build_one(run->a, &run->items[i]);
}

static int first_emit(void *ctx, int i)
{
    build_run *run = ctx;
    build_item *it = &run->items[i];
    if (it->fatal) {
        cli_error("%s: %s", it->file, it->fatal);
        return 1;
    }
    if (it->reason == GEN_GO_EX_PARSE)
        cli_error("%s: %s (skipped)", it->file, it->detail ? it->detail : "does not load");
    return 0;
}

/* ---- the second pass: records, variants, images ------------------------------------- */

static void image_path(const build_run *run, const char *id, char *out, size_t len)
{
    snprintf(out, len, "%s/%s.%s", run->image_dir, id, run->a->svg ? "svg" : "png");
}

/* Draws rec's position to rec->image; returns 0 or a VP_E* code (err set). */
static int draw(const build_run *run, const gen_go_record *rec, char *err)
{
    go_board b;
    int rc = go_board_init(&b, 19, err);
    if (rc == 0)
        rc = go_setup_stones(&b, GO_BLACK, &rec->black, err);
    if (rc == 0)
        rc = go_setup_stones(&b, GO_WHITE, &rec->white, err);
    if (rc)
        return rc;
    render_opts o;
    render_opts_init(&o);
    o.format = run->a->svg ? RENDER_SVG : RENDER_PNG;
    if (run->a->crop)
        render_crop_to(&o, &rec->region, BUILD_CROP_MARGIN);
    return render_board_file(&b, &o, rec->image, err);
}

/* Appends rec as a JSON line to s, drawing its image first; returns 0 or
 * an error (err set). */
static int put_record(const build_run *run, gen_go_record *rec, strbuf *s, char *err)
{
    if (run->image_dir) {
        image_path(run, rec->id, rec->image, sizeof rec->image);
        int rc = draw(run, rec, err);
        if (rc)
            return rc;
    }
    json_t *j = gen_go_record_json(rec, run->a->modalities, err);
    if (!j)
        return VP_EINVAL;
    char *line = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
    json_decref(j);
    if (!line)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    strbuf_puts(s, line);
    strbuf_puts(s, "\n");
    free(line);
    return 0;
}

/* A record as the audit reads it, from rec's JSON; 0, or a VP_E* code
 * (err set). */
static int audit_record(const build_run *run, const gen_go_record *rec, gen_audit_record *out, char *err)
{
    memset(out, 0, sizeof *out);
    json_t *j = gen_go_record_json(rec, run->a->modalities, err);
    if (!j)
        return VP_EINVAL;
    gen_audit_log log;
    gen_audit_log_init(&log);
    int rc = gen_audit_parse(j, 0, out, &log);
    json_decref(j);
    if (rc < 0 || log.oom)
        rc = vp_fail(err, VP_ENOMEM, "out of memory");
    else if (rc)
        rc = vp_fail(err, VP_EINVAL, "internal error: the record %s does not read back: %s", rec->id,
                     log.n ? log.fail[0].msg : "?");
    gen_audit_log_free(&log);
    return rc;
}

/* Whether variant v (of the original orec, solved as ov) gives df-pn the
 * original's verdict mapped at the record's budget, as vp go audit checks
 * it: 1 yes, 0 no (the first failure in *why, malloc'd), or a VP_E* code
 * (err set). df-pn's node count is not the same in every orientation, so
 * a problem near its budget can be settled in one and not in another. */
static int variant_verified(const build_run *run, const gen_go_record *v, const gen_audit_record *orec,
                            const gen_audit_verdict *ov, char **why, char *err)
{
    gen_audit_record vr;
    memset(&vr, 0, sizeof vr);
    gen_audit_verdict *vv = malloc(sizeof *vv);
    int rc = vv ? audit_record(run, v, &vr, err) : vp_fail(err, VP_ENOMEM, "out of memory");
    if (rc == 0)
        rc = gen_audit_solve(&vr, vr.nodes_budget, vv, err);
    if (rc == 0) {
        gen_audit_log log;
        gen_audit_log_init(&log);
        gen_audit_solver_checks(&vr, vv, orec, ov, &log);
        if (log.oom)
            rc = vp_fail(err, VP_ENOMEM, "out of memory");
        else if (log.n == 0)
            rc = 1;
        else if (!(*why = strdup(log.fail[0].msg)))
            rc = vp_fail(err, VP_ENOMEM, "out of memory");
        gen_audit_log_free(&log);
    }
    gen_audit_record_free(&vr);
    free(vv);
    return rc;
}

/* relabel and shuffle keep the position: df-pn's verdict is the original's */
static int moves_position(int t) { return t != GEN_GO_T_RELABEL && t != GEN_GO_T_SHUFFLE; }

static void second_work(void *ctx, int i)
{
    build_run *run = ctx;
    build_item *it = &run->items[i];
    if (!it->rec)
        return;
    const build_args *a = run->a;
    char err[VP_ERRLEN] = "";
    strbuf s;
    strbuf_init(&s);
    int rc = put_record(run, it->rec, &s, err);
    it->written = rc == 0;
    gen_go_record *v = rc == 0 && a->ntransforms ? malloc(sizeof *v) : NULL;
    if (rc == 0 && a->ntransforms && !v)
        rc = vp_fail(err, VP_ENOMEM, "out of memory");
    /* the original as the audit reads and solves it, for the variants
     * that move the position */
    int verify = 0;
    for (int k = 0; k < a->ntransforms; k++)
        verify |= moves_position(a->transforms[k]);
    gen_audit_record orec;
    memset(&orec, 0, sizeof orec);
    gen_audit_verdict *ov = rc == 0 && verify ? malloc(sizeof *ov) : NULL;
    if (rc == 0 && verify && !ov)
        rc = vp_fail(err, VP_ENOMEM, "out of memory");
    if (rc == 0 && verify && (rc = audit_record(run, it->rec, &orec, err)) == 0)
        rc = gen_audit_solve(&orec, orec.nodes_budget, ov, err);
    for (int k = 0; rc == 0 && k < a->ntransforms; k++) {
        rc = gen_go_transform(it->rec, a->transforms[k], a->gopts.seed, v, err);
        if (rc == 0 && moves_position(a->transforms[k])) {
            char *why = NULL;
            rc = variant_verified(run, v, &orec, ov, &why, err);
            if (rc == 0) {
                it->drop_why[it->ndropped] = why;
                if (!(it->drop_id[it->ndropped++] = strdup(v->id)))
                    rc = vp_fail(err, VP_ENOMEM, "out of memory");
                continue;
            }
            rc = rc == 1 ? 0 : rc;
        }
        if (rc == 0)
            rc = put_record(run, v, &s, err);
        it->written += rc == 0;
    }
    free(v);
    free(ov);
    gen_audit_record_free(&orec);
    if (rc) {
        strbuf_free(&s);
        it->fatal = strdup(err[0] ? err : "out of memory");
        return;
    }
    it->text = strbuf_take(&s);
    if (!it->text)
        it->fatal = strdup("out of memory");
}

static int second_emit(void *ctx, int i)
{
    build_run *run = ctx;
    build_item *it = &run->items[i];
    if (!it->rec)
        return 0;
    if (it->fatal) {
        cli_error("%s: %s", it->file, it->fatal);
        return 1;
    }
    cli_out_write(&run->out, it->text, strlen(it->text));
    free(it->text);
    it->text = NULL;
    return 0;
}

/* ---- summary and report ----------------------------------------------------------------- */

typedef struct tier_stats {
    int n, black, white, max_main, nvar;
    double main_sum, var_sum, score_min, score_max;
} tier_stats;

static void tier_add(tier_stats *t, const gen_go_record *r)
{
    if (t->n == 0 || r->difficulty_score < t->score_min)
        t->score_min = r->difficulty_score;
    if (t->n == 0 || r->difficulty_score > t->score_max)
        t->score_max = r->difficulty_score;
    t->n++;
    t->black += r->to_play == GO_BLACK;
    t->white += r->to_play == GO_WHITE;
    t->main_sum += r->main_line.n;
    if (r->main_line.n > t->max_main)
        t->max_main = r->main_line.n;
    for (int i = 0; i < r->nvar; i++) {
        t->var_sum += r->var[i].n;
        t->nvar++;
    }
    for (int i = 0; i < r->nref; i++) {
        t->var_sum += r->ref[i].n;
        t->nvar++;
    }
}

static double avg(double s, int n) { return n ? s / n : 0.0; }

/* The tier table (Tables 2 and 7 of the paper): one row per tier and "all". */
static void stats_of(const build_run *run, int ntiers, tier_stats *t /* ntiers + 1 */)
{
    memset(t, 0, (size_t)(ntiers + 1) * sizeof *t);
    for (int i = 0; i < run->n; i++) {
        const build_item *it = &run->items[i];
        if (!it->rec)
            continue;
        tier_add(&t[it->tier], it->rec);
        tier_add(&t[ntiers], it->rec);
    }
}

static void print_summary(FILE *f, const build_run *run, int ntiers, const char (*names)[32], int nrecords,
                          int nwritten)
{
    const build_args *a = run->a;
    int count[GEN_GO_NREASONS] = {0};
    for (int i = 0; i < run->n; i++)
        count[run->items[i].rec ? GEN_GO_OK : run->items[i].reason]++;
    fprintf(f, "vp go build: %d problem%s in, %d proven (records written), %d excluded\n", run->n,
            run->n == 1 ? "" : "s", nrecords, run->n - nrecords);
    for (int r = 1; r < GEN_GO_NREASONS; r++)
        if (count[r])
            fprintf(f, "  excluded: %4d %s\n", count[r], gen_go_reason_name(r));
    int ndropped = 0;
    for (int i = 0; i < run->n; i++)
        ndropped += run->items[i].ndropped;
    fprintf(f, "  variants: %d written (%d records in %s)", nwritten - nrecords, nwritten, a->output);
    if (ndropped)
        fprintf(f, ", %d left out: df-pn does not give them the original's verdict within the budget (see --report)",
                ndropped);
    fprintf(f, "\n");
    if (run->image_dir)
        fprintf(f, "  images: %d %s in %s\n", nwritten, a->svg ? "SVG" : "PNG", run->image_dir);
    tier_stats *t = calloc((size_t)ntiers + 1, sizeof *t);
    if (!t)
        return;
    stats_of(run, ntiers, t);
    fprintf(f, "  %-14s %5s %7s %9s %13s %13s %8s\n", "tier", "N", "options", "B/W", "score", "main avg/max", "var.len");
    for (int k = 0; k <= ntiers; k++) {
        if (k == ntiers && ntiers == 1)
            break;
        char bw[32], sc[40];
        snprintf(bw, sizeof bw, "%d/%d", t[k].black, t[k].white);
        if (t[k].n)
            snprintf(sc, sizeof sc, "%.2f-%.2f", t[k].score_min, t[k].score_max);
        else
            snprintf(sc, sizeof sc, "-");
        fprintf(f, "  %-14s %5d %7d %9s %13s %8.2f/%-4d %8.2f\n", k < ntiers ? names[k] : "(all)", t[k].n, a->gopts.k,
                bw, sc, avg(t[k].main_sum, t[k].n), t[k].max_main, avg(t[k].var_sum, t[k].nvar));
    }
    free(t);
}


/* Appends j (may be NULL: out of memory) to s as one compact JSON line
 * and frees it. */
static void report_line(strbuf *s, json_t *j)
{
    char *line = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6)) : NULL;
    json_decref(j);
    if (line)
        strbuf_printf(s, "%s\n", line);
    else
        s->failed = 1;
    free(line);
}
static char *report_text(const build_run *run, int ntiers, const char (*names)[32], int md)
{
    strbuf s;
    strbuf_init(&s);
    tier_stats *t = calloc((size_t)ntiers + 1, sizeof *t);
    if (!t)
        return NULL;
    stats_of(run, ntiers, t);
    if (md) {
        strbuf_puts(&s, "# vp go build report\n\n## Tiers\n\n"
                        "| tier | N | options | B/W | score range | avg main line | max main line | avg var. len |\n"
                        "|---|---:|---:|---:|---|---:|---:|---:|\n");
        for (int k = 0; k <= ntiers && !(k == ntiers && ntiers == 1); k++)
            strbuf_printf(&s, "| %s | %d | %d | %d/%d | %.2f-%.2f | %.2f | %d | %.2f |\n",
                          k < ntiers ? names[k] : "(all)", t[k].n, run->a->gopts.k, t[k].black, t[k].white,
                          t[k].score_min, t[k].score_max, avg(t[k].main_sum, t[k].n), t[k].max_main,
                          avg(t[k].var_sum, t[k].nvar));
        strbuf_puts(&s, "\n## Excluded\n\n| file | reason | detail |\n|---|---|---|\n");
        for (int i = 0; i < run->n; i++) {
            const build_item *it = &run->items[i];
            if (it->rec)
                continue;
            strbuf_puts(&s, "| ");
            for (const char *c = it->file; *c; c++)
                strbuf_printf(&s, "%s%c", *c == '|' ? "\\" : "", *c);
            strbuf_printf(&s, " | %s | ", gen_go_reason_name(it->reason));
            for (const char *c = it->detail ? it->detail : ""; *c; c++)
                strbuf_printf(&s, "%s%c", *c == '|' ? "\\" : "", *c == '\n' ? ' ' : *c);
            strbuf_puts(&s, " |\n");
        }
        int head = 0;
        for (int i = 0; i < run->n; i++)
            for (int k = 0; k < run->items[i].ndropped; k++) {
                if (!head++)
                    strbuf_puts(&s, "\n## Variants left out\n\ndf-pn's verdict on each is not the original's "
                                    "mapped within the budget (the audit's first failure).\n\n"
                                    "| variant | detail |\n|---|---|\n");
                strbuf_printf(&s, "| %s | ", run->items[i].drop_id[k]);
                for (const char *q = run->items[i].drop_why[k]; *q; q++)
                    strbuf_printf(&s, "%s%c", *q == '|' ? "\\" : "", *q);
                strbuf_puts(&s, " |\n");
            }
    } else {
        for (int k = 0; k <= ntiers && !(k == ntiers && ntiers == 1); k++) {
            json_t *j = json_pack("{s:s, s:i, s:s, s:s, s:i, s:i, s:i, s:i, s:f, s:f, s:f, s:i, s:f}", "format",
                                  BUILD_REPORT_FORMAT, "format_version", 1, "type", "tier", "tier",
                                  k < ntiers ? names[k] : "(all)", "n", t[k].n, "options", run->a->gopts.k, "black",
                                  t[k].black, "white", t[k].white, "score_min", t[k].score_min, "score_max",
                                  t[k].score_max, "avg_main_line", avg(t[k].main_sum, t[k].n), "max_main_line",
                                  t[k].max_main, "avg_variation_length", avg(t[k].var_sum, t[k].nvar));
            report_line(&s, j);
        }
        for (int i = 0; i < run->n; i++) {
            const build_item *it = &run->items[i];
            if (it->rec)
                continue;
            json_t *j = json_pack("{s:s, s:i, s:s, s:s, s:s, s:s, s:s}", "format", BUILD_REPORT_FORMAT, "format_version", 1,
                                  "type", "excluded", "file", it->file, "id", it->id,
                                  "reason", gen_go_reason_name(it->reason), "detail", it->detail ? it->detail : "");
            report_line(&s, j);
        }
        for (int i = 0; i < run->n; i++)
            for (int k = 0; k < run->items[i].ndropped; k++)
                report_line(&s, json_pack("{s:s, s:i, s:s, s:s, s:s, s:s}", "format", BUILD_REPORT_FORMAT,
                                          "format_version", 1, "type", "variant-left-out", "file", run->items[i].file,
                                          "id", run->items[i].drop_id[k], "detail", run->items[i].drop_why[k]));
    }
    free(t);
    return strbuf_take(&s);
}

/* ---- the command ------------------------------------------------------------------------ */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* Creates dir and its missing parents; returns 0 or -1 (errno set). */
static int make_dirs(const char *dir)
{
    char *p = strdup(dir);
    if (!p)
        return -1;
    for (char *c = p + 1;; c++) {
        if (*c == '/' || *c == '\0') {
            char keep = *c;
            *c = '\0';
            struct stat st;
            if (stat(p, &st) != 0) {
                if (mkdir(p, 0777) != 0 && errno != EEXIST) {
                    free(p);
                    return -1;
                }
            } else if (!S_ISDIR(st.st_mode)) {
                errno = ENOTDIR;
                free(p);
                return -1;
            }
            *c = keep;
            if (!keep)
                break;
        }
    }
    free(p);
    return 0;
}

/* Unique ids: a later file whose id is taken gets "-2", "-3", ... */
static void name_items(build_item *items, int n)
{
    for (int i = 0; i < n; i++) {
        char base[GEN_GO_NAME_LEN];
        gen_go_names(items[i].file, base, sizeof base, items[i].collection, sizeof items[i].collection);
        snprintf(items[i].id, sizeof items[i].id, "%s", base);
        for (int k = 2;; k++) {
            int taken = 0;
            for (int j = 0; j < i && !taken; j++)
                taken = !strcmp(items[j].id, items[i].id);
            if (!taken)
                break;
            snprintf(items[i].id, sizeof items[i].id, "%.*s-%d", (int)sizeof base - 16, base, k);
        }
    }
}

int cmd_go_build(int argc, char **argv)
{
    build_args a;
    parse_args(argc, argv, &a);
    build_run run;
    memset(&run, 0, sizeof run);
    run.a = &a;
    run.n = argc - optind;
    run.items = calloc((size_t)run.n, sizeof *run.items);
    if (!run.items) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (int i = 0; i < run.n; i++)
        run.items[i].file = argv[optind + i];
    name_items(run.items, run.n);
    /* open the output first, so that a bad path fails before the work */
    int rc = cli_out_open(&run.out, a.output);
    if (rc) {
        free(run.items);
        return rc;
    }
    if (a.images) {
        /* created when the first record is written; refused now when it
         * names something that is not a folder */
        size_t len = strlen(a.images);
        while (len > 1 && a.images[len - 1] == '/')
            len--;
        run.image_dir = strndup(a.images, len);
        struct stat st;
        if (!run.image_dir || (stat(run.image_dir, &st) == 0 && !S_ISDIR(st.st_mode))) {
            cli_error("--images: '%s' is not a folder", a.images);
            free(run.image_dir);
            free(run.items);
            cli_out_abort(&run.out);
            return CLI_USAGE;
        }
    }
    cli_out report;
    int have_report = 0;
    if (a.report) {
        rc = cli_out_open(&report, a.report);
        if (rc) {
            cli_out_abort(&run.out);
            free(run.image_dir);
            free(run.items);
            return rc;
        }
        have_report = 1;
    }
    cli_set_threads(a.threads);
    json_object_seed(0); /* before threads create JSON objects */

    int failed = cli_batch(run.n, &run, first_work, first_emit, "proving", a.quiet);
    int parse_errors = 0, nrecords = 0;
    for (int i = 0; i < run.n; i++) {
        parse_errors += run.items[i].reason == GEN_GO_EX_PARSE;
        nrecords += run.items[i].rec != NULL;
    }
    if (!failed && nrecords == 0) {
        cli_error("go build: no problem was proven (of %d); nothing written", run.n);
        failed = 1;
    }

    /* tiers at the quantiles of the originals' scores */
    int ntiers = a.ntiers ? a.ntiers : 1;
    char (*names)[32] = a.tier_names;
    if (!a.ntiers)
        gen_go_tier_name(1, 0, a.tier_names[0], sizeof a.tier_names[0]);
    if (!failed) {
        double *score = malloc((size_t)nrecords * sizeof *score);
        int *tier = malloc((size_t)nrecords * sizeof *tier);
        char err[VP_ERRLEN];
        if (!score || !tier) {
            cli_error("out of memory");
            failed = 1;
        } else {
            int k = 0;
            for (int i = 0; i < run.n; i++)
                if (run.items[i].rec)
                    score[k++] = run.items[i].rec->difficulty_score;
            if (gen_go_tiers(score, nrecords, ntiers, tier, err) != 0) {
                cli_error("%s", err);
                failed = 1;
            }
            k = 0;
            for (int i = 0; !failed && i < run.n; i++)
                if (run.items[i].rec) {
                    run.items[i].tier = tier[k++];
                    snprintf(run.items[i].rec->difficulty, sizeof run.items[i].rec->difficulty, "%s",
                             names[run.items[i].tier]);
                }
        }
        free(score);
        free(tier);
    }
    if (!failed && run.image_dir && make_dirs(run.image_dir) != 0) {
        cli_error("--images: cannot create '%s': %s", run.image_dir, strerror(errno));
        failed = 1;
    }
    if (!failed)
        failed = cli_batch(run.n, &run, second_work, second_emit, "writing", a.quiet);
    int nwritten = 0;
    for (int i = 0; i < run.n; i++)
        nwritten += run.items[i].written;

    if (failed) {
        cli_out_abort(&run.out);
        if (have_report)
            cli_out_abort(&report);
    } else {
        if (have_report) {
            char *text = report_text(&run, ntiers, (const char(*)[32])names, ends_with(a.report, ".md"));
            if (!text) {
                cli_error("%s: out of memory", a.report);
                cli_out_abort(&report);
                cli_out_abort(&run.out);
                failed = 1;
            } else {
                cli_out_write(&report, text, strlen(text));
                free(text);
            }
        }
        if (!failed && (rc = cli_out_commit(&run.out)) != 0) {
            failed = 1;
            if (have_report)
                cli_out_abort(&report);
        } else if (!failed && have_report && cli_out_commit(&report) != 0) {
            failed = 1;
        }
        if (!failed && !a.quiet)
            print_summary(stdout, &run, ntiers, (const char(*)[32])names, nrecords, nwritten);
    }
    for (int i = 0; i < run.n; i++) {
        free(run.items[i].detail);
        free(run.items[i].fatal);
        free(run.items[i].text);
        free(run.items[i].rec);
        for (int k = 0; k < run.items[i].ndropped; k++) {
            free(run.items[i].drop_id[k]);
            free(run.items[i].drop_why[k]);
        }
    }
    free(run.items);
    free(run.image_dir);
    if (failed)
        return CLI_FAIL;
    return parse_errors ? CLI_FAIL : CLI_OK;
}
