"""Built-in game plugins; each subpackage exposes ``GAME``."""
