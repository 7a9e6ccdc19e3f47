from django.apps import AppConfig
from django.urls import register_converter


class RulesetsConfig(AppConfig):
    name = "rulesets"
    verbose_name = "Rule sets"

    def ready(self):
        from rulesets.codes import CodeConverter

        register_converter(CodeConverter, "code")  # <code:code> in rulesets and play URLs
