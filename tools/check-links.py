#!/usr/bin/env python3
"""Checks every relative link in the repository's Markdown: the target must be a tracked file or
folder, and a `#fragment` on a Markdown target (or a bare `#fragment`, the same file) must name
one of its headings (GitHub's anchor for it) or an explicit `<a id="…">`/`<a name="…">`.

    python3 tools/check-links.py [--root DIR] [FILE.md ...]

Without FILE arguments it reads every tracked `*.md` file (`git ls-files`) under the root (the
repository holding this script, unless --root says otherwise). Targets must be tracked too: a
link to a file that only exists in a working copy (a build product, a file not yet added) is
broken on a fresh clone.

What counts as a link: inline links and images `[text](target)`, `[text](<target> "title")`,
and reference definitions `[label]: target`, outside fenced code blocks and code spans.
Not checked: links with a scheme (`https:`, `mailto:`, DocC's `doc:`), DocC symbol links
(double backticks), and fragments on targets that are not Markdown (e.g. GitHub's `#L10` on a
source file).

Exit status: 0 every link resolves; 1 a broken link (each printed as FILE:LINE: why);
2 usage error or git failure. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import unicodedata
from urllib.parse import unquote

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
# [text](target) or ![alt](target); text may hold one level of nested brackets (an image in a link).
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
HTML_ANCHOR = re.compile(r"<a\s[^>]*?(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def github_anchor(text):
    """The anchor GitHub gives a heading: its rendered text in lower case, without punctuation
    other than hyphens and underscores, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link shows its text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML shows nothing of its tags
    text = text.replace("`", "")
    text = re.sub(r"(\*+|(?<!\w)_+|_+(?!\w))", "", text)  # emphasis markers
    out = []
    for ch in text.lower():
        cat = unicodedata.category(ch)
        if ch == " ":
            out.append("-")
        elif ch in "-_" or cat[0] in "LNM":
            out.append(ch)
    return "".join(out)


def scan(text):
    """(links, anchors) of one Markdown text: links as (line number, target), anchors as a set."""
    links, anchors, counts = [], set(), {}
    fence = None
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        heading = None
        h = HEADING.match(line)
        if h:
            heading = h.group(2)
        elif number < len(lines) and SETEXT.match(lines[number]) and line.strip() and not line.startswith(("    ", "\t")):
            nxt = lines[number].strip()
            # A line of dashes under text is a setext heading, not a table rule or a list.
            if not line.lstrip().startswith(("|", "-", "*", "+", ">")) and "|" not in nxt:
                heading = line.strip()
        if heading is not None:
            slug = github_anchor(heading)
            n = counts.get(slug, 0)
            counts[slug] = n + 1
            anchors.add(slug if n == 0 else f"{slug}-{n}")
        anchors.update(HTML_ANCHOR.findall(line))
        plain = CODE_SPAN.sub(lambda s: " " * len(s.group(0)), line)
        for m in INLINE.finditer(plain):
            links.append((number, m.group(1)))
        r = REFERENCE.match(plain)
        if r:
            links.append((number, r.group(1)))
    return links, anchors


def git_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"check-links: cannot list tracked files under {root}: {e}", file=sys.stderr)
        sys.exit(2)
    return [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p]


def main():
    parser = argparse.ArgumentParser(description="Checks the relative links of Markdown files.")
    default_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--root", default=default_root, help="the repository (default: this script's)")
    parser.add_argument("files", nargs="*", help="Markdown files, relative to the root (default: every tracked *.md)")
    args = parser.parse_args()
    root = os.path.abspath(args.root)

    tracked = git_files(root)
    files = set(tracked)
    folders = {os.path.dirname(p) for p in tracked}
    for p in list(folders):
        while p:
            p = os.path.dirname(p)
            folders.add(p)
    pages = args.files or sorted(p for p in tracked if p.endswith(".md"))

    cache = {}

    def page(path):
        if path not in cache:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                cache[path] = scan(f.read())
        return cache[path]

    broken = checked = 0
    for source in pages:
        links, _ = page(source)
        for line, raw in links:
            target = raw[1:-1] if raw.startswith("<") and raw.endswith(">") else raw
            if not target or SCHEME.match(target) or target.startswith("//"):
                continue
            checked += 1
            path, _, fragment = target.partition("#")
            path = unquote(path.split("?", 1)[0])
            if path.startswith("/"):
                resolved = os.path.normpath(path.lstrip("/"))
            elif path:
                resolved = os.path.normpath(os.path.join(os.path.dirname(source), path))
            else:
                resolved = source
            why = None
            if resolved.startswith(".."):
                why = "points outside the repository"
            elif resolved == ".":
                pass  # the repository root
            elif resolved not in files and resolved.rstrip("/") not in folders:
                why = "no tracked file or folder " + resolved
            elif fragment and resolved.endswith(".md") and resolved in files:
                if unquote(fragment) not in page(resolved)[1]:
                    why = f"no heading or anchor '#{fragment}' in {resolved}"
            if why:
                broken += 1
                print(f"{source}:{line}: broken link ({raw}): {why}")
    print(f"check-links: {checked} relative links in {len(pages)} Markdown files, {broken} broken")
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
