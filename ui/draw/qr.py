"""QR codes of links, drawn locally as inline SVG (segno), and the address students can reach.

Two things every "send the class a link" box needs, in one place:

- :func:`qr_svg` draws a QR code as an ``<svg>`` string with segno, on this server: no image is
  fetched from anywhere, so it works in a classroom without internet and leaks no link.
- :func:`reachable_base` turns the address the teacher's browser used (often ``127.0.0.1`` or
  ``localhost``) into one the students' devices can open, or says why it cannot.

Example:
    >>> qr_svg("http://192.168.1.20:8501/?c=KMRT").startswith("<svg")
    True
    >>> reachable_base("http://10.0.0.5:8501/bpe_learn", listen="0.0.0.0").warning
    ''
"""

from __future__ import annotations

import base64
import html
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import segno

__all__ = [
    "MAX_QR_TEXT",
    "QR_MASK",
    "Reachable",
    "classroom_address",
    "qr_img_html",
    "qr_svg",
    "reachable_base",
]

MAX_QR_TEXT = 1_000  # a QR code of version 40 holds ~2,900 bytes; a phone reads short ones best

QR_MASK = 2
"""The data mask of every code drawn here (issue 26).

subtle: segno otherwise draws the code eight times, once per mask, and scores each, in pure
Python: 40 ms for a 600-character link, 90 ms for 1,000, on every step change of every student
(the sidebar's link holds the step), over half of a step change's server time. With one mask
it is a quarter of that. Every reader decodes any of the eight masks (the code says which); the
scoring only avoids patterns that look like the corner squares, rare in practice. Mask 2
(``j mod 3 == 0``, stripes) is the one segno picks most often for this app's links."""


def qr_svg(text: str, *, scale: int = 6, title: str = "") -> str:
    """Draw ``text`` as a QR code, an inline ``<svg>`` element (no XML declaration).

    The code has a white quiet zone and black modules in both themes (phones need the contrast),
    error correction level M, and ``role="img"`` with ``title`` for screen readers.

    Args:
        text: What the code holds (a link); at most :data:`MAX_QR_TEXT` characters.
        scale: Pixels per module.
        title: The accessible name (escaped here).

    Raises:
        ValueError: ``text`` is empty or longer than :data:`MAX_QR_TEXT`.

    Example:
        >>> 'role="img"' in qr_svg("https://example.org", title="Join")
        True
    """
    if not text or len(text) > MAX_QR_TEXT:
        raise ValueError(f"a QR code holds 1 to {MAX_QR_TEXT} characters, not {len(text)}")
    code = segno.make(text, error="m", micro=False, mask=QR_MASK)
    svg = code.svg_inline(
        scale=scale, dark="#000", light="#fff", border=4, omitsize=False, svgclass="sw-qr"
    )
    label = title or "QR code"
    label = label.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)


def qr_img_html(text: str, *, alt: str, scale: int = 6, css_class: str = "sw-qr") -> str:
    """The QR code of ``text`` as an ``<img>`` whose source is the SVG itself (a ``data:`` URL).

    subtle: ``st.html`` sanitises with DOMPurify's HTML profile, which drops an inline
    ``<svg>``; an image keeps it, and a ``data:`` address is still drawn locally (no request).
    An SVG image needs its ``xmlns``, which an inline SVG may leave out.

    Args:
        text: What the code holds (see :func:`qr_svg`).
        alt: The image's text for screen readers (escaped here).
        scale: Pixels per module.
        css_class: The ``<img>``'s class.

    Example:
        >>> qr_img_html("https://example.org", alt="Join <now>")[:27]
        '<img alt="Join &lt;now&gt;"'
    """
    svg = qr_svg(text, scale=scale)
    if "xmlns=" not in svg:
        svg = svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img alt="{html.escape(alt, quote=True)}" src="data:image/svg+xml;base64,{data}" '
        f'class="{html.escape(css_class, quote=True)}">'
    )


@dataclass(frozen=True)
class Reachable:
    """A base address for students, and a warning when they probably cannot open it.

    Attributes:
        base: Scheme, host and port (and path), without query.
        warning: Empty when students can reach ``base``; otherwise a short code:
            ``"loopback"`` (the server listens on this computer only) or ``"guessed"`` (the
            teacher's browser used a loopback name; ``base`` uses this computer's network address).
    """

    base: str
    warning: str = ""


def classroom_address() -> str | None:
    """This computer's address on its local network, or ``None`` when it has none.

    It asks the operating system which interface would route to a private address (a UDP
    "connect" sends no packet), so it needs no internet.

    Example:
        >>> addr = classroom_address()
        >>> addr is None or not ipaddress.ip_address(addr).is_loopback
        True
    """
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 1))
                address = sock.getsockname()[0]
        except OSError:
            continue
        if address and not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return address
    return None


def _is_loopback(host: str) -> bool:
    if host in ("localhost", "localhost.localdomain") or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def reachable_base(url: str, *, listen: str | None, lan: str | None = None) -> Reachable:
    """The address students should open, from the teacher's ``url`` and the listen address.

    Args:
        url: The address the teacher's browser used (``st.context.url``); its query is dropped.
        listen: The server's listen address (``server.address``; ``None`` or ``""`` or
            ``"0.0.0.0"``/``"::"`` mean every interface).
        lan: This computer's classroom address (defaults to :func:`classroom_address`).

    Example:
        >>> reachable_base("http://127.0.0.1:8501/x", listen="127.0.0.1").warning
        'loopback'
        >>> r = reachable_base("http://localhost:8501/x?a=1", listen="0.0.0.0", lan="10.1.2.3")
        >>> (r.base, r.warning)
        ('http://10.1.2.3:8501/x', 'guessed')
    """
    parts = urlsplit(url)
    host = parts.hostname or ""
    base = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    if not _is_loopback(host):
        return Reachable(base)
    if listen and _is_loopback(listen):
        return Reachable(base, "loopback")
    address = lan if lan is not None else classroom_address()
    if address is None:
        return Reachable(base, "loopback")
    netloc = f"{address}:{parts.port}" if parts.port else address
    return Reachable(urlunsplit((parts.scheme, netloc, parts.path, "", "")), "guessed")
