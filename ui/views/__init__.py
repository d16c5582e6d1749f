"""The pages' views: one package per page, its files named by what the page shows
(docs/ARCHITECTURE.md, "The UI by role")."""
