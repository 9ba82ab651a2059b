"""The transformer: a parse tree of one sentence -> rule objects
(:mod:`mtgcombat.rules.abilities`). Each method cites its rule; the methods are
grouped by concern in :mod:`.objects` and :mod:`.declare`."""

from __future__ import annotations

from lark import Transformer, v_args

from .declare import _DeclarationRules
from .helpers import _uses_target_group
from .objects import _ObjectRules
from .combat import CombatMixin
from .statics import StaticsMixin, StaticsMixin2
from .triggered import TriggerMixin
from .state import _DEFENDER_DIVIDES, _State

__all__ = ["_OracleTransformer", "_State", "_DEFENDER_DIVIDES", "_uses_target_group"]


@v_args(inline=True)
class _OracleTransformer(TriggerMixin, _ObjectRules, _DeclarationRules, CombatMixin,
                         StaticsMixin, StaticsMixin2, Transformer):
    def __init__(self, state: _State) -> None:
        super().__init__()
        self.st = state

