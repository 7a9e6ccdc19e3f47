"""Starting games and recording, correcting and removing rounds.

Every change locks the game row first (``select_for_update``; on SQLite the settings
open every transaction with BEGIN IMMEDIATE, which takes SQLite's lock), so round
numbers stay 1..N without gaps however many phones post at once, and bumps the game's
``version``, which the scoreboard's ETag is made of.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from domain import scoring
from play import boards, removed_rounds, same_round, seating
from play.boards import Board, RoundRow, Side
from play.models import Adjustment, Game, Hand, Player, Round
from play.versions import publish_version
from rulesets import codes
from rulesets.models import Revision
from unosite import cache as cache_keys


class GameOver(Exception):
    """The game has ended: no more rounds."""


class BoardChanged(Exception):
    """The board has other rounds than the form was filled in for: nothing was recorded.

    Another phone recorded (or undid) a round meanwhile; the phone decides whether its
    round is a different one (and sends it again for ``next_number``) or the same one.
    """

    def __init__(self, expected: int, next_number: int):
        super().__init__(f"The form was for round {expected}; the next round is {next_number}.")
        self.expected = expected
        self.next_number = next_number


class NotOver(ValueError):
    """Play again was asked for before the game ended."""


class RoundChanged(Exception):
    """The round was changed (or removed, or is no longer the last) on another phone."""

    def __init__(self, message: str, current: Round | None = None):
        super().__init__(message)
        self.current = current


def rules_of(revision: Revision) -> scoring.Rules:
    # Only the options scoring uses: a revision loaded for a scoreboard has only those.
    return scoring.Rules.from_options({key: getattr(revision, key) for key in RULES_FIELDS})


RULES_FIELDS = tuple(scoring.Rules.__dataclass_fields__)


# --- Starting ----------------------------------------------------------------------


def _new_codes() -> tuple[str, str]:
    play_code = codes.new_code()
    spectator_code = codes.new_code()
    while spectator_code == play_code:  # pragma: no cover - 1 in 58**11
        spectator_code = codes.new_code()
    return play_code, spectator_code


def start_game(
    revision: Revision,
    names: Sequence[str],
    first_dealer: int,
    submission_id: uuid.UUID,
    previous: Game | None = None,
    previous_optional: bool = False,
    table: str = "",
) -> tuple[Game, bool]:
    """Starts a game with ``names`` in seat order at ``table``; returns (game, created).

    ``previous`` is the game it follows (its evening). With ``previous_optional`` (a game
    started afresh), when another phone started the next game of ``previous`` at the
    same moment, this one starts on its own instead.
    A second call with the same submission id returns the first game (created False).
    Names must already be valid (see play.forms); the database refuses duplicates anyway.
    """
    rules = rules_of(revision)
    error = scoring.player_count_error(len(names), rules)
    if error:
        raise ValueError(error)
    if not 0 <= first_dealer < len(names):
        raise ValueError("The first dealer must be one of the players.")
    existing = Game.objects.filter(submission_id=submission_id).first()
    if existing:
        return existing, False
    for attempt in range(5):
        try:
            return _create_game(revision, names, first_dealer, submission_id, previous, table), True
        except IntegrityError:
            existing = Game.objects.filter(submission_id=submission_id).first()
            if existing:  # the same form, posted twice at the same moment
                return existing, False
            taken = previous is not None and Game.objects.filter(previous=previous).exists()
            if previous_optional and taken:
                previous = None  # another phone started the next game just now
                continue
            if attempt == 4:  # not a code collision: something real, let it be seen
                raise
    raise AssertionError("unreachable")


def _create_game(
    revision: Revision,
    names: Sequence[str],
    first_dealer: int,
    submission_id: uuid.UUID,
    previous: Game | None,
    table: str,
) -> Game:
    """Creates the game under new codes, with its players, in one transaction (the database
    refuses a code or a submission id taken already: IntegrityError)."""
    rules = rules_of(revision)
    play_code, spectator_code = _new_codes()
    with transaction.atomic():
        game = Game.objects.create(
            code=play_code,
            spectator_code=spectator_code,
            revision=revision,
            first_dealer=first_dealer,
            submission_id=submission_id,
            previous=previous,
            table=table,
        )
        Player.objects.bulk_create(
            Player(
                game=game,
                seat=seat,
                name=name,
                team=scoring.side_of(seat, len(names), rules) if rules.pairs else None,
            )
            for seat, name in enumerate(names)
        )
        publish_version(game)
    return game


def play_again(game: Game) -> tuple[Game, bool]:
    """A new game with the same players under the rule set's current rules.

    Returns (new game, created). Raises ValueError when the game is not over, or when
    the players no longer fit the rules (they now play in pairs and the number is odd).
    Idempotent: a game already followed by another returns that one.
    """
    with transaction.atomic():
        game = lock_game(game)
        existing = Game.objects.filter(previous=game).first()
        if existing:
            return existing, False
        if not game.finished:
            raise NotOver(_("This game is not over yet, so it cannot be played again."))
        revision = game.revision.ruleset.current_revision
        rules = rules_of(revision)
        names = list(
            game.players.filter(left_after=None).order_by("seat").values_list("name", flat=True)
        )
        error = scoring.player_count_error(len(names), rules)
        if error:
            raise ValueError(error)
        if revision.options["dealer_selection"] == "random":
            first = random.randrange(len(names))
        else:  # the deal keeps passing round the table
            played = max(game.rounds.count(), 1)
            old_rules = rules_of(game.revision)
            last = scoring.dealer(game.first_dealer, played, len(names), old_rules)
            first = (last + rules.step) % len(names)
        new_game, created = start_game(
            revision, names, first, uuid.uuid4(), previous=game, table=game.table
        )
        _bump(game, finished=True)
    return new_game, created


# --- Loading a game ----------------------------------------------------------------


# ``current_revision_id`` on a loaded game: its rule set's current revision (Board.newer_rules).
WITH_CURRENT = {"current_revision_id": F("revision__ruleset__current")}


def load_game(**lookup) -> Game:
    """The game with its revision and rule set (one query)."""
    return Game.objects.select_related("revision__ruleset").annotate(**WITH_CURRENT).get(**lookup)


def load_game_for_board(*, current: bool = False, **lookup) -> Game:
    """The game with its revision and rule set (one query); ``current``: with its rule
    set's current revision too, for the page's notice that the rules have changed since
    (the poll and recording a round show no such notice)."""
    games = Game.objects.annotate(**WITH_CURRENT) if current else Game.objects.all()
    return games.select_related("revision__ruleset").get(**lookup)


def players_of(game: Game) -> list[Player]:
    """The game's players in seat order (they never change)."""
    return list(game.players.order_by("seat"))


# --- What a scoreboard shows -------------------------------------------------


BOARD_TIMEOUT = 60 * 60 * 24


def board(game: Game, *, cached: bool = True) -> Board:
    """Everything the scoreboard shows.

    ``game`` must come with its revision and rule set (``load_game``,
    ``load_game_for_board``). What its players, rounds, hands, adjustments and removed
    round give (five queries) is kept in the cache under the game's version, which every
    change of them bumps (see ``_bump``); the game itself (its rule set's current revision)
    and whether a next game follows it are read each time.
    ``cached=False`` reads everything: inside a change, before its version is bumped.
    """
    key = cache_keys.key("board", game.pk, game.version)
    result = cache.get(key) if cached else None
    if result is None:
        result = _assemble(game, players_of(game), _rounds(game), _hands(game), _adjustments(game))
        # Removing a round and putting it back bump the version too.
        result.removed = removed_rounds.offer(game)
        if cached:
            cache.set(key, result, BOARD_TIMEOUT)
    result.game, result.revision = game, game.revision
    if game.finished:
        result.next_game = (
            Game.objects.filter(previous=game).values_list("code", "spectator_code").first()
        )
    return result


# What a board uses of a round: not its submission id or times.
ROUND_FIELDS = ("id", "game_id", "number", "went_out_id", "dealer_id", "version")


def _rounds(game: Game) -> list[Round]:
    return list(game.rounds.order_by("number").only(*ROUND_FIELDS))


def _hands(game: Game) -> dict[int, dict[int, int]]:
    """The points of every hand of the game: round id -> player id -> points."""
    hands: dict[int, dict[int, int]] = {}
    for round_id, player_id, points in Hand.objects.filter(round__game=game).values_list(
        "round_id", "player_id", "points"
    ):
        hands.setdefault(round_id, {})[player_id] = points
    return hands


def _adjustments(game: Game, counting: bool = False) -> list[Adjustment]:
    """The game's points outside the rounds in the order made (``counting``: not undone)."""
    found = game.adjustments.filter(undone_at=None) if counting else game.adjustments.all()
    return list(found.order_by("after_round", "pk"))


def _results(
    players: list[Player], rounds: list[Round], hands: Mapping[int, Mapping[int, int]]
) -> list[scoring.RoundResult]:
    """What scoring needs of ``rounds`` (in order) and their hands: seats and points."""
    seat_of = {p.pk: p.seat for p in players}
    return [
        scoring.RoundResult(
            went_out=seat_of[r.went_out_id],
            hands={seat_of[pid]: pts for pid, pts in hands.get(r.pk, {}).items()},
        )
        for r in rounds
    ]


def _read_results(game: Game, players: list[Player]) -> list[scoring.RoundResult]:
    """What scoring needs of the game's rounds, read in one query as plain values (each
    round with its hands, in order): recording a round needs no more of them."""
    seat_of = {p.pk: p.seat for p in players}
    rows = game.rounds.order_by("number").values_list(
        "number", "went_out_id", "hands__player_id", "hands__points"
    )
    went_out: dict[int, int] = {}  # round number -> seat, in order
    hands: dict[int, dict[int, int]] = {}  # round number -> seat -> points
    for number, went_out_id, player_id, points in rows:
        went_out[number] = seat_of[went_out_id]
        if player_id is not None:  # a round without hands (rounds won) joins none
            hands.setdefault(number, {})[seat_of[player_id]] = points
    return [
        scoring.RoundResult(went_out=seat, hands=hands.get(number, {}))
        for number, seat in went_out.items()
    ]


def _standing(
    game: Game,
    players: list[Player],
    results: Sequence[scoring.RoundResult],
    adjustments: Sequence[scoring.PointsAdjustment],
) -> scoring.Standing:
    """Where the game stands after ``results`` (its rounds, in order) and ``adjustments``."""
    rules = rules_of(game.revision)
    return scoring.standing(
        rules,
        len(players),
        game.first_dealer,
        results,
        active=[p.seat for p in seating.playing(players)],
        start=seating.starts(players, rules),
        adjustments=adjustments,
    )


def _assemble(
    game: Game,
    players: list[Player],
    rounds: list[Round],
    hands: Mapping[int, Mapping[int, int]],
    adjustments: Sequence[Adjustment] = (),
) -> Board:
    """The board of a game from its players, its rounds in order, their hands and its
    adjustments."""
    revision = game.revision
    rules = rules_of(revision)
    n = len(players)
    by_id = {p.pk: p for p in players}
    results = _results(players, rounds, hands)
    stand = _standing(game, players, results, boards.counted(players, adjustments))
    seated = [p for p in players if p.left_after is None]
    sides = [
        Side(
            index=i,
            players=[players[seat] for seat in seats],
            total=stand.totals[i],
            percent=scoring.progress_percent(rules, stand.totals[i]),
            winner=i in stand.winners,
        )
        for i, seats in enumerate(scoring.sides(n, rules))
    ]
    rows = [
        RoundRow(
            round=r,
            # Who dealt, as the table sat then; for rounds recorded before that was kept,
            # counted round the players at the table now.
            dealer=by_id[r.dealer_id]
            if r.dealer_id in by_id
            else seated[scoring.dealer(game.first_dealer, r.number, len(seated), rules)],
            went_out=by_id[r.went_out_id],
            hands=[(p, hands.get(r.pk, {}).get(p.pk)) for p in players],
            scores=stand.scores[i],
            totals=stand.running[i],
            side_scores=[(s, pts) for s, pts in zip(sides, stand.scores[i], strict=True) if pts],
        )
        for i, r in enumerate(rounds)
    ]
    return Board(
        game=game,
        revision=revision,
        rules=rules,
        players=players,
        sides=sides,
        rounds=rows,
        standing=stand,
        dealer=players[stand.dealer],
        first_player=players[stand.first_player],
        adjustments=boards.adjustment_rows(adjustments, by_id, sides, rows, rules),
    )


# --- Changing rounds ---------------------------------------------------------------
#
# Every change locks the game row first and ends by bumping its version (``_bump``), in
# one transaction.


def lock_game(game: Game) -> Game:
    """The game row again, locked until the transaction ends: every change of a game (here,
    in play.removal and play.table) starts with it, inside ``transaction.atomic()``, and
    ends with ``settle`` or a bump of its version. On SQLite, the transaction's BEGIN
    IMMEDIATE has locked the database already. A game's revision never changes: the one
    ``game`` came with is kept."""
    locked = Game.objects.select_for_update(of=("self",)).get(pk=game.pk)
    locked.revision = game.revision
    return locked


def _bump(game: Game, finished: bool) -> None:
    """Records whether the locked ``game`` is over, bumps its version (in the database and
    in ``game``) and publishes it."""
    finished_at = game.finished_at
    if finished != game.finished:
        finished_at = timezone.now() if finished else None
    Game.objects.filter(pk=game.pk).update(
        version=F("version") + 1, finished_at=finished_at, updated_at=timezone.now()
    )
    game.version += 1
    game.finished_at = finished_at
    publish_version(game)


def store_hands(round_: Round, players: Sequence[Player], hands: Mapping[int, int]) -> None:
    """Stores a round's hands (``hands`` maps seats to points); the database checks them."""
    Hand.objects.bulk_create(
        Hand(round=round_, player=players[seat], points=points) for seat, points in hands.items()
    )


@dataclass
class Recorded:
    round: Round
    created: bool
    standing: scoring.Standing | None = None  # after the round, when created
    players: list[Player] = field(default_factory=list)  # the game's, in seat order
    # Not created because another phone had saved the same round (same player out, same
    # hands): the round is that one (see play.same_round).
    merged: bool = False

    @cached_property
    def board(self) -> Board:
        """The whole board, read again when asked for (recording does not build it: the
        page shown next reads the board of the new version anyway)."""
        return board(load_game(pk=self.round.game_id), cached=False)

    @property
    def row(self) -> RoundRow:
        """The round as the board shows it."""
        return self.board.rounds[self.round.number - 1]


def record_round(
    game: Game,
    went_out: int,
    hands: Mapping[int, int],
    submission_id: uuid.UUID,
    expected_number: int | None = None,
    players: list[Player] | None = None,
) -> Recorded:
    """Records the next round of ``game``, in one transaction: locks the game, numbers the
    round, stores it and its hands, updates the game. A form sent twice counts once: its
    submission id is unique in the game, and the round it recorded is returned.

    ``went_out`` is a seat and ``hands`` maps seats to valid points (see
    play.forms.RoundForm); ``players``, the game's players in seat order when the caller
    has them. ``expected_number`` is the round the form was filled in for: when the board
    has other rounds by now (another phone recorded or undid one), nothing is recorded
    (BoardChanged). Raises GameOver when the game has ended.

    On SQLite the lock is the whole database's, and every phone recording a round anywhere
    waits while it is held: the rounds are read and the standing after the round computed
    before it, and again under it only when another phone changed the game meanwhile
    (every change bumps its version).
    """
    players = players if players is not None else players_of(game)
    results = _read_results(game, players)
    extras = boards.counted(players, _adjustments(game, counting=True))
    played = scoring.RoundResult(went_out=went_out, hands=dict(hands))
    stand = _standing(game, players, [*results, played], extras)  # unless the game changes
    try:
        with transaction.atomic():
            locked = lock_game(game)
            changed = locked.version != game.version  # another phone changed the game
            if changed:
                players = players_of(locked)
                results = _read_results(locked, players)
                extras = boards.counted(players, _adjustments(locked, counting=True))
                stand = _standing(locked, players, [*results, played], extras)
            game = locked
            number = len(results) + 1
            moved = expected_number not in (None, number)
            if changed or game.finished or moved:
                # Perhaps this form was recorded already (else the database refuses it).
                if (existing := _recorded(game, submission_id)) is not None:
                    return Recorded(existing, created=False)
                # Or another phone saved the same round it was filled in for.
                rules = rules_of(game.revision)
                if moved and (
                    same := same_round.saved(game, players, expected_number, played, rules)
                ):
                    return Recorded(same, created=False, merged=True)
                _refuse(game, expected_number, number)
            round_ = _create_round(game, players, number, went_out, hands, submission_id)
            _bump(game, stand.finished)
    except IntegrityError:
        # This form was recorded before: the database refuses its submission id twice.
        if (existing := _recorded(game, submission_id)) is None:
            raise
        return Recorded(existing, created=False)
    return Recorded(round_, True, stand, players)


def _refuse(game: Game, expected_number: int | None, number: int) -> None:
    """Raises GameOver when the locked ``game`` has ended, BoardChanged when the form was
    filled in for another round than ``number``, the next one."""
    if game.finished:
        raise GameOver(_("This game is over, so no more rounds can be recorded."))
    if expected_number not in (None, number):
        raise BoardChanged(expected_number, number)


def _create_round(
    game: Game,
    players: Sequence[Player],
    number: int,
    went_out: int,
    hands: Mapping[int, int],
    submission_id: uuid.UUID,
) -> Round:
    """Stores round ``number`` of the locked ``game`` and its hands."""
    round_ = Round.objects.create(
        game=game,
        number=number,
        went_out=players[went_out],
        dealer=_dealer_of(game, players, number),
        submission_id=submission_id,
    )
    store_hands(round_, players, hands)
    return round_


def _recorded(game: Game, submission_id: uuid.UUID) -> Round | None:
    """The round recorded with this submission id, if there is one."""
    return game.rounds.filter(submission_id=submission_id).first()


def _dealer_of(game: Game, players: Sequence[Player], number: int) -> Player:
    """Who deals round ``number`` of the locked ``game``: the deal passes round the players
    at the table (``Game.first_dealer`` is a position among them)."""
    seated = [p for p in players if p.left_after is None]
    rules = rules_of(game.revision)
    return seated[scoring.dealer(game.first_dealer, number, len(seated), rules)]


def bump(game: Game) -> None:
    """A new version of the locked ``game`` whose rounds and players did not change (its
    table moved, see play.tables.renew), so that every phone's next poll reads it again."""
    _bump(game, game.finished)


def settle(game: Game) -> None:
    """After a change of the locked ``game``'s past rounds or players (play.removal,
    play.table): whether the game is over now, and a new version."""
    _bump(game, board(game, cached=False).standing.finished)
