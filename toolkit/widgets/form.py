"""The editing half of the scenario builder: widgets that describe a position.

:class:`ScenarioForm` holds one widget per thing a scenario says (rules date
or ruleset, turn player, each player's zones, what happened to each card this
turn, lingering effects) and turns them into a :class:`~toolkit.ocg.scenario.Scenario`
(:attr:`ScenarioForm.scenario`) or back (:meth:`ScenarioForm.set_scenario`).
Every widget is a public attribute, so tests and notebooks drive it from
Python exactly as a reader would with the mouse.
"""

from __future__ import annotations

import dataclasses
import datetime
import warnings
from collections.abc import Sequence
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from toolkit.errors import ScenarioError
from toolkit.ocg.scenario import (
    DECK_FILLER_MAX,
    LIFE_MAX,
    PLAYERS,
    POSITIONS,
    TAGS,
    CardSpec,
    LingeringSpec,
    PlayerSetup,
    Scenario,
)
from toolkit.widgets.card_entry import NO_TAG, CardEntry, added_text
from toolkit.widgets.card_search import CardCatalogue
from toolkit.widgets.messages import StatusKind, status_html
from toolkit.widgets.zones import CARD_ZONES, ZONE_LABELS, ZONES, check_entries, reconcile, zone_phrase

BY_DATE = ""
"""The ruleset dropdown's value meaning "use the rules of the chosen date"."""

NO_TARGET = ""
"""The lingering-target dropdown's value meaning "no target"."""


LINGERING_EFFECTS: tuple[str, ...] = ("negate", "control", "banish_in_end_phase")
"""Effect keys offered for a lingering effect (any text may be typed)."""


SOURCE_LABEL = "<scenario builder>"

EMPTY_TITLE = "My scenario"
"""The title of the empty position (a new builder, or New)."""


def _label(text: str, width: str = "11em") -> w.Label:
    return w.Label(text, layout=w.Layout(width=width, flex="0 0 auto"))


def row(*children: w.Widget) -> w.HBox:
    """Widgets side by side, wrapping onto the next line when the page is narrow."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", align_items="center"))


def button(description: str, icon: str = "", **kwargs: Any) -> w.Button:
    """A button as wide as its words (never squeezed to "Add …")."""
    return w.Button(description=description, icon=icon,
                    layout=w.Layout(width="auto", flex="0 0 auto", min_width="6em"), **kwargs)


def _message_box(css_class: str) -> w.HTML:
    """An empty line beside a control, for what became of its last use."""
    box = w.HTML(value="")
    box.add_class("endphase-message")
    box.add_class(css_class)
    return box


def _on_enter(text: w.Text, callback: Any) -> None:
    """Call ``callback()`` when Enter is pressed in ``text`` (the box keeps
    updating its value on every key, so its list of matches follows the
    typing; ipywidgets marks this hook deprecated but still sends it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        text.on_submit(lambda _widget: callback())


class ScenarioForm(CardEntry):
    """Widgets describing one End Phase position; see the module docstring."""

    def __init__(
        self,
        catalogue: CardCatalogue,
        rulesets: Sequence[str] = (),
    ) -> None:
        self.catalogue = catalogue
        self._syncing = False
        self._specs: dict[tuple[str, str], tuple[CardSpec, ...]] = {
            (p, z): () for p in PLAYERS for z in CARD_ZONES
        }
        self._lingering: list[LingeringSpec] = []
        self._kept: dict[str, Any] = {"phase": "end", "description": "", "rulings": ()}

        # -- rules and who is to play --------------------------------------
        self.title = w.Text(value=EMPTY_TITLE, description="Title", layout=w.Layout(width="40em"))
        self.title.add_class("endphase-title")
        self.date = w.DatePicker(description="Rules of", value=None)
        self.date.tooltip = "the rules and card texts in force on this day (empty: today)"
        self.date.add_class("endphase-date")
        self.ruleset = w.Dropdown(
            options=[("the date (empty = today)", BY_DATE)] + [(name, name) for name in sorted(rulesets)],
            value=BY_DATE,
            description="Ruleset",
        )
        self.ruleset.add_class("endphase-ruleset")
        self.turn_player = w.ToggleButtons(
            options=[(f"{p} plays this turn", p) for p in PLAYERS], value="A", description="Turn player",
            style={"button_width": "auto"},
        )
        self.turn_player.add_class("endphase-turn-player")
        self.description = w.HTML(value="")
        self.description.add_class("endphase-description")

        # -- zones -----------------------------------------------------------
        self.zones: dict[str, dict[str, w.TagsInput]] = {}
        self.zone_messages: dict[str, dict[str, w.HTML]] = {}
        self.life: dict[str, w.BoundedIntText] = {}
        self.deck_filler: dict[str, w.BoundedIntText] = {}
        for player in PLAYERS:
            self.zones[player] = {}
            self.zone_messages[player] = {}
            for zone in ZONES:
                tags = w.TagsInput(value=[], allow_duplicates=False, layout=w.Layout(width="100%"))
                tags.add_class(f"endphase-{player}-{zone}")
                tags.observe(lambda change, p=player, z=zone: self._on_zone_change(change, p, z), names="value")
                self.zones[player][zone] = tags
                self.zone_messages[player][zone] = _message_box(f"endphase-{player}-{zone}-message")
            self.life[player] = w.BoundedIntText(value=8000, min=0, max=LIFE_MAX, description="Life points")
            self.deck_filler[player] = w.BoundedIntText(
                value=30, min=0, max=DECK_FILLER_MAX, description="Other deck cards", style={"description_width": "initial"}
            )

        # -- adding a card by name -------------------------------------------
        self.card_search = w.Text(
            value="", placeholder="search: Japanese or English name", description="Find card"
        )
        self.card_search.add_class("endphase-card-search")
        self.card_matches = w.Select(options=[], rows=6, layout=w.Layout(width="40em"))
        self.card_matches.add_class("endphase-card-matches")
        self.add_to = w.Dropdown(
            options=[(f"{p} · {ZONE_LABELS[z]}", f"{p}:{z}") for p in PLAYERS for z in ZONES],
            value="A:hand",
            description="Add to",
        )
        self.add_to.add_class("endphase-add-to")
        self.add_card = button("Add card", "plus")
        self.add_card.add_class("endphase-add-card")
        self.card_message = _message_box("endphase-card-message")
        self.card_search.observe(lambda _change: self._refresh_matches(), names="value")
        _on_enter(self.card_search, self.submit_search)
        self.add_card.on_click(lambda _b: self._add_selected_card())

        # -- what happened this turn to one card ------------------------------
        self.detail_card = w.Dropdown(options=[], description="Card", layout=w.Layout(width="40em"))
        self.detail_position = w.Dropdown(options=list(POSITIONS), value="face_up", description="Position")
        self.detail_tags = w.TagsInput(value=[], allowed_tags=sorted(TAGS), allow_duplicates=False)
        self.detail_tags.add_class("endphase-this-turn")
        self.detail_tag_choice = w.Dropdown(
            options=[("add what happened this turn …", NO_TAG)]
            + [(f"{tag} — {text}", tag) for tag, text in sorted(TAGS.items())],
            value=NO_TAG, description="Add", layout=w.Layout(width="40em"),
        )
        self.detail_tag_choice.add_class("endphase-this-turn-choice")
        self.detail_message = _message_box("endphase-this-turn-message")
        self.detail_tag_choice.observe(lambda _change: self._add_chosen_tag(), names="value")
        self.tag_help = w.HTML(
            "<small>"
            + "; ".join(f"<code>{tag}</code>: {text}" for tag, text in sorted(TAGS.items()))
            + "</small>"
        )
        self.tag_help_box = w.Accordion(children=[self.tag_help], titles=["What the tags mean"], selected_index=None)
        self.detail_card.observe(lambda _change: self._show_detail(), names="value")
        self.detail_position.observe(lambda _change: self._store_detail(), names="value")
        self.detail_tags.observe(lambda _change: self._store_detail(), names="value")

        # -- lingering effects -------------------------------------------------
        self.lingering_list = w.Select(options=[], rows=3, layout=w.Layout(width="40em"))
        self.remove_lingering = button("Remove", "trash")
        self.lingering_source = w.Combobox(
            options=list(catalogue.names), placeholder="card whose effect lingers", description="Source",
            ensure_option=False,
        )
        self.lingering_controller = w.ToggleButtons(options=list(PLAYERS), value="B", description="Applied by")
        self.lingering_target = w.Dropdown(options=[("(no target)", NO_TARGET)], value=NO_TARGET, description="Target")
        self.lingering_effect = w.Combobox(
            options=list(LINGERING_EFFECTS), value="negate", description="Effect", ensure_option=False
        )
        self.add_lingering = button("Add effect", "plus")
        self.add_lingering.add_class("endphase-add-lingering")
        self.lingering_message = _message_box("endphase-lingering-message")
        self.add_lingering.on_click(lambda _b: self._add_lingering())
        self.remove_lingering.on_click(lambda _b: self._remove_lingering())

        self.ruleset.observe(lambda _change: self._on_ruleset_change(), names="value")
        self.date.observe(lambda _change: self._on_date_change(), names="value")
        for edited in (self.title, self.date, self.ruleset, self.turn_player, *self.life.values(),
                       *self.deck_filler.values()):
            edited.observe(self._user_edit, names="value")
        self._refresh_matches()
        self._show_detail()

    # ------------------------------------------------------------------
    # Layout
    # ------------------------------------------------------------------

    def form_widget(self) -> w.Widget:
        """The editing widgets, laid out (the builder adds its buttons around them)."""
        player_tabs = w.Tab(
            children=[self._player_box(p) for p in PLAYERS],
            titles=[f"Player {p}'s cards" for p in PLAYERS],
        )
        player_tabs.add_class("endphase-player-tabs")
        add_box = w.VBox(
            [row(self.card_search, self.add_to, self.add_card), self.card_message, self.card_matches]
        )
        add_box.add_class("endphase-card-entry")
        detail_box = w.VBox(
            [
                w.HTML("<b>What happened this turn</b> (per card on the field, in the graveyard or banished)"),
                row(self.detail_card, self.detail_position),
                row(_label("This turn"), self.detail_tags),
                self.detail_tag_choice,
                self.detail_message,
                self.tag_help_box,
            ]
        )
        lingering_box = w.VBox(
            [
                w.HTML("<b>Lingering effects</b> (resolved earlier this turn, still applying)"),
                row(self.lingering_list, self.remove_lingering),
                row(self.lingering_source, self.lingering_controller),
                row(self.lingering_target, self.lingering_effect, self.add_lingering),
                self.lingering_message,
            ]
        )
        turn_box = w.VBox(
            [w.HTML("<b>Rules and turn</b>"), row(self.date, self.ruleset), self.turn_player],
            layout=w.Layout(border="1px solid #cfd8dc", padding="4px 8px", margin="6px 0px"),
        )
        turn_box.add_class("endphase-rules-and-turn")
        return w.VBox(
            [
                self.title,
                self.description,
                *self._identity_widgets(),
                turn_box,
                w.HTML("<b>Cards</b>"),
                player_tabs,
                add_box,
                detail_box,
                lingering_box,
            ]
        )

    def _identity_widgets(self) -> list[w.Widget]:
        """Widgets shown under the description (the builder adds its "keep ruling ids")."""
        return []

    def _player_box(self, player: str) -> w.Widget:
        rows = [
            w.VBox([w.HBox([_label(ZONE_LABELS[zone]), self.zones[player][zone]], layout=w.Layout(width="100%")),
                    self.zone_messages[player][zone]], layout=w.Layout(width="100%"))
            for zone in ZONES
        ]
        return w.VBox(rows + [row(self.life[player], self.deck_filler[player])])

    # ------------------------------------------------------------------
    # Widgets -> Scenario
    # ------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        """The scenario the widgets describe (raises ScenarioError when invalid).

        The shape is checked here; card and ruleset names are checked against
        the registries by :meth:`Scenario.validate`, which the actions call.
        """
        players = {}
        for p in PLAYERS:
            players[p] = PlayerSetup(
                hand=tuple(self.zones[p]["hand"].value),
                field=self._specs[(p, "field")],
                graveyard=self._specs[(p, "graveyard")],
                banished=self._specs[(p, "banished")],
                deck=tuple(self.zones[p]["deck"].value),
                deck_filler=int(self.deck_filler[p].value),
                life=int(self.life[p].value),
            )
        by_ruleset = self.ruleset.value != BY_DATE
        date_value = self.date.value
        if date_value is not None and isinstance(date_value, datetime.datetime):
            date_value = date_value.date()
        return Scenario(
            title=self.title.value.strip() or "Untitled scenario",
            turn_player=self.turn_player.value,
            players=players,
            date=None if by_ruleset else date_value,
            ruleset=self.ruleset.value if by_ruleset else None,
            lingering=tuple(self._lingering),
            phase=self._kept["phase"],
            description=self._kept["description"],
            source=SOURCE_LABEL,
            rulings=tuple(self._kept["rulings"]),
        )

    # ------------------------------------------------------------------
    # Scenario -> widgets
    # ------------------------------------------------------------------

    def set_scenario(self, scenario: Scenario) -> None:
        """Show ``scenario`` in the widgets (replacing what they held)."""
        self._syncing = True
        try:
            self.title.value = scenario.title
            self._kept = {
                "phase": scenario.phase,
                "description": scenario.description,
                "rulings": tuple(scenario.rulings),
            }
            self.description.value = description_html(scenario.description, scenario.rulings)
            if scenario.ruleset is not None:
                self._ensure_ruleset_option(scenario.ruleset)
                self.ruleset.value = scenario.ruleset
                self.date.value = None
            else:
                self.ruleset.value = BY_DATE
                self.date.value = scenario.date
            self.turn_player.value = scenario.turn_player
            for p in PLAYERS:
                setup = scenario.players[p]
                for zone in CARD_ZONES:
                    specs = tuple(getattr(setup, zone))
                    self._specs[(p, zone)] = specs
                    self.zones[p][zone].value = [spec.name for spec in specs]
                self.zones[p]["hand"].value = list(setup.hand)
                self.zones[p]["deck"].value = list(setup.deck)
                self.life[p].value = setup.life
                self.deck_filler[p].value = setup.deck_filler
            self._lingering = list(scenario.lingering)
        finally:
            self._syncing = False
        self._after_zones_changed()
        self._refresh_lingering_list()

    def form_state(self) -> dict[str, Any]:
        """Everything the widgets hold, even when it is not a valid scenario
        (kept by the builder so one Undo can bring it back)."""
        return {
            "title": self.title.value,
            "date": self.date.value,
            "ruleset": self.ruleset.value,
            "turn_player": self.turn_player.value,
            "zones": {(p, z): list(self.zones[p][z].value) for p in PLAYERS for z in ZONES},
            "specs": dict(self._specs),
            "life": {p: self.life[p].value for p in PLAYERS},
            "deck_filler": {p: self.deck_filler[p].value for p in PLAYERS},
            "lingering": list(self._lingering),
            "kept": dict(self._kept),
            "description": self.description.value,
        }

    def restore_form_state(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`form_state` returned (replacing what the widgets hold)."""
        self._syncing = True
        try:
            self.title.value = state["title"]
            self._kept = dict(state["kept"])
            self.description.value = state["description"]
            if state["ruleset"] != BY_DATE:
                self._ensure_ruleset_option(state["ruleset"])
            self.ruleset.value = state["ruleset"]
            self.date.value = state["date"]
            self.turn_player.value = state["turn_player"]
            for (p, z), names in state["zones"].items():
                self.zones[p][z].value = list(names)
            self._specs = dict(state["specs"])
            for p in PLAYERS:
                self.life[p].value = state["life"][p]
                self.deck_filler[p].value = state["deck_filler"][p]
            self._lingering = list(state["lingering"])
        finally:
            self._syncing = False
        self._after_zones_changed()
        self._refresh_lingering_list()

    def _ensure_ruleset_option(self, name: str) -> None:
        values = [value for _label_text, value in self.ruleset.options]
        if name not in values:
            self.ruleset.options = list(self.ruleset.options) + [(name, name)]

    # ------------------------------------------------------------------
    # Reactions
    # ------------------------------------------------------------------

    def _on_ruleset_change(self) -> None:
        """Choosing a named ruleset clears the date (a scenario has one or the other)."""
        if self._syncing or self.ruleset.value == BY_DATE:
            return
        self._syncing = True
        try:
            self.date.value = None
        finally:
            self._syncing = False

    def _on_date_change(self) -> None:
        """Choosing a date switches the ruleset back to "the rules of the date"."""
        if self._syncing or self.date.value is None:
            return
        self._syncing = True
        try:
            self.ruleset.value = BY_DATE
        finally:
            self._syncing = False

    def _on_zone_change(self, change: dict[str, Any], player: str, zone: str) -> None:
        """A name typed into a zone box: read it as the card it names at once,
        or take it out again and say which names are near."""
        if self._syncing:
            return
        checked = check_entries(list(change["old"]), list(change["new"]), self.catalogue.lookup)
        if list(checked.names) != list(change["new"]):
            self._syncing = True
            try:
                self.zones[player][zone].value = list(checked.names)
            finally:
                self._syncing = False
        notes: list[tuple[str, StatusKind]] = []
        spot = zone_phrase(player, zone)
        notes += [(f"Not added to {spot}: {self.catalogue.unknown(typed)}", "error") for typed in checked.refused]
        notes += [(added_text(key, typed, spot), "ok") for typed, key in checked.added]
        if notes or len(change["new"]) < len(change["old"]):
            self.zone_messages[player][zone].value = "".join(status_html(text, kind) for text, kind in notes)
        self._zones_edited()

    def _zones_edited(self) -> None:
        for p in PLAYERS:
            for zone in CARD_ZONES:
                self._specs[(p, zone)] = reconcile(self._specs[(p, zone)], self.zones[p][zone].value)
        self._after_zones_changed()
        self._edited()

    def _user_edit(self, _change: Any = None) -> None:
        if not self._syncing:
            self._edited()

    def _edited(self) -> None:
        """Called after every edit by the reader (not while a scenario is being shown)."""

    def _after_zones_changed(self) -> None:
        """Refresh the choices that depend on which cards are where."""
        previous = self.detail_card.value
        options = [
            (f"{p} · {ZONE_LABELS[zone]} {i + 1}: {spec.name}", f"{p}:{zone}:{i}")
            for p in PLAYERS
            for zone in CARD_ZONES
            for i, spec in enumerate(self._specs[(p, zone)])
        ]
        self._syncing = True
        try:
            self.detail_card.options = options
            values = [value for _text, value in options]
            self.detail_card.value = previous if previous in values else (values[0] if values else None)
            targets = [("(no target)", NO_TARGET)] + [
                (f"{spec.name} ({p})", spec.name) for p in PLAYERS for spec in self._specs[(p, "field")]
            ]
            kept_target = self.lingering_target.value
            self.lingering_target.options = targets
            target_values = [value for _text, value in targets]
            self.lingering_target.value = kept_target if kept_target in target_values else NO_TARGET
        finally:
            self._syncing = False
        self._show_detail()

    def _selected_detail(self) -> tuple[str, str, int] | None:
        value = self.detail_card.value
        if not value:
            return None
        player, zone, index = value.split(":")
        return player, zone, int(index)

    def _show_detail(self) -> None:
        selected = self._selected_detail()
        self._syncing = True
        try:
            if selected is None:
                self.detail_position.value = "face_up"
                self.detail_tags.value = []
                self.detail_position.disabled = True
                self.detail_tags.disabled = True
                self.detail_tag_choice.disabled = True
                return
            player, zone, index = selected
            spec = self._specs[(player, zone)][index]
            self.detail_position.disabled = False
            self.detail_tags.disabled = False
            self.detail_tag_choice.disabled = False
            if spec.position not in self.detail_position.options:
                self.detail_position.options = list(self.detail_position.options) + [spec.position]
            self.detail_position.value = spec.position
            self.detail_tags.value = sorted(spec.tags)
        finally:
            self._syncing = False

    def _store_detail(self) -> None:
        if self._syncing:
            return
        selected = self._selected_detail()
        if selected is None:
            return
        player, zone, index = selected
        specs = list(self._specs[(player, zone)])
        specs[index] = dataclasses.replace(
            specs[index], position=self.detail_position.value, tags=frozenset(self.detail_tags.value)
        )
        self._specs[(player, zone)] = tuple(specs)
        self._edited()

    def _report_form_error(self, exc: ScenarioError, where: Any = None) -> None:
        """Overridden by the builder to show the message in ``where``, the
        status line beside the control that caused it."""
        raise exc


def description_html(description: str, rulings: Sequence[str]) -> str:
    """A scenario's description and ruling ids, as shown under its title.

    >>> description_html("Veiler <negates>", ["ocg-1"])
    'Veiler &lt;negates&gt;<br>Rulings: <code>ocg-1</code>'
    """
    import html

    parts = []
    if description:
        parts.append(html.escape(description))
    if rulings:
        parts.append("Rulings: " + ", ".join(f"<code>{html.escape(r)}</code>" for r in rulings))
    return "<br>".join(parts)
