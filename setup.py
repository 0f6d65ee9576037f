"""What pyproject.toml cannot say on its own.

``[tool.setuptools.packages.find]`` finds every package under ``toolkit/``, but
it cannot find ``toolkit._datasets``: that package is the repository's
top-level ``datasets/`` folder, mapped in ``[tool.setuptools.package-dir]``.
This adds each package named there to the ones found, so the mapping stays the
single list of the dataset packages.
"""

from __future__ import annotations

from typing import Any

from setuptools import setup
from setuptools.dist import Distribution


class FoundAndMappedPackages(Distribution):
    """A distribution whose packages are the found ones plus the mapped ones."""

    def parse_config_files(self, *args: Any, **kwargs: Any) -> None:
        super().parse_config_files(*args, **kwargs)
        found = list(self.packages or [])
        mapped = sorted(name for name in self.package_dir or {} if name and name not in found)
        self.packages = [*found, *mapped]


setup(distclass=FoundAndMappedPackages)
