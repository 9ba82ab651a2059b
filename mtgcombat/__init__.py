"""mtgcombat: exact answers to Magic: The Gathering combat questions.

The Comprehensive Rules are encoded as constraints (``mtgcombat.rules``) and
handed to real solvers (``mtgcombat.solver``); card abilities are read from
their Oracle text (``mtgcombat.grammar``); each question has a module in
``mtgcombat.questions`` answering with typed data, and ``mtgcombat.text`` words
it in English or German. :class:`Board` is the facade: one method per question.

>>> from mtgcombat import Board
>>> board = Board.load("corpus/boards/brigand.json")  # doctest: +SKIP
"""

__version__ = "0.2.0"

from . import classcode as _classcode  # noqa: E402,F401  (compiled dataclass methods)
from . import text as _text  # noqa: E402,F401  (installs the words)
from .board import Board, IllegalDeclarationError, LegalDeclarations  # noqa: E402
from .notation import Assignment, Declaration  # noqa: E402
from .rules.model import BoardError  # noqa: E402
from .solver.base import SolverTimeout as TimeLimitError  # noqa: E402

__all__ = [
    "Assignment", "Board", "BoardError", "Declaration", "IllegalDeclarationError",
    "LegalDeclarations", "TimeLimitError", "__version__",
]
