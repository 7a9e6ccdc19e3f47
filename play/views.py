from django.http import Http404
from django.views.decorators.http import require_http_methods


@require_http_methods(["GET", "POST"])
def new(request, code):
    # Placeholder until the scorekeeper lands.
    raise Http404("The scorekeeper is not available yet.")
