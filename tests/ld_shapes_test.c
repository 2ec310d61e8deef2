/* ld_shapes_test.c: the df-pn life-and-death solver held to Go theory on
 * the classic corner shapes (issue 4, "Correctness and strength"): straight
 * and bent three, bent four in the corner, straight and square four,
 * rectangular six with and without outside liberties, the L group and the
 * L+1 group, the carpenter's square, a corner seki, a direct ko, and a
 * problem with two killing moves. Each case is a drawn corner, the side to
 * play and the goal text; the expected status and the set of correct first
 * moves come from Go theory, never from the solver's output.
 *
 * How the expectations were checked (outside this test):
 *   - by hand, from the theory cited at each case;
 *   - by an independent exhaustive referee: a separate Go implementation
 *     that builds the whole reachable state graph of each diagram (its
 *     empty points are exactly the solver's inferred region, the outside
 *     being uncapturable attacker stones like the frame) and solves it by
 *     retrograde analysis under the rules of solver/dfpn.h: simple ko,
 *     passes (one under a ko ban does not count towards the two that end
 *     the game), the Benson terminal, seki as life or as death; PROVED
 *     when the prover wins with its opponent free to retake kos at once
 *     (a cycle through such a retake counting for the prover, any other
 *     cycle for the opponent), KO when it wins only when free itself
 *     (every cycle for it), else DISPROVED. A stricter reading, where any
 *     endless play is the prover's loss, gave the same answers. Every
 *     status and every move set asserted below is exactly what it found;
 *   - with GNU Go 3.8's owl reader (GTP owl_attack, owl_defend,
 *     owl_does_attack, owl_does_defend, dragon_status on an SGF of the
 *     framed board and of the bare diagram; both gave the same answers).
 *     Where GNU Go agrees the case says so; where it differs the case says
 *     how and why.
 *
 * Conventions. Diagrams are the top-left corner (row 0 is the top edge,
 * y = 18); moves are in benchmark coordinates: A19 is the corner point
 * bb361_xy(0, 18), B19 = bb361_xy(1, 18), A18 = bb361_xy(0, 17), and so on.
 * In every diagram the attacker's stones line the outside, so the inferred
 * region is exactly the diagram and the frame makes the wall uncapturable;
 * no empty point lies outside the wall. The correct moves of a DFPN_PROVED
 * answer are r.first[], those of a DFPN_KO answer r.ko_first[] (dfpn.h:
 * DFPN_KO = the prover succeeds only by winning a ko: when it may ignore
 * the ko ban, not when its opponent may). Every case asserts the whole
 * set (SET_EXACT): the referee settled each one completely; SET_MEMBERS
 * is there for a case where only some moves are certain, to assert those
 * and say why. Moves listed as wrong fail outright (they are in neither
 * list). A case that ends DFPN_UNKNOWN, or leaves a first move unknown,
 * fails: the solver is too weak for it. One line per case is printed:
 * status, moves, nodes, seconds. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engines/bitboard.h"
#include "engines/coord.h"
#include "engines/go.h"
#include "engines/vp.h"
#include "solver/dfpn.h"
#include "solver/ld.h"
#include "test.h"
#include "ld_diagram.h"

#define MAX_NODES 2000000
#define MAX_SECONDS 20.0
/* Sanitizer builds (CI) run the solver several times slower: the node
 * budget is the same, the time budget grows. */
#if defined(__SANITIZE_ADDRESS__)
#define TIME_SCALE 6.0
#else
#define TIME_SCALE 1.0
#endif

enum { SET_EXACT, SET_MEMBERS };
/* the rules of a case: seki as death (--seki-is-death), and the Japanese
 * rules (--rules japanese: the game's two passes start the confirmation)
 * instead of the default Chinese ones (they end it) */
enum { RULE_SEKI_DEATH = 1, RULE_JAPANESE = 2 };

typedef struct shape_case {
    const char *name;
    const char *const *rows; /* NULL-terminated diagram */
    int to_move;             /* GO_BLACK or GO_WHITE */
    const char *goal;        /* the comment that states the goal */
    int rules;               /* 0, or RULE_SEKI_DEATH, RULE_JAPANESE */
    int status;              /* expected DFPN_* */
    int set;                 /* SET_EXACT or SET_MEMBERS */
    const char *moves;       /* correct first moves ("B19 pass"), "" for none */
    const char *wrong;       /* moves that fail outright (neither first[]
                              * nor ko_first[] may hold them), or NULL */
} shape_case;

/* ---- the diagrams (White is the defender in every one) ---- */

/* Straight three in the corner: eye space A19 B19 C19, no outside liberty. */
static const char *const straight3[] = {
    ". . . O X",
    "O O O O X",
    "X X X X X",
    NULL,
};

/* Bent three in the corner: eye space A19 B19 A18. */
static const char *const bent3[] = {
    ". . O X",
    ". O O X",
    "O O X X",
    "X X X X",
    NULL,
};

/* Bent four in the corner, the eye shape: A19 B19 C19 A18 (the bend on the
 * 1-1 point), no outside liberty. */
static const char *const bent4[] = {
    ". . . O X",
    ". O O O X",
    "O O X X X",
    "X X X X X",
    NULL,
};

/* The same with two outside liberties, E19 and A16. */
static const char *const bent4_libs[] = {
    ". . . O . X",
    ". O O O X X",
    "O O X X X X",
    ". X X X X X",
    "X X X X X X",
    NULL,
};

/* "Bent four in the corner is dead": Black's A19 A18 A17 sit in White's
 * corner sharing the liberties B19 and A16 with it; White has no outside
 * liberty. Black can turn it into the bent four ko whenever it likes;
 * White can never prevent that (B19 or A16 is self-atari). */
static const char *const bent4_dead[] = {
    "X . O X",
    "X O O X",
    "X O X X",
    ". O X X",
    "O O X X",
    "X X X X",
    NULL,
};

/* Straight four on the edge in the corner: eye space A19 B19 C19 D19. */
static const char *const straight4[] = {
    ". . . . O X",
    "O O O O O X",
    "X X X X X X",
    NULL,
};

/* Square four in the corner: eye space A19 B19 A18 B18. */
static const char *const square4[] = {
    ". . O X",
    ". . O X",
    "O O O X",
    "X X X X",
    NULL,
};

/* Rectangular six in the corner (eye space A19-C19, A18-C18) with two
 * outside liberties, E19 and A16. */
static const char *const rect6_libs[] = {
    ". . . O . X",
    ". . . O X X",
    "O O O O X X",
    ". X X X X X",
    "X X X X X X",
    NULL,
};

/* Rectangular six in the corner without outside liberties. */
static const char *const rect6_short[] = {
    ". . . O X",
    ". . . O X",
    "O O O O X",
    "X X X X X",
    NULL,
};

/* Rectangular six in the corner with one outside liberty, E19. */
static const char *const rect6_one[] = {
    ". . . O . X",
    ". . . O X X",
    "O O O O X X",
    "X X X X X X",
    NULL,
};

/* The L group: White B17 C17 D17 D18 around the 2x3 space A19-C18, the
 * first-line points A17 and D19 open, Black's wall closed around it. */
static const char *const lgroup[] = {
    ". . . . X",
    ". . . O X",
    ". O O O X",
    "X X X X X",
    NULL,
};

/* The L+1 group: the L group with a leg on its long side (A17). */
static const char *const lplus1[] = {
    ". . . . X",
    ". . . O X",
    "O O O O X",
    "X X X X X",
    NULL,
};

/* The carpenter's square: White D18 D17 D16 C16 B16 (legs on the 4th
 * lines ending on the 2nd), the first-line points D19 and A16 open, E19
 * and A15 beyond them empty and Black's wall beyond those; White has no
 * outside liberty. */
static const char *const carpenter[] = {
    ". . . . . X",
    ". . . O X X",
    ". . . O X X",
    ". O O O X X",
    ". X X X X X",
    "X X X X X X",
    NULL,
};

/* A corner seki: Black's B19 C19 D19 inside White's corner, sharing the
 * liberties A19 and E19 with it; neither side has an eye or an outside
 * liberty. */
static const char *const seki[] = {
    ". X X X . O X",
    "O O O O O O X",
    "X X X X X X X",
    NULL,
};

/* A direct ko: White's A19 stone (last liberty A18) and Black's B19 stone
 * (last liberty C19) in White's corner. */
static const char *const direct_ko[] = {
    "O X . O X",
    ". O O O X",
    "O O O O X",
    "X X X X X",
    NULL,
};

/* Five points A19 B19 C19 A18 D19 with D19 on Black's side: Black kills
 * with the placement at A19 or with the hane at D19. */
static const char *const two_kills[] = {
    ". . . . X",
    ". O O O X",
    "O O X X X",
    "X X X X X",
    NULL,
};

static const shape_case cases[] = {
    /* Straight three: the centre is the vital point for both sides. B19
     * splits the eye (W A19 or C19 is self-atari and Black captures; after
     * a W pass, B A19 and White's capture leave a two-point eye: one eye);
     * B A19 or C19 is captured by W B19, which leaves two one-point eyes.
     * GNU Go agrees (owl_attack and owl_defend B19, no other move works
     * for either side). */
    {"straight three, Black to kill", straight3, GO_BLACK, "Black to kill", 0,
     DFPN_PROVED, SET_EXACT, "B19", "A19 C19 pass"},
    {"straight three, White to live", straight3, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "B19", "A19 C19 pass"},

    /* Bent three: the corner point is the vital point. B19 or A18 by Black
     * is captured by W A19 (two eyes B19, A18); W B19 or A18 leaves a
     * two-point eye. GNU Go agrees (A19 only, both ways). */
    {"bent three, Black to kill", bent3, GO_BLACK, "Black to kill", 0,
     DFPN_PROVED, SET_EXACT, "A19", "B19 A18 pass"},
    {"bent three, White to live", bent3, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "A19", "B19 A18 pass"},

    /* Bent four in the corner with fewer than two outside liberties:
     * Black B19, White's atari at A19, Black captures at A18: a ko, and
     * White cannot approach from C19 (suicide). W C19 instead of A19
     * lets B A18 capture everything; W A18 leaves a two-point eye. Black
     * A19, C19 or A18 first fails (W B19 / A19 makes two eyes; Black's
     * follow-ups are suicide). So the kill is a ko, by B19 only. White to
     * play lives at A19 (eyes A18 and B19-C19) or B19 (A19-A18 and C19),
     * both pass-alive; C19 leaves a bent three, A18 a straight three, and
     * a pass lets Black make the ko. GNU Go agrees: owl_attack 2 (ko) at
     * B19 and no other attack; owl_does_defend A19 and B19 only. */
    {"bent four in the corner, Black to kill (ko)", bent4, GO_BLACK, "Black to kill", 0,
     DFPN_KO, SET_EXACT, "B19", "A19 C19 A18 pass"},
    {"bent four in the corner, White to live", bent4, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "A19 B19", "C19 A18"},
    /* With two outside liberties the ko never comes (Sensei's Library,
     * "Bent four in the corner"): B19, W A19, B A18 takes, and White's
     * C19 ataris again: Black cannot connect at A19 (suicide while White
     * has liberties to spare) and White captures. Alive. GNU Go agrees
     * (alive, owl_attack 0). */
    {"bent four with two outside liberties, Black to kill", bent4_libs, GO_BLACK, "Black to kill", 0,
     DFPN_DISPROVED, SET_EXACT, "", NULL},

    /* "Bent four in the corner is dead". Black B19 sacrifices four stones:
     * W A16 captures and the eye space is the bent four A19 A18 A17 B19
     * with its bend on the 1-1 point; B A18 (the vital point), W A19
     * atari, B B19 takes: a ko that only Black can start. (B A16 instead
     * gives White a straight four.) White has no move but to pass (B19
     * and A16 are self-atari).
     * Under the Japanese rules two passes end the game and start the
     * confirmation (J1989 article 7), Black first, where a ko
     * may be retaken only after a pass: B19, W A16, B A18, W A19, B B19
     * takes, and White must pass before retaking, so Black connects. So
     * Black kills outright by passing; B19 now only makes the ko while
     * the game goes on, where White has threats (a ko), and A16 gives the
     * straight four. White cannot live at all. GNU Go applies the same
     * convention: dragon_status dead, owl_attack 1 PASS, owl_defend 0,
     * and owl_does_attack B19 = 2 (ko).
     * Under the Chinese rules (the default) two passes end the game with White's stones
     * standing (seki counts as life), so Black kills only by winning the
     * ko (DFPN_KO at B19 only), and White lives by winning it (DFPN_KO,
     * the pass the only non-losing move). If seki counts as death the
     * position as it stands already wins for Black: the pass is then the
     * one unconditional kill under either rules (B19 only makes the ko
     * again, A16 gives White its straight four). */
    {"bent four is dead: Black to kill (ko)", bent4_dead, GO_BLACK, "Black to kill", 0,
     DFPN_KO, SET_EXACT, "B19", "A16 pass"},
    {"bent four is dead: White to live (ko)", bent4_dead, GO_WHITE, "White to live", 0,
     DFPN_KO, SET_EXACT, "pass", "B19 A16"},
    {"bent four is dead: Black to kill, Japanese rules", bent4_dead, GO_BLACK, "Black to kill", RULE_JAPANESE,
     DFPN_PROVED, SET_EXACT, "pass", "A16"},
    {"bent four is dead: White to live, Japanese rules", bent4_dead, GO_WHITE, "White to live", RULE_JAPANESE,
     DFPN_DISPROVED, SET_EXACT, "", NULL},
    {"bent four is dead: Black to kill, seki is death", bent4_dead, GO_BLACK, "Black to kill", RULE_SEKI_DEATH,
     DFPN_PROVED, SET_EXACT, "pass", "A16"},

    /* Straight four: alive without a move (B19 and C19 are miai). White to
     * play: the pass keeps that, B19 or C19 makes two eyes at once; A19 or
     * D19 leaves a straight three with Black to play. GNU Go agrees
     * (alive; owl_does_defend B19 and C19). */
    {"straight four, Black to kill", straight4, GO_BLACK, "Black to kill", 0,
     DFPN_DISPROVED, SET_EXACT, "", NULL},
    {"straight four, White to live", straight4, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "pass B19 C19", "A19 D19"},

    /* Square four: dead without a move. Every White move leaves a bent
     * three with Black to play at its vital point, so White cannot live;
     * every Black move kills. The pass is not a kill in this model: White
     * passes back and two passes end the game with the group on the board
     * (the rule that makes seki life); Black must eventually play. GNU Go
     * agrees (dead; owl_does_attack at all four points, no defence).
     * Under the Japanese rules the pass kills too: the group is dead as it
     * stands, and after two passes the confirmation lets Black play first. */
    {"square four, Black to kill", square4, GO_BLACK, "Black to kill", 0,
     DFPN_PROVED, SET_EXACT, "A19 B19 A18 B18", "pass"},
    {"square four, Black to kill, Japanese rules", square4, GO_BLACK, "Black to kill", RULE_JAPANESE,
     DFPN_PROVED, SET_EXACT, "A19 B19 A18 B18 pass", NULL},
    {"square four, White to live", square4, GO_WHITE, "White to live", 0,
     DFPN_DISPROVED, SET_EXACT, "", NULL},

    /* Rectangular six in the corner: alive with two or more outside
     * liberties (B19 and B18 are miai), killed at the 2-2 point without
     * any (shortage of liberties), a ko with one (Black B19). Answers with
     * two liberties: White's pass, B19 and B18 live; filling its own
     * liberty (E19 or A16) lets Black make the ko. Without liberties: B18
     * is the only outright kill (B19 and A18 only make a ko); White lives
     * at B19 or B18. With one liberty: B19 is the only move that reaches
     * the ko. GNU Go agrees everywhere: alive / owl_attack 1 B18 with
     * B19 = 2 and A18 = 3 (kos), defence B19 and B18 / owl_attack 2 B19. */
    {"rectangular six, two outside liberties, Black to kill", rect6_libs, GO_BLACK, "Black to kill", 0,
     DFPN_DISPROVED, SET_EXACT, "", NULL},
    {"rectangular six, two outside liberties, White to live", rect6_libs, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "pass B19 B18", "A19 C19 A18 C18"},
    {"rectangular six, no outside liberty, Black to kill", rect6_short, GO_BLACK, "Black to kill", 0,
     DFPN_PROVED, SET_EXACT, "B18", "A19 C19 C18 pass"},
    {"rectangular six, no outside liberty, White to live", rect6_short, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "B19 B18", "pass"},
    {"rectangular six, one outside liberty, Black to kill (ko)", rect6_one, GO_BLACK, "Black to kill", 0,
     DFPN_KO, SET_EXACT, "B19", "B18 pass"},

    /* "The L group is dead", even with White to play (Sensei's Library,
     * "L-group": every defence ends in a bulky five or one eye, and the
     * apparent seki after the descents is no seki). So White cannot live,
     * and every Black move kills, the openings A17 and D19 included; the
     * pass does not (White passes back, see the square four), except
     * under the Japanese rules. GNU Go agrees (dead; every point attacks,
     * none defends). */
    {"L group, White to live", lgroup, GO_WHITE, "White to live", 0,
     DFPN_DISPROVED, SET_EXACT, "", NULL},
    {"L group, Black to kill", lgroup, GO_BLACK, "Black to kill", 0,
     DFPN_PROVED, SET_EXACT, "A19 B19 C19 D19 A18 B18 C18 A17", "pass"},
    {"L group, Black to kill, Japanese rules", lgroup, GO_BLACK, "Black to kill", RULE_JAPANESE,
     DFPN_PROVED, SET_EXACT, "A19 B19 C19 D19 A18 B18 C18 A17 pass", NULL},

    /* The L+1 group (a leg on the long side) lives or dies by who plays
     * first: White lives on the 1-2 point B19; Black kills with the hane
     * D19 (back to the L group), at the vital point B18, or at C19. Several
     * correct first moves; the set is exact by the exhaustive referee:
     * B19 and A18 only make a ko (W B18 answers B19: after B C19 W D19 the
     * position is a seki at worst), A19 and C18 fail (W B19 answers A19),
     * and B18 by White only makes a ko. GNU Go agrees on C19, D19 and B18
     * and on the ko at A18, and on White's B19 and ko at B18, but also
     * rates A19 and B19 as kills: B19 kills only if seki counts as death
     * (the referee finds it a kill then), A19 not even so (W B19, then
     * B A18 is answered by W D19, B C19 by W A18, and White lives). */
    {"L+1 group, Black to kill (three ways)", lplus1, GO_BLACK, "Black to kill", 0,
     DFPN_PROVED, SET_EXACT, "C19 D19 B18", "A19 C18 pass"},
    {"L+1 group, White to live", lplus1, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "B19", "A18 pass"},

    /* The carpenter's square: B18 (2-2) is the vital point; White there
     * lives, Black there makes a ko (Sensei's Library, "Carpenter's
     * square": with no outside liberty, the vital point, White's
     * attachment on the first line, Black's stretch the other way, a ko).
     * In this model any ko counts as DFPN_KO, approach and multi-step kos
     * included, and seki counts as life, so more moves count than the
     * books discuss: the referee finds the ko reached from nine first
     * moves, the 3x3 corner but A19 and C17 plus the openings D19 and A16
     * (A19, C17, the outer first-line points E19 and A15 and the pass let
     * White live), and White lives, in seki at worst, with the same nine
     * moves (A19 fails to B B19, atari; C17 fails; E19, A15 and the pass
     * leave Black a ko). Counting seki as death leaves White one way to
     * live unconditionally: B18, the textbook answer. GNU Go 3.8 differs:
     * its owl_attack says B18 kills outright (1, not ko: it does not find
     * the ko-or-seki defence), its owl_does_defend accepts A19 and misses
     * the sekis reached by C19, D19, A17 and A16. */
    {"carpenter's square, Black to kill (ko)", carpenter, GO_BLACK, "Black to kill", 0,
     DFPN_KO, SET_EXACT, "B19 C19 D19 A18 B18 C18 A17 B17 A16", "A19 C17 E19 A15 pass"},
    {"carpenter's square, White to live", carpenter, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "B19 C19 D19 A18 B18 C18 A17 B17 A16", "A19 C17"},
    {"carpenter's square, White to live, seki is death", carpenter, GO_WHITE, "White to live", RULE_SEKI_DEATH,
     DFPN_PROVED, SET_EXACT, "B18", "A19 C19 A17 C17 pass"},

    /* A corner seki: whoever fills A19 or E19 puts itself in atari. White
     * there is captured at once (Black takes the other point); Black
     * there is captured four stones at a time and White gets a straight
     * four. Nobody can improve on the position: with seki as life the kill
     * fails and White lives by passing; with seki as death the pass kills
     * (A19, E19 give White its straight four) and White cannot live. GNU
     * Go agrees for seki as life (alive, owl_attack 0, owl_defend PASS,
     * no move attacks or defends). */
    {"corner seki, Black to kill", seki, GO_BLACK, "Black to kill", 0,
     DFPN_DISPROVED, SET_EXACT, "", NULL},
    {"corner seki, Black to kill, seki is death", seki, GO_BLACK, "Black to kill", RULE_SEKI_DEATH,
     DFPN_PROVED, SET_EXACT, "pass", "A19 E19"},
    {"corner seki, White to live", seki, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "pass", "A19 E19"},
    {"corner seki, White to live, seki is death", seki, GO_WHITE, "White to live", RULE_SEKI_DEATH,
     DFPN_DISPROVED, SET_EXACT, "", NULL},

    /* A direct ko: Black A18 captures White's A19 as a ko and puts the
     * group in atari (its last liberty C19 is suicide for White): White
     * must retake or die. Black C19 is suicide, and a pass lets White
     * capture at C19 with eyes at B19 and A18, which is White's only
     * living move. GNU Go finds the same moves (owl_attack A18, rated 1
     * rather than ko; owl_defend C19). */
    {"direct ko, Black to kill (ko)", direct_ko, GO_BLACK, "Black to kill", 0,
     DFPN_KO, SET_EXACT, "A18", "pass"},
    {"direct ko, White to live", direct_ko, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "C19", "A18"},

    /* Two killing moves, checked by hand point by point. B A19: every
     * White answer fails (W B19: B D19, then W's capture at A18 leaves one
     * eye and a point C19 Black can fill; W A18: B B19, C19 or D19; W D19:
     * B B19 and W is short of liberties; W C19: B D19). B D19 (hane): the bent
     * four A19 B19 C19 A18 with Black against C19 has no living move (W
     * A19 or B19: B fills C19 then B19; W C19: bent three, B A19; W A18:
     * straight three, B B19). The other points fail: B B19 only makes a
     * ko (W A19 atari, B A18 takes); B C19 is answered by W D19, B A18 by
     * W A19 (captures), and a pass by W A19. White's only living move is
     * A19 (D19 makes a ko). GNU Go agrees exactly (owl_does_attack A19 and
     * D19 = 1, B19 = 2; owl_does_defend A19 = 1, D19 = 3). */
    {"two killing moves, Black to kill", two_kills, GO_BLACK, "Black to kill", 0,
     DFPN_PROVED, SET_EXACT, "A19 D19", "C19 A18 pass"},
    {"two killing moves, White to live", two_kills, GO_WHITE, "White to live", 0,
     DFPN_PROVED, SET_EXACT, "A19", "B19 C19 A18 pass"},
};

/* ---- helpers ---- */

/* Parses a list of benchmark coordinates ("B19 A18 pass") into pts;
 * returns the count. */
static int parse_moves(const char *s, int *pts, int max)
{
    int n = 0;
    char word[16], err[VP_ERRLEN];
    while (s && *s) {
        while (*s == ' ')
            s++;
        int len = 0;
        while (s[len] && s[len] != ' ')
            len++;
        if (!len)
            break;
        CHECK(len < (int)sizeof word && n < max, "move list '%s' too long", s);
        if (len >= (int)sizeof word || n >= max)
            break;
        memcpy(word, s, (size_t)len);
        word[len] = '\0';
        int p, rc = coord_parse(word, 19, &p, err);
        CHECK(rc == 0, "move '%s': %s", word, err);
        if (rc == 0)
            pts[n++] = p;
        s += len;
    }
    return n;
}

static int has(const int *set, int n, int p)
{
    for (int i = 0; i < n; i++)
        if (set[i] == p)
            return 1;
    return 0;
}

/* Writes the moves as "B19 A18" into buf (size len). */
static void format_moves(const int *set, int n, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && k + COORD_BUFLEN + 1 < len; i++) {
        char c[COORD_BUFLEN];
        k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? " " : "", coord_format(set[i], 19, c));
    }
    if (n == 0)
        snprintf(buf, len, "-");
}

static void run_case(const shape_case *c)
{
    char err[VP_ERRLEN];
    go_board b;
    draw_corner(&b, c->rows, -1);
    ld_problem p;
    int rc = ld_problem_from_board(&b, c->to_move, NULL, NULL, c->goal, NULL, &p, err);
    CHECK(rc == 0, "%s: ld_problem_from_board: %s", c->name, err);
    if (rc)
        return;
    /* the problem the case means: White's corner group, the stated goal */
    CHECK(p.defender == GO_WHITE && p.goal == (c->to_move == GO_WHITE ? LD_LIVE : LD_KILL),
          "%s: inferred %s", c->name, p.summary);
    /* every expectation assumes the region is the diagram, walled in by
     * Black's stones: no empty point outside the wall (a larger region
     * would give both sides moves that stand for a pass) */
    bb361 drawn = bb361_empty();
    for (int row = 0; c->rows[row]; row++)
        for (int x = 0, k = 0; c->rows[row][k]; k++)
            if (c->rows[row][k] != ' ')
                bb361_set(&drawn, bb361_xy(x++, 18 - row));
    CHECK(bb361_equal(p.region, drawn), "%s: the region is not the diagram: %s", c->name, p.summary);

    dfpn_opts o;
    dfpn_opts_init(&o);
    o.max_nodes = MAX_NODES;
    o.max_seconds = MAX_SECONDS * TIME_SCALE;
    o.seki_is_death = (c->rules & RULE_SEKI_DEATH) != 0;
    o.japanese = (c->rules & RULE_JAPANESE) != 0;
    dfpn_result *r = malloc(sizeof *r); /* large: keep it off the stack */
    CHECK(r != NULL, "out of memory");
    if (!r)
        return;
    rc = dfpn_solve(&p, &o, r, err);
    CHECK(rc == 0, "%s: dfpn_solve: %s", c->name, err);
    if (rc) {
        free(r);
        return;
    }

    /* the correct moves: proven ones for PROVED, ko ones for KO */
    const int *got = r->status == DFPN_KO ? r->ko_first : r->first;
    int ngot = r->status == DFPN_KO ? r->nko : r->nfirst;
    char gbuf[512], wbuf[512];
    format_moves(got, ngot, gbuf, sizeof gbuf);
    printf("  %s: %s (want %s), %s%s, %lld nodes, %.3f s%s%s\n", c->name, dfpn_status_name(r->status),
           dfpn_status_name(c->status), r->status == DFPN_KO ? "ko moves " : "moves ", gbuf, r->nodes,
           r->seconds, r->reason[0] ? "; " : "", r->reason);

    CHECK(r->status != DFPN_UNKNOWN, "%s: unknown within %d nodes / %.0f s (%s): the solver is too weak", c->name,
          (int)o.max_nodes, o.max_seconds, r->reason);
    CHECK(r->status == c->status, "%s: status %s, want %s", c->name, dfpn_status_name(r->status),
          dfpn_status_name(c->status));
    if (r->status != c->status) {
        free(r);
        return;
    }

    int want[DFPN_MAX_ROOT], nwant = parse_moves(c->moves, want, DFPN_MAX_ROOT);
    format_moves(want, nwant, wbuf, sizeof wbuf);
    if (c->status == DFPN_DISPROVED) {
        CHECK(r->nfirst == 0 && r->nko == 0, "%s: disproved, yet %d proven and %d ko first moves", c->name, r->nfirst,
              r->nko);
    } else {
        if (c->status == DFPN_KO)
            CHECK(r->nfirst == 0, "%s: ko, yet %d unconditional first moves", c->name, r->nfirst);
        for (int i = 0; i < nwant; i++) {
            char m[COORD_BUFLEN];
            CHECK(has(got, ngot, want[i]), "%s: %s is a correct first move; the solver gives %s", c->name,
                  coord_format(want[i], 19, m), gbuf);
        }
        if (c->set == SET_EXACT)
            for (int i = 0; i < ngot; i++) {
                char m[COORD_BUFLEN];
                CHECK(has(want, nwant, got[i]), "%s: %s is not a correct first move (want exactly %s)", c->name,
                      coord_format(got[i], 19, m), wbuf);
            }
    }
    int wrong[DFPN_MAX_ROOT], nwrong = parse_moves(c->wrong, wrong, DFPN_MAX_ROOT);
    for (int i = 0; i < nwrong; i++) {
        char m[COORD_BUFLEN];
        CHECK(!has(r->first, r->nfirst, wrong[i]) && !has(r->ko_first, r->nko, wrong[i]),
              "%s: %s must not be a correct first move", c->name, coord_format(wrong[i], 19, m));
    }
    /* every first move settled (an exact set needs them all), and the
     * per-move statuses say the same as the move lists */
    for (int i = 0; i < r->nroot; i++) {
        char m[COORD_BUFLEN];
        int mv = r->root_move[i], st = r->root_status[i];
        CHECK(st != DFPN_UNKNOWN, "%s: first move %s unknown within the budget (%s): the solver is too weak", c->name,
              coord_format(mv, 19, m), r->reason);
        CHECK((st == DFPN_PROVED) == has(r->first, r->nfirst, mv) && (st == DFPN_KO) == has(r->ko_first, r->nko, mv),
              "%s: root move %s has status %s but the move lists disagree", c->name, coord_format(mv, 19, m),
              dfpn_status_name(st));
    }
    free(r);
}

int main(void)
{
    int n = (int)(sizeof cases / sizeof cases[0]);
    for (int i = 0; i < n; i++)
        run_case(&cases[i]);
    return test_done("ld_shapes_test");
}
