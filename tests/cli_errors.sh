#!/bin/sh
# cli_errors.sh: bad usage and bad input make vp exit with status 2 after
# a one-line message on stderr naming the problem, with nothing on stdout,
# no output file created, an existing output file left untouched and no
# temporary file left behind.
set -eu
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

# expect_usage DESC MENTION ARGS...: `vp ARGS` exits 2, prints exactly one
# line on stderr matching MENTION and nothing on stdout.  MENTION is an
# extended regular expression, or =WORD for WORD as a whole word, or empty
# for no check of the wording.
expect_usage() {
    _d=$1
    _m=$2
    shift 2
    check_exit 2 "$_d: exit status 2" vp "$@"
    if one_line "$T/err"; then
        pass "$_d: one line on stderr"
    else
        fail "$_d: one line on stderr (got $(nlines "$T/err") lines)"
        show "$T/err"
    fi
    case $_m in
    '') ;;
    =*)
        _w=${_m#=}
        check "$_d: the message names '$_w'" \
            grep -q -E -e "(^|[^[:alnum:]_])$_w([^[:alnum:]_]|\$)" "$T/err"
        ;;
    *) check "$_d: the message names '$_m'" grep -q -E -e "$_m" "$T/err" ;;
    esac
    if [ -s "$T/out" ]; then
        fail "$_d: nothing on stdout"
        show "$T/out"
    else
        pass "$_d: nothing on stdout"
    fi
}

# no_tmp_beside PATH: no PATH.tmp.* file exists.
no_tmp_beside() {
    for _f in "$1".tmp.*; do
        if [ -e "$_f" ]; then
            echo "$_f exists"
            return 1
        fi
    done
}

# absent PATH: no file, and no temporary file beside it.
absent() {
    if [ -e "$1" ]; then
        echo "$1 exists"
        return 1
    fi
    no_tmp_beside "$1"
}

echo "# unknown game"
expect_usage "enumerate --game xTTT" xTTT ttt enumerate --game xTTT --moves 4
expect_usage "generate --game xTTT" xTTT ttt generate --game xTTT -o "$T/xg.jsonl"
check "generate --game xTTT creates no output file" absent "$T/xg.jsonl"
expect_usage "question --game xTTT" xTTT ttt question --game xTTT --play A
expect_usage "solve --game xTTT" xTTT ttt solve --game xTTT

echo "# move counts"
expect_usage "enumerate oTTT --moves 10 (more than 9 cells)" =10 ttt enumerate --game oTTT --moves 10
expect_usage "generate oTTT --moves 9 (no move remains)" =9 ttt generate --game oTTT --moves 9 -o "$T/m9.jsonl"
check "generate --moves 9 creates no output file" absent "$T/m9.jsonl"
expect_usage "enumerate --moves 4,x (malformed)" --moves ttt enumerate --game oTTT --moves 4,x
expect_usage "enumerate --moves 4,,5 (malformed)" --moves ttt enumerate --game oTTT --moves 4,,5
expect_usage "enumerate --moves 4,10 (second out of range)" =10 ttt enumerate --game oTTT --moves 4,10
expect_usage "generate --moves 4,x (malformed)" --moves ttt generate --game oTTT --moves 4,x -o "$T/mx.jsonl"
check "generate --moves 4,x creates no output file" absent "$T/mx.jsonl"
expect_usage "enumerate without --moves" --moves ttt enumerate --game oTTT

echo "# question --play"
expect_usage "question --play A,A (repeated cell)" A,A ttt question --game oTTT --play A,A
expect_usage "question --play A,Z (not a cell)" "'Z'|A,Z" ttt question --game oTTT --play A,Z
expect_usage "question --play A,D,B,E,C,F (move after a win)" A,D,B,E,C,F \
    ttt question --game oTTT --play A,D,B,E,C,F
expect_usage "question --play A,D,B,E,C (game already over)" A,D,B,E,C \
    ttt question --game oTTT --play A,D,B,E,C
expect_usage "question without --play" --play ttt question --game oTTT

echo "# output file"
expect_usage "generate -o /nonexistent-dir/x.jsonl" '/nonexistent-dir/x\.jsonl' \
    ttt generate --game oTTT -o /nonexistent-dir/x.jsonl
expect_usage "generate without -o" "" ttt generate --game oTTT

K="$T/keep"
mkdir "$K"
printf 'known content\nline 2\n' >"$K/keep.jsonl"
cp "$K/keep.jsonl" "$T/keep.orig"
kept() {
    check "$1: keep.jsonl is byte-identical afterwards" cmp "$K/keep.jsonl" "$T/keep.orig"
    check "$1: no keep.jsonl.tmp.* file remains" no_tmp_beside "$K/keep.jsonl"
}
expect_usage "generate --moves 99 -o keep.jsonl" =99 ttt generate --game oTTT --moves 99 -o "$K/keep.jsonl"
kept "after --moves 99"
expect_usage "generate --game xTTT -o keep.jsonl" xTTT ttt generate --game xTTT -o "$K/keep.jsonl"
kept "after --game xTTT"
expect_usage "generate --count abc -o keep.jsonl" abc ttt generate --game oTTT --count abc -o "$K/keep.jsonl"
kept "after --count abc"
check "nothing but keep.jsonl in its directory" test "$(ls -A "$K")" = keep.jsonl

echo "# options and commands"
expect_usage "enumerate --bogus (unknown option)" --bogus ttt enumerate --game oTTT --moves 4 --bogus
expect_usage "generate --frobnicate (unknown option)" --frobnicate ttt generate --game oTTT --frobnicate -o "$T/fr.jsonl"
check "generate with an unknown option creates no output file" absent "$T/fr.jsonl"
# Each subcommand rejects the options of the others (by either name).
expect_usage "question --count (option of another subcommand)" '--count|-k' \
    ttt question --game oTTT --play A --count 3
expect_usage "solve --moves (option of another subcommand)" '--moves|-n' ttt solve --game oTTT --moves 3
expect_usage "enumerate --output (option of another subcommand)" '--output|-o' \
    ttt enumerate --game oTTT --moves 4 --output "$T/eo.txt"
check "enumerate --output creates no file" absent "$T/eo.txt"
expect_usage "enumerate --moves without its value" --moves ttt enumerate --game oTTT --moves
expect_usage "solve with a stray argument" =extra ttt solve --game oTTT extra
expect_usage "ttt frob (unknown subcommand)" =frob ttt frob
expect_usage "frob (unknown command)" =frob frob
expect_usage "enumerate without --game" --game ttt enumerate --moves 4
expect_usage "question without --game" --game ttt question --play A
expect_usage "solve without --game" --game ttt solve
expect_usage "generate --count abc" abc ttt generate --game oTTT --count abc -o "$T/ca.jsonl"
check "generate --count abc creates no output file" absent "$T/ca.jsonl"
expect_usage "generate --threads 0" --threads ttt generate --game oTTT --threads 0 -o "$T/t0.jsonl"
check "generate --threads 0 creates no output file" absent "$T/t0.jsonl"
expect_usage "enumerate --threads 0" --threads ttt enumerate --game oTTT --moves 4 --threads 0
expect_usage "enumerate --fork-rule bogus" bogus ttt enumerate --game oTTT --moves 4 --fork-rule bogus

echo "# no arguments"
check_exit 2 "vp with no arguments: exit status 2" vp
check "vp with no arguments: usage on stderr" test -s "$T/err"
check "vp with no arguments: nothing on stdout" test ! -s "$T/out"
check_exit 2 "vp ttt with no subcommand: exit status 2" vp ttt
check "vp ttt with no subcommand: nothing on stdout" test ! -s "$T/out"

finish cli_errors
