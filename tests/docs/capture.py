"""Documented commands are executable examples: run them, compare, or rewrite the captures.

A ```` ```console ```` block right after a ``<!-- capture -->`` line in a doc page is run: each
``$ command`` line goes to bash (``agent-system`` is this checkout's CLI), in one fresh data
directory per page (shown as ``/tmp/doc_home``), offline: no API key, the embedded engine, and a
weather service on a loopback port that refuses connections. The block's text after each command
is what it printed (stdout and stderr, in order) and ``[exit N]``.

``python -m tests.docs.capture`` (``make docs``) rewrites those blocks with fresh output;
``tests/docs/test_captures.py`` (marked ``heavy``: ``make docs-check``) fails when a block no
longer matches, comparing with ids, times, dates and durations masked, runs of spaces collapsed
(a table that realigns still matches) and lines sorted (parallel steps report in either order).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("docs/cli.md",)
MARK = "<!-- capture -->"
SHOWN_HOME = "/tmp/doc_home"
TIMEOUT_S = 120
OFFLINE = "http://127.0.0.1:9"

_BLOCK = re.compile(r"^" + re.escape(MARK) + r"\n```console\n(?P<body>.*?)^```$", re.M | re.S)
_MASKS = (
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<id>"),
    (re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?([+-]\d\d:\d\d|Z)?"), "<when>"),
    (re.compile(r"\d{4}-\d\d-\d\d"), "<date>"),
    (re.compile(r"\b\d{1,2}:\d\d(:\d\d)?\b"), "<time>"),
    (re.compile(r"\b(\d+h )?(\d+m )?\d+s\b|\b\d+h \d+m\b"), "<dur>"),  # "4m 58s", "1h 05m"
    (re.compile(r"\b\d+(\.\d+)? ?(ms|s)\b"), "<dur>"),
    (re.compile(r'"elapsed_ms": [\d.]+'), '"elapsed_ms": <n>'),
    (re.compile(r"\b\d\.\d{5,}\b"), "<float>"),  # a model's probabilities, to many places
    (re.compile(r"\d{8}T\d{6}Z?"), "<stamp>"),
    (re.compile(r"(tomorrow|today|\w+day), <time>"), "<day>, <time>"),
    (re.compile(r"\b(?:today|tomorrow) at <time>"), "at <time>"),  # run near midnight
)


@dataclass(frozen=True)
class Command:
    """One ``$ command`` of a block, and the output the doc shows for it."""

    line: str
    shown: str


def commands(body: str) -> list[Command]:
    """The commands of a block body with the output shown after each."""
    found: list[Command] = []
    line: str | None = None
    shown: list[str] = []
    for text in body.splitlines():
        if text.startswith("$ "):
            if line is not None:
                found.append(Command(line, "\n".join(shown).strip("\n")))
            line, shown = text[2:], []
        elif line is not None:
            shown.append(text)
    if line is not None:
        found.append(Command(line, "\n".join(shown).strip("\n")))
    return found


def normalized(text: str) -> str:
    """Output with what changes between runs masked and spacing collapsed, for comparing.

    Lines are compared as a sorted list: steps that run at once may report in either order.
    """
    lines = []
    for line in text.strip("\n").splitlines():
        for pattern, mask in _MASKS:
            line = pattern.sub(mask, line)
        lines.append(" ".join(line.split()))
    return "\n".join(sorted(line for line in lines if line))


class Session:
    """A fresh data directory and environment in which one page's commands run, in order."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.home = workdir / "home"
        bin_dir = workdir / "bin"
        bin_dir.mkdir(parents=True, exist_ok=True)
        shim = bin_dir / "agent-system"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m agent_system "$@"\n')
        shim.chmod(0o755)
        self.home.mkdir(parents=True, exist_ok=True)
        refused = OFFLINE  # a loopback port nothing listens on: the weather is "offline"
        keep = ("PATH", "LANG", "LC_ALL", "TMPDIR", "SYSTEMROOT")
        self.env = {k: v for k, v in os.environ.items() if k in keep}
        self.env.update(
            PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
            PYTHONPATH=str(ROOT),
            PYTHONUNBUFFERED="1",
            HOME=str(workdir),
            AGENT_SYSTEM_HOME=str(self.home),
            AGENT_SYSTEM_TIMEZONE="UTC",
            AGENT_SYSTEM_LOAD_ENTRY_POINTS="false",
            AGENT_SYSTEM_GEOCODING_URL=f"{refused}/v1/search",
            AGENT_SYSTEM_WEATHER_URL=f"{refused}/v1/forecast",
            COLUMNS="100",
            NO_COLOR="1",
            TERM="dumb",
        )

    def run(self, line: str) -> str:
        """Run one command line; its output as the doc shows it, ending with ``[exit N]``."""
        done = subprocess.run(
            ["bash", "-c", line.replace(SHOWN_HOME, str(self.home))],
            cwd=self.workdir,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            timeout=TIMEOUT_S,
            check=False,
        )
        output = done.stdout.replace(str(self.home), SHOWN_HOME).rstrip()
        lines = [text.rstrip() for text in output.splitlines()]
        return "\n".join([*lines, f"[exit {done.returncode}]"])


def blocks(page: Path) -> list[tuple[re.Match[str], list[Command]]]:
    """The page's capture blocks with their commands."""
    text = page.read_text(encoding="utf-8")
    return [(found, commands(found["body"])) for found in _BLOCK.finditer(text)]


def rewrite(page: Path) -> int:
    """Run every capture block of `page` and write the fresh output; how many commands ran."""
    text = page.read_text(encoding="utf-8")
    pieces: list[str] = []
    last = 0
    count = 0
    with tempfile.TemporaryDirectory(prefix="doc-capture-") as tmp:
        session = Session(Path(tmp))
        for found, block in blocks(page):
            out = []
            for command in block:
                out.append(f"$ {command.line}\n{session.run(command.line)}")
                count += 1
            pieces.append(text[last : found.start("body")])
            pieces.append("\n\n".join(out) + "\n")
            last = found.end("body")
    pieces.append(text[last:])
    page.write_text("".join(pieces), encoding="utf-8")
    return count


def main(argv: list[str]) -> int:
    """``python -m tests.docs.capture [PAGE...]``: rewrite the captures of the pages."""
    for name in argv or list(PAGES):
        count = rewrite(ROOT / name)
        print(f"{name}: {count} command(s) captured")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
