"""The questions layer: one module per question family.

Each module asks the rules (:mod:`mtgcombat.rules`) and the solvers
(:mod:`mtgcombat.solver`) one kind of question about a board and returns a typed
answer (a dataclass) holding data only -- verdicts, declarations, reasons -- with
one ``to_json(writer)`` that gives the spec's ``--json`` shape, the ``message``
strings written by a :class:`mtgcombat.text.Writer`. The command line, ``explain``,
the corpus runner and the web page use only these answers; :class:`mtgcombat.Board`
is a facade with one public method per question.
"""
