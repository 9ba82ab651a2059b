"""Deutsche Vorlagen: Lektionen (das Korpus der Regelfälle als Lehrmaterial, die
Lektionen des Web-Labors und ``mtgcombat corpus --list``). Die Namen der Segmente sind
die des Glossars (die deutschen Comprehensive Rules)."""

from __future__ import annotations

from .glossary import KEYWORDS, STEPS

#: Themen der Lektionen (mtgcombat.corpus.TOPICS).
TOPICS = {
    "attacking": "Angreifer deklarieren",
    "blocking": "Blocker deklarieren",
    "requirements": "Forderungen und Einschränkungen",
    "damage": "Kampfschaden",
    "first-strike": f"{KEYWORDS['first strike']} und {KEYWORDS['double strike']}",
    "trample": KEYWORDS["trample"],
    "evasion": (f"Ausweichen: {KEYWORDS['flying']}, {KEYWORDS['menace']}, "
                f"{KEYWORDS['landwalk']} und mehr"),
    "protection": KEYWORDS["protection"],
    "deathtouch": ", ".join(KEYWORDS[k] for k in ("deathtouch", "lifelink", "infect", "wither")),
    "other-keywords": "Weitere Schlüsselwörter: " + ", ".join(
        KEYWORDS[k] for k in ("defender", "haste", "flanking", "exalted")) + " ...",
    "banding": KEYWORDS["banding"],
    "costs": "Kosten für Angriff und Block, kumulative Versorgung",
    "goad": "Anstacheln",
    "walkers-battles": "Planeswalker und Kämpfe",
    "multiplayer": "Mehrspieler und Zwei-Köpfiger Riese",
    "state-based": "Zustandsbasierte Aktionen: wer stirbt, wer verliert",
    "order": "Schadenszuweisungsreihenfolge: die Regeln von 2024 und heute",
    "card-text": "Kartentext: Effekte, Bedingungen, Modi",
    "other": "Weitere Fälle",
}

#: Abschnitte der Comprehensive Rules, die die Fälle zitieren.
SECTIONS = {
    "105": "Farben", "107": "Zahlen und Symbole", "111": "Spielsteine", "115": "Ziele",
    "205": "Typzeile", "207": "Textfeld", "301": "Artefakte", "500": "Zugstruktur",
    "104": "Spielende", "109": "Objekte", "118": "Kosten", "119": "Lebenspunkte",
    "120": "Schaden", "201": "Name", "302": "Kreaturen", "303": "Verzauberungen",
    "306": "Planeswalker", "310": "Kämpfe", "506": "Kampfphase",
    "508": STEPS["declare attackers"], "509": STEPS["declare blockers"],
    "510": STEPS["combat damage"], "511": STEPS["end of combat"],
    "601": "Zauberspruch wirken", "603": "Ausgelöste Fähigkeiten", "609": "Effekte",
    "611": "Statische Effekte", "613": "Zusammenwirken statischer Effekte",
    "615": "Verhinderungseffekte", "700": "Allgemeines", "701": "Schlüsselwortaktionen",
    "702": "Schlüsselwortfähigkeiten", "704": "Zustandsbasierte Aktionen",
    "711": "Stufenaufstieg-Karten", "722": "Der Monarch", "725": "Der Monarch",
    "802": "Option: Mehrere Spieler angreifen", "805": "Option: Gemeinsame Teamzüge",
    "806": "Jeder gegen jeden", "808": "Team gegen Team", "810": "Zwei-Köpfiger Riese",
}

#: Was jede Art von Fall fragt.
QUESTIONS = {
    "attacks": "Welche Angriffsdeklarationen sind erlaubt?",
    "blocks": "Welche Blockdeklarationen sind erlaubt?",
    "check-attacks": "Ist diese Angriffsdeklaration erlaubt?",
    "check-blocks": "Ist diese Blockdeklaration erlaubt?",
    "damage": "Wie kann der Kampfschaden zugewiesen werden, und was ist am besten?",
    "check-damage": "Ist diese Kampfschadenszuweisung erlaubt?",
    "combat": "Was geschieht in diesem Kampf?",
    "turn": "Welche Segmente des Zuges finden statt?",
    "best-blocks": "Welche Blocks sind die besten?",
    "best-attacks": "Welche Angriffe sind die besten?",
    "upkeep": "Wie kann die kumulative Versorgung bezahlt werden?",
}

T: dict = {
    "lesson.topic": lambda r, w: TOPICS.get(r["topic"], r["topic"]),
    "lesson.section": lambda r, w: SECTIONS.get(r["section"], r["section"]),
    "lesson.question": lambda r, w: QUESTIONS.get(r["question"], r["question"]),
    "lesson.col": lambda r, w: {"case": "Fall", "title": "Titel", "question": "Frage",
                                "rules": "Regeln", "topics": "Themen"}[r["col"]],
    "lesson.list_head": lambda r, w: (
        f"{r['n']} {'Lektion' if r['n'] == 1 else 'Lektionen'}: 'mtgcombat explain "
        "FALL.case' erklärt eine"),
}
