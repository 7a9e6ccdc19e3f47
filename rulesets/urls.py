from django.urls import path

from rulesets import share_views, views

app_name = "rulesets"

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("rules/new/", views.new, name="new"),
    path("rules/import/", views.import_rules, name="import"),
    path("r/<code:code>/", views.rules, name="rules"),
    path("r/<code:code>/edit/", views.edit, name="edit"),
    path("r/<code:code>/edit/<str:secret>/", views.grant, name="grant"),
    path("r/<code:code>/history/", views.history, name="history"),
    path("r/<code:code>/answers/", views.answers, name="answers"),
    path("r/<code:code>/history/<int:number>/restore/", views.restore, name="restore"),
    path("r/<code:code>/rules.json", views.rules_json, name="json"),
    path("r/<code:code>/forget/", views.forget, name="forget"),
    path("r/<code:code>/new-link/", views.new_edit_link, name="new_edit_link"),
    path("r/<code:code>/link-saved/", views.edit_link_saved, name="edit_link_saved"),
    path("r/<code:code>/qr.svg", share_views.qr_svg, name="qr_svg"),
    path("r/<code:code>/qr.png", share_views.qr_png, name="qr_png"),
    path("r/<code:code>/og.png", share_views.og_image, name="og_image"),
    path("r/<code:code>/card/", share_views.card, name="card"),
]
