"""The app's screens: title, new game, hand-over, game, report, help and dialogs."""
