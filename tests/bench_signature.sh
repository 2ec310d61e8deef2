#!/bin/sh
# bench_signature.sh: the playout benchmark doubles as a determinism
# signature (as Stockfish's bench does): a fixed seed must give the same
# number of moves and the same final positions. A change here means the
# rules or the playout policy changed: if on purpose, update the numbers
# here and the figures in bench/RESULTS.md.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

"$top_builddir/bench/go_bench" 2000 200 >"$T/bench" 2>&1
check "9x9 signature" grep -qx '9x9: signature: seed 20260101, 221603 moves (4000 final passes), final hashes 891dd87e0f4cb97b' "$T/bench"
check "19x19 signature" grep -qx '19x19: signature: seed 20260101, 91356 moves (400 final passes), final hashes 0de27b324f6436b8' "$T/bench"
finish bench_signature
