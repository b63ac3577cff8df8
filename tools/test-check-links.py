#!/usr/bin/env python3
"""Tests of tools/check-links.py: it runs the checker, as CI does, on small repositories built in
a temporary folder, and checks its exit status and what it names. `.ci/run links` runs this
after checking the real tree.

    python3 tools/test-check-links.py [-v]

Needs git and the Python 3 standard library.
"""
import os
import subprocess
import sys
import tempfile
import unittest

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-links.py")

GOOD_GUIDE = """# A guide

## Running one step

Text with `[not a link](nowhere.md)` in a code span.

```
[not a link either](missing.md)
```

Setext title
------------

<a id="custom-anchor"></a>
"""


class CheckLinksTests(unittest.TestCase):
    def repo(self, files, untracked=()):
        """A git repository holding `files` (path: text), added to the index, and `untracked`
        files written but not added. Returns its path."""
        root = tempfile.mkdtemp(prefix="check-links-")
        self.addCleanup(subprocess.run, ["rm", "-rf", root])
        subprocess.run(["git", "init", "-q", root], check=True)
        for path, text in list(files.items()) + [(p, "x") for p in untracked]:
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        subprocess.run(["git", "-C", root, "add", *files], check=True)
        return root

    def check(self, root):
        run = subprocess.run([sys.executable, CHECKER, "--root", root], capture_output=True, text=True)
        return run.returncode, run.stdout + run.stderr

    def test_resolving_links_pass(self):
        root = self.repo({
            "README.md": "See [the guide](docs/guide.md), [a step](docs/guide.md#running-one-step), "
                         "[setext](docs/guide.md#setext-title), [custom](docs/guide.md#custom-anchor), "
                         "[the tools](tools/), [a script](tools/run.sh#L3), ![logo](<docs/a logo.png> \"Logo\"), "
                         "[web](https://example.com/x.md), [same page](#top) and [doc](doc:Article).\n\n"
                         "# Top\n\n[ref]: docs/guide.md\n",
            "docs/guide.md": GOOD_GUIDE + "Back to [the front page](../README.md#top).\n",
            "docs/a logo.png": "png",
            "tools/run.sh": "#!/bin/sh\n",
        })
        status, out = self.check(root)
        self.assertEqual(status, 0, out)
        self.assertIn("10 relative links in 2 Markdown files, 0 broken", out)

    def test_missing_file_fails(self):
        root = self.repo({"README.md": "# Title\n\nSee [the guide](docs/gide.md).\n", "docs/guide.md": GOOD_GUIDE})
        status, out = self.check(root)
        self.assertEqual(status, 1, out)
        self.assertIn("README.md:3: broken link (docs/gide.md): no tracked file or folder docs/gide.md", out)

    def test_missing_anchor_fails(self):
        root = self.repo({"README.md": "See [a step](docs/guide.md#running-a-step).\n", "docs/guide.md": GOOD_GUIDE})
        status, out = self.check(root)
        self.assertEqual(status, 1, out)
        self.assertIn("no heading or anchor '#running-a-step' in docs/guide.md", out)

    def test_missing_anchor_in_same_file_fails(self):
        root = self.repo({"README.md": "# One\n\nSee [two](#two).\n"})
        status, out = self.check(root)
        self.assertEqual(status, 1, out)
        self.assertIn("README.md:3: broken link (#two)", out)

    def test_untracked_target_fails(self):
        root = self.repo({"README.md": "See [the build](build/out.txt).\n"}, untracked=["build/out.txt"])
        status, out = self.check(root)
        self.assertEqual(status, 1, out)
        self.assertIn("no tracked file or folder build/out.txt", out)

    def test_reference_definition_and_outside_links_fail(self):
        root = self.repo({"docs/a.md": "[x][r]\n\n[r]: missing.md\n\n[up](../../etc/passwd)\n"})
        status, out = self.check(root)
        self.assertEqual(status, 1, out)
        self.assertIn("docs/a.md:3: broken link (missing.md): no tracked file or folder docs/missing.md", out)
        self.assertIn("docs/a.md:5: broken link (../../etc/passwd): points outside the repository", out)
        self.assertIn("2 broken", out)

    def test_duplicate_headings_get_numbered_anchors(self):
        root = self.repo({"a.md": "# Notes\n\n# Notes\n\n[first](#notes) [second](#notes-1) [third](#notes-2)\n"})
        status, out = self.check(root)
        self.assertEqual(status, 1, out)
        self.assertIn("broken link (#notes-2)", out)
        self.assertIn("1 broken", out)


if __name__ == "__main__":
    unittest.main()
