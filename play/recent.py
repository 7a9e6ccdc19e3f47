"""This phone's recent games: the games it opened, kept in its session (like "Your rule
sets"), so that closing the tab does not lose the scoreboard."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch
from django.urls import reverse

from play.models import Game, Player

SESSION_KEY = "games"
MAX_REMEMBERED = 8


@dataclass(frozen=True)
class RecentGame:
    url: str
    rules: str
    players: list[str]
    finished: bool
    spectator: bool
    changed: datetime


# How the browser reached a game, as kept: by the game link (False: not only watching),
# by the spectator link (True), or by the game's pages under its spectator code, keeping
# score through the table's card (see play.tables).
THROUGH_TABLE = "table"


def remember(request, game: Game, spectator: bool) -> None:
    """Puts the game first in this browser's list; the game link wins over the table's
    card, and both over the spectator link of the same game. The session is written only
    when the list changes."""
    kept = [list(e) for e in request.session.get(SESSION_KEY, [])]
    how: bool | str = THROUGH_TABLE if game.through_table and not spectator else spectator
    if how is not False and [game.pk, False] in kept:
        how = False
    elif how is True and [game.pk, THROUGH_TABLE] in kept:
        how = THROUGH_TABLE
    entry = [game.pk, how]
    if kept[:1] == [entry]:
        return
    others = [e for e in kept if e[0] != game.pk]
    request.session[SESSION_KEY] = [entry, *others][:MAX_REMEMBERED]


def member_games(request) -> list[int]:
    """The games this browser had the game link of (not only the spectator link)."""
    kept = request.session.get(SESSION_KEY, []) if hasattr(request, "session") else []
    return [pk for pk, watch in kept if watch is False]


def recent(request) -> list[RecentGame]:
    """This browser's recent games, the latest first (two queries)."""
    kept = request.session.get(SESSION_KEY, []) if hasattr(request, "session") else []
    if not kept:
        return []
    players = Prefetch("players", queryset=Player.objects.order_by("seat").only("game", "name"))
    games = (
        Game.objects.filter(pk__in=[pk for pk, _watch in kept])
        .select_related("revision")
        .only("code", "spectator_code", "finished_at", "updated_at", "revision__name")
        .prefetch_related(players)
    )
    by_pk = {g.pk: g for g in games}
    result = []
    for pk, watch in kept:
        g = by_pk.get(pk)
        if g is None:  # deleted since (old games are cleared after a while)
            continue
        if watch is True:
            url = reverse("play:watch_game", args=[g.spectator_code])
        else:
            url = reverse("play:game", args=[g.spectator_code if watch else g.code])
        result.append(
            RecentGame(
                url=url,
                rules=g.revision.name,
                players=[p.name for p in g.players.all()],
                finished=g.finished,
                spectator=watch is True,
                changed=g.updated_at,
            )
        )
    return result
