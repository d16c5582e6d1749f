"""UI helpers: rendering of results and steps (imports streamlit)."""
