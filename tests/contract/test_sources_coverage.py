"""Every rule the three source texts (../shared/rules/sources/) state is covered by the
reference: by a fixed base text, or by an option's text for the value the source plays.

Each statement is listed with the source that makes it, what covers it (a base-text id,
or an option key and value) and words the covering text must say. Where the sources
disagree (a 2-card or a 4-card UNO penalty), each side is an option value.
"""

from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils.html import escape

from domain import options as opts
from domain import reference

SOURCES = Path(__file__).resolve().parents[3] / "shared" / "rules" / "sources"
RULES_SITE = "000_e93a304e4f2c9752.txt"  # a rules site with a house-rules sharing feature
MATTEL_BLOG = "001_15db7f8632ae1bb3.txt"  # Mattel's rules retold by a games blog
UNO_CLASSIC = "002_15fba5e673d701d4.txt"  # an online "Uno classic" for two teams of two

# (what the source says, quoted or closely paraphrased; source; covered by; words it says)
STATEMENTS = [
    # 000: the rules site
    ("108 cards: 4 colour suits each with numbers 0-9, Skip, Reverse and Draw Two; plus 4 "
     "Wild and 4 Wild Draw Four", RULES_SITE, "base.deck", "108 cards"),
    ("Shuffle all 108 cards. Deal 7 cards to each player.", RULES_SITE, ("hand_size", 7),
     "shuffles and deals 7 cards"),
    ("Place remaining cards face-down as the Draw Pile.", RULES_SITE, "base.piles",
     "rest of the deck face down as the draw pile"),
    ("Flip the top card to start the Discard Pile.", RULES_SITE, "base.piles",
     "turn its top card over to start the discard pile"),
    ("If it's a Wild, bury it and flip another.", RULES_SITE, ("first_card_wild", "redraw"),
     "bury it in the deck and turn up another"),
    ("If it's a Wild Draw Four, bury it and flip another.", RULES_SITE, "base.first_card_wd4",
     "always goes back into the deck"),
    ("The player to the dealer's left goes first.", RULES_SITE, ("direction", "clockwise"),
     "dealer's left plays first"),
    ("On your turn, play one card onto the Discard Pile.", RULES_SITE,
     ("multiple_same_number", False), "one card per turn"),
    ("It must match the top card by color, number, or symbol - or be a Wild card.", RULES_SITE,
     "base.match", "matches the top card of the discard pile by colour, number or symbol"),
    ("Skip: Next player loses their turn.", RULES_SITE, "base.skip",
     "next player misses their turn"),
    ("Reverse: Reverses direction of play.", RULES_SITE, "base.reverse",
     "direction of play changes"),
    ("Draw Two: Next player draws 2 cards", RULES_SITE, "base.draw_two",
     "next player draws two cards"),
    ("... and loses their turn (Draw Two and Wild Draw Four).", RULES_SITE,
     ("draw_card_skips_turn", True), "also misses their turn"),
    ("Wild: Change the color to any color of your choice.", RULES_SITE, "base.wild",
     "choose the colour to play next"),
    ("Wild Draw Four: Change the color AND next player draws 4 cards", RULES_SITE,
     "base.wild_draw_four", "choose the colour to play next, and the next player draws four"),
    ("Wild Draw Four can only be played if you have no cards matching the current color.",
     RULES_SITE, ("wild_draw_four_rule", "no_matching_color"),
     "only when you hold no card of the current colour"),
    ("(honor system): an illegal Wild Draw Four is caught only when challenged", RULES_SITE,
     ("wild_draw_four_challenge", True), "may challenge it"),
    ("If you cannot play, draw one card from the Draw Pile.", RULES_SITE,
     ("draw_rule", "draw_one"), "draw one card from the draw pile"),
    ("If it's playable, you may play it immediately. Otherwise your turn ends.", RULES_SITE,
     ("drawn_card", "may_play"), "you may play it at once. Otherwise it goes into your hand "
     "and your turn ends"),
    ("When you play your second-to-last card, you must shout UNO before the next player "
     "takes their turn.", RULES_SITE, ("uno_penalty", 2), "as you play your second-to-last"),
    ("If you forget and another player calls you out before then, you draw 2 penalty cards.",
     RULES_SITE, ("uno_penalty", 2), "catches you before the next player begins their turn, "
     "you draw 2 cards"),
    ("If no one notices, you're safe.", RULES_SITE, ("uno_penalty", 2), "you are safe"),
    ("The first player to empty their hand wins the round", RULES_SITE, "base.going_out",
     "first player to get rid of all their cards wins the round"),
    ("... and scores points based on cards remaining in other players' hands", RULES_SITE,
     ("scoring", "winner_takes_points"), "scores the points of all cards left in the other "
     "players' hands"),
    ("number cards at face value", RULES_SITE, "base.number_points", "face value"),
    ("action cards at 20 each", RULES_SITE, ("points_action", 20),
     "Skip, Reverse or Draw Two left in a hand scores 20 points"),
    ("Wild cards at 50 each", RULES_SITE, ("points_wild", 50),
     "Wild or Wild Draw Four left in a hand scores 50 points"),
    ("Play to 500 points across multiple rounds", RULES_SITE, ("target_score", 500),
     "target score is 500 points"),
    ("- or just play round by round.", RULES_SITE, ("scoring", "round_wins"),
     "going out wins the round"),
    ("FAQ: In official Uno rules, stacking is NOT allowed: the next player must draw 2 and "
     "skip their turn", RULES_SITE, ("stack_draw_two_on_draw_two", False),
     "cannot be answered with a Draw Two"),
    ("FAQ: playing another Draw 2 to pass it on is a popular house rule", RULES_SITE,
     ("stack_draw_two_on_draw_two", True), "you may answer with a Draw Two of your own"),
    ("FAQ: Shuffle the discard pile (except the top card) to form a new draw pile.",
     RULES_SITE, "base.reshuffle", "shuffle the discard pile, except its top card"),
    ("FAQ: caught playing Wild Draw 4 illegally (and challenged successfully), you draw 4 "
     "penalty cards", RULES_SITE, ("challenge_guilty_draw", 4),
     "the player who played the Wild Draw Four draws 4 cards"),
    ("FAQ: caught with one card before the next player starts their turn: draw 2", RULES_SITE,
     ("uno_penalty", 2), "you draw 2 cards"),
    ("FAQ: you can win by playing a Skip, Reverse, or Draw 2 as your last card", RULES_SITE,
     ("last_card", "any"), "go out with any card"),
    ("FAQ: the effects apply, but since you've won, the game ends", RULES_SITE,
     "base.going_out_action", "its effect still applies"),
    # 001: Mattel's rules retold by a games blog
    ("Shuffle the deck and deal 7 cards (facedown) to each player.", MATTEL_BLOG,
     ("hand_size", 7), "deals 7 cards to each player, face down"),
    ("Stack the remaining cards (facedown) into a draw pile.", MATTEL_BLOG, "base.piles",
     "face down as the draw pile"),
    ("Turn over the top card on the draw pile to form a discard pile.", MATTEL_BLOG,
     "base.piles", "start the discard pile"),
    ("The player to the left of the dealer starts the game.", MATTEL_BLOG,
     ("direction", "clockwise"), "dealer's left plays first"),
    ("Match the card on the discard pile by colour or number, or play a Wild or Wild Draw 4.",
     MATTEL_BLOG, "base.match", "or play a Wild or a Wild Draw Four"),
    ("If the player has no card that can be played, he/she must draw a card.", MATTEL_BLOG,
     ("draw_rule", "draw_one"), "draw one card"),
    ("The card can be played immediately; otherwise, it must be added to the hand.",
     MATTEL_BLOG, ("drawn_card", "may_play"), "goes into your hand"),
    ("After a card is played or drawn, the next player continues to play.", MATTEL_BLOG,
     "base.next_player", "the turn passes to the next player"),
    ("Continue counterclockwise.", MATTEL_BLOG, ("direction", "counterclockwise"),
     "play goes counterclockwise"),
    ("When you are down to your last card, you have to announce UNO.", MATTEL_BLOG,
     ("uno_penalty", 4), "Call \u201cUNO!\u201d"),
    ("Continue to play until one of the players is out of cards.", MATTEL_BLOG,
     "base.going_out", "get rid of all their cards"),
    ("108 cards over 4 colour suits: blue, red, green and yellow, 19 cards in each colour",
     MATTEL_BLOG, "base.deck", "one 0, two each of 1 to 9"),
    ("special cards (8 of each): Draw 2, Skip, Reverse [and, the blog says wrongly, Wild and "
     "Wild Draw 4: there are 4 of each]", MATTEL_BLOG, "base.deck",
     "two Skips, two Reverses and two Draw Twos; on top of those come 4 Wilds and 4 Wild "
     "Draw Fours"),
    ("The first player to play all of his/her cards scores points for each card the other "
     "players still have.", MATTEL_BLOG, ("scoring", "winner_takes_points"),
     "other players' hands"),
    ("The winner of the game is the first player to reach 500 points.", MATTEL_BLOG,
     ("target_score", 500), "500 points"),
    ("Each player draws a card; the player with the highest card number is the dealer.",
     MATTEL_BLOG, ("dealer_selection", "highest_card"), "the highest number deals"),
    ("If the first card turned over is a special card it can be replaced into the pile and "
     "another turned over", MATTEL_BLOG, ("first_card_action", "redraw"),
     "put it back in the deck and turn up another"),
    ("(otherwise follow the rules below): the first card's effect applies", MATTEL_BLOG,
     ("first_card_action", "apply"), "it takes effect at once"),
    ("Regular number cards can be number and color-matched.", MATTEL_BLOG, "base.match",
     "colour, number or symbol"),
    ("Reverse: changes the direction of play.", MATTEL_BLOG, "base.reverse",
     "direction of play changes"),
    ("Reverse as the first card: the game plays in an anti-clockwise direction.", MATTEL_BLOG,
     ("first_card_action", "apply"), "a Reverse makes the dealer play first, with play going "
     "the other way"),
    ("The Reverse card can only be played on a Reverse or a card of the same color.",
     MATTEL_BLOG, "base.match", "a Skip on a Skip"),
    ("Wild: select a new color or the same color already being played.", MATTEL_BLOG,
     "base.wild", "keeping the current colour is fine"),
    ("Wild: you can play it even if other cards can be played; it goes on any card.",
     MATTEL_BLOG, "base.wild", "You may play a Wild on any card, even when you could play "
     "another card"),
    ("Wild as the first card: the first player chooses the color and also plays the first "
     "card.", MATTEL_BLOG, ("first_card_wild", "first_player_chooses"),
     "the first player chooses the colour to play, then takes their turn"),
    ("Skip: the player who is set to play next misses his/her turn.", MATTEL_BLOG,
     "base.skip", "misses their turn"),
    ("Skip as the first card: the first player misses his/her turn.", MATTEL_BLOG,
     ("first_card_action", "apply"), "a Skip makes the first player miss their turn"),
    ("The Skip card can only be played on a Skip or a card of the same color.", MATTEL_BLOG,
     "base.match", "matches the top card"),
    ("Draw 2 as the first card: the first player picks up 2 cards, then the next player "
     "plays.", MATTEL_BLOG, ("first_card_action", "apply"),
     "a Draw Two makes the first player draw two cards and miss their turn"),
    ("Draw 2: the next player picks up 2 cards", MATTEL_BLOG, "base.draw_two", "draws two"),
    ("... and forfeits their turn (cannot play any cards).", MATTEL_BLOG,
     ("draw_card_skips_turn", True), "also misses their turn"),
    ("Wild Draw 4: the color is changed and the next player picks up 4 cards", MATTEL_BLOG,
     "base.wild_draw_four", "the next player draws four cards"),
    ("... and misses his/her turn.", MATTEL_BLOG, ("draw_card_skips_turn", True),
     "Wild Draw Four also misses their turn"),
    ("Wild Draw 4 only if the player has no card matching the color of the previous card.",
     MATTEL_BLOG, ("wild_draw_four_rule", "no_matching_color"),
     "no card of the current colour"),
    ("About to play the second-to-last card, a player has to announce it by saying UNO.",
     MATTEL_BLOG, ("uno_penalty", 4), "as you play your second-to-last card"),
    ("Not calling UNO and noticed before the next person plays: pick up 4 cards.",
     MATTEL_BLOG, ("uno_penalty", 4), "you draw 4 cards"),
    ("Once the next player has drawn or played a card, the player is safe.", MATTEL_BLOG,
     ("uno_penalty", 4), "once the next turn has begun, you are safe"),
    ("Reneging: with a playable card you may withhold it and draw a card instead.",
     MATTEL_BLOG, ("may_draw_instead_of_playing", True), "You may draw instead of playing, "
     "even when you hold a card you could play"),
    ("If the drawn card is playable, you can play it immediately.", MATTEL_BLOG,
     ("drawn_card", "may_play"), "you may play it at once"),
    ("If it is not playable you cannot then play another card from your hand; the next "
     "player takes their turn.", MATTEL_BLOG, ("drawn_card", "may_play"),
     "you cannot play another card instead"),
    ("When a player plays their last card, the round is over.", MATTEL_BLOG,
     "base.going_out", "wins the round"),
    ("Number cards: the same value as the number printed on the card.", MATTEL_BLOG,
     "base.number_points", "face value"),
    ("Draw 2, Skip and Reverse cards: 20 points.", MATTEL_BLOG, ("points_action", 20),
     "20 points"),
    ("Wild and Wild Draw 4 cards: 50 points.", MATTEL_BLOG, ("points_wild", 50), "50 points"),
    ("When a player reaches 500 points, he/she is the winner.", MATTEL_BLOG,
     ("scoring", "winner_takes_points"), "The first to reach the target score wins the game"),
    # 002: the online "Uno classic" for two teams of two
    ("Four players play in pairs.", UNO_CLASSIC, ("teams", "pairs"), "Play in pairs"),
    ("The first pair to reach 100 points wins the game.", UNO_CLASSIC, ("target_score", 100),
     "target score is 100 points"),
    ("108-card deck in 4 colours; 0 to 9 each twice except zero (76 cards); 8 each of Skip, "
     "Reverse, Draw 2; 4 Wild; 4 Wild Draw +4", UNO_CLASSIC, "base.deck",
     "one 0, two each of 1 to 9, two Skips, two Reverses and two Draw Twos"),
    ("Skip: skip the next player's turn.", UNO_CLASSIC, "base.skip", "misses their turn"),
    ("Reverse: reverses the direction of play.", UNO_CLASSIC, "base.reverse",
     "direction of play changes"),
    ("Draw 2: the next player is forced to draw 2 cards", UNO_CLASSIC, "base.draw_two",
     "draws two cards"),
    ("... and pass the turn.", UNO_CLASSIC, ("draw_card_skips_turn", True),
     "also misses their turn"),
    ("Wild card: changes the color.", UNO_CLASSIC, "base.wild", "choose the colour"),
    ("Wild Draw +4: changes the color, the next player draws 4 cards", UNO_CLASSIC,
     "base.wild_draw_four", "draws four cards"),
    ("... and skips their turn.", UNO_CLASSIC, ("draw_card_skips_turn", True),
     "also misses their turn"),
    ("All players start with 7 cards", UNO_CLASSIC, ("hand_size", 7), "7 cards"),
    ("the player who starts the first round is randomly chosen.", UNO_CLASSIC,
     ("dealer_selection", "random"), "chosen at random, so the first player is random too"),
    ("Each player must play a card with the same color, symbol, or number as the face-up "
     "card.", UNO_CLASSIC, "base.match", "colour, number or symbol"),
    ("If a player cannot play any cards, they must draw a card from the deck.", UNO_CLASSIC,
     ("draw_rule", "draw_one"), "draw one card from the draw pile"),
    ("In that case, they may play that card or pass the turn.", UNO_CLASSIC,
     ("drawn_card", "may_play"), "you may play it at once"),
    ("Tip: you can draw directly from the deck and keep the cards already in your hand.",
     UNO_CLASSIC, ("may_draw_instead_of_playing", True), "draw instead of playing"),
    ("The Draw 2 cards can be chained: the next player can respond with another Draw 2",
     UNO_CLASSIC, ("stack_draw_two_on_draw_two", True),
     "you may answer with a Draw Two of your own"),
    ("The following player would then have to draw 4 cards.", UNO_CLASSIC,
     ("stack_draw_two_on_draw_two", True), "the total passes to the next player, who draws "
     "it all"),
    ("The Wild Draw +4 can only be played if you have no other playable card", UNO_CLASSIC,
     ("wild_draw_four_rule", "no_playable_card"), "only when you hold no other card you "
     "could play"),
    ("... although you can break this rule; the next player can challenge you.", UNO_CLASSIC,
     ("wild_draw_four_challenge", True), "may challenge it, before drawing, if they think it "
     "was played against the rule"),
    ("If you followed the rule, the other player draws 6 cards (4 for the Wild Draw +4 and 2 "
     "as a penalty).", UNO_CLASSIC, ("challenge_wrong_draw", 6),
     "the challenger draws 6 cards in all, instead of four"),
    ("If you broke the rule and got caught, you are penalized with 4 cards.", UNO_CLASSIC,
     ("challenge_guilty_draw", 4), "draws 4 cards"),
    ("When you have one card left, you must warn the other players (the Last one button).",
     UNO_CLASSIC, ("uno_penalty", 2), "Call \u201cUNO!\u201d"),
    ("If another player presses Last one before you, you must draw 2 cards.", UNO_CLASSIC,
     ("uno_penalty", 2), "If another player catches you"),
    ("Tip: you can press the Last one button before playing your card.", UNO_CLASSIC,
     ("uno_penalty", 2), "calling it just before is fine"),
    ("When a player plays their last card, they win the round", UNO_CLASSIC,
     "base.going_out", "wins the round"),
    ("... and the winning team scores the points from all the cards left in everyone's "
     "hands.", UNO_CLASSIC, ("team_scores_partner_hand", True),
     "also scores the cards left in the partner's hand"),
    ("Cards 0 to 9: face value.", UNO_CLASSIC, "base.number_points", "face value"),
    ("Skip, Reverse, Draw 2: 20 points.", UNO_CLASSIC, ("points_action", 20), "20 points"),
    ("Wild, Wild Draw +4: 50 points.", UNO_CLASSIC, ("points_wild", 50), "50 points"),
]  # fmt: skip

# What the sources say that is not a rule of play, and why it is left out.
NOT_RULES = [
    (RULES_SITE, "Game overview, strategy tips, the house-rules sharing advert",
     "advice and marketing, not rules"),
    (MATTEL_BLOG, "Age 7 and up, the objective retold, the YouTube suggestion",
     "not rules of play"),
    (UNO_CLASSIC, "Players who leave the game will not score any points; coins and "
     "experience", "about the online game, not a table"),
]  # fmt: skip


def options_for(cover):
    """Options where the covering text is shown: official, with the value and its needs."""
    options = opts.official()
    if isinstance(cover, str):
        return options
    key, value = cover
    option = opts.BY_KEY[key]
    for dep_key, allowed in option.when:
        if options[dep_key] not in allowed:
            options[dep_key] = allowed[0]
    options[key] = value
    return options


def covering_text(cover, ref):
    rule_id = cover if isinstance(cover, str) else cover[0]
    rule = ref.rule(rule_id)
    assert rule is not None, f"{rule_id} is not in the reference"
    if not isinstance(cover, str):
        assert rule.value == cover[1]
        assert rule.text == rule.option.text(cover[1], options_for(cover))
    return rule.text


@pytest.mark.parametrize(
    ("statement", "source", "cover", "says"),
    STATEMENTS,
    ids=[f"{s[1][:3]}-{i}" for i, s in enumerate(STATEMENTS)],
)
def test_each_statement_is_covered(statement, source, cover, says):
    assert (SOURCES / source).exists()
    options = options_for(cover)
    ref = reference.build(options)
    text = covering_text(cover, ref)
    assert says.lower() in text.lower(), f"{statement!r}: {text!r} does not say {says!r}"
    html = render_to_string("rulesets/rules.html#reference", {"ref": ref})
    assert escape(text) in html


def test_every_source_is_used_and_every_base_text_covers_something():
    assert {s[1] for s in STATEMENTS} == {p.name for p in SOURCES.glob("*.txt")}
    covered_bases = {s[2] for s in STATEMENTS if isinstance(s[2], str)}
    # Base texts the sources never state: from the catalogue alone (version 2: two players,
    # stacking and a challenge inside a stack), and the sentences where two options meet
    # (issue 29: the house's rulings on them).
    catalogue_only = {
        "base.players",
        "base.two_players",
        "base.stacking",
        "base.stack_challenge",
        "base.first_card_stack",
        "base.several_sevens",
        "base.several_zeros",
        "base.two_players_stacking",
        "base.jump_in_challenge",
        # Catalogue v3: the 112-card deck's own cards (Mattel's 112-card sheet, not a source).
        "base.shuffle_hands",
        "base.shuffle_hands_last",
        "base.custom_wild",
        "base.special_wilds_stack",
        "base.shuffle_hands_jump_in",
    }
    assert covered_bases | catalogue_only == set(reference.BASE)
    assert {n[0] for n in NOT_RULES} <= {s[1] for s in STATEMENTS}


def test_where_the_sources_disagree_each_side_is_an_option_value():
    sides = {}
    for _statement, source, cover, _says in STATEMENTS:
        if not isinstance(cover, str):
            sides.setdefault(cover[0], {}).setdefault(cover[1], set()).add(source)
    # The UNO penalty: 2 cards (000, 002) against 4 (001).
    assert sides["uno_penalty"] == {2: {RULES_SITE, UNO_CLASSIC}, 4: {MATTEL_BLOG}}
    assert set(sides["direction"]) == {"clockwise", "counterclockwise"}
    assert set(sides["dealer_selection"]) == {"highest_card", "random"}
    assert set(sides["wild_draw_four_rule"]) == {"no_matching_color", "no_playable_card"}
    assert set(sides["stack_draw_two_on_draw_two"]) == {True, False}
    assert set(sides["target_score"]) == {500, 100}
    assert set(sides["first_card_wild"]) == {"redraw", "first_player_chooses"}


def test_the_quoted_words_are_in_the_sources():
    """A statement quoted from a source is really there (guards against a misquote)."""
    quoted = [
        (RULES_SITE, "bury it and flip another"),
        (RULES_SITE, "you draw 2 penalty cards"),
        (RULES_SITE, "or just play round by round"),
        (MATTEL_BLOG, "the offending player must pick up 4 cards"),
        (MATTEL_BLOG, "Continue counterclockwise"),
        (MATTEL_BLOG, "The player with the highest card number is the dealer"),
        (UNO_CLASSIC, "The Draw 2 cards can be chained"),
        (UNO_CLASSIC, "the other player automatically draws 6 cards"),
        (UNO_CLASSIC, "randomly chosen"),
        (UNO_CLASSIC, "scores the points from all the cards left in everyone"),
    ]
    for source, words in quoted:
        assert words in (SOURCES / source).read_text(), (source, words)
