"""The "Can I ...?" answers on scoring and the end of the game."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, ngettext

from domain import options as opts
from domain.reference.core import (
    NO,
    PLAIN,
    YES,
    Options,
    Question,
    Reply,
    asks,
    points_words,
    uses_points,
)

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


@question(
    "card_points",
    gettext_lazy("How many points does each card score?"),
    "base.number_points",
    "points_action",
    "points_wild",
    "scoring",
)
def _card_points(o: Options) -> Reply:
    if not uses_points(o):
        return PLAIN, gettext("None: this house counts rounds won, not points.")
    # Translators: %(action)s and %(wild)s are numbers of points, as in "20 points".
    return PLAIN, gettext(
        "Number cards score their face value, each Skip, Reverse and Draw Two %(action)s, and "
        "each Wild and Wild Draw Four %(wild)s."
    ) % {"action": points_words(o["points_action"]), "wild": points_words(o["points_wild"])}


@question(
    "who_scores",
    gettext_lazy("Who scores at the end of a round?"),
    "scoring",
    "teams",
    "team_scores_partner_hand",
)
def _who_scores(o: Options) -> Reply:
    scoring, pairs = o["scoring"], o["teams"] == "pairs"
    if scoring == "winner_takes_points" and pairs:
        if o["team_scores_partner_hand"]:
            return PLAIN, (
                gettext(
                    "The pair of the player who went out scores every card left in the other "
                    "pairs' hands and the partner's hand."
                )
            )
        return PLAIN, (
            gettext(
                "The pair of the player who went out scores every card left in the other pairs' "
                "hands."
            )
        )
    if scoring == "winner_takes_points":
        return PLAIN, gettext(
            "The player who went out scores every card left in the other players' hands."
        )
    if scoring == "lowest_total_wins" and pairs:
        return PLAIN, (
            gettext(
                "Each pair scores the cards left in both partners' hands, and the partner who "
                "went out has none."
            )
        )
    if scoring == "lowest_total_wins":
        return PLAIN, (
            gettext(
                "Everyone scores the cards left in their own hand, and the player who went out "
                "scores nothing."
            )
        )
    if pairs:
        return PLAIN, gettext(
            "Nobody scores points: the pair of the player who went out wins the round."
        )
    return PLAIN, gettext("Nobody scores points: the player who went out wins the round.")


@question(
    "partner_hand",
    gettext_lazy("Does my partner's hand count for our score?"),
    "team_scores_partner_hand",
    asked=opts.BY_KEY["team_scores_partner_hand"].is_relevant,
)
def _partner_hand(o: Options) -> Reply:
    if o["team_scores_partner_hand"]:
        return YES, gettext("The winning pair also scores the cards left in the partner's hand.")
    return NO, gettext("The winning pair scores only the other pairs' hands.")


@question(
    "game_end", gettext_lazy("When does the game end?"), "scoring", "target_score", "rounds_to_win"
)
def _game_end(o: Options) -> Reply:
    scoring, pairs = o["scoring"], o["teams"] == "pairs"
    if scoring == "round_wins":
        n = o["rounds_to_win"]
        if pairs:
            return PLAIN, ngettext(
                "When a pair has won %(n)s round: that pair wins.",
                "When a pair has won %(n)s rounds: that pair wins.",
                n,
            ) % {"n": n}
        return PLAIN, ngettext(
            "When someone has won %(n)s round: they win.",
            "When someone has won %(n)s rounds: they win.",
            n,
        ) % {"n": n}
    target = o["target_score"]
    if scoring == "lowest_total_wins" and pairs:
        return PLAIN, ngettext(
            "When any pair's total reaches %(n)s point: the lowest total wins, and equal lowest "
            "totals share the win.",
            "When any pair's total reaches %(n)s points: the lowest total wins, and equal lowest "
            "totals share the win.",
            target,
        ) % {"n": target}
    if scoring == "lowest_total_wins":
        return PLAIN, ngettext(
            "When any total reaches %(n)s point: the lowest total wins, and equal lowest "
            "totals share the win.",
            "When any total reaches %(n)s points: the lowest total wins, and equal lowest "
            "totals share the win.",
            target,
        ) % {"n": target}
    if pairs:
        return PLAIN, ngettext(
            "As soon as a pair's total reaches %(n)s point: that pair wins.",
            "As soon as a pair's total reaches %(n)s points: that pair wins.",
            target,
        ) % {"n": target}
    return PLAIN, ngettext(
        "As soon as a total reaches %(n)s point: whoever reaches it wins.",
        "As soon as a total reaches %(n)s points: whoever reaches it wins.",
        target,
    ) % {"n": target}
