from django.urls import path

from play.views import (
    adjustments,
    corrections,
    downloads,
    game_rules,
    players,
    result,
    rounds,
    scoreboard,
    start,
    whole_table,
)

app_name = "play"

WATCH = {"spectator": True}

urlpatterns = [
    path("r/<code:code>/play/", start.new, name="new"),
    # The table link a printed card carries: the rules with this table's games.
    path("r/<code:code>/t/<code:table>/", whole_table.table, name="table"),
    # The game link: the phones at the table, who may record and correct rounds.
    path("g/<code:code>/", scoreboard.game, name="game"),
    path("g/<code:code>/board/", scoreboard.board, name="board"),
    path("g/<code:code>/rounds/", scoreboard.history, name="history"),
    path("g/<code:code>/rounds/new/", rounds.record, name="record"),
    path("g/<code:code>/rounds/<int:round_id>/edit/", corrections.edit, name="edit"),
    path("g/<code:code>/rounds/<int:round_id>/delete/", corrections.delete, name="delete"),
    path("g/<code:code>/undo/", corrections.undo, name="undo"),
    path("g/<code:code>/rounds/put-back/", corrections.put_back, name="put_back"),
    path("g/<code:code>/dealer/", players.choose_dealer, name="dealer"),
    # Points added or taken outside a round (not the correction of a round, above).
    path("g/<code:code>/points/", adjustments.add, name="add_points"),
    path("g/<code:code>/points/<int:adjustment_id>/undo/", adjustments.undo, name="undo_points"),
    path(
        "g/<code:code>/points/<int:adjustment_id>/put-back/",
        adjustments.put_back,
        name="put_back_points",
    ),
    path("g/<code:code>/scorer/", whole_table.scorer, name="scorer"),
    path("g/<code:code>/new-card/", whole_table.new_card, name="new_card"),
    path("g/<code:code>/rules/", game_rules.rules, name="rules"),
    path("g/<code:code>/again/", start.again, name="again"),
    path("g/<code:code>/players/", players.players, name="players"),
    path("g/<code:code>/players/add/", players.add_player, name="add_player"),
    path(
        "g/<code:code>/players/<int:player_id>/name/", players.rename_player, name="rename_player"
    ),
    path("g/<code:code>/players/<int:player_id>/up/", players.move_player, name="move_player"),
    path(
        "g/<code:code>/players/<int:player_id>/remove/", players.remove_player, name="remove_player"
    ),
    path("g/<code:code>/game.csv", downloads.export_csv, name="csv"),
    path("g/<code:code>/game.json", downloads.export_json, name="json"),
    path("g/<code:code>/qr.svg", downloads.qr, {"fmt": "svg"}, name="qr_svg"),
    path("g/<code:code>/qr.png", downloads.qr, {"fmt": "png"}, name="qr_png"),
    # The spectator link: read-only.
    path("w/<code:code>/", scoreboard.game, WATCH, name="watch_game"),
    path("w/<code:code>/board/", scoreboard.board, WATCH, name="watch_board"),
    # The stream of the game's changes, held by the push engine (play/push.py).
    path("w/<code:code>/events/", scoreboard.events, name="events"),
    path("w/<code:code>/rounds/", scoreboard.history, WATCH, name="watch_history"),
    path("w/<code:code>/rules/", game_rules.rules, WATCH, name="watch_rules"),
    path("w/<code:code>/result.png", result.image, name="result_image"),
    path("w/<code:code>/table/", whole_table.display, name="display"),
    path("w/<code:code>/table/board/", whole_table.display_board, name="display_board"),
    path("w/<code:code>/game.csv", downloads.export_csv, WATCH, name="watch_csv"),
    path("w/<code:code>/game.json", downloads.export_json, WATCH, name="watch_json"),
    path("w/<code:code>/qr.svg", downloads.qr, {**WATCH, "fmt": "svg"}, name="watch_qr_svg"),
    path("w/<code:code>/qr.png", downloads.qr, {**WATCH, "fmt": "png"}, name="watch_qr_png"),
]
