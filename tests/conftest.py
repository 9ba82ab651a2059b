"""Shared test helpers."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# The tests never touch the user's cache: parsers and card indexes go to a fresh directory.
os.environ.setdefault("MTGCOMBAT_CACHE", tempfile.mkdtemp(prefix="mtgcombat-test-cache-"))

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


def shared_path(*parts: str) -> Path:
    """A path in ../shared, or skip the test with a clear reason when it is absent
    (a user's fresh clone has no ../shared)."""
    p = SHARED.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"{p} is not present (the shared reference material sits beside the "
                    "repository only in the project's workspace and CI)")
    return p
