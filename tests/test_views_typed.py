"""Every view of the project is typed: its request parameter (``HttpRequest``, or
``HtmxHttpRequest`` where it reads ``request.htmx``) and what it returns, so mypy checks
its body. The views are found from the URL resolver and the error handlers, as Django
finds them: a new page is checked without anyone listing it."""

import inspect

from django.conf import settings
from django.urls import URLResolver, get_resolver
from django.utils.module_loading import import_string

from unosite import urls

APPS = ("engine", "estimates", "play", "rulesets", "unosite")


def _callbacks(patterns):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _callbacks(pattern.url_patterns)
        else:
            yield pattern.callback


def _functions(callback):
    """The functions a request reaches: the view, or a class view's handler methods."""
    view_class = getattr(callback, "view_class", None)
    if view_class is None:
        yield inspect.unwrap(callback)
        return
    for method in view_class.http_method_names:
        handler = view_class.__dict__.get(method)  # the project's own, not inherited
        if handler is not None:
            yield handler


def project_views():
    callbacks = [*_callbacks(get_resolver().url_patterns)]
    handlers = ("handler400", "handler403", "handler404", "handler500")
    callbacks += [import_string(getattr(urls, name)) for name in handlers]
    callbacks.append(import_string(settings.CSRF_FAILURE_VIEW))
    found = {}
    for callback in callbacks:
        for function in _functions(callback):
            if function.__module__.split(".")[0] in APPS:
                found[f"{function.__module__}.{function.__qualname__}"] = function
    return found


def untyped(function) -> list[str]:
    """What of the view is not typed: its request parameter, its return."""
    names = [name for name in inspect.signature(function).parameters if name != "self"]
    annotations = function.__annotations__
    missing = [] if names and names[0] in annotations else ["request"]
    return missing if "return" in annotations else [*missing, "return"]


def test_every_view_is_typed():
    views = project_views()
    assert len(views) > 50, sorted(views)  # the resolver was read
    missing = {name: untyped(view) for name, view in views.items() if untyped(view)}
    assert not missing, f"views not typed (request: HttpRequest, -> HttpResponse): {missing}"


def test_the_check_finds_an_untyped_view():
    def view(request, code):
        return None

    def typed(request: object, code) -> None:
        return None

    assert untyped(view) == ["request", "return"]
    assert untyped(typed) == []
