"""Tests of scala40."""
