#!/bin/sh
# cli_build.sh: `vp go build`, the tsumego benchmark builder: the bundled
# sample built once with images, tiers and a report, every record checked
# against the schema and, independently of the builder, against the solver
# (no distractor succeeds: tests/build_test --check-set); the same bytes
# (records and images) at --threads 1 and 2; transforms (a variant df-pn
# does not settle within the budget left out, the set passing the audit);
# .gz; --k 0;
# --no-ko; a bad file in the batch; unwritable outputs leave nothing;
# usage errors.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

data="$top_srcdir/data/tsumego"
cho="$data/cho-chikun-encyclopedia-life-and-death-elementary"
CHECKER="$top_builddir/tests/build_test"

# ---- the bundled sample, once ---------------------------------------------------------
check_exit 0 "build the bundled sample (images, 3 tiers, report)" \
    vp go build "$data"/*/*.json -o "$T/set.jsonl" --images "$T/img" --tiers 3 --report "$T/report.md" -t 2
cp "$T/out" "$T/summary.txt"
nin=$(ls "$data"/*/*.json | wc -l | tr -d ' ')
proven=$(sed -n 's/.* in, \([0-9]*\) proven.*/\1/p' "$T/summary.txt")
check "  ... the summary counts every problem ($nin in)" grep -q "^vp go build: $nin problems in, " "$T/summary.txt"
check "  ... some proven, some excluded with reasons" sh -c "[ '${proven:-0}' -gt 5 ] && grep -q 'excluded: .* unknown within the budget' '$T/summary.txt'"
check "  ... one record per proven problem" has_lines "$T/set.jsonl" "${proven:-0}"
check "  ... tiers easy/medium/hard in the summary" sh -c "grep -q '^  easy ' '$T/summary.txt' && grep -q '^  hard ' '$T/summary.txt'"
check "  ... an image per record" sh -c "[ \$(ls '$T/img' | grep -c '\\.png\$') -eq '${proven:-0}' ]"
check "  ... the report lists the excluded problems" sh -c \
    "[ \$(grep -c '^| .*\\.json | ' '$T/report.md') -eq \$(( $nin - ${proven:-0} )) ] && grep -q '^## Tiers' '$T/report.md'"
no_tmp() { ! ls "$1" | grep -q '\.tmp'; }
check "  ... no temporary files left" no_tmp "$T"

# the records against the schema
check_py "  ... every record has the schema's keys and agrees with itself" '
recs = records(sys.argv[1])
cols = "ABCDEFGHJKLMNOPQRST"
def xy(c):
    return cols.index(c[0]), int(c[1:]) - 1
def key(c):
    x, y = xy(c)
    return y * 19 + x
ids = set()
tiers = {"easy", "medium", "hard"}
for r in recs:
    assert r["format"] == "vitalpoint-tsumego-record" and r["format_version"] == 1
    assert list(r) == ["format", "format_version", "id", "source", "collection", "difficulty", "difficulty_score", "variant_of", "transform",
                       "Question", "Solution", "Prompt", "Provenance"], list(r)
    q, s, p = r["Question"], r["Solution"], r["Provenance"]
    assert list(q) == ["board_size", "black", "white", "grid", "to_play", "goal", "target", "region", "options",
                       "option_order", "image"], list(q)
    assert list(s) == ["correct_answer", "all_correct_answers", "correct_option", "ko", "main_line", "variations",
                       "refutations", "proof_nodes"], list(s)
    assert list(r["Prompt"]) == ["sym", "grid", "sym+grid", "visual", "sym+visual"], list(r["Prompt"])
    assert r["id"] not in ids; ids.add(r["id"])
    assert r["difficulty"] in tiers and r["variant_of"] is None and r["transform"] == "identity"
    assert r["source"].endswith(".json") and r["source"].split("/")[-2] == r["collection"]
    grid = q["grid"]
    assert len(grid) == 19 and all(len(row) == 19 for row in grid)
    for colour, v in (("black", 1), ("white", 2)):
        pts = q[colour]
        assert pts == sorted(pts, key=key), pts
        assert sorted(pts) == sorted(cols[c] + str(19 - rr) for rr in range(19) for c in range(19) if grid[rr][c] == v)
    stones = set(q["black"]) | set(q["white"])
    opts = q["options"]
    assert list(opts) == ["A", "B", "C", "D"] and q["option_order"] == ["A", "B", "C", "D"]
    assert len(set(opts.values())) == 4
    for l, c in opts.items():
        assert c not in stones and c in q["region"], (r["id"], c)
    correct = [l for l, c in opts.items() if c in s["all_correct_answers"]]
    assert correct == [s["correct_option"]] and opts[correct[0]] == s["correct_answer"], (r["id"], correct)
    for l, c in opts.items():
        if l != s["correct_option"]:
            assert c in s["refutations"] and s["refutations"][c][0] == c, (r["id"], c)
    assert s["main_line"][0] == s["correct_answer"]
    assert q["image"] == sys.argv[2] + "/" + r["id"] + ".png", q["image"]
    for m, t in r["Prompt"].items():
        side = "Black" if q["to_play"] == "B" else "White"
        assert ("first move for " + side) in t and ("Side to play: " + side) in t, m
        for l in "ABCD":
            assert ("\n%s. %s\n" % (l, opts[l])) in t, (m, l)
        assert ("Board image: " + q["image"]) in t or "visual" not in m
    assert p["file"] == r["source"] and p["solver"] == "vitalpoint df-pn" and p["nodes_budget"] > 0
    assert p["solver_agrees"] is True and p["book_answers"][0] == s["correct_answer"]
' "$T/set.jsonl" "$T/img"

# the independent check: every distractor played and solved for the opponent
check "  ... no distractor succeeds; every answer does (df-pn on the positions after them)" \
    "$CHECKER" --check-set "$T/set.jsonl" 400000

# ---- the same bytes at any thread count -------------------------------------------------
small="$cho/Prob0001.json $cho/Prob0031.json $cho/Prob0061.json $cho/Prob0241.json $cho/Prob0271.json"
TR=rot90,rot180,rot270,flip-h,flip-v,invert,relabel,shuffle
mkdir "$T/t1" "$T/t2"
(cd "$T/t1" && "$VP" go build $small -o set.jsonl --images img --transforms $TR --tiers 2 --seed 5 -t 1 -q)
(cd "$T/t2" && "$VP" go build $small -o set.jsonl.gz --images img --transforms $TR --tiers 2 --seed 5 -t 2 -q)
check "--threads 1 and 2: the same records" sh -c "gzip -dc '$T/t2/set.jsonl.gz' | cmp - '$T/t1/set.jsonl'"
check "  ... and the same images" diff -r "$T/t1/img" "$T/t2/img"
check "  ... 5 proven, 8 variants each" has_lines "$T/t1/set.jsonl" 45
check_py "  ... variants map the answer and keep the tier" '
recs = records(sys.argv[1])
cols = "ABCDEFGHJKLMNOPQRST"
def xy(c): return cols.index(c[0]), int(c[1:]) - 1
def name(x, y): return cols[x] + str(y + 1)
maps = {"rot90": lambda x, y: (18 - y, x), "rot180": lambda x, y: (18 - x, 18 - y),
        "rot270": lambda x, y: (y, 18 - x), "flip-h": lambda x, y: (18 - x, y), "flip-v": lambda x, y: (x, 18 - y)}
orig = {}
for r in recs:
    if r["variant_of"] is None:
        orig[r["id"]] = r
        continue
    o = orig[r["variant_of"]]
    t = r["transform"]
    assert r["id"] == o["id"] + "." + t and r["difficulty"] == o["difficulty"]
    q, s, oq, os_ = r["Question"], r["Solution"], o["Question"], o["Solution"]
    assert q["image"].endswith(r["id"] + ".png")
    if t in maps:
        f = lambda c: name(*maps[t](*xy(c)))
        assert s["correct_answer"] == f(os_["correct_answer"])
        assert sorted(q["black"]) == sorted(map(f, oq["black"])) and sorted(q["white"]) == sorted(map(f, oq["white"]))
        assert q["options"] == {l: f(c) for l, c in oq["options"].items()}
        assert s["correct_option"] == os_["correct_option"]
    elif t == "invert":
        assert q["black"] == oq["white"] and q["white"] == oq["black"] and q["to_play"] != oq["to_play"]
        assert q["goal"] == oq["goal"] and q["options"] == oq["options"]
    elif t == "relabel":
        assert sorted(q["options"].values()) == sorted(oq["options"].values())
        assert s["correct_option"] != os_["correct_option"]
        assert q["options"][s["correct_option"]] == s["correct_answer"]
    elif t == "shuffle":
        assert q["options"] == oq["options"] and q["option_order"] != oq["option_order"]
        assert sorted(q["option_order"]) == ["A", "B", "C", "D"]
' "$T/t1/set.jsonl"
check "  ... variants pass the independent check too" "$CHECKER" --check-set "$T/t1/set.jsonl" 400000

# ---- a variant df-pn does not settle within the budget is left out ------------------------
# df-pn's node count is not the same in every orientation: Cho Elementary
# 421 is proved within 14,000 nodes, three of its variants are not (at
# this build; 1 to 3 of them from 13,000 to 15,000 nodes, none at 16,000;
# the budget was 18,000 before epsilon 1/8 and the summed numbers at a
# quarter). They are left out and reported, so that the set passes the
# audit, which solves every variant at the record's budget. (Ishigure
# 025 showed it at the default 40,000 nodes until the attacker's stage
# ran on to its first proof in a kill: now every variant of it is proved
# there.)
c421="$data/cho-chikun-encyclopedia-life-and-death-elementary/Prob0421.json"
check_exit 0 "variants near the budget" vp go build "$c421" -o "$T/v421.jsonl" --transforms $TR --report "$T/v421.report" -q --nodes 14000
check_py "  ... those left out are reported, the others written" '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
out = [r for r in rows if r["type"] == "variant-left-out"]
recs = [json.loads(l) for l in open(sys.argv[2])]
assert out, "no variant left out: pick another problem or budget to exercise this"
assert all(r["id"].startswith("cho-elementary-0421.") and r["file"].endswith("Prob0421.json") and r["detail"] for r in out)
ids = {r["id"] for r in recs}
assert len(recs) + len(out) == 9 and not ids & {r["id"] for r in out}
assert not any(r["id"].endswith((".relabel", ".shuffle")) for r in out)
' "$T/v421.report" "$T/v421.jsonl"
check_exit 0 "  ... and the set passes the audit" vp go audit -q "$T/v421.jsonl"

# ---- options ------------------------------------------------------------------------------
check_exit 0 "--report as JSON lines" vp go build "$cho/Prob0001.json" "$data"/yamada*/*.json -o "$T/rj.jsonl" \
    --report "$T/rj-report.jsonl" --tiers 2 -q
check_py "  ... every line names its format, the tiers and each excluded file" '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert all(r["format"] == "vitalpoint-tsumego-build-report" and r["format_version"] == 1 for r in rows)
tiers = [r for r in rows if r["type"] == "tier"]
ex = [r for r in rows if r["type"] == "excluded"]
assert [r["tier"] for r in tiers] == ["easy", "hard", "(all)"], tiers
assert sum(r["n"] for r in tiers[:2]) == tiers[2]["n"] >= 1
# each of the 21 files is in a tier or excluded (19 excluded at this build)
assert ex and len(ex) + tiers[2]["n"] == 21 and all(r["reason"] and r["file"].endswith(".json") for r in ex)
' "$T/rj-report.jsonl"
check_exit 0 "--svg --no-crop" vp go build "$cho/Prob0001.json" -o "$T/svg.jsonl" --images "$T/svg" --svg --no-crop -q
check "  ... an SVG named in the record" sh -c "grep -q '\"image\":\"$T/svg/cho-elementary-0001.svg\"' '$T/svg.jsonl' && grep -q '<svg' '$T/svg/cho-elementary-0001.svg'"
check_exit 0 "--k 0: open search" vp go build "$cho/Prob0001.json" -o "$T/open.jsonl" --k 0 -q
check_py "  ... no options, the open template" '
r = records(sys.argv[1])[0]
assert r["Question"]["options"] == {} and r["Solution"]["correct_option"] is None
assert list(r["Prompt"]) == ["sym", "grid", "sym+grid"]
assert "Candidate moves" not in r["Prompt"]["sym"] and "such as T18" in r["Prompt"]["sym"]
' "$T/open.jsonl"
check_exit 0 "--no-ko keeps a ko problem out" vp go build "$cho/Prob0001.json" "$cho/Prob0031.json" -o "$T/noko.jsonl" \
    --no-ko --report "$T/noko.jsonl.report"
check "  ... one record" has_lines "$T/noko.jsonl" 1
check "  ... the ko problem in the report" grep -q '"file":"[^"]*Prob0031.json","id":"cho-elementary-0031","reason":"ko-dependent' "$T/noko.jsonl.report"
check_exit 0 "  ... without --no-ko it goes in (ko: true)" vp go build "$cho/Prob0031.json" -o "$T/ko.jsonl" -q
check "  ... marked ko" grep -q '"ko":true' "$T/ko.jsonl"

# ---- bad input -----------------------------------------------------------------------------
printf '{"AB": ["aa"], "SZ": "19", "SOL": [' >"$T/broken.json"
check_exit 1 "a bad file in the batch: reported, skipped, the set written" \
    vp go build "$cho/Prob0001.json" "$T/broken.json" -o "$T/partial.jsonl" --report "$T/partial.txt"
check "  ... its name on stderr" grep -q "broken.json" "$T/err"
check "  ... the others written" has_lines "$T/partial.jsonl" 1
check "  ... in the report as 'does not parse'" grep -q '"reason":"does not parse"' "$T/partial.txt"

check_exit 2 "-o in a missing folder" vp go build "$cho/Prob0001.json" -o "$T/nowhere/set.jsonl"
check "  ... names the path" grep -q "nowhere/set.jsonl" "$T/err"
mkdir "$T/ro"
chmod a-w "$T/ro"
if touch "$T/ro/probe" 2>/dev/null; then
    rm -f "$T/ro/probe"
    skip "-o in a read-only folder" "running as a user who can write anywhere"
else
    check_exit 2 "-o in a read-only folder" vp go build "$cho/Prob0001.json" -o "$T/ro/set.jsonl"
fi
chmod u+w "$T/ro"
check "  ... nothing left there" sh -c "[ -z \"\$(ls -A '$T/ro')\" ] && [ ! -e '$T/nowhere' ]"
: >"$T/afile"
check_exit 2 "-o below a file" vp go build "$cho/Prob0001.json" -o "$T/afile/set.jsonl" --images "$T/img2"
check "  ... the image folder not created" test ! -e "$T/img2"
if [ -w /dev/full ]; then
    check_exit 1 "a write that fails (/dev/full): exit status 1" vp go build "$cho/Prob0001.json" -o /dev/full -q
    check "  ... says so" grep -q "/dev/full: write failed" "$T/err"
fi
check_exit 1 "nothing proven: an error, no set" vp go build "$T/broken.json" -o "$T/none.jsonl"
check "  ... no file" sh -c "! ls '$T' | grep -q '^none.jsonl'"
check_exit 2 "the output path is a folder" \
    vp go build "$cho/Prob0001.json" -o "$T/t1" -q
check "  ... the folder untouched" sh -c "[ -f '$T/t1/set.jsonl' ] && ! ls '$T' | grep -q 't1\\.tmp'"

# ---- an answer beyond the book's that a wider region refutes ----------------------------------
# Cho 99: in the inferred region (30 points) the solver proves C19 as well
# as the book's B19; in the box grown by one line C19 is refuted (B19
# answers it), so the answer set rests on the frame: the problem stays out
w99="$top_srcdir/tests/widen/Prob0099.json"
check_exit 0 "Cho 99 with Cho 1: the wider check" \
    vp go build "$cho/Prob0001.json" "$w99" -o "$T/w99.jsonl" --report "$T/w99.md" -q
check "  ... Cho 1 built, Cho 99 not" sh -c "[ \$(wc -l <'$T/w99.jsonl') -eq 1 ] && grep -q '\"id\": *\"cho-elementary-0001\"' '$T/w99.jsonl'"
check "  ... the report says why" grep -q "Prob0099.json | an extra answer fails in a wider region | C19 (not a book answer) is refuted by B19 in a wider region (48 points) |" "$T/w99.md"
# Cho 73 is a ko problem: the solver wins the ko with the book's E19 and
# with C18 too, and in the wider region C18 wins the ko as well, which a
# ko record's answer may: it is built, with both accepted
check_exit 0 "Cho 73: an extra ko answer, a ko in the wider region too" \
    vp go build "$top_srcdir/tests/widen/Prob0073.json" -o "$T/w73.jsonl" -q
check "  ... built, a ko record with C18 and E19" sh -c \
    "grep -q '\"all_correct_answers\": *\\[\"C18\", *\"E19\"\\]' '$T/w73.jsonl' && grep -q '\"ko\": *true' '$T/w73.jsonl'"
# the same region given as flags: not inferred, so not checked, and both
# proven moves are accepted
r99="A19,B19,C19,D19,E19,F19,G19,A18,B18,C18,D18,E18,F18,G18,A17,C17,D17,E17,F17,G17,A16,C16,D16,E16,F16,G16,A15,C15,D15,E15"
check_exit 0 "Cho 99 with its inferred region as --region" vp go build "$w99" -o "$T/w99r.jsonl" -q --region "$r99"
check "  ... built, with B19 and C19 accepted" grep -q '"all_correct_answers": *\["B19", *"C19"\]' "$T/w99r.jsonl"

# ---- usage -----------------------------------------------------------------------------------
check_exit 2 "--k 1" vp go build "$cho/Prob0001.json" -o "$T/x.jsonl" --k 1
check_exit 2 "visual without --images" vp go build "$cho/Prob0001.json" -o "$T/x.jsonl" --modalities sym,visual
check_exit 2 "unknown transform" vp go build "$cho/Prob0001.json" -o "$T/x.jsonl" --transforms rot45
check_exit 2 "relabel with --k 0" vp go build "$cho/Prob0001.json" -o "$T/x.jsonl" --k 0 --transforms relabel
check_exit 2 "no -o" vp go build "$cho/Prob0001.json"
check_exit 2 "bad tier names" vp go build "$cho/Prob0001.json" -o "$T/x.jsonl" --tiers 'a,a'
check "  ... no output from usage errors" sh -c "! ls '$T' | grep -q '^x.jsonl'"

finish cli_build
