#!/usr/bin/env python3
"""A development and test server that publishes a JSON Web Key Set the way Apple does at
https://appleid.apple.com/auth/keys. Standard library only.

    GET /auth/keys      the current key set, {"keys": [...]}, as application/json

Run it as a dev server (point the live auth client's keySetURL at the printed address + /auth/keys):

    Scripts/jwks-server.py                        # an empty key set, port 8081
    Scripts/jwks-server.py --port 0               # any free port; the first line says which
    Scripts/jwks-server.py --keys my-jwks.json    # serve this key set

The first line printed is always `jwks-server listening on http://HOST:PORT` (flushed), so a test
that starts it with `--port 0` reads the chosen port from it.

Test-control endpoints (JSON in and out; not part of what Apple serves):
    POST /__control/keys     {"keys": [...]}              replace the key set (a key rotation)
    POST /__control/answer   {"status": 500}              answer key requests with that status
                             {"status": 200, "body": "x"} ... or with that raw body
                             {}                           back to serving the key set
    GET  /__control/requests {"count": N}                 how many key set requests arrived
"""

import argparse
import json
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ServerState:
    def __init__(self, keys):
        self.lock = threading.Lock()
        self.keys = keys
        self.answer = {}
        self.count = 0


def make_handler(state, verbose):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):
            if verbose:
                sys.stderr.write("jwks-server: " + (format % args) + "\n")

        def send(self, status, body, content_type="application/json"):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def read_json(self):
            length = int(self.headers.get("Content-Length") or 0)
            return json.loads(self.rfile.read(length) or b"{}")

        def do_GET(self):
            if self.path == "/auth/keys":
                with state.lock:
                    state.count += 1
                    answer = dict(state.answer)
                    keys = state.keys
                status = answer.get("status", 200)
                if "body" in answer:
                    self.send(status, answer["body"].encode())
                elif status != 200:
                    self.send(status, json.dumps({"error": "status %d" % status}).encode())
                else:
                    self.send(200, json.dumps({"keys": keys}).encode())
            elif self.path == "/__control/requests":
                with state.lock:
                    count = state.count
                self.send(200, json.dumps({"count": count}).encode())
            else:
                self.send(404, b'{"error": "not found"}')

        def do_POST(self):
            try:
                body = self.read_json()
            except ValueError:
                self.send(400, b'{"error": "invalid JSON"}')
                return
            if self.path == "/__control/keys":
                with state.lock:
                    state.keys = body.get("keys", [])
                self.send(200, b"{}")
            elif self.path == "/__control/answer":
                with state.lock:
                    state.answer = body
                self.send(200, b"{}")
            else:
                self.send(404, b'{"error": "not found"}')

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8081, help="port; 0 picks a free one (default 8081)")
    parser.add_argument("--keys", help="JSON file with the key set to serve ({\"keys\": [...]})")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    arguments = parser.parse_args()
    # A parent that spawns from a thread with signals blocked (a libdispatch worker does) passes its
    # mask on; unblock the signals that stop the server so that terminating it works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    keys = []
    if arguments.keys:
        with open(arguments.keys) as file:
            keys = json.load(file)["keys"]
    server = ThreadingHTTPServer((arguments.host, arguments.port), make_handler(ServerState(keys), arguments.verbose))
    server.daemon_threads = True
    host, port = server.server_address[:2]
    print("jwks-server listening on http://%s:%d" % (host, port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
