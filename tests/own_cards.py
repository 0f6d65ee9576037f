"""Card files of a user's own that several test files write (in the card format; written for these tests)."""

PALADIN = "テスト・パラディン"
"""A card of the user's folder whose End Phase trigger is mandatory in one version of its file, optional in
another (``PALADIN_FILE.replace("MANDATORY", ...)``)."""

PALADIN_FILE = f"""\
name: {PALADIN}
english: Test Paladin
type: monster
subtype: effect
texts:
  - end_phase:
      - key: mill 2
        mandatory: MANDATORY
        chain_link: true
        when: [face_up_on_field, your_end_phase]
        do: {{mill: 2}}
"""

DESTROYS_ITSELF = """\
        end_phase:
          - key: destroy itself
            mandatory: true
            chain_link: true
            when: [face_up_on_field, your_end_phase]
            do: {destroy: {card: itself, if_in: field}}
"""
"""The ``end_phase:`` of a text (under ``texts: - ``) of a monster that destroys itself in its controller's End Phase."""


def on_the_field_of_a(title: str, name: str) -> str:
    """The head of a scenario file: ``name`` face-up on A's field in A's End Phase, B with nothing; ``cards:``
    (the card's own entry) follows."""
    return (f"title: {title}\nturn_player: A\nplayers:\n  A:\n    field:\n      - name: {name}\n  B: {{}}\n"
            "cards:\n")


def monster_entry(name: str, english: str, *, level: int, attribute: str) -> str:
    """The head of an effect monster's entry in a scenario's ``cards:`` (its ``texts:`` follow)."""
    return (f"  - name: {name}\n    english: {english}\n    type: monster\n    subtype: effect\n"
            f"    level: {level}\n    attribute: {attribute}\n")
