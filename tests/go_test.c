/* go_test.c: the Go board against hand-built positions (captures,
 * snapback, ko, suicide, superko, liberties, hashing), coordinates, board
 * symmetries, and against an independent slow rules implementation (plain
 * arrays and flood fill) in random games and perft counts. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "engines/bitboard.h"
#include "engines/coord.h"
#include "engines/go.h"
#include "engines/gosym.h"
#include "engines/rng.h"
#include "engines/vp.h"
#include "test.h"
#include "go_diagram.h"

/* ---- helpers ---- */

static int pt(const char *s, int n)
{
    char err[VP_ERRLEN];
    int p = -2;
    int rc = coord_parse(s, n, &p, err);
    CHECK(rc == 0, "coord_parse(\"%s\", %d): %s", s, n, err);
    return p;
}


static int play(go_board *b, int color, const char *where)
{
    char err[VP_ERRLEN];
    return go_play(b, color, pt(where, b->size), err);
}

static int at(const go_board *b, const char *where) { return go_color_at(b, pt(where, b->size)); }

/* A board set up from b's stones alone: same position, fresh history. */
static uint64_t setup_hash(const go_board *b)
{
    go_board c;
    bb361 s;
    char err[VP_ERRLEN];
    go_board_init(&c, b->size, err);
    go_stones(b, GO_BLACK, &s);
    go_setup_stones(&c, GO_BLACK, &s, err);
    go_stones(b, GO_WHITE, &s);
    go_setup_stones(&c, GO_WHITE, &s, err);
    return go_hash(&c);
}

/* ---- the independent slow rules: n*n arrays, index y*n + x ---- */

typedef signed char cell;

static int brute_libs(int n, const cell *pos, int p, cell *mark)
{
    int stack[GO_NPOINTS], sp = 0, libs = 0, c = pos[p];
    cell seen[GO_NPOINTS] = {0};
    stack[sp++] = p;
    seen[p] = 1;
    while (sp) {
        int q = stack[--sp], x = q % n, y = q / n;
        if (mark)
            mark[q] = 1;
        int nb[4], nn = 0;
        if (x > 0)
            nb[nn++] = q - 1;
        if (x < n - 1)
            nb[nn++] = q + 1;
        if (y > 0)
            nb[nn++] = q - n;
        if (y < n - 1)
            nb[nn++] = q + n;
        for (int k = 0; k < nn; k++) {
            int r = nb[k];
            if (seen[r])
                continue;
            if (pos[r] == 0) {
                seen[r] = 1;
                libs++;
            } else if (pos[r] == c) {
                seen[r] = 1;
                stack[sp++] = r;
            }
        }
    }
    return libs;
}

/* Plays color at p into out; 1 when legal: empty, not suicide, and not
 * recreating prev (the position before the opponent's last move; NULL when
 * there is none), which is the simple ko rule. */
static int brute_play(int n, const cell *pos, const cell *prev, int color, int p, cell *out)
{
    if (pos[p] != 0)
        return 0;
    memcpy(out, pos, (size_t)(n * n));
    out[p] = (cell)color;
    int x = p % n, y = p / n, nb[4], nn = 0;
    if (x > 0)
        nb[nn++] = p - 1;
    if (x < n - 1)
        nb[nn++] = p + 1;
    if (y > 0)
        nb[nn++] = p - n;
    if (y < n - 1)
        nb[nn++] = p + n;
    for (int k = 0; k < nn; k++) {
        cell mark[GO_NPOINTS] = {0};
        if (out[nb[k]] == 3 - color && brute_libs(n, out, nb[k], mark) == 0)
            for (int q = 0; q < n * n; q++)
                if (mark[q])
                    out[q] = 0;
    }
    if (brute_libs(n, out, p, NULL) == 0)
        return 0;
    if (prev && memcmp(out, prev, (size_t)(n * n)) == 0)
        return 0;
    return 1;
}

static long brute_perft(int n, const cell *pos, const cell *prev, int color, int depth)
{
    cell out[GO_NPOINTS];
    long count = 0;
    for (int p = 0; p < n * n; p++)
        if (brute_play(n, pos, prev, color, p, out))
            count += depth == 1 ? 1 : brute_perft(n, out, pos, 3 - color, depth - 1);
    return count;
}

static void board_cells(const go_board *b, cell *pos)
{
    int n = b->size;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            pos[y * n + x] = (cell)go_color_at(b, bb361_xy(x, y));
}

static long engine_perft(const go_board *b, int color, int depth)
{
    bb361 legal;
    long count = 0;
    int nlegal = go_legal_moves(b, color, &legal);
    if (depth == 1)
        return nlegal;
    while (!bb361_is_empty(legal)) {
        go_board c = *b;
        go_play_legal(&c, color, bb361_pop(&legal));
        count += engine_perft(&c, go_other(color), depth - 1);
    }
    return count;
}

/* ---- rules ---- */

static void test_init(void)
{
    go_board b;
    char err[VP_ERRLEN];
    CHECK(go_board_init(&b, 1, err) == VP_ERANGE, "size 1 accepted");
    CHECK(go_board_init(&b, 20, err) == VP_ERANGE, "size 20 accepted");
    for (int n = GO_MIN_SIZE; n <= GO_MAX_SIZE; n++) {
        CHECK(go_board_init(&b, n, err) == 0, "size %d: %s", n, err);
        bb361 e, legal;
        CHECK(go_stones(&b, GO_EMPTY, &e) == n * n && bb361_equal(e, bb361_square(n)), "size %d empties", n);
        CHECK(go_legal_moves(&b, GO_BLACK, &legal) == n * n && bb361_equal(legal, e), "size %d legal", n);
        CHECK(go_hash(&b) == 0 && go_to_move(&b) == GO_BLACK && go_move_number(&b) == 0, "size %d", n);
    }
    go_board_init(&b, 9, err);
    CHECK(go_color_at(&b, bb361_xy(9, 0)) == GO_OFFBOARD && go_color_at(&b, -1) == GO_OFFBOARD, "off board");
    CHECK(go_play(&b, GO_BLACK, bb361_xy(9, 0), err) == VP_EINVAL, "off-board play accepted");
    CHECK(go_play(&b, 7, 0, err) == VP_EINVAL, "bad colour accepted");
    CHECK(!go_is_legal(&b, GO_BLACK, bb361_xy(0, 9)) && go_is_legal(&b, GO_BLACK, GO_PASS), "legal");
    CHECK(play(&b, GO_BLACK, "E5") == 0 && play(&b, GO_WHITE, "E5") == VP_EINVAL, "occupied accepted");
    CHECK(go_play(&b, GO_WHITE, pt("E5", 9), err) == VP_EINVAL && strstr(err, "occupied"), "msg %s", err);
    CHECK(go_move_number(&b) == 1 && go_to_move(&b) == GO_WHITE, "counters");
    go_pass(&b, GO_WHITE);
    go_pass(&b, GO_BLACK);
    CHECK(go_passes(&b) == 2 && go_move_number(&b) == 3 && go_to_move(&b) == GO_WHITE, "passes");
    CHECK(play(&b, GO_WHITE, "D4") == 0 && go_passes(&b) == 0, "passes reset");
}

static void test_captures(void)
{
    go_board b;
    /* single stone in the middle */
    setup(&b, 5,
          ". . . . ."
          ". . X . ."
          ". X O X ."
          ". . . . ."
          ". . . . .");
    CHECK(go_chain_libs(&b, pt("C3", 5)) == 1, "C3 libs %d", go_chain_libs(&b, pt("C3", 5)));
    CHECK(play(&b, GO_BLACK, "C2") == 0, "C2");
    CHECK(at(&b, "C3") == GO_EMPTY && go_captures(&b, GO_BLACK) == 1, "single capture");
    CHECK(go_chain_libs(&b, pt("C2", 5)) == 4 && go_chain_libs(&b, pt("B3", 5)) == 4, "libs after capture");
    CHECK(go_hash(&b) == setup_hash(&b), "hash after capture");

    /* a chain of seven on the edge */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". X X X X X X . ."
          "X O O O O O O X ."
          ". O X . . . . . .");
    CHECK(go_chain(&b, pt("B2", 9), NULL) == 7 && go_chain_libs(&b, pt("B1", 9)) == 5, "big chain %d libs %d",
          go_chain(&b, pt("B2", 9), NULL), go_chain_libs(&b, pt("B1", 9)));
    const char *fill[] = {"D1", "E1", "F1", "G1", "H1"};
    for (int i = 0; i < 5; i++) {
        CHECK(play(&b, GO_BLACK, fill[i]) == 0, "%s", fill[i]);
        go_pass(&b, GO_WHITE);
    }
    CHECK(go_chain_libs(&b, pt("B2", 9)) == 1, "atari");
    CHECK(play(&b, GO_BLACK, "A1") == 0, "A1 captures");
    CHECK(go_captures(&b, GO_BLACK) == 7, "captured %d", go_captures(&b, GO_BLACK));
    bb361 white;
    CHECK(go_stones(&b, GO_WHITE, &white) == 0, "white left");
    CHECK(go_chain_libs(&b, pt("A1", 9)) == 3 && go_chain_libs(&b, pt("C1", 9)) == 9,
          "libs after big capture: A1 %d, C1 %d", go_chain_libs(&b, pt("A1", 9)), go_chain_libs(&b, pt("C1", 9)));
    CHECK(go_hash(&b) == setup_hash(&b), "hash after big capture");

    /* one move captures two chains */
    setup(&b, 5,
          ". . . . ."
          ". . . . ."
          "X . . . ."
          "O X . . ."
          ". O X . .");
    CHECK(play(&b, GO_BLACK, "A1") == 0 && at(&b, "A2") == GO_EMPTY && at(&b, "B1") == GO_EMPTY, "two chains");
    CHECK(go_captures(&b, GO_BLACK) == 2 && go_chain_libs(&b, pt("A1", 5)) == 2, "two captured");
    CHECK(go_ko_point(&b) == GO_PASS, "no ko after a two-stone capture");
}

static void test_snapback(void)
{
    go_board b;
    setup(&b, 5,
          ". . . . ."
          ". . . . ."
          "X X X . ."
          "O O O X ."
          ". . O X .");
    CHECK(go_chain_libs(&b, pt("A2", 5)) == 2, "two libs");
    CHECK(play(&b, GO_BLACK, "B1") == 0, "throw-in");
    CHECK(go_chain_libs(&b, pt("A2", 5)) == 1 && go_chain_libs(&b, pt("B1", 5)) == 1, "both in atari");
    CHECK(play(&b, GO_WHITE, "A1") == 0 && at(&b, "B1") == GO_EMPTY, "white takes");
    CHECK(go_ko_point(&b) == GO_PASS, "not a ko");
    CHECK(go_chain(&b, pt("A1", 5), NULL) == 5 && go_chain_libs(&b, pt("A1", 5)) == 1, "white chain of 5");
    CHECK(play(&b, GO_BLACK, "B1") == 0, "snapback");
    CHECK(go_captures(&b, GO_BLACK) == 5 && go_captures(&b, GO_WHITE) == 1, "captures %d %d",
          go_captures(&b, GO_BLACK), go_captures(&b, GO_WHITE));
    CHECK(go_chain_libs(&b, pt("B1", 5)) == 3, "B1 libs %d", go_chain_libs(&b, pt("B1", 5)));
}

static const char ko_rows[] = ". . . . ."
                              ". X O . ."
                              "X O . O ."
                              ". X O . ."
                              ". . . . .";

static void test_ko(void)
{
    go_board b;
    char err[VP_ERRLEN];
    setup(&b, 5, ko_rows);
    uint64_t before = go_hash(&b);
    CHECK(play(&b, GO_BLACK, "C3") == 0 && at(&b, "B3") == GO_EMPTY, "take ko");
    CHECK(go_ko_point(&b) == pt("B3", 5), "ko point");
    CHECK(!go_is_legal(&b, GO_WHITE, pt("B3", 5)), "retake legal");
    CHECK(go_play(&b, GO_WHITE, pt("B3", 5), err) == VP_EINVAL && strstr(err, "ko"), "retake: %s", err);
    bb361 legal;
    go_legal_moves(&b, GO_WHITE, &legal);
    CHECK(!bb361_test(&legal, pt("B3", 5)) && bb361_test(&legal, pt("E5", 5)), "legal set and ko");
    CHECK(play(&b, GO_WHITE, "E5") == 0 && play(&b, GO_BLACK, "E1") == 0, "threat and answer");
    CHECK(play(&b, GO_WHITE, "B3") == 0 && at(&b, "C3") == GO_EMPTY, "retake after elsewhere");
    CHECK(go_ko_point(&b) == pt("C3", 5) && !go_is_legal(&b, GO_BLACK, pt("C3", 5)), "ko flips");
    /* the capturer may fill instead: the ko binds only the other side */
    go_board c = b;
    CHECK(play(&c, GO_WHITE, "C3") == 0, "capturer fills the ko");

    /* passes clear ko; without superko the retake after two passes is
     * legal, with superko it repeats the position before the take */
    for (int sk = 0; sk < 2; sk++) {
        setup(&b, 5, ko_rows);
        go_set_superko(&b, sk);
        CHECK(play(&b, GO_BLACK, "C3") == 0, "take");
        go_pass(&b, GO_WHITE);
        go_pass(&b, GO_BLACK);
        int rc = go_play(&b, GO_WHITE, pt("B3", 5), err);
        if (!sk) {
            CHECK(rc == 0 && go_hash(&b) == before, "retake after passes without superko");
        } else {
            CHECK(rc == VP_EINVAL && strstr(err, "superko"), "superko: %d %s", rc, err);
            CHECK(!go_is_legal(&b, GO_WHITE, pt("B3", 5)), "superko legal");
            go_legal_moves(&b, GO_WHITE, &legal);
            CHECK(!bb361_test(&legal, pt("B3", 5)), "superko legal set");
            /* after moves elsewhere the position is new and the retake fine */
            CHECK(play(&b, GO_WHITE, "E5") == 0 && play(&b, GO_BLACK, "E1") == 0, "elsewhere");
            CHECK(play(&b, GO_WHITE, "B3") == 0, "retake under superko after elsewhere");
        }
    }
}

static void test_suicide(void)
{
    go_board b;
    char err[VP_ERRLEN];
    setup(&b, 5,
          ". . . . ."
          ". . . . ."
          ". . . . ."
          "X . . . ."
          ". X . . .");
    uint64_t h = go_hash(&b);
    CHECK(go_play(&b, GO_WHITE, pt("A1", 5), err) == VP_EINVAL && strstr(err, "suicide"), "single: %s", err);
    CHECK(go_hash(&b) == h && at(&b, "A1") == GO_EMPTY && go_move_number(&b) == 0, "unchanged");
    CHECK(go_is_legal(&b, GO_BLACK, pt("A1", 5)), "own eye is legal for black");

    setup(&b, 5,
          ". . . . ."
          ". . . . ."
          "X . . . ."
          ". X . . ."
          "O X . . .");
    CHECK(go_play(&b, GO_WHITE, pt("A2", 5), err) == VP_EINVAL && strstr(err, "suicide"), "multi: %s", err);
    CHECK(!go_is_legal(&b, GO_WHITE, pt("A2", 5)), "multi legal");

    /* filling the last liberty is fine when it captures */
    setup(&b, 5,
          ". . . . ."
          ". . . . ."
          "O . . . ."
          "X O . . ."
          ". X O . .");
    CHECK(go_is_legal(&b, GO_WHITE, pt("A1", 5)) && play(&b, GO_WHITE, "A1") == 0, "capture by filling");
    CHECK(go_captures(&b, GO_WHITE) == 2 && go_chain_libs(&b, pt("A1", 5)) == 2, "filled and captured");
    /* and black's own last liberty is suicide for a multi-stone chain */
    setup(&b, 5,
          ". . . . ."
          ". . . . ."
          "O . . . ."
          "X O . . ."
          ". X O . .");
    CHECK(!go_is_legal(&b, GO_BLACK, pt("A1", 5)), "black A1 suicide");

    /* whole-board suicide on 2x2 */
    setup(&b, 2, "X . . X");
    CHECK(go_is_legal(&b, GO_BLACK, pt("B2", 2)) == 1 && go_is_legal(&b, GO_WHITE, pt("B2", 2)) == 0, "2x2");
    CHECK(play(&b, GO_BLACK, "B2") == 0 && !go_is_legal(&b, GO_BLACK, pt("A1", 2)) &&
              go_is_legal(&b, GO_WHITE, pt("A1", 2)),
          "2x2 whole-board suicide and capture");
}

static void test_setup(void)
{
    go_board b;
    char err[VP_ERRLEN];
    go_board_init(&b, 5, err);
    go_setup_stone(&b, GO_BLACK, pt("A1", 5), err);
    go_setup_stone(&b, GO_WHITE, pt("A2", 5), err);
    CHECK(go_setup_check(&b, err) == 0, "%s", err);
    go_setup_stone(&b, GO_WHITE, pt("B1", 5), err);
    CHECK(go_setup_check(&b, err) == VP_EINVAL && strstr(err, "A1"), "no-liberty chain: %s", err);
    go_setup_stone(&b, GO_EMPTY, pt("A2", 5), err);
    CHECK(go_setup_check(&b, err) == 0 && go_chain_libs(&b, pt("A1", 5)) == 1, "cleared");
    CHECK(go_setup_stone(&b, GO_BLACK, bb361_xy(5, 0), err) == VP_EINVAL, "off-board setup");
    CHECK(go_setup_stone(&b, 4, 0, err) == VP_EINVAL, "bad colour setup");
    CHECK(go_set_to_move(&b, GO_WHITE, err) == 0 && go_to_move(&b) == GO_WHITE, "to move");
    CHECK(go_set_to_move(&b, GO_EMPTY, err) == VP_EINVAL, "bad to move");
}

static void test_liberties(void)
{
    go_board b;
    setup(&b, 9,
          "X . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . X X . . . ."
          ". . . X . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . X . . . O");
    CHECK(go_chain_libs(&b, pt("A9", 9)) == 2 && go_chain_libs(&b, pt("E1", 9)) == 3 &&
              go_chain_libs(&b, pt("J1", 9)) == 2,
          "corner/edge libs");
    /* an L of three: E5 touches two of its stones and counts once */
    bb361 libs, want = bb361_empty();
    const char *w[] = {"D7", "E7", "C6", "F6", "C5", "E5", "D4"};
    for (int i = 0; i < 7; i++)
        bb361_set(&want, pt(w[i], 9));
    CHECK(go_chain_liberties(&b, pt("D5", 9), &libs) == 7 && bb361_equal(libs, want), "L libs %d",
          go_chain_libs(&b, pt("D5", 9)));
    bb361 ch;
    CHECK(go_chain(&b, pt("E6", 9), &ch) == 3 && bb361_test(&ch, pt("D5", 9)), "chain set");
    CHECK(go_chain_libs(&b, pt("E5", 9)) == 0 && go_chain(&b, pt("E5", 9), &ch) == 0, "empty point");
    CHECK(play(&b, GO_WHITE, "E5") == 0 && go_chain_libs(&b, pt("D6", 9)) == 6 &&
              go_chain_libs(&b, pt("E5", 9)) == 2,
          "after contact: %d %d", go_chain_libs(&b, pt("D6", 9)), go_chain_libs(&b, pt("E5", 9)));
}

static void test_hash(void)
{
    go_board a, b;
    char err[VP_ERRLEN];
    const char *m1[] = {"D4", "E5", "C3", "F6", "G7"}, *m2[] = {"G7", "F6", "D4", "E5", "C3"};
    go_board_init(&a, 9, err);
    go_board_init(&b, 9, err);
    for (int i = 0; i < 5; i++) {
        play(&a, i % 2 ? GO_WHITE : GO_BLACK, m1[i]);
        play(&b, i % 2 ? GO_WHITE : GO_BLACK, m2[i]);
    }
    CHECK(go_hash(&a) == go_hash(&b) && go_hash_full(&a) == go_hash_full(&b), "transposition");
    CHECK(go_hash(&a) == setup_hash(&a), "incremental equals set-up");
    go_pass(&b, GO_WHITE);
    CHECK(go_hash(&a) == go_hash(&b) && go_hash_full(&a) != go_hash_full(&b), "side to move in full hash");

    /* a capture restores the hash of the board without the captured stone */
    go_board_init(&a, 9, err);
    play(&a, GO_BLACK, "E4");
    uint64_t h1 = go_hash(&a);
    go_board c = a;
    play(&a, GO_WHITE, "E5");
    play(&a, GO_BLACK, "D5");
    play(&a, GO_WHITE, "A1");
    play(&a, GO_BLACK, "F5");
    play(&a, GO_WHITE, "A2");
    play(&a, GO_BLACK, "E6");
    CHECK(at(&a, "E5") == GO_EMPTY, "captured");
    play(&c, GO_BLACK, "D5");
    play(&c, GO_WHITE, "A1");
    play(&c, GO_BLACK, "F5");
    play(&c, GO_WHITE, "A2");
    play(&c, GO_BLACK, "E6");
    CHECK(go_hash(&a) == go_hash(&c) && go_hash(&a) != h1, "hash restored after capture");
    CHECK(go_zobrist(GO_BLACK, 0) != go_zobrist(GO_WHITE, 0) && go_zobrist(GO_BLACK, 0) == go_zobrist(1, 0),
          "keys");
}

/* ---- random games against the slow rules ---- */

static void check_against_brute(const go_board *b, const cell *prev, const char *where)
{
    int n = b->size;
    cell pos[GO_NPOINTS], out[GO_NPOINTS];
    board_cells(b, pos);
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        bb361 legal;
        go_legal_moves(b, c, &legal);
        /* the ko rule binds only the side to move */
        const cell *pr = c == go_to_move(b) ? prev : NULL;
        for (int p = 0; p < n * n; p++) {
            int q = bb361_xy(p % n, p / n);
            int want = brute_play(n, pos, pr, c, p, out);
            if (bb361_test(&legal, q) != want) {
                char name[COORD_BUFLEN];
                CHECK(0, "%s: %s legal for %d: engine %d, slow %d", where, coord_format(q, n, name), c,
                      bb361_test(&legal, q), want);
                return;
            }
        }
    }
    for (int p = 0; p < n * n; p++) {
        int q = bb361_xy(p % n, p / n);
        if (!pos[p])
            continue;
        cell mark[GO_NPOINTS] = {0};
        int libs = brute_libs(n, pos, p, mark), size = 0;
        for (int r = 0; r < n * n; r++)
            size += mark[r];
        if (go_chain_libs(b, q) != libs || go_chain(b, q, NULL) != size) {
            CHECK(0, "%s: point %d libs %d/%d size %d/%d", where, q, go_chain_libs(b, q), libs,
                  go_chain(b, q, NULL), size);
            return;
        }
    }
    if (go_hash(b) != setup_hash(b))
        CHECK(0, "%s: hash differs from a set-up board's", where);
}

static void test_random_games(void)
{
    static const int sizes[] = {2, 3, 4, 5, 7, 9, 13, 19};
    static const int games[] = {200, 200, 100, 60, 30, 20, 4, 2};
    char err[VP_ERRLEN], where[64];
    int failed_before = test_failed;
    long moves = 0, captures = 0;
    for (int si = 0; si < 8; si++) {
        int n = sizes[si];
        for (int g = 0; g < games[si] && test_failed == failed_before; g++) {
            rng r;
            rng_seed(&r, 7, (uint64_t)n, (uint64_t)g, 0);
            go_board b;
            go_board_init(&b, n, err);
            cell prev[GO_NPOINTS];
            int have_prev = 0, passes = 0;
            for (int mv = 0; mv < 3 * n * n && passes < 2 && test_failed == failed_before; mv++) {
                int c = go_to_move(&b), p;
                /* mostly the playout policy, sometimes any legal move (own
                 * eyes and suicide-adjacent points included), rarely a pass */
                uint64_t pick = rng_below(&r, 20);
                if (pick == 0) {
                    p = GO_PASS;
                } else if (pick < 4) {
                    bb361 legal;
                    int k = go_legal_moves(&b, c, &legal);
                    p = GO_PASS;
                    for (int j = k ? (int)rng_below(&r, (uint64_t)k) : -1; j >= 0; j--)
                        p = bb361_pop(&legal);
                } else {
                    p = go_random_move(&b, c, &r);
                }
                board_cells(&b, prev);
                have_prev = 1;
                CHECK(go_play(&b, c, p, err) == 0, "size %d game %d move %d: %s", n, g, mv, err);
                passes = p == GO_PASS ? passes + 1 : 0;
                moves++;
                snprintf(where, sizeof where, "size %d game %d move %d", n, g, mv);
                check_against_brute(&b, have_prev ? prev : NULL, where);
            }
            captures += go_captures(&b, GO_BLACK) + go_captures(&b, GO_WHITE);
        }
    }
    CHECK(moves > 2000 && captures > 100, "random games: %ld moves, %ld captures", moves, captures);

    /* with superko on, the playout policy never repeats a remembered
     * position (every position of these games is remembered) */
    for (int g = 0; g < 20; g++) {
        rng r;
        rng_seed(&r, 11, (uint64_t)g, 0, 0);
        go_board b;
        uint64_t seen[GO_HISTORY];
        int nseen = 0, repeats = 0, refused = 0, n = 2 + g % 4;
        go_board_init(&b, n, err);
        go_set_superko(&b, 1);
        seen[nseen++] = go_hash(&b);
        for (int mv = 0; mv < 3 * n * n && go_passes(&b) < 2 && nseen < GO_HISTORY; mv++) {
            int c = go_to_move(&b), p = go_random_move(&b, c, &r);
            refused += go_play(&b, c, p, err) != 0;
            if (p == GO_PASS)
                continue;
            for (int k = 0; k < nseen; k++)
                repeats += seen[k] == go_hash(&b);
            seen[nseen++] = go_hash(&b);
        }
        CHECK(repeats == 0 && refused == 0, "superko game %d: %d repeats, %d refused", g, repeats, refused);
    }
}

/* ---- perft ---- */

static void test_perft(void)
{
    go_board b;
    char err[VP_ERRLEN];
    cell pos[GO_NPOINTS];
    /* literal counts: a regression signature, also derived below */
    static const long want5[] = {0, 25, 600, 13800, 303424};
    go_board_init(&b, 5, err);
    board_cells(&b, pos);
    for (int d = 1; d <= 4; d++) {
        long e = engine_perft(&b, GO_BLACK, d), s = brute_perft(5, pos, NULL, GO_BLACK, d);
        CHECK(e == s, "5x5 depth %d: engine %ld, slow %ld", d, e, s);
        CHECK(e == want5[d], "5x5 depth %d: %ld, signature %ld", d, e, want5[d]);
    }

    /* 9x9 with a ko to take (D7), three stones in atari (J3), a white
     * suicide point (A1, which black captures at) */
    static const long want9[] = {0, 57, 3140, 173106};
    setup(&b, 9,
          ". . . . . . . . ."
          ". . X O . . . . ."
          ". X O . O . . . ."
          ". . X O . . . . ."
          ". . . . . . X X ."
          ". . . . . X O O X"
          "X X X . . . X O ."
          "O O X . . . . X ."
          ". O X . . . . . .");
    board_cells(&b, pos);
    for (int d = 1; d <= 3; d++) {
        long e = engine_perft(&b, GO_BLACK, d), s = brute_perft(9, pos, NULL, GO_BLACK, d);
        CHECK(e == s, "9x9 depth %d: engine %ld, slow %ld", d, e, s);
        CHECK(e == want9[d], "9x9 depth %d: %ld, signature %ld", d, e, want9[d]);
    }
}

/* ---- coordinates ---- */

static void test_coords(void)
{
    char err[VP_ERRLEN], buf[COORD_BUFLEN];
    int p;
    CHECK(coord_sgf_parse("oe", 19, &p, err) == 0 && strcmp(coord_format(p, 19, buf), "P15") == 0, "oe -> %s",
          buf);
    CHECK(strcmp(coord_sgf_format(pt("P15", 19), 19, buf), "oe") == 0, "P15 -> %s", buf);
    CHECK(pt("A1", 19) == 0 && pt("T19", 19) == 360 && pt("J1", 19) == 8 && pt("H2", 19) == 26, "layout");
    CHECK(coord_sgf_parse("aa", 19, &p, err) == 0 && p == pt("A19", 19), "aa is A19");
    CHECK(coord_sgf_parse("ai", 9, &p, err) == 0 && p == pt("A1", 9), "ai is A1 on 9x9");
    const char *good[] = {"p15", "P 15", " P15 ", "P15", "\tp  15\n"};
    for (int i = 0; i < 5; i++)
        CHECK(coord_parse(good[i], 19, &p, err) == 0 && p == bb361_xy(14, 14), "\"%s\": %s", good[i], err);
    const char *passes[] = {"pass", "PASS", " Pass "};
    for (int i = 0; i < 3; i++)
        CHECK(coord_parse(passes[i], 9, &p, err) == 0 && p == COORD_PASS, "%s", passes[i]);
    CHECK(strcmp(coord_format(COORD_PASS, 9, buf), "pass") == 0, "pass text");
    CHECK(coord_sgf_parse("", 19, &p, err) == 0 && p == COORD_PASS, "sgf pass");
    CHECK(coord_sgf_parse("tt", 19, &p, err) == 0 && p == COORD_PASS, "sgf tt pass");
    CHECK(strcmp(coord_sgf_format(COORD_PASS, 19, buf), "") == 0, "sgf pass text");

    struct {
        const char *s;
        int size, rc;
        const char *msg;
    } bad[] = {
        {"I5", 19, VP_EINVAL, "no column I"}, {"i5", 19, VP_EINVAL, "no column I"},
        {"U5", 19, VP_ERANGE, "beyond"},      {"K5", 9, VP_ERANGE, "beyond"},
        {"A0", 19, VP_ERANGE, "row 0"},       {"A20", 19, VP_ERANGE, "row 20"},
        {"A10", 9, VP_ERANGE, "row 10"},      {"", 19, VP_EINVAL, "expected"},
        {"15", 19, VP_EINVAL, "expected"},    {"P", 19, VP_EINVAL, "row number"},
        {"PP15", 19, VP_EINVAL, "row number"}, {"P15x", 19, VP_EINVAL, "after"},
        {"P1 5", 19, VP_EINVAL, "after"},     {"passe", 19, VP_EINVAL, "row number"},
        {"A99999999999", 19, VP_ERANGE, "row"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        int rc = coord_parse(bad[i].s, bad[i].size, &p, err);
        CHECK(rc == bad[i].rc && strstr(err, bad[i].msg), "\"%s\": rc %d, %s", bad[i].s, rc, err);
    }
    CHECK(coord_parse("J9", 9, &p, err) == 0 && p == bb361_xy(8, 8), "J9 on 9x9");
    const char *sbad[] = {"a", "abc", "Aa", "aA", "a1", "zz"};
    for (int i = 0; i < 6; i++)
        CHECK(coord_sgf_parse(sbad[i], 19, &p, err) < 0, "sgf \"%s\" accepted", sbad[i]);
    CHECK(coord_sgf_parse("ja", 9, &p, err) == VP_ERANGE && coord_sgf_parse("aj", 9, &p, err) == VP_ERANGE,
          "sgf beyond 9x9");
    CHECK(coord_column('I') == -1 && coord_column('j') == 8 && coord_column_letter(8) == 'J', "columns");

    static const int sizes[] = {19, 9, 13, 2};
    for (int si = 0; si < 4; si++) {
        int n = sizes[si], bad_rt = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int q = bb361_xy(x, y), a = -9, s = -9;
                char t[COORD_BUFLEN], g[COORD_BUFLEN];
                coord_format(q, n, t);
                coord_sgf_format(q, n, g);
                coord_parse(t, n, &a, err);
                coord_sgf_parse(g, n, &s, err);
                /* text and SGF agree through an independent formula */
                char want[COORD_BUFLEN];
                snprintf(want, sizeof want, "%c%d", "ABCDEFGHJKLMNOPQRST"[x], y + 1);
                bad_rt += a != q || s != q || strcmp(t, want) != 0 || g[0] != 'a' + x || g[1] != 'a' + (n - 1 - y);
            }
        CHECK(bad_rt == 0, "size %d: %d round trips failed", n, bad_rt);
    }
}

/* ---- symmetries ---- */

static void test_symmetry(void)
{
    char err[VP_ERRLEN];
    int bad = 0;
    for (int a = 0; a < GOSYM_COUNT; a++) {
        CHECK(gosym_compose(a, gosym_inverse(a)) == GOSYM_IDENTITY, "inverse of %s", gosym_name(a));
        CHECK(gosym_compose(GOSYM_IDENTITY, a) == a && gosym_compose(a, GOSYM_IDENTITY) == a, "identity");
        int seen[GOSYM_COUNT] = {0};
        for (int b2 = 0; b2 < GOSYM_COUNT; b2++) {
            int c = gosym_compose(a, b2);
            bad += c < 0 || c >= GOSYM_COUNT;
            seen[c]++;
            for (int d = 0; d < GOSYM_COUNT; d++)
                bad += gosym_compose(gosym_compose(a, b2), d) != gosym_compose(a, gosym_compose(b2, d));
            for (int n = 2; n <= 19; n += 17)
                for (int p = 0; p < n * n; p++) {
                    int q = bb361_xy(p % n, p / n);
                    bad += gosym_point(n, c, q) != gosym_point(n, b2, gosym_point(n, a, q));
                }
        }
        for (int c = 0; c < GOSYM_COUNT; c++)
            bad += seen[c] != 1; /* a row of the group table is a permutation */
        /* each symmetry permutes the board */
        for (int n = 2; n <= 19; n++) {
            bb361 img = gosym_set(n, a, bb361_square(n));
            bad += !bb361_equal(img, bb361_square(n));
        }
    }
    CHECK(bad == 0, "%d group law failures", bad);
    CHECK(gosym_point(19, GOSYM_ROT90, pt("A1", 19)) == pt("T1", 19), "rot90 of A1 is %d",
          gosym_point(19, GOSYM_ROT90, pt("A1", 19)));
    CHECK(gosym_point(19, GOSYM_FLIP_X, pt("C4", 19)) == pt("R4", 19) && gosym_point(9, GOSYM_FLIP_Y, pt("C4", 9)) == pt("C6", 9),
          "flips");
    CHECK(gosym_point(19, GOSYM_ROT180, GO_PASS) == GO_PASS, "pass");
    int distinct = 1;
    for (int a = 0; a < GOSYM_COUNT; a++)
        for (int b2 = 0; b2 < a; b2++)
            distinct &= gosym_point(19, a, pt("C4", 19)) != gosym_point(19, b2, pt("C4", 19));
    CHECK(distinct, "the 8 images of C4 are distinct");
    int col = GO_BLACK, p = pt("C4", 9);
    gosym_move(9, GOSYM_TRANSPOSE, 1, &col, &p);
    CHECK(col == GO_WHITE && p == pt("D3", 9) && gosym_color(GO_EMPTY, 1) == GO_EMPTY, "move");

    /* whole boards: a game position with a ko pending */
    go_board b;
    setup(&b, 9,
          ". . . . . . . . ."
          ". . X O . . . . ."
          ". X O . O . . . ."
          ". . X O . . . . ."
          ". . . . . . X X ."
          ". . . . . X O O X"
          "X X X . . . X O ."
          "O O X . . . . X ."
          ". O X . . . . . .");
    play(&b, GO_BLACK, "D7");
    CHECK(go_ko_point(&b) == pt("C7", 9), "ko set");
    for (int k = 0; k < GOSYM_COUNT; k++)
        for (int inv = 0; inv < 2; inv++) {
            go_board t, back;
            CHECK(gosym_board(&t, &b, k, inv, err) == 0, "%s", err);
            int mism = 0;
            for (int q = 0; q < GO_NPOINTS; q++)
                if (go_on_board(&b, q))
                    mism += go_color_at(&t, gosym_point(9, k, q)) != gosym_color(go_color_at(&b, q), inv) ||
                            go_chain_libs(&t, gosym_point(9, k, q)) != go_chain_libs(&b, q);
            CHECK(mism == 0, "%s inv %d: %d points differ", gosym_name(k), inv, mism);
            CHECK(go_to_move(&t) == gosym_color(go_to_move(&b), inv) &&
                      go_captures(&t, GO_BLACK) == go_captures(&b, gosym_color(GO_BLACK, inv)) &&
                      go_ko_point(&t) == gosym_point(9, k, go_ko_point(&b)),
                  "%s inv %d: counters", gosym_name(k), inv);
            bb361 l1, l2;
            go_legal_moves(&b, go_to_move(&b), &l1);
            go_legal_moves(&t, go_to_move(&t), &l2);
            CHECK(bb361_equal(gosym_set(9, k, l1), l2), "%s inv %d: legal moves", gosym_name(k), inv);
            CHECK(gosym_board(&back, &t, gosym_inverse(k), inv, err) == 0, "%s", err);
            CHECK(go_hash(&back) == go_hash(&b) && go_hash_full(&back) == go_hash_full(&b), "%s inv %d: back",
                  gosym_name(k), inv);
        }
    CHECK(gosym_board(&b, &b, 9, 0, err) == VP_EINVAL, "bad symmetry");
}

/* ---- bb361 ---- */

static void test_bb361(void)
{
    int bad = 0;
    bb361 all = bb361_square(19), nine = bb361_square(9);
    CHECK(bb361_equal(all, bb361_all) && bb361_popcount(all) == 361 && bb361_popcount(nine) == 81, "squares");
    for (int p = 0; p < 361; p++) {
        int x = p % 19, y = p / 19;
        bb361 s = bb361_point(p);
        bb361 want = bb361_empty();
        if (y < 18)
            bb361_set(&want, p + 19);
        bad += !bb361_equal(bb361_north(s), want);
        want = bb361_empty();
        if (y > 0)
            bb361_set(&want, p - 19);
        bad += !bb361_equal(bb361_south(s), want);
        want = bb361_empty();
        if (x < 18)
            bb361_set(&want, p + 1);
        bad += !bb361_equal(bb361_east(s), want);
        want = bb361_empty();
        if (x > 0)
            bb361_set(&want, p - 1);
        bad += !bb361_equal(bb361_west(s), want);
        bad += bb361_lowest(&s) != p || bb361_next(&s, 0) != p || bb361_next(&s, p + 1) != -1;
        bb361 d = bb361_dilate(s, nine);
        int expect = (x < 9 && y < 9) ? 1 + (x > 0) + (x < 8) + (y > 0) + (y < 8) : 0;
        if (x < 9 && y < 9)
            bad += bb361_popcount(d) != expect;
        bad += bb361_popcount(bb361_neighbours(s)) != (x > 0) + (x < 18) + (y > 0) + (y < 18);
        /* one point's neighbours, as a set and as a test against sets:
         * each neighbour alone, the point itself, a row-end wrap */
        bb361 around = bb361_around(p);
        bad += !bb361_equal(around, bb361_neighbours(s));
        for (int q = bb361_next(&around, 0); q >= 0; q = bb361_next(&around, q + 1)) {
            bb361 one = bb361_point(q);
            bad += !bb361_touches(&one, p);
        }
        bad += bb361_touches(&s, p);
        bb361 wrap = bb361_point(x == 18 ? (p + 1) % 361 : (p + 360) % 361); /* the bit beside p: a neighbour, or across a row end, which is not */
        bad += bb361_touches(&wrap, p) != bb361_intersects(wrap, around);
    }
    CHECK(bad == 0, "%d shift failures", bad);
    bb361 s = bb361_empty();
    int pts[] = {0, 63, 64, 200, 360};
    for (int i = 0; i < 5; i++)
        bb361_set(&s, pts[i]);
    int k = 0, ok = 1;
    for (int p = bb361_next(&s, 0); p >= 0; p = bb361_next(&s, p + 1))
        ok &= p == pts[k++];
    CHECK(ok && k == 5, "iteration");
    bb361 t = s;
    for (int i = 0; i < 5; i++)
        ok &= bb361_pop(&t) == pts[i];
    CHECK(ok && bb361_is_empty(t), "pop");
    CHECK(bb361_test(&s, 64) && !bb361_test(&s, 65), "test");
    bb361_reset(&s, 64);
    CHECK(!bb361_test(&s, 64) && bb361_popcount(s) == 4, "reset");
    CHECK(bb361_equal(bb361_xor(s, s), bb361_empty()) && bb361_equal(bb361_andnot(s, s), bb361_empty()) &&
              bb361_equal(bb361_and(s, bb361_not(s)), bb361_empty()) && bb361_subset(s, bb361_or(s, nine)),
          "algebra");
    CHECK(bb361_popcount(bb361_not(bb361_empty())) == 361, "not");
    /* a snake through the 19x19 board: flood fill follows it, not its
     * neighbour in the next row that wraps */
    bb361 snake = bb361_empty();
    for (int y = 0; y < 19; y += 2) {
        for (int x = 0; x < 19; x++)
            bb361_set(&snake, bb361_xy(x, y));
        if (y + 1 < 19)
            bb361_set(&snake, bb361_xy((y / 2) % 2 ? 0 : 18, y + 1));
    }
    CHECK(bb361_equal(bb361_flood(snake, 0), snake), "snake flood");
    /* (18, 0) and (0, 1) are consecutive bits but not neighbours */
    bb361 pair = bb361_or(bb361_point(bb361_xy(18, 0)), bb361_point(bb361_xy(0, 1)));
    CHECK(bb361_popcount(bb361_flood(pair, bb361_xy(18, 0))) == 1 &&
              bb361_popcount(bb361_flood(pair, bb361_xy(0, 1))) == 1 &&
              bb361_is_empty(bb361_flood(pair, bb361_xy(5, 5))),
          "no wrap");
}

int main(void)
{
    test_bb361();
    test_init();
    test_captures();
    test_snapback();
    test_ko();
    test_suicide();
    test_setup();
    test_liberties();
    test_hash();
    test_coords();
    test_symmetry();
    test_random_games();
    test_perft();
    return test_done("go_test");
}
