"""Tests of Rumino (scala40.games.rumino)."""
