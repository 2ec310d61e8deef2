# common.sh: setup shared by the shell tests of the vp command; sourced,
# not run.  A test does
#
#     : "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
#     . "$top_srcdir/tests/common.sh"
#     check "DESC" CMD...
#     finish NAME
#
# Automake's harness exports top_builddir, top_srcdir (absolute) and
# PYTHON3 (the path of python3, or empty).  When a test is run by hand they
# default to the source tree and to python3 from PATH.
#
# Provides:
#   $VP, vp ARGS...     the built vp (vp runs it under `timeout` when there
#                       is one, VP_TEST_TIMEOUT seconds, default 600)
#   $T                  a private temporary directory under
#                       $top_builddir/tests, removed on exit (set
#                       KEEP_TMP=1 to keep it)
#   check DESC CMD...   passes when CMD exits 0; on failure prints CMD's
#                       output
#   check_exit CODE DESC CMD...
#                       runs CMD with stdout in $T/out and stderr in $T/err
#                       and passes when its exit status is CODE
#   run CMD...          the same capture, counting nothing; status in $rc
#   check_py DESC CODE [ARGS...]
#                       runs python code (after PY_PRELUDE) with ARGS in
#                       sys.argv[1:]; passes when it exits 0; counted as
#                       skipped when there is no usable python3
#   skip DESC WHY       counts a skipped check
#   check_pipe DESC WANT CMD...
#                       makes the named pipe $T/fifo, runs CMD (which
#                       writes to it) with a reader attached, and passes
#                       when CMD exits 0, $T/fifo is still a pipe (an
#                       output there is written through, never replaced)
#                       and what came through equals the file WANT;
#                       skipped without mkfifo
#   have_python         true when python3 checks can run
#   need_python NAME WHAT
#                       exits 77 (the whole test skipped) with "NAME: WHAT
#                       needs python3, which is absent" when it cannot
#   one_line FILE       true when FILE holds exactly one non-empty line
#   nlines FILE         prints the number of lines in FILE
#   has_lines FILE N    true when FILE has N lines
#   finish NAME         prints "NAME: N passed, N failed" (", N skipped"
#                       appended when some were skipped) and exits 1 when
#                       a check failed, 77 when none passed but some were
#                       skipped, else 0.

: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"

n_pass=0
n_fail=0
n_skip=0

VP="$top_builddir/vp"
if [ ! -x "$VP" ]; then
    echo "common.sh: $VP is missing: build it first (make)" >&2
    exit 1
fi

VP_TEST_TIMEOUT=${VP_TEST_TIMEOUT:-600}
if command -v timeout >/dev/null 2>&1; then
    vp() { timeout "$VP_TEST_TIMEOUT" "$VP" "$@"; }
else
    vp() { "$VP" "$@"; }
fi

# PYTHON3 set by the harness (even empty) is respected; unset means "find it".
if [ -z "${PYTHON3+set}" ]; then
    PYTHON3=$(command -v python3 2>/dev/null || true)
fi
if [ -n "$PYTHON3" ] && ! "$PYTHON3" -c 'import json, re, sys' >/dev/null 2>&1; then
    echo "note: $PYTHON3 cannot import json; the JSON checks are skipped"
    PYTHON3=
fi
# Run the interpreter itself rather than a wrapper (pyenv shims cost ~0.2 s
# a start), without site-packages: the checks use the standard library only.
PY_FLAGS=
if [ -n "$PYTHON3" ]; then
    _py=$("$PYTHON3" -c 'import sys; print(sys.executable or "")' 2>/dev/null || true)
    if [ -n "$_py" ] && [ -x "$_py" ] && "$_py" -S -c 'import json, re, sys' >/dev/null 2>&1; then
        PYTHON3=$_py
        PY_FLAGS=-S
    fi
fi
have_python() { [ -n "$PYTHON3" ]; }
need_python() {
    have_python && return 0
    echo "$1: $2 needs python3, which is absent"
    exit 77
}

mkdir -p "$top_builddir/tests"
T=$(mktemp -d "$top_builddir/tests/tmp.XXXXXX" 2>/dev/null) || {
    T="$top_builddir/tests/tmp.$$"
    mkdir "$T" || { echo "common.sh: cannot create a temporary directory" >&2; exit 1; }
}
cleanup() {
    if [ "${KEEP_TMP:-0}" = 1 ]; then
        echo "kept $T"
    else
        rm -rf "$T"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Shown under a failed check: the first lines of a file, indented.
show() {
    sed -n '1,20{s/^/    | /;p;}' "$1"
    _n=$(nlines "$1")
    if [ "$_n" -gt 20 ]; then
        echo "    | ... ($_n lines)"
    fi
}

nlines() { wc -l <"$1" | tr -d ' '; }

has_lines() {
    _n=$(nlines "$1") || return 1
    [ "$_n" -eq "$2" ] || { echo "$1 has $_n lines, expected $2"; return 1; }
}

one_line() { [ -s "$1" ] && awk 'NF == 0 { blank = 1 } END { exit !(NR == 1 && !blank) }' "$1"; }

pass() {
    n_pass=$((n_pass + 1))
    echo "ok:   $1"
}

fail() {
    n_fail=$((n_fail + 1))
    echo "FAIL: $1"
}

skip() {
    n_skip=$((n_skip + 1))
    echo "SKIP: $1 ($2)"
}

check() {
    _desc=$1
    shift
    if ("$@") >"$T/check.log" 2>&1; then
        pass "$_desc"
    else
        fail "$_desc"
        show "$T/check.log"
    fi
}

run() {
    "$@" >"$T/out" 2>"$T/err" && rc=0 || rc=$?
}

check_exit() {
    _want=$1
    _desc=$2
    shift 2
    run "$@"
    if [ "$rc" -eq "$_want" ]; then
        pass "$_desc"
    else
        fail "$_desc (exit status $rc, expected $_want)"
        echo "    command: $*"
        echo "    stderr:"
        show "$T/err"
    fi
}

check_pipe() {
    _pdesc=$1
    _pwant=$2
    shift 2
    rm -f "$T/fifo" "$T/fifo.out"
    if ! mkfifo "$T/fifo" 2>/dev/null; then
        skip "$_pdesc" "no mkfifo"
        return
    fi
    cat "$T/fifo" >"$T/fifo.out" &
    _reader=$!
    check_exit 0 "$_pdesc" "$@"
    if [ -p "$T/fifo" ]; then
        # a writer that opens and closes the pipe ends the reader if the
        # command never opened it (opening read-write does not block)
        exec 9<>"$T/fifo"
        exec 9>&-
        wait "$_reader"
    else
        kill "$_reader" 2>/dev/null
    fi
    check "  ... still a pipe, the output came through it" sh -c "test -p '$T/fifo' && cmp -s '$T/fifo.out' '$_pwant'"
}

PY_PRELUDE='import json, re, sys
sys.tracebacklimit = 1
def load(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return json.loads(text)
    except ValueError as e:
        raise AssertionError("%s is not one JSON value (%s): %r" % (path, e, text[:200])) from None
def records(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                out.append(json.loads(line))
            except ValueError as e:
                raise AssertionError("%s:%d is not JSON (%s): %r" % (path, i, e, line[:200])) from None
    return out
def letters(n):
    return [chr(ord("A") + i) for i in range(n)]
'

check_py() {
    _desc=$1
    _code=$2
    shift 2
    if have_python; then
        check "$_desc" "$PYTHON3" $PY_FLAGS -c "$PY_PRELUDE$_code" "$@"
    else
        skip "$_desc" "no python3"
    fi
}

finish() {
    _line="$1: $n_pass passed, $n_fail failed"
    if [ "$n_skip" -gt 0 ]; then
        _line="$_line, $n_skip skipped"
    fi
    echo "$_line"
    if [ "$n_fail" -gt 0 ]; then
        exit 1
    fi
    if [ "$n_pass" -eq 0 ] && [ "$n_skip" -gt 0 ]; then
        exit 77
    fi
    exit 0
}
