"""The options of the group "Turns and drawing" ('turns'), in catalogue order."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from domain.options.option import BOOL, ENUM, Option, Play


def jump_in_stacks(options) -> str:
    """Which draw cards a jump-in carries the total on with: those that stack on their own
    kind ("both", "two", "four"), or none ("")."""
    two, four = options["stack_draw_two_on_draw_two"], options["stack_draw_four_on_draw_four"]
    return "both" if two and four else "two" if two else "four" if four else ""


OPTIONS: list[Option] = [
    Option(
        "draw_rule",
        "turns",
        ENUM,
        "draw_one",
        pgettext_lazy("option label", "Drawing when you don't play"),
        _("What a player draws when they cannot, or will not, play."),
        choices={
            "draw_one": pgettext_lazy("option draw_rule value", "Draw one card"),
            "draw_until_playable": pgettext_lazy(
                "option draw_rule value", "Draw until you can play"
            ),
        },
        texts={
            "draw_one": _(
                "If you don't play a card from your hand, draw one card from the draw pile."
            ),
            "draw_until_playable": _(
                "If you don't play a card from your hand, keep drawing "
                "from the draw pile until you draw a card that can be played."
            ),
        },
        place=("turn", "may_draw_instead_of_playing"),
        play=Play("draw_until_playable", means="draw_until_playable"),
        says={
            "draw_one": "draw one card",
            "draw_until_playable": "keep drawing",
        },
    ),
    Option(
        "drawn_card",
        "turns",
        ENUM,
        "may_play",
        pgettext_lazy("option label", "A playable card you just drew"),
        _("What you may do with a drawn card that can be played."),
        choices={
            "may_play": pgettext_lazy("option drawn_card value", "You may play it"),
            "must_play": pgettext_lazy("option drawn_card value", "You must play it"),
            "keep": pgettext_lazy("option drawn_card value", "Keep it; your turn ends"),
        },
        texts={
            "may_play": _(
                "If the card you draw can be played, you may play it at once. "
                "Otherwise it goes into your hand and your turn ends: you cannot play another "
                "card instead."
            ),
            "must_play": _(
                "If the card you draw can be played, you must play it at once. "
                "Otherwise it goes into your hand and your turn ends."
            ),
            "keep": _(
                "The card you draw goes into your hand and your turn ends, even if it "
                "could be played."
            ),
        },
        variants={
            "until": {
                "may_play": _(
                    "Once you draw a card that can be played, you may play it at "
                    "once; if you keep it, your turn ends. The cards drawn before it go into "
                    "your hand."
                ),
                "must_play": _(
                    "Once you draw a card that can be played, you must play it at "
                    "once. The cards drawn before it go into your hand."
                ),
                "keep": _(
                    "Once you draw a card that can be played, it goes into your hand "
                    "with the others and your turn ends, even though it could be played."
                ),
            }
        },
        variant=lambda o: "until" if o["draw_rule"] == "draw_until_playable" else "",
        place=("turn", "draw_rule"),
        play=Play("drawn_card"),
        says={
            "may_play": "you may play it at once",
            "must_play": "you must play it at once",
            "keep": "your turn ends, even if it could be played",
        },
    ),
    Option(
        "may_draw_instead_of_playing",
        "turns",
        BOOL,
        True,
        pgettext_lazy("option label", "Drawing when you could play"),
        _("May a player who holds a playable card draw instead?"),
        choices={
            True: pgettext_lazy("option may_draw_instead_of_playing value", "Allowed"),
            False: pgettext_lazy(
                # Translators: the words before the colon are also shown alone, in the
                # list of house rules: keep the colon.
                "option may_draw_instead_of_playing value",
                "Not allowed: play if you can",
            ),
        },
        texts={
            True: _("You may draw instead of playing, even when you hold a card you could play."),
            False: _(
                "If you can play, you must: you may only draw when you hold no card you can play."
            ),
        },
        place=("turn", "base.next_player"),
        play=Play("may_draw_instead"),
        says={
            True: "You may draw instead of playing",
            False: "you may only draw when you hold no card you can",
        },
    ),
    Option(
        "jump_in",
        "turns",
        BOOL,
        False,
        # Translators: the house rule that lets anyone holding the very same card
        # as the top card play it out of turn (in English “jump in”).
        pgettext_lazy("option label", "Jump in"),
        _("Play an exact copy of the top card out of turn."),
        choices={
            True: pgettext_lazy("option jump_in value", "Allowed"),
            False: pgettext_lazy("option jump_in value", "Not allowed"),
        },
        texts={
            True: _(
                "Jump in: anyone holding the exact same card as the top card (same colour "
                "and the same number or symbol; any Wild Draw Four is a copy of a Wild Draw Four, "
                "any Wild of a Wild) may play it at once, even out of turn. It counts as their "
                "turn: play continues from them, and the players in between miss their turn. "
                "Jump in on a Draw Two or a Wild Draw Four and only your card counts: the player "
                "it was aimed at draws nothing, and the player after you faces your card alone "
                "(two cards for a Draw Two, four for a Wild Draw Four)."
            ),
            False: _("No jumping in: you only play on your own turn."),
        },
        # Jumping in on a draw card not yet drawn: the total carries on with a card that may
        # be stacked on its own kind (engine/turn.py's jump_in).
        variants={
            "both": {
                True: _(
                    "Jump in: anyone holding the exact same card as the top card (same "
                    "colour and the same number or symbol; any Wild Draw Four is a copy of a Wild "
                    "Draw Four, any Wild of a Wild) may play it at once, even out of turn. It "
                    "counts as their turn: play continues from them, and the players in between "
                    "miss their turn. "
                    "Jump in on a Draw Two or a Wild Draw Four and the total carries on with "
                    "your card: the player it was aimed at draws nothing, and the player after "
                    "you faces the whole total (four cards after two Draw Twos, eight after two "
                    "Wild Draw Fours)."
                ),
                False: _("No jumping in: you only play on your own turn."),
            },
            "two": {
                True: _(
                    "Jump in: anyone holding the exact same card as the top card (same "
                    "colour and the same number or symbol; any Wild Draw Four is a copy of a Wild "
                    "Draw Four, any Wild of a Wild) may play it at once, even out of turn. It "
                    "counts as their turn: play continues from them, and the players in between "
                    "miss their turn. "
                    "Jump in on a Draw Two and the total carries on with your card; on a Wild "
                    "Draw Four, only your card counts. Either way the player it was aimed at "
                    "draws nothing, and the player after you faces four cards (the two Draw "
                    "Twos, or your Wild Draw Four)."
                ),
                False: _("No jumping in: you only play on your own turn."),
            },
            "four": {
                True: _(
                    "Jump in: anyone holding the exact same card as the top card (same "
                    "colour and the same number or symbol; any Wild Draw Four is a copy of a Wild "
                    "Draw Four, any Wild of a Wild) may play it at once, even out of turn. It "
                    "counts as their turn: play continues from them, and the players in between "
                    "miss their turn. "
                    "Jump in on a Wild Draw Four and the total carries on with your card; on a "
                    "Draw Two, only your card counts. Either way the player it was aimed at "
                    "draws nothing, and the player after you faces eight cards after two Wild "
                    "Draw Fours, or two cards for your Draw Two."
                ),
                False: _("No jumping in: you only play on your own turn."),
            },
        },
        variant=jump_in_stacks,
        place=("turn", "base.reshuffle"),
        play=Play("jump_in"),
        says={
            True: "even out of turn",
            False: "you only play on your own turn",
        },
    ),
    Option(
        "multiple_same_number",
        "turns",
        BOOL,
        False,
        pgettext_lazy("option label", "Several cards of one number"),
        _("Play several cards of the same number in one turn."),
        choices={
            True: pgettext_lazy("option multiple_same_number value", "Allowed"),
            False: pgettext_lazy("option multiple_same_number value", "Not allowed"),
        },
        texts={
            True: _(
                "You may play several cards of the same number together in one turn; "
                "the first must be playable as usual, and the last one laid is the new top card."
            ),
            False: _("You play one card per turn."),
        },
        place=("turn", "base.match"),
        play=Play("multiple_same_number"),
        says={
            True: "several cards of the same number",
            False: "one card per turn",
        },
    ),
    Option(
        "seven_swap",
        "turns",
        BOOL,
        False,
        pgettext_lazy("option label", "Sevens swap hands"),
        _("Playing a 7 swaps hands with a player of your choice."),
        choices={
            True: pgettext_lazy("option seven_swap value", "Yes"),
            False: pgettext_lazy("option seven_swap value", "No"),
        },
        texts={
            True: _(
                "When you play a 7, you swap hands with any other player you choose. If "
                "the 7 was your last card, you have gone out and nobody swaps. Whoever is left "
                "holding one card after a swap must call “UNO!” at once."
            ),
            False: _("A 7 is an ordinary number card."),
        },
        place=("actions", "base.custom_wild"),
        play=Play("seven_swap"),
        says={
            True: "play a 7, you swap hands",
            False: "A 7 is an ordinary number card",
        },
    ),
    Option(
        "zero_rotate",
        "turns",
        BOOL,
        False,
        # Translators: every player passes their hand on to the next player.
        pgettext_lazy("option label", "Zeros pass hands round"),
        _("Playing a 0 passes every hand one seat in the direction of play."),
        choices={
            True: pgettext_lazy("option zero_rotate value", "Yes"),
            False: pgettext_lazy("option zero_rotate value", "No"),
        },
        texts={
            True: _(
                "When someone plays a 0, every player passes their hand to the next "
                "player in the direction of play. If the 0 was their last card, they have gone "
                "out and no hands move. Whoever is left holding one card after the hands move "
                "must call “UNO!” at once."
            ),
            False: _("A 0 is an ordinary number card."),
        },
        place=("actions", "base.several_sevens"),
        play=Play("zero_rotate"),
        says={
            True: "plays a 0, every player passes their hand",
            False: "A 0 is an ordinary number card",
        },
    ),
    Option(
        "two_player_reverse_skips",
        "turns",
        BOOL,
        True,
        pgettext_lazy("option label", "Reverse with two players"),
        _("With two players, Reverse works like Skip."),
        choices={
            True: pgettext_lazy("option two_player_reverse_skips value", "Works like Skip"),
            False: pgettext_lazy("option two_player_reverse_skips value", "Only changes direction"),
        },
        texts={
            True: _(
                "With two players, a Reverse works like a Skip: the other player misses "
                "their turn, so you play again."
            ),
            False: _(
                "With two players, a Reverse only changes direction, so the other player "
                "plays next."
            ),
        },
        when=(("teams", ("none",)),),
        when_note=_("Not when playing in pairs."),
        place=("actions", "base.reverse"),
        play=Play("two_player_reverse_skips"),
        says={
            True: "a Reverse works like a Skip",
            False: "a Reverse only changes direction",
        },
    ),
]
