"""Local document search: Okapi BM25 over the .txt and .md files of the documents folder.

The index (per-passage term counts) is a JSON file in the data directory. Each search stats the
folder and re-reads only files whose size or modification time changed, so edits, new files and
deletions show up at once without re-reading everything. Files outside the folder (through
symlinks) are never read, and a sub-folder that escapes the folder is refused.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

from agent_system.errors import ToolExecutionError
from agent_system.registry._selection import tokenize
from roles.search.backend import Hit

__all__ = ["INDEX_VERSION", "LocalSearch"]

INDEX_VERSION = 1
SUFFIXES = (".md", ".txt")
_PASSAGE_CHARS = 700


class LocalSearch:
    """A `SearchBackend` over a folder of documents."""

    def __init__(self, root: Path, index_path: Path, *, k1: float = 1.2, b: float = 0.75) -> None:
        self.root = Path(root).expanduser()
        self.index_path = Path(index_path)
        self.k1, self.b = k1, b
        self._files: dict[str, dict[str, Any]] = {}
        self._passages: list[tuple[str, dict[str, Any]]] = []
        self._df: Counter[str] = Counter()
        self._avg = 1.0
        self.reads = 0
        """Files read from disk (tests check that unchanged files are not read again)."""
        self._load()

    # --- index ----------------------------------------------------------------------------
    def _load(self) -> None:
        try:
            raw = json.loads(self.index_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if (
            isinstance(raw, dict)
            and raw.get("version") == INDEX_VERSION
            and raw.get("root") == str(self.root.resolve())
            and isinstance(raw.get("files"), dict)
        ):
            self._files = raw["files"]
            self._stats()

    def _save(self) -> None:
        self.index_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.index_path.with_suffix(".tmp")
        payload = {"version": INDEX_VERSION, "root": str(self.root.resolve()), "files": self._files}
        tmp.write_text(json.dumps(payload), encoding="utf-8")
        tmp.replace(self.index_path)

    def _stats(self) -> None:
        self._passages = [(rel, p) for rel, f in self._files.items() for p in f["passages"]]
        self._df = Counter()
        for _, passage in self._passages:
            self._df.update(passage["terms"].keys())
        lengths = [p["length"] for _, p in self._passages]
        self._avg = (sum(lengths) / len(lengths)) if lengths else 1.0

    def _scan(self) -> dict[str, os.stat_result]:
        """Relative path -> stat for every document inside the folder (symlinks checked)."""
        found: dict[str, os.stat_result] = {}
        if not self.root.is_dir():
            return found
        base = self.root.resolve()
        for folder, dirs, names in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(names):
                path = Path(folder, name)
                if name.startswith(".") or path.suffix.lower() not in SUFFIXES:
                    continue
                if not path.resolve().is_relative_to(base):
                    continue  # a symlink pointing outside the documents folder
                found[path.relative_to(base).as_posix()] = path.stat()
        return found

    def refresh(self) -> bool:
        """Bring the index up to date with the folder; True if anything changed."""
        current = self._scan()
        changed = False
        for rel in set(self._files) - set(current):
            del self._files[rel]
            changed = True
        for rel, stat in current.items():
            known = self._files.get(rel)
            if known and known["mtime_ns"] == stat.st_mtime_ns and known["size"] == stat.st_size:
                continue
            self._files[rel] = self._index_file(rel, stat)
            changed = True
        if changed:
            self._stats()
            self._save()
        return changed

    def _index_file(self, rel: str, stat: os.stat_result) -> dict[str, Any]:
        text = (self.root.resolve() / rel).read_text(encoding="utf-8", errors="replace")
        self.reads += 1
        heading = re.search(r"^#\s+(.+)$", text, re.MULTILINE)
        title = heading.group(1).strip() if heading else Path(rel).stem.replace("_", " ")
        passages: list[dict[str, Any]] = []
        for line, chunk in _passages(text):
            terms = Counter(tokenize(f"{title} {chunk}" if not passages else chunk))
            if terms:
                passages.append(
                    {"line": line, "text": chunk, "terms": dict(terms), "length": terms.total()}
                )
        return {
            "mtime_ns": stat.st_mtime_ns,
            "size": stat.st_size,
            "title": title,
            "passages": passages,
        }

    # --- search ---------------------------------------------------------------------------
    def folder(self, sub: str) -> str:
        """The relative prefix for a sub-folder; refuses paths that escape the documents folder."""
        base = self.root.resolve()
        target = (base / sub).resolve()
        if not target.is_relative_to(base):
            raise ToolExecutionError(
                f"The folder {sub!r} is outside the documents folder; only files under "
                f"{str(self.root)!r} can be searched. Nothing was read.",
                recoverable=False,
            )
        rel = target.relative_to(base).as_posix()
        return "" if rel == "." else rel + "/"

    def search_sync(self, query: str, k: int, folder: str | None = None) -> list[Hit]:
        """The best passage of each of the `k` best-matching files."""
        prefix = self.folder(folder) if folder else ""
        self.refresh()
        terms = set(tokenize(query))
        n = len(self._passages)
        best: dict[str, tuple[float, dict[str, Any]]] = {}
        for rel, passage in self._passages:
            if prefix and not rel.startswith(prefix):
                continue
            score = 0.0
            for term in terms & passage["terms"].keys():
                tf = passage["terms"][term]
                df = self._df[term]
                idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                norm = 1 - self.b + self.b * passage["length"] / self._avg
                score += idf * tf * (self.k1 + 1) / (tf + self.k1 * norm)
            if score > 0 and score > best.get(rel, (0.0, {}))[0]:
                best[rel] = (score, passage)
        ranked = sorted(best.items(), key=lambda item: (-item[1][0], item[0]))[:k]
        return [
            Hit(
                title=self._files[rel]["title"],
                source=rel,
                snippet=_snippet(passage["text"], terms),
                score=round(score, 4),
                line=passage["line"],
                passage=passage["text"],
            )
            for rel, (score, passage) in ranked
        ]

    async def search(self, query: str, k: int) -> list[Hit]:
        """`search_sync` in a worker thread (it reads files)."""
        return await asyncio.to_thread(self.search_sync, query, k)

    @property
    def document_count(self) -> int:
        """Documents currently indexed."""
        return len(self._files)


def _passages(text: str) -> list[tuple[int, str]]:
    """Paragraphs merged up to about 700 characters, each with its first line number."""
    out: list[tuple[int, str]] = []
    start, buffer = 1, ""
    line = 1
    for block in re.split(r"(\n\s*\n)", text):
        if not block.strip():
            line += block.count("\n")
            continue
        if buffer and len(buffer) + len(block) > _PASSAGE_CHARS:
            out.append((start, buffer))
            buffer = ""
        if not buffer:
            start = line
        buffer = f"{buffer}\n\n{block.strip()}" if buffer else block.strip()
        line += block.count("\n")
    if buffer:
        out.append((start, buffer))
    return out


def _snippet(text: str, terms: set[str], limit: int = 240) -> str:
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    lowered = flat.lower()
    positions = [lowered.find(t) for t in terms if lowered.find(t) >= 0]
    start = max(0, min(positions) - 60) if positions else 0
    piece = flat[start : start + limit]
    return ("…" if start else "") + piece.rsplit(" ", 1)[0] + "…"
