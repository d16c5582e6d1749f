"""The Gage compression page's view (``pages/gage.py``), one file per stage of the page."""
