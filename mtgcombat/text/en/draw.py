"""English templates: draw."""

from __future__ import annotations

T: dict = {}
