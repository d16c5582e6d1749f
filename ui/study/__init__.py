"""Self-study beside every step: the textbook code of the step (``code_panel``), the page as a
notebook to take home (``notebook``) and the downloads of a run and its model (``exports``)."""
