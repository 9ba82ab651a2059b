"""English templates: cards."""

from __future__ import annotations

T: dict = {}
