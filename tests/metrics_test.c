/* metrics_test.c: the metrics stage against hand-computed values: answer
 * extraction and normalisation, pass@k against the binomial closed form,
 * process trees (every metric, several accepted first moves, the correct
 * candidate absent, a repeated candidate, the side to play, every rule and
 * both repairs), the effort curve and the aggregated tree, MCTS lines with
 * and without an answer key, claim graphs (entropy, eta and each of its
 * undefined cases, subgraphs, statistics, cycles), and the statistics of
 * the tables (ranks with ties, Pearson, Spearman, Cohen's d). Expected
 * values are worked out in the comments. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engines/coord.h"
#include "engines/strbuf.h"
#include "metrics/claims.h"
#include "metrics/ptree.h"
#include "metrics/report.h"
#include "metrics/score.h"
#include "test.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

static json_t *parse(const char *text)
{
    json_error_t e;
    json_t *v = json_loads(text, 0, &e);
    if (!v)
        fprintf(stderr, "bad test JSON: %s: %s\n", e.text, text);
    return v;
}

static int point(const char *s)
{
    int p = SCORE_NONE;
    char err[VP_ERRLEN];
    if (score_parse_point(s, &p, err))
        fprintf(stderr, "bad test point %s\n", s);
    return p;
}

/* ---- answers --------------------------------------------------------------- */

static const char go_record[] =
    "{\"id\": \"e1\", \"source\": \"a.sgf\", \"difficulty\": \"easy\", \"Question\": {\"to_play\": \"B\", "
    "\"options\": {\"A\": \"P15\", \"B\": \"Q16\", \"C\": \"R17\", \"D\": \"N14\"}}, \"Solution\": "
    "{\"correct_answer\": \"P15\", \"all_correct_answers\": [\"P15\", \"N14\"], \"correct_option\": \"A\"}}";

static void test_records(void)
{
    char err[VP_ERRLEN];
    score_record r;
    json_t *j = parse(go_record);
    CHECK(score_record_parse(j, &r, err) == 0, "%s", err);
    CHECK(r.key.kind == SCORE_GO && r.key.noptions == 4 && r.key.to_play == 'B', "kind %d", r.key.kind);
    CHECK(score_accepts(&r.key, point("P15")) && score_accepts(&r.key, point("N14")), "accepted set");
    CHECK(!score_accepts(&r.key, point("Q16")) && !score_accepts(&r.key, COORD_PASS), "rejected");
    CHECK(!strcmp(r.category, "easy") && !strcmp(r.source, "a.sgf") && !r.verdict, "%s", r.category);
    score_record_free(&r);
    json_decref(j);

    /* the correct option alone makes the accepted set */
    j = parse("{\"id\": 7, \"Question\": {\"options\": {\"a\": \"C3\", \"b\": \"D4\"}}, \"Solution\": "
              "{\"correct_option\": \"B\"}, \"difficulty\": 3}");
    CHECK(score_record_parse(j, &r, err) == 0, "%s", err);
    CHECK(!strcmp(r.id, "7") && !strcmp(r.category, "3") && score_accepts(&r.key, point("D4")), "%s", r.id);
    score_record_free(&r);
    json_decref(j);

    j = parse("{\"id\": \"t\", \"game\": \"oTTT\", \"verdict\": \"Fork\", \"answers\": [\"A\", \"I\"], "
              "\"optimal_moves\": [\"A\", \"C\", \"I\"]}");
    CHECK(score_record_parse(j, &r, err) == 0, "%s", err);
    CHECK(r.key.kind == SCORE_TTT && r.key.has_optimal && !strcmp(r.category, "oTTT") && !strcmp(r.verdict, "Fork"),
          "ttt record");
    score_record_free(&r);
    json_decref(j);

    static const struct {
        const char *json, *mention;
    } bad[] = {
        {"{\"Solution\": {\"correct_answer\": \"P15\"}}", "field 'id': missing"},
        {"{\"id\": \"x\"}", "field 'Solution': missing"},
        {"{\"id\": \"x\", \"Solution\": {}}", "no accepted answer"},
        {"{\"id\": \"x\", \"Solution\": {\"correct_answer\": \"I5\"}}", "field 'Solution.correct_answer'"},
        {"{\"id\": \"x\", \"Solution\": {\"correct_answer\": 5}}", "expected a string, got a whole number"},
        {"{\"id\": \"x\", \"Solution\": {\"all_correct_answers\": \"P15\"}}", "field 'Solution.all_correct_answers'"},
        {"{\"id\": \"x\", \"Question\": {\"options\": {\"A\": \"P15\"}}, \"Solution\": {\"correct_answer\": \"Q16\", "
         "\"correct_option\": \"A\"}}",
         "not an accepted answer"},
        {"{\"id\": \"x\", \"Question\": {\"options\": {\"AB\": \"P15\"}}, \"Solution\": {\"correct_answer\": \"P15\"}}",
         "not one letter"},
        {"{\"id\": \"x\", \"Question\": {\"to_play\": \"X\"}, \"Solution\": {\"correct_answer\": \"P15\"}}",
         "Question.to_play"},
        {"{\"id\": \"x\", \"answers\": []}", "field 'answers': empty"},
        {"{\"id\": \"x\", \"answers\": [\"AB\"]}", "field 'answers[0]'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        j = parse(bad[i].json);
        int rc = score_record_parse(j, &r, err);
        CHECK(rc == VP_EINVAL && strstr(err, bad[i].mention), "bad record %zu: %d %s", i, rc, rc ? err : "");
        score_record_free(&r);
        json_decref(j);
    }
}

static void test_extraction(void)
{
    char err[VP_ERRLEN];
    score_record go, ttt, open;
    json_t *j1 = parse(go_record),
           *j2 = parse("{\"id\": \"t\", \"game\": \"oTTT\", \"answers\": [\"H\"], \"optimal_moves\": [\"H\", \"B\"]}"),
           *j3 = parse("{\"id\": \"o\", \"Solution\": {\"correct_answer\": \"T18\"}}");
    CHECK(score_record_parse(j1, &go, err) == 0 && score_record_parse(j2, &ttt, err) == 0 &&
              score_record_parse(j3, &open, err) == 0,
          "%s", err);
    static const struct {
        int which; /* 0: K=4 go record, 1: TTT, 2: open go record */
        const char *response;
        int verdict, from;
        const char *normal;
    } cases[] = {
        {0, "Option A is the vital point. Answer is A.", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "P15"},
        {0, "the answer is B", SCORE_WRONG, SCORE_FROM_ANSWER_IS, "Q16"},
        {0, "Final answer: **D**", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "N14"},
        {0, "answer is option C.", SCORE_WRONG, SCORE_FROM_ANSWER_IS, "R17"},
        {0, "The answer is B. P15 would fail.", SCORE_WRONG, SCORE_FROM_ANSWER_IS, "Q16"},
        {0, "The answer is A. P15", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "P15"},
        {0, "The answer is A (Q16)", SCORE_UNPARSEABLE, SCORE_FROM_ANSWER_IS, ""},
        {0, "answer is E", SCORE_UNPARSEABLE, SCORE_FROM_ANSWER_IS, ""},
        {0, "answer is p-15", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "P15"},
        {0, "answer is n 14", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "N14"},
        {0, "\\boxed{A} and later answer is B", SCORE_CORRECT, SCORE_FROM_BOXED, "P15"},
        {0, "first \\boxed{B}, then \\boxed{\\text{P15}}", SCORE_CORRECT, SCORE_FROM_BOXED, "P15"},
        {0, "\\boxed{ \\textbf{d} }", SCORE_CORRECT, SCORE_FROM_BOXED, "N14"},
        {0, "\\boxed{P15 or Q16}", SCORE_UNPARSEABLE, SCORE_FROM_BOXED, ""},
        {0, "\\boxed{A", SCORE_UNPARSEABLE, SCORE_FROM_BOXED, ""},
        {0, "The answer is a move that lives.", SCORE_UNPARSEABLE, SCORE_FROM_NONE, ""},
        {0, "I think B. The answer is clear: the answer is D", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "N14"},
        {0, "answer is Q16, then the answer is unclear", SCORE_WRONG, SCORE_FROM_ANSWER_IS, "Q16"},
        {0, "no answer at all", SCORE_UNPARSEABLE, SCORE_FROM_NONE, ""},
        {0, "answer is I5", SCORE_UNPARSEABLE, SCORE_FROM_ANSWER_IS, ""},
        {0, "answer is Z5", SCORE_UNPARSEABLE, SCORE_FROM_ANSWER_IS, ""},
        {0, "answer is pass", SCORE_WRONG, SCORE_FROM_ANSWER_IS, "pass"},
        {1, "so \\boxed{H}", SCORE_CORRECT, SCORE_FROM_BOXED, "H"},
        {1, "so \\boxed{b}", SCORE_WRONG, SCORE_FROM_BOXED, "B"},
        {1, "$\\boxed{\\text{H}}$", SCORE_CORRECT, SCORE_FROM_BOXED, "H"},
        {1, "answer is cell H", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "H"},
        {1, "answer is H5", SCORE_UNPARSEABLE, SCORE_FROM_ANSWER_IS, ""},
        {2, "So the answer is T18.", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "T18"},
        {2, "answer is t 18", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "T18"},
        {2, "answer is A", SCORE_UNPARSEABLE, SCORE_FROM_ANSWER_IS, ""},
        {2, "answer is B (T18)", SCORE_CORRECT, SCORE_FROM_ANSWER_IS, "T18"},
        {2, "answer is S18", SCORE_WRONG, SCORE_FROM_ANSWER_IS, "S18"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const score_key *k = cases[i].which == 0 ? &go.key : cases[i].which == 1 ? &ttt.key : &open.key;
        score_answer a;
        score_judge(k, cases[i].response, &a);
        CHECK(a.verdict == cases[i].verdict && a.from == cases[i].from && !strcmp(a.normal, cases[i].normal),
              "case %zu \"%s\": verdict %d from %d normal \"%s\" reason \"%s\"", i, cases[i].response, a.verdict,
              a.from, a.normal, a.reason);
        CHECK((a.verdict == SCORE_UNPARSEABLE) == (a.reason[0] != 0), "case %zu: a reason iff unparseable", i);
    }
    score_answer a;
    score_judge(&ttt.key, "answer is B", &a);
    CHECK(a.verdict == SCORE_WRONG && a.optimal == 1, "B is optimal but not the answer: %d %d", a.verdict, a.optimal);
    score_judge(&go.key, "answer is A", &a);
    CHECK(a.optimal == -1 && !strcmp(a.text, "A"), "no optimal moves for Go; text %s", a.text);
    score_record_free(&go);
    score_record_free(&ttt);
    score_record_free(&open);
    json_decref(j1);
    json_decref(j2);
    json_decref(j3);
}

/* C(n, k) exactly enough for n <= 30. */
static double binom(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

static void test_pass_at_k(void)
{
    int bad = 0;
    for (int n = 1; n <= 30; n++)
        for (int c = 0; c <= n; c++)
            for (int k = 1; k <= n; k++) {
                double want = 1.0 - binom(n - c, k) / binom(n, k), got = score_pass_at_k(n, c, k);
                if (fabs(want - got) > 1e-9)
                    bad++;
            }
    CHECK(bad == 0, "%d pass@k values differ from 1 - C(n-c,k)/C(n,k)", bad);
    CHECK(NEAR(score_pass_at_k(16, 5, 1), 5.0 / 16), "pass@1 = c / n");
    CHECK(isnan(score_pass_at_k(3, 1, 4)) && isnan(score_pass_at_k(3, 1, 0)), "k > n or k < 1 is undefined");
    CHECK(score_pass_at_k(4, 4, 4) == 1.0 && score_pass_at_k(4, 0, 2) == 0.0, "all or none correct");
}

/* ---- process trees ------------------------------------------------------------ */

static const double main_w[3] = {0.5, 0.3, 0.2};

static score_key go_key(const char *moves, int to_play)
{
    score_key k;
    memset(&k, 0, sizeof k);
    k.kind = SCORE_GO;
    k.to_play = to_play;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ","))
        bb361_set(&k.accepted, point(t));
    return k;
}

/* Parses and checks a node list; returns 0 or the error code. */
static int load_tree(const char *nodes, int repair, ptree *t, strbuf *log, int *nrep, char *err)
{
    json_t *j = parse(nodes);
    int rc = ptree_parse(j, t, err);
    if (rc == 0)
        rc = ptree_check(t, repair, log, nrep, err);
    json_decref(j);
    return rc;
}

#define ROOT "{\"id\": 0, \"type\": \"root\", \"parent\": null}"
#define MV(id, par, side, pos) "{\"id\": " #id ", \"type\": \"move\", \"parent\": " #par ", \"side\": \"" side "\", \"move_pos\": \"" pos "\"}"
#define JG(id, par, pol) "{\"id\": " #id ", \"type\": \"judgment\", \"parent\": " #par ", \"polarity\": \"" pol "\"}"

/* Three candidates: Q16 (wrong), P15 (correct, revisited later), R17
 * (wrong). Non-root nodes in order: 1..11, owners 1 1 1 4 4 4 4 8 8 4 4:
 * 6 of 11 under the correct branch (SWR 5/11), the correct candidate is
 * second of three (CCER 2, SCR 1/3, SFH 0), owners switch 3 times, depth
 * 4 (P15 O15 N14 win), the root has 3 children, 12 nodes, 2400 tokens
 * (IPN 200); SearchE = 100 (0.5 * 6/11 + 0.2 * 2/3) = 40.60606... */
static const char tree1[] = "[" ROOT "," MV(1, 0, "B", "Q16") "," MV(2, 1, "W", "P15") "," JG(3, 2, "lose") ","
    MV(4, 0, "B", "P15") "," MV(5, 4, "W", "O15") "," MV(6, 5, "B", "N14") "," JG(7, 6, "win") ","
    MV(8, 0, "B", "R17") "," JG(9, 8, "lose") "," MV(10, 4, "W", "O14") "," JG(11, 10, "win") "]";

static void test_tree_metrics(void)
{
    char err[VP_ERRLEN];
    ptree t;
    ptree_metrics m;
    score_key k = go_key("P15,N14", 'B');
    CHECK(load_tree(tree1, 0, &t, NULL, NULL, err) == 0, "%s", err);
    ptree_compute(&t, &k, 2400, main_w, &m);
    CHECK(m.ccer == 2 && m.ccer_node == 4 && m.sfh == 0 && m.sbc == 3 && m.ncorrect == 1, "ccer %d node %d sbc %d",
          m.ccer, m.ccer_node, m.sbc);
    CHECK(NEAR(m.swr, 5.0 / 11) && NEAR(m.scr, 1.0 / 3), "swr %g scr %g", m.swr, m.scr);
    CHECK(m.ssc == 3 && m.tmd == 4 && m.tmf == 3 && m.tnc == 12, "ssc %d tmd %d tmf %d tnc %d", m.ssc, m.tmd, m.tmf,
          m.tnc);
    CHECK(m.itt == 2400 && NEAR(m.ipn, 200.0), "itt %lld ipn %g", m.itt, m.ipn);
    CHECK(NEAR(m.search_e, 100 * (0.5 * 6 / 11 + 0.2 * 2.0 / 3)), "search_e %g", m.search_e);
    /* the same tree with the second answer only: N14 is never a first move */
    score_key k2 = go_key("N14", 'B');
    ptree_compute(&t, &k2, -1, main_w, &m);
    CHECK(m.ccer == 0 && m.sfh == 0 && m.scr == 1.0 && m.swr == 1.0 && m.search_e == 0.0, "absent: ccer %d scr %g",
          m.ccer, m.scr);
    CHECK(m.itt == -1 && isnan(m.ipn), "unknown tokens");
    /* several accepted first moves: Q16 and P15 both correct */
    score_key k3 = go_key("Q16,P15", 'B');
    ptree_compute(&t, &k3, 0, main_w, &m);
    CHECK(m.ccer == 1 && m.sfh == 1 && m.ncorrect == 2 && NEAR(m.swr, 2.0 / 11) && m.scr == 0.0,
          "two correct branches: ccer %d swr %g", m.ccer, m.swr);
    CHECK(m.ipn == 0.0 && NEAR(m.search_e, 100 * (0.5 * 9 / 11 + 0.3 + 0.2)), "search_e %g", m.search_e);
    /* other weights */
    const double w[3] = {0.4, 0.2, 0.4};
    ptree_compute(&t, &k, 2400, w, &m);
    CHECK(NEAR(m.search_e, 100 * (0.4 * 6 / 11 + 0.4 * 2.0 / 3)), "weights: %g", m.search_e);
    /* the effort curve: correct-owned prefix counts 0 0 0 1 2 3 4 4 4 5 6
     * over the 11 non-root nodes, read at ceil(i 11 / 4) = 3, 6, 9, 11 */
    double e[4];
    ptree_effort(&t, &k, 4, e);
    CHECK(e[0] == 0.0 && NEAR(e[1], 3.0 / 6) && NEAR(e[2], 4.0 / 9) && NEAR(e[3], 6.0 / 11), "effort %g %g %g %g",
          e[0], e[1], e[2], e[3]);
    ptree_free(&t);

    /* the side to play: B D4 is not White's first move */
    score_key kw = go_key("D4", 'W');
    CHECK(load_tree("[" ROOT "," MV(1, 0, "B", "D4") "," JG(2, 1, "other") "," MV(3, 0, "W", "d-4") ","
                    JG(4, 3, "undetermined") "]",
                    0, &t, NULL, NULL, err) == 0,
          "%s", err);
    ptree_compute(&t, &kw, 800, main_w, &m);
    CHECK(m.ccer == 2 && NEAR(m.swr, 0.5) && NEAR(m.scr, 0.5) && NEAR(m.search_e, 35.0), "side: ccer %d swr %g",
          m.ccer, m.swr);
    kw.to_play = 0; /* unknown side: both count */
    ptree_compute(&t, &kw, 800, main_w, &m);
    CHECK(m.ccer == 1 && m.ncorrect == 2 && m.swr == 0.0, "side unknown: ccer %d", m.ccer);
    CHECK(t.nodes[4].polarity == PTREE_OTHER, "undetermined reads as other");
    ptree_free(&t);

    /* a single candidate, judged at once: depth 2, TMF 1, 3 nodes */
    CHECK(load_tree("[" ROOT "," MV(1, 0, "W", "C3") "," JG(2, 1, "lose") "]", 0, &t, NULL, NULL, err) == 0, "%s",
          err);
    ptree_compute(&t, &kw, 300, main_w, &m);
    CHECK(m.sbc == 1 && m.ssc == 0 && m.tmd == 2 && m.tmf == 1 && m.tnc == 3 && m.ccer == 0 && NEAR(m.ipn, 100.0),
          "small tree");
    ptree_free(&t);
}

static void test_tree_rules(void)
{
    static const struct {
        const char *nodes, *mention;
    } bad[] = {
        {"[]", "empty"},
        {"{}", "expected an array"},
        {"[" MV(0, 0, "B", "P15") "]", "the first node must be the root"},
        {"[{\"id\": 1, \"type\": \"root\", \"parent\": null}, " MV(2, 1, "B", "P15") "]", "the root must have id 0"},
        {"[{\"id\": 0, \"type\": \"root\", \"parent\": 3}]", "the root's parent must be null"},
        {"[" ROOT "]", "the root has no children"},
        {"[" ROOT "," MV(1, 0, "B", "P15") ",{\"id\": 2, \"type\": \"root\", \"parent\": null}]", "a second root"},
        {"[" ROOT "," MV(2, 0, "B", "P15") "," JG(1, 2, "win") "]", "ids must strictly increase"},
        {"[" ROOT "," MV(1, 0, "B", "P15") "," JG(1, 1, "win") "]", "ids must strictly increase"},
        {"[" ROOT "," MV(1, 0, "B", "P15") "," JG(2, 7, "win") "]", "7 is not the id of an earlier node"},
        {"[" ROOT "," MV(1, 0, "B", "P15") "," JG(2, 1, "win") "," MV(3, 2, "W", "Q16") "]",
         "node 2 is a judgment"},
        {"[" ROOT "," JG(1, 0, "win") "]", "a judgment directly under the root"},
        {"[" ROOT "," MV(1, 0, "X", "P15") "]", "field 'side'"},
        {"[" ROOT ",{\"id\": 1, \"type\": \"move\", \"parent\": 0, \"side\": \"B\"}]", "field 'move_pos': missing"},
        {"[" ROOT "," MV(1, 0, "B", "I15") "]", "there is no column I"},
        {"[" ROOT "," MV(1, 0, "B", "P15") "," JG(2, 1, "maybe") "]", "field 'polarity'"},
        {"[" ROOT ",{\"id\": 1, \"type\": \"branch\", \"parent\": 0}]", "field 'type'"},
        {"[" ROOT ",{\"id\": \"1\", \"type\": \"move\", \"parent\": 0}]", "field 'id': expected a whole number"},
        {"[" ROOT "," MV(1, 0, "B", "P15") "]", "the move B P15 is a leaf"},
        {"[" ROOT "," MV(1, 0, "B", "P15") "," JG(2, 1, "win") "," MV(3, 0, "B", "P15") "," JG(4, 3, "lose") "]",
         "repeats node 1 under the same parent 0"},
    };
    char err[VP_ERRLEN];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ptree t;
        int rc = load_tree(bad[i].nodes, 0, &t, NULL, NULL, err);
        CHECK(rc == VP_EINVAL && strstr(err, bad[i].mention), "rule %zu: rc %d: %s", i, rc, rc ? err : "accepted");
        ptree_free(&t);
    }
    /* the message names the node by place and id */
    ptree t;
    load_tree("[" ROOT "," MV(1, 0, "B", "P15") "," JG(5, 1, "win") "," MV(6, 0, "B", "Q16") "]", 0, &t, NULL, NULL,
              err);
    CHECK(strstr(err, "nodes[3] (id 6)") != NULL, "%s", err);
    ptree_free(&t);
}

static void test_tree_repair(void)
{
    /* B P15 with an open reply W Q16; B Q16 lost; B P15 again (merged into
     * node 1, its reply O15 moves under node 1); W Q16 closed with other.
     * After: root, P15, Q16, other, Q16, lose, O15, win (ids 0..7). Owners
     * P15 P15 P15 Q16 Q16 P15 P15: SWR 2/7, SSC 2, TMD 3, TMF 2, TNC 8;
     * SearchE = 100 (0.5 * 5/7 + 0.3 + 0.2) = 85.714... */
    static const char nodes[] = "[" ROOT "," MV(1, 0, "B", "P15") "," MV(2, 1, "W", "Q16") "," MV(3, 0, "B", "Q16") ","
        JG(4, 3, "lose") "," MV(5, 0, "B", "P15") "," MV(6, 5, "W", "O15") "," JG(7, 6, "win") "]";
    char err[VP_ERRLEN];
    ptree t;
    strbuf log;
    strbuf_init(&log);
    int nrep = 0;
    CHECK(load_tree(nodes, 0, &t, &log, &nrep, err) == VP_EINVAL && strstr(err, "--repair"), "%s", err);
    ptree_free(&t);
    CHECK(load_tree(nodes, 1, &t, &log, &nrep, err) == 0, "%s", err);
    CHECK(nrep == 2 && t.n == 8, "repairs %d, nodes %d", nrep, t.n);
    CHECK(log.s && strstr(log.s, "node 5 (B P15) merged into its earlier sibling 1 under node 0") &&
              strstr(log.s, "node 2 (W Q16): open branch closed") && strstr(log.s, "renumbered"),
          "log: %s", log.s ? log.s : "");
    int types[8] = {PTREE_ROOT, PTREE_MOVE, PTREE_MOVE, PTREE_JUDGMENT, PTREE_MOVE, PTREE_JUDGMENT, PTREE_MOVE,
                    PTREE_JUDGMENT};
    int parents[8] = {-1, 0, 1, 2, 0, 4, 1, 6}, ok = 1;
    for (int i = 0; i < t.n; i++)
        ok &= t.nodes[i].type == types[i] && t.nodes[i].parent == parents[i] && t.nodes[i].id == i;
    CHECK(ok, "the repaired node list");
    CHECK(t.nodes[3].polarity == PTREE_OTHER, "closing judgment is other");
    score_key k = go_key("P15", 'B');
    ptree_metrics m;
    ptree_compute(&t, &k, 700, main_w, &m);
    CHECK(NEAR(m.swr, 2.0 / 7) && m.ssc == 2 && m.tmd == 3 && m.tmf == 2 && m.tnc == 8 && m.ccer == 1 && m.sbc == 2,
          "repaired metrics: swr %g ssc %d tmd %d", m.swr, m.ssc, m.tmd);
    CHECK(NEAR(m.search_e, 100 * (0.5 * 5 / 7 + 0.5)), "search_e %g", m.search_e);
    ptree_free(&t);
    strbuf_free(&log);

    /* a merge that cascades: both P15 have a W Q16 child, which merge too */
    nrep = 0;
    CHECK(load_tree("[" ROOT "," MV(1, 0, "B", "P15") "," MV(2, 1, "W", "Q16") "," JG(3, 2, "win") "," MV(4, 0, "B", "P15")
                    "," MV(5, 4, "W", "Q16") "," JG(6, 5, "lose") "]",
                    1, &t, NULL, &nrep, err) == 0,
          "%s", err);
    CHECK(nrep == 2 && t.n == 5 && t.nodes[4].parent == 2 && t.nodes[4].id == 6, "cascade: %d repairs, %d nodes", nrep,
          t.n);
    ptree_free(&t);
    /* a root without children is beyond repair */
    CHECK(load_tree("[" ROOT "]", 1, &t, NULL, NULL, err) == VP_EINVAL, "root alone");
    ptree_free(&t);
}

static void test_agg(void)
{
    char err[VP_ERRLEN];
    ptree a, b;
    score_key k = go_key("P15", 'B');
    CHECK(load_tree(tree1, 0, &a, NULL, NULL, err) == 0, "%s", err);
    CHECK(load_tree("[" ROOT "," MV(1, 0, "B", "P15") "," JG(2, 1, "win") "]", 0, &b, NULL, NULL, err) == 0, "%s", err);
    ptree_agg g;
    ptree_agg_init(&g);
    CHECK(ptree_agg_add(&g, &a, &k) == 0 && ptree_agg_add(&g, &b, &k) == 0, "agg");
    /* root: 12 + 3; first candidate slot: Q16 (3 nodes) and P15 (2);
     * second slot: the P15 subtree of 6 in tree a only */
    const ptree_agg_node *root = &g.nodes[0], *c1 = &g.nodes[root->first], *c2 = &g.nodes[c1->next];
    CHECK(g.trees == 2 && root->weight == 15 && root->count == 2, "root weight %g", root->weight);
    CHECK(c1->weight == 5 && c1->count == 2 && c1->correct == 1 && c1->win == 1 && c1->lose == 1, "slot 1: %g %d %d",
          c1->weight, c1->correct, c1->win);
    CHECK(c2->weight == 6 && c2->count == 1 && c2->correct == 1 && c2->win == 2 && c2->lose == 0, "slot 2: %g",
          c2->weight);
    CHECK(root->win == 3 && root->lose == 2 && root->other == 0, "root judgments");
    strbuf s;
    strbuf_init(&s);
    report_svg_tree(&g, "A & B", &s);
    CHECK(s.s && strstr(s.s, "<svg") && strstr(s.s, "A &amp; B") && strstr(s.s, "</svg>"), "tree svg");
    strbuf_free(&s);
    ptree_agg_free(&g);
    ptree_free(&a);
    ptree_free(&b);
}

/* ---- MCTS lines ---------------------------------------------------------------------- */

static const char mcts_line[] =
    "{\"format\": \"vitalpoint-go-mcts\", \"file\": \"a.sgf\", \"status\": \"searched\", \"playouts\": 10, \"root\": "
    "\"k4\", \"to_play\": \"B\", \"top_move\": \"Q16\", \"correct\": false, \"root_visits\": {\"Q16\": 5, \"P15\": 3, "
    "\"R17\": 2, \"N14\": 0}, \"first_visit\": {\"Q16\": 1, \"P15\": 2, \"R17\": 4, \"N14\": null}, \"swr\": 0.7, "
    "\"sfh\": 0, \"scr\": 0.25, \"ssc\": 2, \"sbc\": 4, \"ccer\": 2, \"tnc\": 25, \"max_depth\": 6, \"max_branching\": "
    "4, \"trajectory\": {\"root_moves\": [\"Q16\", \"P15\", \"P15\", \"R17\", \"Q16\", \"Q16\", \"P15\", \"R17\", "
    "\"Q16\", \"Q16\"], \"top\": [[1, \"Q16\"], [2, \"P15\"], [5, \"Q16\"]]}}";

static void test_mcts(void)
{
    char err[VP_ERRLEN];
    json_t *j = parse(mcts_line);
    ptree_mcts r;
    CHECK(ptree_mcts_parse(j, &r, err) == 0, "%s", err);
    CHECK(r.searched && r.playouts == 10 && r.nroot == 4 && r.ntraj == 10 && r.top1 == point("Q16"), "parsed");
    ptree_metrics m;
    int correct;
    /* the line's own values: SearchE = 100 (0.5 * 0.3 + 0.2 * 0.75) = 30 */
    CHECK(ptree_mcts_metrics(&r, NULL, main_w, &m, &correct, err) == 0, "%s", err);
    CHECK(NEAR(m.swr, 0.7) && m.sfh == 0 && NEAR(m.scr, 0.25) && m.ssc == 2 && m.sbc == 4 && m.ccer == 2 &&
              m.tnc == 25 && m.tmd == 6 && m.tmf == 4 && correct == 0 && NEAR(m.search_e, 30.0),
          "line values: swr %g search_e %g", m.swr, m.search_e);
    /* recomputed against P15/N14: the same numbers (N14 has no visit) */
    score_key k = go_key("P15,N14", 'B');
    CHECK(ptree_mcts_metrics(&r, &k, main_w, &m, &correct, err) == 0, "%s", err);
    CHECK(NEAR(m.swr, 0.7) && m.sfh == 0 && NEAR(m.scr, 0.25) && m.ccer == 2 && correct == 0 && m.ncorrect == 2 &&
              NEAR(m.search_e, 30.0),
          "recomputed: swr %g scr %g ccer %d", m.swr, m.scr, m.ccer);
    /* against Q16: the top move, first top, first visited */
    score_key kq = go_key("Q16", 'B');
    CHECK(ptree_mcts_metrics(&r, &kq, main_w, &m, &correct, err) == 0, "%s", err);
    CHECK(NEAR(m.swr, 0.5) && m.sfh == 1 && m.scr == 0.0 && m.ccer == 1 && correct == 1, "Q16 key");
    /* effort: playouts with a correct root move (P15): 0 1 1 0 0 0 1 0 0 0
     * read at ceil(i 10 / 5) = 2, 4, 6, 8, 10 */
    double e[5];
    CHECK(ptree_mcts_effort(&r, &k, 5, e) == 0, "effort");
    CHECK(NEAR(e[0], 0.5) && NEAR(e[1], 0.5) && NEAR(e[2], 2.0 / 6) && NEAR(e[3], 3.0 / 8) && NEAR(e[4], 0.3),
          "effort %g %g %g %g %g", e[0], e[1], e[2], e[3], e[4]);
    CHECK(ptree_mcts_effort(&r, NULL, 5, e) < 0, "no effort without a key");
    ptree_mcts_free(&r);
    json_decref(j);

    /* no answer set in the line and no key: SWR cannot be had */
    j = parse("{\"file\": \"b.sgf\", \"playouts\": 4, \"top_move\": \"C3\", \"correct\": null, \"root_visits\": "
              "{\"C3\": 4}, \"swr\": null, \"sfh\": null, \"scr\": null, \"ssc\": 0, \"tnc\": [1, 2, 3, 4, 5], "
              "\"max_depth\": 3, \"max_branching\": 1}");
    CHECK(ptree_mcts_parse(j, &r, err) == 0, "%s", err);
    CHECK(r.m.tnc == 5 && r.m.sbc == 1 && r.correct == -1, "tnc from the list: %d", r.m.tnc);
    CHECK(ptree_mcts_metrics(&r, NULL, main_w, &m, &correct, err) == VP_EINVAL && strstr(err, "field 'swr'"), "%s",
          err);
    ptree_mcts_free(&r);
    json_decref(j);
    static const struct {
        const char *json, *mention;
    } bad[] = {
        {"{\"playouts\": 4}", "field 'file'"},
        {"{\"file\": \"x\", \"top_move\": \"C3\"}", "field 'playouts'"},
        {"{\"file\": \"x\", \"playouts\": 4, \"top_move\": \"C3\", \"root_visits\": [1]}", "field 'root_visits'"},
        {"{\"file\": \"x\", \"playouts\": 4, \"top_move\": \"C3\", \"root_visits\": {\"C3\": -1}}",
         "field 'root_visits.C3'"},
        {"{\"file\": \"x\", \"playouts\": 4, \"top_move\": \"C3\", \"root_visits\": {}, \"swr\": 2, \"ssc\": 0}",
         "field 'swr': 2 is out of range"},
        {"{\"file\": \"x\", \"playouts\": 4, \"top_move\": \"C3\", \"root_visits\": {}, \"ssc\": 0, \"tnc\": \"9\"}",
         "field 'tnc'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        j = parse(bad[i].json);
        int rc = ptree_mcts_parse(j, &r, err);
        CHECK(rc == VP_EINVAL && strstr(err, bad[i].mention), "bad line %zu: %s", i, rc ? err : "accepted");
        ptree_mcts_free(&r);
        json_decref(j);
    }
    j = parse("{\"file\": \"x\", \"status\": \"skipped\", \"reason\": \"occupied\"}");
    CHECK(ptree_mcts_parse(j, &r, err) == 0 && !r.searched, "a skipped problem parses as not searched");
    ptree_mcts_free(&r);
    json_decref(j);
}

/* ---- claim graphs ------------------------------------------------------------------------ */

static int load_graph(const char *text, claims_graph *g, claims_metrics *m, char *err)
{
    json_t *j = parse(text);
    int rc = claims_parse(j, g, err);
    if (rc == 0)
        rc = claims_compute(g, m, err);
    json_decref(j);
    return rc;
}

static void test_claims(void)
{
    char err[VP_ERRLEN];
    claims_graph g;
    claims_metrics m;
    /* a, b -> c -> d (solution), e. Mass: a = b = 1/2, c = 1, d = e = 1/2;
     * total 3: H = 4/6 ln 6 + 1/3 ln 3; eta = (ln 5 - H) / (ln 5 - ln 3).
     * V_sol = {a, b, c, d}; d has no descendant: V_ver empty. Levels 0 0 1
     * 2 2: depth 2, width 2; distances a->c 1, a->d 2, a->e 2, the same
     * from b, c->d 1, c->e 1: 8 pairs, sum 12, diameter 2. */
    CHECK(load_graph("{\"nodes\": [{\"id\": \"a\", \"label\": \"correct\"}, {\"id\": \"b\", \"label\": \"wrong\"}, "
                     "{\"id\": \"c\", \"label\": \"correct\"}, {\"id\": \"d\", \"label\": \"correct\", \"solution\": "
                     "true}, {\"id\": \"e\", \"label\": \"tentative\"}], \"edges\": [{\"from\": \"a\", \"to\": \"c\", "
                     "\"kind\": \"inference\"}, {\"from\": \"b\", \"to\": \"c\"}, {\"from\": \"c\", \"to\": \"d\"}, "
                     "{\"from\": \"c\", \"to\": \"e\", \"kind\": \"restatement\"}, {\"from\": \"a\", \"to\": \"c\"}], "
                     "\"c_star\": 3}",
                     &g, &m, err) == 0,
          "%s", err);
    double h = 4.0 / 6 * log(6) + log(3) / 3;
    CHECK(NEAR(m.h_str, h), "h_str %.12f, expected %.12f", m.h_str, h);
    CHECK(NEAR(m.eta, (log(5) - h) / (log(5) - log(3))) && NEAR(m.eta, m.eta_raw) && !m.eta_note, "eta %g", m.eta);
    CHECK(m.v == 5 && m.v_sol == 4 && m.v_ver == 0 && m.ver_sol == 0.0 && m.c_star == 3 && m.c_star_given,
          "v %d v_sol %d v_ver %d", m.v, m.v_sol, m.v_ver);
    CHECK(m.depth == 2 && m.width == 2 && m.diameter == 2 && NEAR(m.avg_path_length, 1.5), "depth %d width %d diam %d "
          "apl %g", m.depth, m.width, m.diameter, m.avg_path_length);
    CHECK(m.edges == 4 && g.duplicate_edges == 1 && m.restatements == 1 && m.sources == 2 && m.sinks == 2, "edges");
    CHECK(m.labels[CLAIMS_CORRECT] == 3 && m.labels[CLAIMS_WRONG] == 1 && m.labels[CLAIMS_TENTATIVE] == 1, "labels");
    claims_free(&g);

    /* 1 -> 2 -> 3 (solution) -> 4 -> 5 <- 6. V_sol = {1, 2, 3}; the
     * descendants 4, 5 and their other ancestor 6 verify: V_ver = {4, 5, 6}.
     * Mass 1/2 each, 5 gets 1: total 3.5: H = 5/7 ln 7 + 2/7 ln 3.5; no
     * c_star: |V_sol| = 3 stands in. Levels 0 1 2 3 4 and 0: depth 4,
     * width 2. Distances: 1+2+3+4, 1+2+3, 1+2, 1, 1: 11 pairs, sum 21. */
    CHECK(load_graph("{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}, {\"id\": 2, \"label\": \"correct\"}, {\"id\": 3, "
                     "\"label\": \"correct\", \"solution\": true}, {\"id\": 4, \"label\": \"unverifiable\"}, {\"id\": 5, "
                     "\"label\": \"correct\"}, {\"id\": 6, \"label\": \"correct\"}], \"edges\": [{\"from\": 1, \"to\": 2}, "
                     "{\"from\": 2, \"to\": 3}, {\"from\": 3, \"to\": 4}, {\"from\": 4, \"to\": 5}, {\"from\": 6, \"to\": "
                     "5}]}",
                     &g, &m, err) == 0,
          "%s", err);
    h = 5.0 / 7 * log(7) + 2.0 / 7 * log(3.5);
    CHECK(NEAR(m.h_str, h) && NEAR(m.eta, (log(6) - h) / (log(6) - log(3))), "h %g eta %g", m.h_str, m.eta);
    CHECK(m.c_star == 3 && !m.c_star_given && m.v_sol == 3 && m.v_ver == 3 && NEAR(m.ver_sol, 1.0), "subgraphs");
    CHECK(m.depth == 4 && m.width == 2 && m.diameter == 4 && NEAR(m.avg_path_length, 21.0 / 11), "statistics");
    claims_free(&g);

    /* eta's undefined cases and the clamp */
    CHECK(load_graph("{\"nodes\": [{\"id\": 1, \"label\": \"correct\", \"solution\": true}], \"c_star\": 1}", &g, &m,
                     err) == 0,
          "%s", err);
    CHECK(m.h_str == 0.0 && isnan(m.eta) && isnan(m.eta_raw) && m.eta_note && strstr(m.eta_note, "|V| = 1"),
          "one node: %s", m.eta_note ? m.eta_note : "");
    CHECK(m.depth == 0 && m.width == 1 && m.diameter == 0 && m.avg_path_length == 0.0, "one node statistics");
    claims_free(&g);
    CHECK(load_graph("{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}, {\"id\": 2, \"label\": \"correct\"}, {\"id\": 3, "
                     "\"label\": \"correct\"}], \"edges\": [{\"from\": 1, \"to\": 2}, {\"from\": 2, \"to\": 3}], \"c_star\": "
                     "3}",
                     &g, &m, err) == 0,
          "%s", err);
    CHECK(NEAR(m.h_str, log(3)) && isnan(m.eta) && isnan(m.eta_raw) && strstr(m.eta_note, "|V| = |C*|"),
          "|V| = |C*|: %s", m.eta_note ? m.eta_note : "");
    claims_free(&g);
    /* 8 sources into one sink: H = 1/2 ln 16 + 1/2 ln 2 = 1/2 ln 32 < ln 6 */
    CHECK(load_graph("{\"nodes\": [{\"id\": 0, \"label\": \"correct\", \"solution\": true}, {\"id\": 1, \"label\": "
                     "\"correct\"}, {\"id\": 2, \"label\": \"correct\"}, {\"id\": 3, \"label\": \"correct\"}, {\"id\": 4, "
                     "\"label\": \"correct\"}, {\"id\": 5, \"label\": \"correct\"}, {\"id\": 6, \"label\": \"correct\"}, "
                     "{\"id\": 7, \"label\": \"correct\"}, {\"id\": 8, \"label\": \"correct\"}], \"edges\": [{\"from\": 1, "
                     "\"to\": 0}, {\"from\": 2, \"to\": 0}, {\"from\": 3, \"to\": 0}, {\"from\": 4, \"to\": 0}, {\"from\": "
                     "5, \"to\": 0}, {\"from\": 6, \"to\": 0}, {\"from\": 7, \"to\": 0}, {\"from\": 8, \"to\": 0}], "
                     "\"c_star\": 6}",
                     &g, &m, err) == 0,
          "%s", err);
    double raw = (log(9) - 0.5 * log(32)) / (log(9) - log(6));
    CHECK(raw > 1 && NEAR(m.eta_raw, raw) && m.eta == 1.0 && strstr(m.eta_note, "clamped"), "clamp: raw %g eta %g",
          m.eta_raw, m.eta);
    CHECK(m.width == 8 && m.depth == 1 && m.v_sol == 9 && m.v_ver == 0, "fan-in statistics");
    claims_free(&g);
    CHECK(load_graph("{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}, {\"id\": 2, \"label\": \"correct\"}], \"edges\": "
                     "[{\"from\": 1, \"to\": 2}], \"c_star\": 5}",
                     &g, &m, err) == 0,
          "%s", err);
    CHECK(isnan(m.eta) && !isnan(m.eta_raw) && strstr(m.eta_note, "|V| < |C*|"), "fewer claims than C*");
    claims_free(&g);
    CHECK(load_graph("{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}, {\"id\": 2, \"label\": \"correct\"}], \"edges\": "
                     "[{\"from\": 1, \"to\": 2}]}",
                     &g, &m, err) == 0,
          "%s", err);
    CHECK(isnan(m.eta) && isnan(m.ver_sol) && m.c_star == 0 && strstr(m.eta_note, "no c_star"), "no c_star, no "
          "solution");
    claims_free(&g);

    /* a cycle b -> c -> d -> b fed by a: the message names b, c or d */
    int rc = load_graph("{\"nodes\": [{\"id\": \"a\", \"label\": \"correct\"}, {\"id\": \"b\", \"label\": \"correct\"}, "
                        "{\"id\": \"c\", \"label\": \"correct\"}, {\"id\": \"d\", \"label\": \"correct\"}], \"edges\": "
                        "[{\"from\": \"a\", \"to\": \"b\"}, {\"from\": \"b\", \"to\": \"c\"}, {\"from\": \"c\", \"to\": "
                        "\"d\"}, {\"from\": \"d\", \"to\": \"b\"}]}",
                        &g, &m, err);
    CHECK(rc == VP_EINVAL && strstr(err, "is on a cycle") && !strstr(err, "node a ") &&
              (strstr(err, "node b ") || strstr(err, "node c ") || strstr(err, "node d ")),
          "%s", err);
    CHECK(strstr(err, "b -> c -> d -> b") || strstr(err, "c -> d -> b -> c") || strstr(err, "d -> b -> c -> d"), "%s",
          err);
    claims_free(&g);
    static const struct {
        const char *json, *mention;
    } bad[] = {
        {"[]", "expected a JSON object"},
        {"{\"edges\": []}", "field 'nodes': missing"},
        {"{\"nodes\": []}", "field 'nodes': empty"},
        {"{\"nodes\": [{\"id\": 1}]}", "nodes[0] (id 1): field 'label': missing"},
        {"{\"nodes\": [{\"id\": 1, \"label\": \"right\"}]}", "field 'label'"},
        {"{\"nodes\": [{\"label\": \"correct\"}]}", "nodes[0]: field 'id': missing"},
        {"{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}, {\"id\": \"1\", \"label\": \"wrong\"}]}", "id 1 appears twice"},
        {"{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}], \"edges\": [{\"from\": 1, \"to\": 2}]}",
         "edges[0]: field 'to': no node has id 2"},
        {"{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}], \"edges\": [{\"from\": 1, \"to\": 1}]}",
         "node 1 is on a cycle"},
        {"{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}, {\"id\": 2, \"label\": \"correct\"}], \"edges\": [{\"from\": "
         "1, \"to\": 2, \"kind\": \"because\"}]}",
         "field 'kind'"},
        {"{\"nodes\": [{\"id\": 1, \"label\": \"correct\", \"solution\": \"yes\"}]}", "field 'solution'"},
        {"{\"nodes\": [{\"id\": 1, \"label\": \"correct\"}], \"c_star\": 0}", "field 'c_star'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        rc = load_graph(bad[i].json, &g, &m, err);
        CHECK(rc == VP_EINVAL && strstr(err, bad[i].mention), "bad graph %zu: %s", i, rc ? err : "accepted");
        claims_free(&g);
    }
}

/* ---- statistics ------------------------------------------------------------------------------ */

static void test_statistics(void)
{
    double x[] = {1, 2, 2, 3, 10}, r[5];
    report_ranks(x, 5, r);
    CHECK(r[0] == 1 && r[1] == 2.5 && r[2] == 2.5 && r[3] == 4 && r[4] == 5, "ranks with ties");
    double a[] = {1, 2, 3, 4}, b[] = {2, 4, 6, 8}, c[] = {4, 3, 2, 1}, d[] = {1, 4, 9, 16};
    CHECK(NEAR(report_pearson(a, b, 4), 1.0) && NEAR(report_pearson(a, c, 4), -1.0), "pearson +-1");
    CHECK(NEAR(report_spearman(a, d, 4), 1.0) && !NEAR(report_pearson(a, d, 4), 1.0), "spearman of a monotone map");
    /* x = 1 2 3, y = 1 3 2: r = 0.5 */
    double y1[] = {1, 2, 3}, y2[] = {1, 3, 2};
    CHECK(NEAR(report_pearson(y1, y2, 3), 0.5) && NEAR(report_spearman(y1, y2, 3), 0.5), "r = 0.5");
    CHECK(isnan(report_pearson(a, b, 2)) && isnan(report_pearson(a, (double[]){5, 5, 5, 5}, 4)), "undefined r");
    /* groups 1 2 3 and 3 4 5: means 2 and 4, pooled sd 1: d = -2 */
    double g1[] = {1, 2, 3}, g2[] = {3, 4, 5};
    CHECK(NEAR(report_cohen_d(g1, 3, g2, 3), -2.0) && NEAR(report_cohen_d(g2, 3, g1, 3), 2.0), "cohen d");
    CHECK(isnan(report_cohen_d(g1, 1, g2, 3)) && isnan(report_cohen_d((double[]){1, 1}, 2, (double[]){1, 1}, 2)),
          "undefined d");
    CHECK(NEAR(report_mean((double[]){1, NAN, 3}, 3), 2.0) && isnan(report_mean((double[]){NAN}, 1)), "mean");
    double w[3];
    CHECK(!strcmp(report_scheme(0, w), "main") && w[0] == 0.5 && w[1] == 0.3 && w[2] == 0.2, "main scheme");
    CHECK(!strcmp(report_scheme(4, w), "rank-heavy") && w[2] == 0.4, "rank-heavy scheme");
}

/* Four model groups with known means; TokenE; a baseline kept out. */
static void test_report(void)
{
    report_item it[5];
    memset(it, 0, sizeof it);
    static const char *const models[5] = {"m1", "m1", "m2", "m3", "mcts"};
    for (int i = 0; i < 5; i++) {
        it[i].key[REPORT_MODEL] = models[i];
        it[i].key[REPORT_DIFFICULTY] = "easy";
        it[i].key[REPORT_K] = "4";
        it[i].key[REPORT_MODALITY] = "-";
        for (int m = 0; m < REPORT_NMETRICS; m++)
            it[i].v[m] = NAN;
    }
    /* m1: correct (swr .2, sfh 1, scr 0, itt 1000) and wrong (swr .6,
     * sfh 0, scr .5, itt 3000): acc 50, means swr .4 sfh .5 scr .25, ITT
     * 2000 tokens: TokenE = 100 * 50 / (50 + 2) = 96.1538... */
    double v[5][4] = {{.2, 1, 0, 1000}, {.6, 0, .5, 3000}, {.1, 1, 0, 500}, {.9, 0, 1, 9000}, {.5, 0, .25, NAN}};
    int correct[5] = {1, 0, 1, 0, 1};
    for (int i = 0; i < 5; i++) {
        it[i].v[REPORT_SWR] = v[i][0];
        it[i].v[REPORT_SFH] = v[i][1];
        it[i].v[REPORT_SCR] = v[i][2];
        it[i].v[REPORT_ITT] = v[i][3];
        it[i].v[REPORT_SEARCH_E] = 100 * (0.5 * (1 - v[i][0]) + 0.3 * v[i][1] + 0.2 * (1 - v[i][2]));
        it[i].correct = correct[i];
    }
    it[4].baseline = 1;
    int keys[2] = {REPORT_MODEL, REPORT_K};
    report r;
    CHECK(report_build(&r, it, 5, keys, 2, main_w) == 0, "build");
    CHECK(r.ngroups == 4 && r.groups[0].n == 2 && NEAR(r.groups[0].acc, 0.5), "groups");
    CHECK(NEAR(r.groups[0].mean[REPORT_SWR], 0.4) && NEAR(r.groups[0].token_e, 100 * 50 / 52.0), "m1 means");
    CHECK(isnan(r.groups[3].token_e) && r.groups[3].baseline, "no TokenE for a baseline");
    CHECK(NEAR(r.groups[0].scheme[0], r.groups[0].mean[REPORT_SEARCH_E]), "scheme main = mean SearchE");
    /* model groups: acc .5, 1, 0 against mean SWR .4, .1, .9: deviations
     * 0 .5 -.5 and -1/15 -11/30 13/30: r = -.4 / sqrt(.5 * 49/150); the
     * ranks are reversed: rho = -1 */
    CHECK(r.ncorr == 3 && NEAR(r.pearson[REPORT_SWR], -0.4 / sqrt(0.5 * 49.0 / 150)) &&
              NEAR(r.spearman[REPORT_SWR], -1.0),
          "corr %g", r.pearson[REPORT_SWR]);
    /* d of SWR: correct .2 .1, wrong .6 .9 (the baseline left out) */
    double dc[] = {.2, .1}, dw[] = {.6, .9};
    CHECK(NEAR(r.d[REPORT_SWR], report_cohen_d(dc, 2, dw, 2)) && r.d_ncorrect == 2 && r.d_nwrong == 2, "d %g",
          r.d[REPORT_SWR]);
    strbuf s;
    strbuf_init(&s);
    report_csv(&r, &s);
    CHECK(s.s && !strncmp(s.s, "model,k,n,acc,search_e,token_e,swr,", 35) && strstr(s.s, "\nm1,4,2,50.000,"),
          "csv: %s", s.s ? s.s : "");
    strbuf_free(&s);
    report_markdown(&r, &s);
    CHECK(s.s && strstr(s.s, "| m1 | 2 | 50.0 |") && strstr(s.s, "Table 15") && strstr(s.s, "| SWR |"),
          "markdown: %s", s.s ? s.s : "");
    strbuf_free(&s);
    report_free(&r);
}

int main(void)
{
    test_records();
    test_extraction();
    test_pass_at_k();
    test_tree_metrics();
    test_tree_rules();
    test_tree_repair();
    test_agg();
    test_mcts();
    test_claims();
    test_statistics();
    test_report();
    return test_done("metrics_test");
}
