"""Every test marked ``heavy`` (left out of a plain ``pytest``) runs in one of .ci/run's steps."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _heavy_files() -> set[str]:
    marked = re.compile(r"^\s*[@\w\s=\[]*pytest\.mark\.heavy\b", re.M)  # decorator or pytestmark
    return {
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests").rglob("test_*.py")
        if marked.search(path.read_text(encoding="utf-8"))
    }


def _ci_paths() -> set[str]:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    commands = [line for line in script.splitlines() if "-m heavy" in line]
    for target in re.findall(r"^make (\S+)", script, re.M):
        recipe = re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)+)", makefile, re.M)
        commands += (recipe.group(1) if recipe else "").splitlines()
    paths: set[str] = set()
    for command in commands:
        if "-m heavy" in command:
            paths |= {word for word in command.split() if word.startswith("tests")}
    return paths


def test_every_heavy_test_file_has_a_ci_step() -> None:
    steps = _ci_paths()
    heavy = _heavy_files()
    assert heavy, "no heavy test found: the pattern above is stale"
    missing = {
        f for f in heavy if not any(f == p or f.startswith(p.rstrip("/") + "/") for p in steps)
    }
    assert not missing, f"heavy tests no .ci/run step runs: {sorted(missing)}"
