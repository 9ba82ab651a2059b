"""Shared test helpers."""
from __future__ import annotations

from pathlib import Path

import pytest

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
