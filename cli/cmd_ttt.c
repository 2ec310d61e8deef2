/* cmd_ttt.c: `vp ttt`: enumerate, generate, question, solve. */
#include <config.h>

#include <getopt.h>
#include <gmp.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/ttt.h"
#include "../engines/vp.h"
#include "../generator/gen_enum.h"
#include "../generator/gen_set.h"
#include "../generator/gen_text.h"
#include "../solver/ttt_solve.h"
#include "cli.h"

#define ENUM_FORMAT "vitalpoint-ttt-enumerate"
#define SOLVE_FORMAT "vitalpoint-ttt-solve"
#define QUESTION_FORMAT "vitalpoint-ttt-position"

static const char *const value_name[3] = {"loss", "draw", "win"};

static void ttt_usage(FILE *f)
{
    fputs("Usage: vp ttt SUBCOMMAND [OPTIONS]\n"
          "The four tic-tac-toe variants of TTT-Bench: oTTT, dTTT, cTTT, sTTT.\n"
          "\n"
          "  enumerate   count and label every position after N moves\n"
          "  generate    write a verified question set (JSON lines)\n"
          "  question    label, solve and phrase one position given by its moves\n"
          "  solve       value and optimal first moves of the empty board\n"
          "\n"
          "Run `vp ttt SUBCOMMAND --help` for its options.\n",
          f);
}

static const char enumerate_help[] =
    "Usage: vp ttt enumerate --game G --moves N[,N...] [OPTIONS]\n"
    "Enumerates every distinct position after exactly N moves with no winner,\n"
    "drops those where the player who made move N already has a winning fork,\n"
    "and labels the rest Win / Blocked / Fork (TTT-Bench Algorithm 1).\n"
    "\n"
    "  -g, --game G          oTTT, dTTT, cTTT or sTTT (any case)\n"
    "  -n, --moves N[,N..]   move counts, each from 0 to the number of cells\n"
    "      --fork-rule R     lines (default, the paper's: count threat lines) or\n"
    "                        cells (count distinct completion cells)\n"
    "      --verify          solve every question exactly and count, per verdict,\n"
    "                        answer sets equal to / a strict subset of / in\n"
    "                        contradiction with the optimal moves\n"
    "      --json            one JSON object per N on stdout\n"
    "      --list            first print every question, one JSON object per line:\n"
    "                        white, black (cell letters), verdict, answers\n"
    "  -t, --threads T       OpenMP threads (default: all cores)\n"
    "      --tt-mb M         transposition table size for --verify (default 256)\n"
    "  -q, --quiet           no progress bar\n"
    "  -h, --help            this help\n";

static const char generate_help[] =
    "Usage: vp ttt generate -o FILE [OPTIONS]\n"
    "Writes a TTT-Bench-style question set as JSON lines (gzip when FILE ends\n"
    "in .gz), balanced across move counts and verdicts, each answer set proven\n"
    "by exact search, and prints a summary table.\n"
    "\n"
    "  -g, --game G|all      a game, or all four (default all)\n"
    "  -n, --moves N[,N..]   move counts (default the paper's: oTTT 4,5; dTTT 6,7;\n"
    "                        cTTT 5,6,7; sTTT 6,7)\n"
    "  -k, --count K         questions per game (default 100)\n"
    "  -s, --seed S          random seed (default 1); the same seed gives a\n"
    "                        byte-identical file whatever the thread count\n"
    "      --fork-rule R     lines (default) or cells\n"
    "  -t, --threads T       OpenMP threads (default: all cores)\n"
    "      --tt-mb M         size of each of the two transposition tables (default 64)\n"
    "  -o, --output FILE     where to write (required)\n"
    "  -q, --quiet           no progress bar\n"
    "  -h, --help            this help\n";

static const char question_help[] =
    "Usage: vp ttt question --game G --play MOVES [OPTIONS]\n"
    "Plays MOVES (cell letters in order, Alice first, e.g. A,B,H,C) and prints the\n"
    "question text, the board, the TTT-Bench label and the exact analysis.\n"
    "\n"
    "  -g, --game G          oTTT, dTTT, cTTT or sTTT\n"
    "  -p, --play MOVES      the moves played so far, letters separated by commas\n"
    "                        or spaces (may be empty)\n"
    "      --fork-rule R     lines (default) or cells\n"
    "      --json            one JSON object\n"
    "  -h, --help            this help\n";

static const char solve_help[] =
    "Usage: vp ttt solve --game G [OPTIONS]\n"
    "Solves the empty board: its value for Alice (win, draw or loss, and in how\n"
    "many plies under optimal play) and every optimal first move, with node\n"
    "count and time. Progress, one line per first move, goes to stderr.\n"
    "\n"
    "  -g, --game G          oTTT, dTTT, cTTT or sTTT\n"
    "      --time-limit S    stop after S seconds and report how far it got\n"
    "      --nodes N         stop after about N nodes\n"
    "      --no-distance     skip the search for the number of plies\n"
    "      --tt-mb M         size of each of the two transposition tables (default 64)\n"
    "      --json            one JSON object\n"
    "  -q, --quiet           no progress lines\n"
    "  -h, --help            this help\n";

enum { OPT_FORK_RULE = 256, OPT_VERIFY, OPT_LIST, OPT_JSON, OPT_TT_MB, OPT_TIME, OPT_NODES, OPT_NODIST };

typedef struct ttt_args {
    const char *game, *output, *play;
    int moves[GEN_MAX_NS], nmoves;
    long count, threads, tt_mb;
    unsigned long long seed;
    double time_limit;
    long long nodes;
    int verify, list, json, quiet, no_distance;
    gen_fork_rule rule;
} ttt_args;

static void parse_args(int argc, char **argv, ttt_args *a, const char *help, const char *shorts,
                       const char *longs)
{
    static const struct option opts[] = {
        {"game", required_argument, 0, 'g'},     {"moves", required_argument, 0, 'n'},
        {"count", required_argument, 0, 'k'},    {"seed", required_argument, 0, 's'},
        {"threads", required_argument, 0, 't'},  {"output", required_argument, 0, 'o'},
        {"play", required_argument, 0, 'p'},     {"quiet", no_argument, 0, 'q'},
        {"help", no_argument, 0, 'h'},           {"fork-rule", required_argument, 0, OPT_FORK_RULE},
        {"verify", no_argument, 0, OPT_VERIFY},  {"list", no_argument, 0, OPT_LIST},  {"json", no_argument, 0, OPT_JSON},
        {"tt-mb", required_argument, 0, OPT_TT_MB}, {"time-limit", required_argument, 0, OPT_TIME},
        {"nodes", required_argument, 0, OPT_NODES}, {"no-distance", no_argument, 0, OPT_NODIST},
        {0, 0, 0, 0}};
    char err[VP_ERRLEN];
    int c, idx;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":g:n:k:s:t:o:p:qh", opts, &idx)) != -1) {
        const char *name = c >= 256 ? opts[idx].name : NULL;
        if (c == '?')
            cli_usage_error("%s: unknown option '%s' (see --help)", argv[0], argv[optind - 1]);
        if (c == ':')
            cli_usage_error("%s: option '%s' needs a value", argv[0], argv[optind - 1]);
        if (c == 'h') {
            fputs(help, stdout);
            exit(CLI_OK);
        }
        if (c < 256 && !strchr(shorts, c)) {
            const char *lname = "?";
            for (int i = 0; opts[i].name; i++)
                if (opts[i].val == c)
                    lname = opts[i].name;
            cli_usage_error("%s: option --%s (-%c) does not apply here (see --help)", argv[0], lname, c);
        }
        if (c >= 256 && !strstr(longs, name))
            cli_usage_error("%s: option --%s does not apply here (see --help)", argv[0], name);
        switch (c) {
        case 'g': a->game = optarg; break;
        case 'n': a->nmoves = cli_parse_list("--moves", optarg, 0, 1000, a->moves, GEN_MAX_NS); break;
        case 'k': a->count = cli_parse_long("--count", optarg, 0, 10000000); break;
        case 's': a->seed = (unsigned long long)cli_parse_long("--seed", optarg, 0, 0x7fffffffL); break;
        case 't': a->threads = cli_parse_long("--threads", optarg, 1, 1024); break;
        case 'o': a->output = optarg; break;
        case 'p': a->play = optarg; break;
        case 'q': a->quiet = 1; break;
        case OPT_FORK_RULE:
            if (gen_fork_rule_parse(optarg, &a->rule, err))
                cli_usage_error("--fork-rule: %s", err);
            break;
        case OPT_VERIFY: a->verify = 1; break;
        case OPT_LIST: a->list = 1; break;
        case OPT_JSON: a->json = 1; break;
        case OPT_TT_MB: a->tt_mb = cli_parse_long("--tt-mb", optarg, 1, 1 << 20); break;
        case OPT_TIME: a->time_limit = (double)cli_parse_long("--time-limit", optarg, 1, 100000000); break;
        case OPT_NODES: a->nodes = cli_parse_long("--nodes", optarg, 1, 0x7fffffffffffffffL); break;
        case OPT_NODIST: a->no_distance = 1; break;
        }
    }
    if (optind < argc)
        cli_usage_error("%s: unexpected argument '%s' (see --help)", argv[0], argv[optind]);
    cli_set_threads(a->threads);
}

static void need_game(const ttt_args *a, const char *cmd, ttt_game *g)
{
    char err[VP_ERRLEN];
    ttt_kind k;
    if (!a->game)
        cli_usage_error("%s: --game is required (oTTT, dTTT, cTTT or sTTT)", cmd);
    if (ttt_kind_parse(a->game, &k, err))
        cli_usage_error("--game: %s", err);
    ttt_game_init(g, k);
}

static json_t *verdict_object(const uint64_t *v)
{
    return json_pack("{s:I, s:I, s:I, s:I}", "win", (json_int_t)v[GEN_WIN], "blocked",
                     (json_int_t)v[GEN_BLOCKED], "fork", (json_int_t)v[GEN_FORK], "none",
                     (json_int_t)v[GEN_NONE]);
}

static void print_json(json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT);
    if (s)
        puts(s);
    free(s);
    json_decref(j);
}

static int cmd_enumerate(int argc, char **argv)
{
    ttt_args a = {0};
    a.tt_mb = 256;
    parse_args(argc, argv, &a, enumerate_help, "gntq", "fork-rule verify list json tt-mb");
    ttt_game g;
    need_game(&a, "enumerate", &g);
    if (a.nmoves == 0)
        cli_usage_error("enumerate: --moves is required (0 to %d for %s)", g.ncells, g.name);
    for (int i = 0; i < a.nmoves; i++)
        if (a.moves[i] > g.ncells)
            cli_usage_error("--moves: %d is out of range for %s (0 to %d)", a.moves[i], g.name,
                            g.ncells);
    tt_table tt = {0};
    if (a.verify && tt_init(&tt, (size_t)a.tt_mb << 20)) {
        cli_error("out of memory for a %ld MiB transposition table", a.tt_mb);
        return CLI_FAIL;
    }
    char err[VP_ERRLEN];
    int rc = CLI_OK;
    for (int i = 0; i < a.nmoves && rc == CLI_OK; i++) {
        int n = a.moves[i];
        gen_counts c;
        gen_question *qs = NULL;
        size_t nq = 0;
        double t0 = ttt_solve_clock();
        if (gen_enumerate(&g, n, a.rule, &c, (a.verify || a.list) ? &qs : NULL, &nq, err)) {
            cli_error("enumerate: %s", err);
            rc = CLI_FAIL;
            break;
        }
        double t_enum = ttt_solve_clock() - t0;
        for (size_t j = 0; a.list && j < nq; j++) {
            char w[32], b[32], ans[32];
            printf("{\"white\":\"%s\",\"black\":\"%s\",\"verdict\":\"%s\",\"answers\":\"%s\"}\n",
                   ttt_set_letters(qs[j].pos.white, w), ttt_set_letters(qs[j].pos.black, b),
                   gen_verdict_name(qs[j].verdict), ttt_set_letters(qs[j].answers, ans));
        }
        gen_verify_counts vc;
        double t_verify = 0;
        if (a.verify) {
            cli_progress bar;
            char label[32];
            snprintf(label, sizeof label, "verify %s N=%d", g.name, n);
            cli_progress_init(&bar, label, a.quiet);
            t0 = ttt_solve_clock();
            gen_verify_questions(&g, qs, nq, &tt, &vc, cli_progress_update, &bar, err);
            t_verify = ttt_solve_clock() - t0;
            cli_progress_done(&bar);
        }
        free(qs);
        mpz_t seq;
        mpz_init(seq);
        gen_sequences(seq, &c, n);
        char *seqs = mpz_get_str(NULL, 10, seq);
        mpz_clear(seq);
        uint64_t questions = c.verdicts[GEN_WIN] + c.verdicts[GEN_BLOCKED] + c.verdicts[GEN_FORK];
        if (a.json) {
            json_t *j = json_pack("{s:s, s:i, s:s, s:i, s:s, s:I, s:s, s:I, s:I, s:o, s:f}", "format",
                                  ENUM_FORMAT, "format_version", 1, "game", g.name, "moves", n,
                                  "fork_rule", a.rule == GEN_FORK_LINES ? "lines" : "cells",
                                  "positions", (json_int_t)c.positions, "sequences", seqs,
                                  "filtered", (json_int_t)c.filtered, "questions",
                                  (json_int_t)questions, "verdicts", verdict_object(c.verdicts),
                                  "seconds", t_enum);
            if (a.verify) {
                json_t *v = json_object();
                for (int d = GEN_WIN; d < GEN_NVERDICTS; d++) {
                    json_t *o = json_object();
                    for (int k = 0; k < GEN_NAGREE; k++)
                        json_object_set_new(o, gen_agreement_name((gen_agreement)k),
                                            json_integer((json_int_t)vc.agreement[d][k]));
                    json_object_set_new(o, "value", json_pack("{s:I, s:I, s:I}", "win",
                        (json_int_t)vc.value[d][2], "draw", (json_int_t)vc.value[d][1], "loss",
                        (json_int_t)vc.value[d][0]));
                    json_object_set_new(v, gen_verdict_name(d), o);
                }
                json_object_set_new(v, "seconds", json_real(t_verify));
                json_object_set_new(v, "nodes", json_integer((json_int_t)vc.nodes));
                json_object_set_new(j, "verify", v);
            }
            print_json(j);
        } else {
            printf("%s after %d moves (fork rule: %s)\n", g.name, n,
                   a.rule == GEN_FORK_LINES ? "lines" : "cells");
            printf("  positions   %12llu   (no winner)\n", (unsigned long long)c.positions);
            printf("  sequences   %12s   (move orders reaching them)\n", seqs);
            printf("  filtered    %12llu   (last mover already has a winning fork)\n",
                   (unsigned long long)c.filtered);
            printf("  questions   %12llu\n", (unsigned long long)questions);
            for (int d = GEN_WIN; d < GEN_NVERDICTS; d++)
                printf("    %-9s %12llu\n", gen_verdict_name(d), (unsigned long long)c.verdicts[d]);
            printf("  none        %12llu\n", (unsigned long long)c.verdicts[GEN_NONE]);
            printf("  seconds     %12.3f\n", t_enum);
            if (a.verify) {
                printf("  exact verification (%.3f s, %llu nodes):\n", t_verify,
                       (unsigned long long)vc.nodes);
                printf("    %-9s %10s %10s %12s %8s %8s %8s\n", "verdict", "equal", "subset",
                       "contradicts", "win", "draw", "loss");
                for (int d = GEN_WIN; d < GEN_NVERDICTS; d++)
                    printf("    %-9s %10llu %10llu %12llu %8llu %8llu %8llu\n", gen_verdict_name(d),
                           (unsigned long long)vc.agreement[d][0], (unsigned long long)vc.agreement[d][1],
                           (unsigned long long)vc.agreement[d][2], (unsigned long long)vc.value[d][2],
                           (unsigned long long)vc.value[d][1], (unsigned long long)vc.value[d][0]);
            }
        }
        free(seqs);
    }
    tt_free(&tt);
    return rc;
}

static int cmd_generate(int argc, char **argv)
{
    ttt_args a = {0};
    a.count = 100;
    a.seed = 1;
    a.tt_mb = 64;
    parse_args(argc, argv, &a, generate_help, "gnkstoq", "fork-rule tt-mb");
    char err[VP_ERRLEN];
    ttt_kind kinds[TTT_NGAMES];
    int nk = 0;
    if (!a.game || !strcasecmp(a.game, "all")) {
        for (int k = 0; k < TTT_NGAMES; k++)
            kinds[nk++] = (ttt_kind)k;
    } else {
        if (ttt_kind_parse(a.game, &kinds[0], err))
            cli_usage_error("--game: %s (or all)", err);
        nk = 1;
    }
    if (!a.output)
        cli_usage_error("generate: -o FILE is required");
    ttt_game *games = malloc(sizeof *games * (size_t)nk);
    if (!games) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (int i = 0; i < nk; i++) {
        ttt_game_init(&games[i], kinds[i]);
        for (int j = 0; j < a.nmoves; j++)
            if (a.moves[j] >= games[i].ncells)
                cli_usage_error("--moves: %d is out of range for %s questions (0 to %d)",
                                a.moves[j], games[i].name, games[i].ncells - 1);
    }
    cli_out out;
    int rc = cli_out_open(&out, a.output);
    if (rc) {
        free(games);
        return rc;
    }
    printf("%-5s %3s %6s %8s %6s %6s  %6s %7s %12s\n", "game", "N", "win", "blocked", "fork",
           "total", "equal", "subset", "contradicts");
    size_t grand = 0;
    for (int i = 0; i < nk && rc == 0; i++) {
        gen_set_opts o = {.nmoves = a.nmoves, .count = (int)a.count, .seed = a.seed,
                          .rule = a.rule, .tt_bytes = (size_t)a.tt_mb << 20};
        memcpy(o.moves, a.moves, sizeof a.moves);
        json_t **recs = NULL;
        size_t n = 0;
        cli_progress bar;
        char label[32];
        snprintf(label, sizeof label, "generate %s", games[i].name);
        cli_progress_init(&bar, label, a.quiet);
        if (gen_set_build(&games[i], &o, &recs, &n, cli_progress_update, &bar, err)) {
            cli_progress_done(&bar);
            cli_error("generate %s: %s", games[i].name, err);
            rc = CLI_FAIL;
            break;
        }
        cli_progress_done(&bar);
        /* Summary rows per N, in the order the records come. */
        for (size_t j = 0; j < n;) {
            int nn = (int)json_integer_value(json_object_get(recs[j], "n"));
            unsigned long cnt[4] = {0}, agr[3] = {0};
            size_t k = j;
            for (; k < n && json_integer_value(json_object_get(recs[k], "n")) == nn; k++) {
                const char *v = json_string_value(json_object_get(recs[k], "verdict"));
                const char *ag = json_string_value(json_object_get(recs[k], "agreement"));
                cnt[!strcmp(v, "win") ? 0 : !strcmp(v, "blocked") ? 1 : 2]++;
                agr[!strcmp(ag, "equal") ? 0 : !strcmp(ag, "subset") ? 1 : 2]++;
            }
            printf("%-5s %3d %6lu %8lu %6lu %6zu  %6lu %7lu %12lu\n", games[i].name, nn, cnt[0],
                   cnt[1], cnt[2], k - j, agr[0], agr[1], agr[2]);
            j = k;
        }
        for (size_t j = 0; j < n; j++) {
            char *line = json_dumps(recs[j], JSON_COMPACT | JSON_ENSURE_ASCII);
            if (!line) {
                rc = CLI_FAIL;
            } else {
                cli_out_write(&out, line, strlen(line));
                cli_out_write(&out, "\n", 1);
            }
            free(line);
            json_decref(recs[j]);
        }
        free(recs);
        grand += n;
    }
    free(games);
    if (rc) {
        cli_out_abort(&out);
        return rc;
    }
    rc = cli_out_commit(&out);
    if (rc == 0)
        printf("wrote %zu questions to %s\n", grand, a.output);
    return rc;
}

static json_t *letters_json(ttt_set s)
{
    json_t *j = json_array();
    uint64_t m = s;
    while (m) {
        char l[2] = {ttt_cell_letter(bb_pop_lsb(&m)), 0};
        json_array_append_new(j, json_string(l));
    }
    return j;
}

static int cmd_question(int argc, char **argv)
{
    ttt_args a = {0};
    parse_args(argc, argv, &a, question_help, "gp", "fork-rule json");
    ttt_game g;
    need_game(&a, "question", &g);
    if (!a.play)
        cli_usage_error("question: --play MOVES is required (e.g. --play A,B,H,C; \"\" for none)");
    char err[VP_ERRLEN], l1[32], l2[32];
    ttt_pos pos;
    int moves[TTT_MAX_CELLS + 1], n;
    if (ttt_parse_moves(&g, a.play, &pos, moves, &n, err))
        cli_usage_error("--play '%s': %s", a.play, err);
    if (ttt_has_won(&g, pos.white) || ttt_has_won(&g, pos.black))
        cli_usage_error("--play '%s': the game is over (%s has won)", a.play,
                        ttt_has_won(&g, pos.white) ? "Alice" : "Bob");
    if (n == g.ncells)
        cli_usage_error("--play '%s': the board is full", a.play);
    ttt_set ans;
    int v = gen_label(&g, pos, a.rule, &ans);
    tt_table t1, t2;
    if (tt_init(&t1, 64 << 20) || tt_init(&t2, 64 << 20)) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    ttt_solver s;
    ttt_solver_init(&s, &g, &t1, &t2);
    ttt_analysis an;
    ttt_solve_analyse(&s, pos, TTT_SOLVE_DISTANCES, &an, err);
    tt_free(&t1);
    tt_free(&t2);
    char *text = gen_text_question(&g, moves, n);
    char *board = gen_text_board(&g, pos);
    char *sol = v > 0 ? gen_text_solution(&g, pos, v, ans) : NULL;
    if (a.json) {
        json_t *j = json_pack("{s:s, s:i, s:s, s:i, s:s, s:s, s:s, s:o, s:s, s:i, s:o, s:o, s:I}",
                              "format", QUESTION_FORMAT, "format_version", 1, "game", g.name, "n",
                              n, "next_player", n % 2 ? "Bob" : "Alice", "problem", text ? text : "",
                              "verdict", gen_verdict_name(v), "answers", letters_json(ans),
                              "value", value_name[an.value + 1], "value_plies", an.plies,
                              "optimal_moves", letters_json(an.optimal), "fastest_moves",
                              letters_json(an.fastest), "nodes", (json_int_t)s.nodes);
        if (v > 0) {
            json_object_set_new(j, "solution", json_string(sol ? sol : ""));
            json_object_set_new(j, "agreement", json_string(gen_agreement_name(gen_agreement_of(ans, an.optimal))));
        }
        print_json(j);
    } else {
        printf("%s\n\n%s\n\n", text ? text : "", board ? board : "");
        printf("verdict     %s\n", gen_verdict_name(v));
        if (v > 0) {
            printf("answers     %s\n", ttt_set_letters(ans, l1));
            printf("solution    %s\n", sol ? sol : "");
            printf("agreement   %s\n", gen_agreement_name(gen_agreement_of(ans, an.optimal)));
        }
        printf("value       %s in %d plies (for %s)\n", value_name[an.value + 1], an.plies,
               n % 2 ? "Bob" : "Alice");
        printf("optimal     %s\n", ttt_set_letters(an.optimal, l1));
        printf("fastest     %s\n", ttt_set_letters(an.fastest, l2));
    }
    free(text);
    free(board);
    free(sol);
    return CLI_OK;
}

typedef struct solve_progress {
    int quiet;
    double t0;
    const ttt_solver *s;
} solve_progress;

static void on_move(void *ctx, int cell, int value, int plies)
{
    solve_progress *p = ctx;
    if (p->quiet)
        return;
    if (plies < 0)
        fprintf(stderr, "  first move %c: %-4s  (%.1f s, %llu nodes so far)\n", ttt_cell_letter(cell),
                value_name[value + 1], ttt_solve_clock() - p->t0, (unsigned long long)p->s->nodes);
    else
        fprintf(stderr, "  first move %c: %-4s in %d plies  (%.1f s, %llu nodes so far)\n",
                ttt_cell_letter(cell), value_name[value + 1], plies, ttt_solve_clock() - p->t0,
                (unsigned long long)p->s->nodes);
}

static int cmd_solve(int argc, char **argv)
{
    ttt_args a = {0};
    a.tt_mb = 64;
    parse_args(argc, argv, &a, solve_help, "qg", "time-limit nodes no-distance tt-mb json");
    ttt_game g;
    need_game(&a, "solve", &g);
    tt_table t1, t2;
    if (tt_init(&t1, (size_t)a.tt_mb << 20) || tt_init(&t2, (size_t)a.tt_mb << 20)) {
        cli_error("out of memory for two %ld MiB transposition tables", a.tt_mb);
        return CLI_FAIL;
    }
    ttt_solver s;
    ttt_solver_init(&s, &g, &t1, &t2);
    solve_progress pr = {a.quiet, ttt_solve_clock(), &s};
    s.on_move = on_move;
    s.ctx = &pr;
    if (a.time_limit > 0)
        s.deadline = pr.t0 + a.time_limit;
    s.node_limit = (uint64_t)a.nodes;
    ttt_analysis an;
    char err[VP_ERRLEN], l1[32], l2[32];
    ttt_pos empty = {0, 0};
    if (!a.quiet)
        fprintf(stderr, "solving %s (symmetric first moves are solved once)\n", g.name);
    int rc = ttt_solve_analyse(&s, empty, TTT_SOLVE_ALL_VALUES | (a.no_distance ? 0 : TTT_SOLVE_DISTANCES), &an, err);
    double secs = ttt_solve_clock() - pr.t0;
    int complete = rc == 0;
    if (rc && rc != VP_EABORT) {
        cli_error("solve: %s", err);
        return CLI_FAIL;
    }
    /* Without a budget-free finish, only the first phase's solved moves are
     * known; the value is known if some solved move wins or all are solved. */
    if (a.json) {
        json_t *mv = json_object();
        uint64_t m = an.solved;
        while (m) {
            int c = bb_pop_lsb(&m);
            char l[2] = {ttt_cell_letter(c), 0};
            json_object_set_new(mv, l, json_string(value_name[an.move_value[c] + 1]));
        }
        json_t *j = json_pack("{s:s, s:i, s:s, s:b, s:o, s:I, s:f}", "format", SOLVE_FORMAT,
                              "format_version", 1, "game", g.name, "complete", complete,
                              "move_values", mv, "nodes", (json_int_t)s.nodes, "seconds", secs);
        if (an.solved == g.full) {
            json_object_set_new(j, "value", json_string(value_name[an.value + 1]));
            json_object_set_new(j, "optimal_moves", letters_json(an.optimal));
        }
        if (complete && !a.no_distance) {
            json_object_set_new(j, "value_plies", json_integer(an.plies));
            json_object_set_new(j, "fastest_moves", letters_json(an.fastest));
        }
        print_json(j);
    } else {
        printf("%s empty board, Alice to move\n", g.name);
        if (an.solved == g.full) {
            printf("  value          %s", value_name[an.value + 1]);
            if (complete && !a.no_distance)
                printf(" in %d plies", an.plies);
            printf("\n  optimal moves  %s\n", ttt_set_letters(an.optimal, l1));
            if (complete && !a.no_distance)
                printf("  fastest moves  %s\n", ttt_set_letters(an.fastest, l2));
        } else {
            printf("  incomplete: budget ran out; first moves solved: %s\n",
                   an.solved ? ttt_set_letters(an.solved, l1) : "none");
            uint64_t m = an.solved;
            while (m) {
                int c = bb_pop_lsb(&m);
                printf("    %c  %s\n", ttt_cell_letter(c), value_name[an.move_value[c] + 1]);
            }
        }
        if (an.solved == g.full && !complete)
            printf("  (plies not found within the budget)\n");
        printf("  nodes          %llu\n  seconds        %.3f\n", (unsigned long long)s.nodes, secs);
    }
    tt_free(&t1);
    tt_free(&t2);
    return complete ? CLI_OK : CLI_FAIL;
}

int cmd_ttt(int argc, char **argv)
{
    if (argc < 2) {
        ttt_usage(stderr);
        return CLI_USAGE;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "-h") || !strcmp(sub, "--help")) {
        ttt_usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(sub, "enumerate"))
        return cmd_enumerate(argc - 1, argv + 1);
    if (!strcmp(sub, "generate"))
        return cmd_generate(argc - 1, argv + 1);
    if (!strcmp(sub, "question"))
        return cmd_question(argc - 1, argv + 1);
    if (!strcmp(sub, "solve"))
        return cmd_solve(argc - 1, argv + 1);
    cli_usage_error("ttt: unknown subcommand '%s' (enumerate, generate, question, solve)", sub);
}
