"""Tap targets on a phone: every control is at least 44 px tall (inline links in text aside;
the links of an answer's "See:" row are a row of links, not text)."""

from tests.conftest import make_ruleset
from tests.play.conftest import make_game, record

SMALL = """
(() => {
  const small = [];
  const controls = document.querySelectorAll(
    'button, input:not([type=hidden]), select, textarea, summary, a.button, nav a, '
    + 'label:has(input[type=radio]), .decided-by a'
  );
  for (const el of controls) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;   // hidden
    if (el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')) continue;
    const target = el.closest('label') || el;
    const h = target.getBoundingClientRect().height;
    const name = (el.innerText || el.value || el.name || '').trim().slice(0, 30);
    if (h < 44) small.push(`${el.tagName} "${name}" ${Math.round(h)}px`);
  }
  return small;
})()
"""


def test_controls_are_large_enough_to_tap(page, transactional_db):
    ruleset, secret = make_ruleset("party")
    game = make_game(names=("Ann", "Ben", "Cat"))
    record(game, 0, {1: 10, 2: 20})
    page.goto(f"/r/{ruleset.code}/edit/{secret}/")
    for path in [
        "/",
        "/rules/new/",
        f"/r/{ruleset.code}/",
        f"/r/{ruleset.code}/edit/",
        "/rules/import/",
        f"/r/{ruleset.code}/play/",
        f"/g/{game.code}/",
        f"/g/{game.code}/rounds/",
    ]:
        page.goto(path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        assert page.evaluate(SMALL) == [], path
