"""The rooms over HTTP and WebSocket: the hub that holds the rooms of this process (``hub``) or
shares them through the store (``shared``), the room's routes (``http``), its socket
(``ws``) and frames (``frames``), its download (``download``) and the removal of idle rooms
(``expiry``).
"""
