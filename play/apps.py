from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Scorekeeper"

    def ready(self):
        from play import tables
        from rulesets import sharing

        sharing.register_table_path(tables.own_table_path)
