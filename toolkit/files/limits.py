"""The reading limits every user file is held to, and where they come from."""

from __future__ import annotations

DEFAULT_MAX_BYTES = 1 << 20
"""1 MB: far more than any scenario (the largest shipped one is under 2 KB)."""

MAX_BYTES_ENV = "ENDPHASE_MAX_FILE_BYTES"
"""Environment variable that raises or lowers the size limit (in bytes)."""

STALE_SECONDS = 60.0
"""A temporary file of ours older than this belongs to a save that died."""

CHUNK = 1 << 16
