"""States (and scenarios) unpickled with a scenario's own cards compile each card once per text: N States
pickled apart and unpickled in one process share one compiled card (it was compiled again per State); two
different texts of one name stay two cards; the cards remembered are bounded."""

from __future__ import annotations

import pickle

import pytest

import toolkit.ocg.cards.data.carried as carried
import toolkit.ocg.cards.data.compile as compile_module
from toolkit.core.memo import Memo
from toolkit.core.search import explore
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import State

NAME = "テスト用：ふたつの文のランプ"


def _lamp(destroys_itself: bool) -> dict[str, object]:
    text: dict[str, object] = {"note": "destroys itself" if destroys_itself else "does nothing"}
    if destroys_itself:
        text["end_phase"] = [{"key": "destroy itself", "mandatory": True, "chain_link": True,
                              "when": ["face_up_on_field", "your_end_phase"],
                              "do": {"destroy": {"card": "itself", "if_in": "field"}}}]
    return {"name": NAME, "type": "monster", "subtype": "effect", "level": 3, "texts": [text]}


def _start(destroys_itself: bool) -> State:
    return initial_state(scenario_from_dict({"title": "a lamp of one's own", "turn_player": "A",
                                             "players": {"A": {"field": [NAME]}, "B": {}},
                                             "cards": [_lamp(destroys_itself)]}))


@pytest.fixture()
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The cards compiled from here on (empty memos of carried cards and of catalogues to start from, as in
    a worker that unpickles them: else a State unpickled here finds the catalogue its original made)."""

    import toolkit.ocg.cards.catalogue as catalogue

    calls: list[str] = []
    compile_card = compile_module.compile_card

    def counting(written: object, **kwargs: object) -> object:
        calls.append(str(written.get("name")) if isinstance(written, dict) else "?")
        return compile_card(written, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(compile_module, "compile_card", counting)
    monkeypatch.setattr(carried, "_COMPILED", Memo(carried.COMPILED_MAX))
    monkeypatch.setattr(catalogue, "_DERIVED", Memo(catalogue._DERIVED_MAX))
    return calls


def test_n_states_unpickled_share_the_card_compiled_once(counted: list[str]) -> None:
    start = _start(True)
    states = [start, *(s for _a, s in _successors(start))]
    assert len(states) > 2
    pickles = [pickle.dumps(s) for s in states for _ in range(3)]  # each pickled apart: nothing shared in them
    back = [pickle.loads(p) for p in pickles]
    assert counted == [NAME], "the card was compiled again per State"
    cards = {id(s.tables.catalogue.behaviour(NAME)) for s in back}
    assert len(cards) == 1 and [pickle.loads(p) for p in pickles[:3]] == states[:1] * 3
    scenario = pickle.loads(pickle.dumps(scenario_from_dict({
        "title": "the same text in a scenario", "turn_player": "A", "players": {"A": {"field": [NAME]}, "B": {}},
        "cards": [_lamp(True)]})))
    assert scenario.cards[0] is carried.compiled_again((_lamp(True), None, None)) and counted == [NAME]


def _successors(state: State) -> list[tuple[object, State]]:
    from toolkit.ocg.procedure import legal_actions, transition

    return [(a, transition(state, a)[0]) for a in legal_actions(state)]


def test_two_texts_of_one_name_are_two_cards_each_state_reading_its_own(counted: list[str]) -> None:
    destroys, stays = _start(True), _start(False)
    back_destroys, back_stays = (pickle.loads(pickle.dumps(s)) for s in (destroys, stays))
    assert counted == [NAME, NAME]
    assert back_destroys.tables.catalogue.behaviour(NAME) is not back_stays.tables.catalogue.behaviour(NAME)
    for state, back in ((destroys, back_destroys), (stays, back_stays)):
        assert _events(back) == _events(state)
    assert _events(back_destroys) != _events(back_stays)


def _events(state: State) -> list[str]:
    return sorted(o.outcome.text() for o in explore(state).outcomes)


def test_the_cards_remembered_are_bounded(counted: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(carried, "_COMPILED", Memo(4))
    made = [carried.compiled_again(({"name": f"テスト用：カード{i}", "type": "monster"}, None, None)) for i in range(6)]
    assert len(carried._COMPILED) == 4 and len(counted) == 6
    assert carried.compiled_again(({"name": "テスト用：カード5", "type": "monster"}, None, None)) is made[5]
    assert carried.compiled_again(({"name": "テスト用：カード0", "type": "monster"}, None, None)) is not made[0]


def test_a_date_and_the_string_of_that_date_are_not_one_text() -> None:
    import datetime

    as_date = {"name": NAME, "type": "monster", "texts": [{}, {"since": datetime.date(2019, 1, 1), "note": "errata"}]}
    as_text = {"name": NAME, "type": "monster", "texts": [{}, {"since": "2019-01-01", "note": "errata"}]}
    assert carried.canonical_text(as_date) != carried.canonical_text(as_text)
