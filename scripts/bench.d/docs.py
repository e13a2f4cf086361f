"""The scripts/bench-* reports in the documentation (Python 3 standard library only).

Every benchmark prints its result as markdown: a line of context (context below), then its tables and
generated sentences. Its block in the documentation is the text between the lines
`<!-- bench-NAME -->` and `<!-- /bench-NAME -->` of the one docs/*.md file that holds them; with
DOCS=1 in the environment the benchmark replaces that text with its report (publish below). A block
that is missing, or named twice, is an error, found before the benchmark runs (check). A run that
fails writes nothing. The file is written whole under a temporary name and then renamed over the old.

  docs.py check NAME            fail unless exactly one docs/*.md file holds the block bench-NAME
  docs.py context [PARAMS]      print the context line: date, cores, libvips, imgframe's commit, PARAMS
  docs.py publish NAME [FILE]   print the markdown of FILE (or stdin); with DOCS=1 also write it into
                                the block bench-NAME
  docs.py write NAME [FILE]     write the markdown of FILE (or stdin) into the block bench-NAME

Python benchmarks import this file (sys.path) and call the functions of the same names.
"""

import datetime
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOCS = os.path.join(ROOT, "docs")


class BlockError(Exception):
    pass


def markers(name):
    """The opening and closing lines of the block bench-NAME."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        raise BlockError(f"bad benchmark name {name!r}")
    return f"<!-- bench-{name} -->", f"<!-- /bench-{name} -->"


def find(name):
    """(path, lines, opening index, closing index) of the block bench-NAME; BlockError unless exactly
    one docs/*.md file holds exactly one opening line and, after it, one closing line."""
    opening, closing = markers(name)
    found = []  # (path, lines, opening indices, closing indices) of every file with a marker
    for entry in sorted(os.listdir(DOCS)):
        path = os.path.join(DOCS, entry)
        if not entry.endswith(".md") or not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        opens = [i for i, line in enumerate(lines) if line.strip() == opening]
        closes = [i for i, line in enumerate(lines) if line.strip() == closing]
        if opens or closes:
            found.append((path, lines, opens, closes))
    where = "; ".join(f"{os.path.relpath(p, ROOT)}: {len(o)} opening, {len(c)} closing" for p, _, o, c in found)
    if not found:
        raise BlockError(f"no docs/*.md file has the block {opening} … {closing}")
    if len(found) > 1 or len(found[0][2]) != 1 or len(found[0][3]) != 1:
        raise BlockError(f"the block {opening} … {closing} must be in one docs/*.md file, once ({where})")
    path, lines, (start,), (end,) = found[0]
    if end < start:
        raise BlockError(f"{os.path.relpath(path, ROOT)}: {closing} comes before {opening}")
    return path, lines, start, end


def check(name):
    """Raises BlockError unless the block bench-NAME can be written."""
    find(name)


def write(name, markdown):
    """Replaces the block's text with `markdown` (a blank line on each side); returns the file's path."""
    path, lines, start, end = find(name)
    text = "\n".join(lines[: start + 1] + ["", markdown.strip("\n"), ""] + lines[end:])
    mode = os.stat(path).st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix="." + os.path.basename(path) + ".", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    return path


def wanted():
    """Whether this run writes its block (DOCS=1)."""
    return os.environ.get("DOCS", "0") == "1"


def publish(name, markdown):
    """Prints the report; with DOCS=1 also writes it into the block bench-NAME."""
    print(markdown.strip("\n"), flush=True)
    if wanted():
        path = write(name, markdown)
        print(f"bench-{name}: wrote the block bench-{name} of {os.path.relpath(path, ROOT)}", file=sys.stderr, flush=True)


def _output(command):
    try:
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def libvips_version():
    """The libvips the platform has ('8.16.1'), from `vips --version` or pkg-config."""
    version = _output(["vips", "--version"]).split("-", 1)[-1].split()[0:1]
    return version[0] if version else _output(["pkg-config", "--modversion", "vips"]) or "unknown"


def context(params=""):
    """'Measured on 2026-11-24: 2 cores, libvips 8.16.1, imgframe 97b274e; `PARAMS`.' The cores are
    those this process may run on (nproc)."""
    cores = len(os.sched_getaffinity(0))
    commit = _output(["git", "rev-parse", "--short", "HEAD"]) or "unknown"
    line = f"Measured on {datetime.date.today().isoformat()}: {cores} cores, libvips {libvips_version()}, imgframe {commit}"
    return line + (f"; {params}." if params else ".")


def _markdown(args):
    if args:
        with open(args[0], encoding="utf-8") as f:
            return f.read()
    return sys.stdin.read()


def main(argv):
    command, args = (argv[0], argv[1:]) if argv else ("", [])
    try:
        if command == "check" and len(args) == 1:
            check(args[0])
        elif command == "context" and len(args) <= 1:
            print(context(*args))
        elif command == "publish" and len(args) in (1, 2):
            publish(args[0], _markdown(args[1:]))
        elif command == "write" and len(args) in (1, 2):
            print(os.path.relpath(write(args[0], _markdown(args[1:])), ROOT))
        else:
            sys.exit(__doc__)
    except BlockError as e:
        sys.exit(f"bench docs: {e}")


if __name__ == "__main__":
    main(sys.argv[1:])
