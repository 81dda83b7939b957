"""Tests of La Conga (scala40.games.laconga)."""
