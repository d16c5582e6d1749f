"""The views, one package per page (``ui/views/<page>/``): files named by the page's stages."""
