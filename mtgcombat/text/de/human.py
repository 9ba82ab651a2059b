"""German templates: human."""

from __future__ import annotations

T: dict = {}
