"""`make messages`: Django's makemessages, without msgmerge's guesses.

msgmerge fills a new text with the translation of the nearest old one and marks it fuzzy
("Points for a Shuffle Hands" got the German for "Points for a Wild"): a wrong text a
translator must find and undo. Here a new text arrives empty, and a changed one too.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
