#!/bin/sh
# The referee's check (tests/ld_referee_test) on larger areas than its
# default sample: 12 problems in a corner area of 6 columns by 2 or 3
# rows, and 6 on the top edge (5 columns, the wall on three sides), each
# up to 9 empty points, referee graphs up to 1,000,000 states. The test
# itself fails when no problem with more than the default's 7 empty
# points was checked. The long samples of bench/RESULTS.md ("The referee
# on larger areas") use the same options with other seeds and counts.
: "${top_builddir:=$(cd "$(dirname "$0")/.." && pwd)}"
"$top_builddir/tests/ld_referee_test" 45010 12 --area 6x3 --max-empty 9 --max-states 1000000 &&
    exec "$top_builddir/tests/ld_referee_test" 45011 6 --edge --area 5x3 --max-empty 9 --max-states 1000000
