/* vp.c: the vp command: dispatches to the command families. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "metrics_io.h"

static void usage(FILE *f)
{
    fputs("Usage: vp COMMAND [ARGS]...\n"
          "vitalpoint: verified game-puzzle benchmarks for evaluating reasoning.\n"
          "\n"
          "Commands:\n"
          "  ttt enumerate   count and label every position of a tic-tac-toe variant\n"
          "  ttt generate    write a verified TTT-Bench-style question set\n"
          "  ttt question    label, solve and phrase one position given by its moves\n"
          "  ttt solve       game-theoretic value of the empty board\n"
          "  go show         read, check and print Go problems (SGF or JSON)\n"
          "  go solve        prove life-and-death problems (every correct first move)\n"
          "  go mcts         the MCTS/UCT reference search over problems, with metrics\n"
          "  gtp             a Go Text Protocol engine (for GoGui, Sabaki, scripts)\n"
          "  score           score model answers against a benchmark set (accuracy, Pass@1)\n"
          "  metrics trees   process search trees and MCTS lines: SearchE, tables, plots\n"
          "  metrics claims  claim graphs: structural entropy, eta, graph statistics\n"
          "\n"
          "Options:\n"
          "  -h, --help      show this help (and `vp CMD --help` for a command's)\n"
          "  -V, --version   show the version\n"
          "\n"
          "Exit status: 0 success, 1 the work failed, 2 bad usage or bad input.\n"
          "See vp(1) for details.\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
        printf("vp (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return CLI_OK;
    }
    if (!strcmp(cmd, "ttt"))
        return cmd_ttt(argc - 1, argv + 1);
    if (!strcmp(cmd, "go"))
        return cmd_go(argc - 1, argv + 1);
    if (!strcmp(cmd, "gtp"))
        return cmd_gtp(argc - 1, argv + 1);
    if (!strcmp(cmd, "score"))
        return cmd_score(argc - 1, argv + 1);
    if (!strcmp(cmd, "metrics"))
        return cmd_metrics(argc - 1, argv + 1);
    cli_usage_error("unknown command '%s' (see vp --help)", cmd);
}
