"""Bulletproof Blues 2e ("BPB"): 2d6 + attribute task rolls, extreme success, six-second rounds,
block and dodge, damage against protection, recovery and plot points (the Actions chapter)."""

__all__: list[str] = []
