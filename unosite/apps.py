from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site itself, as an app for what belongs to no part of it: the rate-limit counters."""

    name = "unosite"
    label = "unosite"
    verbose_name = "Site"
    default_auto_field = "django.db.models.BigAutoField"
