"""The corpus as lessons (issue 27.13): the cases by rule and by topic, in English and
German, each with its question, the rules it turns on, its explanation and the requests
that ask and explain it; the web lab's calls ``GET /api/cases`` and ``GET /api/cases/ID``.
The page itself is tested in Chromium (tests/test_browser.py)."""

from __future__ import annotations

import json
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest

from mtgcombat.ask import ask_request
from mtgcombat.corpus import (
    TOPICS, CaseError, case_request, case_topics, default_cases_dir, lesson, lesson_index,
    lessons_request, load_cases, parse_case, under,
)

CASES = load_cases(default_cases_dir())
BY_ID = {c.id: c for c in CASES}


def test_a_rule_covers_its_subrules_only():
    assert under("508.1c", "508") and under("510.4a", "510.4") and under("702.19b", "702.19")
    assert not under("702.19b", "702.1") and not under("5081", "508")
    assert under("509.1c", "509.1c") and not under("509.1", "509.1c")


def test_every_case_is_a_lesson_in_a_topic():
    index = lesson_index(CASES, "en")
    assert index["count"] == len(CASES) >= 200
    in_topics = {cid for t in index["topics"] for cid in t["cases"]}
    assert in_topics == {c.id for c in CASES}
    codes = [t["topic"] for t in index["topics"]]
    assert codes[:3] == ["attacking", "blocking", "requirements"]
    assert set(codes) <= {c for c, _ in TOPICS} | {"other"}


def test_lessons_by_rule_508_1c_509_1c_702_19b():
    index = lesson_index(CASES, "en")
    rules = {r["rule"]: r["cases"] for s in index["sections"] for r in s["rules"]}
    for rule in ("508.1c", "509.1c", "702.19b"):
        assert rules[rule], rule
        for cid in rules[rule]:
            assert any(rule in BY_ID[cid].cited_rules(ed) for ed in BY_ID[cid].editions)
    sections = [s["section"] for s in index["sections"]]
    assert sections == sorted(sections, key=int)
    assert "CR-509.1c-1" in rules["509.1c"]


def test_lessons_by_topic_hold_the_cases_of_their_rules():
    trample = next(t for t in lesson_index(CASES, "en")["topics"] if t["topic"] == "trample")
    assert trample["name"] == "Trample"
    assert trample["cases"] and all(
        any(under(r, "702.19") for ed in BY_ID[c].editions for r in BY_ID[c].cited_rules(ed))
        for c in trample["cases"])
    assert "trample" in case_topics(BY_ID["CR-702.19b-1"])


def test_lessons_are_in_english_and_german():
    de = lesson_index(CASES, "de")
    names = {t["topic"]: t["name"] for t in de["topics"]}
    assert names["trample"] == "Trampelschaden" and names["blocking"] == "Blocker deklarieren"
    sections = {s["section"]: s["name"] for s in de["sections"]}
    assert sections["509"] == "Blocker-deklarieren-Segment"
    one = lesson(BY_ID["CR-509.1c-1"], "de")
    assert one["asks"] == "Welche Blockdeklarationen sind erlaubt?"
    assert lesson(BY_ID["CR-509.1c-1"], "en")["asks"] == "Which block declarations are legal?"


def test_every_case_has_its_title_in_german_with_the_glossarys_words():
    """Issue 27.13: the lessons in German -- each case's title is given in German
    (``title[de]``), and a keyword its English title names is named as the German
    glossary names it (mtgcombat/text/de/glossary.py: Trampelschaden, Irrealität ...)."""
    import re

    from mtgcombat.text.de.glossary import KEYWORDS

    missing = [c.id for c in CASES if not c.translations.get(("title", "de"), "").strip()]
    assert not missing, (f"cases without a German title: {missing} -- give each a line "
                         "`title[de]: ...` (docs/corpus-format.md)")
    same = [c.id for c in CASES if c.translations[("title", "de")] == c.title]
    assert len(same) <= 3, same  # a card name alone may read the same
    unnamed = []
    for c in CASES:
        de = c.translations[("title", "de")].lower()
        for en, word in KEYWORDS.items():
            if re.search(rf"\b{re.escape(en)}\b", c.title, re.I) and word.lower()[:8] not in de:
                unnamed.append((c.id, en, word))
    assert not unnamed, unnamed
    assert lesson(BY_ID["CR-702.19b-1"], "de")["title"].startswith("Trampelschaden")
    index = lesson_index(CASES, "de")
    assert all(c["title"] == BY_ID[c["id"]].translations[("title", "de")]
               for c in index["cases"])


def test_the_rules_own_examples_are_explained_in_german():
    # the cases taken from the Comprehensive Rules' examples (CR-*) give their
    # explanation in German too; the lesson says which language the explanation is in
    cr = [c for c in CASES if c.id.startswith("CR-")]
    assert len(cr) >= 25
    assert all(c.translations.get(("explanation", "de")) for c in cr), \
        [c.id for c in cr if not c.translations.get(("explanation", "de"))]
    one = lesson(BY_ID["CR-509.1c-1"], "de")
    assert one["explanation_lang"] == "de" and one["explanation"].startswith("Bedrohlich")
    assert lesson(BY_ID["CR-509.1c-1"], "en")["explanation"].startswith("Menace")


def test_a_lesson_asks_and_explains_its_case_as_the_corpus_runs_it():
    case = BY_ID["CR-509.1c-1"]
    one = lesson(case, "en")
    assert one["rules"] == ["509.1b", "509.1c", "702.111b"] and one["link"] == "#case=CR-509.1c-1"
    assert one["board"] == case.board_text and one["explanation"] == case.explanation
    reply = ask_request({"board": one["board"], "args": one["ask"]["args"]}, one["ask"]["question"])
    decls = [d["declaration"] for d in reply.json()["declarations"]]
    assert decls == case.expected("current")["expect-declarations"]
    story = ask_request({"board": one["board"], "args": one["explain"]["args"] + ["--lang", "de"]},
                        one["explain"]["question"])
    assert "509.1c" in story.text()


@pytest.mark.parametrize("question", ["check-attacks", "check-blocks", "check-damage", "combat",
                                      "best-blocks", "upkeep", "turn", "damage"])
def test_every_kind_of_case_can_be_asked_and_explained_in_the_lab(question):
    case = next(c for c in CASES if c.question == question)
    for explain in (False, True):
        name, args = case_request(case, explain)
        reply = ask_request({"board": case.board_text, "args": args}, name)
        assert reply.text().strip(), (case.id, name, args)


def test_a_case_may_give_its_title_and_explanation_in_german(tmp_path):
    import re

    text = BY_ID["CR-509.1c-1"].path.read_text(encoding="utf-8")
    # (the case's own German title and explanation taken out: given again below)
    text = re.sub(r"^(title|explanation)\[de\]: .*\n(  .*\n)*", "", text, flags=re.M)
    text = text.replace("question: blocks", "title[de]: Bedrohlich gegen eine Blockforderung\n"
                        "explanation[de]: Beide Kreaturen müssen blocken.\nquestion: blocks")
    path = tmp_path / "cr-509.1c-1.case"
    path.write_text(text, encoding="utf-8")
    case = parse_case(path)
    assert lesson(case, "de")["title"] == "Bedrohlich gegen eine Blockforderung"
    assert lesson(case, "de")["explanation_lang"] == "de"
    assert lesson(case, "en")["title"] == case.title
    with pytest.raises(CaseError, match="language must be one of de"):
        parse_case(path, text.replace("title[de]", "title[fr]"))


def test_lessons_request_answers_the_web_labs_calls():
    status, index = lessons_request("/api/cases", "lang=de")
    assert status == 200 and index["lang"] == "de" and index["count"] == len(CASES)
    status, one = lessons_request("/api/cases/cr-509.1c-1", "lang=en")
    assert status == 200 and one["id"] == "CR-509.1c-1"
    assert lessons_request("/api/cases/NOPE", "")[0] == 404
    assert lessons_request("/api/cases", "lang=xx")[0] == 400


def test_the_web_lab_serves_the_lessons():
    from mtgcombat.web import start

    server, url = start("127.0.0.1", 0, workers=None)
    try:
        with urlopen(url + "/api/cases?lang=de") as r:
            data = json.loads(r.read())
        assert data["count"] == len(CASES)
        with urlopen(url + "/api/cases/CR-702.19b-1") as r:
            assert json.loads(r.read())["id"] == "CR-702.19b-1"
        with pytest.raises(HTTPError) as e:
            urlopen(url + "/api/cases/nothing-here")
        assert e.value.code == 404
    finally:
        server.shutdown()


def test_german_explanations_name_keywords_with_the_glossarys_words():
    """The German explanations of the cases name a keyword ability as the German rules
    do (one table: mtgcombat/text/de/glossary.py, e.g. decayed "Verwest" (702.147a),
    provoke "Provozieren" (702.39a)) wherever the English explanation names it: as a
    keyword ("Decayed includes ...") or as an ability a creature has or lacks."""
    import re

    from mtgcombat.text.de.glossary import KEYWORDS

    unnamed = []
    for c in CASES:
        de = c.translations.get(("explanation", "de"))
        if not de:
            continue
        for en, word in KEYWORDS.items():
            named = re.search(rf"\b{re.escape(en.capitalize())}\b", c.explanation or "") or \
                re.search(rf"\b(?:has|have|had|with|without|gains?|loses?) {re.escape(en)}\b",
                          c.explanation or "")
            if named and word.lower()[:8] not in de.lower():
                unnamed.append((c.id, en, word))
    assert not unnamed, unnamed
    assert "Verwest" in BY_ID["STA-15"].translations[("explanation", "de")]
    assert "Provozieren" in BY_ID["STA-16"].translations[("explanation", "de")]


def test_the_german_lesson_topics_name_keywords_from_the_glossary():
    """One keyword table feeds the German keyword names: the topics of the lessons use
    the glossary's words (mtgcombat/text/de/glossary.py)."""
    from mtgcombat.text.de.glossary import KEYWORDS
    from mtgcombat.text.de.lessons import TOPICS

    assert TOPICS["trample"] == KEYWORDS["trample"]
    assert TOPICS["banding"] == KEYWORDS["banding"]
    for kw in ("flying", "menace", "landwalk"):
        assert KEYWORDS[kw] in TOPICS["evasion"]
    for kw in ("deathtouch", "lifelink", "infect", "wither"):
        assert KEYWORDS[kw] in TOPICS["deathtouch"]
