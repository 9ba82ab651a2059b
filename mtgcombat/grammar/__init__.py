"""Text grammars (lark): the scenario language and Oracle text."""
