"""The declarative rules: the board model, rule objects and one module per rule
family. No parsing and no solver code lives here (grammar and solver depend on
rules, never the reverse)."""

from . import validation  # noqa: E402,F401  (installs the board's checks: rules.model.CHECKS)
