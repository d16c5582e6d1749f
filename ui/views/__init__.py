"""One package per page: its settings, and a file per stage (learn, encode, word …)."""
