#!/bin/sh
# fuzz_inputs.sh: bench/fuzz_inputs.py, a short run on the built vp (every
# group: mutated problems, the hand-made extremes, mutated sets, answers
# and traces, random GTP sessions, random lines for `go solve --after`)
# must find nothing: no crash, no hang,
# no sanitizer report (under `.ci/run`'s sanitized pass), every error in
# one line. And the fuzzer must see a fault: a stand-in vp that answers
# with a two-line error, one that dies of a signal. Without --work, its
# folder in TMPDIR goes when nothing was found (unless --keep) and stays
# after a finding.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

need_python fuzz_inputs "the fuzzer"
F="$top_srcdir/bench/fuzz_inputs.py"

check_exit 0 "40 mutated problems, 4 of each fixture, 4 GTP sessions, the extremes, 40 lines: nothing found" \
    "$PYTHON3" "$F" --vp "$VP" --count 40 --seed 3 --work "$T/fz"
check "  ... the count of runs and findings" grep -q '^fuzz_inputs: seed 3, [0-9]* runs, 0 findings' "$T/out"

printf '#!/bin/sh\necho "vp: one" >&2; echo "two" >&2; exit 2\n' >"$T/twolines"
chmod +x "$T/twolines"
check_exit 1 "a vp whose errors take two lines is a finding" \
    "$PYTHON3" "$F" --vp "$T/twolines" --only extremes --work "$T/fz2"
check "  ... named as such" grep -q '^FINDING error in 2 lines: vp go show ' "$T/out"
printf '#!/bin/sh\nkill -SEGV $$\n' >"$T/segv"
chmod +x "$T/segv"
check_exit 1 "a vp killed by a signal is a finding" \
    "$PYTHON3" "$F" --vp "$T/segv" --only extremes --work "$T/fz3"
check "  ... named as such" grep -q '^FINDING crash or hang (status -11)' "$T/out"

# The folder of its own (no --work), in TMPDIR.
mkdir "$T/tmpd" "$T/tmpk" "$T/tmps"
printf '#!/bin/sh\nexit 0\n' >"$T/quiet"
chmod +x "$T/quiet"
check_exit 0 "no --work, nothing found: the run's own folder is removed" \
    env TMPDIR="$T/tmpd" "$PYTHON3" "$F" --vp "$T/quiet" --only extremes
check "  ... and it says so" grep -q ', 0 findings (mutants removed)$' "$T/out"
check "  ... nothing left in TMPDIR" test -z "$(ls -A "$T/tmpd")"
check_exit 0 "no --work, nothing found, --keep: the folder stays" \
    env TMPDIR="$T/tmpk" "$PYTHON3" "$F" --vp "$T/quiet" --only extremes --keep
check "  ... named in the last line" grep -q "0 findings (mutants in $T/tmpk/vp-fuzz\.[^/]*)\$" "$T/out"
check "  ... with the mutants in it" test -n "$(ls -A "$T"/tmpk/vp-fuzz.*)"
check_exit 1 "no --work, a finding: the folder stays" \
    env TMPDIR="$T/tmps" "$PYTHON3" "$F" --vp "$T/segv" --only extremes
check "  ... named in the last line" grep -q "[1-9][0-9]* findings (mutants in $T/tmps/vp-fuzz\.[^/]*)\$" "$T/out"
check "  ... with the mutants in it" test -n "$(ls -A "$T"/tmps/vp-fuzz.*)"

finish fuzz_inputs
