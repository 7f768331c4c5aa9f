"""A yes/no question in a window with buttons of the normal size: Enter says
yes, Esc says no, and an optional "Don't ask again" says yes and stops the
question (its caller switches the setting off)."""

from __future__ import annotations

import pygame
import pygame_gui

from tabletop.i18n import _, language

from .gfx import VW

BTN_W, BTN_H, PAD = 180, 44, 16


def text_box(html: str, rect, manager, **kw) -> pygame_gui.elements.UITextBox:
    """A text box that wraps as its language does: English between words
    (a word too long for a line is split with dashes), Korean and Japanese
    also between characters, never with a dash."""
    return pygame_gui.elements.UITextBox(html, pygame.Rect(rect), manager, allow_split_dashes=language() == "en", **kw)


class ConfirmWindow(pygame_gui.elements.UIWindow):
    def __init__(self, manager, text: str, title: str | None = None, yes: str | None = None, no: str | None = None,
                 never: str | None = None, rect=None):
        # the default words in the language in use
        title = _("Are you sure?") if title is None else title
        yes = _("Yes") if yes is None else yes
        no = _("Cancel") if no is None else no
        n = 3 if never else 2
        w = max(500, n * BTN_W + (n + 1) * PAD + 32)
        rect = rect or pygame.Rect(VW // 2 - w // 2, 300, w, 250)
        super().__init__(rect, manager, window_display_title=title, element_id="confirmation_dialog",
                         resizable=False)
        self.set_blocking(True)
        cw, ch = self.get_container().get_size()
        self.text_box = text_box(text, (PAD, 8, cw - 2 * PAD, ch - BTN_H - 3 * PAD), manager, container=self)
        y = ch - BTN_H - PAD
        x = cw - PAD - BTN_W
        self.yes_button = pygame_gui.elements.UIButton(pygame.Rect(x, y, BTN_W, BTN_H), yes, manager, container=self)
        x -= BTN_W + PAD
        self.no_button = pygame_gui.elements.UIButton(pygame.Rect(x, y, BTN_W, BTN_H), no, manager, container=self)
        # the names pygame_gui's own dialog uses
        self.confirm_button, self.cancel_button, self.confirmation_text = self.yes_button, self.no_button, self.text_box
        self.never_button = None
        if never:
            self.never_button = pygame_gui.elements.UIButton(pygame.Rect(PAD, y, BTN_W, BTN_H), never, manager,
                                                             container=self)

    def answer(self, element) -> str | None:
        """"yes", "no" or "never" for a pressed button of this window."""
        if element is self.yes_button:
            return "yes"
        if element is self.no_button:
            return "no"
        if element is not None and element is self.never_button:
            return "never"
        return None
