"""The "Can I ...?" answers on playing in teams."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from domain.reference.core import NO, YES, Options, Question, Reply, asks

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


@question("teams", gettext_lazy("Do we play in teams?"), "teams")
def _teams(o: Options) -> Reply:
    if o["teams"] == "pairs":
        return YES, (
            gettext(
                "In pairs, partners sitting opposite; a pair wins the round when either partner "
                "goes out."
            )
        )
    return NO, gettext("Everyone plays for themselves.")
