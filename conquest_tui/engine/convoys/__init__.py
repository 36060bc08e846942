"""Convoys: their statistics, vehicles, transfers, movement, condition, experts and hiring."""
