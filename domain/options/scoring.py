"""The options of the group "Going out and scoring" ('scoring'), in catalogue order."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from domain.options.option import BOOL, ENUM, INT, SCORED, Option, Play
from domain.options.texts import POINT, ROUND, scoring_rules

_PAIRS_LOWEST = _(
    "Each pair adds up the points in both partners' hands and scores them; the partner who went "
    "out has none. When any pair reaches the target score the game ends and the lowest total wins "
    "(equal lowest totals share the win)."
)
_PAIRS_ROUNDS = _(
    "No points are counted: the pair of the player who goes out wins the round, and the first "
    "pair to win the set number of rounds wins the game."
)

OPTIONS: list[Option] = [
    Option(
        "last_card",
        "scoring",
        ENUM,
        "any",
        pgettext_lazy("option label", "Going out"),
        _("Which cards a player may go out with."),
        choices={
            "any": pgettext_lazy("option last_card value", "With any card"),
            "no_wild": pgettext_lazy("option last_card value", "Not with a Wild"),
            "no_action_or_wild": pgettext_lazy("option last_card value", "Only with a number card"),
        },
        texts={
            "any": _(
                "You may go out with any card: a number, a Skip, a Reverse, a Draw Two, "
                "a Wild or a Wild Draw Four."
            ),
            "no_wild": _(
                "Your last card may not be a Wild or a Wild Draw Four; a number, "
                "Skip, Reverse or Draw Two is fine. If your only card is a Wild or a Wild Draw "
                "Four, you may not play it: draw as a player who cannot play."
            ),
            "no_action_or_wild": _(
                "Your last card must be a number card: you may not go out "
                "with a Skip, Reverse, Draw Two, Wild or Wild Draw Four. If your only card is "
                "one of those, you may not play it: draw as a player who cannot play."
            ),
        },
        place=("scoring", "base.going_out"),
        play=Play("last_card"),
        says={
            "any": "go out with any card",
            "no_wild": "last card may not be a Wild or a Wild Draw Four",
            "no_action_or_wild": "last card must be a number card",
        },
    ),
    Option(
        "scoring",
        "scoring",
        ENUM,
        "winner_takes_points",
        pgettext_lazy("option label", "Scoring"),
        _("How a round is scored and the game won."),
        choices={
            "winner_takes_points": pgettext_lazy(
                "option scoring value", "Winner scores the other hands"
            ),
            "lowest_total_wins": pgettext_lazy(
                "option scoring value", "Everyone scores their own hand; lowest total wins"
            ),
            "round_wins": pgettext_lazy("option scoring value", "Count rounds won"),
        },
        texts={
            "winner_takes_points": _(
                "The player who goes out scores the points of all cards "
                "left in the other players' hands. The first to reach the target score wins the "
                "game."
            ),
            "lowest_total_wins": _(
                "Every player adds up the points in their own hand and "
                "scores them; the player who went out scores nothing. When anyone reaches the "
                "target score the game ends and the lowest total wins (equal lowest totals "
                "share the win)."
            ),
            "round_wins": _(
                "No points are counted: going out wins the round, and the first to "
                "win the set number of rounds wins the game."
            ),
        },
        variants={
            "pairs": {
                "winner_takes_points": _(
                    "The pair of the player who goes out scores the points "
                    "of all cards left in the other pairs' hands. The first pair to reach the "
                    "target score wins the game."
                ),
                "lowest_total_wins": _PAIRS_LOWEST,
                "round_wins": _PAIRS_ROUNDS,
            },
            "pairs_partner": {
                "winner_takes_points": _(
                    "The pair of the player who goes out scores the points of all cards left "
                    "in the other pairs' hands and in the partner's hand. The first pair to "
                    "reach the target score wins the game."
                ),
                "lowest_total_wins": _PAIRS_LOWEST,
                "round_wins": _PAIRS_ROUNDS,
            },
        },
        variant=scoring_rules,
        place=("scoring", "base.going_out_action"),
        play=SCORED,
        says={
            "winner_takes_points": (
                "scores the points of all cards left in the other players' hands"
            ),
            "lowest_total_wins": "the lowest total wins",
            "round_wins": "No points are counted",
        },
    ),
    Option(
        "target_score",
        "scoring",
        INT,
        500,
        pgettext_lazy("option label", "Target score"),
        _("The game ends when a total reaches it."),
        minimum=50,
        maximum=5000,
        unit=POINT,
        texts={
            "n": ngettext_lazy(
                "The target score is %(n)s point: the game ends when a total reaches it.",
                "The target score is %(n)s points: the game ends when a total reaches it.",
                "n",
            ),
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note=_("Not when counting rounds won."),
        place=("scoring", "scoring"),
        play=SCORED,
        too_small=ngettext_lazy(
            "A game must go to at least %(min)s point.",
            "A game must go to at least %(min)s points.",
            "n",
        ),
        too_big=ngettext_lazy(
            "A game can go to at most %(max)s point.",
            "A game can go to at most %(max)s points.",
            "n",
        ),
        says={
            "n": "The target score is {n} point",
        },
    ),
    Option(
        "rounds_to_win",
        "scoring",
        INT,
        1,
        pgettext_lazy("option label", "Rounds to win"),
        _("When counting rounds won: rounds needed to win the game."),
        minimum=1,
        maximum=25,
        unit=ROUND,
        texts={
            "n": ngettext_lazy(
                "The first to win %(n)s round wins the game.",
                "The first to win %(n)s rounds wins the game.",
                "n",
            ),
        },
        variants={
            "pairs": {
                "n": ngettext_lazy(
                    "The first pair to win %(n)s round wins the game.",
                    "The first pair to win %(n)s rounds wins the game.",
                    "n",
                ),
            }
        },
        variant=lambda o: "pairs" if o["teams"] == "pairs" else "",
        when=(("scoring", ("round_wins",)),),
        when_note=_("Only when counting rounds won."),
        place=("scoring", "target_score"),
        play=SCORED,
        too_small=ngettext_lazy(
            "A game needs at least %(min)s round won to win.",
            "A game needs at least %(min)s rounds won to win.",
            "n",
        ),
        too_big=ngettext_lazy(
            "A game can need at most %(max)s round won to win.",
            "A game can need at most %(max)s rounds won to win.",
            "n",
        ),
        says={
            "n": "The first to win {n} round",
        },
    ),
    Option(
        "teams",
        "scoring",
        ENUM,
        "none",
        pgettext_lazy("option label", "Teams"),
        _("Play alone, or in pairs with partners sitting opposite."),
        choices={
            "none": pgettext_lazy("option teams value", "Everyone for themselves"),
            # Translators: the words before the colon are also shown alone, in the
            # list of house rules: keep the colon.
            "pairs": pgettext_lazy("option teams value", "Pairs: partners sit opposite"),
        },
        texts={
            "none": _("Everyone plays for themselves."),
            "pairs": _(
                "Play in pairs (4, 6, 8 or 10 players): partners sit opposite each other "
                "and score together; when one partner goes out, the pair wins the round."
            ),
        },
        variants={
            "rounds": {
                "none": _("Everyone plays for themselves."),
                "pairs": _(
                    "Play in pairs (4, 6, 8 or 10 players): partners sit opposite each "
                    "other and win together; when one partner goes out, the pair wins the round."
                ),
            }
        },
        variant=lambda o: "rounds" if o["scoring"] == "round_wins" else "",
        place=("setup", "base.players"),
        play=Play("pairs", means="pairs"),
        says={
            "none": "Everyone plays for themselves",
            "pairs": "partners sit opposite each other and score together",
        },
    ),
    Option(
        "team_scores_partner_hand",
        "scoring",
        BOOL,
        False,
        pgettext_lazy("option label", "Partner's hand scores too"),
        _("In pairs: the winning pair also scores the cards left in the partner's hand."),
        choices={
            True: pgettext_lazy("option team_scores_partner_hand value", "Yes"),
            False: pgettext_lazy("option team_scores_partner_hand value", "No"),
        },
        texts={
            True: _(
                "The pair that wins the round also scores the cards left in the partner's "
                "hand, so every card left on the table counts."
            ),
            False: _("The pair that wins the round scores only the other pairs' hands."),
        },
        when=(("teams", ("pairs",)), ("scoring", ("winner_takes_points",))),
        when_note=_("Only when playing in pairs and the winner scores the other hands."),
        place=("scoring", "rounds_to_win"),
        play=SCORED,
        says={
            True: "also scores the cards left in the partner's hand",
            False: "scores only the other pairs' hands",
        },
    ),
    Option(
        "points_action",
        "scoring",
        INT,
        20,
        pgettext_lazy("option label", "Points for a Skip, Reverse or Draw Two"),
        _("What each Skip, Reverse or Draw Two left in a hand scores."),
        minimum=0,
        maximum=200,
        unit=POINT,
        texts={
            "n": ngettext_lazy(
                "A Skip, Reverse or Draw Two left in a hand scores %(n)s point.",
                "A Skip, Reverse or Draw Two left in a hand scores %(n)s points.",
                "n",
            ),
            "zero": _("A Skip, Reverse or Draw Two left in a hand scores nothing."),
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note=_("Not when counting rounds won."),
        place=("scoring", "base.number_points"),
        play=SCORED,
        too_small=ngettext_lazy(
            "A Skip, Reverse or Draw Two can score no less than %(min)s point.",
            "A Skip, Reverse or Draw Two can score no less than %(min)s points.",
            "n",
        ),
        too_big=ngettext_lazy(
            "A Skip, Reverse or Draw Two can score at most %(max)s point.",
            "A Skip, Reverse or Draw Two can score at most %(max)s points.",
            "n",
        ),
        says={
            "n": "A Skip, Reverse or Draw Two left in a hand scores {n} point",
        },
    ),
    Option(
        "points_wild",
        "scoring",
        INT,
        50,
        pgettext_lazy("option label", "Points for a Wild or Wild Draw Four"),
        _("What each Wild or Wild Draw Four left in a hand scores."),
        minimum=0,
        maximum=200,
        unit=POINT,
        texts={
            "n": ngettext_lazy(
                "A Wild or Wild Draw Four left in a hand scores %(n)s point.",
                "A Wild or Wild Draw Four left in a hand scores %(n)s points.",
                "n",
            ),
            "zero": _("A Wild or Wild Draw Four left in a hand scores nothing."),
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note=_("Not when counting rounds won."),
        place=("scoring", "points_action"),
        play=SCORED,
        too_small=ngettext_lazy(
            "A Wild or Wild Draw Four can score no less than %(min)s point.",
            "A Wild or Wild Draw Four can score no less than %(min)s points.",
            "n",
        ),
        too_big=ngettext_lazy(
            "A Wild or Wild Draw Four can score at most %(max)s point.",
            "A Wild or Wild Draw Four can score at most %(max)s points.",
            "n",
        ),
        says={
            "n": "A Wild or Wild Draw Four left in a hand scores {n} point",
        },
    ),
    Option(
        "points_special_wild",
        "scoring",
        INT,
        40,
        pgettext_lazy("option label", "Points for a Shuffle Hands or blank Wild"),
        _("What each Wild Shuffle Hands or blank Wild left in a hand scores."),
        minimum=0,
        maximum=200,
        unit=POINT,
        texts={
            "n": ngettext_lazy(
                "A Wild Shuffle Hands or blank Wild left in a hand scores %(n)s point.",
                "A Wild Shuffle Hands or blank Wild left in a hand scores %(n)s points.",
                "n",
            ),
            "zero": _("A Wild Shuffle Hands or blank Wild left in a hand scores nothing."),
        },
        when=(
            ("deck", ("modern_112",)),
            ("scoring", ("winner_takes_points", "lowest_total_wins")),
        ),
        when_note=_("Only with the 112-card deck, and not when counting rounds won."),
        place=("scoring", "points_wild"),
        play=SCORED,
        too_small=ngettext_lazy(
            "A Wild Shuffle Hands or blank Wild can score no less than %(min)s point.",
            "A Wild Shuffle Hands or blank Wild can score no less than %(min)s points.",
            "n",
        ),
        too_big=ngettext_lazy(
            "A Wild Shuffle Hands or blank Wild can score at most %(max)s point.",
            "A Wild Shuffle Hands or blank Wild can score at most %(max)s points.",
            "n",
        ),
        says={
            "n": "A Wild Shuffle Hands or blank Wild left in a hand scores {n} point",
        },
    ),
]
