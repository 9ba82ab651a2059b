"""mtgcombat: exact answers to Magic: The Gathering combat questions.

The Comprehensive Rules are encoded as constraints (``mtgcombat.rules``) and
handed to real solvers (``mtgcombat.solver``); card abilities are read from
their Oracle text (``mtgcombat.grammar``).
"""

__version__ = "0.1.0"

from . import text as _text  # noqa: E402,F401  (installs the words)
from .board import Board, IllegalDeclarationError, LegalDeclarations  # noqa: E402
from .rules.model import BoardError  # noqa: E402

__all__ = ["Board", "BoardError", "IllegalDeclarationError", "LegalDeclarations", "__version__"]
