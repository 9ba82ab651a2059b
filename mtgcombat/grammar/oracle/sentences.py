"""Splitting a card's text into sentences; the card's own names."""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable, Optional



# ---------------------------------------------------------------------------
# Splitting text into sentences
# ---------------------------------------------------------------------------

_REMINDER = re.compile(r"\([^()]*\)")


def strip_reminder(line: str) -> str:
    prev = None
    while prev != line:
        prev = line
        line = _REMINDER.sub("", line)
    return re.sub(r"[ \t]{2,}", " ", line).strip()


def _protected_spans(line: str, names: list[str]) -> list[tuple[int, int]]:
    spans = []
    for nm in names:
        for m in re.finditer(re.escape(nm), line):
            spans.append((m.start(), m.end()))
    return spans


def split_sentences(line: str, names: Iterable[str] = ()) -> list[str]:
    """Split one line (reminder text already removed) into sentences.

    A sentence ends at "." followed by a space or the end, outside quotes, braces
    and parentheses, and outside the card's own name ("Mr. Orfeo"). A quoted
    ability that ends with '."' ends the sentence too."""
    spans = _protected_spans(line, [n for n in names if "." in n])
    out: list[str] = []
    start = 0
    quote = False
    depth = 0  # parentheses and braces
    n = len(line)
    i = 0
    while i < n:
        ch = line[i]
        if ch in "\"\u201c\u201d":
            if ch == "\u201c":
                quote = True
            elif ch == "\u201d":
                quote = False
            else:
                quote = not quote
            if not quote and i > 0 and line[i - 1] in ".!?" and (i + 1 == n or line[i + 1].isspace()):
                out.append(line[start:i + 1].strip())
                start = i + 1
        elif ch in "({":
            depth += 1
        elif ch in ")}":
            depth = max(0, depth - 1)
        elif ch in ".!?" and not quote and depth == 0 and (i + 1 == n or line[i + 1].isspace()):
            if not any(a <= i < b for a, b in spans):
                out.append(line[start:i + 1].strip())
                start = i + 1
        i += 1
    rest = line[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]


def name_variants(name: Optional[str]) -> list[str]:
    if not name:
        return []
    names = {name.strip()}
    base = name.strip()
    if base.startswith("A-"):  # Alchemy rebalanced cards
        base = base[2:]
        names.add(base)
    # 201.5c: a shortened name means the card's full name.
    if ", " in base:
        names.add(base.split(", ")[0])  # "Gideon, Ally of Zendikar" -> "Gideon"
    elif re.match(r"^[A-Z][\w'\u2019-]+ the ", base):
        names.add(base.split(" the ")[0])  # "Gorm the Great" -> "Gorm"
    return sorted((n for n in names if n), key=len, reverse=True)


_FORGE_SELF = re.compile(r"\b(?:CARDNAME|NICKNAME)\b")


def _fold_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def replace_names(sentence: str, names: list[str]) -> str:
    """The card's own name (longest variant first) becomes "~", as a whole word."""
    for nm in names:
        if nm not in sentence and not sentence.isascii():
            # "Dandân" in the text of the card named "Dandan": compare without accents.
            folded = _fold_accents(sentence)
            if nm in folded and len(folded) == len(sentence):
                sentence = folded
        if nm not in sentence:
            continue
        parts = []
        pos = 0
        while True:
            j = sentence.find(nm, pos)
            if j < 0:
                break
            end = j + len(nm)
            before = sentence[j - 1] if j > 0 else " "
            after = sentence[end] if end < len(sentence) else " "
            # "Tuktuk the Returned" in the text of Tuktuk the Explorer is another card's
            # name, not the shortened name (201.5c): a name never continues "the X".
            another = re.match(r" the [A-Z]", sentence[end:end + 6]) is not None
            if before.isalnum() or before == "_" or after.isalnum() or after == "_" or another:
                parts.append(sentence[pos:end])
            else:
                parts.append(sentence[pos:j] + "~")
            pos = end
        parts.append(sentence[pos:])
        sentence = "".join(parts)
    if "NAME" in sentence:
        sentence = _FORGE_SELF.sub("~", sentence)
    return sentence.replace("\u2019", "'")


