from django.contrib import admin
from django.urls import include, path

from unosite import webapp
from unosite.i18n import javascript_catalog, set_language
from unosite.views import healthz, readyz, robots_txt

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("robots.txt", robots_txt, name="robots_txt"),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("admin/", admin.site.urls),
    # The language switcher's form posts here; the choice is kept in Django's language cookie.
    path("language/", set_language, name="set_language"),
    path("jsi18n/<str:language>.js", javascript_catalog, name="javascript_catalog"),
    path("", include("rulesets.urls")),
    path("", include("play.urls")),
    path("", include("estimates.urls")),
]

handler400 = "unosite.errors.bad_request"
handler403 = "unosite.errors.permission_denied"
handler404 = "unosite.errors.page_not_found"
handler500 = "unosite.errors.server_error"
