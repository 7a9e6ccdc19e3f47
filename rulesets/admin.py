from django.contrib import admin

from rulesets.models import Revision, RuleSet


class RevisionInline(admin.TabularInline):
    model = Revision
    fields = readonly_fields = ("number", "name", "created_at")
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    # The edit secret's hash is never shown: it is excluded, not just read-only.
    list_display = ["code", "name", "revision_number", "created_at", "updated_at"]
    search_fields = ["code", "current__name"]
    fields = readonly_fields = ("code", "current", "copied_from", "created_at", "updated_at")
    inlines = [RevisionInline]
    list_select_related = ["current"]

    @admin.display(description="Name")
    def name(self, obj):
        return obj.current.name if obj.current else ""

    @admin.display(description="Revision")
    def revision_number(self, obj):
        return obj.current.number if obj.current else 0

    def has_add_permission(self, request):
        return False


@admin.register(Revision)
class RevisionAdmin(admin.ModelAdmin):
    list_display = ["name", "ruleset", "number", "created_at"]
    list_select_related = ["ruleset"]
    search_fields = ["name", "ruleset__code"]

    def get_readonly_fields(self, request, obj=None):
        # Revisions are immutable.
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request):
        return False
