"""The card-format examples README's "Bring your own card and ruling" shows are
read by the card compiler as they are printed (a fragment of an effect is
placed in a minimal End Phase process), so the README cannot drift from the format."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from toolkit.ocg.cards.data.compile import compile_card

README = Path(__file__).resolve().parents[1] / "README.md"


def _examples() -> list[Any]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Bring your own card and ruling"):text.index("## The command line")]
    return [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", section, re.S)]


def _as_card(example: Any) -> dict[str, Any]:
    if isinstance(example, list):  # a whole End Phase process
        return {"name": "README例", "type": "monster", "texts": [{"end_phase": example}]}
    if "name" in example:
        return example
    effect = {"key": "example", "mandatory": False, "chain_link": False, "when": ["face_up_on_field"],
              "do": {"draw": 1}, **example}
    return {"name": "README例", "type": "monster", "texts": [{"end_phase": [effect]}]}


def test_readme_shows_either_pick_and_kind_examples_and_each_compiles() -> None:
    examples = _examples()
    shown = yaml.safe_dump(examples, allow_unicode=True)
    assert "either" in shown and "pick" in shown and "picked" in shown and "tuner" in shown
    assert "face_up: true" in shown
    for example in examples:
        card = compile_card(_as_card(example))
        assert card.texts
