"""Storage: loading rules and maps, saving and loading games."""
