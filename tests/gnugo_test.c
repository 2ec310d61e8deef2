/* gnugo_test.c: GNU Go 3.8 referees the Go rules. Random legal games are
 * played on vitalpoint's board and, over GTP, on GNU Go's; after every
 * move the full sets of legal moves of the side to move and the stones of
 * both colours must agree. Now and then a move that vitalpoint calls
 * illegal (occupied point, suicide, ko) is tried on both, and both must
 * refuse it. Sizes 5, 9, 13 and 19.
 *
 * usage: gnugo_test [--long] [--games-scale K]
 * Skips (exit 77) when GNU Go is absent: set GNUGO to its path, default
 * /usr/games/gnugo. --long checks at least 10,000 positions. */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engines/coord.h"
#include "engines/go.h"
#include "engines/rng.h"
#include "engines/vp.h"
#include "gtp_peer.h"
#include "test.h"

typedef struct stats {
    long positions, moves, refusals, kos, ko_refusals, big_captures, snapbacks, suicides;
    int largest_capture;
} stats;

/* Parses a GTP vertex list into a set; returns -1 on a bad vertex. */
static int parse_list(const char *s, int size, bb361 *out)
{
    bb361_clear(out);
    char buf[65536];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *t = strtok(buf, " \n"); t; t = strtok(NULL, " \n")) {
        int p;
        if (coord_parse(t, size, &p, NULL) || p == GO_PASS)
            return -1;
        bb361_set(out, p);
    }
    return 0;
}

static const char *cname(int color) { return color == GO_BLACK ? "black" : "white"; }

/* Compares legal moves of the side to move and all stones. */
static int compare(gtp_peer *gg, const go_board *b, int color, const char *where)
{
    int size = go_size(b), ok = 1;
    bb361 mine, theirs;
    go_legal_moves(b, color, &mine);
    if (gtp_peer_cmd(gg, "all_legal %s", cname(color)) != 1 || parse_list(gg->reply, size, &theirs)) {
        CHECK(0, "%s: GNU Go all_legal failed: %s", where, gg->reply);
        return 0;
    }
    ok &= bb361_equal(mine, theirs);
    CHECK(bb361_equal(mine, theirs), "%s: legal moves of %s differ (%d here, %d in GNU Go)", where,
          cname(color), bb361_popcount(mine), bb361_popcount(theirs));
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        go_stones(b, c, &mine);
        gtp_peer_cmd(gg, "list_stones %s", cname(c));
        parse_list(gg->reply, size, &theirs);
        ok &= bb361_equal(mine, theirs);
        CHECK(bb361_equal(mine, theirs), "%s: %s stones differ", where, cname(c));
    }
    return ok;
}

/* An empty point that color may not play (suicide or ko), or -1. */
static int illegal_empty_point(const go_board *b, int color, rng *r)
{
    int size = go_size(b), start = (int)rng_below(r, (uint64_t)(size * size));
    for (int i = 0; i < size * size; i++) {
        int k = (start + i) % (size * size), p = (k / size) * 19 + k % size;
        if (go_color_at(b, p) == GO_EMPTY && !go_is_legal(b, color, p))
            return p;
    }
    return -1;
}

/* Plays a uniformly random game on vitalpoint's board alone; returns 1
 * and the moves up to and including the first snapback (several stones
 * captured by a stone played where a single stone of its colour was just
 * captured), or 0 when the game has none. */
static int snapback_game(int size, uint64_t seed, int *moves, int *n)
{
    go_board b;
    rng r;
    rng_seed(&r, seed, 7, 7, 7);
    go_board_init(&b, size, NULL);
    int single = -1;
    for (int k = 0; k < 3 * size * size; k++) {
        int color = go_to_move(&b), p = go_random_move(&b, color, &r);
        moves[k] = p;
        if (p == GO_PASS) {
            if (go_passes(&b) >= 1)
                return 0;
            go_pass(&b, color);
            single = -1;
            continue;
        }
        bb361 before, after;
        go_stones(&b, go_other(color), &before);
        int c0 = go_captures(&b, color);
        go_play_legal(&b, color, p);
        int taken = go_captures(&b, color) - c0;
        if (taken >= 2 && p == single) {
            *n = k + 1;
            return 1;
        }
        single = -1;
        if (taken == 1) {
            go_stones(&b, go_other(color), &after);
            bb361 gone = bb361_andnot(before, after);
            single = bb361_lowest(&gone);
        }
    }
    return 0;
}

/* Plays one game on both boards: random moves, or the moves of script
 * (n of them) when script is not NULL. */
static void play_game(gtp_peer *gg, int size, rng *r, stats *st, int game, const int *script, int n)
{
    go_board b;
    char err[VP_ERRLEN], where[96], vbuf[COORD_BUFLEN];
    go_board_init(&b, size, NULL);
    gtp_peer_cmd(gg, "boardsize %d", size);
    gtp_peer_cmd(gg, "clear_board");
    int max_moves = 3 * size * size, single_captured = -1;
    if (script)
        max_moves = n;
    for (int m = 0; m < max_moves; m++) {
        int color = go_to_move(&b);
        snprintf(where, sizeof where, "size %d game %d move %d", size, game, m + 1);
        st->positions++;
        if (!compare(gg, &b, color, where))
            return;
        /* Sometimes try a move vitalpoint refuses. */
        int ko = go_ko_point(&b);
        int try_ko = !script && ko != GO_PASS && !go_is_legal(&b, color, ko);
        if (try_ko || (!script && rng_below(r, 8) == 0)) {
            int p = try_ko ? ko : illegal_empty_point(&b, color, r);
            if (p < 0 && go_empty_count(&b) < size * size) {
                do
                    p = (int)rng_below(r, (uint64_t)size) * 19 + (int)rng_below(r, (uint64_t)size);
                while (go_color_at(&b, p) == GO_EMPTY);
            }
            if (p >= 0) {
                int g_ok = gtp_peer_cmd(gg, "play %s %s", cname(color), coord_format(p, size, vbuf));
                int v_ok = go_play(&b, color, p, err) == 0;
                CHECK(g_ok == 0 && !v_ok, "%s: %s %s: GNU Go %s, vitalpoint %s", where, cname(color),
                      vbuf, g_ok ? "accepts" : "refuses", v_ok ? "accepts" : "refuses");
                st->refusals++;
                if (go_color_at(&b, p) == GO_EMPTY)
                    *(go_ko_point(&b) == p ? &st->ko_refusals : &st->suicides) += 1;
                if (g_ok || v_ok)
                    return;
            }
        }
        int p = script ? script[m] : go_random_move(&b, color, r);
        if (p == GO_PASS) {
            if (go_passes(&b) >= 1)
                break;
            gtp_peer_cmd(gg, "play %s pass", cname(color));
            go_pass(&b, color);
            continue;
        }
        int before = go_captures(&b, color);
        bb361 opp_before, opp_after;
        go_stones(&b, go_other(color), &opp_before);
        int g_ok = gtp_peer_cmd(gg, "play %s %s", cname(color), coord_format(p, size, vbuf));
        int v_ok = go_play(&b, color, p, err) == 0;
        CHECK(g_ok == 1 && v_ok, "%s: %s %s: GNU Go %s, vitalpoint %s (%s)", where, cname(color), vbuf,
              g_ok == 1 ? "accepts" : "refuses", v_ok ? "accepts" : "refuses", v_ok ? "" : err);
        if (g_ok != 1 || !v_ok)
            return;
        st->moves++;
        int taken = go_captures(&b, color) - before;
        if (taken > st->largest_capture)
            st->largest_capture = taken;
        if (taken >= 5)
            st->big_captures++;
        /* Snapback: several stones captured by a stone played where one
         * stone of ours was captured on the move before. */
        if (taken >= 2 && p == single_captured)
            st->snapbacks++;
        single_captured = -1;
        if (taken == 1) {
            go_stones(&b, go_other(color), &opp_after);
            bb361 gone = bb361_andnot(opp_before, opp_after);
            single_captured = bb361_lowest(&gone);
        }
        if (go_ko_point(&b) != GO_PASS)
            st->kos++;
    }
    snprintf(where, sizeof where, "size %d game %d end", size, game);
    compare(gg, &b, go_to_move(&b), where);
}

int main(int argc, char **argv)
{
    int longrun = 0;
    long scale = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--long"))
            longrun = 1;
        else if (!strcmp(argv[i], "--games-scale") && i + 1 < argc)
            scale = atol(argv[++i]);
    }
    const char *path = getenv("GNUGO");
    if (!path || !*path)
        path = "/usr/games/gnugo";
    if (access(path, X_OK) != 0) {
        printf("gnugo_test: skipped: GNU Go not found at %s (Debian package gnugo)\n", path);
        return 77;
    }
    gtp_peer gg = {0};
    char *args[] = {(char *)path, "--mode", "gtp", "--quiet", NULL};
    if (gtp_peer_start(&gg, args) || gtp_peer_cmd(&gg, "protocol_version") != 1) {
        printf("gnugo_test: cannot talk to %s\n", path);
        return 1;
    }
    gtp_peer_cmd(&gg, "version");
    printf("referee: GNU Go %s\n", gg.reply);
    static const int sizes[4] = {5, 9, 13, 19};
    /* Games per size: the quick run for make check, and --long. */
    static const int quick[4] = {30, 8, 3, 2}, lng[4] = {150, 40, 12, 6};
    stats total = {0};
    rng r;
    rng_seed(&r, 20261129, 0, 0, 0);
    for (int k = 0; k < 4; k++) {
        stats st = {0};
        int games = (int)((longrun ? lng[k] : quick[k]) * scale);
        for (int gm = 0; gm < games && test_failed == 0; gm++)
            play_game(&gg, sizes[k], &r, &st, gm + 1, NULL, 0);
        printf("size %2d: %d games, %ld positions compared, %ld moves, %ld refused moves (%ld "
               "suicides, %ld ko recaptures), %ld ko positions, %ld captures of 5+ stones "
               "(largest %d), %ld snapbacks\n",
               sizes[k], games, st.positions, st.moves, st.refusals, st.suicides, st.ko_refusals,
               st.kos, st.big_captures, st.largest_capture, st.snapbacks);
        total.positions += st.positions;
        total.kos += st.kos;
        total.big_captures += st.big_captures;
        total.suicides += st.suicides;
        total.ko_refusals += st.ko_refusals;
        total.snapbacks += st.snapbacks;
    }
    /* Snapbacks are rare in random play: find games that have one on
     * vitalpoint's board and replay them against GNU Go. */
    int moves[3 * 9 * 9], n, found = 0;
    for (uint64_t seed = 1; seed < 200000 && found < (longrun ? 20 : 3); seed++) {
        int size = 5 + 2 * (int)(seed % 3);
        if (snapback_game(size, seed, moves, &n)) {
            stats st = {0};
            play_game(&gg, size, &r, &st, (int)seed, moves, n);
            total.positions += st.positions;
            total.snapbacks += st.snapbacks;
            found++;
        }
    }
    printf("snapback games replayed: %d, snapbacks seen by the referee run: %ld\n", found,
           total.snapbacks);
    printf("total: %ld positions compared\n", total.positions);
    /* The games must have exercised what they are meant to test. */
    CHECK(total.kos > 0, "no ko arose");
    CHECK(total.big_captures > 0, "no capture of a large chain");
    CHECK(total.suicides > 0, "no suicide was tried");
    CHECK(total.ko_refusals > 0, "no ko recapture was tried");
    CHECK(total.snapbacks > 0, "no snapback arose");
    if (longrun)
        CHECK(total.positions >= 10000, "only %ld positions", total.positions);
    gtp_peer_stop(&gg);
    return test_done("gnugo_test");
}
