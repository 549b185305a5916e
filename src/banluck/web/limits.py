"""The web server's limits, in one place (docs/API.md, Limits)."""

#: The largest request body (bytes), enforced while it is read (413).
MAX_BODY = 4096
#: Seconds a request body may take to arrive (408).
BODY_TIMEOUT = 10.0
#: Seconds a connection may take to complete its request headers before it is closed.
HEADER_TIMEOUT = 10.0
#: Seconds an idle kept-alive connection waits for its client's next request. Behind a front
#: door that keeps its own connections to the game open (Caddy keeps them two minutes), set
#: longer than it keeps them: a request sent on a connection the game has just closed fails.
KEEP_ALIVE = 5
#: Connections open at once beyond which new ones are closed at once: room for 1,000 players
#: each with a room socket and a request under way (one client's share is bounded apart, in
#: ``web.clients``).
MAX_CONNECTIONS = 2048
#: Plain connections one peer address may hold open at once: a browser opens up to six a
#: tab, and a slow or partial request holds one until its deadline; a slowloris reopening
#: its partial requests as they close fills this share, not the server.
CONNECTIONS_PER_ADDRESS = 256
#: The largest request head (request line and headers) h11 will buffer (bytes).
MAX_HEAD = 16 * 1024
