"""English templates: human."""

from __future__ import annotations

T: dict = {}
