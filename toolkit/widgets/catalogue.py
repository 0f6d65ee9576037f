"""The builder's defaults, read from the toolkit's own registries.

Kept apart from the widgets so each is one small function a test can call.
"""

from __future__ import annotations

from toolkit.widgets.card_search import CardCatalogue


def default_catalogue() -> CardCatalogue:
    """Cards a scenario may use, with their English names: the engine's card
    registry (a card without a behaviour cannot be resolved), read on every
    search, so a card registered after the builder was made is found."""
    from toolkit.ocg.cards import card_names

    return CardCatalogue.live(card_names)


def default_rulesets() -> tuple[str, ...]:
    """Names of the engine's registered rulesets (``ocg`` = today's rules)."""
    from toolkit.ocg.scenario import known_ruleset_names

    names = known_ruleset_names()
    return tuple(sorted(names)) if names else ()


def default_examples() -> tuple[str, ...]:
    """Names of the worked examples shipped in datasets/scenarios/."""
    from toolkit.ocg.scenario import list_seed_scenarios

    return tuple(list_seed_scenarios())
