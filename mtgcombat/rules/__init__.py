"""The declarative rules: the board model, rule objects and one module per rule
family. No parsing and no solver code lives here (grammar and solver depend on
rules, never the reverse)."""
