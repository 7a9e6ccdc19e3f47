"""The rule texts in every language (issue 16): options, base rules, "Can I ...?" answers,
the summary and the search's table words are marked where they are written, evaluated in the
request's language (nothing frozen in English at import), with their placeholders filled and
their counts said with the language's plural forms.

The languages are the site's (settings.LANGUAGES) and those being translated
(settings.ALL_LANGUAGES when defined): the tests grow as translators add catalogues.
"""

import itertools
import re
import struct

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation
from django.utils.functional import Promise

from domain import options as opts
from domain import reference
from rulesets import search, table_words
from rulesets.presets import PRESETS
from tests.rulesets.option_sets import option_sets, sample_values


def _languages() -> list[str]:
    if not settings.USE_I18N:  # before the site is translated: English only
        return [settings.LANGUAGE_CODE]
    codes = [code for code, _name in settings.LANGUAGES]
    codes += [code for code, _name in getattr(settings, "ALL_LANGUAGES", ())]
    return list(dict.fromkeys(codes))


LANGUAGES = _languages()


# Every preset, every pair of two options' values together, and forty random sets (seeded).
OPTION_SETS = option_sets(random_sets=40, seed=1616)


def test_the_option_sets_hold_every_pair_of_values():
    values = {o.key: set(map(repr, sample_values(o))) for o in opts.OPTIONS}
    for a, b in itertools.combinations(values, 2):
        seen = {(repr(s[a]), repr(s[b])) for s in OPTION_SETS}
        assert seen >= set(itertools.product(values[a], values[b])), (a, b)


# A count said with the wrong plural form, per language (the words are the catalogues'):
# English "1 cards" or "4 card"; French and Brazilian Portuguese take the singular for 0 too.
WRONG_COUNTS = {
    "en": r"\b1 (?:cards|points|rounds)\b|\b(?:0|[2-9]|\d{2,}) (?:card|point|round)\b",
    "es": r"\b1 (?:cartas|puntos|rondas)\b|\b(?:0|[2-9]|\d{2,}) (?:carta|punto|ronda)\b",
    "fr": r"\b[01] (?:cartes|points|manches)\b|\b(?:[2-9]|\d{2,}) (?:carte|point|manche)\b",
    "de": r"\b1 (?:Karten|Punkte|Runden)\b|\b(?:0|[2-9]|\d{2,}) (?:Karte|Punkt|Runde)\b",
    "pt-br": r"\b[01] (?:cartas|pontos|rodadas)\b|\b(?:[2-9]|\d{2,}) (?:carta|ponto|rodada)\b",
}
PLACEHOLDER = re.compile(r"%\(\w+\)|%[sd]|\{\w*\}")


def reference_texts(ref: reference.Reference) -> list[str]:
    texts = [ref.summary, ref.summary_lead, ref.summary_names]
    for section in ref.sections:
        texts.append(section.title)
        for rule in section.rules:
            texts += [rule.text, rule.name, rule.official_text, rule.difference]
    for answer in ref.answers:
        texts += [answer.question, answer.verdict_text, answer.text]
        texts += [name for _id, name in answer.links]
    for value in ref.card_values:
        texts += [value.card, value.points, value.official]
    return texts


def assert_said(text, where):
    assert isinstance(text, str) and not isinstance(text, Promise), (where, text)
    assert not PLACEHOLDER.search(text), (where, text)
    assert not re.search(r"\b(?:True|False)\b", text), (where, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_of_every_reference_is_said_in_each_language(language):
    # The plural words are checked in the listed languages (complete catalogues): one being
    # translated still says some texts in English, with English plural rules.
    listed = language in dict(settings.LANGUAGES)
    wrong_count = WRONG_COUNTS.get(language) if listed else None
    said = {}  # each distinct text (of its type) once, with the first options that said it
    with translation.override(language):
        for options in OPTION_SETS:
            ref = reference.build(options, ("Our own rule.",))
            for text in reference_texts(ref):
                said.setdefault((type(text), text), options)
            for answer in ref.answers:
                assert answer.text.strip() and answer.question.strip(), answer
                assert (answer.verdict_text != "") is (answer.verdict != ""), answer
            for change in opts.diff(opts.official(), options):
                said.setdefault((type(change), str(change)), change)
    assert len(said) > 1000  # the texts of some hundred rule sets
    for (_type, text), where in said.items():
        assert_said(text, where)
        if wrong_count:
            assert not re.search(wrong_count, text), (text, where)


def _every_value_that_can_read_differently(option) -> list:
    """A choice's values; a number's first two hundred (the plural rules of any language
    depend on at most its last two digits), then every fiftieth and the largest: the target
    score's 4,951 values, five times over, took some six seconds."""
    values = list(option.values())
    if len(values) <= 250:
        return values
    return values[:200] + values[200::50] + [values[-1]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_option_value_has_its_words_and_its_rule_in_each_language(language):
    with translation.override(language):
        for option in opts.OPTIONS:
            for text in (option.label, option.help):
                assert str(text).strip(), option.key
            if option.when:
                assert str(option.when_note).strip(), option.key
            for value in _every_value_that_can_read_differently(option):
                words = option.words(value)
                assert_said(words, (option.key, value))
                assert_said(option.difference(value), (option.key, value))
                if option.kind == opts.INT and not (value == 0 and option.zero_words):
                    assert re.search(rf"\b{value}\b", words), (option.key, value, words)
            if option.kind == opts.INT:
                assert_said(option.units, option.key)
                assert option.words_one.count("%(n)s") == 1, option.key
                assert option.words_many.count("%(n)s") == 1, option.key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_number_in_a_rule_text_is_the_options_value(language):
    """A translation that drops its %(n)s would silently say no number at all."""
    with translation.override(language):
        for option in (o for o in opts.OPTIONS if o.kind == opts.INT):
            for options in OPTION_SETS[:60]:
                for value in {option.minimum, 1, 2, option.official, option.maximum}:
                    if not option.minimum <= value <= option.maximum:
                        continue
                    text = option.text(value, {**options, option.key: value})
                    assert_said(text, (option.key, value))
                    if value == 0 and "zero" in option.texts:
                        assert not re.search(r"\b0\b", text), text
                    else:
                        assert re.search(rf"\b{value}\b", text), (option.key, value, text)


def test_the_tables_hold_lazy_texts_so_nothing_is_frozen_at_import():
    """Everything built at import is a lazy text, evaluated in each request's language."""
    lazy = []
    for option in opts.OPTIONS:
        lazy += [option.label, option.help, *option.choices.values(), *option.texts.values()]
        lazy += [text for texts in option.variants.values() for text in texts.values()]
        lazy += [option.when_note] if option.when else []
        lazy += [option.zero_words] if option.zero_words else []
        if option.kind == opts.INT:
            lazy += [option.unit.count, option.unit.name]
    lazy += [title for _key, title in opts.GROUPS]
    lazy += [title for _key, title, _items in reference.SECTIONS]
    lazy += [base.title for base in reference.BASE_RULES]
    lazy += [question.question for question in reference.QUESTIONS]
    lazy += list(reference.CARD_NAMES)
    frozen = [text for text in lazy if not isinstance(text, Promise)]
    assert frozen == []


def test_every_count_in_the_option_tables_is_one_plural_text():
    """An int option's rule is one ngettext text (the "n" entry): its one and its other form
    differ, so each language's plural rules choose between its own forms."""
    for option in (o for o in opts.OPTIONS if o.kind == opts.INT):
        for texts in (option.texts, *option.variants.values()):
            own = set(texts) - {"n", "zero"}  # numbers with words of their own (4: "the four")
            assert own <= set(option.values()), option.key
            assert all("%(n)s" not in str(texts[n]) for n in own), option.key
            assert texts["n"] % {"n": 1} != (texts["n"] % {"n": 2}).replace("2", "1", 1)
        assert option.unit.words(1) != option.unit.words(2).replace("2", "1", 1), option.key


def test_card_names_in_the_answers_come_from_whole_sentences():
    """No sentence is glued from a card name: each answer about a Draw Two or a Wild Draw
    Four is its own text."""
    stacking = {**opts.official(), "draw_card_skips_turn": False}
    ref = reference.build(stacking)
    assert ref.answer("stack_d2_on_d2").text == "You draw two cards, then take your turn."
    assert ref.answer("stack_wd4_on_wd4").text == (
        "You draw four cards unless you challenge it and win; either way, you then take your turn."
    )


# --- A made-up catalogue: the texts really follow the active language ----------------


def _mo(catalogue: dict[str, str], plural_forms: str) -> bytes:
    """A compiled gettext catalogue (the GNU .mo format), for a test language."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural_forms}\n"
    entries = sorted({"": header, **catalogue}.items())
    ids = b"".join(k.encode() + b"\0" for k, _v in entries)
    strs = b"".join(v.encode() + b"\0" for _k, v in entries)
    count = len(entries)
    start = 7 * 4 + count * 16
    id_table, str_table = [], []
    for table, texts, base in (
        (id_table, [k for k, _ in entries], start),
        (str_table, [v for _, v in entries], start + len(ids)),
    ):
        offset = 0
        for text in texts:
            table += [len(text.encode()), base + offset]
            offset += len(text.encode()) + 1
    head = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + count * 8, 0, 0)
    return head + struct.pack(f"<{4 * count}I", *id_table, *str_table) + ids + strs


@pytest.fixture
def i18n():
    """Translation on, whatever the settings (Django picks its functions once: forget them)."""
    translation._trans.__dict__.clear()
    with override_settings(USE_I18N=True):
        yield
    translation._trans.__dict__.clear()


@pytest.fixture
def test_language(tmp_path, i18n):
    """French-like plural rules (0 and 1 take the singular) with a few rule texts translated."""
    catalogue = {
        "option label\x04UNO penalty": "PÉNALITÉ UNO",
        "option jump_in value\x04Allowed": "PERMIS",
        # An ngettext text: singular and plural joined by NUL, then the translated forms.
        "If another player catches you before the next player begins their turn, you draw "
        "%(n)s card; once that turn has begun, you are safe.\0"
        "If another player catches you before the next player begins their turn, you draw "
        "%(n)s cards; once that turn has begun, you are safe.": "PRIS : %(n)s CARTE.\0"
        "PRIS : %(n)s CARTES.",
        "answer verdict\x04Yes": "OUI",
        "Can I play out of turn?": "HORS TOUR ?",
    }
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.mo").write_bytes(_mo(catalogue, "nplurals=2; plural=(n > 1);"))
    with override_settings(LOCALE_PATHS=[tmp_path]):
        yield "fr"


def test_the_texts_follow_the_active_language(test_language):
    options = {**opts.official(), "uno_penalty": 1, "jump_in": True}
    with translation.override(test_language):
        ref = reference.build(options)
        assert opts.BY_KEY["uno_penalty"].difference(1).startswith("PÉNALITÉ UNO: ")
        assert opts.BY_KEY["jump_in"].words(True) == "PERMIS"
        assert ref.answer("uno_forget").text == "PRIS : 1 CARTE."
        assert ref.answer("jump_in").question == "HORS TOUR ?"
        assert ref.answer("jump_in").verdict_text == "OUI"
        assert opts.BY_KEY["challenge_guilty_draw"].words(2) == "2 cards"  # untranslated
    with translation.override("en"):
        ref = reference.build(options)
        assert ref.answer("uno_forget").text.endswith(
            "you draw 1 card; once that turn has begun, you are safe."
        )
        assert ref.answer("jump_in").verdict_text == "Yes"
    with translation.override(test_language):
        ten = reference.build({**options, "uno_penalty": 10})
        assert ten.answer("uno_forget").text == "PRIS : 10 CARTES."


# --- The search's table words ------------------------------------------------------


def test_each_language_searches_with_its_own_words_then_englishs(monkeypatch):
    monkeypatch.setitem(
        search.TABLE_WORDS,
        "es",
        search.TableWords(
            nicknames=table_words.patterns([(r"\bmas\s*(?:4|cuatro)\b", " wd4 ")]),
            stems={"challenge": ("desafio", "desafiar")},
        ),
    )
    assert search.table_words("es") == [search.TABLE_WORDS["es"], search.ENGLISH]
    assert search.table_words("es-ar")[0] is search.TABLE_WORDS["es"]
    assert search.table_words("xx") == [search.ENGLISH]  # a language without words
    assert search.tokens("más cuatro", language="es") == ["wd4"]
    assert search.tokens("desafío", language="es") == ["challenge"]
    assert search.tokens("+4 bluff", language="es") == ["wd4", "challenge"]
    assert search.tokens("más cuatro", language="en") == ["mas", "cuatro"]
    official = reference.build(opts.official())
    hits = search.search(official, "más cuatro", language="es").hits
    assert hits and hits[0].anchor == "q-stack_wd4_on_wd4"


def test_the_search_uses_the_requests_language_by_default(monkeypatch, i18n):
    seen = []
    real = search.table_words
    monkeypatch.setattr(
        search, "table_words", lambda language=None: seen.append(language) or real(language)
    )
    with translation.override("de"):
        search.search(reference.build(opts.official()), "+4")
    assert set(seen) == {"de"}


# What people type at a table in each language, and the answer it must find first. The
# reference is English's here (a language's words lead to the same tokens, and a missing
# translation falls back to English): with a translated reference the same words find the
# same answers, once the language's card names match its texts.
TYPED = [
    ("es", "roba cuatro", "stack_wd4_on_wd4"),
    ("es", "+2", "stack_d2_on_d2"),
    ("es", "me olvidé de decir uno", "uno_forget"),
    ("es", "quién reparte", "who_deals"),
    ("es", "¿puedo desafiar un comodín +4?", "wd4_challenge"),
    ("es", "se acabó el mazo", "draw_pile_empty"),
    ("es", "cambio de sentido con dos jugadores", "two_player_reverse"),
    ("fr", "super joker", "stack_wd4_on_wd4"),
    ("fr", "plus deux", "stack_d2_on_d2"),
    ("fr", "j'ai oublié de dire uno", "uno_forget"),
    ("fr", "qui distribue", "who_deals"),
    ("fr", "contester un +4", "wd4_challenge"),
    ("fr", "inversion à deux joueurs", "two_player_reverse"),
    ("de", "Zieh Vier", "stack_wd4_on_wd4"),
    ("de", "zieh 2", "stack_d2_on_d2"),
    ("de", "UNO vergessen", "uno_forget"),
    ("de", "wer gibt", "who_deals"),
    ("de", "+4 anzweifeln", "wd4_challenge"),
    ("de", "Stapel ist leer", "draw_pile_empty"),
    ("de", "Richtungswechsel zu zweit", "two_player_reverse"),
    ("pt-br", "mais quatro", "stack_wd4_on_wd4"),
    ("pt-br", "compre duas", "stack_d2_on_d2"),
    ("pt-br", "esqueci de falar uno", "uno_forget"),
    ("pt-br", "quem distribui", "who_deals"),
    ("pt-br", "desafiar coringa +4", "wd4_challenge"),
    ("pt-br", "o monte acabou", "draw_pile_empty"),
    ("pt-br", "inverter com dois jogadores", "two_player_reverse"),
]


@pytest.mark.parametrize(("language", "typed", "first"), TYPED, ids=[t for _l, t, _f in TYPED])
def test_each_languages_table_words_find_their_answer(language, typed, first):
    party = reference.build(PRESETS[3].options)  # every draw card stacks
    assert search.table_words(language)[0] is search.TABLE_WORDS[language]
    hits = search.search(party, typed, language=language).hits
    assert hits and hits[0].anchor == f"q-{first}", (typed, [h.anchor for h in hits])


@pytest.mark.parametrize("language", sorted(search.TABLE_WORDS))
def test_each_languages_words_lead_to_the_tokens_the_answers_use(language):
    """A stem or nickname leading to a token no text ever uses would find nothing."""
    known = {"wd4", "d2", "7", "0", "jump", "empty", "out", "players"}
    known |= set(search.ENGLISH.stems)
    words = search.TABLE_WORDS[language]
    assert set(words.stems) <= known
    assert {token.strip() for _p, token in (*words.card_names, *words.nicknames)} <= known | {"7 0"}
    assert not set(words.stem) & words.stop  # a stop word would be dropped before its stem


# --- Every text, translated: nothing is left in English, nothing is glued from English -----

MARKED_FILES = [  # globs, under the project's root
    "domain/options/*.py",
    "domain/reference/*.py",
    "rulesets/search.py",
    "rulesets/sharing.py",
    "rulesets/presets.py",
    "estimates/services.py",
]
SINGULAR = {"gettext", "gettext_lazy", "_"}
CONTEXT = {"pgettext", "pgettext_lazy"}
PLURAL = {"ngettext", "ngettext_lazy"}
CONTEXT_PLURAL = {"npgettext", "npgettext_lazy"}


def _marked_texts() -> dict[str, str]:
    """Every text marked in the domain files, as a catalogue's keys: what makemessages finds."""
    import ast
    from pathlib import Path

    found = {}
    paths = sorted(p for glob in MARKED_FILES for p in Path(settings.BASE_DIR).glob(glob))
    for path in paths:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            name = getattr(getattr(node, "func", None), "id", None)
            if not isinstance(node, ast.Call) or name is None:
                continue
            args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
            if name in SINGULAR and args and isinstance(args[0], str):
                found[args[0]] = None
            elif name in CONTEXT and len(args) >= 2 and None not in args[:2]:
                found[f"{args[0]}\x04{args[1]}"] = None
            elif name in PLURAL and len(args) >= 2 and None not in args[:2]:
                found[f"{args[0]}\x00{args[1]}"] = None
            elif name in CONTEXT_PLURAL and len(args) >= 3 and None not in args[:3]:
                found[f"{args[0]}\x04{args[1]}\x00{args[2]}"] = None
    return found


def _pseudo(text: str) -> str:
    """English letters as full-width ones (ｒｅａｄａｂｌｅ), placeholders kept."""
    parts = re.split(r"(%\(\w+\)s|%%)", text)
    wide = str.maketrans(
        {chr(c): chr(c + 0xFEE0) for c in [*range(0x41, 0x5B), *range(0x61, 0x7B)]}
    )
    return "".join(p if i % 2 else p.translate(wide) for i, p in enumerate(parts))


@pytest.fixture
def pseudo_language(tmp_path, i18n):
    catalogue = {}
    for key in _marked_texts():
        context, _, message = key.rpartition("\x04")
        catalogue[key] = "\x00".join(_pseudo(form) for form in message.split("\x00"))
    assert len(catalogue) > 400
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.mo").write_bytes(_mo(catalogue, "nplurals=2; plural=(n > 1);"))
    with override_settings(LOCALE_PATHS=[tmp_path]):
        yield "fr"


def assert_translated(text, where):
    assert_said(text, where)
    assert not re.search(r"[A-Za-z]", text), (where, text)


def test_with_every_text_translated_no_english_is_left(pseudo_language):
    """A text frozen at import, a fragment glued in English or a text not marked would keep
    English letters in a page whose every marked text is translated."""
    from estimates import services as estimates
    from rulesets import sharing

    def figures(turns, drawn, rounds, game):
        return {
            "players": 4,
            "turns_per_round": turns,
            "drawn_per_round": drawn,
            "rounds": {"mean": rounds},
            "turns_per_game": game,
        }

    official = figures(40, 20, 5, 200)
    said = {}  # each distinct text (of its type) once, with the first options that said it
    with translation.override(pseudo_language):
        for options in OPTION_SETS:
            ref = reference.build(options)
            for text in [*reference_texts(ref), *sharing.describe_rules(options)]:
                said.setdefault((type(text), text), options)
            for change in opts.diff(opts.official(), options):
                said.setdefault((type(change), str(change)), change)
        for (_type, text), where in said.items():
            assert_translated(text, where)
        for option in opts.OPTIONS:
            for value in option.values()[:30]:
                assert_translated(option.words(value), (option.key, value))
            for text in (option.label, option.help, option.when_note, option.units):
                if str(text):
                    assert_translated(str(text), option.key)
        for preset in PRESETS:
            assert_translated(str(preset.name), preset.slug)
            assert_translated(str(preset.summary), preset.slug)
            for mine in (figures(80, 45, 6, 480), figures(41, 20, 5, 201), figures(30, 12, 4, 120)):
                if preset.slug != "official":
                    words = estimates.compared_to_official(preset.options, mine, official)
                    assert_translated(words, preset.slug)
            assert_translated(estimates.change_in_words(official, figures(80, 45, 6, 480)), "")
        hit = search.search(reference.build(opts.official(), ["x"]), "x", language="fr")
        assert not re.search(r"[A-Za-z]", hit.hits[0].question)
