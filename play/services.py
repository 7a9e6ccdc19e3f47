"""Starting games and recording, correcting and removing rounds.

Every change locks the game row first (``select_for_update``; on SQLite the settings
open every transaction with BEGIN IMMEDIATE, which takes the write lock), so round
numbers stay 1..N without gaps however many phones post at once, and bumps the game's
``version``, which the scoreboard's ETag is made of.
"""

from __future__ import annotations

import copy
import functools
import random
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db import IntegrityError, connections, transaction
from django.db.models import BooleanField, ExpressionWrapper, Q
from django.utils import timezone

from play import scoring
from play.models import Game, Hand, Player, Round
from rulesets import codes
from rulesets.models import Revision, RuleSet
from unosite.prepared import ID_PLACEHOLDER, OneRow, OneValue, model_columns


class GameOver(Exception):
    """The game has ended: no more rounds."""


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
) -> tuple[Game, bool]:
    """Starts a game with ``names`` in seat order; returns (game, created).

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
        play_code, spectator_code = _new_codes()
        try:
            with transaction.atomic():
                game = Game.objects.create(
                    code=play_code,
                    spectator_code=spectator_code,
                    revision=revision,
                    first_dealer=first_dealer,
                    submission_id=submission_id,
                    previous=previous,
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
            return game, True
        except IntegrityError:
            existing = Game.objects.filter(submission_id=submission_id).first()
            if existing:  # the same form, posted twice at the same moment
                return existing, False
            if attempt == 4:  # not a code collision: something real, let it be seen
                raise
    raise AssertionError("unreachable")


def play_again(game: Game) -> tuple[Game, bool]:
    """A new game with the same players under the rule set's current rules.

    Returns (new game, created). Raises ValueError when the game is not over, or when
    the players no longer fit the rules (they now play in pairs and the number is odd).
    Idempotent: a game already followed by another returns that one.
    """
    with transaction.atomic():
        game = _lock(game)
        existing = Game.objects.filter(previous=game).first()
        if existing:
            return existing, False
        if not game.finished:
            raise NotOver("This game is not over yet, so it cannot be played again.")
        revision = game.revision.ruleset.current
        rules = rules_of(revision)
        names = list(
            game.players.filter(left_after=None).order_by("seat").values_list("name", flat=True)
        )
        error = scoring.player_count_error(len(names), rules)
        if error:
            raise ValueError(error)
        if revision.dealer_selection == "random":
            first = random.randrange(len(names))
        else:  # the deal keeps passing round the table
            played = max(game.rounds.count(), 1)
            old_rules = rules_of(game.revision)
            last = scoring.dealer(game.first_dealer, played, len(names), old_rules)
            first = (last + rules.step) % len(names)
        new_game, created = start_game(revision, names, first, uuid.uuid4(), previous=game)
        _touch(game)
    return new_game, created


# --- What a scoreboard shows -------------------------------------------------------


@dataclass
class Side:
    index: int
    players: list[Player]
    total: int
    percent: int
    winner: bool

    @property
    def playing(self) -> bool:
        """Still at the table (a player who left keeps their side and total)."""
        return any(p.left_after is None for p in self.players)

    @property
    def name(self) -> str:
        return self.name_of(self.players)

    @staticmethod
    def name_of(players: Sequence[Player]) -> str:
        return " & ".join(p.name for p in players)


@dataclass
class RoundRow:
    round: Round
    dealer: Player
    went_out: Player
    hands: list[tuple[Player, int | None]]  # every player, None where nothing was entered
    scores: list[int]  # per side
    totals: list[int]  # per side, after this round
    side_scores: list[tuple[Side, int]]  # the sides that scored in this round

    @property
    def other_hands(self) -> list[tuple[Player, int | None]]:
        """Every hand but that of the player who went out (and of players who had not
        joined yet, or had left)."""
        number = self.round.number
        return [
            (p, pts)
            for p, pts in self.hands
            if p.pk != self.went_out.pk
            and (
                pts is not None
                or (p.joined_after < number and (p.left_after is None or p.left_after >= number))
            )
        ]


@dataclass
class Board:
    game: Game
    revision: Revision
    rules: scoring.Rules
    players: list[Player]
    sides: list[Side]
    rounds: list[RoundRow]
    standing: scoring.Standing
    dealer: Player
    first_player: Player
    newer_rules: bool
    next_game: tuple[str, str] | None = None  # (code, spectator code) after Play again

    @property
    def winners(self) -> list[Side]:
        return [s for s in self.sides if s.winner]

    @property
    def active(self) -> list[Player]:
        """The players still at the table, in seat order."""
        return [p for p in self.players if p.left_after is None]

    @property
    def playing_sides(self) -> list[Side]:
        return [s for s in self.sides if s.playing]

    @property
    def last_round(self) -> RoundRow | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def deck_points(self) -> int:
        return scoring.deck_points(self.rules)

    def side_of(self, player: Player) -> Side:
        return self.sides[scoring.side_of(player.seat, len(self.players), self.rules)]

    @property
    def winner_text(self) -> str:
        """The end of the game in words: who won, and with what."""
        won = self.winners
        if not won:
            return ""
        names = " and ".join(s.name for s in won)
        total = won[0].total
        if self.rules.scoring == scoring.ROUND_WINS:
            what = f"{total} round{'' if total == 1 else 's'} won"
        else:
            what = f"{total} point{'' if total == 1 else 's'}"
        lowest = self.rules.scoring == scoring.LOWEST_TOTAL_WINS
        if len(won) > 1:
            how = "the lowest total, " if lowest else ""
            return f"{names} share the win with {how}{what} each."
        verb = "win" if len(won[0].players) > 1 else "wins"
        if lowest:
            return f"{names} {verb} with the lowest total, {what}."
        return f"{names} {verb} with {what}."


_VERSION_BY = {
    field: OneValue(
        lambda code, f=field: Game.objects.filter(**{f: code}).values_list("version")[:1]
    )
    for field in ("code", "spectator_code")
}
_VERSION_OF = OneValue(
    lambda pk: Game.objects.filter(pk=pk).values_list("version")[:1], placeholder=ID_PLACEHOLDER
)

# A game's version and whether it is over, read under the write lock (FOR UPDATE on
# PostgreSQL; on SQLite the transaction holds the database's lock already).
_LOCKED_STATE = OneValue(
    lambda pk: (
        Game.objects.select_for_update(of=("self",))
        .filter(pk=pk)
        .annotate(over=ExpressionWrapper(Q(finished_at__isnull=False), output_field=BooleanField()))
        .values_list("version", "over")
    ),
    placeholder=ID_PLACEHOLDER,
)


def game_version(field: str, code: str) -> int | None:
    """The version of the game whose ``field`` ("code" or "spectator_code") is ``code``.

    What the scoreboard poll asks every few seconds from every phone: one query, prepared
    once (see unosite.prepared).
    """
    return _VERSION_BY[field](code)


def load_game(**lookup) -> Game:
    return Game.objects.select_related("revision__ruleset").get(**lookup)


# What a scoreboard (and recording a round) uses of a game, its revision and rule set: the
# revision has some sixty option columns, and reading them all cost more than the rest.
_GAME_COLUMNS = model_columns(Game)
_REVISION_COLUMNS = model_columns(Revision, "id", "ruleset_id", "number", "name", *RULES_FIELDS)
_RULESET_COLUMNS = model_columns(RuleSet, "id", "code", "current_id")
_BOARD_GAME = {
    field: OneRow(
        lambda code, f=field: Game.objects.filter(**{f: code}).values_list(
            *_GAME_COLUMNS,
            *(f"revision__{column}" for column in _REVISION_COLUMNS),
            *(f"revision__ruleset__{column}" for column in _RULESET_COLUMNS),
        )[:1]
    )
    for field in ("code", "spectator_code")
}


def load_game_for_board(**lookup) -> Game:
    """The game as load_game (one query, the same objects), with only what a scoreboard
    shows of its revision: its name, number and the scoring options. ``code=`` or
    ``spectator_code=``. The query is prepared once (see unosite.prepared)."""
    ((field, code),) = lookup.items()
    row = _BOARD_GAME[field].row(code)
    if row is None:
        raise Game.DoesNotExist("Game matching query does not exist.")
    db = Game.objects.db
    game_end = len(_GAME_COLUMNS)
    revision_end = game_end + len(_REVISION_COLUMNS)
    game = Game.from_db(db, _GAME_COLUMNS, row[:game_end])
    revision = Revision.from_db(db, _REVISION_COLUMNS, row[game_end:revision_end])
    revision.ruleset = RuleSet.from_db(db, _RULESET_COLUMNS, row[revision_end:])
    game.revision = revision
    return game


def board(game: Game) -> Board:
    """Everything the scoreboard shows, in three queries after the game's own.

    ``game`` must come with its revision and rule set (``load_game``).
    """
    result = _assemble(game, *_parts(game))
    if game.finished:
        result.next_game = (
            Game.objects.filter(previous=game).values_list("code", "spectator_code").first()
        )
    return result


# What a board uses of a round: not its submission id or times, whose conversion cost more
# than the rest of the row.
ROUND_FIELDS = ("id", "game_id", "number", "went_out_id", "version")


def _parts(game: Game) -> tuple[list[Player], list[Round], dict[int, dict[int, int]]]:
    """A game's players and rounds in order, and its hands (round id -> player id -> points)."""
    return players_of(game), _rounds(game), _hands(game)


_PLAYER_COLUMNS = model_columns(
    Player,
    "id",
    "game_id",
    "seat",
    "name",
    "team",
    "joined_after",
    "start_points",
    "start_from",
    "left_after",
)
_PLAYERS = OneValue(
    lambda pk: Player.objects.filter(game_id=pk).order_by("seat").values_list(*_PLAYER_COLUMNS),
    placeholder=ID_PLACEHOLDER,
)


def players_of(game: Game) -> list[Player]:
    """The game's players in seat order: ``game.players.order_by("seat")``, one prepared
    query (ids, numbers and names need no conversion)."""
    db = Player.objects.db
    return [Player.from_db(db, _PLAYER_COLUMNS, row) for row in _PLAYERS.rows(game.pk)]


def _rounds(game: Game) -> list[Round]:
    return list(game.rounds.order_by("number").only(*ROUND_FIELDS))


def _hands(game: Game) -> dict[int, dict[int, int]]:
    hands: dict[int, dict[int, int]] = {}
    for round_id, player_id, points in Hand.objects.filter(round__game=game).values_list(
        "round_id", "player_id", "points"
    ):
        hands.setdefault(round_id, {})[player_id] = points
    return hands


def _standing(
    game: Game,
    rules: scoring.Rules,
    players: list[Player],
    rounds: list[Round],
    hands: Mapping[int, Mapping[int, int]],
    then: scoring.RoundResult | None = None,
) -> scoring.Standing:
    """Where the game stands after ``rounds`` (and ``then``, a round not stored yet)."""
    by_id = {p.pk: p for p in players}
    results = [
        scoring.RoundResult(
            went_out=by_id[r.went_out_id].seat,
            hands={by_id[pid].seat: pts for pid, pts in hands.get(r.pk, {}).items()},
        )
        for r in rounds
    ]
    if then is not None:
        results.append(then)
    from play import table  # players who come and go

    return scoring.standing(
        rules,
        len(players),
        game.first_dealer,
        results,
        active=[p.seat for p in table.playing(players)],
        start=table.starts(players, rules),
    )


def _assemble(
    game: Game,
    players: list[Player],
    rounds: list[Round],
    hands: Mapping[int, Mapping[int, int]],
    stand: scoring.Standing | None = None,
) -> Board:
    """The board from its parts; ``stand`` is their standing when the caller has it."""
    revision = game.revision
    rules = rules_of(revision)
    n = len(players)
    by_id = {p.pk: p for p in players}
    if stand is None:
        stand = _standing(game, rules, players, rounds, hands)
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
            dealer=seated[scoring.dealer(game.first_dealer, r.number, len(seated), rules)],
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
        newer_rules=revision.ruleset.current_id != revision.pk,
    )


# --- Changing rounds ---------------------------------------------------------------


def _lock(game: Game) -> Game:
    """The game row, locked until the transaction ends (its rules come along, unlocked).

    A game's revision never changes, so when ``game`` comes with it (``load_game``), it is
    kept rather than read again with the row.
    """
    if Game.revision.is_cached(game) and Revision.ruleset.is_cached(game.revision):
        locked = Game.objects.select_for_update(of=("self",)).get(pk=game.pk)
        locked.revision = game.revision
        return locked
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("revision__ruleset")
        .get(pk=game.pk)
    )


def _touch(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(version=game.version + 1, updated_at=timezone.now())
    game.version += 1


def _settle(game: Game) -> Board:
    """After a change: recompute whether the game is over and bump its version."""
    result = board(game)
    _bump(game, result.standing.finished)
    return result


_BUMPED = ("version", "finished_at", "updated_at")


@functools.cache
def _bump_sql() -> str:
    quote = connections[Game.objects.db].ops.quote_name
    columns = ", ".join(f"{quote(Game._meta.get_field(f).column)} = %s" for f in _BUMPED)
    pk = quote(Game._meta.pk.column)
    return f"UPDATE {quote(Game._meta.db_table)} SET {columns} WHERE {pk} = %s"


def _bump(game: Game, finished: bool) -> None:
    """Records whether the game is over now and bumps its version (the scoreboard's ETag).

    What ``game.save(update_fields=[...])`` sends, values prepared by their fields, as one
    plain UPDATE: it runs inside the write lock.
    """
    if finished != game.finished:
        game.finished_at = timezone.now() if finished else None
    game.version += 1
    game.updated_at = timezone.now()
    connection = connections[Game.objects.db]
    values = [
        Game._meta.get_field(name).get_db_prep_save(getattr(game, name), connection)
        for name in _BUMPED
    ]
    with connection.cursor() as cursor:
        cursor.execute(_bump_sql(), [*values, game.pk])


@functools.cache
def _insert_hand_sql() -> str:
    quote = connections[Hand.objects.db].ops.quote_name
    columns = ", ".join(
        quote(Hand._meta.get_field(f).column) for f in ("round", "player", "points")
    )
    return f"INSERT INTO {quote(Hand._meta.db_table)} ({columns}) VALUES (%s, %s, %s)"


def _store_hands(
    round_: Round, players: Sequence[Player], hands: Mapping[int, int]
) -> dict[int, int]:
    """Stores the hands of a round; returns them as player id -> points.

    Three whole numbers a row: one plain INSERT (what bulk_create sends, without building
    five model instances and the query for them, inside the write lock); the database
    checks the points as before (hand_points_range, hand_unique).
    """
    by_seat = {p.seat: p for p in players}
    stored = {by_seat[seat].pk: points for seat, points in hands.items()}
    if stored:
        with connections[Hand.objects.db].cursor() as cursor:
            cursor.executemany(
                _insert_hand_sql(),
                [(round_.pk, player_id, points) for player_id, points in stored.items()],
            )
    return stored


@dataclass
class Recorded:
    round: Round
    created: bool
    others_since: int = 0  # rounds other phones recorded since the form was shown
    # After the round, when created: where the game stands, and its players and rules.
    standing: scoring.Standing | None = None
    players: list[Player] | None = None
    rules: scoring.Rules | None = None
    _board: Callable[[], Board] | None = field(default=None, repr=False, compare=False)

    @functools.cached_property
    def board(self) -> Board | None:
        """The board after the round, when created (built when first asked for)."""
        return self._board() if self._board else None

    def outcome(self) -> tuple[Player, list[Player], int]:
        """Who went out, their side (them, or their pair) and what the side scored."""
        players, rules = self.players, self.rules
        went_out = next(p for p in players if p.pk == self.round.went_out_id)
        index = scoring.side_of(went_out.seat, len(players), rules)
        side = [players[seat] for seat in scoring.sides(len(players), rules)[index]]
        return went_out, side, self.standing.scores[self.round.number - 1][index]


def record_round(
    game: Game,
    went_out: int,
    hands: Mapping[int, int],
    submission_id: uuid.UUID,
    expected_number: int | None = None,
    players: list[Player] | None = None,
) -> Recorded:
    """Records the next round; a submission id already recorded returns that round.

    Raises GameOver when the game has ended. ``hands`` maps seats to valid points
    (see play.forms.RoundForm). ``players`` are the game's players in seat order, when
    the caller has them.

    The database is locked for as little as possible (on SQLite, every write waits for
    it). A game's players never change, so they are read before. So are its rounds and
    hands, after its version: every change bumps the version in the same transaction, so
    if the version is the same under the lock, what was read is what the game holds (if
    not, they are read again, under the lock). The new round is added to them in memory to
    tell whether the game is over (before the lock too, when nothing changed meanwhile);
    the board after it is only built if asked for (``Recorded.board``). A
    form sent twice is caught by the database (the submission id is unique per game), in
    a savepoint, and answered with the round it recorded the first time.
    """
    if players is None:
        players = players_of(game)
    rules = rules_of(game.revision)
    seen = _VERSION_OF(game.pk)
    rounds, stored = _rounds_and_hands(game)
    new = scoring.RoundResult(went_out=went_out, hands=dict(hands))
    stand = _standing(game, rules, players, rounds, stored, then=new)
    with transaction.atomic():
        state = _LOCKED_STATE.row(game.pk)
        if state is None:
            raise Game.DoesNotExist("The game was deleted.")
        version, over = state
        if version != seen:
            rounds, stored = _rounds_and_hands(game)
            stand = _standing(game, rules, players, rounds, stored, then=new)
        if over:
            existing = _recorded(game, submission_id)  # the same form, posted meanwhile
            if existing is not None:
                return Recorded(existing, False)
            raise GameOver("This game is over, so no more rounds can be recorded.")
        game = copy.copy(game)
        game.version, game.finished_at = version, None
        try:
            with transaction.atomic():  # a savepoint: the same form may be posted meanwhile
                round_ = Round.objects.create(
                    game=game,
                    number=max((r.number for r in rounds), default=0) + 1,
                    went_out=players[went_out],
                    submission_id=submission_id,
                )
        except IntegrityError:
            existing = _recorded(game, submission_id)
            if existing is None:
                raise
            return Recorded(existing, False)
        stored[round_.pk] = _store_hands(round_, players, hands)
        _bump(game, stand.finished)
    others = max(0, round_.number - expected_number) if expected_number else 0

    def board_after() -> Board:
        kept = [_round_from(game, r) for r in rounds]
        return _assemble(game, players, [*kept, round_], stored, stand)

    return Recorded(round_, True, others, stand, players, rules, board_after)


def _recorded(game: Game, submission_id: uuid.UUID) -> Round | None:
    return Round.objects.filter(game=game, submission_id=submission_id).first()


class _StoredRound(NamedTuple):
    pk: int
    number: int
    went_out_id: int
    version: int


def _round_from(game: Game, stored: _StoredRound) -> Round:
    values = [stored.pk, game.pk, stored.number, stored.went_out_id, stored.version]
    return Round.from_db(Round.objects.db, _ROUND_COLUMNS, values)


# A game's rounds with their hands, in one query (ids and numbers only).
_ROUNDS_AND_HANDS = OneValue(
    lambda pk: (
        Round.objects.filter(game_id=pk)
        .order_by("number")
        .values_list("id", "number", "went_out_id", "version", "hands__player_id", "hands__points")
    ),
    placeholder=ID_PLACEHOLDER,
)
_ROUND_COLUMNS = model_columns(Round, "id", "game_id", "number", "went_out_id", "version")


def _rounds_and_hands(game: Game) -> tuple[list[_StoredRound], dict[int, dict[int, int]]]:
    """What _rounds (as plain tuples) and _hands give, in one prepared query."""
    rounds: list[_StoredRound] = []
    hands: dict[int, dict[int, int]] = {}
    for round_id, number, went_out_id, version, player_id, points in _ROUNDS_AND_HANDS.rows(
        game.pk
    ):
        if not rounds or rounds[-1].pk != round_id:
            rounds.append(_StoredRound(round_id, number, went_out_id, version))
        if player_id is not None:
            hands.setdefault(round_id, {})[player_id] = points
    return rounds, hands


def _locked_round(game: Game, round_id: int, version: int) -> Round:
    round_ = Round.objects.filter(game=game, pk=round_id).first()
    if round_ is None:
        raise RoundChanged("That round was deleted on another phone, so nothing was changed.")
    if round_.version != version:
        raise RoundChanged(
            f"Round {round_.number} was changed on another phone while you were looking at "
            "it, so nothing was saved.",
            current=round_,
        )
    return round_


def edit_round(
    game: Game, round_id: int, version: int, went_out: int, hands: Mapping[int, int]
) -> Round:
    """Replaces a round's result if nobody changed it since ``version`` was shown."""
    with transaction.atomic():
        game = _lock(game)
        round_ = _locked_round(game, round_id, version)
        players = list(game.players.order_by("seat"))
        round_.went_out = players[went_out]
        round_.version += 1
        round_.save(update_fields=["went_out", "version", "updated_at"])
        round_.hands.all().delete()
        _store_hands(round_, players, hands)
        _settle(game)
    return round_


def delete_round(game: Game, round_id: int, version: int, *, last_only: bool = False) -> int:
    """Deletes a round and renumbers the later ones; returns the deleted round's number.

    With ``last_only`` (undo), the round must still be the last one.
    """
    with transaction.atomic():
        game = _lock(game)
        round_ = _locked_round(game, round_id, version)
        number = round_.number
        if last_only and game.rounds.filter(number__gt=number).exists():
            raise RoundChanged(
                f"Another phone recorded a round after round {number}, so nothing was undone. "
                "Delete the round you meant from the history."
            )
        round_.delete()
        # One at a time, lowest first, so (game, number) stays unique at every step.
        for later in game.rounds.filter(number__gt=number).order_by("number"):
            later.number -= 1
            later.save(update_fields=["number"])
        _settle(game)
    return number
