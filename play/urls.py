app_name = "play"

urlpatterns: list = []
