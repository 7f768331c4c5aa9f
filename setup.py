"""Packaging beyond what pyproject.toml can say: the repository's top-level
``assets/`` and ``saves/`` folders are installed inside the package, as
``tabletop/assets`` and ``tabletop/example_saves``, so an installed app finds
its card art, icons, sounds and example saves. Everything else is in
pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["tabletop*", "games*"]) + ["tabletop.assets", "tabletop.example_saves"],
    package_dir={"tabletop.assets": "assets", "tabletop.example_saves": "saves"},
    package_data={
        "": ["*.toml", "*.md", "lessons/*.toml", "puzzles/*.toml", "*.ttf", "*.png", "*.json",
               "locale/*.pot", "locale/*/LC_MESSAGES/*.po"],
        "tabletop.assets": ["*.md", "art/*.svg", "sounds/*.wav", "fonts/*"],
        "tabletop.example_saves": ["*.toml"],
    },
)
