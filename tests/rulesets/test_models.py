"""The option columns of a revision: values checked by the database, labels not copied."""

import pytest
from django.db import IntegrityError

from domain import options as opts
from rulesets.models import Revision
from tests.conftest import make_ruleset


@pytest.mark.parametrize(
    "option", [o for o in opts.OPTIONS if o.kind == opts.ENUM], ids=lambda o: o.key
)
def test_an_option_column_holds_no_labels(option):
    """Editing a label in domain.options must not need a migration."""
    field = Revision._meta.get_field(option.key)
    assert not field.choices
    assert field.default == option.official


def test_the_database_still_refuses_a_value_that_is_no_choice(db):
    ruleset, _secret = make_ruleset()
    with pytest.raises(IntegrityError):
        Revision.objects.filter(pk=ruleset.current.pk).update(scoring="most_cards_wins")
