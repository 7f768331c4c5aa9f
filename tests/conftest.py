import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the suite reads the app in English whatever the machine's locale; the tests of
# other languages choose theirs (tabletop.i18n.set_language)
os.environ["TABLETOP_LANG"] = "en"
# compiled catalogs (.mo) go to a folder of the test run's own
import tempfile as _tempfile

os.environ.setdefault("TABLETOP_CACHE", _tempfile.mkdtemp(prefix="tabletop-cache-"))
