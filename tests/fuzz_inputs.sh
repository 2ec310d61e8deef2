#!/bin/sh
# fuzz_inputs.sh: bench/fuzz_inputs.py, a short run on the built vp (every
# group: mutated problems, the hand-made extremes, mutated sets, answers
# and traces, random GTP sessions, random lines for `go solve --after`)
# must find nothing: no crash, no hang,
# no sanitizer report (under `.ci/run`'s sanitized pass), every error in
# one line. And the fuzzer must see a fault: a stand-in vp that answers
# with a two-line error, one that dies of a signal.
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

finish fuzz_inputs
