"""{% share_info ruleset revision as share %}: what the share panel and preview tags show."""

from django import template

from rulesets import sharing

register = template.Library()


@register.simple_tag(takes_context=True)
def share_info(context, ruleset, revision=None) -> sharing.Share:
    return sharing.share_for(context["request"], ruleset, revision)
