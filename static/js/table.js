/* House Rules: one game for the whole table. Every page works without this file.

- Keeps the screen on while a game runs (Screen Wake Lock API), with a visible toggle.
- Rounds saved without a connection are kept on this phone ("waiting to send", in
  localStorage: they survive a reload or the browser being closed) and sent by themselves,
  in order, with their submission id, when the connection is back. A round the server
  refuses (another phone recorded that round, the game ended) stays, with the reason,
  until this phone decides.
- Undo, edit and delete need the connection: offline they are refused with a message.
- Offline, the scoreboard shows the last totals this phone saw and how old they are.
*/
(function () {
  "use strict";

  // Texts in the reader's language (the page's /jsi18n/ catalogue); English without it.
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var pgettext = window.pgettext || function (context, s) { return s; };
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  }

  var QUEUE_KEY = "house-rules-rounds-waiting";
  var BOARD_KEY = "house-rules-board:";
  var WAKE_KEY = "house-rules-keep-screen-on";
  var RETRY_MS = 5000;

  function store(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch (e) {
      return false;  // private mode or full: the page still works online
    }
  }

  function load(key, fallback) {
    try {
      var raw = localStorage.getItem(key);
      return raw === null ? fallback : JSON.parse(raw);
    } catch (e) {
      return fallback;
    }
  }

  // "You are offline..." with how old the totals are, as one whole sentence per case.
  function offlineNote(ms) {
    var minutes = Math.round((Date.now() - ms) / 60000);
    var values = { count: minutes, time: clock(ms) };
    if (minutes < 1) {
      return fill(gettext("You are offline. These totals are the last ones this phone saw, less than a minute ago (at %(time)s): another phone may have recorded rounds since."), values);
    }
    if (minutes < 90) {
      return fill(ngettext(
        "You are offline. These totals are the last ones this phone saw, %(count)s minute ago (at %(time)s): another phone may have recorded rounds since.",
        "You are offline. These totals are the last ones this phone saw, %(count)s minutes ago (at %(time)s): another phone may have recorded rounds since.",
        minutes), values);
    }
    values.count = Math.round(minutes / 60);
    return fill(ngettext(
      "You are offline. These totals are the last ones this phone saw, %(count)s hour ago (at %(time)s): another phone may have recorded rounds since.",
      "You are offline. These totals are the last ones this phone saw, %(count)s hours ago (at %(time)s): another phone may have recorded rounds since.",
      values.count), values);
  }

  function clock(ms) {
    var d = new Date(ms);
    return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  }

  function showProblem(text) {
    var box = document.getElementById("request-problem");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    box.scrollIntoView({ block: "center" });
  }

  // --- Keeping the screen on ---------------------------------------------------------

  var wake = { sentinel: null, wanted: false, button: null, status: null };

  function gameRunning() {
    var board = document.getElementById("board") || document.getElementById("display");
    return !!board && board.getAttribute("data-finished") === "false";
  }

  function showWake() {
    if (!wake.button) return;
    var running = gameRunning();
    wake.button.hidden = !running;
    wake.button.setAttribute("aria-pressed", wake.wanted ? "true" : "false");
    // The state in words on the button too (aria-pressed says it to a screen reader).
    var state = wake.button.querySelector("[data-wake-state]");
    if (state) state.textContent = wake.wanted ? pgettext("screen kept on", "On") : pgettext("screen kept on", "Off");
    if (!running) {
      wake.status.textContent = "";
    } else if (wake.sentinel) {
      wake.status.textContent = gettext("The screen stays on while the game runs.");
    } else if (wake.wanted) {
      wake.status.textContent = document.visibilityState === "visible" ? gettext("Asking to keep the screen on…") : "";
    } else {
      wake.status.textContent = gettext("The screen turns off as usual.");
    }
  }

  function acquireWakeLock() {
    if (!wake.wanted || wake.sentinel || !gameRunning() || document.visibilityState !== "visible") {
      showWake();
      return;
    }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      wake.sentinel = sentinel;
      sentinel.addEventListener("release", function () {
        if (wake.sentinel === sentinel) wake.sentinel = null;
        showWake();
      });
      if (!wake.wanted || !gameRunning()) releaseWakeLock();
      showWake();
    }, function () {
      wake.status.textContent = gettext("This browser would not keep the screen on (a battery saver may be on).");
    });
    showWake();
  }

  function releaseWakeLock() {
    var sentinel = wake.sentinel;
    wake.sentinel = null;
    if (sentinel) sentinel.release().catch(function () {});
    showWake();
  }

  function setUpWakeLock() {
    wake.button = document.querySelector("[data-wake-lock]");
    wake.status = document.querySelector("[data-wake-status]");
    if (!wake.button || !("wakeLock" in navigator)) return;
    wake.wanted = load(WAKE_KEY, true) !== false;
    wake.button.addEventListener("click", function () {
      wake.wanted = !wake.wanted;
      store(WAKE_KEY, wake.wanted);
      if (wake.wanted) acquireWakeLock();
      else releaseWakeLock();
    });
    document.addEventListener("visibilitychange", acquireWakeLock);
    acquireWakeLock();
  }

  function afterBoardChange() {
    if (!wake.button) return;
    if (gameRunning()) acquireWakeLock();
    else releaseWakeLock();  // the game is over: the screen may turn off again
  }

  // --- A phone that may no longer keep score (the card on the table was renewed) -------

  var refused = false;  // the poll was refused: it stops, and the page says why

  function lostScoring(xhr) {
    refused = true;
    var note = document.querySelector("[data-lost-scoring]");
    if (!note) return;
    var type = xhr.getResponseHeader("Content-Type") || "";
    note.textContent = type.indexOf("text/plain") === 0 && xhr.responseText
      ? xhr.responseText
      : gettext("This phone can no longer keep score in this game. Scan the card on the table to keep score again.");
    note.hidden = false;
  }

  // --- The last board this phone saw, for offline ------------------------------------

  function boardKey() {
    return BOARD_KEY + location.pathname;
  }

  function rememberBoard(board, changed) {
    var kept = load(boardKey(), null) || {};
    if (changed || !kept.html) kept.html = board.outerHTML;
    kept.at = Date.now();
    store(boardKey(), kept);
  }

  function showBoardAge(offline) {
    var note = document.querySelector("[data-board-age]");
    if (!note) return;
    var page = document.querySelector("[data-scoreboard]");
    var kept = load(boardKey(), null);
    var at = kept && kept.at ? kept.at : parseInt(page.getAttribute("data-rendered"), 10) * 1000;
    note.hidden = !offline;
    if (offline) {
      note.textContent = offlineNote(at);
    }
  }

  function setUpBoardMemory() {
    var board = document.getElementById("board");
    if (!board) return;
    if (navigator.onLine) {
      rememberBoard(board, true);
    } else {
      // Opened offline from the phone's cache: the last board seen may be newer.
      var kept = load(boardKey(), null);
      var rendered = parseInt(document.querySelector("[data-scoreboard]").getAttribute("data-rendered"), 10) * 1000;
      if (kept && kept.html && kept.at > rendered) {
        var holder = document.createElement("div");
        holder.innerHTML = kept.html;
        var newer = holder.firstElementChild;
        if (newer && newer.id === "board") {
          board.replaceWith(newer);
          if (window.htmx) window.htmx.process(newer);
        }
      }
    }
    showBoardAge(!navigator.onLine);
    window.addEventListener("online", function () { showBoardAge(false); flush(); });
    window.addEventListener("offline", function () { showBoardAge(true); });
    document.addEventListener("htmx:afterRequest", function (e) {
      var elt = e.detail.elt;
      if (!elt || elt.id !== "board") return;
      var status = e.detail.xhr ? e.detail.xhr.status : 0;
      if (status === 200 || status === 304) {
        showBoardAge(false);
        var current = document.getElementById("board");
        if (current) rememberBoard(current, status === 200);
      } else if (!status) {
        showBoardAge(true);
      } else if (status === 403) {
        lostScoring(e.detail.xhr);
      }
    });
  }

  // --- Rounds waiting to send ---------------------------------------------------------

  var form = null;       // the record form of this page, if any
  var gamePath = null;   // "/g/<code>/": the queue's entries belong to one game each
  var sending = false;
  var retryTimer = null;
  var leaving = false;   // the page is going away: the next page sends what waits

  // A page that is being left sends nothing more: it would never hear the answer (the
  // round would stay queued and be sent again by the next page, which is harmless, as the
  // submission id makes it count once, but it is a send nobody can follow). Chromium also
  // tells a page it is leaving that it is "online" again while the phone is still offline
  // (DevTools' offline emulation ends for the old document), which would send a round
  // without a connection. If the page stays after all (a download link), it sends again.
  window.addEventListener("beforeunload", function () {
    leaving = true;
    setTimeout(function () { leaving = false; }, 3000);
  });
  window.addEventListener("pageshow", function () { leaving = false; });

  function queue() {
    return load(QUEUE_KEY, []);
  }

  function saveQueue(entries) {
    return store(QUEUE_KEY, entries);
  }

  function mine(entries) {
    return entries.filter(function (e) { return e.game === gamePath; });
  }

  function updateEntry(id, changes) {
    var entries = queue();
    entries.forEach(function (e) {
      if (e.id === id) Object.keys(changes).forEach(function (k) { e[k] = changes[k]; });
    });
    saveQueue(entries);
  }

  function removeEntry(id) {
    saveQueue(queue().filter(function (e) { return e.id !== id; }));
  }

  // A version 4 UUID from crypto.getRandomValues (randomUUID needs a secure context).
  function newSubmissionId() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function field(name) {
    return form.querySelector('[name="' + name + '"]');
  }

  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  // What this phone typed, in words: "Ann went out; Ben 12, Cat 30."
  function summary(f) {
    var checked = f.querySelector('input[name="went_out"]:checked');
    var label = checked ? f.querySelector('label[for="' + checked.id + '"]') : null;
    var who = label ? label.textContent.trim() : "?";
    var hands = [];
    f.querySelectorAll("[data-hand]").forEach(function (hand) {
      var input = hand.querySelector("[data-hand-input]");
      var name = hand.querySelector("label").textContent.trim();
      if (input && !input.disabled && input.value !== "") hands.push(name + " " + input.value);
    });
    if (!hands.length) return fill(gettext("%(name)s went out."), { name: who });
    return fill(gettext("%(name)s went out; %(hands)s."), { name: who, hands: hands.join(", ") });
  }

  function nextRound() {
    var entries = mine(queue());
    var last = entries.length ? entries[entries.length - 1].expected : 0;
    var board = document.getElementById("board");
    var onBoard = board ? parseInt(board.getAttribute("data-round"), 10) || 1 : 1;
    return Math.max(onBoard, last + 1);
  }

  function showNextRound(n) {
    document.querySelectorAll("[data-next-round]").forEach(function (el) { el.textContent = n; });
  }

  function pristine() {
    if (form.querySelector('input[name="went_out"]:checked')) return false;
    return !Array.prototype.some.call(form.querySelectorAll("[data-hand-input]"), function (i) { return i.value !== ""; });
  }

  // The form is ready for the next round: emptied, with a new submission id.
  // ``atLeast``: the number of the next round when this page knows it before its board does.
  function resetForm(atLeast) {
    form.reset();
    form.querySelectorAll("[data-hand-input]").forEach(function (i) { i.value = ""; i.disabled = false; });
    form.querySelectorAll("[data-hand-cards]").forEach(function (i) { i.value = ""; });
    form.querySelectorAll("[data-tally]").forEach(function (t) { t.textContent = gettext("No cards tapped yet."); });
    form.querySelectorAll("[data-keypad]").forEach(function (k) { k.hidden = true; });
    form.querySelectorAll("[data-keypad-toggle]").forEach(function (t) { t.setAttribute("aria-expanded", "false"); t.hidden = false; });
    form.querySelectorAll("[data-hand-note]").forEach(function (n) { n.hidden = true; n.textContent = ""; });
    form.querySelectorAll(".hand.is-out").forEach(function (h) { h.classList.remove("is-out"); });
    field("submission_id").value = newSubmissionId();
    var n = Math.max(nextRound(), atLeast || 0);
    field("expected_round").value = n;
    showNextRound(n);
  }

  // --- The round entry over the board ("+ Round N") ----------------------------------
  // The record section stays where it is in the page (the bar's link leads there without
  // this script); the bar opens it as a sheet at the bottom of the screen instead, so the
  // phone never scrolls away from the board. Its place keeps its height: nothing moves.

  var sheet = { section: null, place: null, opener: null, close: null };

  function openSheet() {
    if (!sheet.section || sheet.section.classList.contains("is-open")) return;
    sheet.place.style.minHeight = sheet.section.offsetHeight + "px";
    sheet.section.classList.add("is-open");
    sheet.section.setAttribute("role", "dialog");
    sheet.close.hidden = false;
    sheet.opener.hidden = true;
    var first = form.querySelector('input[name="went_out"]:checked') || form.querySelector('input[name="went_out"]');
    if (first) first.focus({ preventScroll: true });
  }

  function closeSheet() {
    if (!sheet.section || !sheet.section.classList.contains("is-open")) return;
    var hadFocus = sheet.section.contains(document.activeElement);
    sheet.section.classList.remove("is-open");
    sheet.section.removeAttribute("role");
    sheet.place.style.minHeight = "";
    sheet.close.hidden = true;
    sheet.opener.hidden = false;
    if (hadFocus) sheet.opener.focus({ preventScroll: true });
  }

  function setUpSheet() {
    sheet.section = document.querySelector("[data-record-sheet]");
    sheet.place = document.querySelector("[data-record-place]");
    sheet.opener = document.querySelector("[data-open-record]");
    sheet.close = sheet.section && sheet.section.querySelector("[data-close-record]");
    if (!sheet.section || !sheet.place || !sheet.opener || !sheet.close) {
      sheet.section = null;
      return;
    }
    sheet.opener.addEventListener("click", function (event) {
      event.preventDefault();
      openSheet();
    });
    sheet.close.addEventListener("click", closeSheet);
    sheet.section.addEventListener("keydown", function (event) {
      if (event.key === "Escape") closeSheet();
    });
  }

  function render() {
    var panel = document.querySelector("[data-queue]");
    if (!panel) return;
    var list = panel.querySelector("[data-queue-list]");
    var entries = mine(queue());
    list.textContent = "";
    panel.hidden = !entries.length;
    var blocked = false;
    entries.forEach(function (entry) {
      var li = document.createElement("li");
      li.className = "queued-round is-" + entry.status;
      li.setAttribute("data-queued-round", entry.id);
      var title = document.createElement("p");
      var strong = document.createElement("strong");
      var asks = entry.status === "conflict" || entry.status === "refused";
      strong.textContent = fill(asks ? gettext("This phone’s round %(number)s: %(summary)s") : gettext("Round %(number)s: %(summary)s"),
        { number: entry.expected, summary: entry.summary });
      title.appendChild(strong);
      li.appendChild(title);
      var state = document.createElement("p");
      state.className = "queued-state";
      if (entry.status === "conflict" || entry.status === "refused") {
        state.setAttribute("role", "alert");
        state.textContent = entry.problem;
        blocked = true;
      } else if (blocked) {
        state.textContent = gettext("Waiting to send: it goes after the round above is settled.");
      } else {
        state.textContent = fill(gettext("Waiting to send (saved on this phone at %(time)s). It is sent by itself when the connection is back."),
          { time: clock(entry.savedAt) });
      }
      li.appendChild(state);
      if (entry.status === "conflict" && entry.compare) li.appendChild(compareTable(entry.compare));
      if (entry.status === "conflict" || entry.status === "refused") {
        var actions = document.createElement("div");
        actions.className = "actions";
        var keep = !!(entry.status === "conflict" && entry.compare);
        var add = null;
        if (entry.status === "conflict" && entry.nextRound) {
          add = document.createElement("button");
          add.type = "button";
          add.setAttribute("data-add-as", String(entry.nextRound));
          if (keep) add.className = "secondary";
          add.textContent = fill(keep ? gettext("Mine is another round: add it as round %(number)s") : gettext("This is a different round: add it as round %(number)s"), { number: entry.nextRound });
          add.addEventListener("click", function () {
            updateEntry(entry.id, { status: "waiting", expected: entry.nextRound, problem: "", nextRound: null, compare: null });
            render();
            flush();
          });
        }
        var discard = document.createElement("button");
        discard.type = "button";
        // The safe choice first when the saved round is shown beside this one.
        if (!keep) discard.className = "secondary";
        discard.textContent = keep ? pgettext("button", "Keep the saved round") : pgettext("button", "Discard mine");
        discard.addEventListener("click", function () {
          removeEntry(entry.id);
          say(fill(keep ? gettext("The saved round stays as it is; yours “%(summary)s” was not recorded.") : gettext("Discarded: your round “%(summary)s” was not recorded."), { summary: entry.summary }));
          if (foreground(entry)) {
            // What was typed stays in the form; it is now for the next round.
            var n = nextRound();
            field("expected_round").value = n;
            showNextRound(n);
          }
          render();
          flush();
        });
        if (entry.status === "refused") {
          // Refused for now (this phone could no longer keep score, say): once that is
          // put right (the new card scanned), the same round can go.
          add = document.createElement("button");
          add.type = "button";
          add.textContent = pgettext("button", "Send it again");
          add.addEventListener("click", function () {
            updateEntry(entry.id, { status: "waiting", problem: "" });
            render();
            flush();
          });
        }
        if (keep) {
          actions.appendChild(discard);
          if (add) actions.appendChild(add);
        } else {
          if (add) actions.appendChild(add);
          actions.appendChild(discard);
        }
        li.appendChild(actions);
      }
      list.appendChild(li);
    });
  }

  // The round another phone saved and this phone's, side by side (play.views.rounds.comparison).
  function compareTable(compare) {
    var table = document.createElement("table");
    table.className = "conflict-compare";
    var head = table.createTHead().insertRow();
    head.appendChild(document.createElement("td"));
    [compare.saved_title, compare.mine_title].forEach(function (title) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = title;
      head.appendChild(th);
    });
    var body = table.createTBody();
    compare.rows.forEach(function (cells) {
      var tr = body.insertRow();
      if (cells[1] !== cells[2]) tr.className = "differs";
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = cells[0];
      tr.appendChild(th);
      [cells[1], cells[2]].forEach(function (text) { tr.insertCell().textContent = text; });
    });
    return table;
  }

  function foreground(entry) {
    return !!form && entry.id === field("submission_id").value;
  }

  function say(text) {
    told = [];
    var status = document.querySelector("[data-queue-status]");
    if (status) status.textContent = text;
  }

  // What the rounds sent in the background were answered, the last few together: a
  // round merged with another phone's is not hidden by the next round's answer.
  var told = [];
  function tell(text) {
    var kept = told.concat([text]).slice(-3);
    say(kept.join(" "));
    told = kept;
  }

  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = setTimeout(function () { retryTimer = null; flush(); }, RETRY_MS);
  }

  function post(entry, later) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("expected_round", String(entry.expected));
    body.set("csrfmiddlewaretoken", csrfToken());
    var headers = { "Accept": "application/json", "X-CSRFToken": csrfToken() };
    if (later) headers["X-Round-Sent"] = "later";
    return fetch(entry.action, {
      method: "POST", body: body, headers: headers, credentials: "same-origin", redirect: "manual"
    });
  }

  // Sends this game's waiting rounds in order, one at a time; stops at the first that
  // needs this phone's decision, and at the first network failure (then retries).
  function flush() {
    if (sending || leaving || !gamePath) return;
    var entries = mine(queue());
    var entry = entries.find(function (e) { return e.status !== "conflict" && e.status !== "refused"; });
    var blocker = entries.find(function (e) { return e.status === "conflict" || e.status === "refused"; });
    if (!entry || (blocker && entries.indexOf(blocker) < entries.indexOf(entry))) return;
    // The round typed in this page's form: once recorded, the page shows the new board.
    var inForm = foreground(entry);
    if (!navigator.onLine) {  // no connection for sure: nothing is sent
      keptForLater(entry, inForm);
      return;
    }
    sending = true;
    // "later": no message waits for the next page; this page says it itself.
    post(entry, true).then(function (response) {
      if (response.type === "opaqueredirect") {  // recorded, the way a page form is answered
        return { status: 302, data: { result: "recorded", redirect: entry.game + "#main" } };
      }
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === -1) {
        if (response.status >= 500 || response.status === 429) throw new Error("busy");
        if (response.status === 400) return { status: 400, data: { result: "invalid", message: gettext("This round was not saved. Open the scoreboard again to see why.") } };
        return { status: response.status, data: { result: "refused", message: gettext("This round could not be saved. Reload the page: it may help.") } };
      }
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    }).then(function (answer) {
      sending = false;
      var data = answer.data;
      if (data.result === "recorded" || data.result === "already") {
        removeEntry(entry.id);
        if (inForm) {
          // Saved from this page: the phone stays where it was, with the new board, the
          // round in words, the entry closed and emptied for the next round.
          closeSheet();
          resetForm(data.number + 1);
        }
        tell(data.message || fill(gettext("Round %(number)s sent."), { number: data.number }));
        render();
        refreshBoard();
        flush();
      } else if (data.result === "invalid" && inForm) {
        // Field errors are shown by the page itself: send the form the usual way.
        removeEntry(entry.id);
        render();
        nativeSubmit();
      } else {
        say("");
        updateEntry(entry.id, {
          status: data.result === "conflict" ? "conflict" : "refused",
          problem: data.message || gettext("This round could not be saved."),
          nextRound: data.next_round || null,
          compare: data.compare || null,
          sentAt: Date.now()
        });
        closeSheet();  // the question is asked on the page, under the board
        render();
        var item = document.querySelector('[data-queued-round="' + entry.id + '"]');
        if (item) item.scrollIntoView({ block: "center" });
      }
    }).catch(function () {
      sending = false;
      keptForLater(entry, inForm);
    });
  }

  // No connection (or the server is busy): kept, and tried again by itself.
  function keptForLater(entry, inForm) {
    updateEntry(entry.id, { status: "waiting", sentAt: Date.now() });
    if (inForm) {
      closeSheet();
      say(fill(gettext("No connection: round %(number)s is kept on this phone and will be sent by itself when the connection is back. You can go on with the next round."), { number: entry.expected }));
      resetForm();
    }
    render();
    scheduleRetry();
  }

  function refreshBoard() {
    var board = document.getElementById("board");
    if (board && window.htmx) window.htmx.trigger(board, "refresh");
  }

  var bypass = false;
  function nativeSubmit() {
    bypass = true;
    HTMLFormElement.prototype.submit.call(form);
  }

  function setUpQueue() {
    form = document.querySelector("form[data-round-form][data-record]");
    var page = document.querySelector("[data-scoreboard]");
    gamePath = page ? page.getAttribute("data-game-path") : null;
    if (!gamePath) return;
    if (form) {
      setUpSheet();
      // A page from the cache may carry a submission id already waiting in the queue.
      var sid = field("submission_id").value;
      var entries = mine(queue());
      if (entries.some(function (e) { return e.id === sid; })) field("submission_id").value = newSubmissionId();
      if (entries.length) {
        field("expected_round").value = nextRound();
        showNextRound(nextRound());
      }
      form.addEventListener("submit", function (event) {
        if (bypass) return;
        // "Discard mine" on the page that asks (a form sent without JavaScript's help).
        if (event.submitter && event.submitter.name === "discard") return;
        event.preventDefault();
        if (!form.querySelector('input[name="went_out"]:checked')) {
          if (navigator.onLine) nativeSubmit();  // the page says what is missing
          else showProblem(gettext("Nothing was saved: choose who went out first."));
          return;
        }
        var fields = [];
        new FormData(form).forEach(function (value, name) {
          if (name !== "csrfmiddlewaretoken") fields.push([name, String(value)]);
        });
        var entry = {
          id: field("submission_id").value,
          game: gamePath,
          action: form.action.split("#")[0],
          fields: fields,
          expected: parseInt(field("expected_round").value, 10) || nextRound(),
          summary: summary(form),
          status: "waiting",
          savedAt: Date.now()
        };
        var all = queue().filter(function (e) { return e.id !== entry.id; });
        all.push(entry);
        if (!saveQueue(all)) {  // no storage on this phone: send the usual way
          nativeSubmit();
          return;
        }
        say(navigator.onLine ? fill(gettext("Sending round %(number)s…"), { number: entry.expected }) : "");
        render();
        flush();
      });
      // Another phone recorded a round while this form was empty: it is for the next one.
      document.addEventListener("htmx:afterSwap", function () {
        if (pristine()) {
          var n = nextRound();
          field("expected_round").value = n;
          showNextRound(n);
        } else {
          showNextRound(field("expected_round").value);
        }
      });
    }
    render();
    // Rounds queued earlier are sent in the background, without leaving the page.
    if (navigator.onLine) flush();
    setInterval(function () { if (navigator.onLine) flush(); }, RETRY_MS * 2);
  }

  // --- Changes that need the connection ------------------------------------------------

  var OFFLINE_REFUSAL = gettext("You are offline, so nothing was changed. Undoing, editing or deleting a round needs the connection: try again when the phone is back online.");
  var CHANGE_LINK = /\/rounds\/\d+\/(edit|delete)\/$/;

  function setUpOfflineRefusals() {
    if (!document.querySelector(".scorekeeper")) return;
    document.addEventListener("submit", function (event) {
      var f = event.target;
      if (navigator.onLine || f.hasAttribute("data-record") || (f.method || "").toLowerCase() !== "post") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      showProblem(OFFLINE_REFUSAL);
    }, true);
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a[href]") : null;
      if (!link || navigator.onLine || !CHANGE_LINK.test(link.pathname)) return;
      event.preventDefault();
      showProblem(OFFLINE_REFUSAL);
    });
  }

  // --- The game's changes as they happen (play/push.py) ---------------------------------
  // The board (or the big screen) holds its game's event stream. While the stream is open
  // the poll is quiet and the board is asked for only when the game's version is not the
  // one it shows; while it is not (no push engine, a network that cuts streams, the engine
  // restarting) the poll goes on. Each opening of the stream, and each return of the phone
  // from sleep, asks for the board once: a change made meanwhile is not missed.
  var streaming = false;

  function shownBoard() {
    return document.getElementById("board") || document.getElementById("display");
  }

  function askForBoard() {
    var board = shownBoard();
    if (board && window.htmx && navigator.onLine) window.htmx.trigger(board, "refresh");
  }

  var STREAM_RETRY_FIRST = 5000;  // ms before a refused stream is asked for again
  var STREAM_RETRY_LAST = 60000;  // doubling up to this

  function setUpStream() {
    var board = shownBoard();
    var url = board && board.getAttribute("data-events");
    if (!url || !window.EventSource) return;
    var source = null;
    var wait = STREAM_RETRY_FIRST;
    var leaving = false;
    function listen() {
      if (leaving) return;
      source = new EventSource(url);
      source.addEventListener("open", function () {
        streaming = true;
        wait = STREAM_RETRY_FIRST;
        askForBoard();
      });
      source.addEventListener("message", function (e) {
        var shown = shownBoard();
        if (shown && shown.getAttribute("data-version") !== e.data) askForBoard();
      });
      // The poll runs while the stream is down. After a network error the browser tries
      // again by itself; a stream the server answered with an error (restarting, busy) is
      // closed for good, so it is asked for again here, less and less often, unless the
      // game itself is gone.
      source.addEventListener("error", function () {
        streaming = false;
        if (source.readyState !== EventSource.CLOSED || refused) return;
        setTimeout(listen, wait);
        wait = Math.min(wait * 2, STREAM_RETRY_LAST);
      });
    }
    listen();
    window.addEventListener("pagehide", function () { leaving = true; source.close(); });
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden && streaming) askForBoard();
    });
  }

  // --- The big screen polls like the scoreboard: an unchanged board is a 304 ------------

  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt;
    if (!elt || (elt.id !== "display" && elt.id !== "board")) return;
    if (!navigator.onLine || (refused && elt.id === "board")) {
      // No poll without a connection (the board says how old it is), nor once refused.
      e.preventDefault();
      return;
    }
    if (streaming && !e.detail.triggeringEvent) {  // the poll's turn, with the stream open
      e.preventDefault();
      return;
    }
    if (elt.id !== "display") return;
    var etag = elt.getAttribute("data-etag");
    if (etag) e.detail.headers["If-None-Match"] = etag;
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    var elt = e.detail.requestConfig && e.detail.requestConfig.elt;
    if (elt && elt.id === "display" && (e.detail.xhr.status === 304 || e.detail.xhr.status >= 400)) {
      e.detail.shouldSwap = false;
      e.detail.isError = false;
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    setUpWakeLock();
    setUpBoardMemory();
    setUpQueue();
    setUpOfflineRefusals();
    setUpStream();
  });
  document.addEventListener("htmx:afterSwap", afterBoardChange);
})();
