"""The rules of UNO as houses play them, apart from any page or database.

``domain.options`` declares every rule option (the catalogue's contract), ``domain.scoring``
is the arithmetic of a game's rounds, ``domain.reference`` the rules in words. Nothing here
reads a request, a model or the settings; the apps (``rulesets``, ``play``, ``engine``,
``estimates``) import it, never the other way (tests/test_imports.py).
"""
