#!/usr/bin/env python3
"""A loopback HTTP/1.1 server that answers with exactly the bytes a test scripts, written from
RFC 9112 rather than from our client's expectations: the tests of redirects and of answers no
client should trust (statuses below 100, a second unasked response) need a peer that sends what
it is told, which no framework does.

    raw-http-server.py --routes routes.json [--tls CERT KEY] [--log requests.jsonl] [--closed closed.log]

`routes.json` maps a request path (without its query) or "*" to an answer:
    {"status": "307 Temporary Redirect", "headers": [["Location", "http://127.0.0.1:8/x"]], "body": "..."}
gets a Content-Length and `Connection: close`; {"raw": "HTTP/1.1 000 OK\r\n..."} is written as it
is; {"parts": ["HTTP/1.1 200 OK\r\n...", "..."], "pause_ms": 20} is written a part at a time, each
its own write with a pause after it, so that the client reads them apart. "{port}" in either is this server's port. With "keep": N an answer leaves the connection open
(no `Connection: close`) for the next request, N times; the request after those is read and then
the connection closed without an answer, as a server that drops an idle connection just as the
client reuses it; with "reset": true it is closed with a reset instead of a FIN. Each request is logged as one JSON line (method, target, headers, body, the
connection's number from 1, whether it was answered) and flushed before the answer is written, so
a test that got the answer can read the log. With --closed, each connection's number is written
there, a line each, once the server has closed it: a test can wait for the hang-up it scripted.
The first line on stdout is the port; the server stops when stdin closes (the test
ended) or on SIGTERM.
"""
import argparse
import json
import socket
import ssl
import struct
import sys
import threading
import time


def read_request(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
        if len(data) > 1 << 20:
            return None
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _ = (lines[0].split(" ", 2) + ["", ""])[:3]
    headers = [line.split(":", 1) for line in lines[1:] if ":" in line]
    headers = [[name.strip(), value.strip()] for name, value in headers]
    length = next((int(value) for name, value in headers if name.lower() == "content-length"), 0)
    body = rest
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        body += chunk
    return {"method": method, "target": target, "headers": headers, "body": body.decode("utf-8", "replace")}


def answer(route, port, keep):
    if "raw" in route:
        return route["raw"].replace("{port}", str(port)).encode("utf-8")
    body = route.get("body", "").replace("{port}", str(port)).encode("utf-8")
    lines = ["HTTP/1.1 " + route.get("status", "200 OK")]
    for name, value in route.get("headers", []):
        lines.append(f"{name}: {value.replace('{port}', str(port))}")
    lines.append(f"Content-Length: {len(body)}")
    if not keep:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8") + body


def serve(connection, routes, port, log, lock, number, closed):
    answered = 0
    try:
        while True:
            request = read_request(connection)
            if request is None:
                return
            path = request["target"].split("?", 1)[0]
            route = routes.get(path, routes.get("*", {"status": "404 Not Found", "body": "no route"}))
            keep = route.get("keep", 0)
            request["connection"] = number
            request["answered"] = not (keep and answered >= keep)
            with lock:
                log.write(json.dumps(request) + "\n")
                log.flush()
            if not request["answered"]:
                if route.get("reset"):
                    # SO_LINGER with a zero timeout: the close sends a reset, not a FIN.
                    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    connection.close()
                return
            if "parts" in route:
                for part in route["parts"]:
                    connection.sendall(part.replace("{port}", str(port)).encode("utf-8"))
                    time.sleep(route.get("pause_ms", 20) / 1000)
            else:
                connection.sendall(answer(route, port, keep))
            answered += 1
            if not keep:
                return
    except (OSError, ssl.SSLError):
        pass
    finally:
        try:
            connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        connection.close()
        if closed is not None:
            with lock:
                closed.write("%d\n" % number)
                closed.flush()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--routes", required=True)
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--log", default="/dev/stderr")
    parser.add_argument("--closed")
    arguments = parser.parse_args()
    with open(arguments.routes, encoding="utf-8") as file:
        routes = json.load(file)
    context = None
    if arguments.tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*arguments.tls)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    port = listener.getsockname()[1]
    log = open(arguments.log, "a", encoding="utf-8")
    closed = open(arguments.closed, "a", encoding="utf-8") if arguments.closed else None
    lock = threading.Lock()

    def accept():
        number = 0
        while True:
            connection, _ = listener.accept()
            number += 1
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if context is not None:
                try:
                    connection = context.wrap_socket(connection, server_side=True)
                except (OSError, ssl.SSLError):
                    connection.close()
                    continue
            threading.Thread(target=serve, args=(connection, routes, port, log, lock, number, closed), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    print(port, flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
