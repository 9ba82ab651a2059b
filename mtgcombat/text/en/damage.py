"""English templates: damage."""

from __future__ import annotations

T: dict = {}
