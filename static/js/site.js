/* House Rules: small progressive enhancements. Every page works without this file. */
(function () {
  "use strict";

  // Texts in the reader's language, from the catalogue the page loads before this file
  // (/jsi18n/<language>.js); in English when it could not load.
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
  // Whether n takes the singular in the page's language (French and Brazilian Portuguese say
  // "0 carte", English "0 cards").
  var plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en") : null;
  function isOne(n) {
    return plurals ? plurals.select(n) === "one" : n === 1;
  }
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  }

  // Copy buttons: <button data-copy="#input-id">. Falls back to selecting the text.
  function copyFrom(button) {
    var target = document.querySelector(button.getAttribute("data-copy"));
    if (!target) return;
    var text = target.value || target.textContent;
    var done = function (ok) {
      var status = button.parentElement.querySelector("[data-copy-status]");
      if (status) status.textContent = ok ? gettext("Copied.") : gettext("Selected: press Ctrl+C or \u2318C to copy.");
    };
    target.focus();
    if (target.select) target.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(false); });
    } else {
      done(false);
    }
  }

  // Native share: <button data-share-url="..." data-share-title="..."> shown where supported.
  // With data-share-text, the words go along (the end of a game: the final places).
  function setUpShare(button) {
    if (!navigator.share || button.dataset.shareBound) return;
    button.dataset.shareBound = "1";
    button.hidden = false;
    button.addEventListener("click", function () {
      var shared = { title: button.getAttribute("data-share-title"), url: button.getAttribute("data-share-url") };
      if (button.hasAttribute("data-share-text")) shared.text = button.getAttribute("data-share-text");
      navigator.share(shared).catch(function () {});
    });
  }

  // The rules form (data-short-form): options that only mean something with other options'
  // values (data-when: [[option, [values]], ...], from Option.when) are hidden while they
  // mean nothing, and are no house rule then;
  // unchanged options other than the common ones fold away until "Show all rules" or a
  // search; each option has "Back to official"; a summary of the differences stays in view.
  // Without this script the form shows everything and "Back to official" posts the form.
  function optionInput(field) {
    return field.querySelector("input:checked") || field.querySelector("input[type=number]");
  }

  function optionState(field) {
    var input = optionInput(field);
    var official = field.getAttribute("data-official");
    if (!input) return { changed: false, valid: false, words: "" };
    var value = String(input.value).trim();
    if (input.type === "number") {
      var n = Number(value);
      var valid = /^\d+$/.test(value) && n >= Number(input.min) && n <= Number(input.max);
      var zero = field.getAttribute("data-words-zero");
      var pattern = field.getAttribute(isOne(n) ? "data-words-one" : "data-words-many") || "%(n)s";
      var words = n === 0 && zero ? zero : pattern.replace("%(n)s", String(n));
      return { changed: value !== official, valid: valid, words: words };
    }
    return { changed: value !== official, valid: true, words: input.parentElement.textContent.trim() };
  }

  function dependencyMet(form, field) {
    var conditions = JSON.parse(field.getAttribute("data-when") || "[]");
    return conditions.every(function (condition) {
      var checked = form.querySelector('input[name="' + condition[0] + '"]:checked');
      return checked === null || condition[1].indexOf(checked.value) !== -1;
    });
  }

  function setUpRulesForm(form) {
    var fields = Array.prototype.slice.call(form.querySelectorAll("[data-option]"));
    var tools = form.querySelector("[data-form-tools]");
    var search = form.querySelector("[data-option-search]");
    var status = form.querySelector("[data-option-status]");
    var showAllButton = form.querySelector("[data-show-all]");
    var summary = form.querySelector("[data-diff-summary]");
    var showAll = false;
    if (!tools || !search || !showAllButton) return;
    tools.hidden = false;
    // Shown from the start: the common rules, the house's own and any with a problem.
    fields.forEach(function (field) {
      if (field.hasAttribute("data-common") || field.classList.contains("changed") ||
          field.classList.contains("has-error")) {
        field.setAttribute("data-start", "");
      }
    });

    function refresh() {
      var query = search.value.trim().toLowerCase();
      var found = 0;
      var folded = 0;
      var diffs = [];
      fields.forEach(function (field) {
        var state = optionState(field);
        var met = dependencyMet(form, field);
        var isHouse = state.changed && state.valid && met;
        field.classList.toggle("changed", isHouse);
        var mark = field.querySelector(".house-mark");
        if (mark) mark.hidden = !isHouse;
        var back = field.querySelector(".back-official");
        if (back) back.hidden = !state.changed;
        if (isHouse) diffs.push(field.getAttribute("data-label") + ": " + state.words);
        var shown;
        if (query) {
          shown = met && field.textContent.toLowerCase().indexOf(query) !== -1;
          if (shown) found += 1;
        } else {
          shown = met && (showAll || field.hasAttribute("data-start") || state.changed);
          if (met && !shown) folded += 1;
        }
        field.hidden = !shown;
      });
      form.querySelectorAll("fieldset[data-group]").forEach(function (group) {
        group.hidden = !group.querySelector("[data-option]:not([hidden])");
      });
      if (query) {
        status.textContent = found === 0
          ? fill(gettext("No rule matches \u201c%(words)s\u201d."), { words: search.value.trim() })
          : fill(ngettext("%(count)s rule found.", "%(count)s rules found.", found), { count: found });
      } else if (folded > 0) {
        status.textContent = fill(ngettext(
          "Showing the rules most houses change and yours. %(count)s more rule is under \u201cShow all rules\u201d.",
          "Showing the rules most houses change and yours. %(count)s more rules are under \u201cShow all rules\u201d.",
          folded), { count: folded });
      } else {
        status.textContent = "";
      }
      showAllButton.hidden = !!query || (folded === 0 && !showAll);
      showAllButton.setAttribute("aria-expanded", showAll ? "true" : "false");
      showAllButton.textContent = showAll ? gettext("Show fewer rules") : gettext("Show all rules");
      if (summary) {
        summary.textContent = diffs.length === 0
          ? gettext("No house rules yet: these are the official rules.")
          : fill(ngettext("%(count)s house rule: %(rules)s", "%(count)s house rules: %(rules)s", diffs.length),
            { count: diffs.length, rules: diffs.join("; ") });
      }
    }

    showAllButton.addEventListener("click", function () { showAll = !showAll; refresh(); });
    search.addEventListener("input", refresh);
    form.addEventListener("change", refresh);
    form.addEventListener("input", function (e) { if (e.target !== search) refresh(); });
    form.addEventListener("click", function (e) {
      var back = e.target.closest(".back-official");
      if (!back) return;
      e.preventDefault();
      var field = back.closest("[data-option]");
      var official = field.getAttribute("data-official");
      var number = field.querySelector("input[type=number]");
      if (number) {
        number.value = official;
        number.removeAttribute("aria-invalid");
      } else {
        var radio = field.querySelector('input[type=radio][value="' + official + '"]');
        if (radio) radio.checked = true;
      }
      refresh();
      var input = optionInput(field);
      if (input) input.focus();
    });
    // Enter moves to the next field (enterkeyhint="next"); the Save button saves.
    form.addEventListener("keydown", function (e) {
      var t = e.target;
      if (e.key !== "Enter" || t.tagName !== "INPUT" || ["text", "number", "search", "radio"].indexOf(t.type) === -1) return;
      e.preventDefault();
      if (t === search) return;
      var all = Array.prototype.slice.call(form.querySelectorAll("input[type=text], input[type=number], textarea, input[type=radio]:checked, button[type=submit]:not([tabindex])"))
        .filter(function (el) { return el.offsetParent !== null && !el.closest(".back-official"); });
      var next = all[all.indexOf(t) + 1];
      if (next) next.focus();
    });
    refresh();
  }

  // The error summary: focused when the page opens, each link focuses its field.
  function setUpErrorSummary(box) {
    box.focus();
    box.addEventListener("click", function (e) {
      var link = e.target.closest("a[href^='#']");
      if (!link) return;
      var target = document.getElementById(link.getAttribute("href").slice(1));
      if (!target) return;
      e.preventDefault();
      var field = target.closest("[data-option]");
      if (field) field.hidden = false;
      var group = target.closest("fieldset[data-group]");
      if (group) group.hidden = false;
      var checked = field && field.querySelector("input:checked");
      (checked || target).focus();
      (field || target).scrollIntoView({ block: "center" });
    });
  }

  // <time datetime="..." data-local>: the date and time in this browser's time zone
  // (the page says UTC until then), written in the page's language, not the phone's.
  function localTime(el) {
    var when = new Date(el.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    var language = document.documentElement.lang || "en";
    try {
      el.textContent = when.toLocaleString(language, { dateStyle: "long", timeStyle: "short" });
    } catch (err) {
      el.textContent = when.toLocaleString(language);
    }
  }

  // The import drop zone (data-drop-zone): a file dropped on it goes into its file input.
  function setUpDropZone(zone) {
    var input = zone.querySelector("input[type=file]");
    var status = zone.querySelector("[data-drop-file]");
    if (!input) return;
    var show = function () {
      if (status) status.textContent = input.files.length ? fill(gettext("Chosen: %(name)s"), { name: input.files[0].name }) : "";
    };
    ["dragenter", "dragover"].forEach(function (type) {
      zone.addEventListener(type, function (e) { e.preventDefault(); zone.classList.add("dragging"); });
    });
    ["dragleave", "drop"].forEach(function (type) {
      zone.addEventListener(type, function () { zone.classList.remove("dragging"); });
    });
    zone.addEventListener("drop", function (e) {
      e.preventDefault();
      if (e.dataTransfer && e.dataTransfer.files.length) {
        input.files = e.dataTransfer.files;
        show();
      }
    });
    input.addEventListener("change", show);
  }

  function init(root) {
    root.querySelectorAll("[data-copy]").forEach(function (b) {
      if (b.dataset.bound) return;
      b.dataset.bound = "1";
      b.addEventListener("click", function () { copyFrom(b); });
    });
    root.querySelectorAll("[data-share-url]").forEach(setUpShare);
    root.querySelectorAll("form[data-short-form]").forEach(setUpRulesForm);
    root.querySelectorAll("[data-error-summary]").forEach(setUpErrorSummary);
    root.querySelectorAll("time[data-local]").forEach(localTime);
    root.querySelectorAll("[data-drop-zone]").forEach(setUpDropZone);
  }

  // A link to an answer or a rule folded away (#q-..., #rule-...) opens the folds around it,
  // in browsers that do not do it themselves.
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
    }
  }
  window.addEventListener("hashchange", openTarget);
  document.addEventListener("DOMContentLoaded", openTarget);

  // Offline, the search box cannot ask the server: it narrows the answers on the page to
  // those holding every word typed, so the page still answers at a table without signal.
  // With the server's words for the answers (data-search-words: rulesets/search.py's
  // offline_words) it reads the question as the server does: nicknames and phrases made
  // tokens ("+4" is wd4), listed words their token, any other word the longest listed word
  // or answer token it starts with (the server's stemmer cuts words to such a start).
  function withoutAccents(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  }
  function searchTokens(query, words, vocabulary) {
    var text = withoutAccents(query.toLowerCase().replace(/\u2019/g, "'"));
    words.patterns.forEach(function (pair) {
      text = text.replace(new RegExp(pair[0], "g"), pair[1]);
    });
    var tokens = [];
    (text.match(/[\p{L}\p{N}+]+/gu) || []).forEach(function (word) {
      if (words.stop.indexOf(word) !== -1) return;
      var token = words.forms[word];
      if (token === undefined && !vocabulary[word]) {
        var longest = "";
        Object.keys(words.forms).concat(Object.keys(vocabulary)).forEach(function (start) {
          if (start.length >= 3 && start.length > longest.length && word.indexOf(start) === 0) longest = start;
        });
        token = longest ? (words.forms[longest] || longest) : word;
      }
      if (token === undefined) token = word;
      if (tokens.indexOf(token) === -1) tokens.push(token);
    });
    return tokens;
  }
  function offlineMatcher(typed) {
    var list = document.getElementById("answers");
    var raw = list && list.getAttribute("data-search-words");
    if (!raw) {
      var plain = typed.toLowerCase().split(/\s+/).filter(Boolean);
      return function (item) {
        var text = item.textContent.toLowerCase();
        return plain.every(function (w) { return text.indexOf(w) !== -1; });
      };
    }
    var words = JSON.parse(raw);
    var vocabulary = {};
    Object.keys(words.answers).forEach(function (id) {
      words.answers[id].forEach(function (t) { vocabulary[t] = true; });
    });
    var wanted = searchTokens(typed, words, vocabulary);
    return function (item) {
      var own = words.answers[item.getAttribute("data-answer")] || [];
      return wanted.every(function (t) { return own.indexOf(t) !== -1; });
    };
  }
  function filterOffline(form) {
    var input = form.querySelector("input[name=q]");
    var results = document.getElementById("search-results");
    var words = input.value.trim().split(/\s+/).filter(Boolean);
    var matches = offlineMatcher(input.value.trim());
    var shown = 0;
    document.querySelectorAll("#answers [data-filter-item]").forEach(function (item) {
      var match = matches(item);
      item.hidden = !match;
      var fold = item.querySelector("details");
      if (fold && words.length) fold.open = match;
      if (match) shown += 1;
    });
    var fold = document.getElementById("answers-fold");
    if (fold) fold.open = true;
    if (results) {
      results.textContent = words.length
        ? fill(ngettext(
          "No connection: the answer below is the one with these words (%(count)s).",
          "No connection: the answers below are those with these words (%(count)s).",
          shown), { count: shown })
        : "";
    }
  }
  function searchForm(e) {
    return e.target && e.target.closest ? e.target.closest("form.answer-search") : null;
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = searchForm(e);
    if (form && navigator.onLine === false) {
      e.preventDefault();
      filterOffline(form);
    } else if (form) {
      document.querySelectorAll("#answers [data-filter-item]").forEach(function (item) { item.hidden = false; });
    }
  });
  document.addEventListener("htmx:sendError", function (e) {
    var form = searchForm(e);
    if (form) filterOffline(form);
  });

  // htmx does not swap error responses: say what happened instead of failing silently.
  function showProblem(text) {
    var box = document.getElementById("request-problem");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
  }
  document.addEventListener("htmx:responseError", function (e) {
    var xhr = e.detail.xhr;
    var text = xhr.getResponseHeader("Content-Type") && xhr.getResponseHeader("Content-Type").indexOf("text/plain") === 0
      ? xhr.responseText
      : fill(gettext("Something went wrong (%(status)s). Nothing was lost: please try again."), { status: xhr.status });
    showProblem(text);
  });
  document.addEventListener("htmx:sendError", function (e) {
    var verb = (e.detail.requestConfig && e.detail.requestConfig.verb) || "get";
    showProblem(verb === "get"
      ? gettext("No connection right now: what you see may be out of date. It will update when the connection is back.")
      : gettext("No connection: nothing was sent. Check your network and try again."));
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail.successful) {
      var box = document.getElementById("request-problem");
      if (box) box.hidden = true;
    }
  });

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (e) { init(e.target); });
})();
