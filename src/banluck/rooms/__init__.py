"""Rooms where friends play together (issue 11): the room model, pure and without I/O.

``settings`` (the house settings of a room), ``names`` (display names, invite codes),
``rules`` (the presets' rules with people in any seat), ``shoes`` (a shoe between hands as
JSON, one seed per hand), ``games`` (the three engines behind one face: hands, bots, absent
people, per-seat views), ``room`` (seats, bets, turns, deadlines from a clock passed in,
saving and restoring mid-hand), ``errors`` (refusals with codes).

The web layer (``web.rooms_http``, ``web.rooms_ws``) and the store (``store.rooms``) use it;
of the web it uses only ``web.wire.table_json``, the web table's JSON of a Ban Luck view.
"""

from banluck.rooms.errors import RoomError
from banluck.rooms.room import Room, new_room
from banluck.rooms.settings import RoomSettings, parse_settings

__all__ = ["Room", "RoomError", "RoomSettings", "new_room", "parse_settings"]
