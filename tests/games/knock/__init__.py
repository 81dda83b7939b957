"""Tests of what Rumino, Chinchón and La Conga share (scala40.games._knock)."""
