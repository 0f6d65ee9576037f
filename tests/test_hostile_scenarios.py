"""A card name with a comma, written unquoted in a scenario's flow list or flow mapping, is told to be
quoted even when its first half is a name the toolkit knows (fixture scenarios written here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.errors import ScenarioError
from toolkit.ocg.scenario import parse_scenario

HEAD = "title: a name with a comma\nturn_player: A\n"


def test_a_split_name_whose_first_half_is_a_known_name_says_to_quote_it() -> None:
    # "Lyla" alone is one of Lyla's names, so only "Lightsworn Sorceress" was unknown, with no word of the comma
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(HEAD + "players:\n  A:\n    field: [Lyla, Lightsworn Sorceress]\n", "mine.yaml")
    said = str(refused.value)
    assert "「Lyla, Lightsworn Sorceress」 is one card (「ライトロード・マジシャン ライラ」)" in said
    assert '["Lyla, Lightsworn Sorceress"]' in said and "(line 5, column 19)" in said


def test_a_name_split_in_a_flow_mapping_says_to_quote_it() -> None:
    text = (HEAD + "players:\n  A:\n    field: [ライトロード・マジシャン ライラ]\n  B:\n    graveyard: [Effect Veiler]\n"
            "lingering:\n  - {source: Effect Veiler, controller: B, target: Lyla, Lightsworn Sorceress, effect: negate}\n")
    said = _refusal(text)
    assert "unknown key 'Lightsworn Sorceress'" in said
    assert 'quote a name that holds a comma: target: "Lyla, Lightsworn Sorceress"' in said


def test_a_misspelt_key_after_a_comma_is_not_told_to_be_quoted() -> None:
    # a misspelt key written without a value is a misspelt key (did you mean 'controller'?), not half a name
    text = (HEAD + "players:\n  A:\n    hand: [増援]\n"
            "lingering:\n  - {source: 命削りの宝札, effect: hand_to_gy, controler}\n")
    said = _refusal(text)
    assert "did you mean 'controller'?" in said
    assert "quote" not in said


def _refusal(text: str) -> str:
    """The one line a scenario file of ``text`` is refused with."""
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(text, "mine.yaml")
    return str(refused.value)


def test_the_quoted_name_is_read() -> None:
    scenario = parse_scenario(HEAD + 'players:\n  A:\n    field: ["Lyla, Lightsworn Sorceress"]\n', "mine.yaml")
    assert [c.name for c in scenario.players["A"].field] == ["ライトロード・マジシャン ライラ"]


def test_saving_over_a_link_never_writes_outside_the_folder(tmp_path: Path) -> None:
    import toolkit
    from toolkit.ocg.scenario.write import save_scenario

    base = tmp_path
    folder, outside = base / "mine", base / "outside"
    folder.mkdir()
    outside.mkdir()
    (outside / "kept.yaml").write_text("precious\n", encoding="utf-8")
    (folder / "link.yaml").symlink_to(outside / "kept.yaml")
    (folder / "dangling.yaml").symlink_to(outside / "new.yaml")
    scenario = toolkit.seed_scenario("lyla_veiler_2011")
    for name in ("link.yaml", "dangling.yaml"):  # the dangling one wrote outside/new.yaml, without overwrite
        with pytest.raises(ScenarioError, match="file exists; pass overwrite=True"):
            save_scenario(scenario, folder / name)
    assert save_scenario(scenario, folder / "link.yaml", overwrite=True) == folder.resolve() / "link.yaml"
    assert not (folder / "link.yaml").is_symlink()  # the link itself replaced, its target left alone
    assert (outside / "kept.yaml").read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in outside.iterdir()) == ["kept.yaml"]


@pytest.mark.parametrize("name", ["", "  ", "sub/  "])
def test_saving_to_an_empty_file_name_is_refused(name: str, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    import toolkit
    from toolkit.ocg.scenario.write import save_scenario

    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    with pytest.raises(ScenarioError, match="the file name is empty"):
        save_scenario(toolkit.seed_scenario("lyla_veiler_2011"), name)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["sub"]
