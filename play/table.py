"""Players who come and go: add a player mid-game, remove one, rename, fix the seat order.

Every seat a game has had stays, numbered 0..N-1: a player who leaves keeps their row,
their past rounds and their total, but no longer plays (``left_after`` says after how many
rounds). The deal passes round the players still at the table (``Game.first_dealer`` is a
position among them), and every change here keeps the player due to deal next as the
next dealer (or, when they leave, the player after them).

With pairs, partners sit opposite, and a whole pair joins or leaves together. Seats keep
one layout for every pair the game has had: with T pairs, the first partner of pair t
sits at seat t and the second at seat t + T, so seat s scores for pair s % T (as
``scoring.side_of`` counts) and the players still at the table, in seat order, have
their partners opposite. A new pair takes seats T and 2T + 1 (the second partners move
up one seat to make room); a pair that leaves keeps its seats. Moving a player moves
their partner too.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from domain import scoring
from play import seating, services
from play.boards import Board
from play.forms import clean_name
from play.models import MAX_SEATS, NAME_MAX, START_POINTS_MAX, Game, Player, Round, StartFrom


class Refused(ValueError):
    """A change of players that the rules or the game's state do not allow; the message
    says why, and nothing was changed."""


# --- What the board says about them ----------------------------------------------


def _units(players: Sequence[Player], rules: scoring.Rules) -> list[tuple[int, str, Player]]:
    """Who joins and leaves: each player, or with pairs each pair (side, name, one of them)."""
    units = []
    for side, seats in enumerate(scoring.sides(len(players), rules)):
        members = [players[seat] for seat in seats]
        units.append((side, " & ".join(p.name for p in members), members[0]))
    return units


def notes(players: Sequence[Player], totals: Sequence[int], rules: scoring.Rules) -> list[str]:
    """What the board says about players (or pairs) who joined or left mid-game."""
    said = []
    for side, name, p in _units(players, rules):
        if p.joined_after:
            if p.start_from == StartFrom.LOWEST:
                text = ngettext(
                    "%(name)s joined after round %(round)s, starting from %(points)s point "
                    "(the lowest total then).",
                    "%(name)s joined after round %(round)s, starting from %(points)s points "
                    "(the lowest total then).",
                    p.start_points,
                )
            elif p.start_from == StartFrom.AGREED:
                text = ngettext(
                    "%(name)s joined after round %(round)s, starting from %(points)s point "
                    "(as the table decided).",
                    "%(name)s joined after round %(round)s, starting from %(points)s points "
                    "(as the table decided).",
                    p.start_points,
                )
            else:
                text = _("%(name)s joined after round %(round)s, starting from 0.")
            said.append(text % {"name": name, "round": p.joined_after, "points": p.start_points})
        if p.left_after == 0:
            said.append(_("%(name)s left before the first round.") % {"name": name})
        elif p.left_after is not None:
            total = totals[side] if side < len(totals) else 0
            said.append(
                ngettext(
                    "%(name)s left after round %(round)s with %(total)s point; their rounds "
                    "stay in the history.",
                    "%(name)s left after round %(round)s with %(total)s points; their rounds "
                    "stay in the history.",
                    total,
                )
                % {"name": name, "round": p.left_after, "total": total}
            )
    return said


def can_move_up(b: Board, position: int) -> bool:
    """Whether the player at ``position`` among those seated can move one seat up."""
    if b.rules.pairs:
        return position % (len(b.active) // 2) != 0
    return position > 0


def partner(b: Board, player: Player) -> Player | None:
    """With pairs, the player's partner (sitting opposite)."""
    if not b.rules.pairs:
        return None
    return next(p for p in b.side_of(player).players if p.pk != player.pk)


def new_seats_after(b: Board) -> list[Player]:
    """Whom a new player sits after, or with pairs whom each new partner sits after."""
    if b.rules.pairs:
        half = len(b.active) // 2
        return [b.active[half - 1], b.active[-1]]
    return [b.active[-1]]


# --- Changes -------------------------------------------------------------------------


def _first_dealer_for(dealer: Player, seated: Sequence[Player], rounds: int, rules) -> int:
    """The first-dealer position that makes ``dealer`` deal the next round."""
    position = next(i for i, p in enumerate(seated) if p.pk == dealer.pk)
    return scoring.first_dealer_for(position, rounds + 1, len(seated), rules)


def _begin(game: Game) -> tuple[Game, Board]:
    locked = services.lock_game(game)
    return locked, services.board(locked)


def _save_dealer(locked: Game, b: Board, seated: Sequence[Player], dealer: Player):
    first = _first_dealer_for(dealer, seated, len(b.rounds), b.rules)
    if first != locked.first_dealer:
        locked.first_dealer = first
        locked.save(update_fields=["first_dealer"])


def _valid_name(game: Game, raw: str, player: Player | None = None) -> str:
    name = clean_name(raw or "")
    if not name:
        raise Refused(_("Enter a name: nothing was changed."))
    if len(name) > NAME_MAX:
        raise Refused(
            _("A name has at most %(max)s characters: nothing was changed.") % {"max": NAME_MAX}
        )
    taken = Player.objects.filter(game=game).annotate(lower=Lower("name"))
    if player is not None:
        taken = taken.exclude(pk=player.pk)
    if taken.filter(lower=name.lower()).exists():
        raise Refused(
            _(
                "Someone in this game is already called “%(name)s”: choose another name "
                "(such as “%(name)s B.”). Nothing was changed."
            )
            % {"name": name}
        )
    return name


def _not_over(b: Board) -> None:
    if b.standing.finished:
        raise Refused(
            _("This game is over, so its players cannot change: start the next game instead.")
        )


def _room(b: Board, joining: int) -> None:
    """Refuses when ``joining`` more players would be too many at the table, or too many
    seats for one game (one seat stays free for moving players round)."""
    if len(b.active) + joining > scoring.MAX_PLAYERS:
        if joining == 1:
            raise Refused(
                _("UNO is for at most %(max)s players, and %(max)s are playing: nobody was added.")
                % {"max": scoring.MAX_PLAYERS}
            )
        raise Refused(
            _(
                "UNO is for at most %(max)s players, and %(count)s are playing: a pair would "
                "make %(after)s. Nobody was added."
            )
            % {
                "max": scoring.MAX_PLAYERS,
                "count": len(b.active),
                "after": len(b.active) + joining,
            }
        )
    if len(b.players) + joining > MAX_SEATS - 1:
        raise Refused(_("This game has had too many players come and go: start a new one."))


def _start_points(b: Board, start_from: str, amount: int | None, who: str) -> int:
    """What a player (or pair) who joins now starts with; ``who`` names them in messages."""
    if start_from == StartFrom.LOWEST:
        return min(s.total for s in b.playing_sides)
    if start_from == StartFrom.AGREED:
        if amount is None or not 0 <= amount <= START_POINTS_MAX:
            raise Refused(
                _("Enter the points %(who)s starts with, as a whole number 0 or more.")
                % {"who": who}
            )
        if amount >= b.rules.goal:
            raise Refused(
                _(
                    "Starting with %(amount)s would reach %(goal)s and end the game at "
                    "once: choose less. Nothing was changed."
                )
                % {"amount": amount, "goal": b.rules.goal}
            )
        return amount
    if start_from == StartFrom.ZERO:
        return 0
    raise Refused(_("Choose what %(who)s starts with.") % {"who": who})


def add_player(game: Game, raw_name: str, start_from: str, amount: int | None = None) -> Player:
    """Seats a new player after the others, from the next round on."""
    with transaction.atomic():
        locked, b = _begin(game)
        _not_over(b)
        if b.rules.pairs:
            raise Refused(
                _(
                    "These rules play in pairs, and partners sit opposite each other, so "
                    "players join two at a time: add a pair."
                )
            )
        _room(b, 1)
        name = _valid_name(locked, raw_name)
        points = _start_points(b, start_from, amount, _("the new player"))
        player = Player.objects.create(
            game=locked,
            seat=len(b.players),
            name=name,
            joined_after=len(b.rounds),
            start_points=points,
            start_from=start_from,
        )
        _save_dealer(locked, b, [*seating.playing(b.players), player], b.dealer)
        services.settle(locked)
    return player


def add_pair(
    game: Game, raw_names: Sequence[str], start_from: str, amount: int | None = None
) -> tuple[Player, Player]:
    """Seats a new pair from the next round on: partners opposite, the first after the
    last first partner, the second after everyone (see the seat layout above)."""
    with transaction.atomic():
        locked, b = _begin(game)
        _not_over(b)
        if not b.rules.pairs:
            raise Refused(_("These rules do not play in pairs: add one player at a time."))
        _room(b, 2)
        if len(raw_names) != 2 or not all(clean_name(n or "") for n in raw_names):
            raise Refused(_("Enter the names of both partners: nothing was changed."))
        first, second = (_valid_name(locked, n) for n in raw_names)
        if first.casefold() == second.casefold():
            raise Refused(
                _(
                    "Both partners are called “%(name)s”: give each a different name (such "
                    "as “%(name)s B.”). Nothing was changed."
                )
                % {"name": first}
            )
        points = _start_points(b, start_from, amount, _("the new pair"))
        pairs = len(b.players) // 2
        # The second partners move up one seat, the last first, so seats stay unique.
        for p in sorted(b.players[pairs:], key=lambda p: -p.seat):
            p.seat += 1
            p.save(update_fields=["seat"])
        joined = {"joined_after": len(b.rounds), "start_points": points, "start_from": start_from}
        a = Player.objects.create(game=locked, seat=pairs, name=first, team=pairs, **joined)
        z = Player.objects.create(
            game=locked, seat=2 * pairs + 1, name=second, team=pairs, **joined
        )
        seated = seating.playing(sorted([*b.players, a, z], key=lambda p: p.seat))
        _save_dealer(locked, b, seated, b.dealer)
        services.settle(locked)
    return a, z


def _player(game: Game, player_id: int | None) -> Player:
    player = None
    if player_id is not None:
        player = Player.objects.filter(game=game, pk=player_id).first()
    if player is None:
        raise Refused(_("There is no such player in this game: nothing was changed."))
    return player


def _partners(b: Board, player: Player) -> list[Player]:
    """The player, and with pairs their partner: who leaves together."""
    return b.side_of(player).players if b.rules.pairs else [player]


def remove_player(game: Game, player_id: int) -> list[Player]:
    """Takes a player (with pairs, the player's pair) off the table from the next round;
    their rounds and total stay. Returns who left."""
    with transaction.atomic():
        locked, b = _begin(game)
        player = _player(locked, player_id)
        if player.left_after is not None:
            raise Refused(
                _("%(name)s has already left the game (on another phone): nothing was changed.")
                % {"name": player.name}
            )
        _not_over(b)
        seated = seating.playing(b.players)
        leaving = _partners(b, b.players[player.seat])
        if b.rules.pairs and len(b.playing_sides) <= 2:
            raise Refused(
                _(
                    "A game in pairs needs at least two pairs, and %(names)s are the last "
                    "two: nobody was removed."
                )
                % {"names": _(" and ").join(s.name for s in b.playing_sides)}
            )
        if len(seated) <= scoring.MIN_PLAYERS:
            raise Refused(
                _(
                    "A game needs at least two players, and %(names)s are the last two: "
                    "nobody was removed."
                )
                % {"names": _(" and ").join(p.name for p in seated)}
            )
        gone = {p.pk for p in leaving}
        staying = [p for p in seated if p.pk not in gone]
        dealer = b.dealer
        if dealer.pk in gone:  # the deal passes on to the next player who stays
            i = next(i for i, p in enumerate(seated) if p.pk == dealer.pk)
            while seated[i].pk in gone:
                i = (i + b.rules.step) % len(seated)
            dealer = seated[i]
        for p in leaving:
            p.left_after = len(b.rounds)
            p.save(update_fields=["left_after"])
        _save_dealer(locked, b, staying, dealer)
        services.settle(locked)
    return leaving


def choose_dealer(game: Game, player_id: int | None, round_number: int | None) -> Player:
    """Makes ``player_id`` deal round ``round_number``, the next one (for houses where the
    loser or the winner deals); the deal passes on from them. Refuses, changing nothing,
    when the page was for another round (another phone recorded one meanwhile), when the
    player left, or when the game is over."""
    with transaction.atomic():
        locked, b = _begin(game)
        if b.standing.finished:
            raise Refused(_("This game is over: there is no next round to deal."))
        if round_number != b.standing.round_number:
            raise Refused(
                _(
                    "The board has changed on another phone: %(name)s deals round "
                    "%(number)s now. Nothing was changed; choose again if someone else deals."
                )
                % {"name": b.dealer.name, "number": b.standing.round_number}
            )
        player = _player(locked, player_id)
        if player.left_after is not None:
            raise Refused(
                _("%(name)s has left the game, so cannot deal. Nothing was changed.")
                % {"name": player.name}
            )
        if player.pk != b.dealer.pk:
            # Rounds recorded before dealers were kept are counted from the first dealer:
            # they keep who the history says dealt them.
            for row in b.rounds:
                if row.round.dealer_id is None:
                    Round.objects.filter(pk=row.round.pk).update(dealer=row.dealer)
            _save_dealer(locked, b, seating.playing(b.players), player)
            services.settle(locked)
    return player


def rename_player(game: Game, player_id: int, raw_name: str) -> Player:
    with transaction.atomic():
        locked = services.lock_game(game)
        player = _player(locked, player_id)
        name = _valid_name(locked, raw_name, player)
        if name != player.name:
            player.name = name
            player.save(update_fields=["name"])
            services.settle(locked)
    return player


def _swap(players_by_seat: dict[int, Player], a: int, b: int, free: int) -> None:
    """Swaps the players of seats a and b through a free seat ((game, seat) stays unique)."""
    first, second = players_by_seat[a], players_by_seat[b]
    first.seat = free
    first.save(update_fields=["seat"])
    second.seat = a
    second.save(update_fields=["seat"])
    first.seat = b
    first.save(update_fields=["seat"])
    players_by_seat[a], players_by_seat[b] = second, first


def move_up(game: Game, player_id: int, seat: int | None) -> Player:
    """Moves a player one place earlier round the table (with pairs, their partner too).

    ``seat`` is where the phone saw the player: if another phone moved them meanwhile,
    nothing is changed.
    """
    with transaction.atomic():
        locked, b = _begin(game)
        player = _player(locked, player_id)
        if player.seat != seat or player.left_after is not None:
            raise Refused(
                _("The seating was changed on another phone: look again. Nothing was changed.")
            )
        seated = seating.playing(b.players)
        by_seat = {p.seat: p for p in b.players}
        free = len(b.players)
        if b.rules.pairs:
            pairs = len(b.players) // 2
            team = player.seat % pairs
            earlier = [s.index for s in b.playing_sides if s.index < team]
            if not earlier:
                raise Refused(_("%(name)s is in the first seat already.") % {"name": player.name})
            _swap(by_seat, earlier[-1], team, free)
            _swap(by_seat, earlier[-1] + pairs, team + pairs, free)
            for p in by_seat.values():
                if p.team != p.seat % pairs:
                    p.team = p.seat % pairs
                    p.save(update_fields=["team"])
        else:
            i = next(i for i, p in enumerate(seated) if p.pk == player.pk)
            if i == 0:
                raise Refused(_("%(name)s is in the first seat already.") % {"name": player.name})
            _swap(by_seat, seated[i - 1].seat, player.seat, free)
        reseated = seating.playing(sorted(by_seat.values(), key=lambda p: p.seat))
        _save_dealer(locked, b, reseated, b.dealer)
        services.settle(locked)
    return player
