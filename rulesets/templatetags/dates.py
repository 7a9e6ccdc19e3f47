"""Dates in the reader's language: English keeps the page's own short format ("2 Dec 2026"),
the other languages their own (Django's per-language formats: "2. Dezember 2026",
"2 de diciembre de 2026"), not English's pattern with translated month names."""

from django import template
from django.conf import settings
from django.template.defaultfilters import date
from django.utils import translation

register = template.Library()


@register.filter
def reader_date(value, english_format):
    if translation.get_language() == settings.LANGUAGE_CODE:
        return date(value, english_format)
    return date(value, "DATE_FORMAT")


@register.filter
def reader_datetime(value, english_format):
    if translation.get_language() == settings.LANGUAGE_CODE:
        return date(value, english_format)
    return date(value, "DATETIME_FORMAT")
