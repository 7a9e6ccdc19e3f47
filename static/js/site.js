/* House Rules: small progressive enhancements. Every page works without this file. */
(function () {
  "use strict";

  // Copy buttons: <button data-copy="#input-id">. Falls back to selecting the text.
  function copyFrom(button) {
    var target = document.querySelector(button.getAttribute("data-copy"));
    if (!target) return;
    var text = target.value || target.textContent;
    var done = function (ok) {
      var status = button.parentElement.querySelector("[data-copy-status]");
      if (status) status.textContent = ok ? "Copied." : "Selected: press Ctrl+C or \u2318C to copy.";
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
  function setUpShare(button) {
    if (!navigator.share) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.share({ title: button.getAttribute("data-share-title"), url: button.getAttribute("data-share-url") })
        .catch(function () {});
    });
  }

  // Options that only mean something with another option's value: data-when-key, data-when-values.
  function updateDependents(form) {
    form.querySelectorAll("[data-when-key]").forEach(function (field) {
      var key = field.getAttribute("data-when-key");
      var allowed = JSON.parse(field.getAttribute("data-when-values"));
      var checked = form.querySelector('input[name="' + key + '"]:checked');
      var value = checked ? checked.value : null;
      var on = value === null || allowed.indexOf(value) !== -1;
      field.hidden = !on;
    });
  }

  // Mark options that differ from official as house rules while the form is edited.
  function updateHouseMarks(form) {
    form.querySelectorAll("[data-official]").forEach(function (field) {
      var input = field.querySelector("input:checked") || field.querySelector("input[type=number]");
      if (!input) return;
      var changed = String(input.value).trim() !== field.getAttribute("data-official");
      field.classList.toggle("changed", changed);
      var mark = field.querySelector(".house-mark");
      if (mark) mark.hidden = !changed;
    });
  }

  function init(root) {
    root.querySelectorAll("[data-copy]").forEach(function (b) {
      if (b.dataset.bound) return;
      b.dataset.bound = "1";
      b.addEventListener("click", function () { copyFrom(b); });
    });
    root.querySelectorAll("[data-share-url]").forEach(setUpShare);
    root.querySelectorAll("form[data-dependent-options]").forEach(function (form) {
      updateDependents(form);
      form.addEventListener("change", function () { updateDependents(form); });
      form.addEventListener("input", function () { updateHouseMarks(form); });
    });
  }

  // Offline, the search box cannot ask the server: it narrows the answers on the page to
  // those holding every word typed, so the page still answers at a table without signal.
  function filterOffline(form) {
    var input = form.querySelector("input[name=q]");
    var results = document.getElementById("search-results");
    var words = input.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    document.querySelectorAll("#answers [data-filter-item]").forEach(function (item) {
      var text = item.textContent.toLowerCase();
      var match = words.every(function (w) { return text.indexOf(w) !== -1; });
      item.hidden = !match;
      if (match) shown += 1;
    });
    var fold = document.getElementById("answers-fold");
    if (fold) fold.open = true;
    if (results) {
      results.textContent = words.length
        ? "No connection: the answers below are those with these words (" + shown + ")."
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
      : "Something went wrong (" + xhr.status + "). Nothing was lost: please try again.";
    showProblem(text);
  });
  document.addEventListener("htmx:sendError", function (e) {
    var verb = (e.detail.requestConfig && e.detail.requestConfig.verb) || "get";
    showProblem(verb === "get"
      ? "No connection right now: what you see may be out of date. It will update when the connection is back."
      : "No connection: nothing was sent. Check your network and try again.");
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
