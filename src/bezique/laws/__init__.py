"""The laws of play as pure functions, one module per area, each rule stated once
with its source beside it.

* :mod:`~bezique.laws.zones`: the deck's bit tables and the zones a seat's cards lie in;
* :mod:`~bezique.laws.dealing`: deck order, shuffle, packets, turn-up, the cut;
* :mod:`~bezique.laws.tricks`: who wins a trick, which cards a seat may play;
* :mod:`~bezique.laws.turns`: which seats play to a trick and who leads, duels included;
* :mod:`~bezique.laws.declaring`: the meld table, re-use, re-forming, trumps fixed by a meld;
* :mod:`~bezique.laws.scoring`: what scores in a trick, after the last trick, and in the game.

The functions take rules and plain values (card ids, bit masks, suits), never a
state: the engine (:mod:`bezique.state`), the state checks
(:mod:`bezique.checks.invariants`), determinization and the players call the same laws.
"""
