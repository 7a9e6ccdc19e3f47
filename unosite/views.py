from django.http import HttpResponse
from django.views.decorators.http import require_safe


@require_safe
def healthz(request):
    """For health checks: answers without touching the database."""
    return HttpResponse("ok", content_type="text/plain")
