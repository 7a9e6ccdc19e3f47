/* House Rules scorekeeper: small enhancements. Every form works without this file. */
(function () {
  "use strict";

  // Texts in the reader's language (the page's /jsi18n/ catalogue); English without it.
  var gettext = window.gettext || function (s) { return s; };
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  }

  // --- Polling the scoreboard (htmx) with conditional requests ---------------------
  // The board carries its ETag; each poll sends it as If-None-Match, so an unchanged
  // board is a 304 with no body, which must not be swapped in.
  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt;
    if (!elt || elt.id !== "board") return;
    if (document.hidden) { e.preventDefault(); return; }
    var etag = elt.getAttribute("data-etag");
    if (etag) e.detail.headers["If-None-Match"] = etag;
  });

  document.addEventListener("htmx:beforeSwap", function (e) {
    if (e.detail.requestConfig && e.detail.requestConfig.elt && e.detail.requestConfig.elt.id === "board") {
      if (e.detail.xhr.status === 304 || e.detail.xhr.status >= 400) {
        e.detail.shouldSwap = false;
        e.detail.isError = false;
      }
    }
  });

  document.addEventListener("htmx:afterSwap", function () {
    var board = document.getElementById("board");
    var page = document.querySelector("[data-scoreboard]");
    if (!board || !page) return;
    // The game ended or reopened on another phone: the recording form must follow.
    if (!page.hasAttribute("data-spectator") &&
        board.getAttribute("data-finished") !== page.getAttribute("data-finished")) {
      keepWhatWasSaid();
      window.location.reload();
      return;
    }
    var round = board.getAttribute("data-round");
    document.querySelectorAll("[data-next-round]").forEach(function (el) { el.textContent = round; });
  });

  // What the phone was just told ("Round 4 saved: Ann went out...") stays said when the
  // page reloads because that round ended the game.
  var SAID_KEY = "house-rules-said:";
  function keepWhatWasSaid() {
    var status = document.querySelector("[data-queue-status]");
    if (!status || !status.textContent) return;
    try { sessionStorage.setItem(SAID_KEY + location.pathname, status.textContent); } catch (e) { /* no storage */ }
  }
  function sayAgainWhatWasSaid() {
    var status = document.querySelector("[data-queue-status]");
    var said = null;
    try {
      said = sessionStorage.getItem(SAID_KEY + location.pathname);
      sessionStorage.removeItem(SAID_KEY + location.pathname);
    } catch (e) { /* no storage */ }
    if (status && said) status.textContent = said;
  }

  // --- Start form: name inputs appear as they are filled; the dealer list shows names ---
  var MIN_NAME_INPUTS = 4;

  function setUpStartForm(form) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll("[data-player-input]"));
    var select = form.querySelector("[data-dealer-select]");
    function update() {
      var last = -1;
      inputs.forEach(function (input, i) { if (input.value.trim()) last = i; });
      var shown = Math.max(MIN_NAME_INPUTS, last + 2);
      inputs.forEach(function (input, i) {
        var name = input.value.trim();
        var visible = i < shown || name !== "";
        input.closest("li").hidden = !visible;
        var option = select && select.querySelector('option[value="' + input.getAttribute("data-player-input") + '"]');
        if (!option) return;
        option.textContent = name ? name : fill(gettext("Player %(number)s (no name yet)"), { number: i + 1 });
        option.hidden = !visible && !option.selected;
      });
    }
    form.addEventListener("input", update);
    // Enter (the phone keyboard's Next) moves on instead of starting the game: to the next
    // name, and from an empty name to the dealer choice. Only the Start button starts it.
    form.addEventListener("keydown", function (e) {
      if (e.key !== "Enter" || e.isComposing) return;
      var i = inputs.indexOf(e.target);
      if (i === -1) return;
      e.preventDefault();
      var next = e.target.value.trim() ? inputs[i + 1] : null;
      if (next) {
        next.closest("li").hidden = false;
        next.focus();
      } else if (select) {
        select.focus();
      }
    });
    update();
  }

  // --- Round form: hide the hands that don't score; the card keypad -----------------
  function setUpRoundForm(form) {
    // Who went out -> the seat whose hand doesn't score then (the rule lives in domain/scoring.py).
    var unscoredPartners = JSON.parse(form.getAttribute("data-unscored-partners") || "{}");
    var hands = form.querySelectorAll("[data-hand]");

    function wentOut() {
      var checked = form.querySelector('input[name="went_out"]:checked');
      return checked ? parseInt(checked.value, 10) : null;
    }

    function updateHands() {
      var out = wentOut();
      var partner = out !== null && out in unscoredPartners ? unscoredPartners[out] : null;
      hands.forEach(function (hand) {
        var seat = parseInt(hand.getAttribute("data-seat"), 10);
        var input = hand.querySelector("[data-hand-input]");
        var note = hand.querySelector("[data-hand-note]");
        var row = hand.querySelector(".hand-row");
        var isOut = seat === out;
        var isPartner = seat === partner;
        hand.classList.toggle("is-out", isOut || isPartner);
        input.disabled = isOut;
        if (isOut) {
          input.value = "";
          hand.querySelector("[data-hand-cards]").value = "";
          closeKeypad(hand);
        }
        row.querySelector("[data-keypad-toggle]").hidden = isOut;
        note.hidden = !(isOut || isPartner);
        note.textContent = isOut ? gettext("Went out: no points.")
          : isPartner ? gettext("Partner of the player who went out: doesn’t score.") : "";
      });
    }

    // Enter in a hand moves to the next hand that scores; from the last one it saves.
    function scoringInputs() {
      return Array.prototype.filter.call(form.querySelectorAll("[data-hand-input]"), function (input) {
        return !input.disabled && !input.closest("[data-hand]").classList.contains("is-out");
      });
    }
    function updateEnterHints() {
      var inputs = scoringInputs();
      inputs.forEach(function (input, i) {
        input.setAttribute("enterkeyhint", i === inputs.length - 1 ? "done" : "next");
      });
    }
    form.addEventListener("keydown", function (e) {
      if (e.key !== "Enter" || e.isComposing || !e.target.hasAttribute("data-hand-input")) return;
      var inputs = scoringInputs();
      var i = inputs.indexOf(e.target);
      if (i !== -1 && i < inputs.length - 1) {
        e.preventDefault();
        inputs[i + 1].focus();
      }
    });

    var keypad = form.querySelector("template[data-keypad-template]");
    var openers = Array.prototype.map.call(hands, function (hand) { return setUpKeypad(hand, keypad); });
    // Tapping who went out in the round entry's sheet ("+ Round N") opens the compact keypads
    // of the hands that score: the cards are tapped at once, with no phone keyboard over them
    // (typing a total still works). Elsewhere it goes on to the first hand that scores (the
    // keyboard's Next, then Done, take it from there). Choosing with the arrow keys stays
    // on the choice.
    function openScoringKeypads() {
      var inputs = scoringInputs();
      hands.forEach(function (hand, i) {
        if (inputs.indexOf(hand.querySelector("[data-hand-input]")) !== -1) openers[i]();
        else closeKeypad(hand);
      });
      // The first of them comes up just under the sheet's title (which may take two lines).
      if (!inputs.length) return;
      var first = inputs[0].closest("[data-hand]");
      var head = form.closest("[data-record-sheet]").querySelector(".record-head");
      first.style.scrollMarginTop = (head ? head.offsetHeight : 0) + "px";
      first.scrollIntoView({ block: "start" });
    }
    var tapped = false;
    form.addEventListener("pointerdown", function (e) {
      tapped = !!(e.target.closest && e.target.closest(".went-out"));
    });
    form.addEventListener("change", function (e) {
      if (e.target.name !== "went_out") return;
      updateHands();
      updateEnterHints();
      if (tapped && form.hasAttribute("data-record")) {
        if (keypad && form.closest("[data-record-sheet].is-open")) {
          openScoringKeypads();
        } else {
          var first = scoringInputs()[0];
          if (first) first.focus();
        }
      }
      tapped = false;
    });
    updateHands();
    updateEnterHints();
  }

  function closeKeypad(hand) {
    var toggle = hand.querySelector("[data-keypad-toggle]");
    var keypad = hand.querySelector("[data-keypad]");
    keypad.hidden = true;
    toggle.setAttribute("aria-expanded", "false");
  }

  // The page has one keypad (a <template>); a hand gets its own copy when its keypad is
  // first opened (its Cards button, or who went out tapped), so each hand keeps its own
  // tally. Returns the function that opens the hand's keypad.
  function setUpKeypad(hand, template) {
    var toggle = hand.querySelector("[data-keypad-toggle]");
    var keypad = hand.querySelector("[data-keypad]");
    var input = hand.querySelector("[data-hand-input]");
    var sent = hand.querySelector("[data-hand-cards]");  // the keys tapped, for the server's check
    var tally = null;
    var undo = null;
    var cards = [];  // [label, points, key] in the order tapped

    function render() {
      if (!tally) return;
      if (!cards.length) {
        tally.textContent = gettext("No cards tapped yet.");
      } else {
        var sum = cards.reduce(function (total, card) { return total + card[1]; }, 0);
        tally.textContent = cards.map(function (card) { return card[0]; }).join(" + ") + " = " + sum;
      }
      undo.disabled = !cards.length;
    }

    function setTotal() {
      var sum = cards.reduce(function (total, card) { return total + card[1]; }, 0);
      input.value = cards.length ? String(sum) : "";
      sent.value = cards.map(function (card) { return card[2]; }).join(" ");
    }

    function build() {
      keypad.appendChild(template.content.cloneNode(true));
      keypad.querySelector("[role=group]").setAttribute("aria-label", keypad.getAttribute("data-keypad-label"));
      tally = keypad.querySelector("[data-tally]");
      undo = keypad.querySelector("[data-undo-card]");
      keypad.querySelectorAll("[data-card]").forEach(function (key) {
        key.addEventListener("click", function () {
          cards.push([key.getAttribute("data-card"), parseInt(key.getAttribute("data-points"), 10), key.getAttribute("data-key")]);
          setTotal();
          render();
        });
      });
      undo.addEventListener("click", function () {
        cards.pop();
        setTotal();
        render();
        if (!cards.length) input.focus();
      });
    }

    function show(open) {
      if (open && !tally) build();
      keypad.hidden = !open;
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      if (open && input.value !== "" && !cards.length) {
        tally.textContent = fill(gettext("Typed: %(points)s. Tapping cards starts the count again."), { points: input.value });
      }
    }

    if (!template) return function () {};  // no keypad on this form
    toggle.hidden = false;
    toggle.addEventListener("click", function () { show(keypad.hidden); });
    // Typing a number replaces the tapped cards; an emptied form (the next round) has none.
    function forget() {
      sent.value = "";
      if (cards.length) {
        cards = [];
        render();
      }
    }
    input.addEventListener("input", forget);
    if (input.form) input.form.addEventListener("reset", forget);
    return function () { show(true); };
  }

  function init(root) {
    root.querySelectorAll("form[data-start-form]").forEach(setUpStartForm);
    root.querySelectorAll("form[data-round-form]").forEach(setUpRoundForm);
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); sayAgainWhatWasSaid(); });
})();
