{% autoescape off %}/* House Rules service worker: the pages you opened stay readable without a network.

Pages: network first, falling back to the saved copy when offline.
Static files (hashed names, never changing): from the cache first.
The web app manifest: network first, kept for offline.
Nothing else is touched: form posts, htmx requests and other sites go straight to the network.
*/
"use strict";

var VERSION = {{ version }};
var STATIC_CACHE = "house-rules-static-" + VERSION;
var PAGE_CACHE = "house-rules-pages-v1";
var PRECACHE = {{ precache }};
var STATIC_URL = {{ static_url }};
var HASHED = {{ hashed }};
var MANIFEST_URL = {{ manifest_url }};
var MAX_URLS_PER_MESSAGE = 40;
var MAX_SAVED = 60;  // pages and images kept; the oldest go first
// The offline page's words in every listed language: {"es": {"dir", "title", "heading", "text", "home"}}.
var OFFLINE_TEXTS = {{ offline_texts }};
// The site's stylesheet and icon, so the offline page looks like the rest of the site.
var OFFLINE_LOOK = {{ offline_look }};
// A house's rules page (/r/<code>/) and its answers page (/r/<code>/answers/).
var RULES_PAGE = /^(\/r\/[^\/]+\/)(answers\/)?$/;

function sameOrigin(url) {
  return url.origin === self.location.origin;
}

function isStatic(url) {
  return sameOrigin(url) && url.pathname.indexOf(STATIC_URL) === 0;
}

function cacheable(response) {
  if (!response || !response.ok || response.type !== "basic") return false;
  return !/no-store/i.test(response.headers.get("Cache-Control") || "");
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
  });
}

// A listed language for a code such as "pt-BR" or "es-419", else English.
function listedLanguage(code) {
  code = String(code || "").toLowerCase();
  if (OFFLINE_TEXTS[code]) return code;
  var base = code.split("-")[0];
  return OFFLINE_TEXTS[base] ? base : "en";
}

// The language this phone reads: that of the newest page it saved (its Content-Language is
// the switcher's or the browser's choice), else the browser's own.
function readersLanguage() {
  return caches.open(PAGE_CACHE).then(function (cache) {
    return cache.keys().then(function (keys) {
      var newest = keys.slice(-5).reverse();
      return Promise.all(newest.map(function (key) { return cache.match(key); }));
    });
  }).then(function (responses) {
    for (var i = 0; i < responses.length; i++) {
      var language = responses[i] && responses[i].headers.get("Content-Language");
      if (language) return listedLanguage(language);
    }
    return listedLanguage(self.navigator.language);
  }).catch(function () {
    return listedLanguage(self.navigator.language);
  });
}

function offlinePage(language) {
  var t = OFFLINE_TEXTS[language] || OFFLINE_TEXTS.en;
  var look = "";
  if (OFFLINE_LOOK.stylesheet) look += '<link rel="stylesheet" href="' + escapeHtml(OFFLINE_LOOK.stylesheet) + '">';
  if (OFFLINE_LOOK.icon) look += '<link rel="icon" href="' + escapeHtml(OFFLINE_LOOK.icon) + '" type="image/svg+xml">';
  var html =
    '<!doctype html><html lang="' + escapeHtml(language) + '" dir="' + escapeHtml(t.dir) + '"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light dark">' +
    "<title>" + escapeHtml(t.title) + "</title>" + look + "</head><body>" +
    '<header class="site-header"><a class="brand" href="/"><span class="brand-mark" aria-hidden="true">U</span> House Rules</a></header>' +
    '<main id="main"><section class="error-page">' +
    "<h1>" + escapeHtml(t.heading) + "</h1>" +
    "<p>" + escapeHtml(t.text) + "</p>" +
    '<p><a class="button" href="/">' + escapeHtml(t.home) + "</a></p>" +
    "</section></main></body></html>";
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }
  });
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.slice(0, Math.max(0, keys.length - MAX_SAVED));
    return Promise.all(extra.map(function (key) { return cache.delete(key); }));
  });
}

function save(cacheName, request, response) {
  return caches.open(cacheName).then(function (cache) {
    return cache.delete(request, { ignoreVary: true }).then(function () {
      return cache.put(request, response);
    }).then(function () {
      return cacheName === PAGE_CACHE ? trim(cache) : null;
    });
  });
}

function networkFirst(event, cacheName) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (cacheable(response)) {
      event.waitUntil(save(cacheName, request, response.clone()).catch(function () {}));
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (cached) {
      if (cached) return cached;
      if (request.mode !== "navigate") return Response.error();
      return savedRulesPage(request).then(function (page) {
        return page || readersLanguage().then(offlinePage);
      });
    });
  });
}

// Offline, a house's answers page (the search without script) or its rules page opened
// with other query words is the saved rules page: every answer is on it.
function savedRulesPage(request) {
  var url = new URL(request.url);
  var match = RULES_PAGE.exec(url.pathname);
  if (!match) return Promise.resolve(null);
  return caches.match(url.origin + match[1], { ignoreVary: true }).then(function (cached) {
    return cached || null;
  });
}

function cacheFirst(event) {
  var request = event.request;
  return caches.match(request).then(function (cached) {
    if (cached) return cached;
    return fetch(request).then(function (response) {
      if (cacheable(response)) {
        event.waitUntil(save(STATIC_CACHE, request, response.clone()).catch(function () {}));
      }
      return response;
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) {
      // One missing file must not stop the worker: each is cached on its own.
      return Promise.all(PRECACHE.map(function (url) {
        return cache.add(url).catch(function () {});
      }));
    }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf("house-rules-static-") === 0 && key !== STATIC_CACHE;
      }).map(function (key) {
        return caches.delete(key);
      }));
    }).then(function () {
      return self.clients.claim();
    })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (!sameOrigin(url) || request.headers.get("HX-Request")) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(event, PAGE_CACHE));
  } else if (url.pathname === MANIFEST_URL) {
    event.respondWith(networkFirst(event, STATIC_CACHE));
  } else if (isStatic(url)) {
    event.respondWith(HASHED ? cacheFirst(event) : networkFirst(event, STATIC_CACHE));
  } else if (request.destination === "image") {
    event.respondWith(networkFirst(event, PAGE_CACHE));
  }
});

// The page that registered the worker was loaded before the worker existed: it asks
// for itself and the files it uses to be saved, so it opens offline from now on.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "save-page" || !Array.isArray(data.urls)) return;
  var urls = data.urls.slice(0, MAX_URLS_PER_MESSAGE).map(function (href) {
    try {
      return new URL(href, self.location.href);
    } catch (e) {
      return null;
    }
  }).filter(function (url) {
    return url && sameOrigin(url);
  });
  var done = Promise.all(urls.map(function (url) {
    url.hash = "";
    var cacheName = isStatic(url) ? STATIC_CACHE : PAGE_CACHE;
    return caches.open(cacheName).then(function (cache) {
      return cache.match(url.href, { ignoreVary: true }).then(function (hit) {
        if (hit && isStatic(url) && HASHED) return null;
        return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
          return cacheable(response) ? save(cacheName, url.href, response) : null;
        });
      });
    }).catch(function () {});
  })).then(function () {
    if (event.source) event.source.postMessage({ type: "page-saved" });
  });
  event.waitUntil(done);
});
{% endautoescape %}
