"""English templates: lessons (the corpus of rules cases as teaching material, the web
lab's lessons and ``mtgcombat corpus --list``)."""

from __future__ import annotations

#: Topics of the lessons (mtgcombat.corpus.TOPICS).
TOPICS = {
    "attacking": "Declaring attackers",
    "blocking": "Declaring blockers",
    "requirements": "Requirements and restrictions",
    "damage": "Combat damage",
    "first-strike": "First strike and double strike",
    "trample": "Trample",
    "evasion": "Evasion: flying, menace, landwalk and more",
    "protection": "Protection",
    "deathtouch": "Deathtouch, lifelink, infect, wither",
    "other-keywords": "Other keywords: defender, haste, flanking, exalted ...",
    "banding": "Banding",
    "costs": "Costs to attack and block, cumulative upkeep",
    "goad": "Goad",
    "walkers-battles": "Planeswalkers and battles",
    "multiplayer": "Multiplayer and Two-Headed Giant",
    "state-based": "State-based actions: who dies, who loses",
    "order": "Damage assignment order: the 2024 rules and now",
    "card-text": "Card text: effects, conditions, modes",
    "other": "Other cases",
}

#: Sections of the Comprehensive Rules the cases cite (their headings, in our words).
SECTIONS = {
    "105": "Colors", "107": "Numbers and symbols", "111": "Tokens", "115": "Targets",
    "205": "Type line", "207": "Text box", "301": "Artifacts", "500": "Turn structure",
    "104": "Ending the game", "109": "Objects", "118": "Costs", "119": "Life",
    "120": "Damage", "201": "Name", "302": "Creatures", "303": "Enchantments",
    "306": "Planeswalkers", "310": "Battles", "506": "Combat phase",
    "508": "Declare attackers step", "509": "Declare blockers step",
    "510": "Combat damage step", "511": "End of combat step", "601": "Casting spells",
    "603": "Triggered abilities", "609": "Effects", "611": "Continuous effects",
    "613": "Interaction of continuous effects", "615": "Prevention effects",
    "700": "General", "701": "Keyword actions", "702": "Keyword abilities",
    "704": "State-based actions", "711": "Leveler cards", "722": "The monarch",
    "725": "The monarch", "802": "Attack multiple players option",
    "805": "Shared team turns option", "806": "Free-for-all", "808": "Team vs. team",
    "810": "Two-Headed Giant",
}

#: What each kind of case asks, as a question.
QUESTIONS = {
    "attacks": "Which attack declarations are legal?",
    "blocks": "Which block declarations are legal?",
    "check-attacks": "Is this attack declaration legal?",
    "check-blocks": "Is this block declaration legal?",
    "damage": "How can combat damage be assigned, and what is best?",
    "check-damage": "Is this combat damage assignment legal?",
    "combat": "What happens in this combat?",
    "turn": "Which steps of the turn happen?",
    "best-blocks": "What are the best blocks?",
    "best-attacks": "What are the best attacks?",
    "upkeep": "How can the cumulative upkeep be paid?",
}

T: dict = {
    "lesson.topic": lambda r, w: TOPICS.get(r["topic"], r["topic"]),
    "lesson.section": lambda r, w: SECTIONS.get(r["section"], r["section"]),
    "lesson.question": lambda r, w: QUESTIONS.get(r["question"], r["question"]),
    "lesson.col": lambda r, w: {"case": "case", "title": "title", "question": "question",
                                "rules": "rules", "topics": "topics"}[r["col"]],
    "lesson.list_head": lambda r, w: (
        f"{r['n']} lesson{'' if r['n'] == 1 else 's'}: 'mtgcombat explain CASE.case' explains "
        "one"),
}
