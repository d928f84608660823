#!/usr/bin/env python3
# docs_examples.py: runs every example in README.md and docs/*.md against the built program
# (tests/cli/cli_docs_examples.sh calls it). Each fenced block's info string says what it is:
#   sh                 shell command lines, run in order in a scratch copy of the repository's
#                      layout (probes/, examples/, ci/, docs/, build/release = this build) with
#                      this build's isaprobe first on PATH. Each must exit 0, or N when its
#                      comment says [exit N]; every "double-quoted" text in a command's comment
#                      must appear in what it printed; a comment with [not run here: REASON] is
#                      skipped (and listed), so is one with [needs AFL++] when this build has
#                      no AFL++ harness, and one with [slow] in the sanitizer build
#                      (ISAPROBE_TEST_SCALE below 1).
#   probe              a probe file: `isaprobe campaign --dry-run` must accept it
#   ISA (midgard, ...) assembly of that ISA: `isaprobe asm -i ISA` must accept it
#   text, console, json, sql, yaml, ...    shown, not run
# A second word names a file the block is written to before any block of its page runs
# (```midgard prog.s, ```probe my_loads.probe), for the commands that use it. A fence without an info string is an error: every
# example says whether it runs. Usage: docs_examples.py ISAPROBE SRCDIR [FILE.md...]
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

SHOWN = {"text", "console", "json", "sql", "yaml", "c", "python", "diff", "markdown"}
NOT_RUN = re.compile(r"\[not run here: ([^\]]+)\]")
NEEDS_AFL = "[needs AFL++]"
SLOW = "[slow]"
EXIT = re.compile(r"\[exit (\d+)\]")
TIMEOUT = 300


def blocks(path):
    """(line, info words, text) of each fenced block of a Markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+)(.*)$", lines[i])
        if m:
            indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith(fence):
                j += 1
            body = [l[len(indent):] if l.startswith(indent) else l for l in lines[i + 1:j]]
            yield i + 1, info.split(), "\n".join(body) + "\n"
            i = j
        i += 1


def split_comment(line):
    """A shell line's command and its trailing comment (outside quotes)."""
    quote = None
    for k, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
            elif ch == "\\" and quote == '"':
                continue
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (k == 0 or line[k - 1] in " \t"):
            return line[:k].rstrip(), line[k + 1:]
    return line.rstrip(), ""


def commands(text):
    """[command, comment] of each logical line of an sh block: backslash continuations joined;
    a comment-only line belongs to the command before it (or, at the top, the one after)."""
    out, pending, early = [], "", []
    for raw in text.split("\n"):
        cmd, comment = split_comment(raw)
        if cmd.endswith("\\"):
            pending += cmd[:-1] + " "
            early.append(comment)
            continue
        cmd = (pending + cmd).strip()
        pending = ""
        if cmd:
            out.append([cmd, " ".join(early + [comment]).strip()])
            early = []
        elif out:
            out[-1][1] += " " + comment
        else:
            early.append(comment)
    return out


def sandbox(bin_, src):
    """A scratch folder laid out like the repository, and the environment to run in it."""
    d = tempfile.mkdtemp(prefix="docs_examples.")
    src = os.path.abspath(src)
    for name in os.listdir(src):
        if name == "probes":  # copied: scripts look for probes with find, which stops at links
            shutil.copytree(os.path.join(src, name), os.path.join(d, name))
        elif name not in ("build", ".git"):
            os.symlink(os.path.join(src, name), os.path.join(d, name))
    os.makedirs(os.path.join(d, "build"))
    os.symlink(os.path.dirname(os.path.abspath(bin_)), os.path.join(d, "build", "release"))
    os.makedirs(os.path.join(d, ".bin"))
    os.symlink(os.path.abspath(bin_), os.path.join(d, ".bin", "isaprobe"))
    env = dict(os.environ)
    env["PATH"] = os.path.join(d, ".bin") + os.pathsep + env.get("PATH", "")
    return d, env


def main():
    bin_, src = sys.argv[1], sys.argv[2]
    files = sys.argv[3:] or [os.path.join(src, "README.md")] + sorted(
        glob.glob(os.path.join(src, "docs", "*.md")))
    fails, ran, skipped = [], 0, []
    build = os.path.dirname(os.path.abspath(bin_))
    afl = os.access(os.path.join(build, "isaprobe-afl-harness"), os.X_OK) and shutil.which("afl-fuzz")
    scaled = float(os.environ.get("ISAPROBE_TEST_SCALE", "1") or 1) < 1
    for path in files:
        rel = os.path.relpath(path, src)
        d, env = sandbox(bin_, src)
        try:
            for line, info, text in blocks(path):
                if len(info) > 1:
                    with open(os.path.join(d, info[1]), "w") as f:
                        f.write(text)
            for line, info, text in blocks(path):
                where = "%s:%d" % (rel, line)
                if not info:
                    fails.append("%s: a fence without an info string (sh, probe, an ISA, text...)" % where)
                    continue
                lang = info[0]
                if lang in SHOWN:
                    continue
                if lang == "sh":
                    for cmd, comment in commands(text):
                        m = NOT_RUN.search(comment)
                        if m:
                            skipped.append("%s: %s (%s)" % (where, cmd, m.group(1)))
                            continue
                        if NEEDS_AFL in comment and not afl:
                            skipped.append("%s: %s (this build has no AFL++ harness)" % (where, cmd))
                            continue
                        if SLOW in comment and scaled:
                            skipped.append("%s: %s (slow: not at ISAPROBE_TEST_SCALE < 1)" % (where, cmd))
                            continue
                        want = int(EXIT.search(comment).group(1)) if EXIT.search(comment) else 0
                        try:
                            p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=d, env=env,
                                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                               timeout=TIMEOUT)
                            out, status = p.stdout.decode("utf-8", "replace"), p.returncode
                        except subprocess.TimeoutExpired:
                            out, status = "(timed out after %d s)" % TIMEOUT, -1
                        ran += 1
                        if status != want:
                            fails.append("%s: `%s` exited %d (want %d):\n%s" % (where, cmd, status, want, out[-3000:]))
                            continue
                        for quoted in re.findall(r'"([^"]+)"', comment):
                            if quoted not in out:
                                fails.append('%s: `%s` did not print "%s":\n%s' % (where, cmd, quoted, out[-3000:]))
                    continue
                # A probe, or an ISA's assembly: written to a file and given to the program.
                name = info[1] if len(info) > 1 else "block%d.%s" % (line, "probe" if lang == "probe" else "s")
                if len(info) == 1:
                    with open(os.path.join(d, name), "w") as f:
                        f.write(text)
                if lang == "probe":
                    argv = [bin_, "campaign", name, "--dry-run", "--sample", "4"]
                else:
                    argv = [bin_, "asm", "-i", lang, name, "-o", name + ".bin"]
                p = subprocess.run(argv, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   timeout=TIMEOUT)
                ran += 1
                if p.returncode != 0:
                    fails.append("%s: `%s` exited %d:\n%s" % (where, " ".join(argv[1:]), p.returncode,
                                                            p.stdout.decode("utf-8", "replace")[-3000:]))
        finally:
            shutil.rmtree(d, ignore_errors=True)
    for s in skipped:
        print("not run here: " + s)
    for f in fails:
        print("FAIL: " + f, file=sys.stderr)
    print("docs_examples: %d examples run, %d not run here, %d failed" % (ran, len(skipped), len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
