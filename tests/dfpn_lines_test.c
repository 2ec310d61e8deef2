/* dfpn_lines_test.c: white-box checks of the df-pn solver's table, of
 * the lines it reads from it and of its time budget. It compiles solver/dfpn.c itself, with a
 * hook (DFPN_BEFORE_LINE) that runs before a settled root move's line is
 * read, and plants in the table what a search thread can leave there.
 *
 * The case (from tests/ld_referee_par.sh, which failed it about once in
 * a hundred runs under load): in the corner below, White to live, White's
 * B18 fails in the first pass without meeting a ko (Black's C18 refutes
 * it), so it is final there and its refutation is read from that pass's
 * table. A search thread may since have stored a disproof of the sibling
 * reply C17 that holds only because White may not retake the ko at C19
 * (in the ko pass White wins after C17). The line must still give C18:
 * a refutation that met no ko first. If C18's entry is lost as well (a
 * full bucket replaces it), pass 0's table gives C17 alone: B18 stays
 * refuted and its line is read again in the ko pass. And a table entry
 * that holds a final value keeps it against a heuristic value or a
 * same-sign final that met a ko, which other threads' late writes would
 * be. */
#include <config.h>

#include <stdint.h>

struct ctx;
static void before_line(struct ctx *c, int move, int st);
#define DFPN_BEFORE_LINE(c, move, st) before_line((c), (move), (st))
#include "../solver/dfpn.c"

#include "test.h"
#include "ld_diagram.h"

static int b18, c17, c18;
static int planted; /* 1: the ko-won disproof of C17 is in the table */
static int evict;   /* 1: the clean disproof of B18 C18 is then dropped */
static int evicted; /* 1: with that, pass 0's table gives the reply C17 */

/* Empties the table's slot for key, as a full bucket's replacement would. */
static void tt_drop(ctx *c, uint64_t key)
{
    tt_slot *s = &c->tt[key & c->mask];
    for (int i = 0; i < 2; i++) {
        tt_entry e = slot_load(&s[i]);
        if ((e.key | 1) == (key | 1))
            slot_store(&s[i], 0, 0, 0);
    }
}

static void before_line(struct ctx *c, int move, int st)
{
    if (move != b18 || st != DFPN_DISPROVED)
        return;
    /* the position after B18 C17 (White to move) */
    descend(c, 0, b18);
    descend(c, 1, c17);
    uint64_t key = c->path[2];
    uint32_t pn, dn;
    int kof, wm;
    if (tt_get(c, key, &pn, &dn, &kof, &wm) && is_final(pn, dn) && !kof)
        return; /* a clean final there: nothing a thread could replace */
    tt_put(c, key, INF, 0, 1, NO_MOVE);
    planted = tt_get(c, key, &pn, &dn, &kof, &wm) && dn == 0 && kof;
    if (!evict)
        return;
    descend(c, 0, b18);
    descend(c, 1, c18);
    tt_drop(c, c->path[2]);
    int line[DFPN_REF_LINE];
    int n = read_line(c, b18, 0, line, DFPN_REF_LINE);
    evicted = n >= 2 && line[1] == c17 && c->line_kof;
}

/* Solves the corner below, White to live, into *r; B18's status and its
 * refutation's reply (-1: none) into *status and *reply. */
static void solve_b18(dfpn_result *r, int *status, int *reply)
{
    static const char *const rows[] = {
        ". O . O X",
        ". . . X X",
        "O O . X X",
        "X X X X X",
    };
    *status = -1;
    *reply = -1;
    b18 = bb361_xy(1, 17);
    c17 = bb361_xy(2, 16);
    c18 = bb361_xy(2, 17);
    go_board b;
    draw_corner(&b, rows, 4);
    char err[VP_ERRLEN];
    ld_problem_opts lo;
    ld_opts_init(&lo);
    lo.goal = LD_LIVE;
    lo.has_region = lo.has_target = 1;
    lo.region = lo.target = bb361_empty();
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++) {
            bb361_set(&lo.region, bb361_xy(x, 18 - y));
            if (go_color_at(&b, bb361_xy(x, 18 - y)) == GO_WHITE)
                bb361_set(&lo.target, bb361_xy(x, 18 - y));
        }
    ld_problem p;
    int rc = ld_problem_from_board(&b, GO_WHITE, NULL, NULL, NULL, &lo, &p, err);
    CHECK(rc == 0, "ld_problem_from_board: %s", err);
    if (rc)
        return;
    dfpn_opts o;
    dfpn_opts_init(&o);
    o.max_nodes = 200000;
    rc = dfpn_solve(&p, &o, r, err);
    CHECK(rc == 0, "dfpn_solve: %s", err);
    if (rc)
        return;
    int found = 0;
    for (int i = 0; i < r->nroot; i++)
        if (r->root_move[i] == b18) {
            found = 1;
            *status = r->root_status[i];
            *reply = r->root_nline[i] >= 2 ? r->root_line[i][1] : -1;
        }
    CHECK(found, "B18 is not among the root moves");
}

static void test_refutation_met_no_ko(void)
{
    static dfpn_result r;
    int st, reply;
    evict = 0;
    solve_b18(&r, &st, &reply);
    CHECK(planted, "the ko-won disproof of B18 C17 was not planted: the case is not exercised");
    CHECK(st == DFPN_DISPROVED, "B18: %s, not disproved", dfpn_status_name(st));
    CHECK(reply == c18, "B18's refutation is %d (C18 is %d; C17, %d, wins only while White may not retake the ko)",
          reply, c18, c17);
    printf("dfpn_lines: B18 refuted by C18, a ko-won disproof of B18 C17 planted in the table\n");

    /* the clean reply's entry then lost: pass 0's table gives C17 alone,
     * and the line is read again in pass 1, the failure kept */
    evict = 1;
    planted = evicted = 0;
    solve_b18(&r, &st, &reply);
    CHECK(planted && evicted, "C18's entry dropped, pass 0's line does not give C17: the case is not exercised");
    CHECK(st == DFPN_DISPROVED, "B18 with C18's entry lost: %s, not disproved", dfpn_status_name(st));
    CHECK(reply >= 0 && reply != c17, "B18's refutation with C18's entry lost is %d (C17 is %d)", reply, c17);
    printf("dfpn_lines: ... and with C18's entry lost, refuted by %d, read again in the ko pass\n", reply);
}

static void test_finals_kept(void)
{
    static tt_slot table[8];
    ctx c;
    memset(&c, 0, sizeof c);
    c.tt = table;
    c.mask = 6; /* buckets of two slots: bit 0 of the index is the slot */
    uint64_t key = 0x5a5a5a5a5a5a5a50ull, other = key + 8; /* the same bucket */
    uint32_t pn, dn;
    int kof, wm;

    tt_put(&c, key, INF, 0, 0, NO_MOVE);
    tt_put(&c, key, 7, 3, 0, NO_MOVE);
    CHECK(tt_get(&c, key, &pn, &dn, &kof, &wm) && dn == 0 && !kof, "a heuristic value replaced a final (%u, %u)", pn,
          dn);
    tt_put(&c, key, INF, 0, 1, NO_MOVE);
    CHECK(tt_get(&c, key, &pn, &dn, &kof, &wm) && dn == 0 && !kof,
          "a disproof that met a ko replaced one that met none");

    /* a final replaces a heuristic value, and one that met none of a ko
     * one that met a ko */
    tt_put(&c, other, 5, 5, 0, NO_MOVE);
    tt_put(&c, other, 0, INF, 1, 12);
    CHECK(tt_get(&c, other, &pn, &dn, &kof, &wm) && pn == 0 && kof && wm == 12,
          "a final did not replace a heuristic value");
    tt_put(&c, other, 0, INF, 0, 14);
    CHECK(tt_get(&c, other, &pn, &dn, &kof, &wm) && pn == 0 && !kof && wm == 14,
          "a proof that met no ko did not replace one that met a ko");
    /* the first key's final is still there */
    CHECK(tt_get(&c, key, &pn, &dn, &kof, &wm) && dn == 0, "the bucket lost the first key's final");
    /* a final in the second slot with the first one empty (a bucket
     * after a slot was dropped) is found and kept too */
    uint64_t third = key + 16;
    slot_store(&table[0], 0, 0, 0);
    slot_store(&table[1], 0, 0, 0);
    tt_put(&c, other, 9, 9, 0, NO_MOVE);
    tt_put(&c, third, INF, 0, 0, NO_MOVE);
    slot_store(&table[0], 0, 0, 0);
    tt_put(&c, third, 4, 4, 0, NO_MOVE);
    CHECK(tt_get(&c, third, &pn, &dn, &kof, &wm) && dn == 0, "a heuristic value took the empty slot before the "
          "key's final in the second (%u, %u)", pn, dn);
}

/* The time budget: a table growth that would not end before the search
 * stops is not made, and the search stops at t_stop, short of the
 * budget's end by the reserve for reading the lines. */
static void test_time_budget(void)
{
    ctx c;
    memset(&c, 0, sizeof c);
    c.tt_log2 = 20;
    c.tt_max_log2 = 22;
    c.grow_at = 1000;
    CHECK(grow_fits(&c), "with no time budget a growth was refused");
    c.t_stop = now() + 1000;
    CHECK(grow_fits(&c) && c.grow_at == 1000, "a growth with 1000 s left was refused");
    /* 2^22 slots of 16 bytes, reckoned at 3 ns a byte at least: 0.2 s */
    c.t_stop = now() + 0.001;
    CHECK(!grow_fits(&c), "a growth of 64 MB was made with a millisecond left");
    CHECK(c.grow_at == LLONG_MAX, "a table that may not grow still tries to (grow_at %lld)", c.grow_at);
    /* a slow machine: the last growth's rate counts when above 3 ns */
    c.grow_at = 1000;
    c.grow_rate = 1e-7;
    c.t_stop = now() + 1.0;
    CHECK(!grow_fits(&c), "a growth reckoned at 10 s by the last one's rate was made with 1 s left");

    c.t0 = now();
    c.max_seconds = 100;
    c.t_stop = c.t0 + 100;
    CHECK(spent(&c) == 0, "the time budget spent at once");
    c.t_stop = c.t0 - 0.001;
    CHECK(spent(&c) == 2, "the search goes on past t_stop");
    /* dfpn_solve's reserve: a fiftieth of the budget, at most 0.15 s,
     * more than one 0.1 s stall of the host */
    CHECK(stop_reserve(10) == 0.15 && stop_reserve(100) == 0.15 && stop_reserve(0.5) == 0.01,
          "the reserve is %g s at 10 s, %g s at 100 s, %g s at 0.5 s", stop_reserve(10), stop_reserve(100),
          stop_reserve(0.5));
}

int main(void)
{
    test_time_budget();
    test_finals_kept();
    test_refutation_met_no_ko();
    return test_done("dfpn_lines_test");
}
