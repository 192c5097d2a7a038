#!/usr/bin/env python3
"""A loopback server for the streaming tests, written from public specifications, not from
apiexplore's client:

- server-sent events from the WHATWG HTML Living Standard, section 9.2 "Server-sent events"
  (https://html.spec.whatwg.org/multipage/server-sent-events.html): the examples of section 9.2.6
  "Interpreting an event stream" are served verbatim under /sse/spec/N, and /sse/reconnect follows
  9.2.3 ("the user agent ... must ... reestablish the connection", sending Last-Event-ID);
- NDJSON from https://github.com/ndjson/ndjson-spec (one JSON text per line, LF separated);
- bodies of any size, with Content-Length or chunked transfer coding (RFC 9112 section 7.1).

Python's standard library only. Prints "http://127.0.0.1:PORT" on its first line, then serves
until killed. Requests it saw are appended to the file named by the first argument, one JSON
object per line, so a test can check what was sent (the Last-Event-ID of a reconnection).
"""

import hashlib
import json
import signal
import socket
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LOG = sys.argv[1] if len(sys.argv) > 1 else None

# Section 9.2.6's examples, byte for byte (each ends where the standard's example ends).
SPEC_EXAMPLES = {
    # "The following event stream, once followed by a blank line: ... would cause an event
    # message with the interface MessageEvent to be dispatched on the EventSource object.
    # The event's data attribute would contain the string "YHOO\n+2\n10""
    "1": "data: YHOO\ndata: +2\ndata: 10\n\n",
    # "The following stream contains four blocks. The first block has just a comment, and will
    # fire nothing. The second block has two fields with names "data" and "id" respectively; an
    # event will be fired for this block, with the data "first event", and will then set the last
    # event ID to "1" ... The third block fires an event with data "second event", and also has
    # an "id" field, this time with no value, which resets the last event ID to the empty string
    # ... The fourth block has data " third event" (with a single leading space character)."
    "2": ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n",
    # "The following stream fires two events: ... The first block fires events with the data set
    # to the empty string, as would the last block if it was followed by a blank line. The middle
    # block fires an event with the data set to a single newline character. The last block is
    # discarded because it is not followed by a blank line."
    "3": "data\n\ndata\ndata\n\ndata:",
    # "The following stream fires two identical events: ... This is because the space after the
    # colon is ignored if present."
    "4": "data:test\n\ndata: test\n\n",
    # Section 9.2.4's example of event types ("event: add" / "event: remove"), with CRLF and lone
    # CR line ends, which 9.2.5's grammar allows ("end-of-line = ( cr lf / cr / lf )").
    "types": "event: add\r\ndata: 73857293\r\n\r\nevent: remove\rdata: 2153\r\revent: add\ndata: 113411\n\n",
    # A comment-only keep-alive, a retry field and an id with a NULL (ignored, 9.2.6 "id").
    "fields": ": keep-alive\nretry: 1500\nid: 7\ndata: one\n\nid: a\x00b\ndata: two\n\nretry: soon\ndata: three\n\n",
}


def pattern_block():
    return bytes((index * 7 + 3) % 251 for index in range(1 << 20))


BLOCK = pattern_block()


def body_bytes(size):
    """The body of /big?size=N: a fixed byte pattern, yielded in 1 MiB pieces."""
    left = size
    while left > 0:
        piece = BLOCK[: min(left, len(BLOCK))]
        left -= len(piece)
        yield piece


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Python's server otherwise waits for delayed ACKs between small writes (Nagle).
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass

    def record(self, url):
        if LOG:
            with open(LOG, "a", encoding="utf-8") as log:
                entry = {"path": url.path, "last_event_id": self.headers.get("Last-Event-ID")}
                log.write(json.dumps(entry) + "\n")

    def start(self, content_type, length=None, status=200):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-cache")
        if length is None:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(length))
        self.end_headers()

    def chunk(self, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        if data:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

    def end_chunks(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def hang_up(self):
        """Closes the connection without the chunked body's last chunk: the stream breaks."""
        self.wfile.flush()
        # FIN, then wait for the client to close: closing with input unread would reset the
        # connection, and a reset can make the client's kernel drop the events it had not read yet.
        self.connection.shutdown(socket.SHUT_WR)
        self.connection.settimeout(10)
        try:
            while self.connection.recv(65536):
                pass
        except OSError:
            pass
        self.close_connection = True

    def do_GET(self):
        url = urlparse(self.path)
        query = {key: values[-1] for key, values in parse_qs(url.query).items()}
        self.record(url)
        if url.path.startswith("/sse/spec/"):
            self.start("text/event-stream")
            self.chunk(SPEC_EXAMPLES[url.path.rsplit("/", 1)[1]])
            self.end_chunks()
        elif url.path == "/sse/reconnect":
            self.reconnect()
        elif url.path == "/sse/business":
            self.business()
        elif url.path == "/ndjson/malformed":
            lines = ['{"n": 1}', '{"n": 2, "ok": tru}', "", '{"n": 3}', '{"n": 4,}', '{"n": 5}']
            text = "\n".join(lines) + "\n"
            self.start("application/x-ndjson", length=len(text.encode()))
            self.wfile.write(text.encode())
        elif url.path == "/big":
            self.big(query)
        elif url.path == "/big/sha256":
            digest = hashlib.sha256()
            for piece in body_bytes(int(query["size"])):
                digest.update(piece)
            text = digest.hexdigest()
            self.start("text/plain", length=len(text))
            self.wfile.write(text.encode())
        else:
            self.start("text/plain", length=9, status=404)
            self.wfile.write(b"not found")

    def reconnect(self):
        """Section 9.2.3: a stream that breaks is reopened after the reconnection time with
        Last-Event-ID. The first connection sends ids 1 and 2, a comment, then hangs up inside
        event 3; a connection that names Last-Event-ID 2 gets events 3 and 4 and a clean end."""
        last = self.headers.get("Last-Event-ID")
        self.start("text/event-stream")
        if last is None:
            self.chunk("retry: 100\n\n")
            self.chunk('id: 1\ndata: {"n": 1}\n\n')
            self.chunk(": between events\nid: 2\ndata: {\"n\": 2,\ndata:  \"lines\": 2}\n\n")
            self.chunk('id: 3\ndata: {"n": 3, "cut')
            self.hang_up()
        else:
            self.chunk('id: 3\ndata: {"n": 3, "resumed_after": %s}\n\n' % json.dumps(last))
            self.chunk('id: 4\ndata: {"n": 4}\n\n')
            self.end_chunks()

    def business(self):
        """Events whose data are {code, msg, data} envelopes; the second says the quota ran out."""
        self.start("text/event-stream")
        events = [
            {"code": 0, "msg": "ok", "data": {"step": 1}},
            {"code": 40029, "msg": "quota exceeded", "data": None},
            {"code": 0, "msg": "ok", "data": {"step": 3}},
        ]
        for index, event in enumerate(events):
            self.chunk("id: %d\ndata: %s\n\n" % (index + 1, json.dumps(event)))
        self.end_chunks()

    def big(self, query):
        size = int(query["size"])
        content_type = query.get("type", "application/octet-stream")
        chunked = query.get("chunked") == "1"
        self.start(content_type, length=None if chunked else size)
        for piece in body_bytes(size):
            if chunked:
                self.chunk(piece)
            else:
                self.wfile.write(piece)
        if chunked:
            self.end_chunks()


def main():
    # A test runner's threads may block SIGTERM, and a child inherits the mask: unblock it, or
    # the test's terminate() is never heard.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("http://127.0.0.1:%d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
