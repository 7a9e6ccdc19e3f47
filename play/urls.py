from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("r/<str:code>/play/", views.new, name="new"),
]
