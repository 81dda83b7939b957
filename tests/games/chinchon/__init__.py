"""Tests of Chinchón (scala40.games.chinchon)."""
