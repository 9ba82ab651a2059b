"""English templates: decisions."""

from __future__ import annotations

T: dict = {}
