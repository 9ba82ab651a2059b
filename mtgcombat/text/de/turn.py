"""German templates: turn."""

from __future__ import annotations

T: dict = {}
