"""The server runtime: training processes and their queue (:mod:`ui.runtime.training`), the
byte-budgeted cache shared by every session (:mod:`ui.runtime.cache`), the upload guard
(:mod:`ui.runtime.upload_guard`)."""
