"""Analyses built on the engine and the ruling history, for any registered game.

* :mod:`toolkit.analysis.compare`: the outcomes of one scenario under several rule sets;
* :mod:`toolkit.analysis.side_by_side`: one question asked of two games;
* :mod:`toolkit.analysis.sensitivity`: the rulings x counterfactual rules grid;
* :mod:`toolkit.analysis.paper_vs_video`: the OCG on paper against the video games' order.
"""
