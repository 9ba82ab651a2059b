"""mtgcombat: exact answers to Magic: The Gathering combat questions."""
__version__ = "0.1.0"
