"""``python -m mtgcombat`` runs the program (:mod:`mtgcombat.main`)."""
import sys

from .main import main

sys.exit(main())
