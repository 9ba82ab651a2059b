"""German templates: declarations."""

from __future__ import annotations

T: dict = {}
