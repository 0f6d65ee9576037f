"""Reading the inputs: the annotations (YAML) and the seed pages, each checked against the wiki page it
copies, and how a place in a seed is cited."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulings_build.vocabulary import PAGE_KEYS, UNNAMED_PAGE, BuildError
from toolkit.wiki import WIKIS, citation, page_lines

SAFE_LOADER: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, in C when libyaml is there (the annotations are long: 5x faster)."""


def load_annotations(path: Path) -> dict[str, Any]:
    try:
        with path.open(encoding="utf-8") as handle:
            data = yaml.load(handle, Loader=SAFE_LOADER)  # noqa: S506 - a safe loader (libyaml's when built)
    except (OSError, yaml.YAMLError) as exc:
        raise BuildError([f"{path}: {exc}"]) from None
    if not isinstance(data, dict) or not isinstance(data.get("rulings"), list):
        raise BuildError([f"{path}: expected a mapping with a 'rulings' list"])
    return data


@dataclass
class Seeds:
    files: dict[str, str]
    texts: dict[str, str]
    pages: dict[str, dict[str, str]]

    @classmethod
    def read(cls, folder: Path, files: Mapping[str, str], pages: Mapping[str, Any] | None = None) -> Seeds:
        texts = {}
        missing = []
        for code, name in files.items():
            path = folder / name
            if not path.is_file():
                missing.append(f"seed {code}: {path} not found")
                continue
            texts[code] = path.read_text(encoding="utf-8")
        if missing:
            raise BuildError(missing)
        seeds = cls(dict(files), texts, {})
        seeds.pages = seeds.check_pages(pages or {})
        return seeds

    def check_pages(self, pages: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """Every seed names the wiki page it copies, and the copy's first
        heading (its first line, in a copy without markup) is that page's;
        a seed whose copy carries no heading gives the ``reason`` instead."""
        problems = []
        out: dict[str, dict[str, str]] = {}
        for code in self.files:
            spec = pages.get(code)
            if not isinstance(spec, dict) or set(spec) - PAGE_KEYS:
                problems.append(f"pages: seed {code} needs a mapping of {sorted(PAGE_KEYS)}")
                continue
            spec = {str(k): str(v) for k, v in spec.items() if v is not None}
            if "page" not in spec:
                if not spec.get("reason"):
                    problems.append(f"pages: seed {code} names no page and gives no reason")
                out[code] = spec
                continue
            if spec.get("wiki") not in WIKIS:
                problems.append(f"pages: seed {code}: wiki must be one of {sorted(WIKIS)}")
            if not spec.get("reason"):  # the page's first heading names it
                heading = spec.get("heading", spec["page"])
                lines = [line.text for line in page_lines(self.texts[code]) if line.text.strip()]
                first = next((t for t in lines if t.startswith("*")), lines[0] if lines else "")
                if heading not in first:
                    problems.append(f"pages: seed {code}: its first heading {first[:40]!r} is not {heading!r}")
            out[code] = spec
        if problems:
            raise BuildError(problems)
        return out

    def cite(self, code: str, anchor: str | None, section: str | None) -> str:
        """The reference a reader can follow: the page's URL with the section
        anchor, then the page name and section."""
        spec = self.pages[code]
        if "page" not in spec:
            return f"{UNNAMED_PAGE} ({section})" if section else UNNAMED_PAGE
        return citation(spec["wiki"], spec["page"], anchor, section)
