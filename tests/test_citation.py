"""CITATION.cff: valid Citation File Format 1.2.0 for the software and its dataset, its version
the package's, and the README and the docs say how to cite.

The full CFF schema is checked by ``cffconvert --validate`` (cffconvert pins jsonschema<4, which
the test extra cannot install beside frictionless): the rules of that schema for the keys this
file uses are checked here with jsonschema.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import yaml

from toolkit import __version__

ROOT = Path(__file__).resolve().parent.parent

_PERSON = {"type": "object", "minProperties": 1,
           "properties": {"name": {"type": "string", "minLength": 1},
                          "family-names": {"type": "string", "minLength": 1},
                          "given-names": {"type": "string", "minLength": 1}},
           "anyOf": [{"required": ["name"]}, {"required": ["family-names"]}]}
_DATE = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
_KEYWORDS = {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}}
_REFERENCE_TYPES = ["art", "article", "audiovisual", "bill", "blog", "book", "catalogue", "conference-paper",
                    "conference", "data", "database", "dictionary", "edited-work", "encyclopedia",
                    "film-broadcast", "generic", "government-document", "grant", "hearing",
                    "historical-work", "legal-case", "legal-rule", "magazine-article", "manual", "map",
                    "multimedia", "music", "newspaper-article", "pamphlet", "patent", "personal-communication",
                    "proceedings", "report", "serial", "slides", "software", "software-code",
                    "software-container", "software-executable", "software-virtual-machine", "sound-recording",
                    "standard", "statute", "thesis", "unpublished", "video", "website"]
CFF_1_2_SUBSET: dict[str, Any] = {
    "type": "object",
    "required": ["cff-version", "message", "title", "authors"],
    "additionalProperties": False,
    "properties": {
        "cff-version": {"const": "1.2.0"},
        "message": {"type": "string", "minLength": 1},
        "type": {"enum": ["software", "dataset"]},
        "title": {"type": "string", "minLength": 1},
        "abstract": {"type": "string", "minLength": 1},
        "authors": {"type": "array", "minItems": 1, "items": _PERSON},
        "version": {"type": ["string", "number"]},
        "date-released": _DATE,
        "license": {"type": "string"},
        "keywords": _KEYWORDS,
        "references": {"type": "array", "items": {
            "type": "object", "required": ["type", "title", "authors"], "additionalProperties": False,
            "properties": {"type": {"enum": _REFERENCE_TYPES}, "title": {"type": "string", "minLength": 1},
                           "authors": {"type": "array", "minItems": 1, "items": _PERSON},
                           "version": {"type": ["string", "number"]}, "date-released": _DATE,
                           "license": {"type": "string"}, "notes": {"type": "string"}, "keywords": _KEYWORDS}}},
    },
}
"""The CFF 1.2.0 schema's rules for the keys CITATION.cff uses (a key it does not know is refused:
add its rule here, from the schema, before using it)."""


def _citation() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_citation_follows_the_cff_schema_for_software_and_its_dataset() -> None:
    data = _citation()
    jsonschema.validate(data, CFF_1_2_SUBSET)
    assert data["type"] == "software" and data["license"] == "MIT"
    assert [r["type"] for r in data["references"]] == ["data"]


def test_a_citation_without_authors_or_with_a_bad_date_is_refused() -> None:
    errors = jsonschema.Draft7Validator(CFF_1_2_SUBSET).iter_errors(
        {**_citation(), "authors": [], "date-released": "1 December 2026"})
    assert len(list(errors)) == 2


def test_citation_version_is_the_package_version() -> None:
    data = _citation()
    assert str(data["version"]) == __version__, "CITATION.cff: set version (and date-released) to the release's"
    assert all(str(r["version"]) == __version__ for r in data["references"])
    assert f"## [{__version__}] - {data['date-released']}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_no_public_address_is_invented() -> None:
    data = _citation()
    assert not {"url", "repository-code", "repository", "doi", "identifiers"} & set(data)


def test_the_readme_and_the_docs_say_how_to_cite() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "how to cite" in readme.lower() and "CITATION.cff" in readme
    docs = (ROOT / "docs" / "data.md").read_text(encoding="utf-8")
    assert "## How to cite" in docs and "literalinclude} ../CITATION.cff" in docs
