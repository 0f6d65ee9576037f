"""The build of datasets/rulings.csv, one job a module (``scripts/build_rulings.py`` runs it):

* ``vocabulary``: the table's columns and values, the annotations' keys, the seeds by role, ``BuildError``;
* ``places``: where a ruling's text stands (dates, excerpts, citations);
* ``inputs``: reading the annotations and the seed pages;
* ``builder``: matching the annotations to the seeds, a row each;
* ``validation``: the checks on the finished table (the dataset contract);
* ``table``: the CSV text, and where the inputs are by default.

The modules import one another as ``rulings_build.…``: the folder ``scripts/`` is on ``sys.path`` (the
entry point puts it there), and the toolkit is importable (installed, or the clone's root on the path).
"""
