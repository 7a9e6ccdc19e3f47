"""Tables set up by hand for the engine, used only by the tests: ``ask.py`` asks the engine's
own steps what happens in one position, ``seen.py`` is what a scenario sees, and the
scenarios of the rules page's questions and rules (``scenarios.py``, ``deal_scenarios.py``,
``rule_scenarios.py``, ``deck_scenarios.py``). See engine/README.md."""
