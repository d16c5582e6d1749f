"""Drawing primitives: escaped HTML (``html``), altair charts (``charts``), tabs that stay open
(``tabs``), the step player (``player``) and QR codes (``qr``). They know no page."""
