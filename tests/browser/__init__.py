"""Real-browser tests (Voila + Debian chromium); a package so its conftest has its own module name."""
