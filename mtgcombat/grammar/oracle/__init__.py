"""Oracle text -> combat rule objects.

:func:`read_text` splits a card's rules text (or an effect's text) into
sentences and turns each sentence it understands into rule objects from
:mod:`mtgcombat.rules.abilities`. Every sentence ends up either in
``understood`` (as a :class:`~mtgcombat.rules.abilities.Parsed`) or, verbatim,
in ``not_understood``: nothing is dropped silently.

How it works:

* Reminder text (parentheses) is removed first: it has no rules meaning (207.2).
* Lines are split into sentences, respecting quotes, braces and card names.
* Each sentence goes through a small word lexer (this module): the card's name,
  "CARDNAME" and "this creature" become SELF, keywords, colours, numbers and the
  literal phrases of ``oracle.lark`` become tokens. A sentence with a word the
  grammar does not know is rejected right there, so the LALR parser only sees
  candidate sentences -- that is what keeps the whole corpus fast.
* The LALR parser (built once, lazily) is fed interactively: at each word the
  longest literal phrase that the parser state accepts is taken. The tree is
  turned into rule objects by :class:`_OracleTransformer`; each method cites its rule.
* A keyword line with an unknown item ("Flying, ward {2}") is read item by item.

References: 702 (keywords), 508.1c-d (attack restrictions and requirements),
509.1b-c (block restrictions and requirements), 508.1d/509.1d (costs),
510.1 (combat damage), 613.1f (abilities granted), 115 (targets).
"""

from __future__ import annotations

from .lexer import GRAMMAR_PATH
from .reader import read_text
from .sentences import split_sentences

__all__ = ["read_text", "split_sentences", "GRAMMAR_PATH"]
