from django.urls import path

from play import views

app_name = "play"

WATCH = {"spectator": True}

urlpatterns = [
    path("r/<str:code>/play/", views.new, name="new"),
    # The game link: the phones at the table, who may record and correct rounds.
    path("g/<str:code>/", views.game, name="game"),
    path("g/<str:code>/board/", views.board, name="board"),
    path("g/<str:code>/rounds/", views.history, name="history"),
    path("g/<str:code>/rounds/new/", views.record, name="record"),
    path("g/<str:code>/rounds/<int:round_id>/edit/", views.edit, name="edit"),
    path("g/<str:code>/rounds/<int:round_id>/delete/", views.delete, name="delete"),
    path("g/<str:code>/undo/", views.undo, name="undo"),
    path("g/<str:code>/again/", views.again, name="again"),
    path("g/<str:code>/game.csv", views.export_csv, name="csv"),
    path("g/<str:code>/game.json", views.export_json, name="json"),
    path("g/<str:code>/qr.svg", views.qr, {"fmt": "svg"}, name="qr_svg"),
    path("g/<str:code>/qr.png", views.qr, {"fmt": "png"}, name="qr_png"),
    # The spectator link: read-only.
    path("w/<str:code>/", views.game, WATCH, name="watch_game"),
    path("w/<str:code>/board/", views.board, WATCH, name="watch_board"),
    path("w/<str:code>/rounds/", views.history, WATCH, name="watch_history"),
    path("w/<str:code>/game.csv", views.export_csv, WATCH, name="watch_csv"),
    path("w/<str:code>/game.json", views.export_json, WATCH, name="watch_json"),
    path("w/<str:code>/qr.svg", views.qr, {**WATCH, "fmt": "svg"}, name="watch_qr_svg"),
    path("w/<str:code>/qr.png", views.qr, {**WATCH, "fmt": "png"}, name="watch_qr_png"),
]
