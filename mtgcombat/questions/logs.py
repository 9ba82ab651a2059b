"""What the stack did in a step, as the answers give it (spec Extension 3): shared by
``combat`` and the questions about one combat damage step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer


def stack_log_json(log: Any, w: "Writer") -> dict:
    """One step's log as the answer gives it (spec Extension 3: the triggers and tricks
    resolved in each step, in order, and what they did)."""
    return {
        "step": log.step,
        "resolved": [{
            "kind": r.item.kind, "source": r.item.source, "ability": r.item.line,
            "instance": r.item.instance, "effect": r.item.effect,
            "sentence": r.item.sentence, "controller": r.item.controller,
            "targets": list(r.item.targets), "message": w(r.head()),
            "outcome": [{"code": o.code, "rule": o.rule, "objects": list(o.objects),
                         "message": w(o)} for o in r.outcome],
        } for r in log.resolved],
        "destroyed": sorted(log.sba.gone),
        "destroyed_by": dict(sorted(log.sba.gone.items())),
        "left": dict(sorted(log.left.items())),
        "lost": sorted(log.sba.lost),
    }
