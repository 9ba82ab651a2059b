"""English templates: explain."""

from __future__ import annotations

T: dict = {}
