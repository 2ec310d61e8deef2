#!/bin/sh
# cli_gtp.sh: `vp gtp` speaks GTP version 2: every administrative and setup
# command, ids, errors answered with "?" while the engine keeps running.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

# gtp_answers FILE: runs the commands of FILE through vp gtp; the answers
# go to $T/ans, one line per answer (multi-line answers joined by '|').
gtp_answers() {
    vp gtp <"$1" >"$T/raw" 2>"$T/err"
    awk 'BEGIN { a = "" } NF == 0 { if (a != "") print a; a = ""; next }
         { a = (a == "" ? $0 : a "|" $0) } END { if (a != "") print a }' "$T/raw" >"$T/ans"
}
# answer N EXPECTED: the Nth answer equals EXPECTED.
answer() {
    _got=$(sed -n "$1p" "$T/ans")
    if [ "$_got" = "$2" ]; then pass "answer $1: $2"; else fail "answer $1: expected '$2', got '$_got'"; fi
}

cat >"$T/cmds" <<'GTP'
protocol_version
name
12 version
known_command play
known_command genmove
boardsize 5
clear_board
komi 6.5
play black C3
play white C3
is_legal white B3
list_stones black
play white B3
play black A1
play white D3
play black B1
play white C4
play black B2
play white C2
list_stones white
list_stones black
undo
list_stones white
boardsize 1
boardsize x
play purple C3
play black Z9
frobnicate
# a comment line and a blank one follow

7 quit
GTP
gtp_answers "$T/cmds"
answer 1 "= 2"
answer 2 "= vitalpoint"
answer 3 "=12 $("$VP" --version | awk '{print $NF}')"
answer 4 "= true"
answer 5 "= false"
answer 6 "= "
answer 9 "= "
answer 10 "? illegal move"
answer 11 "= 1"
answer 12 "= C3"
# White surrounds C3 on C4, B3, D3, C2: the last captures it.
answer 20 "= C4 B3 D3 C2"
answer 21 "= B2 A1 B1"
answer 23 "= C4 B3 D3"
answer 24 "? unacceptable size"
answer 25 "? boardsize not an integer"
answer 26 "? invalid color or vertex"
answer 28 "? unknown command"
answer 29 "=7 "
check "answers count: one per command" has_lines "$T/ans" 29
check "nothing on stderr" test ! -s "$T/err"

# Suicide and ko refused, all_legal consistent with is_legal.
cat >"$T/cmds" <<'GTP'
boardsize 5
play black A2
play black B1
is_legal white A1
play white A1
all_legal white
list_commands
showboard
GTP
gtp_answers "$T/cmds"
answer 4 "= 0"
answer 5 "? illegal move"
check "all_legal excludes the suicide point and occupied points" sh -c "sed -n 6p '$T/ans' | grep -q '^= ' && ! sed -n 6p '$T/ans' | grep -qw A1 && ! sed -n 6p '$T/ans' | grep -qw B1 && [ \$(sed -n 6p '$T/ans' | wc -w) -eq 23 ]"
check "list_commands names every required command" sh -c "for c in protocol_version name version known_command list_commands quit boardsize clear_board komi play undo showboard loadsgf is_legal all_legal list_stones set_free_handicap; do sed -n 7p '$T/ans' | sed 's/^= //' | tr '|' '\n' | grep -qx \$c || exit 1; done"
check "showboard draws the stones" sh -c "sed -n 8p '$T/ans' | grep -q 'X'"

# Setup commands: loadsgf (SGF and the JSON problem format), handicap.
cat >"$T/p.sgf" <<'SGF'
(;FF[4]GM[1]SZ[9]AB[aa][ba]AW[ca][cb]PL[W];W[bb])
SGF
printf '{"AB": ["aa"], "AW": ["ba"], "SZ": "5", "C": "Black to play", "SOL": [["B", "ab", "", ""]]}\n' >"$T/p.json"
printf '(;SZ[9]AB[aa' >"$T/bad.sgf"
cat >"$T/cmds" <<GTP
loadsgf $T/p.sgf
list_stones black
list_stones white
loadsgf $T/p.json
list_stones white
loadsgf $T/bad.sgf
loadsgf $T/missing.sgf
boardsize 9
set_free_handicap D4 F6
list_stones black
set_free_handicap E5 E6
clear_board
set_free_handicap D4 D4
GTP
gtp_answers "$T/cmds"
answer 1 "= white"
answer 2 "= A9 B9"
answer 3 "= C9 C8"
answer 4 "= black"
answer 5 "= B5"
check "malformed SGF answered with ? naming the place" sh -c "sed -n 6p '$T/ans' | grep -q '^? .*line 1'"
check "missing file answered with ?" sh -c "sed -n 7p '$T/ans' | grep -q '^? '"
answer 10 "= F6 D4"
answer 11 "? board not empty"
check "repeated handicap vertex refused" sh -c "sed -n 13p '$T/ans' | grep -q '^? bad vertex list'"

check_exit 0 "vp gtp --help" vp gtp --help
check "help names --superko" grep -q -- --superko "$T/out"
check_exit 2 "vp gtp --bogus" vp gtp --bogus
finish cli_gtp
