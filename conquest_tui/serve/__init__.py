"""Serving the game to browsers: each seat's link, the server, one app process per tab."""
