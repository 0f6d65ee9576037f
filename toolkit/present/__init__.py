"""What people read and look at: charts, tables, the rule glossary, citations.

* :mod:`toolkit.present.charts` and :mod:`toolkit.present.charts_interactive`: the ruling timeline and friends;
* :mod:`toolkit.present.chart_text`: Japanese text in matplotlib;
* :mod:`toolkit.present.tables`: tables as HTML that wraps instead of cutting;
* :mod:`toolkit.present.glossary`: the rules in words;
* :mod:`toolkit.present.citations`: where a ruling or rule is quoted from;
* :mod:`toolkit.present.notebook_helpers`: the few helpers the notebooks share.
"""
