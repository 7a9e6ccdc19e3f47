"""Sharing: QR codes, the table card, link previews and the share panel (issue 4)."""

import io
import re
import xml.etree.ElementTree as ET

import pytest
import zxingcpp
from django.core.cache import cache
from django.test import Client, override_settings
from PIL import Image

from domain import options as opts
from rulesets import og, services, sharing
from rulesets.models import RuleSet
from rulesets.presets import BY_SLUG
from tests.conftest import make_ruleset
from unosite import qr

pytestmark = pytest.mark.django_db

HOSTILE_NAMES = {
    "emoji": "🎉🃏 Family night 👨‍👩‍👧‍👦 ❤️",
    "rtl": "قواعد البيت لعائلة أحمد وסבתא שרה",
    "long": "W" * 80,
    "long_words": " ".join(["Wonderfully"] * 7)[:80],
    "html": "<script>alert('x')</script><b>bold</b> & co",
}


def card_sheet(body: str) -> str:
    """The printed card itself: from its sheet on, after the page's tools (the language
    switcher there has an icon of its own, and only with a second language listed)."""
    sheet = body[body.index('class="card-sheet') :]
    assert "language-switcher" not in sheet
    return sheet


IMAGE_URLS = ["qr.svg", "qr.png", "qr.png?size=256", "og.png"]
PAGE_URLS = ["card/", "card/?layout=small"]


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def decode(image: Image.Image) -> list[str]:
    """The QR codes in the image. QR codes only: read as any kind of barcode, a row of
    printed text now and then decoded as a short number ('8478')."""
    formats = zxingcpp.BarcodeFormat.QRCode
    return [result.text for result in zxingcpp.read_barcodes(image, formats=formats)]


def png(response) -> Image.Image:
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG"
    return image


def share_url(rs: RuleSet) -> str:
    return f"http://testserver/r/{rs.code}/"


# --- The QR mechanism on its own --------------------------------------------------------


class TestQrModule:
    @pytest.mark.parametrize(
        "raw", ["127", "128", "333", "2049", "0", "-200", "abc", "", " ", "12.5", "1e3"]
    )
    def test_sizes_not_drawn_are_refused_with_a_reason(self, raw):
        with pytest.raises(qr.SizeError, match="256, 512, 1024, 2048"):
            qr.parse_size(raw)

    @pytest.mark.parametrize("raw", ["１２８", "²⁵⁶", "99999999999"])
    def test_unicode_digits_and_huge_numbers_are_refused(self, raw):
        with pytest.raises(qr.SizeError):
            qr.parse_size(raw)

    def test_the_few_sizes_drawn_and_the_default(self):
        """Each size drawn is kept in the cache apart: a few, not every number (issue 42)."""
        assert [qr.parse_size(str(size)) for size in (256, 512, 1024, 2048)] == [
            256,
            512,
            1024,
            2048,
        ]
        assert qr.parse_size(None) == qr.PNG_DEFAULT

    @pytest.mark.parametrize("size", [128, 333, 2048])
    def test_the_image_is_exactly_the_size_and_decodes(self, size):
        url = "https://rules.example.org/r/AbCdEfGhJkL/"
        image = qr.qr_image(url, size)
        assert image.size == (size, size)
        assert decode(image) == [url]

    def test_inline_svg_has_a_title_and_escapes_it(self):
        markup = qr.qr_svg("https://x.example/r/a?b=1&c=<2>", title='Scan "<me>" & go')
        root = ET.fromstring(markup)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("role") == "img"
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text == 'Scan "<me>" & go'
        assert "width" not in root.attrib  # CSS sizes it
        assert "<me>" not in markup

    def test_standalone_svg_is_well_formed_with_a_size(self):
        root = ET.fromstring(qr.svg_bytes("https://x.example/r/abc/"))
        assert int(root.get("width")) >= 200
        assert root.find("{http://www.w3.org/2000/svg}path") is not None


# --- Words for the card and previews ----------------------------------------------------


class TestWords:
    def test_official_rules_have_no_house_rules(self):
        rs, _ = make_ruleset()
        assert sharing.house_rules(rs.current.options) == []
        assert "official" in sharing.describe(rs.current)

    def test_own_rules_are_never_the_official_rules_alone(self):
        official = BY_SLUG["official"].options
        rs, _ = services.create_ruleset("Ours", "", official, own_rules=["Stand up for a 7"])
        assert sharing.describe(rs.current) == (
            "The official UNO rules plus 1 rule of this house's own. Open them to read and keep "
            "score."
        )
        two, _ = services.create_ruleset("Ours", "", official, own_rules=["A", "B"])
        assert "plus 2 rules of this house's own" in sharing.describe(two.current)

    def test_house_rules_in_short_words(self):
        rs, _ = make_ruleset(jump_in=True, uno_penalty=4)
        assert sharing.house_rules(rs.current.options) == [
            ("Jump in", "Allowed (official: not allowed)"),
            ("UNO penalty", "4 cards (official: 2)"),
        ]
        assert sharing.describe(rs.current) == (
            "UNO with 2 house rules: Jump in: Allowed (official: not allowed); "
            "UNO penalty: 4 cards (official: 2)."
        )

    def test_main_rules_come_first_setup_details_last(self):
        rs, _ = make_ruleset(hand_size=8, uno_penalty=4, stack_draw_two_on_draw_two=True)
        assert [label for label, _ in sharing.house_rules(rs.current.options)] == [
            "Draw Two on a Draw Two",
            "UNO penalty",
            "Cards dealt to each player",
        ]

    def test_every_option_group_has_a_place_in_the_main_order(self):
        assert sorted(opts.MAIN_GROUPS) == sorted(key for key, _ in opts.GROUPS)

    def test_options_that_mean_nothing_are_left_out(self):
        # A changed target score means nothing when counting rounds won.
        rs, _ = make_ruleset(scoring="round_wins", target_score=300)
        labels = [label for label, _ in sharing.house_rules(rs.current.options)]
        assert "Scoring" in labels
        assert "Target score" not in labels

    def test_a_preview_names_three_rules_and_counts_the_rest(self):
        rs, _ = make_ruleset(
            jump_in=True, seven_swap=True, zero_rotate=True, uno_penalty=4, hand_size=8
        )
        description = sharing.describe(rs.current)
        assert description.startswith("UNO with 5 house rules: ")
        assert description.endswith("; and 2 more.")


# --- The QR views -----------------------------------------------------------------------


class TestQrViews:
    def test_png_decodes_to_exactly_the_share_url(self, client, ruleset):
        response = client.get(f"/r/{ruleset.code}/qr.png")
        assert response.status_code == 200
        image = png(response)
        assert image.size == (qr.PNG_DEFAULT, qr.PNG_DEFAULT)
        assert decode(image) == [share_url(ruleset)]

    @override_settings(PUBLIC_URL="https://uno.example.org")
    def test_with_public_url_the_code_holds_it(self, client, ruleset):
        image = png(client.get(f"/r/{ruleset.code}/qr.png?size=256"))
        assert image.size == (256, 256)
        (text,) = decode(image)
        assert text.startswith("https://uno.example.org/")
        assert text == f"https://uno.example.org/r/{ruleset.code}/"
        svg = client.get(f"/r/{ruleset.code}/qr.svg").content.decode()
        assert f"QR code for https://uno.example.org/r/{ruleset.code}/" in svg

    def test_svg_is_an_svg_image_with_a_title(self, client, ruleset):
        response = client.get(f"/r/{ruleset.code}/qr.svg")
        assert response.status_code == 200
        assert response["Content-Type"] == "image/svg+xml"
        root = ET.fromstring(response.content)
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title.text == f"QR code for {share_url(ruleset)}"

    @pytest.mark.parametrize(
        "size", ["127", "2049", "abc", "", "-1", "300px", "1e3", "128", "300", "1000", "2047"]
    )
    def test_png_size_not_one_of_the_few_drawn_is_a_400_with_a_reason(self, client, ruleset, size):
        response = client.get(f"/r/{ruleset.code}/qr.png", {"size": size})
        assert response.status_code == 400
        assert response["Content-Type"].startswith("text/html")
        assert "The size must be one of 256, 512, 1024, 2048 pixels." in response.content.decode()

    def test_svg_with_a_size_is_a_400(self, client, ruleset):
        response = client.get(f"/r/{ruleset.code}/qr.svg?size=300")
        assert response.status_code == 400
        assert "scales to any size" in response.content.decode()

    @pytest.mark.parametrize("size", [256, 512, 1024, 2048])
    def test_png_sizes_drawn(self, client, ruleset, size):
        image = png(client.get(f"/r/{ruleset.code}/qr.png?size={size}"))
        assert image.size == (size, size)
        assert decode(image) == [share_url(ruleset)]

    @pytest.mark.parametrize("path", IMAGE_URLS)
    def test_cache_headers_and_a_304_with_an_empty_body(self, client, ruleset, path):
        first = client.get(f"/r/{ruleset.code}/{path}")
        assert first.status_code == 200
        etag = first["ETag"]
        assert re.fullmatch(r'"[0-9a-f]{40}"', etag)  # strong
        assert "public" in first["Cache-Control"]
        assert int(re.search(r"max-age=(\d+)", first["Cache-Control"])[1]) >= 3600

        again = client.get(f"/r/{ruleset.code}/{path}", headers={"if-none-match": etag})
        assert again.status_code == 304
        assert again.content == b""
        assert again["ETag"] == etag
        assert again["Cache-Control"] == first["Cache-Control"]

        listed = client.get(
            f"/r/{ruleset.code}/{path}", headers={"if-none-match": f'"nope", W/{etag}'}
        )
        assert listed.status_code == 304

        other = client.get(f"/r/{ruleset.code}/{path}", headers={"if-none-match": '"nope"'})
        assert other.status_code == 200
        assert other.content == first.content

    def test_qr_png_and_svg_of_the_same_code_have_different_etags(self, client, ruleset):
        a = client.get(f"/r/{ruleset.code}/qr.png")["ETag"]
        b = client.get(f"/r/{ruleset.code}/qr.svg")["ETag"]
        c = client.get(f"/r/{ruleset.code}/qr.png?size=1024")["ETag"]
        assert len({a, b, c}) == 3

    def test_an_image_is_generated_once_then_served_from_the_cache(
        self, client, ruleset, monkeypatch
    ):
        calls = []
        real = qr.png_bytes
        monkeypatch.setattr(
            qr, "png_bytes", lambda url, size: calls.append(size) or real(url, size)
        )
        bodies = {client.get(f"/r/{ruleset.code}/qr.png?size=256").content for _ in range(3)}
        assert calls == [256]
        assert len(bodies) == 1
        client.get(f"/r/{ruleset.code}/qr.png?size=1024")
        assert calls == [256, 1024]

    def test_head_works_and_post_does_not(self, client, ruleset):
        assert client.head(f"/r/{ruleset.code}/qr.png").status_code == 200
        assert client.head(f"/r/{ruleset.code}/card/").status_code == 200
        assert client.post(f"/r/{ruleset.code}/qr.png").status_code == 405
        assert client.post(f"/r/{ruleset.code}/card/").status_code == 405

    def test_qr_response_refuses_an_unknown_format(self, rf):
        with pytest.raises(ValueError, match="svg"):
            qr.qr_response(rf.get("/"), "https://x.example/", "gif")

    def test_qr_response_serves_any_url(self, rf):
        # The one mechanism other pages (a game's link) use.
        response = qr.qr_response(rf.get("/", {"size": "256"}), "https://x.example/g/1/", "png")
        assert decode(Image.open(io.BytesIO(response.content))) == ["https://x.example/g/1/"]


@pytest.mark.parametrize("path", [*IMAGE_URLS, *PAGE_URLS])
def test_an_unknown_code_is_a_404_page_never_an_image(client, db, path):
    make_ruleset()  # a real one exists, just not this one
    response = client.get(f"/r/NoSuchCode1/{path}")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "No rules have this link." in response.content.decode()


@pytest.mark.parametrize("who", ["owner", "viewer", "stranger"])
def test_anyone_with_the_link_gets_the_images_and_card(request, ruleset, who):
    client = request.getfixturevalue(who)
    for path in [*IMAGE_URLS, *PAGE_URLS]:
        assert client.get(f"/r/{ruleset.code}/{path}").status_code == 200, path


# --- The Open Graph picture -------------------------------------------------------------


class TestOgImage:
    def test_it_is_a_1200_by_630_png_whose_qr_code_decodes(self, client):
        rs, _ = make_ruleset(jump_in=True, stack_draw_two_on_draw_two=True)
        image = png(client.get(f"/r/{rs.code}/og.png"))
        assert image.size == (1200, 630)
        assert decode(image.convert("L")) == [share_url(rs)]

    def test_a_new_revision_makes_a_new_picture(self, client):
        rs, _ = make_ruleset()
        first = client.get(f"/r/{rs.code}/og.png")
        current = rs.current
        services.save_revision(rs, "Renamed", "", {**current.options, "jump_in": True})
        second = client.get(f"/r/{rs.code}/og.png")
        assert second["ETag"] != first["ETag"]
        stale = client.get(f"/r/{rs.code}/og.png", headers={"if-none-match": first["ETag"]})
        assert stale.status_code == 200

    @pytest.mark.parametrize("kind", HOSTILE_NAMES)
    def test_hostile_names_draw_within_the_layout(self, client, kind):
        rs, _ = make_ruleset(name=HOSTILE_NAMES[kind], jump_in=True, seven_swap=True)
        image = png(client.get(f"/r/{rs.code}/og.png"))
        assert image.size == (1200, 630)
        assert decode(image.convert("L")) == [share_url(rs)]

    @pytest.mark.parametrize("kind", HOSTILE_NAMES)
    def test_name_lines_fit_the_text_column(self, kind):
        width = og.TEXT_RIGHT - og.MARGIN
        face, lines = og._name_lines(HOSTILE_NAMES[kind], width)
        assert 1 <= len(lines) <= 2
        assert all(face.getlength(line) <= width for line in lines)

    def test_long_rules_are_cut_with_an_ellipsis(self):
        face = og.font(27)
        text = og.fit("Wild Draw Four on a Wild Draw Four: " + "Allowed " * 20, face, 300)
        assert text.endswith(og.ELLIPSIS)
        assert face.getlength(text) <= 300

    def test_characters_the_font_lacks_are_left_out(self):
        face = og.font(27)
        assert og.has_glyph(face, "a") and og.has_glyph(face, "ש")
        assert not og.has_glyph(face, "🎉")
        assert og.clean("Fun 🎉 night\nout\t!", face) == "Fun night out !"

    def test_many_rules_are_summed_up(self):
        rules = [f"Rule {n}: Allowed" for n in range(20)]
        image = og.draw("Lots", rules, "https://x.example/r/abc/")
        assert image.size == (1200, 630)
        assert decode(image.convert("L")) == ["https://x.example/r/abc/"]


# --- The printable card -----------------------------------------------------------------


class TestCard:
    def test_the_card_shows_name_rules_qr_and_link(self, client):
        rs, _ = make_ruleset(name="Grandma's table", jump_in=True, uno_penalty=4)
        response = client.get(f"/r/{rs.code}/card/")
        assert response.status_code == 200
        body = response.content.decode()
        assert '<h1 id="card-name" dir="auto">Grandma&#x27;s table</h1>' in body
        assert "<strong>Jump in:</strong> Allowed (official: not allowed)" in body
        assert "<strong>UNO penalty:</strong> 4 cards (official: 2)" in body
        assert "We play 2 rules differently" in body
        # The card carries this browser's table link, not the public rules link.
        table = client.session["tables"][rs.code]
        assert f'<span class="card-link">{share_url(rs)}t/{table}/</span>' in body
        assert share_url(rs) + "<" not in body
        assert card_sheet(body).count("<svg ") == 1 and "<title>QR code: scan to open" in body
        assert 'class="site-header"' not in body and 'class="site-footer"' not in body

    @pytest.mark.parametrize("layout", ["full", "small"])
    def test_on_localhost_the_card_warns_before_printing_a_dead_link(self, ruleset, layout):
        local = Client(headers={"host": "127.0.0.1:8000"})
        body = local.get(f"/r/{ruleset.code}/card/", {"layout": layout}).content.decode()
        assert "A phone can’t open this link yet." in body
        assert "works on this computer only" in body
        # In family words: no server address nor instructions file in what a player reads.
        note = re.search(r'<div class="share-local".*?</div>', body, re.S).group()
        assert "127.0.0.1" not in note and "README" not in note
        elsewhere = Client().get(f"/r/{ruleset.code}/card/", {"layout": layout})
        assert "A phone can’t open this link yet." not in elsewhere.content.decode()

    def test_official_rules_say_so(self, client, ruleset):
        body = client.get(f"/r/{ruleset.code}/card/").content.decode()
        assert "We play the official rules" in body

    def test_more_than_eight_rules_are_summed_up(self, client):
        rs, _ = make_ruleset(
            hand_size=8,
            dealer_selection="random",
            direction="counterclockwise",
            first_card_wild="redraw",
            first_card_action="redraw",
            draw_rule="draw_until_playable",
            drawn_card="must_play",
            may_draw_instead_of_playing=False,
            jump_in=True,
            multiple_same_number=True,
            seven_swap=True,
            zero_rotate=True,
        )
        body = client.get(f"/r/{rs.code}/card/").content.decode()
        assert body.count("<li><strong>") == 8
        assert "and 4 more: scan the code to read them all." in body

    def test_small_cards_layout(self, client, ruleset):
        body = client.get(f"/r/{ruleset.code}/card/?layout=small").content.decode()
        assert body.count('<li class="small-card">') == 8
        assert card_sheet(body).count("<svg ") == 8
        assert f'href="/r/{ruleset.code}/card/"' in body
        # Small cards are handed out and taken home: the rules link, which shows no game.
        assert body.count(f'<p class="card-link">{share_url(ruleset)}</p>') == 8
        assert "/t/" not in body

    def test_the_tent_card_carries_the_table_link(self, client, ruleset):
        response = client.get(f"/r/{ruleset.code}/card/?layout=tent")
        table = client.session["tables"][ruleset.code]
        assert response.context["card_url"] == f"{share_url(ruleset)}t/{table}/"
        # Its QR code, on both faces.
        assert card_sheet(response.content.decode()).count("<svg ") == 2

    def test_an_unknown_layout_is_a_400_with_a_reason(self, client, ruleset):
        response = client.get(f"/r/{ruleset.code}/card/?layout=poster")
        assert response.status_code == 400
        assert "The card layout must be" in response.content.decode()

    @pytest.mark.parametrize("kind", HOSTILE_NAMES)
    @pytest.mark.parametrize("layout", ["full", "small"])
    def test_hostile_names_show_as_text(self, client, kind, layout):
        name = HOSTILE_NAMES[kind]
        rs, _ = make_ruleset(name=name)
        response = client.get(f"/r/{rs.code}/card/", {"layout": layout})
        assert response.status_code == 200
        body = response.content.decode()
        assert "<script>alert" not in body and "<b>bold</b>" not in body
        escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        escaped = escaped.replace("'", "&#x27;")
        assert escaped in body


# --- The share panel and preview tags on the rules page ---------------------------------


class TestRulesPage:
    def test_share_panel(self, client, ruleset):
        body = client.get(f"/r/{ruleset.code}/").content.decode()
        url = share_url(ruleset)
        assert f'<input id="share-link" type="text" readonly value="{url}"' in body
        assert 'data-copy="#share-link"' in body
        assert re.search(rf'data-share-url="{re.escape(url)}"[^>]*hidden>', body)
        assert f'<img src="/r/{ruleset.code}/qr.svg"' in body
        assert f'alt="QR code of the share link {url}"' in body
        assert f'href="/r/{ruleset.code}/card/"' in body
        assert f'href="/r/{ruleset.code}/card/?layout=small"' in body
        assert f'href="/r/{ruleset.code}/qr.png?size=1024" download=' in body
        assert (
            "A phone can’t open this link yet." not in body
        )  # testserver is not this computer only

    @pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "localhost"])
    def test_on_localhost_it_says_a_phone_cannot_open_it_and_how_to_fix_it(self, ruleset, host):
        body = Client(headers={"host": host}).get(f"/r/{ruleset.code}/").content.decode()
        assert "A phone can’t open this link yet." in body
        assert "let in the phones on your home Wi-Fi" in body
        assert "make run" not in body and "PUBLIC_URL" not in body

    @override_settings(PUBLIC_URL="https://uno.example.org")
    def test_with_public_url_on_localhost_there_is_no_warning(self, ruleset):
        client = Client(headers={"host": "localhost:8000"})
        body = client.get(f"/r/{ruleset.code}/").content.decode()
        assert "A phone can’t open this link yet." not in body
        assert f'value="https://uno.example.org/r/{ruleset.code}/"' in body

    def test_open_graph_and_twitter_tags(self, client):
        rs, _ = make_ruleset(name="Fast & loose", jump_in=True)
        body = client.get(f"/r/{rs.code}/").content.decode()
        head = body.split("</head>")[0]

        def meta(attr, key):
            found = re.findall(rf'<meta {attr}="{re.escape(key)}" content="([^"]*)">', head)
            assert len(found) == 1, key
            return found[0]

        assert meta("property", "og:title") == "Fast &amp; loose"
        assert meta("property", "og:description") == (
            "UNO with 1 house rule: Jump in: Allowed (official: not allowed)."
        )
        assert meta("property", "og:url") == share_url(rs)
        assert meta("property", "og:image") == f"http://testserver/r/{rs.code}/og.png?v=1"
        assert meta("property", "og:image:width") == "1200"
        assert meta("property", "og:image:height") == "630"
        assert meta("name", "twitter:card") == "summary_large_image"
        assert meta("name", "twitter:image") == meta("property", "og:image")
        assert meta("name", "twitter:title") == "Fast &amp; loose"

    def test_the_og_image_named_in_the_page_is_served(self, client, ruleset):
        body = client.get(f"/r/{ruleset.code}/").content.decode()
        image_url = re.search(r'<meta property="og:image" content="([^"]*)">', body)[1]
        response = client.get(image_url.removeprefix("http://testserver"))
        assert png(response).size == (1200, 630)
