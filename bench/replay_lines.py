#!/usr/bin/env python3
"""Replay every line of a `vp go solve --json` run through `--after`.

Usage: bench/replay_lines.py RUN.jsonl [--vp PATH] [--data DIR]
                             [--min-len N] [--jobs J] [-- VP_ARGS...]

Each record's main line and each refutation line of at least N moves
(default 3) is given to `vp go solve --quiet --nodes 1 --after LINE FILE`
(with the run's own --rules, the record's region as --region when it was
widened after a disproof, and any VP_ARGS), where FILE is the record's
`file` under DIR (default: the current directory; a run made from
../shared/data/tsumego names files relative to it). A line that
`--after` refuses is counted by the kind of its error:

  retake      a ko retaken at once (simple ko) or a superko repetition
  captured    the line captures every target stone (the attacker has won)
  ko-last     the line ends with a ko capture
  frame       the line parts from the board where the frame stands in for
              the rest of it: a move legal in one of the board and the
              framed position and not in the other (a suicide on the
              board only: the frame took a liberty), or that captures
              differently in the two
  confirm     the line's two passes end the game under the Japanese rules
              and it goes on into the confirmation, which --after does not
              walk
  ended       the line's last move is a second pass in a row, which ends
              the game (under the Japanese rules: with seki as death);
              a move after it is `other`
  other       anything else (an occupied point, a point outside the
              region, a move after the game's end)

`captured`, `ko-last`, `confirm` and `ended` are how a line may end, not faults: a refutation
of a live problem often ends with the capture, and `--after` refuses to
stop there by design. `frame` is what the frame is for: the solver's
lines are lines of the framed position, and `--after` walks them on the
board as far as the two agree. A `retake` or `other` would be a line that
cannot be played as printed. Prints the counts, the first move number at
which each `frame` line parts (a histogram), and every `retake` and
`other`; exits 1 when there is one.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys


def kind_of(err, length):
    if "at once" in err or "superko" in err:
        return "retake"
    if "captures every target stone" in err:
        return "captured"
    if "ends with a ko capture" in err:
        return "ko-last"
    if "the confirmation follows" in err:
        return "confirm"
    if "ends the game with the target on the board" in err:
        return "ended" if move_no(err) == str(length) else "other"
    if ("captures differently" in err or "not legal in the framed position" in err
            or "legal in the framed position (" in err):
        return "frame"
    return "other"


def move_no(err):
    """The move number in an --after error ("...: --after: move N ..."), or ""."""
    return err.split(": --after: move ", 1)[-1].split(" ", 1)[0] if ": --after: move " in err else ""


def main(argv):
    extra = []
    if "--" in argv:
        k = argv.index("--")
        argv, extra = argv[:k], argv[k + 1:]
    def at_least_1(v):
        try:
            n = int(v)
        except ValueError:
            raise argparse.ArgumentTypeError("not a number: %r" % v)
        if n < 1:
            raise argparse.ArgumentTypeError("must be at least 1")
        return n

    head, usage, rest = __doc__.split("\n\n", 2)
    ap = argparse.ArgumentParser(prog="replay_lines.py", usage=usage.split("Usage: ", 1)[1],
                                 description=head + "\n\n" + rest,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", metavar="RUN.jsonl", help="the records of a vp go solve --json run")
    ap.add_argument("--vp", metavar="PATH", default="vp", help="the vp to run (default: vp)")
    ap.add_argument("--data", metavar="DIR", default=".", help="where the records' files are (default: .)")
    ap.add_argument("--min-len", metavar="N", type=at_least_1, default=3,
                    help="replay lines of at least N moves (default 3)")
    ap.add_argument("--jobs", metavar="J", type=at_least_1, default=os.cpu_count() or 1,
                    help="lines replayed at once (default: the cores)")
    o = ap.parse_args(argv)
    vp, data, min_len, jobs, run = o.vp, o.data, o.min_len, o.jobs, o.run
    tasks = []
    try:
        with open(run) as f:
            for no, text in enumerate(f, 1):
                try:
                    r = json.loads(text)
                except ValueError as e:
                    sys.exit("replay_lines.py: %s:%d: not JSON: %s" % (run, no, e))
                if r.get("status") == "error":
                    continue
                lines = []
                if r.get("main_line"):
                    lines.append(("main line", r["main_line"]))
                for mv, line in sorted((r.get("refutations") or {}).items()):
                    lines.append(("refutation of " + mv, line))
                rules = ["--rules", r["rules"]] if r.get("rules") else []
                if (r.get("inferred") or {}).get("region") == "widened" and r.get("region"):
                    rules += ["--region", ",".join(r["region"])]
                for name, line in lines:
                    if len(line) >= min_len:
                        tasks.append((r["file"], name, line, rules))
    except OSError as e:
        sys.exit("replay_lines.py: %s: %s" % (run, e.strerror))

    def replay(t):
        path, _, line, rules = t
        try:
            p = subprocess.run([vp, "go", "solve", "--quiet", "--nodes", "1"] + rules + extra +
                               ["--after", ",".join(line), os.path.join(data, path)],
                               capture_output=True, text=True)
        except OSError as e:
            return None, "cannot run %s: %s" % (vp, e.strerror)
        return p.returncode, p.stderr.strip()

    counts = {"played": 0, "retake": 0, "captured": 0, "ko-last": 0, "confirm": 0, "ended": 0, "frame": 0,
              "other": 0}
    faults = []
    parts = {}
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for t, (rc, err) in zip(tasks, ex.map(replay, tasks)):
            if rc is None:
                sys.exit("replay_lines.py: " + err)
            if rc == 0:
                counts["played"] += 1
                continue
            k = kind_of(err, len(t[2]))
            counts[k] += 1
            if k == "frame":
                at = move_no(err)
                parts[at] = parts.get(at, 0) + 1
            if k in ("retake", "other"):
                faults.append((t[0], t[1], " ".join(t[2]), err))
    print("lines: %d of at least %d moves; played: %d; retake: %d; captured: %d; ko-last: %d; confirm: %d; "
          "ended: %d; frame: %d; other: %d"
          % (len(tasks), min_len, counts["played"], counts["retake"], counts["captured"],
             counts["ko-last"], counts["confirm"], counts["ended"], counts["frame"], counts["other"]))
    if parts:
        print("frame: parts at move " + ", ".join("%s: %d" % (k, parts[k])
                                                  for k in sorted(parts, key=lambda x: int(x) if x.isdigit() else 0)))
    for f in faults:
        print("%s: %s: %s: %s" % f)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
