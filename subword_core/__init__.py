"""subword_core: the algorithms, pure Python, with step-by-step traces."""
