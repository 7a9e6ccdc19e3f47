"""The "Can I ...?" answers on the Wild Draw Four: when it may be played, the challenge."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, ngettext

from domain.options import wild_draw_four_stacks
from domain.reference.core import (
    NO,
    PLAIN,
    YES,
    Options,
    Question,
    Reply,
    asks,
    cards_words,
    challenges_allowed,
    wd4_answers_stacks,
)

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


def _only_when(o: Options) -> str:
    """When a Wild Draw Four may be played (not any time), and how the rule is enforced."""
    guilty = o["challenge_guilty_draw"]
    values = {"n": guilty}
    if o["wild_draw_four_rule"] == "no_matching_color":
        if not o["wild_draw_four_challenge"]:
            return gettext(
                "Only when you hold no card of the current colour (nobody may challenge it, so "
                "it is on your honour)."
            )
        if guilty == 0:
            return gettext(
                "Only when you hold no card of the current colour; if you are challenged and "
                "caught, you draw nothing."
            )
        return (
            ngettext(
                "Only when you hold no card of the current colour; if you are challenged and "
                "caught, you draw %(n)s card.",
                "Only when you hold no card of the current colour; if you are challenged and "
                "caught, you draw %(n)s cards.",
                guilty,
            )
            % values
        )
    if not o["wild_draw_four_challenge"]:
        return gettext(
            "Only when you hold no other card you could play (nobody may challenge it, so it "
            "is on your honour)."
        )
    if guilty == 0:
        return gettext(
            "Only when you hold no other card you could play; if you are challenged and "
            "caught, you draw nothing."
        )
    return (
        ngettext(
            "Only when you hold no other card you could play; if you are challenged and caught, "
            "you draw %(n)s card.",
            "Only when you hold no other card you could play; if you are challenged and caught, "
            "you draw %(n)s cards.",
            guilty,
        )
        % values
    )


@question(
    "wd4_holding_colour",
    gettext_lazy("Can I play a Wild Draw Four while I hold a card of the current colour?"),
    "wild_draw_four_rule",
    "wild_draw_four_challenge",
    "challenge_guilty_draw",
)
def _wd4_holding_colour(o: Options) -> Reply:
    rule = o["wild_draw_four_rule"]
    if rule in ("no_matching_color", "no_playable_card"):
        return NO, _only_when(o)
    return YES, gettext("A Wild Draw Four may be played at any time here.")


@question(
    "wd4_other_playable",
    gettext_lazy(
        "Can I play a Wild Draw Four when I could play another card, but not one of the current "
        "colour?"
    ),
    "wild_draw_four_rule",
    "wild_draw_four_challenge",
)
def _wd4_other_playable(o: Options) -> Reply:
    rule = o["wild_draw_four_rule"]
    if rule == "no_matching_color":
        return YES, (
            gettext(
                "A card that matches only by number or symbol doesn't stop you; a card of the "
                "current colour would."
            )
        )
    if rule == "no_playable_card":
        return NO, _only_when(o)
    return YES, gettext("A Wild Draw Four may be played at any time here.")


@question(
    "wd4_challenge",
    gettext_lazy("Can I challenge a Wild Draw Four played on me?"),
    "wild_draw_four_challenge",
    "challenge_guilty_draw",
    "challenge_wrong_draw",
    "base.stack_challenge",
)
def _wd4_challenge(o: Options) -> Reply:
    if not o["wild_draw_four_challenge"]:
        return NO, gettext("Nobody may challenge a Wild Draw Four here.")
    wrong = o["challenge_wrong_draw"]
    stack = wild_draw_four_stacks(o)
    if o["wild_draw_four_rule"] == "anytime":
        return YES, _always_fails(wrong, stack)
    values = {"guilty": cards_words(o["challenge_guilty_draw"]), "wrong": cards_words(wrong)}
    if stack and wrong == 4:
        # Translators: %(guilty)s is a number of cards drawn, as in "4 cards" or "no cards"
        # (the text "cards drawn" of this catalogue).
        return YES, gettext(
            "Before you draw, the player of the last Wild Draw Four shows their hand to you alone: "
            "if they broke the rule they draw %(guilty)s and you draw the rest of the total, and "
            "if not you draw the whole total, no more."
        ) % values
    if stack:
        # Translators: %(guilty)s and %(wrong)s are numbers of cards drawn, as in "4 cards"
        # or "no cards" (the text "cards drawn" of this catalogue).
        return YES, gettext(
            "Before you draw, the player of the last Wild Draw Four shows their hand to you alone: "
            "if they broke the rule they draw %(guilty)s and you draw the rest of the total, and "
            "if not you draw the whole total with %(wrong)s counted instead of their four."
        ) % values
    # Translators: %(guilty)s and %(wrong)s are numbers of cards drawn, as in "4 cards" or
    # "no cards" (the text "cards drawn" of this catalogue).
    return YES, gettext(
        "Before you draw, its player shows their hand to you alone: if they broke the rule they "
        "draw %(guilty)s and you draw nothing, and if not you draw %(wrong)s in all."
    ) % values


def _always_fails(wrong: int, stack: bool) -> str:
    """A challenge where a Wild Draw Four is always allowed: what the challenger draws."""
    if stack and wrong == 0:
        return gettext(
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
            "and you draw the whole total, with no cards counted instead of the last Wild "
            "Draw Four's four."
        )
    if stack and wrong == 4:
        return gettext(
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
            "and you draw the whole total, no more."
        )
    if stack:
        return ngettext(
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
            "and you draw the whole total, with %(n)s card counted instead of the last Wild "
            "Draw Four's four.",
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
            "and you draw the whole total, with %(n)s cards counted instead of the last Wild "
            "Draw Four's four.",
            wrong,
        ) % {"n": wrong}
    if wrong == 0:
        return gettext(
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
            "and you draw no cards in all."
        )
    return ngettext(
        "You may, but a Wild Draw Four is always allowed here, so the challenge fails and "
        "you draw %(n)s card in all.",
        "You may, but a Wild Draw Four is always allowed here, so the challenge fails and "
        "you draw %(n)s cards in all.",
        wrong,
    ) % {"n": wrong}


@question(
    "wd4_after_challenge",
    gettext_lazy("Who plays after a Wild Draw Four challenge, and in which colour?"),
    "wild_draw_four_challenge",
    "draw_card_skips_turn",
    asked=challenges_allowed,
)
def _wd4_after_challenge(o: Options) -> Reply:
    skips = o["draw_card_skips_turn"]
    if o["wild_draw_four_rule"] == "anytime":
        if skips:
            return PLAIN, (
                gettext(
                    "The colour named stands, and as a challenge always fails here, the "
                    "challenger draws and misses their turn."
                )
            )
        return PLAIN, (
            gettext(
                "The colour named stands, and as a challenge always fails here, the challenger "
                "draws, then takes their turn."
            )
        )
    if not skips:
        return PLAIN, (
            gettext(
                "The colour named stands either way, and the challenger takes their turn once "
                "they have drawn what they must."
            )
        )
    if wd4_answers_stacks(o):
        return PLAIN, (
            gettext(
                "The colour named stands either way: if the challenge succeeds the challenger "
                "takes their turn unless they drew the rest of a stack, and if it fails they "
                "miss their turn."
            )
        )
    return PLAIN, (
        gettext(
            "Mattel's sheet does not say; we play that the colour named stands either way, and "
            "that the challenger takes their turn if the challenge succeeds, or misses it if it "
            "fails."
        )
    )


@question(
    "wd4_stack_challenge",
    gettext_lazy("Can I challenge a Wild Draw Four inside a stack?"),
    "base.stack_challenge",
    "challenge_guilty_draw",
    "challenge_wrong_draw",
    asked=lambda o: challenges_allowed(o) and wild_draw_four_stacks(o),
)
def _wd4_stack_challenge(o: Options) -> Reply:
    if not wd4_answers_stacks(o):
        # Only a Draw Two may answer a Wild Draw Four: a stack ends with that Draw Two.
        return NO, gettext(
            "Only the player a Wild Draw Four is played on may challenge it, before answering; "
            "once it has been answered with a Draw Two, nobody can challenge it."
        )
    if o["stack_draw_four_on_draw_two"]:
        return YES, _stack_challenge(o, 6)
    return YES, _stack_challenge(o, 8)


def _stack_challenge(o: Options, total: int) -> str:
    """The challenge of the last Wild Draw Four of a stack of ``total`` cards: a Draw Two and
    a Wild Draw Four (6), or two Wild Draw Fours (8)."""
    fail = total - 4 + o["challenge_wrong_draw"]
    if o["wild_draw_four_rule"] == "anytime":
        if total == 6:
            return ngettext(
                "You may, but a Wild Draw Four is always allowed here, so the challenge fails: "
                "facing a Draw Two and a Wild Draw Four (six cards), you draw %(n)s card.",
                "You may, but a Wild Draw Four is always allowed here, so the challenge fails: "
                "facing a Draw Two and a Wild Draw Four (six cards), you draw %(n)s cards.",
                fail,
            ) % {"n": fail}
        return ngettext(
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails: "
            "facing two Wild Draw Fours (eight cards), you draw %(n)s card.",
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails: "
            "facing two Wild Draw Fours (eight cards), you draw %(n)s cards.",
            fail,
        ) % {"n": fail}
    counts = {"guilty": cards_words(o["challenge_guilty_draw"]), "fail": cards_words(fail)}
    if total == 6:
        # Translators: %(guilty)s and %(fail)s are numbers of cards drawn, as in "4 cards" or
        # "no cards" (the text "cards drawn" of this catalogue).
        return (
            gettext(
                "Only the last Wild Draw Four: facing a Draw Two and a Wild Draw Four (six cards), "
                "if it was played against the rule its player draws %(guilty)s and you draw two, "
                "and if not you draw %(fail)s."
            )
            % counts
        )
    # Translators: %(guilty)s and %(fail)s are numbers of cards drawn, as in "4 cards" or
    # "no cards" (the text "cards drawn" of this catalogue).
    return (
        gettext(
            "Only the last Wild Draw Four: facing two Wild Draw Fours (eight cards), if it was "
            "played against the rule its player draws %(guilty)s and you draw four, and if not you "
            "draw %(fail)s."
        )
        % counts
    )
