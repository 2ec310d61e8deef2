#!/bin/sh
# cli_render.sh: `vp go show --image` draws problems as PNG or SVG: sizes
# from the documented geometry, crops to the problem's region, patterns
# with %n for several files, the same bytes on every run and thread count,
# refusals (exit 2) before anything is drawn, and failed writes (exit 1)
# that leave no file behind.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

# A white group in the top-left corner (A18-C18, C19) inside black stones
# (A17-D17, D18, D19); black to kill.
printf '{"AB": ["ac","bc","cc","dc","db","da"], "AW": ["ab","bb","cb","ca"], "SZ": "19", "C": "Black to play", "SOL": [["B", "ba", "Correct.", ""]]}\n' >"$T/c.json"
printf '{"AB": ["pd","dp"], "AW": ["dd"], "SZ": "19", "C": "White to play", "SOL": []}\n' >"$T/far.json"

# The PNG's width and height from its IHDR (bytes 16..23), in decimal.
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{printf "%d %d\n", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}'; }
is_png() { [ "$(od -An -c -N4 "$1" | tr -d ' ')" = '211PNG' ]; }

check_exit 0 "a problem drawn as PNG" vp go show "$T/c.json" --image "$T/c.png"
check "  ... the text still printed" grep -q "black to play" "$T/out"
check "  ... a PNG file" is_png "$T/c.png"
check "  ... 760x760 by default" sh -c "[ \"\$(od -An -tu1 -j16 -N8 '$T/c.png' | tr -s ' ')\" = ' 0 0 2 248 0 0 2 248' ]"
check_exit 0 "--size 380" vp go show "$T/c.json" --image "$T/s.png" --size 380
check "  ... 380x380" sh -c "od -An -tu1 -j16 -N8 '$T/s.png' | tr -s ' ' | grep -qx ' 0 0 1 124 0 0 1 124'"

# Crop: the stones and the inferred region span A17-D19 (x 0..3, y 16..18);
# one more line each side within the board gives lines A-E and 16-19, plus
# 1.5 units of band around: 7 x 6 units of 760/21 px = 253 x 217.
check_exit 0 "--crop to the problem region" vp go show "$T/c.json" --image "$T/crop.png" --crop
check "  ... 253x217" sh -c "od -An -tu1 -j16 -N8 '$T/crop.png' | tr -s ' ' | grep -qx ' 0 0 0 253 0 0 0 217'"
# Stones on three 4-4 points and no problem ld can infer: the crop is the
# stones' bounding box D4-Q16 (x and y 3..15), so lines C-R and 3-17 show,
# 17 units square between the rounded edges 2u = 72 and 19u = 688: 616 px.
check_exit 0 "--crop with stones far apart" vp go show "$T/far.json" --image "$T/far.png" --crop
check "  ... 616x616" sh -c "od -An -tu1 -j16 -N8 '$T/far.png' | tr -s ' ' | grep -qx ' 0 0 2 104 0 0 2 104'"

# SVG by the extension or by --svg.
check_exit 0 "an SVG by its extension" vp go show "$T/c.json" --image "$T/c.svg" --crop
check "  ... XML with an svg element 253 wide" sh -c "head -c 5 '$T/c.svg' | grep -q '<?xml' && grep -q '<svg[^>]*width=\"253' '$T/c.svg' && tail -c 8 '$T/c.svg' | grep -q '</svg>'"
check_exit 0 "--svg whatever the name" vp go show "$T/c.json" --image "$T/c.img" --svg
check "  ... is SVG" grep -q '<svg' "$T/c.img"
check_exit 2 "--svg with a .png name is refused" vp go show "$T/c.json" --image "$T/x.png" --svg
check_exit 2 "--crop without --image is refused" vp go show "$T/c.json" --crop
check_exit 2 "--size out of range is refused" vp go show "$T/c.json" --image "$T/x.png" --size 10
check "  ... and nothing drawn" test ! -e "$T/x.png"

# Determinism: the same bytes twice, and under one or two threads.
mkdir "$T/a" "$T/b"
check_exit 0 "several files with a %n pattern" vp go show "$T/c.json" "$T/far.json" "$T/c.json" \
    --image "$T/a/%n.svg" --crop --threads 2
check "  ... named after the files, a repeat numbered" sh -c "test -s '$T/a/c.svg' && test -s '$T/a/far.svg' && test -s '$T/a/c-2.svg'"
check "  ... the repeat is the same image" cmp "$T/a/c.svg" "$T/a/c-2.svg"
vp go show "$T/c.json" "$T/far.json" "$T/c.json" --image "$T/b/%n.svg" --crop --threads 1 >/dev/null
check "the same SVG bytes under 1 and 2 threads" sh -c "cmp '$T/a/c.svg' '$T/b/c.svg' && cmp '$T/a/far.svg' '$T/b/far.svg'"
vp go show "$T/c.json" "$T/far.json" --image "$T/a/%n.png" --threads 2 >/dev/null
vp go show "$T/c.json" "$T/far.json" --image "$T/b/%n.png" --threads 1 >/dev/null
check "the same PNG bytes under 1 and 2 threads" sh -c "cmp '$T/a/c.png' '$T/b/c.png' && cmp '$T/a/far.png' '$T/b/far.png'"
vp go show "$T/c.json" --image "$T/c2.png" >/dev/null
check "the same PNG bytes on a second run" cmp "$T/c.png" "$T/c2.png"
vp go show "$T/c.json" --image "$T/r.png" --transform rot180 >/dev/null
check "a transform changes the image" sh -c "! cmp -s '$T/c.png' '$T/r.png'"
vp go show "$T/c.json" --image "$T/n.png" --no-coords >/dev/null
check "--no-coords changes the image" sh -c "! cmp -s '$T/c.png' '$T/n.png'"

# Refusals before anything is drawn, failures that leave nothing.
check_exit 2 "several files without %n are refused" vp go show "$T/c.json" "$T/far.json" --image "$T/one.png"
check "  ... nothing printed or drawn" sh -c "test ! -s '$T/out' && test ! -e '$T/one.png'"
check_exit 2 "a missing folder is refused" vp go show "$T/c.json" --image "$T/none/c.png"
check "  ... naming it" grep -q "none" "$T/err"
check "  ... in one line" one_line "$T/err"
mkdir "$T/dir.png"
check_exit 1 "a path that is a folder: the write fails" vp go show "$T/c.json" --image "$T/dir.png"
check "  ... naming the path in one line" sh -c "grep -q 'dir.png' '$T/err' && [ \$(wc -l <'$T/err') -eq 1 ]"
check "  ... no temporary file left" sh -c "! ls '$T' | grep -q 'tmp'"
printf '(;SZ[5]AB[ba][ab][cb]AW[aa][bb])' >"$T/dead.sgf"
check_exit 2 "a bad problem: nothing drawn" vp go show "$T/c.json" "$T/dead.sgf" --image "$T/bad/%n.png"
mkdir "$T/bad"
check_exit 2 "  ... (with the folder there too)" vp go show "$T/c.json" "$T/dead.sgf" --image "$T/bad/%n.png"
check "  ... the folder stays empty" sh -c "[ -z \"\$(ls -A '$T/bad')\" ]"
finish cli_render
