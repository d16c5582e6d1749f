"""Placeholder: being written."""

import streamlit as st

st.title("bpe_encode")
