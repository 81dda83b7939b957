"""A sample of a Skarney view keeps the card on offer in the offerer's hand beside the
copies of it the hand's log shows there (SK-OFFER)."""

from __future__ import annotations

from scala40.game import load_game

# Seat 1 took a joker (shown), holds another, and offers a third to seat 2: seat 2's view.
POSITION = (
    "skarney singles QS4H5H10H3D10CQC/JKJK/8H9H9C/4S5S5D 3S3S3H3C/9S9H9D9C/JHJDJDJC/"
    "ASAS2D=AHAC/4S4D4D4C/10S10H10D/5H5D5C/6S6H6D6C/KSKHKDJK=KC/KHKDKC/AHADAD/8S8S8D8D/"
    "JSJHJC/7S7D7C7C/QSQHQC 1/1/1/2/2/2/2/3/3/3/0/0/0/3/3 39 offer 1 3 1 0/0/0/0 132 "
    "bf675a41b36c58dc contracts=1/1/1/1 known=3D/JK/8H9C/- accepted=-/-/9C/- "
    "turn_number=26 offer_card=JK offer_to=2 shown=-/JK/9C/-"
)


def test_a_sample_deals_the_offerer_the_offered_card_beside_its_shown_copies_sk_offer() -> None:
    # SK-OFFER: the offered card stays in the offerer's hand until accepted; the hand's
    # log shows a joker taken by seat 1 and not played, so seat 1 holds two.
    game = load_game("skarney")
    state = game.state_from_text(POSITION)
    assert not state.problems()
    view = state.view(2)
    for seed in range(50):
        sample = view.sample(seed)
        assert not sample.problems()
        assert sample.hands[1].count(state.offer_card) >= 2
        assert sample.view(2) == view
