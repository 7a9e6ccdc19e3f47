from django.contrib import admin
from django.urls import include, path

from unosite.views import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("", include("rulesets.urls")),
    path("", include("play.urls")),
    path("", include("estimates.urls")),
]

handler400 = "unosite.errors.bad_request"
handler403 = "unosite.errors.permission_denied"
handler404 = "unosite.errors.page_not_found"
handler500 = "unosite.errors.server_error"
