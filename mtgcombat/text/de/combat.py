"""German templates: combat."""

from __future__ import annotations

T: dict = {}
