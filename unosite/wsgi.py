import gc
import logging
import os

from django.core.wsgi import get_wsgi_application

from unosite.logs import RefusalFilter

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unosite.settings")

application = get_wsgi_application()

# What loading Django and the site made (some 65,000 objects) lives as long as the process.
# The garbage collector's full collections walked all of it, in the middle of a request
# (over 100 ms on a busy machine); frozen, they leave it alone.
gc.freeze()

# gunicorn writes the address of a request it failed to handle ("Error handling request
# GET /r/<code>/edit/<secret>/"): its log masks edit secrets as Django's does.
logging.getLogger("gunicorn.error").addFilter(RefusalFilter())
