from django.apps import AppConfig


class RulesetsConfig(AppConfig):
    name = "rulesets"
    verbose_name = "Rule sets"
