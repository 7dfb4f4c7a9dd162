#!/usr/bin/env python3
"""A test peer that misbehaves on purpose, for the deadlines and limits of Bistro's HTTP clients.

Standard library only, plain sockets (http.server would not let a handler stall or lie). The first
component of the request path picks the behaviour, so any client's URL can point at one: a remote
config base URL of http://HOST:PORT/silent makes every fetch meet a silent server.

    /silent/...          reads the request and never answers (holds the connection up to --hold s)
    /trickle/...         200 with Content-Length 100000, then one body byte a second
    /trickle-headers/... the status line and headers one byte a second, never finishing them
    /huge/...            200 with a 100 MiB body and no length announced (sent until the client leaves)
    /huge-announced/...  the same body, announced by Content-Length
    /truncated/...       200 with Content-Length 1000, 100 bytes, then the connection closes
    /drop/...            reads the request and closes the connection without a byte
    /ok/...              200 with {"ok": true}
    /status/N/...        status N with a small JSON body

    GET /__control/stats   {"huge": {"sent": BYTES, "connections": N}, ...}: per behaviour, the body
                           bytes the latest exchange got out before the client left, and how many
                           connections it took.

With --tls-cert and --tls-key it speaks HTTPS (every behaviour after the handshake) and the first
line says https. The first line printed is always `hostile-http-server listening on
http(s)://HOST:PORT` (flushed). The server stops by itself after --lifetime seconds, and every
behaviour is bounded in time and bytes.
"""

import argparse
import json
import socket
import ssl
import sys
import threading
import time

HUGE_BYTES = 100 * 1024 * 1024
CHUNK = 64 * 1024


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.by_behaviour = {}

    def connection(self, behaviour):
        with self.lock:
            entry = self.by_behaviour.setdefault(behaviour, {"sent": 0, "connections": 0})
            entry["connections"] += 1
            entry["sent"] = 0

    def sent(self, behaviour, count):
        with self.lock:
            self.by_behaviour[behaviour]["sent"] += count

    def snapshot(self):
        with self.lock:
            return json.loads(json.dumps(self.by_behaviour))


def read_request(connection):
    """The request line's path, after the headers and any Content-Length body are read."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(4096)
        if not chunk:
            return None
        data += chunk
        if len(data) > 1 << 20:
            return None
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip() or 0)
    while len(rest) < length:
        chunk = connection.recv(4096)
        if not chunk:
            break
        rest += chunk
    parts = lines[0].split(" ")
    return parts[1] if len(parts) > 1 else "/"


def answer(status, body, content_type="application/json"):
    reason = {200: "OK", 404: "Not Found"}.get(status, "Status")
    head = "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % (
        status, reason, content_type, len(body))
    return head.encode("latin-1") + body


def serve(connection, stats, hold, tls):
    connection.settimeout(hold)
    try:
        if tls is not None:
            connection = tls.wrap_socket(connection, server_side=True)
        path = read_request(connection)
        if path is None:
            return
        parts = [part for part in path.split("?")[0].split("/") if part]
        behaviour = parts[0] if parts else ""
        if behaviour == "__control" and parts[1:] == ["stats"]:
            connection.sendall(answer(200, json.dumps(stats.snapshot()).encode()))
            return
        stats.connection(behaviour)
        if behaviour == "silent":
            deadline = time.monotonic() + hold
            while time.monotonic() < deadline:
                if not connection.recv(4096):
                    return  # the client gave up and closed
        elif behaviour == "trickle":
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
            for _ in range(int(hold)):
                connection.sendall(b" ")
                stats.sent(behaviour, 1)
                time.sleep(1)
        elif behaviour == "trickle-headers":
            for byte in b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"[: int(hold)]:
                connection.sendall(bytes([byte]))
                time.sleep(1)
        elif behaviour in ("huge", "huge-announced"):
            length = "Content-Length: %d\r\n" % HUGE_BYTES if behaviour == "huge-announced" else ""
            connection.sendall(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n%sConnection: close\r\n\r\n" % length).encode())
            chunk = b"[" + b" " * (CHUNK - 1)
            sent = 0
            while sent < HUGE_BYTES:
                connection.sendall(chunk)
                sent += len(chunk)
                stats.sent(behaviour, len(chunk))
                chunk = b" " * CHUNK
        elif behaviour == "truncated":
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n" + b"{" * 100)
            stats.sent(behaviour, 100)
        elif behaviour == "drop":
            pass
        elif behaviour == "ok":
            connection.sendall(answer(200, b'{"ok": true}'))
        elif behaviour == "status" and len(parts) > 1 and parts[1].isdigit():
            connection.sendall(answer(int(parts[1]), b'{"error": "on purpose"}'))
        else:
            connection.sendall(answer(404, b'{"error": "unknown behaviour"}'))
    except (OSError, ssl.SSLError):
        pass  # the client left: that is what most of these behaviours wait for
    finally:
        try:
            connection.close()
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8082)
    parser.add_argument("--hold", type=float, default=60, help="the longest a stalling behaviour lasts, in seconds")
    parser.add_argument("--lifetime", type=float, default=1800, help="the server exits after this many seconds")
    parser.add_argument("--tls-cert", help="PEM certificate chain: serve HTTPS")
    parser.add_argument("--tls-key", help="PEM private key of --tls-cert")
    arguments = parser.parse_args()
    tls = None
    if arguments.tls_cert:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(arguments.tls_cert, arguments.tls_key)

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((arguments.host, arguments.port))
    listener.listen(64)
    host, port = listener.getsockname()
    print("hostile-http-server listening on %s://%s:%d" % ("https" if tls else "http", host, port), flush=True)

    stats = Stats()
    stop_at = time.monotonic() + arguments.lifetime
    listener.settimeout(1)
    while time.monotonic() < stop_at:
        try:
            connection, _ = listener.accept()
        except socket.timeout:
            continue
        threading.Thread(target=serve, args=(connection, stats, arguments.hold, tls), daemon=True).start()
    listener.close()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(0)
