#!/usr/bin/env python3
"""A development and test server that speaks Firebase Remote Config's REST fetch protocol.

Standard library only. It serves one template to

    POST /v1/projects/{project}/namespaces/{namespace}:fetch

and answers the way Firebase does: a JSON object with `state` (UPDATE, NO_CHANGE, NO_TEMPLATE,
EMPTY_CONFIG), `entries` (every value a string) and `templateVersion`, an `ETag` header, and
`304 Not Modified` when the request's `If-None-Match` carries the current ETag.

Run it as a dev server (the live client's base URL is the printed address):

    Scripts/remote-config-server.py                         # built-in sample, port 8080
    Scripts/remote-config-server.py --port 0                # any free port; the first line says which
    Scripts/remote-config-server.py --template my.json      # {"entries": {...}} or a plain {key: value}
    Scripts/remote-config-server.py --api-key SECRET        # reject requests without X-Goog-Api-Key
    Scripts/remote-config-server.py --mode 500              # every fetch answers with that mode
    Scripts/remote-config-server.py --delay 3               # every fetch waits 3 s before answering

    curl -X POST -d '{}' http://127.0.0.1:8080/v1/projects/demo/namespaces/firebase:fetch

The first line printed is always `remote-config-server listening on http://HOST:PORT` (flushed), so
a test that starts it with `--port 0` reads the chosen port from it.

Modes (for `--mode`, and for the `mode` field of a scripted response):
    update         the current template (304 instead when If-None-Match matches the ETag)
    no_change      200 with {"state": "NO_CHANGE"}
    not_modified   304 regardless of If-None-Match
    no_template    200 with {"state": "NO_TEMPLATE"}
    empty_config   200 with {"state": "EMPTY_CONFIG"}
    429, 500, ...  that HTTP status with a small JSON error body
    invalid_json | not_object | missing_state | unknown_state | non_string_value | non_object_entries
                   a 200 whose body breaks the protocol in that way
    oversize       a 200 whose (otherwise valid) body is 2 MiB, announced by Content-Length
    oversize_chunked  the same body sent chunked, with no length announced
    raw            `status` and `body` (a string) exactly as given

Real-time updates, as Firebase's SDKs receive them:

    POST /v1/projects/{project}/namespaces/{namespace}:streamFetchInvalidations

answers 200 with a chunked stream that stays open and carries `{"latestTemplateVersionNumber": "N"}`
whenever the template's version rises above the request's `lastKnownVersionNumber` (at once if it
already has). `--stream-framing array` (the default, as Firebase's service) sends one JSON array
piece by piece, each object pretty-printed over several lines; `objects` sends one object after
another.

Test-control endpoints (JSON in and out; they are not part of the fetch protocol):
    POST /__control/template   {"entries": {...}}   replace the template; the version and ETag change
    POST /__control/script     {"responses": [{"mode": "429"}, {"mode": "update", "delay": 2}, ...]}
                               queue responses; each fetch takes the next one, then the default mode
    POST /__control/reset      back to the start-up template, mode and delay; forget recorded requests
    POST /__control/publish    {"entries": {...}}   as `template`; open streams announce the new version
                               add "series": {"key": "count", "from": 1, "to": 1000, "interval": 0.005}
                               to publish one version per value of `key`, `interval` seconds apart
    POST /__control/drop       close every open stream at once (as a network change would)
    POST /__control/stream     {"status": 503, "seconds": 10}   answer new streams with that status for
                               that long; {"featureDisabled": true} tells open and new streams so
    POST /__control/stop       shut the server down (as a crash would: streams break off)
    GET  /__control/requests   every fetch request received: path, headers, JSON body, answered mode
    GET  /__control/streams    how many streams were opened and are open now
"""

import argparse
import copy
import json
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SAMPLE_TEMPLATE = {
    "entries": {
        "seller_contacts": json.dumps(
            [
                {"address": "서울특별시 종로구 세종대로 175", "order": 0, "phone": "+82 2-1234-5678"},
                {"address": "부산광역시 해운대구 해운대해변로 264", "order": 1, "phone": "+82 51-987-6543"},
            ],
            ensure_ascii=False,
        ),
        "menu": json.dumps(
            [
                {"id": 1, "name": "떡볶이", "price": 4000},
                {"id": 2, "name": "김밥", "price": 3500},
                {"id": 3, "name": "라면", "price": 4500},
                {"id": 4, "name": "튀김", "price": 1000},
            ],
            ensure_ascii=False,
        ),
        "welcome_message": "어서 오세요!",
        "free_delivery_threshold": "20000",
        "ordering_enabled": "true",
    }
}

OVERSIZE_BYTES = 2 * 1024 * 1024
PROTOCOL_BREAKS = {
    "invalid_json": b'{"state": "UPDATE", "entries": {',
    "not_object": b'["UPDATE"]',
    "missing_state": b'{"entries": {"greeting": "hello"}, "templateVersion": "1"}',
    "unknown_state": b'{"state": "SOMETHING_ELSE", "entries": {}}',
    "non_string_value": b'{"state": "UPDATE", "entries": {"greeting": "hello", "count": 3}, "templateVersion": "1"}',
    "non_object_entries": b'{"state": "UPDATE", "entries": ["greeting"], "templateVersion": "1"}',
}


class ServerState:
    """Everything the handlers share; every access holds `lock` (handlers run on their own threads)."""

    def __init__(self, template, mode, delay, api_key, framing, first_version=1):
        self.lock = threading.Lock()
        # Streams wait on it for a new version, a drop or a stop.
        self.changed = threading.Condition(self.lock)
        self.framing = framing
        self.first_version = first_version
        self.initial = (copy.deepcopy(template), mode, delay)
        self.api_key = api_key
        self.reset()

    def reset(self):
        template, mode, delay = self.initial
        self.entries = dict(copy.deepcopy(template))
        self.version = self.first_version
        self.mode = mode
        self.delay = delay
        self.script = []
        self.requests = []
        self.drops = 0
        self.stream_status = None
        self.stream_status_until = 0.0
        self.feature_disabled = False
        self.streams_opened = 0
        self.streams_open = 0
        self.stopping = False

    def etag(self):
        return '"template-v%d"' % self.version

    def next_response(self):
        if self.script:
            return self.script.pop(0)
        return {"mode": self.mode, "delay": self.delay}


def load_template(path):
    if path is None:
        return SAMPLE_TEMPLATE["entries"]
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    entries = document.get("entries", document) if isinstance(document, dict) else None
    if not isinstance(entries, dict):
        raise SystemExit("remote-config-server: the template must be a JSON object")
    return as_strings(entries)


def as_strings(entries):
    """Remote Config values are strings; a structured value is served as its JSON text."""
    return {key: value if isinstance(value, str) else json.dumps(value, ensure_ascii=False) for key, value in entries.items()}


def make_handler(state, verbose):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "remote-config-server/1.0"

        def log_message(self, format, *args):
            if verbose:
                sys.stderr.write("remote-config-server: %s\n" % (format % args))

        def read_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length > 0 else b""

        def send(self, status, body=b"", headers=None):
            try:
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                if status != 304:
                    self.send_header("Content-Type", "application/json; charset=utf-8")
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if status != 304 and body:
                    self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test); nothing to answer

        def send_chunked(self, status, body, headers=None, chunk_size=64 * 1024):
            try:
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for start in range(0, len(body), chunk_size):
                    chunk = body[start:start + chunk_size]
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the client stopped reading, as it should past its limit

        @staticmethod
        def oversize_body():
            prefix = b'{"state": "UPDATE", "templateVersion": "999", "entries": {"padding": "'
            suffix = b'"}}'
            return prefix + b"x" * (OVERSIZE_BYTES - len(prefix) - len(suffix)) + suffix

        def send_json(self, status, document, headers=None):
            self.send(status, json.dumps(document, ensure_ascii=False).encode("utf-8"), headers)

        def do_GET(self):
            if self.path == "/__control/requests":
                with state.lock:
                    self.send_json(200, {"requests": state.requests})
            elif self.path == "/__control/streams":
                with state.lock:
                    self.send_json(200, {"opened": state.streams_opened, "open": state.streams_open})
            else:
                self.send_json(404, {"error": {"code": 404, "message": "not found"}})

        def do_POST(self):
            body = self.read_body()
            if self.path.startswith("/__control/"):
                self.control(self.path[len("/__control/"):], body)
            elif self.path.startswith("/v1/projects/") and self.path.endswith(":fetch") and "/namespaces/" in self.path:
                self.fetch(body)
            elif (
                self.path.startswith("/v1/projects/")
                and self.path.endswith(":streamFetchInvalidations")
                and "/namespaces/" in self.path
            ):
                self.stream(body)
            else:
                self.send_json(404, {"error": {"code": 404, "message": "not found"}})

        def control(self, action, body):
            try:
                document = json.loads(body or b"{}")
            except ValueError:
                self.send_json(400, {"error": "the body is not JSON"})
                return
            series = document.get("series") if action == "publish" else None
            if isinstance(series, dict):
                self.publish_series(dict(document.get("entries", {})), series)
                return
            with state.lock:
                if action in ("template", "publish"):
                    state.entries = as_strings(dict(document.get("entries", {})))
                    state.version += 1
                    state.changed.notify_all()
                elif action == "drop":
                    state.drops += 1
                    state.changed.notify_all()
                elif action == "stream":
                    if "status" in document:
                        state.stream_status = int(document["status"])
                        state.stream_status_until = time.monotonic() + float(document.get("seconds", 0))
                    if "featureDisabled" in document:
                        state.feature_disabled = bool(document["featureDisabled"])
                    state.changed.notify_all()
                elif action == "stop":
                    state.stopping = True
                    state.changed.notify_all()
                elif action == "script":
                    state.script.extend(document.get("responses", []))
                elif action == "reset":
                    state.reset()
                else:
                    self.send_json(404, {"error": "unknown control action"})
                    return
                answer = {"version": state.version, "etag": state.etag(), "queued": len(state.script)}
            self.send_json(200, answer)
            if action == "stop":
                # After the answer is out: the shutdown ends the process.
                threading.Thread(target=self.server.shutdown, daemon=True).start()

        def publish_series(self, entries, series):
            """Publishes one version after another, `key` counting from `from` to `to`, `interval`
            seconds apart (outside the lock, so that streams announce and fetches answer meanwhile)."""
            key = str(series.get("key", "count"))
            interval = float(series.get("interval", 0))
            for count in range(int(series["from"]), int(series["to"]) + 1):
                entries[key] = str(count)
                with state.lock:
                    state.entries = as_strings(entries)
                    state.version += 1
                    state.changed.notify_all()
                if interval > 0:
                    time.sleep(interval)
            with state.lock:
                answer = {"version": state.version, "etag": state.etag(), "queued": len(state.script)}
            self.send_json(200, answer)

        def fetch(self, body):
            with state.lock:
                response = dict(state.next_response())
                entries = dict(state.entries)
                version = state.version
                etag = state.etag()
                try:
                    request_body = json.loads(body) if body else None
                except ValueError:
                    request_body = body.decode("utf-8", "replace")
                state.requests.append(
                    {
                        "path": self.path,
                        "headers": {name: value for name, value in self.headers.items()},
                        "body": request_body,
                        "mode": str(response.get("mode")),
                    }
                )
            delay = float(response.get("delay") or 0)
            if delay > 0:
                time.sleep(delay)
            if state.api_key is not None and self.headers.get("X-Goog-Api-Key") != state.api_key:
                self.send_json(403, {"error": {"code": 403, "message": "API key not valid", "status": "PERMISSION_DENIED"}})
                return
            self.answer(str(response.get("mode", "update")), response, entries, version, etag)

        def stream(self, body):
            try:
                known = int(json.loads(body or b"{}").get("lastKnownVersionNumber") or 0)
            except (ValueError, AttributeError):
                known = 0
            with state.lock:
                state.requests.append(
                    {"path": self.path, "headers": {name: value for name, value in self.headers.items()}, "mode": "stream"}
                )
                status = state.stream_status if time.monotonic() < state.stream_status_until else None
                if status is not None:
                    self.send_json(status, {"error": {"code": status, "message": "scripted stream failure"}})
                    return
                drops = state.drops
                state.streams_opened += 1
                state.streams_open += 1
            self.close_connection = True
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                first = True
                if state.framing == "array":
                    self.write_chunk(b"[")
                sent = known
                while True:
                    with state.lock:
                        while (
                            state.version <= sent
                            and state.drops == drops
                            and not state.stopping
                            and not state.feature_disabled
                            and not self.client_left()
                        ):
                            state.changed.wait(timeout=0.2)
                        if state.stopping or state.drops != drops or self.client_left():
                            break
                        message = {"featureDisabled": True} if state.feature_disabled else {
                            "latestTemplateVersionNumber": str(state.version)
                        }
                        sent = state.version
                    text = json.dumps(message, indent=2).encode("utf-8")
                    if state.framing == "array" and not first:
                        text = b",\n" + text
                    first = False
                    self.write_chunk(text)
                    if message.get("featureDisabled"):
                        break
            except (BrokenPipeError, ConnectionResetError):
                pass
            finally:
                with state.lock:
                    state.streams_open -= 1
            # A drop or a stop breaks the stream off, as a network change or a crash would: no
            # closing chunk, the connection just ends.
            try:
                self.connection.shutdown(2)
            except OSError:
                pass

        def client_left(self):
            """Whether the client closed its end: a stream only writes when there is news, so it
            looks for the end of the connection while it waits."""
            readable, _, _ = select.select([self.connection], [], [], 0)
            if not readable:
                return False
            try:
                return self.connection.recv(1, socket.MSG_PEEK) == b""
            except OSError:
                return True

        def write_chunk(self, data):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

        def answer(self, mode, response, entries, version, etag):
            if mode == "update":
                if self.headers.get("If-None-Match") == etag:
                    self.send(304, headers={"ETag": etag})
                else:
                    document = {"state": "UPDATE", "entries": entries, "templateVersion": str(version)}
                    self.send_json(200, document, {"ETag": etag})
            elif mode == "no_change":
                self.send_json(200, {"state": "NO_CHANGE", "templateVersion": str(version)}, {"ETag": etag})
            elif mode == "not_modified":
                self.send(304, headers={"ETag": etag})
            elif mode == "no_template":
                self.send_json(200, {"state": "NO_TEMPLATE"})
            elif mode == "empty_config":
                self.send_json(200, {"state": "EMPTY_CONFIG", "templateVersion": str(version)}, {"ETag": etag})
            elif mode.isdigit():
                status = int(mode)
                self.send_json(status, {"error": {"code": status, "message": "scripted failure"}})
            elif mode in PROTOCOL_BREAKS:
                self.send(200, PROTOCOL_BREAKS[mode], {"ETag": '"broken"'})
            elif mode == "oversize":
                self.send(200, self.oversize_body(), {"ETag": '"oversize"'})
            elif mode == "oversize_chunked":
                self.send_chunked(200, self.oversize_body(), {"ETag": '"oversize"'})
            elif mode == "raw":
                self.send(int(response.get("status", 200)), str(response.get("body", "")).encode("utf-8"))
            else:
                self.send_json(500, {"error": {"code": 500, "message": "unknown mode %r" % mode}})

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8080, help="port; 0 picks a free one (default 8080)")
    parser.add_argument("--template", help="JSON file with the entries (default: the built-in sample)")
    parser.add_argument("--mode", default="update", help="how every fetch is answered (default update)")
    parser.add_argument("--delay", type=float, default=0, help="seconds every fetch waits before answering")
    parser.add_argument("--api-key", help="require this X-Goog-Api-Key header")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    parser.add_argument("--template-version", type=int, default=1, help="the start-up template's version (default 1)")
    parser.add_argument(
        "--stream-framing", choices=["array", "objects"], default="array",
        help="how real-time messages are framed: one JSON array (Firebase's) or one object after another")
    arguments = parser.parse_args()

    state = ServerState(
        load_template(arguments.template), arguments.mode, arguments.delay, arguments.api_key, arguments.stream_framing,
        arguments.template_version)
    server = ThreadingHTTPServer((arguments.host, arguments.port), make_handler(state, arguments.verbose))
    server.daemon_threads = True
    host, port = server.server_address[:2]
    print("remote-config-server listening on http://%s:%d" % (host, port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
