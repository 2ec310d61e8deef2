/* build_test.c: the tsumego benchmark records (generator/gen_go.h). The
 * inclusion rules on hand-made proofs; Algorithm 2 on hand-made proposal
 * lists (distance ranking and its ties, every filter, only proven-wrong
 * moves, too few); label shuffles deterministic, seed- and id-dependent
 * and uniform; the record of a small corner problem solved for real (every
 * key in the schema's order, grid and stone lists in agreement, B19 the
 * answer); transforms worked out by hand (rot90, flip, invert, relabel,
 * shuffle); tiers at quantiles; prompts; ids.
 *
 * `build_test --check-set SET.jsonl` instead checks a built set against
 * the solver independently of the builder: every distractor is played on
 * the record's board and the position solved for the opponent, which must
 * succeed unconditionally; the reference answer, played the same way,
 * must leave the opponent without unconditional success (ko answers
 * skipped). */
#include <config.h>

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engines/bitboard.h"
#include "engines/coord.h"
#include "engines/go.h"
#include "engines/rng.h"
#include "engines/strbuf.h"
#include "engines/vp.h"
#include "generator/gen_go.h"
#include "solver/dfpn.h"
#include "solver/ld.h"
#include "solver/mcts.h"
#include "test.h"
#include "ld_diagram.h"
#include "points.h"

static bb361 rect(int x0, int y0, int x1, int y1)
{
    bb361 s = bb361_empty();
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            bb361_set(&s, bb361_xy(x, y));
    return s;
}

static const char *nm(int p)
{
    static char buf[8][COORD_BUFLEN];
    static int k;
    k = (k + 1) % 8;
    return coord_format(p, 19, buf[k]);
}

/* ---- inclusion on hand-made proofs ------------------------------------------------- */

static void proof(dfpn_result *r, int status, const char *const *moves, const int *st)
{
    memset(r, 0, sizeof *r);
    r->status = status;
    for (int i = 0; moves[i]; i++) {
        int m = strcmp(moves[i], "pass") ? pt(moves[i]) : GO_PASS;
        r->root_move[r->nroot] = m;
        r->root_status[r->nroot] = st[i];
        r->root_line[r->nroot][0] = m;
        r->root_nline[r->nroot] = 1;
        if (st[i] == DFPN_PROVED)
            r->first[r->nfirst++] = m;
        if (st[i] == DFPN_KO)
            r->ko_first[r->nko++] = m;
        r->nroot++;
    }
    r->nodes = 1000;
}

static void test_accepted(void)
{
    static const char *const mv[] = {"B19", "C19", "A17", "D19", "pass", NULL};
    const int P = DFPN_PROVED, D = DFPN_DISPROVED, K = DFPN_KO, U = DFPN_UNKNOWN;
    dfpn_result *r = malloc(sizeof *r);
    ld_problem p; /* a problem with no stones on its region's edge (see test_edge) */
    if (define_bundled("cho-chikun-encyclopedia-life-and-death-elementary/Prob0001.json", &p) != 0) {
        free(r);
        return;
    }
    int all[GO_NPOINTS], nall, cstar, ko, book[2];
    char why[VP_ERRLEN];

    proof(r, DFPN_PROVED, mv, (const int[]){P, D, D, D, D});
    book[0] = pt("B19");
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_OK, "plain: %s", why);
    CHECK(nall == 1 && all[0] == pt("B19") && cstar == pt("B19") && !ko, "plain: %d answers", nall);

    /* one unknown root move (even a wrong-looking one) keeps it out */
    proof(r, DFPN_PROVED, mv, (const int[]){P, D, U, D, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_UNKNOWN, "unknown");
    proof(r, DFPN_UNKNOWN, mv, (const int[]){U, D, D, D, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_UNKNOWN, "unknown status");

    /* the book refuted, the book outside the region, the book only a ko */
    proof(r, DFPN_PROVED, mv, (const int[]){D, P, D, D, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_BOOK, "book refuted");
    CHECK(strstr(why, "B19") != NULL, "the reason names the move: %s", why);
    book[0] = pt("K10");
    proof(r, DFPN_PROVED, mv, (const int[]){P, D, D, D, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_BOOK, "book elsewhere");
    book[0] = pt("C19");
    proof(r, DFPN_PROVED, mv, (const int[]){P, K, D, D, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_BOOK, "book ko");
    /* a second book answer refuted */
    book[0] = pt("B19");
    book[1] = pt("A17");
    proof(r, DFPN_PROVED, mv, (const int[]){P, D, D, D, D});
    CHECK(gen_go_accepted(&p, r, book, 2, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_BOOK, "second book refuted");

    /* a ko move beside an unconditional answer is not accepted */
    proof(r, DFPN_PROVED, mv, (const int[]){P, K, D, D, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_OK && nall == 1 && !ko,
          "ko beside a proof: %d", nall);
    /* ko answers: accepted unless --no-ko */
    proof(r, DFPN_KO, mv, (const int[]){K, K, D, D, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_OK && nall == 2 && ko,
          "ko answers: %d", nall);
    CHECK(gen_go_accepted(&p, r, book, 1, 0, all, &nall, &cstar, &ko, why) == GEN_GO_EX_KO, "--no-ko");

    /* no book: the first proven move in point order (p = y*19 + x, rows
     * from the bottom: A17 < B19 < C19 < D19) */
    proof(r, DFPN_PROVED, mv, (const int[]){D, P, D, P, D});
    CHECK(gen_go_accepted(&p, r, NULL, 0, 1, all, &nall, &cstar, &ko, why) == GEN_GO_OK && cstar == pt("C19") &&
              nall == 2 && all[0] == pt("C19") && all[1] == pt("D19"),
          "no book: c* %s", nm(cstar));
    proof(r, DFPN_PROVED, mv, (const int[]){P, D, P, D, D});
    CHECK(gen_go_accepted(&p, r, NULL, 0, 1, all, &nall, &cstar, &ko, why) == GEN_GO_OK && cstar == pt("A17"),
          "no book, A17 first in point order: %s", nm(cstar));

    /* several disjoint answers: far apart, or too many */
    static const char *const far[] = {"B19", "K19", "C19", NULL};
    proof(r, DFPN_PROVED, far, (const int[]){P, P, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_DISJOINT, "far apart");
    static const char *const many[] = {"B19", "C19", "A18", "B18", "E19", NULL};
    proof(r, DFPN_PROVED, many, (const int[]){P, P, P, P, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_DISJOINT, "four answers");
    proof(r, DFPN_PROVED, many, (const int[]){P, P, P, D, D});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_OK && nall == 3,
          "three close answers: %s", why);
    /* passing succeeds; nothing succeeds */
    proof(r, DFPN_PROVED, mv, (const int[]){P, D, D, D, P});
    CHECK(gen_go_accepted(&p, r, book, 1, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_PASS, "pass");
    proof(r, DFPN_DISPROVED, mv, (const int[]){D, D, D, D, D});
    CHECK(gen_go_accepted(&p, r, NULL, 0, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_NO_ANSWER, "no answer");
    free(r);
}

/* The defender's stones on the region's edge keep a problem out, whatever
 * the proof says: Ishigure 069 (black's L17 stands on the region's edge)
 * with a proof that would otherwise go in, and Ishigure 021 (white's O18
 * touches the outside only at a black stone) with the same proof. */
static void test_edge(void)
{
    static const char *const mv[] = {"S19", "pass", NULL};
    const int P = DFPN_PROVED, D = DFPN_DISPROVED;
    dfpn_result *r = malloc(sizeof *r);
    int all[GO_NPOINTS], nall, cstar, ko;
    char why[VP_ERRLEN];
    ld_problem p;
    if (define_bundled("ishigure-ikuro-123-basic-tsumego/069.json", &p) == 0) {
        proof(r, DFPN_PROVED, mv, (const int[]){P, D});
        CHECK(gen_go_accepted(&p, r, NULL, 0, 1, all, &nall, &cstar, &ko, why) == GEN_GO_EX_EDGE,
              "Ishigure 069: the edge stone keeps it out (%s)", why);
        CHECK(strstr(why, "L17") != NULL, "the reason names the stone: %s", why);
        CHECK(!strcmp(gen_go_reason_name(GEN_GO_EX_EDGE), "defender stones on the region's edge"), "reason name");
    }
    if (define_bundled("ishigure-ikuro-123-basic-tsumego/021.json", &p) == 0) {
        proof(r, DFPN_PROVED, mv, (const int[]){P, D});
        CHECK(gen_go_accepted(&p, r, NULL, 0, 1, all, &nall, &cstar, &ko, why) == GEN_GO_OK,
              "Ishigure 021: accepted (%s)", why);
    }
    free(r);
}

/* ---- Algorithm 2 -------------------------------------------------------------------- */

static void test_distractors(void)
{
    /* White stones at C17, D18; a black stone at A18 and B19 makes A19 a
     * suicide point for White... keep it simple: White to play, black
     * stones around A19 (A18, B19) make A19 illegal for White. */
    go_board b;
    char err[VP_ERRLEN];
    go_board_init(&b, 19, err);
    static const char *const black[] = {"A18", "B19", NULL}, *const white[] = {"C17", "D18", NULL};
    bb361 bs = points(black), ws = points(white);
    go_setup_stones(&b, GO_BLACK, &bs, err);
    go_setup_stones(&b, GO_WHITE, &ws, err);
    go_set_to_move(&b, GO_WHITE, err);
    CHECK(!go_is_legal(&b, GO_WHITE, pt("A19")), "A19 is suicide for White");
    bb361 region = rect(0, 13, 6, 18); /* A14-G19 */
    int cstar = pt("C18");
    int all[] = {pt("C18"), pt("B17")};
    /* proven wrong: everything except H18 (outside anyway) and F17 */
    bb361 wrong = bb361_andnot(rect(0, 0, 18, 18), points((const char *const[]){"F17", NULL}));
    const char *props[] = {"pass", "C17", "A19", "H18", "B17", "C18", "F17", "D17", "B18", "C19", "D19",
                           "B18", "E15", "C16", NULL};
    int prop[32], vis[32], n = 0;
    for (int i = 0; props[i]; i++) {
        prop[n] = strcmp(props[i], "pass") ? pt(props[i]) : GO_PASS;
        vis[n++] = 0;
    }
    /* C19 gets more visits than B18: same distance 1 from C18, so C19 comes
     * first; D17 and B18... D17 is at distance sqrt2 */
    vis[9] = 5;
    int out[8];
    int k = gen_go_distractors(&b, GO_WHITE, region, wrong, all, 2, cstar, prop, vis, n, 8, out);
    /* left: D17 (d2 2), B18 (1), C19 (1, 5 visits), D19 (2), E15 (13), C16 (4) */
    const char *want[] = {"C19", "B18", "D19", "D17", "C16", "E15"};
    CHECK(k == 6, "%d distractors", k);
    for (int i = 0; i < k && i < 6; i++)
        CHECK(out[i] == pt(want[i]), "distractor %d: %s, expected %s", i, nm(out[i]), want[i]);
    /* the tie at distance sqrt2 (D17 below D19) goes to the upper row;
     * without visits, B18 (left) and C19 (upper) tie at distance 1: upper first */
    k = gen_go_distractors(&b, GO_WHITE, region, wrong, all, 2, cstar, prop, NULL, n, 3, out);
    CHECK(k == 3 && out[0] == pt("C19") && out[1] == pt("B18") && out[2] == pt("D19"), "no visits: %s %s %s",
          nm(out[0]), nm(out[1]), nm(out[2]));
    /* only proven-wrong moves: with nothing proven wrong, none */
    k = gen_go_distractors(&b, GO_WHITE, region, bb361_empty(), all, 2, cstar, prop, vis, n, 3, out);
    CHECK(k == 0, "nothing proven wrong: %d", k);
    /* too few: only C16 and E15 are wrong */
    k = gen_go_distractors(&b, GO_WHITE, region, points((const char *const[]){"C16", "E15", "H18", NULL}), all, 2,
                           cstar, prop, vis, n, 3, out);
    CHECK(k == 2 && out[0] == pt("C16") && out[1] == pt("E15"), "too few: %d", k);
}

/* ---- shuffles ----------------------------------------------------------------------- */

static void test_shuffle(void)
{
    int base[4] = {10, 20, 30, 40};
    int a[4], b[4];
    memcpy(a, base, sizeof a);
    memcpy(b, base, sizeof b);
    gen_go_shuffle_labels(a, 4, 7, "cho-elementary-0001");
    gen_go_shuffle_labels(b, 4, 7, "cho-elementary-0001");
    CHECK(!memcmp(a, b, sizeof a), "the same seed and id give the same labels");
    int sum = 0;
    for (int i = 0; i < 4; i++)
        sum += a[i];
    CHECK(sum == 100, "a permutation");
    int differ_seed = 0, differ_id = 0;
    for (int s = 0; s < 20; s++) {
        memcpy(b, base, sizeof b);
        gen_go_shuffle_labels(b, 4, (uint64_t)s + 100, "cho-elementary-0001");
        differ_seed += memcmp(a, b, sizeof a) != 0;
        memcpy(b, base, sizeof b);
        char id[32];
        snprintf(id, sizeof id, "cho-elementary-%04d", s + 2);
        gen_go_shuffle_labels(b, 4, 7, id);
        differ_id += memcmp(a, b, sizeof a) != 0;
    }
    CHECK(differ_seed >= 10 && differ_id >= 10, "seed- and id-dependent: %d, %d of 20", differ_seed, differ_id);
    /* where the first move (c*) lands: each label about a quarter of 4000 */
    int where[4] = {0, 0, 0, 0};
    for (int s = 0; s < 4000; s++) {
        memcpy(b, base, sizeof b);
        gen_go_shuffle_labels(b, 4, (uint64_t)s, "x");
        for (int i = 0; i < 4; i++)
            where[i] += b[i] == 10;
    }
    for (int i = 0; i < 4; i++)
        CHECK(where[i] > 850 && where[i] < 1150, "label %c holds c* %d times of 4000", 'A' + i, where[i]);
}

/* ---- a real record ---------------------------------------------------------------------- */

/* Cho Chikun, Elementary 1: Black B15 B17 C17 D17 E18 F18, White A18 B18
 * C18 D18 D19; Black to kill; the book answer is B19. */
static const char *const cho1_black[] = {"B15", "B17", "C17", "D17", "E18", "F18", NULL};
static const char *const cho1_white[] = {"A18", "B18", "C18", "D18", "D19", NULL};

static int cho1_problem(ld_problem *p)
{
    go_board b;
    char err[VP_ERRLEN];
    go_board_init(&b, 19, err);
    bb361 bs = points(cho1_black), ws = points(cho1_white);
    go_setup_stones(&b, GO_BLACK, &bs, err);
    go_setup_stones(&b, GO_WHITE, &ws, err);
    ld_problem_opts o;
    ld_opts_init(&o);
    o.goal = LD_KILL;
    int rc = ld_problem_from_board(&b, GO_BLACK, NULL, NULL, NULL, &o, p, err);
    CHECK(rc == 0, "cho 1 defined: %s", err);
    return rc;
}

static int json_has_point(json_t *a, const char *name)
{
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v) if (!strcmp(json_string_value(v), name)) return 1;
    return 0;
}

/* Builds the record of Cho 1 with k options into rec; returns 0 when it
 * went in. */
static int cho1_record(int k, uint64_t seed, gen_go_record *rec)
{
    ld_problem p;
    if (cho1_problem(&p))
        return -1;
    dfpn_opts d;
    dfpn_opts_init(&d);
    d.max_nodes = 200000;
    d.max_seconds = 0;
    dfpn_result *r = malloc(sizeof *r);
    char err[VP_ERRLEN];
    int rc = dfpn_solve(&p, &d, r, err);
    CHECK(rc == 0 && r->status == DFPN_PROVED, "cho 1 proved: %s %s", err, dfpn_status_name(r->status));
    mcts_opts mo;
    mcts_opts_init(&mo);
    mo.seed = seed;
    mcts_result m;
    memset(&m, 0, sizeof m);
    rc = mcts_search(&p, &mo, &m, err);
    CHECK(rc == 0, "mcts: %s", err);
    int book[1] = {pt("B19")};
    gen_go_input in = {&p, r, &m, book, 1, "cho-elementary-0001", "data/x/Prob0001.json", "x"};
    gen_go_opts o;
    gen_go_opts_init(&o);
    o.k = k;
    o.seed = seed;
    o.nodes_budget = 200000;
    rc = gen_go_record_build(&in, &o, rec, err);
    CHECK(rc == GEN_GO_OK, "cho 1 goes in: %d %s", rc, err);
    mcts_result_free(&m);
    free(r);
    return rc;
}

static void test_record(void)
{
    gen_go_record *rec = malloc(sizeof *rec);
    if (cho1_record(4, 0, rec) != 0) {
        free(rec);
        return;
    }
    CHECK(rec->correct_answer == pt("B19") && rec->nall == 1, "answer %s, %d accepted", nm(rec->correct_answer),
          rec->nall);
    CHECK(rec->options[rec->correct_option] == pt("B19"), "the correct option is B19");
    char err[VP_ERRLEN] = "";
    json_t *j = gen_go_record_json(rec, GEN_GO_ALL_MODALITIES, err);
    CHECK(j != NULL, "json: %s", err);
    if (!j) {
        free(rec);
        return;
    }
    /* every key, in the schema's order */
    static const char *const top[] = {"format", "format_version", "id", "source", "collection", "difficulty", "difficulty_score", "variant_of",
                                      "transform", "Question", "Solution", "Prompt", "Provenance", NULL};
    static const char *const question[] = {"board_size", "black", "white", "grid", "to_play", "goal", "target",
                                           "region", "options", "option_order", NULL};
    static const char *const solution[] = {"correct_answer", "all_correct_answers", "correct_option", "ko",
                                           "main_line", "variations", "refutations", "proof_nodes", NULL};
    static const char *const prov[] = {"file", "collection", "book_answers", "solver_agrees", "solver",
                                       "nodes_budget", "note", NULL};
    const char *const *lists[] = {top, question, solution, prov};
    json_t *objs[] = {j, json_object_get(j, "Question"), json_object_get(j, "Solution"),
                      json_object_get(j, "Provenance")};
    for (int l = 0; l < 4; l++) {
        const char *key;
        json_t *v;
        int i = 0;
        json_object_foreach(objs[l], key, v)
        {
            CHECK(lists[l][i] && !strcmp(key, lists[l][i]), "key %d: %s, expected %s", i, key,
                  lists[l][i] ? lists[l][i] : "(end)");
            if (!lists[l][i])
                break;
            i++;
        }
        CHECK(!lists[l][i], "missing key %s", lists[l][i] ? lists[l][i] : "");
    }
    json_t *q = json_object_get(j, "Question"), *s = json_object_get(j, "Solution");
    CHECK(!strcmp(json_string_value(json_object_get(j, "id")), "cho-elementary-0001"), "id");
    CHECK(json_is_null(json_object_get(j, "variant_of")), "variant_of null");
    CHECK(!strcmp(json_string_value(json_object_get(q, "to_play")), "B"), "to_play");
    CHECK(!strcmp(json_string_value(json_object_get(q, "goal")), "kill"), "goal");
    CHECK(!strcmp(json_string_value(json_object_get(s, "correct_answer")), "B19"), "correct_answer");
    /* grid and stone lists agree, both ways */
    json_t *grid = json_object_get(q, "grid");
    CHECK(json_array_size(grid) == 19, "19 rows");
    int nb = 0, nw = 0;
    for (int r = 0; r < 19; r++) {
        json_t *row = json_array_get(grid, (size_t)r);
        CHECK(json_array_size(row) == 19, "row %d has 19", r);
        for (int c = 0; c < 19; c++) {
            int v = (int)json_integer_value(json_array_get(row, (size_t)c));
            char name[8];
            snprintf(name, sizeof name, "%c%d", coord_column_letter(c), 19 - r);
            CHECK(v == (json_has_point(json_object_get(q, "black"), name)   ? 1
                        : json_has_point(json_object_get(q, "white"), name) ? 2
                                                                            : 0),
                  "grid at %s is %d", name, v);
            nb += v == 1;
            nw += v == 2;
        }
    }
    CHECK(nb == 6 && nw == 5 && json_array_size(json_object_get(q, "black")) == 6 &&
              json_array_size(json_object_get(q, "white")) == 5,
          "stones %d/%d", nb, nw);
    CHECK(!strcmp(json_string_value(json_array_get(json_object_get(q, "black"), 0)), "B15"),
          "stone lists in point order (bottom row first)");
    /* the options: 4 labels, one correct, the others refuted */
    json_t *opts = json_object_get(q, "options"), *refs = json_object_get(s, "refutations");
    CHECK(json_object_size(opts) == 4, "4 options");
    const char *key;
    json_t *v;
    int correct = 0;
    json_object_foreach(opts, key, v)
    {
        const char *c = json_string_value(v);
        if (!strcmp(c, "B19")) {
            correct++;
            CHECK(!strcmp(key, json_string_value(json_object_get(s, "correct_option"))), "correct label %s", key);
        } else {
            json_t *line = json_object_get(refs, c);
            CHECK(line && !strcmp(json_string_value(json_array_get(line, 0)), c), "distractor %s refuted", c);
        }
    }
    CHECK(correct == 1, "one correct option");
    CHECK(!strcmp(json_string_value(json_array_get(json_object_get(s, "main_line"), 0)), "B19"), "main line");
    /* prompts: five, with the options and the side to play */
    json_t *pr = json_object_get(j, "Prompt");
    CHECK(json_object_size(pr) == 5, "five prompts");
    json_object_foreach(pr, key, v)
    {
        const char *t = json_string_value(v);
        CHECK(strstr(t, "first move for Black") && strstr(t, "Side to play: Black") && strstr(t, "to play and kill"),
              "%s: side", key);
        for (int i = 0; i < 4; i++) {
            char line[16];
            snprintf(line, sizeof line, "%c. %s\n", 'A' + i, nm(rec->options[i]));
            CHECK(strstr(t, line) != NULL, "%s lists %s", key, line);
        }
        CHECK(strstr(t, "answer is X") != NULL, "%s: answer format", key);
        int grid_rows = strstr(t, "0 0 0 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n2 2 2 2 1 1 0") != NULL;
        int syms = strstr(t, "Black stones: B15, B17, C17, D17, E18, F18\n") != NULL;
        int image = strstr(t, "Board image:") != NULL;
        CHECK(grid_rows == (strstr(key, "grid") != NULL), "%s: grid rows %d", key, grid_rows);
        CHECK(syms == (strstr(key, "sym") != NULL), "%s: stone lists %d", key, syms);
        CHECK(image == (strstr(key, "visual") != NULL), "%s: image %d", key, image);
    }
    json_decref(j);

    /* a second correct answer among the options is refused */
    gen_go_record *bad = malloc(sizeof *bad);
    memcpy(bad, rec, sizeof *bad);
    bad->all[bad->nall++] = bad->options[(bad->correct_option + 1) % 4];
    CHECK(gen_go_check(bad, err) != 0 && strstr(err, "second correct"), "second correct answer: %s", err);
    CHECK(gen_go_record_json(bad, 1, err) == NULL, "not written");
    free(bad);

    /* K = 0: no options, the open template */
    gen_go_record *open = malloc(sizeof *open);
    if (cho1_record(0, 0, open) == 0) {
        j = gen_go_record_json(open, GEN_GO_SYM, err);
        q = json_object_get(j, "Question");
        CHECK(json_object_size(json_object_get(q, "options")) == 0 &&
                  json_is_null(json_object_get(json_object_get(j, "Solution"), "correct_option")),
              "K = 0: no options");
        const char *t = json_string_value(json_object_get(json_object_get(j, "Prompt"), "sym"));
        CHECK(t && !strstr(t, "Candidate moves") && strstr(t, "board coordinate such as T18") &&
                  strstr(t, "first move for Black, the side to play"),
              "open prompt");
        json_decref(j);
    }
    free(open);

    /* the same seed gives the same options; labels shuffled over seeds */
    gen_go_record *again = malloc(sizeof *again);
    int moved = 0;
    if (cho1_record(4, 0, again) == 0)
        CHECK(!memcmp(again->options, rec->options, sizeof rec->options), "deterministic options");
    for (uint64_t seed = 1; seed <= 6; seed++)
        if (cho1_record(4, seed, again) == 0) {
            CHECK(again->options[again->correct_option] == pt("B19"), "seed %d: B19 correct", (int)seed);
            moved += again->correct_option != rec->correct_option;
        }
    CHECK(moved > 0, "the correct label moves with the seed");
    free(again);
    free(rec);
}

/* ---- transforms --------------------------------------------------------------------- */

static int has_move(const int *v, int n, int m)
{
    for (int i = 0; i < n; i++)
        if (v[i] == m)
            return 1;
    return 0;
}

static void test_transforms(void)
{
    gen_go_record *rec = malloc(sizeof *rec), *v = malloc(sizeof *v);
    char err[VP_ERRLEN];
    if (cho1_record(4, 3, rec) != 0)
        goto out;
    /* rot90 sends (x, y) to (18 - y, x): B19 (1, 18) -> A2 (0, 1); the
     * black stone B15 (1, 14) -> E2 (4, 1); the white D19 (3, 18) -> A4 */
    CHECK(gen_go_transform(rec, GEN_GO_T_ROT90, 3, v, err) == 0, "rot90: %s", err);
    CHECK(!strcmp(v->id, "cho-elementary-0001.rot90") && !strcmp(v->variant_of, "cho-elementary-0001") &&
              v->transform == GEN_GO_T_ROT90,
          "rot90 names: %s", v->id);
    CHECK(v->correct_answer == pt("A2") && v->nall == 1 && v->all[0] == pt("A2"), "rot90 answer %s",
          nm(v->correct_answer));
    CHECK(v->options[v->correct_option] == pt("A2") && v->correct_option == rec->correct_option, "rot90 option");
    CHECK(bb361_test(&v->black, pt("E2")) && bb361_test(&v->white, pt("A4")) && !bb361_test(&v->black, pt("B15")),
          "rot90 stones");
    CHECK(bb361_popcount(v->black) == 6 && bb361_popcount(v->white) == 5 && v->to_play == GO_BLACK, "rot90 counts");
    CHECK(v->main_line.m[0] == pt("A2") && v->book[0] == pt("A2"), "rot90 lines and book");
    for (int i = 0; i < v->nref; i++)
        CHECK(v->ref[i].m[0] == v->ref_move[i] && !has_move(v->all, v->nall, v->ref_move[i]), "rot90 refutation %d", i);
    CHECK(gen_go_check(v, err) == 0, "rot90 valid: %s", err);
    /* flip-h mirrors left-right: B19 -> S19; flip-v top-bottom: B19 -> B1 */
    CHECK(gen_go_transform(rec, GEN_GO_T_FLIP_H, 3, v, err) == 0 && v->correct_answer == pt("S19") &&
              bb361_test(&v->white, pt("T18")),
          "flip-h: %s", nm(v->correct_answer));
    CHECK(gen_go_transform(rec, GEN_GO_T_FLIP_V, 3, v, err) == 0 && v->correct_answer == pt("B1") &&
              bb361_test(&v->black, pt("B5")),
          "flip-v: %s", nm(v->correct_answer));
    CHECK(gen_go_transform(rec, GEN_GO_T_ROT180, 3, v, err) == 0 && v->correct_answer == pt("S1"), "rot180: %s",
          nm(v->correct_answer));
    CHECK(gen_go_transform(rec, GEN_GO_T_ROT270, 3, v, err) == 0 && v->correct_answer == pt("T18"), "rot270: %s",
          nm(v->correct_answer));
    /* invert: colours and side to play swap, goal and points stay */
    CHECK(gen_go_transform(rec, GEN_GO_T_INVERT, 3, v, err) == 0, "invert");
    CHECK(bb361_equal(v->black, rec->white) && bb361_equal(v->white, rec->black) && v->to_play == GO_WHITE &&
              v->goal == LD_KILL && v->correct_answer == pt("B19"),
          "invert swaps colours and to_play");
    json_t *j = gen_go_record_json(v, GEN_GO_SYM | GEN_GO_GRID, err);
    CHECK(j && !strcmp(json_string_value(json_object_get(json_object_get(j, "Question"), "to_play")), "W"),
          "invert: W to play");
    const char *t = json_string_value(json_object_get(json_object_get(j, "Prompt"), "sym"));
    CHECK(t && strstr(t, "first move for White") && strstr(t, "White stones: B15, B17"), "invert prompt");
    t = json_string_value(json_object_get(json_object_get(j, "Prompt"), "grid"));
    CHECK(t && strstr(t, "0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n1 1 1 1 2 2 0"), "invert grid");
    json_decref(j);
    /* relabel: the same coordinates, the correct label moves */
    CHECK(gen_go_transform(rec, GEN_GO_T_RELABEL, 3, v, err) == 0, "relabel");
    CHECK(v->correct_option != rec->correct_option && v->options[v->correct_option] == pt("B19"),
          "relabel moves the label");
    for (int i = 0; i < 4; i++) {
        CHECK(has_move(v->options, 4, rec->options[i]), "relabel keeps %s", nm(rec->options[i]));
        CHECK(v->option_order[i] == i, "relabel lists in label order");
    }
    /* shuffle: labels keep their coordinates, the listing order changes */
    CHECK(gen_go_transform(rec, GEN_GO_T_SHUFFLE, 3, v, err) == 0, "shuffle");
    CHECK(!memcmp(v->options, rec->options, sizeof v->options) && v->correct_option == rec->correct_option,
          "shuffle keeps labels");
    int identity = 1;
    for (int i = 0; i < 4; i++)
        identity &= v->option_order[i] == i;
    CHECK(!identity, "shuffle changes the order");
    strbuf s;
    strbuf_init(&s);
    gen_go_prompt(v, GEN_GO_SYM, &s);
    char *text = strbuf_take(&s);
    const char *first = strstr(text, "Candidate moves:\n");
    char want[16];
    snprintf(want, sizeof want, "%c. %s", 'A' + v->option_order[0], nm(v->options[v->option_order[0]]));
    CHECK(first && !strncmp(first + 17, want, strlen(want)), "shuffle lists %s first", want);
    free(text);
    /* the same seed, the same variant; relabel and shuffle need options */
    gen_go_record *w = malloc(sizeof *w);
    gen_go_transform(rec, GEN_GO_T_SHUFFLE, 3, w, err);
    CHECK(!memcmp(w->option_order, v->option_order, sizeof w->option_order), "shuffle deterministic");
    rec->k = 0;
    CHECK(gen_go_transform(rec, GEN_GO_T_RELABEL, 3, w, err) == VP_EINVAL, "relabel without options");
    free(w);
out:
    free(rec);
    free(v);
}

/* ---- tiers, difficulty, names ------------------------------------------------------------ */

static void test_tiers(void)
{
    double sc[10] = {5, 1, 9, 3, 7, 2, 10, 4, 8, 6};
    int tier[10];
    char err[VP_ERRLEN];
    CHECK(gen_go_tiers(sc, 10, 3, tier, err) == 0, "tiers");
    /* sorted 1..10, cuts at s[3] = 4 and s[6] = 7 */
    for (int i = 0; i < 10; i++)
        CHECK(tier[i] == (sc[i] >= 7 ? 2 : sc[i] >= 4 ? 1 : 0), "score %g in tier %d", sc[i], tier[i]);
    /* ties stay together (in the upper tier) */
    double tie[6] = {1, 1, 1, 1, 2, 3};
    gen_go_tiers(tie, 6, 2, tier, err); /* cut at s[3] = 1 */
    for (int i = 0; i < 6; i++)
        CHECK(tier[i] == 1, "tie %d: tier %d", i, tier[i]);
    gen_go_tiers(tie, 6, 1, tier, err);
    for (int i = 0; i < 6; i++)
        CHECK(tier[i] == 0, "one tier");
    char name[32];
    gen_go_tier_name(3, 1, name, sizeof name);
    CHECK(!strcmp(name, "medium"), "3 tiers: %s", name);
    gen_go_tier_name(4, 1, name, sizeof name);
    CHECK(!strcmp(name, "intermediate"), "4 tiers: %s", name);
    gen_go_tier_name(2, 1, name, sizeof name);
    CHECK(!strcmp(name, "hard"), "2 tiers: %s", name);
    gen_go_tier_name(6, 4, name, sizeof name);
    CHECK(!strcmp(name, "tier5"), "6 tiers: %s", name);
    gen_go_tier_name(1, 0, name, sizeof name);
    CHECK(!strcmp(name, "all"), "1 tier: %s", name);

    CHECK(fabs(gen_go_difficulty(5, 3, 1000) - 9.5) < 1e-9, "difficulty 5 + 1.5 + 3");
    CHECK(fabs(gen_go_difficulty(1, 0, 0) - 1.0) < 1e-9, "no nodes");
    CHECK(fabs(gen_go_difficulty(2, 1, 2) - 2.8) < 1e-9, "rounded: %g", gen_go_difficulty(2, 1, 2));
}

static void test_names(void)
{
    char id[GEN_GO_NAME_LEN], col[GEN_GO_NAME_LEN];
    gen_go_names("data/tsumego/cho-chikun-encyclopedia-life-and-death-elementary/Prob0001.json", id, sizeof id, col,
                 sizeof col);
    CHECK(!strcmp(id, "cho-elementary-0001") && !strcmp(col, "cho-chikun-encyclopedia-life-and-death-elementary"),
          "cho: %s %s", id, col);
    gen_go_names("x/fujisawa-shuuko-collection-or-original-tsumego-elementary/Problem_7.json", id, sizeof id, col,
                 sizeof col);
    CHECK(!strcmp(id, "fujisawa-elementary-0007"), "fujisawa: %s", id);
    gen_go_names("../ishigure-ikuro-123-basic-tsumego/017.json", id, sizeof id, col, sizeof col);
    CHECK(!strcmp(id, "ishigure-basic-0017"), "ishigure: %s", id);
    gen_go_names("yamada-kimio-basic-tsumego/1001.json", id, sizeof id, col, sizeof col);
    CHECK(!strcmp(id, "yamada-basic-1001") && !strcmp(col, "yamada-kimio-basic-tsumego"), "yamada: %s", id);
    gen_go_names("corner.sgf", id, sizeof id, col, sizeof col);
    CHECK(!strcmp(id, "problems-corner") && !strcmp(col, "problems"), "bare: %s %s", id, col);
    gen_go_names("mine/Hard Case 123456.sgf", id, sizeof id, col, sizeof col);
    CHECK(!strcmp(id, "mine-123456"), "long number: %s", id);
    CHECK(gen_go_modality_parse("sym+visual") == GEN_GO_SYM_VISUAL && gen_go_modality_parse("vis") < 0, "modalities");
    CHECK(gen_go_transform_parse("flip-h") == GEN_GO_T_FLIP_H && gen_go_transform_parse("identity") == 0 &&
              gen_go_transform_parse("flip_x") < 0,
          "transforms");
}

/* ---- --check-set: every distractor fails, the answer succeeds ------------------------------- */

static int parse_list(json_t *a, bb361 *s)
{
    size_t i;
    json_t *v;
    *s = bb361_empty();
    json_array_foreach(a, i, v)
    {
        int p;
        char err[VP_ERRLEN];
        if (!json_is_string(v) || coord_parse(json_string_value(v), 19, &p, err) != 0 || p < 0)
            return -1;
        bb361_set(s, p);
    }
    return 0;
}

/* Plays move for the side to play of record q and solves the position for
 * the opponent (same target and region, its own goal); returns the
 * status, or -1 on an error (printed). */
static int opponent_status(json_t *q, int move, long long nodes, const char *id)
{
    bb361 black, white, target, region;
    char err[VP_ERRLEN];
    if (parse_list(json_object_get(q, "black"), &black) || parse_list(json_object_get(q, "white"), &white) ||
        parse_list(json_object_get(q, "target"), &target) || parse_list(json_object_get(q, "region"), &region)) {
        fprintf(stderr, "%s: bad point lists\n", id);
        return -1;
    }
    int side = !strcmp(json_string_value(json_object_get(q, "to_play")), "B") ? GO_BLACK : GO_WHITE;
    int kill = !strcmp(json_string_value(json_object_get(q, "goal")), "kill");
    go_board b;
    go_board_init(&b, 19, err);
    if (go_setup_stones(&b, GO_BLACK, &black, err) || go_setup_stones(&b, GO_WHITE, &white, err) ||
        go_set_to_move(&b, side, err) || go_play(&b, side, move, err)) {
        fprintf(stderr, "%s: %s cannot be played: %s\n", id, nm(move), err);
        return -1;
    }
    bb361 left = bb361_and(target, b.set[kill ? go_other(side) : side]);
    if (bb361_is_empty(left))
        return DFPN_DISPROVED; /* the move captured the whole target: the opponent has lost */
    ld_problem_opts o;
    ld_opts_init(&o);
    o.goal = kill ? LD_LIVE : LD_KILL;
    o.has_region = 1;
    o.region = region;
    o.has_target = 1;
    o.target = left;
    ld_problem p;
    if (ld_problem_from_board(&b, go_other(side), NULL, NULL, NULL, &o, &p, err) != 0) {
        fprintf(stderr, "%s: after %s: %s\n", id, nm(move), err);
        return -1;
    }
    dfpn_opts d;
    dfpn_opts_init(&d);
    d.max_nodes = nodes;
    d.max_seconds = 0;
    dfpn_result *r = malloc(sizeof *r);
    int st = dfpn_solve(&p, &d, r, err) == 0 ? r->status : -1;
    if (st < 0)
        fprintf(stderr, "%s: after %s: %s\n", id, nm(move), err);
    free(r);
    return st;
}

static int check_set(const char *path, long long nodes)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    int nrec = 0, ndis = 0, nans = 0;
    while (getline(&line, &cap, f) > 0) {
        json_error_t e;
        json_t *j = json_loads(line, 0, &e);
        CHECK(j != NULL, "%s: record %d is not JSON: %s", path, nrec + 1, e.text);
        if (!j)
            continue;
        nrec++;
        const char *id = json_string_value(json_object_get(j, "id"));
        json_t *q = json_object_get(j, "Question"), *s = json_object_get(j, "Solution");
        const char *correct = json_string_value(json_object_get(s, "correct_option"));
        const char *key;
        json_t *v;
        json_object_foreach(json_object_get(q, "options"), key, v)
        {
            int m;
            char err[VP_ERRLEN];
            CHECK(coord_parse(json_string_value(v), 19, &m, err) == 0, "%s: option %s", id, key);
            if (correct && !strcmp(key, correct))
                continue;
            int st = opponent_status(q, m, nodes, id);
            CHECK(st == DFPN_PROVED, "%s: after distractor %s (%s) the opponent %s", id, key, json_string_value(v),
                  st == DFPN_PROVED ? "succeeds" : st < 0 ? "errs" : dfpn_status_name(st));
            ndis++;
        }
        if (!json_is_true(json_object_get(s, "ko"))) {
            int m;
            char err[VP_ERRLEN];
            coord_parse(json_string_value(json_object_get(s, "correct_answer")), 19, &m, err);
            int st = opponent_status(q, m, nodes, id);
            /* a ko here is no contradiction: the answer's proof lets the
             * opponent retake kos at once but counts endless ko fights for
             * the side to play, the opponent's ko pass counts them for
             * the opponent */
            CHECK(st == DFPN_DISPROVED || st == DFPN_KO, "%s: after the answer %s the opponent %s", id,
                  json_string_value(json_object_get(s, "correct_answer")), st < 0 ? "errs" : dfpn_status_name(st));
            nans++;
        }
        json_decref(j);
    }
    free(line);
    fclose(f);
    CHECK(nrec > 0, "%s holds records", path);
    printf("check-set: %d records, %d distractors refuted, %d answers confirmed\n", nrec, ndis, nans);
    return test_done("build_test --check-set");
}

int main(int argc, char **argv)
{
    json_object_seed(1);
    if (argc >= 3 && !strcmp(argv[1], "--check-set"))
        return check_set(argv[2], argc >= 4 ? atoll(argv[3]) : 1000000);
    test_accepted();
    test_edge();
    test_distractors();
    test_shuffle();
    test_record();
    test_transforms();
    test_tiers();
    test_names();
    return test_done("build_test");
}
