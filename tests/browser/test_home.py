from tests.browser.conftest import assert_accessible, assert_no_horizontal_scroll


def test_home_page_has_no_axe_violations(page, db):
    response = page.goto("/")
    assert response.status == 200
    assert "nonce-" in response.headers["content-security-policy"]
    assert page.get_by_role("heading", level=1).is_visible()
    assert_no_horizontal_scroll(page)
    assert_accessible(page, "home-360")


def test_home_page_in_dark_mode_has_no_axe_violations(pages, db):
    page = pages.new(width=1280, height=800, color_scheme="dark")
    page.goto("/")
    assert_accessible(page, "home-dark-1280")
