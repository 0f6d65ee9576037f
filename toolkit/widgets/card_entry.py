"""Card entry in the scenario builder: finding a card, adding it to a zone,
tagging what happened to it this turn and adding lingering effects — each
add confirmed, or refused with what to do, beside the control that did it.

:class:`CardEntry` is a mixin of :class:`~toolkit.widgets.form.ScenarioForm`,
which builds the widgets these methods read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]

from toolkit.ocg.scenario import TAGS, LingeringSpec
from toolkit.widgets.messages import StatusKind, status_html
from toolkit.widgets.zones import ZONES, copy_name, zone_phrase

MATCH_LIMIT = 200
"""How many matches the card list shows at most."""

NO_TAG = ""
"""The this-turn dropdown's value meaning "no tag chosen"."""


class CardEntry:
    """Find card, Add card, the this-turn tags and Add effect."""

    card_search: Any
    card_matches: Any
    card_message: Any
    add_to: Any
    catalogue: Any
    zones: Any
    zone_messages: Any
    detail_tags: Any
    detail_tag_choice: Any
    detail_message: Any
    lingering_source: Any
    lingering_controller: Any
    lingering_target: Any
    lingering_effect: Any
    lingering_list: Any
    lingering_message: Any
    _lingering: list[LingeringSpec]
    _specs: Any
    _syncing: bool

    if TYPE_CHECKING:  # provided by ScenarioForm
        def _zones_edited(self) -> None: ...
        def _edited(self) -> None: ...
        def _selected_detail(self) -> tuple[str, str, int] | None: ...

    def _refresh_matches(self) -> None:
        found = self.catalogue.search(self.card_search.value, limit=MATCH_LIMIT)
        self.card_matches.options = [(self.catalogue.label(name), name) for name in found]
        if found:
            self.card_matches.value = found[0]

    def submit_search(self) -> None:
        """Enter in "Find card": add the card the text names (English, kana,
        width folded), else the first match, to the zone chosen in "Add to"."""
        typed = self.card_search.value
        name = self.catalogue.lookup(typed) if typed.strip() else None
        if name is None and self.card_matches.value:
            name = self.card_matches.value
        if name is None:
            self._say_beside(self.card_message, self.catalogue.unknown(typed) if typed.strip()
                             else "Type a card's name (Japanese or English), then press Enter", "error")
            return
        self._add_card(name)

    def _add_selected_card(self) -> None:
        name = self.card_matches.value
        if not name:
            typed = self.card_search.value
            hint = f" {self.catalogue.unknown(typed)}" if typed.strip() else ""
            self._say_beside(self.card_message, f"Choose a card in the list first.{hint}", "error")
            return
        self._add_card(name)

    def _add_card(self, name: str) -> None:
        player, zone = str(self.add_to.value).split(":")
        held = [n for z in ZONES for n in self.zones[player][z].value]
        entry = copy_name(name, held)
        self._syncing = True
        try:
            self.zones[player][zone].value = [*self.zones[player][zone].value, entry]
        finally:
            self._syncing = False
        self.zone_messages[player][zone].value = ""
        self._zones_edited()
        typed = self.card_search.value if self.catalogue.lookup(self.card_search.value) == name else ""
        self._say_beside(self.card_message, added_text(entry, typed, zone_phrase(player, zone)), "ok")

    def _add_chosen_tag(self) -> None:
        """A tag chosen in the this-turn dropdown joins the selected card's tags."""
        tag = self.detail_tag_choice.value
        if self._syncing or tag == NO_TAG:
            return
        self._syncing = True
        try:
            self.detail_tag_choice.value = NO_TAG
        finally:
            self._syncing = False
        selected = self._selected_detail()
        if selected is None:
            self._say_beside(self.detail_message, "Add a card to the field, graveyard or banished cards first", "error")
            return
        player, zone, index = selected
        name = self._specs[(player, zone)][index].name
        if tag not in self.detail_tags.value:
            self.detail_tags.value = [*self.detail_tags.value, tag]
        self._say_beside(self.detail_message, f"{name} ({zone_phrase(player, zone)}): {TAGS[tag]}", "ok")

    def _add_lingering(self) -> None:
        typed = self.lingering_source.value.strip()
        if not typed:
            self._say_beside(self.lingering_message, "Name the card whose effect lingers", "error")
            return
        source = self.catalogue.lookup(typed)
        if source is None:
            self._say_beside(self.lingering_message, f"Not added: {self.catalogue.unknown(typed)}", "error")
            return
        self.lingering_source.value = source
        target = self.lingering_target.value or None
        spec = LingeringSpec(
            source=source,
            controller=self.lingering_controller.value,
            target=target,
            effect=self.lingering_effect.value.strip(),
        )
        self._lingering.append(spec)
        self._refresh_lingering_list()
        self._edited()
        self._say_beside(self.lingering_message, f"Added the lingering effect {_lingering_label(spec)}", "ok")

    def _say_beside(self, box: w.HTML, message: str, kind: StatusKind) -> None:
        """Show ``message`` in the line beside the control that caused it."""
        box.value = status_html(message, kind)

    def _remove_lingering(self) -> None:
        index = self.lingering_list.index
        if index is None:
            return
        del self._lingering[index]
        self._refresh_lingering_list()
        self._edited()

    def _refresh_lingering_list(self) -> None:
        self.lingering_list.options = [
            (_lingering_label(spec), i) for i, spec in enumerate(self._lingering)
        ]


def added_text(entry: str, typed: str, spot: str) -> str:
    """ "Added X to A's hand", saying which card a typed name was read as."""
    read_as = f" (read from {typed.strip()!r})" if typed.strip() and typed.strip() != entry else ""
    return f"Added {entry}{read_as} to {spot}"


def _lingering_label(spec: LingeringSpec) -> str:
    target = f" → {spec.target}" if spec.target else ""
    effect = f": {spec.effect}" if spec.effect else ""
    return f"{spec.source} (applied by {spec.controller}){target}{effect}"
