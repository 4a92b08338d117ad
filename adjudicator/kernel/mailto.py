"""The ``mailto:`` link of the sites' order pages, one for every game (issue 35).

A page that composes orders opens the player's mail program with them: ``mailto:ADDRESS?subject=...&body=...``.

- The recipient is the robot's address where the GM allows it (``mail.toml``: ``[site] recipient``, on by
  default); without one the player fills it in.
- Line breaks in the body are ``%0D%0A``, as RFC 6068 (section 5) writes them; every other character that is not
  unreserved is percent-encoded as UTF-8 (JavaScript's ``encodeURIComponent``), ``@`` in the address kept.
- Mail programs and browsers cut a link at about 2,000 characters (a racing turn's routes pass that), so a link
  longer than ``LIMIT`` is not opened: the page says so and offers the text with a button that copies it.

``SCRIPT`` is the pages' JavaScript for this (``mailtoLink``, ``sendOrCopy``); ``link`` writes the same link in
Python (the tests compare them).
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import quote

LIMIT = 1800
"""The longest link a page opens, in characters: under the 2,000 that common mail programs take."""

_UNRESERVED = "-_.!~*'()"
"""What ``encodeURIComponent`` leaves as it is, besides letters and digits."""


def link(to: str, subject: str, lines: Sequence[str]) -> str:
    """The ``mailto:`` link of a mail to ``to`` (``""``: none) with ``subject`` and the body ``lines``."""
    body = "\r\n".join(lines) + "\r\n"
    return (f"mailto:{quote(to, safe=_UNRESERVED + '@')}?subject={quote(subject, safe=_UNRESERVED)}"
            f"&body={quote(body, safe=_UNRESERVED)}")


SCRIPT = """
var MAILTO_LIMIT = @LIMIT@;
/* The mailto: link of a mail (RFC 6068: line breaks %0D%0A; the recipient, when there is one). */
function mailtoLink(to, subject, lines) {
  var enc = encodeURIComponent;
  return "mailto:" + (to ? enc(to).replace(/%40/g, "@") : "") + "?subject=" + enc(subject) +
    "&body=" + enc(lines.join("\\r\\n") + "\\r\\n");
}
/* Open the mail program with the link, or, past MAILTO_LIMIT, show why not and offer the text to copy:
   ``parts``: the warning's element, the text box and the copy button; ``words``: tooLong, anyone, copied,
   noCopy. True when the link was opened. */
function sendOrCopy(link, text, to, parts, words) {
  parts.warn.textContent = "";
  parts.box.hidden = parts.copy.hidden = true;
  if (link.length <= MAILTO_LIMIT) { window.location.href = link; return true; }
  parts.warn.textContent = words.tooLong.replace("{length}", link.length).replace("{limit}", MAILTO_LIMIT)
    .replace("{to}", to || words.anyone);
  parts.box.value = text;
  parts.box.hidden = parts.copy.hidden = false;
  parts.copy.onclick = function () {
    function done(ok) { parts.warn.textContent = ok ? words.copied : words.noCopy; }
    parts.box.focus(); parts.box.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    if (copied || !navigator.clipboard) { done(copied); return; }
    navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(false); });
  };
  return false;
}
""".replace("@LIMIT@", str(LIMIT))
"""The pages' JavaScript: ``mailtoLink(to, subject, lines)`` and ``sendOrCopy(link, text, to, parts, words)``."""
