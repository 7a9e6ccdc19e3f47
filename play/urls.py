from django.urls import path

from play import table_views, views

app_name = "play"

WATCH = {"spectator": True}

urlpatterns = [
    path("r/<code:code>/play/", views.new, name="new"),
    # The table link a printed card carries: the rules with this table's games.
    path("r/<code:code>/t/<code:table>/", table_views.table, name="table"),
    # The game link: the phones at the table, who may record and correct rounds.
    path("g/<code:code>/", views.game, name="game"),
    path("g/<code:code>/board/", views.board, name="board"),
    path("g/<code:code>/rounds/", views.history, name="history"),
    path("g/<code:code>/rounds/new/", views.record, name="record"),
    path("g/<code:code>/rounds/<int:round_id>/edit/", views.edit, name="edit"),
    path("g/<code:code>/rounds/<int:round_id>/delete/", views.delete, name="delete"),
    path("g/<code:code>/undo/", views.undo, name="undo"),
    path("g/<code:code>/rounds/put-back/", views.put_back, name="put_back"),
    path("g/<code:code>/scorer/", table_views.scorer, name="scorer"),
    path("g/<code:code>/again/", views.again, name="again"),
    path("g/<code:code>/players/", views.players, name="players"),
    path("g/<code:code>/players/add/", views.add_player, name="add_player"),
    path("g/<code:code>/players/<int:player_id>/name/", views.rename_player, name="rename_player"),
    path("g/<code:code>/players/<int:player_id>/up/", views.move_player, name="move_player"),
    path(
        "g/<code:code>/players/<int:player_id>/remove/", views.remove_player, name="remove_player"
    ),
    path("g/<code:code>/game.csv", views.export_csv, name="csv"),
    path("g/<code:code>/game.json", views.export_json, name="json"),
    path("g/<code:code>/qr.svg", views.qr, {"fmt": "svg"}, name="qr_svg"),
    path("g/<code:code>/qr.png", views.qr, {"fmt": "png"}, name="qr_png"),
    # The spectator link: read-only.
    path("w/<code:code>/", views.game, WATCH, name="watch_game"),
    path("w/<code:code>/board/", views.board, WATCH, name="watch_board"),
    path("w/<code:code>/rounds/", views.history, WATCH, name="watch_history"),
    path("w/<code:code>/table/", table_views.display, name="display"),
    path("w/<code:code>/table/board/", table_views.display_board, name="display_board"),
    path("w/<code:code>/game.csv", views.export_csv, WATCH, name="watch_csv"),
    path("w/<code:code>/game.json", views.export_json, WATCH, name="watch_json"),
    path("w/<code:code>/qr.svg", views.qr, {**WATCH, "fmt": "svg"}, name="watch_qr_svg"),
    path("w/<code:code>/qr.png", views.qr, {**WATCH, "fmt": "png"}, name="watch_qr_png"),
]
