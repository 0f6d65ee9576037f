"""The builder's defaults, read from the toolkit's own registries.

Kept apart from the widgets so each is one small function a test can call.
"""

from __future__ import annotations

import pandas as pd

from toolkit.widgets.card_search import CardCatalogue


def default_catalogue() -> CardCatalogue:
    """Cards a scenario may use, with English names from cards.csv.

    The engine's card registry is the authority (a card without a behaviour
    cannot be resolved); without it, the OCG cards of cards.csv.
    """
    from toolkit.data import load_cards

    cards = load_cards()
    try:
        from toolkit.ocg.cards import registered_names
    except ImportError:  # pragma: no cover - the engine ships with the toolkit
        ocg = cards[cards["game"] == "ocg"]
        return CardCatalogue.from_frame(ocg)
    names = registered_names()
    english = {
        str(ja): str(en)
        for ja, en in zip(cards["name_ja"], cards["name_en"], strict=True)
        if not pd.isna(en)
    }
    return CardCatalogue.from_pairs((name, english.get(name)) for name in names)


def default_rulesets() -> tuple[str, ...]:
    """Names of the engine's registered rulesets (``ocg`` = today's rules)."""
    from toolkit.ocg.scenario import known_ruleset_names

    names = known_ruleset_names()
    return tuple(sorted(names)) if names else ()


def default_examples() -> tuple[str, ...]:
    """Names of the worked examples shipped in datasets/scenarios/."""
    from toolkit.ocg.scenario import list_seed_scenarios

    return tuple(list_seed_scenarios())
