"""The compare page's view (docs/ARCHITECTURE.md, "The UI by role")."""
