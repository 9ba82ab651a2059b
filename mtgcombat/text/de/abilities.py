"""German templates: abilities read from card text (issue: trust) -- players, choices, levels, counters."""

from __future__ import annotations

T: dict = {}
