"""The options of the group "Wild Draw Four" ('wd4'), in catalogue order."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from domain.options.option import BOOL, ENUM, INT, Option, Play
from domain.options.texts import CARD, challenge_rules

OPTIONS: list[Option] = [
    Option(
        "wild_draw_four_rule",
        "wd4",
        ENUM,
        "no_matching_color",
        pgettext_lazy("option label", "When a Wild Draw Four may be played"),
        _("When playing a Wild Draw Four is legal."),
        choices={
            "no_matching_color": pgettext_lazy(
                "option wild_draw_four_rule value", "Only with no card of the current colour"
            ),
            "no_playable_card": pgettext_lazy(
                "option wild_draw_four_rule value", "Only with no other playable card"
            ),
            "anytime": pgettext_lazy("option wild_draw_four_rule value", "Any time"),
        },
        texts={
            "no_matching_color": _(
                "You may play a Wild Draw Four only when you hold no card of "
                "the current colour (other cards that match by number or symbol don't count)."
            ),
            "no_playable_card": _(
                "You may play a Wild Draw Four only when you hold no other card you could play."
            ),
            "anytime": _(
                "You may play a Wild Draw Four at any time, like a Wild, even when "
                "you hold other cards you could play."
            ),
        },
        place=("wd4", ""),
        play=Play("wd4_rule"),
        says={
            "no_matching_color": "only when you hold no card of the current colour",
            "no_playable_card": "only when you hold no other card you could play",
            "anytime": "at any time",
        },
    ),
    Option(
        "wild_draw_four_challenge",
        "wd4",
        BOOL,
        True,
        # Translators: the player who must draw for a Wild Draw Four may say it
        # was played against the rule and look at its player's hand.
        pgettext_lazy("option label", "Challenging a Wild Draw Four"),
        _("The next player may challenge a Wild Draw Four they think was played illegally."),
        choices={
            True: pgettext_lazy("option wild_draw_four_challenge value", "Allowed"),
            False: pgettext_lazy("option wild_draw_four_challenge value", "Not allowed"),
        },
        texts={
            True: _(
                "The player who must draw for a Wild Draw Four may challenge it, before "
                "drawing, if they think it was played against the rule: its player then shows "
                "their hand to the challenger alone. A Wild Draw Four that nobody challenges "
                "stands, even if it broke the rule. Mattel's sheet does not say what becomes of "
                "the colour; we play that the colour named stands, whatever the result."
            ),
            False: _("Nobody may challenge a Wild Draw Four."),
        },
        variants={
            "anytime": {
                True: _(
                    "The player who must draw for a Wild Draw Four may challenge it, before "
                    "drawing, but a Wild Draw Four is always allowed here, so the challenge "
                    "always fails. The colour named stands."
                ),
                False: _("Nobody may challenge a Wild Draw Four."),
            }
        },
        variant=lambda o: "anytime" if o["wild_draw_four_rule"] == "anytime" else "",
        place=("wd4", "wild_draw_four_rule"),
        play=Play("challenge"),
        says={
            True: "may challenge it, before drawing",
            False: "Nobody may challenge a Wild Draw Four",
        },
    ),
    Option(
        "challenge_guilty_draw",
        "wd4",
        INT,
        4,
        pgettext_lazy("option label", "Caught playing it illegally"),
        _("Cards the Wild Draw Four player draws when the challenge succeeds."),
        minimum=0,
        maximum=10,
        unit=CARD,
        zero_words=pgettext_lazy("option challenge_guilty_draw value", "No cards"),
        texts={
            "n": ngettext_lazy(
                "If the challenge succeeds (the rule was broken), the player who played "
                "the Wild Draw Four draws %(n)s card instead, and the challenger draws nothing. "
                "Mattel's sheet does not say who plays next; we play that the challenger takes "
                "their turn.",
                "If the challenge succeeds (the rule was broken), the player who played "
                "the Wild Draw Four draws %(n)s cards instead, and the challenger draws nothing. "
                "Mattel's sheet does not say who plays next; we play that the challenger takes "
                "their turn.",
                "n",
            ),
            "zero": _(
                "If the challenge succeeds (the rule was broken), there is no penalty: "
                "nobody draws. Mattel's sheet does not say who plays next; we play that the "
                "challenger takes their turn."
            ),
        },
        variants={
            "stack": {
                "n": ngettext_lazy(
                    "If the challenge succeeds (the rule was broken), the player who played "
                    "the last Wild Draw Four draws %(n)s card, and the challenger draws the rest "
                    "of the total (the total less four): nothing after a single Wild Draw Four, "
                    "when the challenger takes their turn; otherwise they draw it and miss their "
                    "turn.",
                    "If the challenge succeeds (the rule was broken), the player who "
                    "played the last Wild Draw Four draws %(n)s cards, and the challenger draws "
                    "the rest of the total (the total less four): nothing after a single Wild "
                    "Draw Four, when the challenger takes their turn; otherwise they draw it and "
                    "miss their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge succeeds (the rule was broken), the player who "
                    "played the last Wild Draw Four draws nothing, and the challenger draws the "
                    "rest of the total (the total less four): nothing after a single Wild Draw "
                    "Four, when the challenger takes their turn; otherwise they draw it and miss "
                    "their turn."
                ),
            },
            "stack_no_skip": {
                "n": ngettext_lazy(
                    "If the challenge succeeds (the rule was broken), the player who played "
                    "the last Wild Draw Four draws %(n)s card, and the challenger draws the rest "
                    "of the total (the total less four, so nothing after a single Wild Draw "
                    "Four), then takes their turn.",
                    "If the challenge succeeds (the rule was broken), the player who "
                    "played the last Wild Draw Four draws %(n)s cards, and the challenger draws "
                    "the rest of the total (the total less four, so nothing after a single Wild "
                    "Draw Four), then takes their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge succeeds (the rule was broken), the player who "
                    "played the last Wild Draw Four draws nothing, and the challenger draws the "
                    "rest of the total (the total less four, so nothing after a single Wild Draw "
                    "Four), then takes their turn."
                ),
            },
        },
        variant=challenge_rules,
        when=(
            ("wild_draw_four_challenge", (True,)),
            ("wild_draw_four_rule", ("no_matching_color", "no_playable_card")),
        ),
        when_note=_("Only when challenges are allowed and a Wild Draw Four is not always allowed."),
        place=("wd4", "wild_draw_four_challenge"),
        play=Play("guilty_draw"),
        too_small=ngettext_lazy(
            "Caught playing it illegally: the player can draw no fewer than %(min)s card.",
            "Caught playing it illegally: the player can draw no fewer than %(min)s cards.",
            "n",
        ),
        too_big=ngettext_lazy(
            "Caught playing it illegally: the player can draw at most %(max)s card.",
            "Caught playing it illegally: the player can draw at most %(max)s cards.",
            "n",
        ),
        says={
            "n": "the player who played the Wild Draw Four draws {n} card",
        },
    ),
    Option(
        "challenge_wrong_draw",
        "wd4",
        INT,
        6,
        pgettext_lazy("option label", "A wrong challenge"),
        _("Cards the challenger draws when the challenge fails."),
        minimum=0,
        maximum=10,
        unit=CARD,
        zero_words=pgettext_lazy("option challenge_wrong_draw value", "No cards"),
        texts={
            "n": ngettext_lazy(
                "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws %(n)s card in all, instead of four, and misses their turn.",
                "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws %(n)s cards in all, instead of four, and misses their turn.",
                "n",
            ),
            "zero": _(
                "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws nothing at all, not even the four, but misses their turn."
            ),
            4: _(
                "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws just the four cards, no more, and misses their turn."
            ),
        },
        variants={
            "no_skip": {
                "n": ngettext_lazy(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws %(n)s card in all, instead of four, then takes their turn.",
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws %(n)s cards in all, instead of four, then takes their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws nothing at all, not even the four, and takes their turn."
                ),
                4: _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws just the four cards, no more, then takes their turn."
                ),
            },
            "stack": {
                "n": ngettext_lazy(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, counting %(n)s card instead of four for "
                    "the last Wild Draw Four, and misses their turn.",
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, counting %(n)s cards instead of four for "
                    "the last Wild Draw Four, and misses their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total less the last Wild Draw Four's four cards, "
                    "and misses their turn."
                ),
                4: _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, no more, and misses their turn."
                ),
            },
            "stack_no_skip": {
                "n": ngettext_lazy(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, counting %(n)s card instead of four for "
                    "the last Wild Draw Four, then takes their turn.",
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, counting %(n)s cards instead of four for "
                    "the last Wild Draw Four, then takes their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total less the last Wild Draw Four's four cards, "
                    "then takes their turn."
                ),
                4: _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, no more, then takes their turn."
                ),
            },
        },
        variant=challenge_rules,
        when=(("wild_draw_four_challenge", (True,)),),
        when_note=_("Only when challenges are allowed."),
        place=("wd4", "challenge_guilty_draw"),
        play=Play("wrong_draw"),
        too_small=ngettext_lazy(
            "A wrong challenge: the challenger can draw no fewer than %(min)s card.",
            "A wrong challenge: the challenger can draw no fewer than %(min)s cards.",
            "n",
        ),
        too_big=ngettext_lazy(
            "A wrong challenge: the challenger can draw at most %(max)s card.",
            "A wrong challenge: the challenger can draw at most %(max)s cards.",
            "n",
        ),
        says={
            "n": "the challenger draws {n} card",
            4: "the challenger draws just the four cards, no more",
        },
    ),
]
