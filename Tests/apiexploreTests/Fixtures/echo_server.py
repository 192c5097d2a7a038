# A careless backend for the secret-sink test: it echoes every credential it receives back in its
# bodies, its tips, its response headers and its error pages, and mints tokens and a cookie.
# Written for apiexplore's tests on Python's standard library (http.server, as its documentation
# describes it), not on apiexplore's client: it answers the way such servers do.
#
# Usage: python3 echo_server.py RECEIVED_LOG LOGIN_TOKEN ACCESS_TOKEN REFRESH_TOKEN COOKIE
# It prints its port on the first line of standard output, then serves until killed; every request
# it receives (headers, query and body) is appended to RECEIVED_LOG.
# MIT licence, as apiexplore.

import json
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

RECEIVED, LOGIN_TOKEN, ACCESS_TOKEN, REFRESH_TOKEN, COOKIE = sys.argv[1:6]


class Echo(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def received(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        path, _, query = self.path.partition("?")
        headers = {name.lower(): value for name, value in self.headers.items()}
        with open(RECEIVED, "a", encoding="utf-8") as log:
            log.write(json.dumps({"path": path, "query": query, "headers": headers, "body": body}) + "\n")
        return path, query, headers, body

    def answer(self, status, document, extra_headers=()):
        data = json.dumps(document).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in extra_headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def echo(self, status, code):
        path, query, headers, body = self.received()
        everything = " | ".join(
            [f"{name}: {value}" for name, value in headers.items()] + [urllib.parse.unquote(query), body]
        )
        document = {
            "code": code,
            "msg": "you sent " + everything,
            "data": {"path": path, "query": query, "headers": headers, "body": body, "said": everything},
        }
        echoed = [
            ("X-Echo-Authorization", headers.get("authorization", "")),
            ("X-Echo-Everything", everything.replace("\r", " ").replace("\n", " ")[:4000]),
        ]
        self.answer(status, document, echoed + [("Set-Cookie", f"sid={COOKIE}; Path=/; HttpOnly")])

    def do_GET(self):
        if self.path.startswith("/fail"):
            self.echo(500, 50001)
        elif self.path.startswith("/business"):
            self.echo(200, 40013)
        else:
            self.echo(200, 0)

    def do_POST(self):
        if self.path.startswith("/login"):
            _, _, _, body = self.received()
            self.answer(200, {"code": 0, "msg": "welcome back", "data": {"token": LOGIN_TOKEN, "you_sent": body}})
        elif self.path.startswith("/oauth/token"):
            _, _, _, body = self.received()
            self.answer(
                200,
                {
                    "access_token": ACCESS_TOKEN,
                    "refresh_token": REFRESH_TOKEN,
                    "token_type": "Bearer",
                    "expires_in": 3600,
                    "you_sent": body,
                },
            )
        else:
            self.echo(200, 0)


server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
print(server.server_address[1], flush=True)
server.serve_forever()
