/* House Rules: registers the service worker that keeps opened pages readable offline.
   <script src="offline.js" data-service-worker="/sw.js" defer>. Pages work without it. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) return;
  var workerUrl = script.getAttribute("data-service-worker");
  var sw = navigator.serviceWorker;

  function showOfflineNote() {
    var note = document.querySelector("[data-offline-note]");
    if (note) note.hidden = navigator.onLine;
  }
  showOfflineNote();
  window.addEventListener("online", showOfflineNote);
  window.addEventListener("offline", showOfflineNote);

  // The URLs this page needs offline: itself and the same-site files it loaded.
  function pageUrls() {
    var urls = [location.href.split("#")[0]];
    document.querySelectorAll("link[rel~=stylesheet][href], link[rel~=icon][href], script[src], img[src]")
      .forEach(function (el) {
        var url = el.href || el.src;
        if (url && url.indexOf(location.origin + "/") === 0) urls.push(url);
      });
    return urls;
  }

  sw.addEventListener("message", function (event) {
    if (event.data && event.data.type === "page-saved") {
      document.documentElement.setAttribute("data-offline-saved", "");
    }
  });
  if (sw.startMessages) sw.startMessages();

  // A page loaded before the worker controlled it was not saved on the way in: ask for it.
  var wasControlled = !!sw.controller;
  sw.register(workerUrl, { scope: "/" }).then(function () {
    return sw.ready;
  }).then(function (registration) {
    if (wasControlled) {
      document.documentElement.setAttribute("data-offline-saved", "");
    } else if (registration.active) {
      registration.active.postMessage({ type: "save-page", urls: pageUrls() });
    }
  }).catch(function () {
    // No worker (private mode, an old browser): the page simply needs the network.
  });
})();
