"""German templates: payment."""

from __future__ import annotations

T: dict = {}
