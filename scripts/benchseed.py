"""Seed data for `make bench`: rule sets, and games with players and rounds.

Runs inside Django (bench.py calls ``seed`` in a child process with the bench settings).
Rule sets and games are created through the project's own services (codes, secrets,
revisions, players and seats as the app makes them). Rounds and hands are bulk-inserted,
but their contents come from ``play.scoring``: who went out and the points in the other
hands are drawn at random, the totals, the end of the game and each game's ``version``
(one bump per recorded round, as ``services.record_round`` does) follow from them, and
``services.board`` checks a sample afterwards.

Games that will not end during the benchmark: every game plays to a target of 5,000
points (the catalogue's maximum, "a long evening"). Thirty rounds of plausible hands
(0 to 60 points each) leave every total below 2,000. The POST benchmark spreads its
rounds over the other half of the games (about 60 each at 450 requests a second), and in
each game who went out moves one seat at every visit, with a few cards left in the other
hands (POST_HANDS: 90 points at most), so a total grows by at most 90 points every six
rounds: more than 200 rounds a game before anyone could reach the target. bench.py still
checks that every request was answered with a 2xx/3xx (a game over would be a 409).
"""

from __future__ import annotations

import random
import uuid
from datetime import timedelta

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from play import scoring, services, versions
from play.models import Game, Hand, Round
from rulesets import options as opts
from rulesets.presets import PRESETS
from rulesets.services import create_ruleset

GAME_TARGET = 5000
HAND_MAX = 60  # the points one hand holds at the end of a round, at most, while seeding
# What the POST benchmark enters for the hands of the players who did not go out
# (seat -> points; the one who went out leaves it blank): a few cards each.
POST_HANDS = [8, 15, 4, 22, 11, 30]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo"]


def _ruleset_options(i: int, rng: random.Random, for_games: bool) -> tuple[str, dict]:
    preset = PRESETS[i % len(PRESETS)]
    options = dict(preset.options)
    option = opts.OPTIONS[i % len(opts.OPTIONS)]
    options[option.key] = rng.choice(option.values())
    name = f"Table {i} ({preset.name})"
    if for_games:
        # Points scoring of either kind, to a target no 30-round game reaches.
        options["scoring"] = rng.choice([scoring.WINNER_TAKES_POINTS, scoring.LOWEST_TOTAL_WINS])
        options["target_score"] = GAME_TARGET
        name = f"Long evening {i} ({preset.name})"
    return name, opts.validate(options)  # raises OptionsError if seeding made a bad mix


def seed_rulesets(count: int, games: int, rng: random.Random) -> list:
    """``count`` rule sets; the first ``games`` of them are the ones games are played with."""
    created = []
    with transaction.atomic():
        for i in range(count):
            name, options = _ruleset_options(i, rng, for_games=i < games)
            ruleset, _secret = create_ruleset(name, "", options, preset=PRESETS[i % 5].slug)
            created.append(ruleset)
    return created


def _random_round(rng: random.Random, n: int, rules: scoring.Rules) -> scoring.RoundResult:
    went_out = rng.randrange(n)
    if not rules.counts_points:
        return scoring.RoundResult(went_out=went_out)
    hands = {seat: rng.randint(0, HAND_MAX) for seat in range(n) if seat != went_out}
    return scoring.RoundResult(went_out=went_out, hands=hands)


def seed_games(rulesets: list, games: int, players: int, rounds: int, rng: random.Random) -> list:
    """``games`` games of ``players`` players with ``rounds`` rounds each; returns them."""
    names = NAMES[:players]
    started = timezone.now() - timedelta(hours=2)
    created: list[Game] = []
    with transaction.atomic():
        for g in range(games):
            revision = rulesets[g % len(rulesets)].current
            game, _new = services.start_game(revision, names, rng.randrange(players), uuid.uuid4())
            created.append(game)
        round_rows: list[Round] = []
        results: dict[int, list[scoring.RoundResult]] = {}
        for game in created:
            game = services.load_game(pk=game.pk)
            rules = services.rules_of(game.revision)
            game_players = list(game.players.order_by("seat"))
            played = [_random_round(rng, players, rules) for _ in range(rounds)]
            stand = scoring.standing(rules, players, game.first_dealer, played)
            if stand.finished:
                raise RuntimeError(f"seeded game {game.pk} ended; lower HAND_MAX")
            results[game.pk] = played
            for number, result in enumerate(played, start=1):
                round_rows.append(
                    Round(
                        game=game,
                        number=number,
                        went_out=game_players[result.went_out],
                        submission_id=uuid.uuid4(),
                    )
                )
        Round.objects.bulk_create(round_rows, batch_size=2000)
        # bulk_create sets primary keys on SQLite and PostgreSQL; hands follow their round.
        seats = {
            game.pk: {p.seat: p for p in game.players.all()}
            for game in Game.objects.filter(pk__in=[g.pk for g in created]).prefetch_related(
                "players"
            )
        }
        hand_rows = [
            Hand(round=r, player=seats[r.game_id][seat], points=points)
            for r in round_rows
            for seat, points in results[r.game_id][r.number - 1].hands.items()
        ]
        Hand.objects.bulk_create(hand_rows, batch_size=5000)
        # One version bump per recorded round, as record_round does; times as if played.
        for game in created:
            Game.objects.filter(pk=game.pk).update(
                version=1 + rounds, updated_at=started + timedelta(minutes=rounds * 3)
            )
            game.version = 1 + rounds
            versions.publish_version(game)  # what the polls compare
    return created


def check_games(games: list, rounds: int) -> None:
    """The seeded games read back as the app sees them: every round, none over."""
    for game in games[:: max(1, len(games) // 10)]:
        b = services.board(services.load_game(pk=game.pk))
        assert len(b.rounds) == rounds, (game.pk, len(b.rounds))
        assert not b.standing.finished, game.pk
        assert max(s.total for s in b.sides) < GAME_TARGET


def post_fields(players: int) -> dict:
    """The round form's fields for a valid round (the submission id is added per request)."""
    return {
        "went_out": "0",
        **{f"hand_{seat}": str(POST_HANDS[seat]) for seat in range(1, players)},
    }


def seed(rulesets: int, games: int, players: int, rounds: int) -> dict:
    rng = random.Random(7)
    created = seed_rulesets(rulesets, min(games, rulesets), rng)
    sample = created[len(created) // 2]
    fixtures: dict = {
        "rules_url": f"/r/{sample.code}/",
        "qr_url": f"/r/{sample.code}/qr.svg",
    }
    if not games:
        return fixtures
    seeded = seed_games(created, games, players, rounds, rng)
    check_games(seeded, rounds)
    shown = seeded[0]
    # The POST benchmark records rounds in the second half of the games (never the one the
    # scoreboard benchmarks use): a few dozen rounds each, as at many tables at once,
    # rather than thousands in one game whose scoreboard would grow without end.
    posted = seeded[len(seeded) // 2 :]
    fixtures["game"] = {
        "board_url": f"/g/{shown.code}/",
        "poll_url": f"/g/{shown.code}/board/",
    }
    fixtures["post_game"] = {
        "record_form_url": f"/g/{posted[0].code}/",
        "record_url": f"/g/{posted[0].code}/rounds/new/",
        "record_urls": [f"/g/{g.code}/rounds/new/" for g in posted],
        "codes": [g.code for g in posted],
        "players": players,
        "hands": POST_HANDS[:players],
        "round_fields": post_fields(players),
    }
    return fixtures


def count_rounds(codes: list[str]) -> int:
    """Rounds recorded in the games with these codes (bench.py counts before and after)."""
    return Game.objects.filter(code__in=codes).aggregate(n=Count("rounds"))["n"] or 0
