"""The WordPiece page: :mod:`.settings` (widgets, tabs, training) and a file per tab:
:mod:`.learn`, :mod:`.compare`, :mod:`.encode`, :mod:`.variants`, :mod:`.export`.
"""
