"""A ruling article for one card, exported to Markdown and to wiki FAQ markup.

:func:`build_article` gathers, for one card (Japanese or English name):

* every ruling that names it, oldest first, with its status and what
  replaced it (``rulings``), and each chain of rulings that replaced one
  another (``history``);
* each ruling's machine-checkable answer (rulings.csv ``check`` and
  ``expected``) run through the engine under the rules of the ruling's date,
  with the line that shows the engine's answer (``checks``);
* the other shipped worked examples (``datasets/scenarios``) that illustrate
  those rulings, each run under the rules of its own date or ruleset: the
  outcome on the default line, whether the card's effect was activated, and
  the trace (``examples``).

:func:`article_markdown` and :func:`article_wiki` render it; the wiki text
uses :func:`toolkit.wiki.write_faq`, so it is the wiki's own FAQ markup
(``Ｑ：``/``Ａ：``, dates ``(YY/MM/DD)``, replaced rulings commented out with
``//`` right below the ruling that replaced them). :func:`export_article`
writes both into a user folder, atomically, and never into the packaged
``datasets/`` folder.

Everything written here is either a ruling quoted as data (question and
answer, with date and source) or our own summary; no wiki commentary.

>>> safe_stem("ヒステリック・サイン / Hysteric Sign")
'ヒステリック・サイン-hysteric-sign'
"""

from __future__ import annotations

from toolkit.export.article import ArticleExample, RulingArticle, build_article
from toolkit.export.folders import ExportError, safe_stem, write_text_atomic
from toolkit.export.markdown import article_markdown
from toolkit.export.wiki import ExportedArticle, article_wiki, export_article
from toolkit.resources import default_user_folder

__all__ = [
    "ArticleExample",
    "ExportError",
    "ExportedArticle",
    "RulingArticle",
    "article_markdown",
    "article_wiki",
    "build_article",
    "default_user_folder",
    "export_article",
    "safe_stem",
    "write_text_atomic",
]
