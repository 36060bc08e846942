"""Seats' PINs for the app and the command line: salted hashes and the back-off after wrong PINs."""
