#!/usr/bin/env python3
"""ref_ttt.py -- slow, plain-Python reference for the TTT-Bench question labelling.

This is the deliberately simple reference implementation used by bench/ to time
and cross-check the fast C labeller.  It follows Algorithm 1 (Appendix C) of the
TTT-Bench paper, with the printed defect resolved (when the opponent has no
winning cell the algorithm goes on to look for forks instead of returning None).
Standard library only; every position is enumerated with itertools.combinations
and labelled with int bitmasks over the cells.

Usage:
  python3 bench/ref_ttt.py --game oTTT --moves 4 [--fork-rule lines|cells] [--answers]
  python3 bench/ref_ttt.py --game sTTT --moves 6,7
  python3 bench/ref_ttt.py --self-test
"""
import argparse
import itertools
import json
import math
import sys
import time

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def mask_of(cells):
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def grid_lines(g):
    """The 8 lines of a 3x3 grid given as 3 rows of cell indices."""
    rows = [tuple(r) for r in g]
    cols = [tuple(g[r][c] for r in range(3)) for c in range(3)]
    diags = [(g[0][0], g[1][1], g[2][2]), (g[0][2], g[1][1], g[2][0])]
    return rows + cols + diags


def ottt():
    return 9, 3, grid_lines([[0, 1, 2], [3, 4, 5], [6, 7, 8]])


def dttt():
    idx = {ch: i for i, ch in enumerate(LETTERS[:15])}
    g1 = [[idx[c] for c in row] for row in ("ABC", "DEF", "GHI")]
    g2 = [[idx[c] for c in row] for row in ("CJK", "FLM", "INO")]
    sets = {frozenset(l) for l in grid_lines(g1) + grid_lines(g2)}
    assert len(sets) == 15, len(sets)
    return 15, 3, [tuple(sorted(s)) for s in sets]


def cttt():
    coords = [(0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1), (0, 0, 0), (1, 0, 0),
              (1, 1, 0), (0, 1, 0), (2, 0, 1), (2, 1, 1), (2, 0, 0), (2, 1, 0)]

    def coplanar(quad):
        p0, p1, p2, p3 = (coords[i] for i in quad)
        u, v, w = ([q[k] - p0[k] for k in range(3)] for q in (p1, p2, p3))
        det = (u[0] * (v[1] * w[2] - v[2] * w[1])
               - u[1] * (v[0] * w[2] - v[2] * w[0])
               + u[2] * (v[0] * w[1] - v[1] * w[0]))
        return det == 0

    sets = set()
    for xs in ((0, 1), (1, 2)):
        cube = [i for i, p in enumerate(coords) if p[0] in xs]
        assert len(cube) == 8
        planes = [q for q in itertools.combinations(cube, 4) if coplanar(q)]
        assert len(planes) == 12, len(planes)
        sets.update(frozenset(q) for q in planes)
    assert len(sets) == 23, len(sets)
    return 12, 4, [tuple(sorted(s)) for s in sets]


def sttt():
    def at(r, c):
        return 5 * r + c
    unit = [(at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1))
            for r in range(4) for c in range(4)]
    diag = [(at(r - 1, c), at(r, c - 1), at(r, c + 1), at(r + 1, c))
            for r in range(1, 4) for c in range(1, 4)]
    assert len(unit) == 16 and len(diag) == 9
    sets = {frozenset(s) for s in unit + diag}
    assert len(sets) == 25
    return 25, 4, [tuple(sorted(s)) for s in sets]


GAMES = {"ottt": ("oTTT", ottt), "dttt": ("dTTT", dttt),
         "cttt": ("cTTT", cttt), "sttt": ("sTTT", sttt)}


class Game:
    def __init__(self, key):
        self.name, build = GAMES[key.lower()]
        self.ncells, self.n, lines = build()
        self.lines = [mask_of(l) for l in lines]
        self.full = (1 << self.ncells) - 1

    def has_won(self, p):
        return any(line & p == line for line in self.lines)

    def threats(self, p, empty):
        """(number of threat lines, set of winning cells) of the player with stones p."""
        count, cells = 0, set()
        for line in self.lines:
            if (line & p).bit_count() == self.n - 1:
                rest = line & ~p
                if rest & empty:
                    count += 1
                    cells.add(rest)
        return count, cells

    def label(self, white, black, rule):
        """Return ('filtered', 0) or (verdict, answers_mask) for a non-won position."""
        empty = self.full & ~(white | black)
        if (white.bit_count() + black.bit_count()) % 2 == 0:
            mover, opp = white, black
        else:
            mover, opp = black, white
        opp_lines, opp_cells = self.threats(opp, empty)
        if (opp_lines if rule == "lines" else len(opp_cells)) >= 2:
            return "filtered", 0
        _, my_cells = self.threats(mover, empty)
        if my_cells:
            return "win", mask_of_bits(my_cells)
        if len(opp_cells) == 1:
            return "blocked", mask_of_bits(opp_cells)
        if len(opp_cells) >= 2:
            return "none", 0
        forks = 0
        for a in range(self.ncells):
            bit = 1 << a
            if not empty & bit:
                continue
            lines, cells = self.threats(mover | bit, empty & ~bit)
            if (lines if rule == "lines" else len(cells)) >= 2:
                forks |= bit
        return ("fork", forks) if forks else ("none", 0)


def mask_of_bits(bits):
    m = 0
    for b in bits:
        m |= b
    return m


def letters(game, m):
    return "".join(LETTERS[i] for i in range(game.ncells) if m >> i & 1)


def run(game, moves, rule, answers_out=None):
    start = time.perf_counter()
    nw, nb = (moves + 1) // 2, moves // 2
    counts = {"win": 0, "blocked": 0, "fork": 0, "none": 0, "filtered": 0}
    positions = 0
    all_cells = range(game.ncells)
    for wc in itertools.combinations(all_cells, nw):
        white = mask_of(wc)
        if game.has_won(white):
            continue
        rest = [c for c in all_cells if c not in wc]
        for bc in itertools.combinations(rest, nb):
            black = mask_of(bc)
            if game.has_won(black):
                continue
            positions += 1
            verdict, ans = game.label(white, black, rule)
            counts[verdict] += 1
            if answers_out is not None and verdict in ("win", "blocked", "fork"):
                answers_out.append({"white": letters(game, white),
                                    "black": letters(game, black),
                                    "verdict": verdict, "answers": letters(game, ans)})
    seconds = time.perf_counter() - start
    questions = counts["win"] + counts["blocked"] + counts["fork"]
    assert counts["none"] + questions + counts["filtered"] == positions
    return {"game": game.name, "moves": moves, "positions": positions,
            "sequences": str(positions * math.factorial(nw) * math.factorial(nb)),
            "filtered": counts["filtered"], "questions": questions,
            "verdicts": {k: counts[k] for k in ("win", "blocked", "fork", "none")},
            "seconds": round(seconds, 6)}


def check(game_key, white, black, verdict, answers=None, includes=None):
    for rule in ("lines", "cells"):
        g = Game(game_key)
        wm = mask_of(LETTERS.index(c) for c in white)
        bm = mask_of(LETTERS.index(c) for c in black)
        assert not wm & bm and not g.has_won(wm) and not g.has_won(bm)
        got, ans = g.label(wm, bm, rule)
        got_ans = letters(g, ans)
        where = f"{g.name} W={white} B={black} rule={rule}: got {got} {got_ans}"
        assert got == verdict, where
        if answers is not None:
            assert got_ans == answers, where
        if includes is not None:
            assert includes in got_ans, where


def self_test():
    # The 8 worked examples of the TTT-Bench paper (Appendix A and B).
    check("ottt", "AH", "BC", "fork", answers="GI")          # white to move
    check("ottt", "ACD", "BG", "fork", answers="H")          # black to move
    check("dttt", "BFI", "HJL", "win", answers="C")          # white to move
    check("dttt", "DIJM", "AGK", "fork", includes="C")       # black to move
    check("cttt", "ACE", "BIK", "win", answers="G")          # white to move
    check("cttt", "BGJK", "ACE", "fork", includes="D")       # black to move
    check("sttt", "ABH", "DKU", "fork", answers="FG")        # white to move
    check("sttt", "ABCW", "EIO", "fork", includes="J")       # black to move
    # Winning-set counts and a few trivial totals.
    assert [len(Game(k).lines) for k in ("ottt", "dttt", "cttt", "sttt")] == [8, 15, 23, 25]
    r0 = run(Game("ottt"), 0, "lines")
    assert r0["positions"] == 1 and r0["verdicts"]["none"] == 1
    r1 = run(Game("ottt"), 1, "lines")
    assert r1["positions"] == 9 and r1["verdicts"]["none"] == 9
    print("ok")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Slow reference TTT-Bench labeller.")
    ap.add_argument("--game", type=str.lower, choices=sorted(GAMES))
    ap.add_argument("--moves", type=str, help="move count N, or a comma list like 6,7")
    ap.add_argument("--fork-rule", choices=("lines", "cells"), default="lines")
    ap.add_argument("--answers", action="store_true",
                    help="also print one JSON line per question")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args(argv)
    if args.self_test:
        self_test()
        return 0
    if args.game is None or args.moves is None:
        ap.error("--game and --moves are required (or use --self-test)")
    game = Game(args.game)
    for tok in args.moves.split(","):
        moves = int(tok)
        if not 0 <= moves <= game.ncells:
            ap.error(f"--moves {moves} out of range 0..{game.ncells}")
        answers = [] if args.answers else None
        print(json.dumps(run(game, moves, args.fork_rule, answers)), flush=True)
        for a in answers or ():
            print(json.dumps(a))
    return 0


if __name__ == "__main__":
    sys.exit(main())
