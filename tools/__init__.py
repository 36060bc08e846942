"""Scripts for rules testers and map makers: sweeps, calibrations, reports and the map generator."""
