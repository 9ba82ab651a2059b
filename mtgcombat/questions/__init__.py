"""The questions layer: one module per question family.

Each module asks the rules (:mod:`mtgcombat.rules`) and the solvers
(:mod:`mtgcombat.solver`) one kind of question about a board and returns a typed
answer (a dataclass) holding data only -- verdicts, declarations, reasons -- with
one ``to_json(writer)`` that gives the spec's ``--json`` shape, the ``message``
strings written by a :class:`mtgcombat.text.Writer`. The command line, ``explain``,
the corpus runner and the web page use only these answers; :class:`mtgcombat.Board`
is a facade with one public method per question.
"""


class JsonView:
    """Read access to a typed answer as to its ``--json`` answer in English:
    ``board.damage()["best"]["Alice"]["destroyed"]``. Mixed into the answers; the
    typed attributes are the API, this is a convenience for quick looks."""

    def to_json(self, w):  # pragma: no cover - every answer defines it
        raise NotImplementedError

    def _english_json(self) -> dict:
        hit = self.__dict__.get("_c_json")
        if hit is None:
            from ..text import Writer

            board = getattr(self, "board", None)
            if board is None and hasattr(self, "step"):
                board = self.step.board  # type: ignore[attr-defined]
            hit = self.to_json(Writer.for_board(board))
            self.__dict__["_c_json"] = hit
        return hit

    def __getitem__(self, key: str):
        return self._english_json()[key]

    def get(self, key: str, default=None):
        return self._english_json().get(key, default)

    def keys(self):
        return self._english_json().keys()
