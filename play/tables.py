"""Which games a phone may find from the table: the table link, and this browser's table.

A rule set's link is public: it is posted online and a popular rule set is used by many
families at once, so it never lists anyone's games. The printed table card carries a
*table link* instead (``/r/<rules code>/t/<table code>/``): the same rules page, plus the
games of that one table that are in progress. The table code is unguessable like every
code here and is only on the card (and in the browsers of the table), so a game shows
where its own table reaches it, and nowhere else.

A browser remembers its table for each rule set in its (signed) session: the one whose
table link it opened last, or, when it prints a card or starts a game without one, a new
one of its own. The games it starts are played at that table.

Whoever can scan the card is at the table, so the table link lets a phone keep score
too, in one tap ("Keep score" beside the game): its scoreboard is then the game's pages
under its spectator code (``/g/<spectator code>/``), which keep score only in a browser
whose table for the game's rules is the game's table (``scores_here``). A phone never
learns the game link that way, and the host's phone can renew the table link (a new card,
``renew``): the games move to a new table code, and a phone that kept score through the
old card can no longer, and is told why (``refusal``). The rule set's share link alone
never lists a game nor gives scoring; the spectator link alone stays read-only. The game
link (shown as a QR code by "Let another phone keep score") keeps score wherever it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from domain import reference, scoring
from play import services
from play.boards import Board, Side
from play.models import Game
from rulesets import codes
from rulesets.models import RuleSet

SESSION_KEY = "tables"  # rule set code -> table code
MAX_REMEMBERED = 20
ACTIVE_FOR = timedelta(hours=4)  # a game touched within this is "in progress"
MAX_SHOWN = 3


def remembered(request, ruleset: RuleSet) -> str | None:
    """The table this browser sits at for these rules, if it has one."""
    table = request.session.get(SESSION_KEY, {}).get(ruleset.code)
    return table if isinstance(table, str) and codes.is_code(table) else None


def remember(request, ruleset: RuleSet, table: str) -> None:
    tables = dict(request.session.get(SESSION_KEY, {}))
    if tables.get(ruleset.code) == table:
        return
    tables.pop(ruleset.code, None)
    tables[ruleset.code] = table
    # The oldest go first (dicts keep their order).
    request.session[SESSION_KEY] = dict(list(tables.items())[-MAX_REMEMBERED:])


def own_table(request, ruleset: RuleSet) -> str:
    """This browser's table for these rules, made (and remembered) when it has none."""
    table = remembered(request, ruleset)
    if table is None:
        table = codes.new_code()
        remember(request, ruleset, table)
    return table


def table_path(ruleset: RuleSet, table: str) -> str:
    return reverse("play:table", args=[ruleset.code, table])


def own_table_path(request, ruleset: RuleSet) -> str:
    """The path of this browser's table link for these rules: what the printed table card
    carries (rulesets.sharing.table_url)."""
    return table_path(ruleset, own_table(request, ruleset))


@dataclass(frozen=True)
class InProgress:
    """A game in progress at a table, as the rules page and the start page show it."""

    game: Game
    names: list[str]
    round_number: int
    leaders: list[Side]  # the sides in the lead (more than one: a tie)
    counts_points: bool
    lowest_wins: bool

    @property
    def started_at(self) -> datetime:
        return self.game.created_at

    @property
    def just_started(self) -> bool:
        return timezone.now() - self.game.created_at < timedelta(minutes=1)

    @property
    def follow_url(self) -> str:
        return reverse("play:watch_game", args=[self.game.spectator_code])

    @property
    def score_url(self) -> str:
        return scoring_url(self.game)

    @property
    def players(self) -> str:
        return ", ".join(self.names)

    @property
    def lead_text(self) -> str:
        """Who leads, in a sentence: "Ann leads with 86 points." """
        if not self.leaders:
            return _("No round has been recorded yet.")
        lead = self.leaders[0].total
        if self.counts_points:
            what = ngettext("%(n)d point", "%(n)d points", lead) % {"n": lead}
        else:
            what = ngettext("%(n)d round won", "%(n)d rounds won", lead) % {"n": lead}
        names = reference.listed_names([side.name for side in self.leaders])
        values = {"names": names, "what": what}
        # Translators: %(what)s is "86 points" or "2 rounds won"; %(names)s one name or a
        # pair's ("Ann & Ben"), or a list of them for a shared lead.
        if len(self.leaders) > 1:
            return _("%(names)s share the lead with %(what)s each.") % values
        pair = len(self.leaders[0].players) > 1
        if self.lowest_wins:
            if pair:
                return _("%(names)s lead with the lowest total, %(what)s.") % values
            return _("%(names)s leads with the lowest total, %(what)s.") % values
        if pair:
            return _("%(names)s lead with %(what)s.") % values
        return _("%(names)s leads with %(what)s.") % values


def in_progress(
    ruleset: RuleSet, table: str | None, now: datetime | None = None
) -> list[InProgress]:
    """The games with these rules at this table that are not over and were started or
    changed in the last hours, the newest first."""
    if not table:
        return []
    since = (now or timezone.now()) - ACTIVE_FOR
    games = (
        Game.objects.filter(
            table=table,
            revision__ruleset=ruleset,
            finished_at__isnull=True,
            updated_at__gte=since,
        )
        .select_related("revision__ruleset")
        .order_by("-created_at")[:MAX_SHOWN]
    )
    return [_summary(services.board(game)) for game in games]


def _summary(b: Board) -> InProgress:
    lowest = b.rules.scoring == scoring.LOWEST_TOTAL_WINS
    leaders = []
    if b.rounds:
        totals = [s.total for s in b.sides]
        lead = min(totals) if lowest else max(totals)
        leaders = [s for s in b.sides if s.total == lead]
    return InProgress(
        game=b.game,
        names=[p.name for p in b.players],
        round_number=b.standing.round_number,
        leaders=leaders,
        counts_points=b.rules.counts_points,
        lowest_wins=lowest,
    )


# --- Keeping score through the card ---------------------------------------------------


def scores_here(request, game: Game) -> bool:
    """Whether this browser keeps score in ``game`` through its table's card: the table it
    opened last for the game's rules is the game's table."""
    return bool(game.table) and remembered(request, game.revision.ruleset) == game.table


def refusal(request, game: Game) -> str:
    """Why this browser cannot keep score in ``game`` under its spectator code, in words."""
    table = remembered(request, game.revision.ruleset) if request is not None else None
    if table and table == game.old_table:
        return _(
            "The card on this table was renewed on the host’s phone, so this phone can no "
            "longer keep score through the old one. Scan the new card to keep score again. "
            "Nothing was changed."
        )
    if table:
        return _(
            "This phone opened the card of another table, so it cannot keep score in this "
            "game. Scan the card on this game’s table to keep score. Nothing was changed."
        )
    return _(
        "This is the read-only link of a game: ask the table for the game link to "
        "record or change rounds."
    )


def scoring_url(game: Game) -> str:
    """Where a phone at the table keeps score: the game's pages under its spectator code."""
    return reverse("play:game", args=[game.spectator_code])


def link_code(game: Game, through_table: bool) -> str:
    """The code of the game pages of ``game`` for a phone that keeps score with the game
    link, or through the table's card."""
    return game.spectator_code if through_table else game.code


def renew(request, game: Game) -> str:
    """A new table link for ``game``'s table (a new card): every game played at the old one
    moves to it, and phones that kept score through the old card no longer can (each
    game's version goes up, so their next poll is refused and says why). This browser sits
    at the new table. Returns the new table code."""
    old = game.table
    new = codes.new_code()
    with transaction.atomic():
        at_table = Game.objects.filter(table=old) if old else Game.objects.filter(pk=game.pk)
        for g in at_table.select_for_update().order_by("pk"):
            g.old_table, g.table = old, new
            g.save(update_fields=["old_table", "table"])
            services.bump(g)
    remember(request, game.revision.ruleset, new)
    return new
