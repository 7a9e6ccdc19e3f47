from django.urls import path

from rulesets import share_views, views

app_name = "rulesets"

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("rules/new/", views.new, name="new"),
    path("rules/import/", views.import_rules, name="import"),
    path("r/<str:code>/", views.rules, name="rules"),
    path("r/<str:code>/edit/", views.edit, name="edit"),
    path("r/<str:code>/edit/<str:secret>/", views.grant, name="grant"),
    path("r/<str:code>/history/", views.history, name="history"),
    path("r/<str:code>/rules.json", views.rules_json, name="json"),
    path("r/<str:code>/forget/", views.forget, name="forget"),
    path("r/<str:code>/qr.svg", share_views.qr_svg, name="qr_svg"),
    path("r/<str:code>/qr.png", share_views.qr_png, name="qr_png"),
    path("r/<str:code>/og.png", share_views.og_image, name="og_image"),
    path("r/<str:code>/card/", share_views.card, name="card"),
]
