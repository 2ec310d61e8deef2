#!/bin/sh
# The referee's check (tests/ld_referee_test --corpus) on real problems:
# four bundled Cho Chikun Elementary problems, each defined as `vp go
# solve` defines it, its inferred region the referee's area, solved under
# the Chinese rules with seki as life, with seki as death and under the
# Japanese rules (--all-rules). Kills proved outright and by ko, and a
# life; 4 to 9 empty points, referee graphs up to 234,142 states. Each
# must be checked (--all-checked): a change to the inference that makes
# one too large, or its outside capturable, fails here; so does a referee
# that takes a capturable outside stone for uncapturable (a hand-made
# problem below). The whole corpus:
# bench/RESULTS.md, "The referee on the bundled problems". Bad arguments
# first: each must exit 2 with the usage line.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
d="$top_srcdir/data/tsumego/cho-chikun-encyclopedia-life-and-death-elementary"
# usage errors: exit 2 and a message, nothing checked
for args in "--corpus" "--all-rules 5" "5 --corpus $d/Prob0001.json" "--corpus --max-empty 99 $d/Prob0001.json"; do
    # shellcheck disable=SC2086 # the words of args are the arguments
    out=$("$top_builddir/tests/ld_referee_test" $args 2>&1)
    rc=$?
    if [ "$rc" -ne 2 ] || ! printf '%s\n' "$out" | grep -q "usage: ld_referee_test"; then
        echo "ld_referee_corpus.sh: '$args' exits $rc, not 2 with the usage: $out" >&2
        exit 1
    fi
done
# Fujisawa 21's region is bordered at S16 by a frame stone whose only
# outside liberty is one of the frame's eyes (S15): no move can fill it,
# so the referee takes that outside as it is and the problem gets as far
# as its graph (over 1,000 states here), not turned away at its outside.
f="$top_srcdir/data/tsumego/fujisawa-shuuko-collection-or-original-tsumego-elementary/Problem_21.json"
out=$("$top_builddir/tests/ld_referee_test" --corpus --max-empty 64 --max-states 1000 "$f" 2>&1)
if ! printf '%s\n' "$out" | grep -q "Problem_21.json: not checked: referee graph over --max-states"; then
    echo "ld_referee_corpus.sh: Fujisawa 21 is not taken up to its graph: $out" >&2
    exit 1
fi
# A hand-made kill whose region (SQ) leaves out E19, a black stone next to
# it: with E18 black too, E19 belongs to the chain E18-F18 that runs on
# into the frame and its eyes, so it can never be captured and the problem
# is checked; with E18 empty, E19 is a chain of its own whose liberties
# (E18, F19) are all in the region, which the search may capture and the
# referee's outside cannot, so the problem must be turned away there. A
# rule that took every outside for uncapturable would check both.
t=$(mktemp -d "${TMPDIR:-/tmp}/ld_referee_corpus.XXXXXX") || exit 1
trap 'rm -rf "$t"' EXIT
sq='"SQ": ["aa", "ba", "ca", "da", "fa", "ab", "bb", "cb", "db", "eb", "fb", "ac"]'
aw='"AW": ["da", "ab", "bb", "cb", "db"]'
printf '{"SZ": "19", "AB": ["ea", "eb", "fb", "bc", "cc", "dc"], "PL": "B", %s, %s}\n' "$aw" "$sq" > "$t/joined.json"
printf '{"SZ": "19", "AB": ["ea", "fb", "bc", "cc", "dc"], "PL": "B", %s, %s}\n' "$aw" "$sq" > "$t/alone.json"
out=$("$top_builddir/tests/ld_referee_test" --corpus --all-checked --max-empty 64 --max-states 100000 "$t/joined.json" 2>&1)
if ! printf '%s\n' "$out" | grep -q "joined.json: kill, 12 points, 5 empty, .* states, referee proved$"; then
    echo "ld_referee_corpus.sh: the outside chain joined to the frame through the region is not checked: $out" >&2
    exit 1
fi
out=$("$top_builddir/tests/ld_referee_test" --corpus --max-empty 64 --max-states 100000 "$t/alone.json" 2>&1)
if ! printf '%s\n' "$out" | grep -q "alone.json: not checked: a point next to the region not an uncapturable attacker stone"; then
    echo "ld_referee_corpus.sh: the capturable outside stone E19 is not turned away: $out" >&2
    exit 1
fi
"$top_builddir/tests/ld_referee_test" --corpus --all-rules --all-checked --max-empty 9 --max-states 1000000 \
    "$d/Prob0001.json" "$d/Prob0031.json" "$d/Prob0391.json" "$d/Prob0811.json"
