"""Settings for House Rules. Every knob is an environment variable with a safe default."""

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.utils.csp import CSP

from unosite import env

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env.env_bool("DEBUG", False)
PUBLIC_URL = env.public_url("PUBLIC_URL")
# The address phones on the home network open, set by `make run` (unosite/serve.py) when it
# listens beyond this computer and PUBLIC_URL is not set: links and QR codes then use it.
HOME_URL = "" if PUBLIC_URL else env.public_url("HOME_URL")
HTTPS = PUBLIC_URL.startswith("https://")
SECRET_KEY = env.secret_key(
    "SECRET_KEY", required=HTTPS and not DEBUG, key_file=BASE_DIR / ".secret_key"
)

_default_hosts = ["localhost", "127.0.0.1", "[::1]"]
_public_host = urlsplit(PUBLIC_URL or HOME_URL).hostname if PUBLIC_URL or HOME_URL else None
if _public_host:
    _default_hosts.append(_public_host)
ALLOWED_HOSTS = env.env_list("ALLOWED_HOSTS", _default_hosts if not DEBUG else ["*"])
CSRF_TRUSTED_ORIGINS = [PUBLIC_URL] if PUBLIC_URL else []

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    # Before staticfiles: its collectstatic also writes nginx's "busy" page (unosite.management).
    "unosite",
    "django.contrib.staticfiles",
    "django_htmx",
    "rulesets",
    "play",
    "estimates",
    "django_tasks_db",
]

MIDDLEWARE = [
    # First: refuses oversized bodies and bad Host headers before anything reads them.
    "unosite.guard.RequestGuardMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Pages are sent compressed to browsers that accept it (static files come compressed
    # from WhiteNoise already). Django pads each response at random against BREACH, and
    # CSRF tokens are masked anew in every response.
    "django.middleware.gzip.GZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of each response: the switcher's cookie, else the browser's languages
    # (Accept-Language), else English; after the sessions, before CommonMiddleware (Django's
    # order). URLs carry no language: a shared link opens in the reader's language.
    "unosite.i18n.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "unosite.ratelimit.NotFoundLimitMiddleware",
    "unosite.ratelimit.AdminLoginLimitMiddleware",
    "unosite.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "unosite.urls"
WSGI_APPLICATION = "unosite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # The bdi filter, for names inside sentences, in every template (unosite/templatetags).
            "builtins": ["unosite.templatetags.bidi"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.template.context_processors.i18n",
                "unosite.i18n.context",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

DATABASES = {"default": env.database("DATABASE_URL", BASE_DIR / "db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.env_str("REDIS_URL", "")
# One cache, "default" (the README's "Caching" says what is kept in it, under which key, and
# what makes it change). With REDIS_URL, Redis, shared by every worker and machine; the
# database of REDIS_URL is the cache's alone (the rate limits count in the app's database).
# Without it, Django's file cache in a folder every worker of this machine shares: CACHE_DIR,
# by default a private folder in memory (unosite.env.cache_dir). Django's file cache lists
# its folder on every write: MAX_ENTRIES keeps that listing short (it culls a third when
# full; what it culls is read or rendered again).
CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's Redis cache, for which a Redis out of reach is an empty cache.
            "BACKEND": "unosite.cache_backends.DegradingRedisCache",
            "LOCATION": REDIS_URL,
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": env.cache_dir("CACHE_DIR", BASE_DIR / ".cache"),
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    }

# The push engine (nginx's Nchan module, see play/push.py): where a change of a game is
# published, on this machine only (deploy/nginx.conf's publishing server). Without it,
# nothing is published and the phones keep asking every few seconds.
PUSH_URL = env.env_str("PUSH_URL", "")

# Background work (the game-length estimates) runs through Django's Tasks framework. The
# database backend of django-tasks-db keeps the queue in the app's own database; its worker
# (manage.py db_worker) runs beside gunicorn under `make run`. "immediate" runs a task in
# the calling thread: the tests use it (ESTIMATE_TASK_BACKEND).
TASKS = {
    "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]},
    "immediate": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"},
}
ESTIMATE_TASK_BACKEND = "default"
ESTIMATE_CPU_SECONDS = 1.0  # the budget of one estimate

SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365 * 2
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
# Every language the site is written for, each named in its own words (the switcher shows
# these names, never translated). English is the source; the others' catalogues are in
# locale/<code>/LC_MESSAGES/ (django.po, djangojs.po), compiled by the Makefile.
ALL_LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("pt-br", "Português (Brasil)"),
]
# A language is offered (switcher, browser's languages) only once its catalogue is complete:
# tests/test_i18n.py checks every listed one. All five are offered; a new language is added
# here once its catalogue is done.
LISTED_LANGUAGES = ["en", "es", "fr", "de", "pt-br"]
LANGUAGES = [(code, name) for code, name in ALL_LANGUAGES if code in LISTED_LANGUAGES]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's choice: Django's language cookie, no account.
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365 * 2
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_MAX_AGE = 60 * 60 * 24 * 365

# Security headers. The CSP allows nothing from other hosts and no inline script
# or style without the per-request nonce.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    "worker-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_COOKIE_HTTPONLY = True  # htmx and the forms take the token from the page

# Request bodies: a rules file is at most 64 KB, a form far less. Anything bigger is a 413
# before it is read (unosite.guard), and uploads stay in memory: no temporary files.
MAX_REQUEST_BODY = 256 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY
FILE_UPLOAD_HANDLERS = ["django.core.files.uploadhandler.MemoryFileUploadHandler"]

if HTTPS:
    SECURE_SSL_REDIRECT = env.env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    # Preload asks browsers' makers to build "https only" for the whole domain into their
    # browsers, which takes months to undo: only an admin who chose it (and submitted the
    # domain to hstspreload.org) turns it on. `check --deploy` would otherwise ask for it.
    SECURE_HSTS_PRELOAD = env.env_bool("SECURE_HSTS_PRELOAD", False)
    if not SECURE_HSTS_PRELOAD:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]

# Rate limits per client (0 turns one off). Counters live in the database, or in Redis
# when REDIS_URL is set, never in the cache of pages (see unosite.ratelimit).
RATE_LIMIT_NOT_FOUND_PER_MINUTE = env.env_int("RATE_LIMIT_NOT_FOUND_PER_MINUTE", 30)
RATE_LIMIT_CREATE_PER_HOUR = env.env_int("RATE_LIMIT_CREATE_PER_HOUR", 60)
RATE_LIMIT_EDIT_PER_HOUR = env.env_int("RATE_LIMIT_EDIT_PER_HOUR", 60)
RATE_LIMIT_ADMIN_LOGIN_FAILURES = env.env_int("RATE_LIMIT_ADMIN_LOGIN_FAILURES", 10)
RATE_LIMIT_TRUST_X_FORWARDED_FOR = env.env_bool("RATE_LIMIT_TRUST_X_FORWARDED_FOR", False)

# Refusals (4xx) are one line without a traceback, and edit secrets in paths are masked,
# in everything logged, Django's own request logs included (unosite.logs).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals": {"()": "unosite.logs.RefusalFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["refusals"]}},
    "root": {"handlers": ["console"], "level": env.env_str("LOG_LEVEL", "WARNING").upper()},
    "loggers": {
        # Django's default handlers for these print unfiltered: everything goes to the root.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        "django.server": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
CSRF_FAILURE_VIEW = "unosite.errors.csrf_failure"
