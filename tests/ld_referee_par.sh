#!/bin/sh
# The referee's check (tests/ld_referee_test) with two search threads
# (vp go solve --search-threads 2), the helpers starting at the first
# node: every settled answer must still agree with the exhaustive referee.
# 250 problems of the default seed.
: "${top_builddir:=$(cd "$(dirname "$0")/.." && pwd)}"
exec "$top_builddir/tests/ld_referee_test" - 250 2
