"""Game-length estimates: the figures, their sharing, the pages, bad input."""

from __future__ import annotations

import pytest
from django.test import Client
from django_tasks_db.models import DBTaskResult

from domain import options as opts
from estimates import compute, services
from estimates.models import Estimate
from rulesets.presets import BY_SLUG
from tests.conftest import make_ruleset

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def immediate(settings):
    """Tasks run in the request (Django's ImmediateBackend), on a small budget."""
    settings.ESTIMATE_TASK_BACKEND = "immediate"
    settings.ESTIMATE_CPU_SECONDS = 0.05


# --- The figures ------------------------------------------------------------------


def test_options_without_effect_on_the_length_share_one_key():
    official = opts.official()
    same = {
        **official,
        "points_special_wild": 0,  # no such card in the 108
        "dealer_selection": "random",
        "direction": "counterclockwise",
        "rounds_to_win": 7,  # unused unless counting rounds won
        "challenge_guilty_draw": 4,
    }
    assert compute.options_key(same, 4) == compute.options_key(official, 4)
    # Two-player Reverse only matters with two players.
    flipped = {**official, "two_player_reverse_skips": False}
    assert compute.options_key(flipped, 4) == compute.options_key(official, 4)
    assert compute.options_key(flipped, 2) != compute.options_key(official, 2)


@pytest.mark.parametrize(
    "change",
    [
        {"stack_draw_two_on_draw_two": True},
        {"target_score": 200},
        {"points_wild": 0},
        {"hand_size": 5},
        {"deck": "modern_112"},  # 112 cards: a Wild Shuffle Hands, three blank Wilds
        {"deck": "modern_112", "points_special_wild": 0},
        {"scoring": "round_wins"},
    ],
)
def test_options_that_change_the_length_have_their_own_key(change):
    official = opts.official()
    assert compute.options_key({**official, **change}, 4) != compute.options_key(official, 4)


def test_an_estimate_has_rounds_turns_cards_and_games():
    figures = compute.estimate(opts.official(), 4, cpu_seconds=0.05)
    rounds = figures["rounds"]
    assert rounds["p10"] <= rounds["mean"] <= rounds["p90"]
    assert 3 < rounds["mean"] < 30
    assert 30 < figures["turns_per_round"] < 90
    assert 10 < figures["drawn_per_round"] < 60
    assert figures["turns_per_game"] > figures["turns_per_round"]
    assert len(figures["games"]) == compute.GAMES_KEPT
    assert figures["rounds_simulated"] >= 100


def test_a_lower_target_means_fewer_rounds():
    long = compute.estimate(opts.official(), 3, cpu_seconds=0.05, seed=1)
    short = compute.estimate({**opts.official(), "target_score": 100}, 3, cpu_seconds=0.05)
    assert short["rounds"]["mean"] < long["rounds"]["mean"] / 2


def test_one_round_to_win_is_a_one_round_game():
    figures = compute.estimate(
        {**opts.official(), "scoring": "round_wins", "rounds_to_win": 1}, 3, cpu_seconds=0.02
    )
    assert figures["rounds"]["mean"] == 1 and figures["rounds"]["p90"] == 1


def test_the_estimate_refuses_players_the_rules_do_not_allow():
    with pytest.raises(ValueError, match="even number"):
        compute.estimate(BY_SLUG["teams-to-100"].options, 5, cpu_seconds=0.01)


def test_stacking_is_compared_to_the_official_rules_in_words():
    official = compute.estimate(opts.official(), 4, cpu_seconds=0.05)
    party = compute.estimate(BY_SLUG["party"].options, 4, cpu_seconds=0.05)
    words = services.compared_to_official(BY_SLUG["party"].options, party, official)
    assert words.startswith("With these house rules, rounds are about ")
    assert "cards are drawn" in words and "than with the official rules" in words
    one = {**opts.official(), "stack_draw_two_on_draw_two": True}
    words = services.compared_to_official(one, party, official)
    assert words.startswith("With the house rule “Draw Two on a Draw Two”, ")


def test_a_change_in_words():
    before = compute.estimate(opts.official(), 4, cpu_seconds=0.05)
    after = compute.estimate({**opts.official(), "target_score": 250}, 4, cpu_seconds=0.05)
    words = services.change_in_words(before, after)
    assert words.startswith("These changes make a game about ")
    assert "% shorter" in words and "with 4 players" in words
    assert services.change_in_words(before, before).startswith("These changes hardly change")


# --- Asked for once, shared, computed by the worker -------------------------------


@pytest.mark.django_db
def test_an_estimate_is_asked_for_once_and_computed_by_the_worker():
    assert services.get(opts.official(), 4) is None  # the database backend: queued
    assert services.get(opts.official(), 4) is None
    assert Estimate.objects.count() == 1 and DBTaskResult.objects.count() == 1
    assert Estimate.objects.get().figures is None


@pytest.mark.django_db
def test_a_newer_edit_replaces_the_rule_sets_pending_estimate():
    """One client made 40 edits and queued 360 estimates (issue 42): only the latest rules of
    a rule set wait for the worker; the tasks of earlier ones do nothing."""
    from estimates.tasks import compute_estimate

    ruleset, _secret = make_ruleset()
    other, _secret = make_ruleset(name="Another house")
    edits = [{**opts.official(), "target_score": score} for score in (100, 200, 300)]
    for options in edits:
        for players in (3, 4):
            assert services.get(options, players, ruleset) is None
    assert services.get(edits[0], 4, other) is None  # another house's wait is its own
    pending = Estimate.objects.filter(asked_for=ruleset, figures__isnull=True)
    assert {(e.key, e.players) for e in pending} == {
        (compute.options_key(edits[2], n), n) for n in (3, 4)
    }
    assert Estimate.objects.filter(asked_for=other).count() == 1
    # An earlier edit's task, run by the worker: nothing computed, nothing stored.
    first = compute.options_key(edits[1], 4)
    compute_estimate.call(key=first, players=4, options=edits[1])
    assert not Estimate.objects.filter(key=first).exists()


@pytest.mark.django_db
def test_rule_sets_with_the_same_play_share_an_estimate(immediate):
    make_ruleset(name="Ours")
    make_ruleset(name="Theirs", dealer_selection="random")
    first = services.get(opts.official(), 4)
    second = services.get({**opts.official(), "dealer_selection": "random"}, 4)
    assert first is not None and first.pk == second.pk
    assert Estimate.objects.count() == 1


# --- Pages --------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_rules_page_never_waits_for_an_estimate(client, ruleset):
    response = client.get(f"/r/{ruleset.code}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="game-length"' in html and f'data-hx-get="/r/{ruleset.code}/game-length/"' in html
    assert Estimate.objects.count() == 0  # the page asked for nothing


@pytest.mark.django_db
def test_the_partial_polls_until_the_estimate_is_ready(client, ruleset):
    response = client.get(f"/r/{ruleset.code}/game-length/", **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Working it out" in html and "poll=1" in html and "<html" not in html
    # Asked for the usual counts of these rules and of the official rules (the same here).
    assert Estimate.objects.count() == len(services.USUAL_PLAYERS)


@pytest.mark.django_db
def test_the_partial_stops_polling_after_a_while(client, ruleset):
    response = client.get(f"/r/{ruleset.code}/game-length/?poll=60", **HTMX)
    assert "taking longer than usual" in response.content.decode()
    assert "data-hx-get" not in response.content.decode()


@pytest.mark.django_db
def test_the_game_length_when_ready(client, immediate):
    ruleset, _secret = make_ruleset("party")
    response = client.get(f"/r/{ruleset.code}/game-length/", **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "How long is a game?" in html and "data-hx-get" not in html
    assert html.count("<li><strong>") == len(services.USUAL_PLAYERS)
    assert "With these house rules, rounds are about" in html
    assert "5 seconds a turn and 90 seconds" in html


@pytest.mark.django_db
def test_the_game_length_of_a_112_card_house_says_the_blank_wild_is_not_simulated(
    client, immediate
):
    sentence = "what your family wrote on it is not simulated"
    modern, _secret = make_ruleset(deck="modern_112")
    html = client.get(f"/r/{modern.code}/game-length/", **HTMX).content.decode()
    assert "<li><strong>" in html and sentence in html
    classic, _secret = make_ruleset()
    html = client.get(f"/r/{classic.code}/game-length/", **HTMX).content.decode()
    assert "<li><strong>" in html and sentence not in html


@pytest.mark.django_db
def test_the_family_changes_the_times(client, immediate, ruleset):
    slow = client.get(f"/r/{ruleset.code}/game-length/?players=4&turn=20&deal=300")
    html = slow.content.decode()
    assert slow.status_code == 200 and "<html" in html
    assert "20 seconds a turn and 300 seconds" in html
    assert html.count("<li><strong>") == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("players=1", "a whole number from 2 to 10"),
        ("players=11", "a whole number from 2 to 10"),
        ("players=four", "a whole number from 2 to 10"),
        ("players=²", "a whole number from 2 to 10"),
        ("turn=0", "more than 0"),
        ("turn=-3", "more than 0"),
        ("turn=abc", "a number of seconds"),
        ("turn=nan", "more than 0"),
        ("deal=inf", "more than 0"),
        ("deal=100000", "at most 600"),
    ],
)
def test_bad_input_is_refused_with_a_reason_and_nothing_computed(client, ruleset, query, message):
    response = client.get(f"/r/{ruleset.code}/game-length/?{query}")
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Estimate.objects.count() == 0


@pytest.mark.django_db
def test_odd_players_in_pairs_are_refused(client):
    ruleset, _secret = make_ruleset("teams-to-100")
    response = client.get(f"/r/{ruleset.code}/game-length/?players=5", **HTMX)
    assert response.status_code == 400 and "even number" in response.content.decode()


def test_a_refusal_is_in_the_readers_language(client, db):
    """The reason is a whole translated sentence (it once had English words replaced in
    it, which left a Spanish reader's sentence as it was)."""
    ruleset, _secret = make_ruleset("teams-to-100")
    response = client.get(
        f"/r/{ruleset.code}/game-length/?players=5", headers={"accept-language": "es"}, **HTMX
    )
    assert response.status_code == 400
    assert "un número par, para que todos tengan compañero" in response.content.decode()
    turn = client.get(f"/r/{ruleset.code}/game-length/?turn=abc", headers={"accept-language": "es"})
    assert (
        turn.status_code == 400
        and "El tiempo de un turno debe ser un número de segundos." in turn.content.decode()
    )
    assert Estimate.objects.count() == 0


@pytest.mark.django_db
def test_an_unknown_rule_set(client):
    assert client.get("/r/zzzzzzzz/game-length/").status_code == 404
    assert client.get("/r/zzzzzzzz/game-length/players/?name=A&name=B", **HTMX).status_code == 404
    assert Estimate.objects.count() == 0


@pytest.mark.django_db
def test_the_start_page_shows_the_length_for_the_players_entered(client, immediate, ruleset):
    page = client.get(f"/r/{ruleset.code}/play/").content.decode()
    assert f'data-hx-get="/r/{ruleset.code}/game-length/players/"' in page
    one = client.get(f"/r/{ruleset.code}/game-length/players/?name=Ann&name=", **HTMX)
    assert "Enter the players" in one.content.decode() and Estimate.objects.count() == 0
    three = client.get(
        f"/r/{ruleset.code}/game-length/players/?name=Ann&name=Ben&name=Cat&name=", **HTMX
    )
    html = three.content.decode()
    assert three.status_code == 200 and "With 3 players: about " in html
    assert Estimate.objects.get().players == 3


@pytest.mark.django_db
def test_without_htmx_the_start_estimate_is_the_whole_game_length_page(client, ruleset):
    response = client.get(f"/r/{ruleset.code}/game-length/players/?name=Ann&name=Ben")
    assert response.status_code == 200
    assert "<h1>How long is a game?</h1>" in response.content.decode()


@pytest.mark.django_db
def test_the_history_says_what_a_change_does_to_a_game(client, immediate, owner, ruleset):
    from rulesets import services as rs_services

    rs_services.save_revision(
        ruleset, "Official rules", "", {**opts.official(), "target_score": 250}
    )
    history = client.get(f"/r/{ruleset.code}/history/").content.decode()
    url = f"/r/{ruleset.code}/game-length/changes/"
    assert f'data-hx-get="{url}?revision=2"' in history
    assert "?revision=1" not in history  # the first has nothing to compare with
    response = client.get(f"{url}?revision=2", **HTMX)
    assert response.status_code == 200
    assert "These changes make a game about " in response.content.decode()
    assert "These changes make" in client.get(url).content.decode()  # the current one
    first = client.get(f"{url}?revision=1").content.decode()
    assert "nothing before it to compare with" in first
    for wrong in ("9", "two", "-1", "1" * 12):
        assert client.get(f"{url}?revision={wrong}").status_code == 404


def test_posting_is_not_allowed(db, ruleset):
    response = Client().post(f"/r/{ruleset.code}/game-length/")
    assert response.status_code in (403, 405)


@pytest.mark.django_db
def test_the_game_length_pages_are_valid_html(client, settings):
    import re

    import html5lib

    from rulesets import services as rs_services

    ruleset, _secret = make_ruleset("party")
    rs_services.save_revision(ruleset, "Party night", "", {**opts.official(), "jump_in": True})
    code = ruleset.code
    urls = [
        f"/r/{code}/game-length/",  # still being worked out
        f"/r/{code}/game-length/?players=1",  # refused
        f"/r/{code}/game-length/changes/",
        f"/r/{code}/game-length/changes/?revision=1",
    ]
    parser = html5lib.HTMLParser(strict=True)
    bodies = [client.get(url).content.decode() for url in urls]
    Estimate.objects.all().delete()  # asked for, never done: ask again, done at once
    settings.ESTIMATE_TASK_BACKEND = "immediate"  # on the tests' small budget
    bodies += [client.get(url).content.decode() for url in urls[:1] + urls[2:3]]  # ready
    for body in bodies:
        parser.parse(body)
        ids = re.findall(r'\sid="([^"]+)"', body)
        assert len(ids) == len(set(ids)), body
    assert "These changes" in bodies[-1] and "players:</strong> about" in bodies[-2]


def test_an_estimate_made_by_other_engine_code_is_not_reused(monkeypatch, tmp_path):
    """The key holds a digest of the engine's play and of the method, not a number to bump:
    a change to either makes every estimate again; the engine's README does not count."""
    import shutil
    from pathlib import Path

    import engine

    options = opts.official()
    before = compute.options_key(options, 4)
    assert compute.engine_version() == compute.ENGINE_VERSION
    folder = tmp_path / "engine"
    shutil.copytree(Path(engine.__file__).parent, folder)
    monkeypatch.setattr(engine, "__file__", str(folder / "__init__.py"))
    (folder / "README.md").write_text("# the notes changed\n")
    assert compute.engine_version() == compute.ENGINE_VERSION
    (folder / "turn.py").write_text((folder / "turn.py").read_text() + "\n# the play changed\n")
    changed = compute.engine_version()
    assert changed != compute.ENGINE_VERSION
    monkeypatch.setattr(compute, "ENGINE_VERSION", changed)
    assert compute.options_key(options, 4) != before
