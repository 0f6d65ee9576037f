"""The address of a wiki page, so that a ruling can cite the page a reader can open.

The rulings come from two wikis, both PukiWiki sites:

* the Yu-Gi-Oh! OCG wiki (``yugioh-wiki``): ``https://yugioh-wiki.net/index.php?``
  followed by the page name percent-encoded in EUC-JP;
* the Duel Masters wiki (``dmwiki``): ``https://dmwiki.net/`` followed by the page
  name percent-encoded in UTF-8.

A section of a page is the page's URL with the heading's anchor (``#faq1``).

>>> page_url("yugioh-wiki", "エンドフェイズ")
'https://yugioh-wiki.net/index.php?%A5%A8%A5%F3%A5%C9%A5%D5%A5%A7%A5%A4%A5%BA'
>>> page_url("dmwiki", "ターン終了ステップ", anchor="faq")
'https://dmwiki.net/%E3%82%BF%E3%83%BC%E3%83%B3%E7%B5%82%E4%BA%86%E3%82%B9%E3%83%86%E3%83%83%E3%83%97#faq'
>>> citation("yugioh-wiki", "フェイズ", anchor="faq", section="FAQ")
'https://yugioh-wiki.net/index.php?%A5%D5%A5%A7%A5%A4%A5%BA#faq (フェイズ: FAQ)'
>>> cited("https://dmwiki.net/x#faq (x: FAQ); also https://dmwiki.net/y (y)")
[('x: FAQ', 'https://dmwiki.net/x#faq'), ('y', 'https://dmwiki.net/y')]
>>> page_url("wikipedia", "x")
Traceback (most recent call last):
...
ValueError: unknown wiki 'wikipedia' (known: yugioh-wiki, dmwiki)
"""

from __future__ import annotations

import re
from urllib.parse import quote

WIKIS: dict[str, tuple[str, str]] = {
    "yugioh-wiki": ("https://yugioh-wiki.net/index.php?", "euc_jp"),
    "dmwiki": ("https://dmwiki.net/", "utf-8"),
}
"""Each wiki: the URL a page name is appended to, and the encoding of the name."""


def page_url(wiki: str, page: str, anchor: str | None = None) -> str:
    """The URL of ``page`` on ``wiki`` (a key of :data:`WIKIS`), with ``#anchor`` when given."""
    if wiki not in WIKIS:
        raise ValueError(f"unknown wiki {wiki!r} (known: {', '.join(WIKIS)})")
    base, encoding = WIKIS[wiki]
    url = base + quote(page.encode(encoding), safe="")
    return f"{url}#{anchor}" if anchor else url


def citation(wiki: str, page: str, anchor: str | None = None, section: str | None = None) -> str:
    """A reference a reader can follow: the section's URL, then the page name and the
    section's heading in parentheses."""
    where = f"{page}: {section}" if section and section != page else page
    return f"{page_url(wiki, page, anchor)} ({where})"


NO_URL = "no URL: the saved copy names neither its wiki nor its page"
"""What a ``source`` says in place of a URL for a place whose page is not known (the section
follows in parentheses); every other place cites its page's URL."""


def says_why_no_url(label: str) -> bool:
    """Whether a place cited without a URL says why it has none.

    >>> says_why_no_url(NO_URL + " (ホルス)"), says_why_no_url("page title unknown (ホルス)")
    (True, False)
    """
    return label.startswith("no URL: ") and len(label.split()) >= 5


_CITED = re.compile(r"^(?:also )?(?P<url>https?://\S+)(?: \((?P<label>.*)\))?$")


def cited(source: str) -> list[tuple[str, str | None]]:
    """The places a ``source`` cell cites, in order: (label, URL), the URL None
    for a place without one (the label is then the whole text).

    Places are separated by ``"; "``; each is ``URL (page: section)`` as
    :func:`citation` writes it, ``also`` before all but the first.
    """
    out: list[tuple[str, str | None]] = []
    for part in source.split("; "):
        text = part.strip()
        if not text:
            continue
        match = _CITED.match(text)
        if match:
            out.append((match["label"] or match["url"], match["url"]))
        else:
            out.append((text.removeprefix("also "), None))
    return out
