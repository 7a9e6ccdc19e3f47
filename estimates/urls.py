from django.urls import path

from estimates import views

app_name = "estimates"

urlpatterns = [
    path("r/<code:code>/game-length/", views.game_length, name="game_length"),
    path("r/<code:code>/game-length/players/", views.for_players, name="for_players"),
    path("r/<code:code>/game-length/changes/", views.revision_change, name="revision_change"),
]
