#!/usr/bin/env python3
"""A development and test server that stands in for Firebase at one base URL: Installations, Remote
Config's REST fetch and its real-time stream, for one project, as strictly as Firebase's servers.

Standard library only. One template is served to

    POST /v1/projects/{project}/namespaces/{namespace}:fetch

answered the way Firebase does: a JSON object with `state` (UPDATE, NO_CHANGE, NO_TEMPLATE,
EMPTY_CONFIG), `entries` (every value a string) and `templateVersion` (a JSON string), an `ETag`
header, and `304 Not Modified` when the request's `If-None-Match` carries the current ETag. A fetch
needs what Firebase needs: the project's API key, an installation (Firebase Installations, served
here too) and its auth token.

Run it as a dev server (the live client's base URL is the printed address):

    Scripts/remote-config-server.py                         # built-in sample, port 8080, the dev project
    Scripts/remote-config-server.py --port 0                # any free port; the first line says which
    Scripts/remote-config-server.py --template my.json      # {"entries": {...}} or a plain {key: value}
    Scripts/remote-config-server.py --firebase-options GoogleService-Info.plist   # that app's project
    Scripts/remote-config-server.py --api-key SECRET        # the project's one valid API key
    Scripts/remote-config-server.py --restrict-key ios:app.bistro.ios   # the key works for that bundle only
    Scripts/remote-config-server.py --mode 500              # every fetch answers with that mode
    Scripts/remote-config-server.py --delay 3               # every fetch waits 3 s before answering

The first line printed is always `remote-config-server listening on http://HOST:PORT` (flushed), so
a test that starts it with `--port 0` reads the chosen port from it.

The project (who may call, and as which app):
    With no flags it is Bistro's development project, the one Bistro's built-in development options
    name: API key AIzaSyBistroDevelopment0000000000000000, project ID bistro-development, project number
    100000000000, app 1:100000000000:ios:b1570de5e10b0000 (bundle app.bistro.ios).
    --firebase-options FILE   take the project ID and number, the API key and the app (with its bundle
                              id or package name) from a GoogleService-Info.plist or a
                              google-services.json (every client is an app of the project; the
                              first is the default app); which one is told by content
    --project-id ID, --project-number N, --api-key KEY     override one value (from the file or default)
    --app-id ID               an app registered in the project (repeatable; replaces the default app,
                              or the options file's)
    --restrict-key ios:BUNDLE | android:PACKAGE[,SHA1]   restrict the key to these apps (repeatable; a
                              key restricted to both kinds accepts either); unrestricted by default.
                              With a SHA-1 (hex, colons allowed), an Android request must also send
                              that certificate hash as `X-Android-Cert` (upper-case hex, no colons),
                              as Google checks a key restricted to an Android app
    --token-lifetime SECONDS  how long an installation auth token lives (default 604800, a week)

Firebase Installations (the SDKs' requests; `{project}` is the project ID or number):
    POST   /v1/projects/{project}/installations[/]      register: body {"fid", "appId", "authVersion":
           "FIS_v2", "sdkVersion"} → {"name", "fid", "refreshToken", "authToken": {"token", "expiresIn":
           "604800s"}}. Registering a FID again (same app) issues a new refresh token and auth token; a
           FID held by another app is replaced by one of the server's (the answer's `fid` differs), as
           is any FID while `nextFid` is set (see the controls).
    POST   /v1/projects/{project}/installations/{fid}/authTokens:generate   with `Authorization: FIS_v2
           <refreshToken>` and body {"installation": {"sdkVersion"}} → {"token", "expiresIn"}. Earlier
           tokens stay valid until they expire.
    DELETE /v1/projects/{project}/installations/{fid}[/] with `Authorization: FIS_v2 <refreshToken>` → {}.
           The installation's tokens are invalid at once.
    The fetch and the stream need `X-Goog-Firebase-Installations-Auth: <token>`; a token belongs to one
    FID and app, and the request must name both (`appInstanceId`, `appId`).

Remote Config fetch: POST /v1/projects/{project ID or number}/namespaces/{namespace}:fetch
    The body is a JSON object of Firebase's request fields, camelCase or snake_case: appInstanceId and
    appId (required), appInstanceIdToken, countryCode, languageCode, platformVersion, timeZone,
    appVersion, appBuild, packageName, sdkVersion, firstOpenTime (strings), analyticsUserProperties
    (an object), customSignals (an object of strings).

Modes (for `--mode`, and for the `mode` field of a scripted response; they apply to fetches that
pass every check below):
    update         the current template; 304 instead when If-None-Match matches the ETag, and
                   NO_CHANGE with the current templateVersion when it names an earlier version whose
                   entries are the same (a publish that changed nothing this app sees)
    no_change      200 with {"state": "NO_CHANGE"}
    not_modified   304 regardless of If-None-Match
    no_template    200 with {"state": "NO_TEMPLATE"}
    empty_config   200 with {"state": "EMPTY_CONFIG"}
    429, 500, ...  that HTTP status with Google's error body: the code's canonical status (429
                   RESOURCE_EXHAUSTED, 500 INTERNAL, 503 UNAVAILABLE, ...) and "scripted failure"
    error          {"mode": "error", "status": 403, "message": "...", "canonical": "..."}: that error
                   body (the canonical status defaults to the code's)
    invalid_json | not_object | non_string_state | unknown_state | non_string_value | non_object_entries
                   a 200 whose body breaks the protocol in that way
    missing_state  a 200 with entries and a templateVersion but no state, as Firebase's older server
                   answered (Android's SDK reads it as an update)
    oversize       a 200 whose (otherwise valid) body is 2 MiB, announced by Content-Length
    oversize_chunked  the same body sent chunked, with no length announced
    raw            `status` and `body` (a string) exactly as given

Real-time updates: POST /v1/projects/{project NUMBER}/namespaces/{namespace}:streamFetchInvalidations
    The body is a JSON object of strings: project (the number), namespace, lastKnownVersionNumber (a
    decimal), appId, sdkVersion, appInstanceId (the token's FID). The answer is 200 with a chunked
    stream that stays open and carries `{"latestTemplateVersionNumber": "N"}` whenever the template's
    version rises above `lastKnownVersionNumber` (at once if it already has). `--stream-framing array`
    (the default, as Firebase's service) sends one JSON array piece by piece, each object pretty-printed
    over several lines; `objects` sends one object after another.

Refusals, in the order they are checked (each body is Google's error envelope, {"error": {"code",
"message", "status", "details"?}}, pretty-printed, Content-Type application/json; charset=UTF-8):
    403 PERMISSION_DENIED   no API key (neither `X-Goog-Api-Key` nor `?key=`)
    400 INVALID_ARGUMENT    not the project's key (ErrorInfo API_KEY_INVALID for the endpoint's service)
    403 PERMISSION_DENIED   the key is restricted and `X-Ios-Bundle-Identifier` / `X-Android-Package`
                            is not a listed app (ErrorInfo API_KEY_IOS_APP_BLOCKED / _ANDROID_APP_BLOCKED)
    403 PERMISSION_DENIED   installations or fetch: the path's project is neither the ID nor the number
    404 NOT_FOUND           real-time: the path's project is not the project number
    401 UNAUTHENTICATED     fetch, real-time: no installation token; or a forged, expired or deleted one
    404 NOT_FOUND           authTokens:generate, delete: no such installation
    401 UNAUTHENTICATED     authTokens:generate, delete: no or a wrong refresh token
    400 INVALID_ARGUMENT    the body is not a JSON object, or a field is missing, unknown or invalid
                            (a FID not like Firebase's, authVersion not FIS_v2, a stream field that
                            does not match the request); a fetch's appId / appInstanceId excepted:
    403 PERMISSION_DENIED   registration, fetch: the appId is not one of the project's apps; fetch:
                            appInstanceId / appId are not the token's installation
    Refused fetches and streams are recorded (mode "refused", with the status) and take no scripted
    response. Bodies sent with `Content-Encoding: gzip` (as Firebase's SDKs may) are unpacked first.

Test-control endpoints (JSON in and out; they are not part of Firebase's protocol and need no key):
    POST /__control/template   {"entries": {...}}   replace the template; the version and ETag change
    POST /__control/script     {"responses": [{"mode": "429"}, {"mode": "update", "delay": 2}, ...]}
                               queue responses; each fetch takes the next one, then the default mode
    POST /__control/reset      back to the start-up template, mode and delay; forget recorded requests,
                               installations, tokens and counters
    POST /__control/publish    {"entries": {...}}   as `template`; open streams announce the new version
                               add "series": {"key": "count", "from": 1, "to": 1000, "interval": 0.005}
                               to publish one version per value of `key`, `interval` seconds apart
    POST /__control/drop       close every open stream at once (as a network change would)
    POST /__control/stream     {"status": 503, "seconds": 10}   answer new streams with that status (and
                               "message", default "scripted stream failure") for that long, after the
                               checks; {"featureDisabled": true} tells open and new streams so;
                               {"retryIntervalSeconds": N} sends every open stream that one message
                               and then breaks it off (as Firebase does before closing a stream)
    POST /__control/stop       shut the server down (as a crash would: streams break off)
    POST /__control/installations   any of {"expireTokens": true} (every token issued so far expires
                               now), {"delete": FID} (as if deleted on Firebase's side), {"deleteAll":
                               true}, {"nextFid": FID} (the next registration answers with this FID),
                               {"failRegistrations": {"status": 503, "count": 1}} (the next registrations
                               that pass every check answer that status); answers as GET
    GET  /__control/installations   {"registrations": successful registrations ever, "tokenRefreshes":
                               successful authTokens:generate calls, "installations": [{"fid", "appId"}]
                               (current), "deletions": successful DELETE calls, "attempts": every
                               registration request: {"fid" sent, "status" answered, "androidPackage",
                               "androidCert" headers}}
    GET  /__control/requests   every fetch and stream request received (?last=N: the last N): path, headers, JSON body,
                               answered mode ("refused" with "status" for a refusal), arrival "time"
                               and, for an answered fetch, "answered" once its last byte was written
                               (both time.monotonic(), CLOCK_MONOTONIC: a client on the same machine
                               compares its own clock_gettime with them)
    GET  /__control/streams    how many streams were opened and are open now
    GET  /__control/project    the project served: IDs, key, apps, key restrictions, token lifetime
    The other POST controls answer {"version", "etag", "queued", "time"} (time.monotonic(); the
    installations control adds "time" to its listing).
"""

import argparse
import base64
import copy
import gzip
import json
import plistlib
import re
import secrets
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

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
    "non_string_state": b'{"state": 3, "entries": {"greeting": "hello"}, "templateVersion": "1"}',
    "unknown_state": b'{"state": "SOMETHING_ELSE", "entries": {}}',
    "non_string_value": b'{"state": "UPDATE", "entries": {"greeting": "hello", "count": 3}, "templateVersion": "1"}',
    "non_object_entries": b'{"state": "UPDATE", "entries": ["greeting"], "templateVersion": "1"}',
}

# Bistro's built-in development options: a client configured with them works against a server
# started with no flags.
DEV_API_KEY = "AIzaSyBistroDevelopment0000000000000000"
DEV_PROJECT_ID = "bistro-development"
DEV_PROJECT_NUMBER = "100000000000"
DEV_APP_ID = "1:100000000000:ios:b1570de5e10b0000"
DEV_BUNDLE_ID = "app.bistro.ios"

# The host each endpoint has at Google; error details name it as the `service`.
INSTALLATIONS_SERVICE = "firebaseinstallations.googleapis.com"
FETCH_SERVICE = "firebaseremoteconfig.googleapis.com"
REALTIME_SERVICE = "firebaseremoteconfigrealtime.googleapis.com"

# The canonical status Google's error envelope pairs with an HTTP code (google.rpc.Code's mapping).
CANONICAL_STATUS = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    409: "ALREADY_EXISTS",
    429: "RESOURCE_EXHAUSTED",
    499: "CANCELLED",
    500: "INTERNAL",
    501: "UNIMPLEMENTED",
    502: "UNAVAILABLE",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}

# Google's own wording of each refusal, as Firebase's services answer (error bodies users have reported).
MISSING_KEY = "The request is missing a valid API key."
INVALID_KEY = "API key not valid. Please pass a valid API key."
PROJECT_DENIED = "Permission denied on resource project %s."
NOT_FOUND = "Requested entity was not found."
CREDENTIALS_HELP = (
    "Expected OAuth 2 access token, login cookie or other valid authentication credential. "
    "See https://developers.google.com/identity/sign-in/web/devconsole-project."
)
MISSING_CREDENTIAL = "Request is missing required authentication credential. " + CREDENTIALS_HELP
INVALID_CREDENTIAL = "Request had invalid authentication credentials. " + CREDENTIALS_HELP
NO_PERMISSION = "The caller does not have permission"
INVALID_ARGUMENT = "Request contains an invalid argument."
UNKNOWN_FIELD = 'Invalid JSON payload received. Unknown name "%s": Cannot find field.'

# A FID as Firebase's SDKs make one: 22 URL-safe base64 characters whose first 4 bits are 0111, so
# the first is c, d, e or f (the JS SDK checks exactly this).
FID_PATTERN = re.compile(r"[cdef][A-Za-z0-9_-]{21}")
FIS_AUTH_VERSION = "FIS_v2"

# The fetch request's fields (Firebase's camelCase names; snake_case forms are accepted as well, as
# Google's JSON parser does and as the iOS and JS SDKs send them).
FETCH_STRING_FIELDS = (
    "appInstanceId", "appInstanceIdToken", "appId", "countryCode", "languageCode", "platformVersion",
    "timeZone", "appVersion", "appBuild", "packageName", "sdkVersion", "firstOpenTime",
)
FETCH_OBJECT_FIELDS = ("analyticsUserProperties", "customSignals")
STREAM_FIELDS = ("project", "namespace", "lastKnownVersionNumber", "appId", "sdkVersion", "appInstanceId")

ROUTES = [
    ("create_installation", "POST", re.compile(r"/v1/projects/([^/]+)/installations/?")),
    ("generate_token", "POST", re.compile(r"/v1/projects/([^/]+)/installations/([^/]+)/authTokens:generate")),
    ("delete_installation", "DELETE", re.compile(r"/v1/projects/([^/]+)/installations/([^/]+?)/?")),
    ("fetch", "POST", re.compile(r"/v1/projects/([^/]+)/namespaces/([^/]+):fetch")),
    ("stream", "POST", re.compile(r"/v1/projects/([^/]+)/namespaces/([^/]+):streamFetchInvalidations")),
]


def snake_case(name):
    return re.sub(r"([A-Z])", lambda match: "_" + match.group(1).lower(), name)


class Refusal(Exception):
    """A request Firebase would refuse: answered with Google's error envelope."""

    def __init__(self, status, message, details=None, canonical=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details
        self.canonical = canonical or CANONICAL_STATUS.get(status, "UNKNOWN")

    def document(self):
        error = {"code": self.status, "message": self.message, "status": self.canonical}
        if self.details:
            error["details"] = self.details
        return {"error": error}


def invalid_argument(message=INVALID_ARGUMENT):
    return Refusal(400, message)


def error_info(reason, metadata):
    return {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "googleapis.com",
            "metadata": metadata}


class Project:
    """The one Firebase project the server plays: its IDs, its API key (and the apps the key is
    restricted to), its registered apps and how long installation tokens live."""

    def __init__(self, project_id, project_number, api_key, apps, restrictions, token_lifetime):
        self.project_id = project_id
        self.project_number = project_number
        self.api_key = api_key
        self.apps = apps  # app ID → {"bundleId": ...} or {"packageName": ...} or {}
        self.ios_bundles = {value for kind, value, _ in restrictions if kind == "ios"}
        self.android_packages = {value for kind, value, _ in restrictions if kind == "android"}
        # An Android restriction pairs a package with its signing certificate's SHA-1, as Google's
        # console does; a package given without one is checked by name alone (laxer than Google).
        self.android_certificates = {(value, certificate) for kind, value, certificate in restrictions
                                     if kind == "android" and certificate}
        self.token_lifetime = token_lifetime

    def names(self, project):
        """Installations and fetches address the project by ID or number (the iOS SDK sends the ID,
        Android's fetch the number)."""
        return project in (self.project_id, self.project_number)

    def describe(self):
        return {
            "projectId": self.project_id,
            "projectNumber": self.project_number,
            "apiKey": self.api_key,
            "apps": [dict(appId=app_id, **identity) for app_id, identity in self.apps.items()],
            "keyRestrictions": ["ios:" + bundle for bundle in sorted(self.ios_bundles)]
            + ["android:" + package for package in sorted(self.android_packages)],
            "androidCertificates": ["%s,%s" % pair for pair in sorted(self.android_certificates)],
            "tokenLifetime": self.token_lifetime,
        }


class ServerState:
    """Everything the handlers share; every access holds `lock` (handlers run on their own threads)."""

    def __init__(self, template, mode, delay, project, framing, first_version=1):
        self.lock = threading.Lock()
        # Streams wait on it for a new version, a drop, a retry interval or a stop.
        self.changed = threading.Condition(self.lock)
        self.framing = framing
        self.first_version = first_version
        self.initial = (copy.deepcopy(template), mode, delay)
        self.project = project
        # How many retry intervals were announced: streams compare it with the count they started
        # at, so it only ever grows (a reset does not take it back).
        self.retry_notices = 0
        self.reset()

    def reset(self):
        template, mode, delay = self.initial
        self.entries = dict(copy.deepcopy(template))
        self.version = self.first_version
        # The entries each ETag was served with: a fetch whose If-None-Match names an older version
        # with the same entries is answered NO_CHANGE with the current templateVersion, as Firebase
        # answers after a publish that changes nothing this app sees.
        self.served = {self.etag(): dict(self.entries)}
        self.mode = mode
        self.delay = delay
        self.script = []
        self.requests = []
        self.drops = 0
        self.stream_status = None
        self.stream_status_message = None
        self.stream_status_until = 0.0
        self.feature_disabled = False
        self.retry_interval = None
        self.streams_opened = 0
        self.streams_open = 0
        self.stopping = False
        # Firebase Installations: FID → {"appId", "refreshToken"}; auth token → {"fid", "appId", "expires"}.
        self.installations = {}
        self.auth_tokens = {}
        self.next_fid = None
        self.failing_registrations = 0
        self.failing_status = 503
        self.attempts = []
        self.registrations = 0
        self.token_refreshes = 0
        self.deletions = 0

    def etag(self):
        return '"template-v%d"' % self.version

    def publish(self, entries):
        """A new version of the template (the caller holds the lock)."""
        self.entries = as_strings(entries)
        self.version += 1
        self.served[self.etag()] = dict(self.entries)
        if len(self.served) > 64:
            self.served.pop(next(iter(self.served)))
        self.changed.notify_all()

    def next_response(self):
        if self.script:
            return self.script.pop(0)
        return {"mode": self.mode, "delay": self.delay}

    def issue_auth_token(self, fid, app_id):
        """A new auth token for the installation; it looks like Firebase's, a JWT (three base64url parts)."""
        lifetime = self.project.token_lifetime
        header = {"alg": "ES256", "typ": "JWT"}
        payload = {"appId": app_id, "exp": int(time.time() + lifetime), "fid": fid,
                   "projectNumber": int(self.project.project_number) if self.project.project_number.isdigit()
                   else self.project.project_number, "jti": secrets.token_hex(8)}
        token = ".".join([base64url(json.dumps(header).encode()), base64url(json.dumps(payload).encode()),
                          base64url(secrets.token_bytes(64))])
        self.auth_tokens[token] = {"fid": fid, "appId": app_id, "expires": time.monotonic() + lifetime}
        return {"token": token, "expiresIn": "%ds" % lifetime}

    def remove_installation(self, fid):
        """Forgets the installation; its tokens are invalid at once."""
        if self.installations.pop(fid, None) is None:
            return False
        self.auth_tokens = {token: held for token, held in self.auth_tokens.items() if held["fid"] != fid}
        return True

    def installations_listing(self):
        return {
            "registrations": self.registrations,
            "tokenRefreshes": self.token_refreshes,
            "installations": [{"fid": fid, "appId": held["appId"]} for fid, held in self.installations.items()],
            "deletions": self.deletions,
            "attempts": list(self.attempts),
        }


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def generate_fid():
    """A FID as Firebase's SDKs make one (17 random bytes, the first 4 bits 0111, 22 characters)."""
    data = bytearray(secrets.token_bytes(17))
    data[0] = 0x70 | (data[0] & 0x0F)
    return base64.urlsafe_b64encode(bytes(data)).decode("ascii")[:22]


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


def load_firebase_options(path):
    """The project and app in a GoogleService-Info.plist or a google-services.json (its first
    client), told apart by content: {"projectId", "projectNumber", "apiKey", "appId", "identity"}."""

    def fail(problem):
        raise SystemExit("remote-config-server: the Firebase options file %s %s" % (path, problem))

    def text(value, name):
        if not isinstance(value, str) or not value.strip():
            fail("has no %s" % name)
        return value

    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        fail("cannot be read: %s" % error.strerror)
    if data.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"{"):
        try:
            document = json.loads(data.decode("utf-8-sig"))
        except ValueError:
            fail("is not JSON")
        if not isinstance(document, dict):
            fail("is not a google-services.json")
        project = document.get("project_info") if isinstance(document.get("project_info"), dict) else {}
        clients = document.get("client") if isinstance(document.get("client"), list) else []
        client = clients[0] if clients and isinstance(clients[0], dict) else {}
        info = client.get("client_info") if isinstance(client.get("client_info"), dict) else {}
        android = info.get("android_client_info") if isinstance(info.get("android_client_info"), dict) else {}
        keys = client.get("api_key") if isinstance(client.get("api_key"), list) else []
        key = keys[0] if keys and isinstance(keys[0], dict) else {}
        # Every client of the file is an app of the project.
        apps = {}
        for other in clients:
            other_info = other.get("client_info") if isinstance(other, dict) and isinstance(other.get("client_info"), dict) else {}
            other_android = other_info.get("android_client_info")
            if isinstance(other_info.get("mobilesdk_app_id"), str) and isinstance(other_android, dict) \
                    and isinstance(other_android.get("package_name"), str):
                apps[other_info["mobilesdk_app_id"]] = {"packageName": other_android["package_name"]}
        return {
            "apps": apps,
            "projectNumber": text(project.get("project_number"), "project_info.project_number"),
            "projectId": text(project.get("project_id"), "project_info.project_id"),
            "appId": text(info.get("mobilesdk_app_id"), "client[0].client_info.mobilesdk_app_id"),
            "identity": {"packageName": text(android.get("package_name"),
                                             "client[0].client_info.android_client_info.package_name")},
            "apiKey": text(key.get("current_key"), "client[0].api_key[0].current_key"),
        }
    try:
        plist = plistlib.loads(data)
    except Exception:  # plistlib raises several kinds for a file that is not a property list
        fail("is neither a GoogleService-Info.plist nor a google-services.json")
    if not isinstance(plist, dict):
        fail("is not a GoogleService-Info.plist")
    return {
        "apiKey": text(plist.get("API_KEY"), "API_KEY"),
        "projectNumber": text(plist.get("GCM_SENDER_ID"), "GCM_SENDER_ID"),
        "projectId": text(plist.get("PROJECT_ID"), "PROJECT_ID"),
        "appId": text(plist.get("GOOGLE_APP_ID"), "GOOGLE_APP_ID"),
        "identity": {"bundleId": text(plist.get("BUNDLE_ID"), "BUNDLE_ID")},
    }


def make_handler(state, verbose):
    project = state.project

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "remote-config-server/1.0"

        def log_message(self, format, *args):
            if verbose:
                sys.stderr.write("remote-config-server: %s\n" % (format % args))

        def read_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length > 0 else b""

        def send(self, status, body=b"", headers=None, content_type="application/json; charset=utf-8"):
            try:
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                if status != 304:
                    self.send_header("Content-Type", content_type)
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

        def send_refusal(self, refusal):
            """Google's error envelope as its front end writes it: pretty-printed (the iOS SDK looks
            for `"code": 403` in a stream's body) with <, > and & escaped."""
            text = json.dumps(refusal.document(), indent=2, ensure_ascii=False)
            text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            self.send(refusal.status, text.encode("utf-8"), content_type="application/json; charset=UTF-8")

        # Routing

        def do_GET(self):
            parts = urlsplit(self.path)
            path = parts.path
            if path == "/__control/requests":
                last = parse_qs(parts.query).get("last", [""])[0]
                with state.lock:
                    requests = state.requests[-int(last):] if last.isdigit() and int(last) > 0 else state.requests
                    self.send_json(200, {"requests": requests})
            elif path == "/__control/streams":
                with state.lock:
                    self.send_json(200, {"opened": state.streams_opened, "open": state.streams_open})
            elif path == "/__control/installations":
                with state.lock:
                    self.send_json(200, state.installations_listing())
            elif path == "/__control/project":
                self.send_json(200, project.describe())
            else:
                self.send_refusal(Refusal(404, "not found"))

        def do_POST(self):
            self.dispatch("POST")

        def do_DELETE(self):
            self.dispatch("DELETE")

        def dispatch(self, method):
            arrival = time.monotonic()
            body = self.read_body()
            parts = urlsplit(self.path)
            if method == "POST" and parts.path.startswith("/__control/"):
                self.control(parts.path[len("/__control/"):], body)
                return
            for name, route_method, pattern in ROUTES:
                match = pattern.fullmatch(parts.path)
                if match and method == route_method:
                    arguments = [unquote(group) for group in match.groups()]
                    getattr(self, name)(parse_qs(parts.query), body, arrival, *arguments)
                    return
            self.send_refusal(Refusal(404, "not found"))

        # The checks every Firebase request goes through, in Google's order: API key, the key's app
        # restriction, the project, the installation, the body.

        def check_api_key(self, query, service):
            # Google takes the key from `X-Goog-Api-Key` or from `?key=` (the iOS SDK's fetch).
            key = self.headers.get("X-Goog-Api-Key")
            if key is None:
                key = (query.get("key") or [None])[0]
            if not key:
                raise Refusal(403, MISSING_KEY)
            if key != project.api_key:
                raise Refusal(400, INVALID_KEY, [
                    error_info("API_KEY_INVALID", {"service": service}),
                    {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US", "message": INVALID_KEY},
                ])
            self.check_key_restriction(service)

        def check_key_restriction(self, service):
            """A key restricted to apps works only for requests that name one of them (the SDKs send
            `X-Ios-Bundle-Identifier` or `X-Android-Package`)."""
            if not project.ios_bundles and not project.android_packages:
                return
            bundle = self.headers.get("X-Ios-Bundle-Identifier")
            package = self.headers.get("X-Android-Package")
            certificate = self.headers.get("X-Android-Cert")
            if bundle in project.ios_bundles:
                return
            if package in project.android_packages:
                certified = {pair for pair in project.android_certificates if pair[0] == package}
                # Google compares the SHA-1 as the SDKs send it: 40 upper-case hex digits, no colons.
                if not certified or (package, certificate) in certified:
                    return
            # The refusal speaks of the kind the key is restricted to; of the kind the request
            # claims when the key is restricted to both.
            android = not project.ios_bundles or (project.android_packages and package is not None and bundle is None)
            if android:
                kind, name, reason = "Android", package, "API_KEY_ANDROID_APP_BLOCKED"
            else:
                kind, name, reason = "iOS", bundle, "API_KEY_IOS_APP_BLOCKED"
            message = "Requests from this %s client application %s are blocked." % (kind, name or "<empty>")
            raise Refusal(403, message, [
                error_info(reason, {"service": service, "consumer": "projects/%s" % project.project_number}),
            ])

        @staticmethod
        def check_project(given, number_only=False):
            if number_only:
                # The real-time service knows projects by number only: by ID there is no such resource.
                if given != project.project_number:
                    raise Refusal(404, NOT_FOUND)
            elif not project.names(given):
                raise Refusal(403, PROJECT_DENIED % given)

        def check_installation_token(self):
            """The installation whose auth token the request carries: {"fid", "appId", "expires"}.
            Holds the lock."""
            token = self.headers.get("X-Goog-Firebase-Installations-Auth")
            if not token:
                raise Refusal(401, MISSING_CREDENTIAL)
            held = state.auth_tokens.get(token)
            if held is None or time.monotonic() >= held["expires"] or held["fid"] not in state.installations:
                raise Refusal(401, INVALID_CREDENTIAL)
            return held

        def check_refresh_token(self, fid):
            """The installation `fid`, whose refresh token the request's `Authorization: FIS_v2 <token>`
            must carry. Holds the lock."""
            installation = state.installations.get(fid)
            if installation is None:
                raise Refusal(404, NOT_FOUND)
            authorization = self.headers.get("Authorization") or ""
            scheme, _, token = authorization.partition(" ")
            if scheme != FIS_AUTH_VERSION or token.strip() != installation["refreshToken"]:
                raise Refusal(401, INVALID_CREDENTIAL)
            return installation

        def json_object(self, body, empty=None):
            """The request body as a JSON object (unpacked first when sent gzip-compressed, as the SDKs
            may); `empty` stands for no body at all when that is allowed."""
            if "gzip" in (self.headers.get("Content-Encoding") or "").lower():
                try:
                    body = gzip.decompress(body)
                except (OSError, EOFError):
                    raise invalid_argument()
            if not body and empty is not None:
                return empty
            try:
                document = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                raise invalid_argument()
            if not isinstance(document, dict):
                raise invalid_argument()
            return document

        def recorded_body(self, body):
            try:
                return self.json_object(body)
            except Refusal:
                try:
                    return json.loads(body) if body else None
                except ValueError:
                    return body.decode("utf-8", "replace")

        def record(self, body, mode, arrival, status=None):
            """Keeps a fetch or stream request for /__control/requests. Holds the lock."""
            entry = {
                "path": self.path,
                "headers": {name: value for name, value in self.headers.items()},
                "body": self.recorded_body(body),
                "mode": mode,
                "time": arrival,
            }
            if status is not None:
                entry["status"] = status
            state.requests.append(entry)
            return entry

        # Firebase Installations

        def create_installation(self, query, body, arrival, given_project):
            try:
                self.record_attempt(body)
                self.check_api_key(query, INSTALLATIONS_SERVICE)
                self.check_project(given_project)
                request = self.json_object(body)
                for name in request:
                    if name not in ("fid", "appId", "authVersion", "sdkVersion"):
                        raise invalid_argument(UNKNOWN_FIELD % name)
                fid, app_id = request.get("fid"), request.get("appId")
                if not isinstance(fid, str) or not FID_PATTERN.fullmatch(fid):
                    raise invalid_argument()
                if not isinstance(app_id, str) or not app_id:
                    raise invalid_argument()
                if request.get("authVersion") != FIS_AUTH_VERSION:
                    raise invalid_argument()
                if not isinstance(request.get("sdkVersion"), str) or not request["sdkVersion"]:
                    raise invalid_argument()
                if app_id not in project.apps:
                    raise Refusal(403, NO_PERMISSION)
                with state.lock:
                    if state.failing_registrations:
                        state.failing_registrations -= 1
                        raise Refusal(state.failing_status, "scripted failure")
                    registered = state.installations.get(fid)
                    if state.next_fid is not None:
                        # Firebase's server may answer with another FID than the one sent; the SDKs
                        # adopt it.
                        fid, state.next_fid = state.next_fid, None
                        state.remove_installation(fid)
                    elif registered is not None and registered["appId"] != app_id:
                        # A FID belongs to one app: another app's gets one of the server's instead.
                        fid = generate_fid()
                        while fid in state.installations:
                            fid = generate_fid()
                    # Registering a FID again (same app) starts it afresh: a new refresh token (the old
                    # one no longer works) and a new auth token (earlier ones live on until they expire).
                    refresh_token = "3_" + secrets.token_urlsafe(48)
                    state.installations[fid] = {"appId": app_id, "refreshToken": refresh_token}
                    auth_token = state.issue_auth_token(fid, app_id)
                    state.registrations += 1
            except Refusal as refusal:
                with state.lock:
                    state.attempts[-1]["status"] = refusal.status
                self.send_refusal(refusal)
                return
            self.send_json(200, {
                "name": "projects/%s/installations/%s" % (project.project_number, fid),
                "fid": fid,
                "refreshToken": refresh_token,
                "authToken": auth_token,
            })

        def record_attempt(self, body):
            """Every registration request, refused or not: the FID it sent and the app-identity headers."""
            try:
                sent = json.loads(body or b"{}").get("fid")
            except (ValueError, AttributeError):
                sent = None
            with state.lock:
                state.attempts.append({
                    "fid": sent if isinstance(sent, str) else None, "status": 200,
                    "androidPackage": self.headers.get("X-Android-Package"),
                    "androidCert": self.headers.get("X-Android-Cert"),
                })

        def generate_token(self, query, body, arrival, given_project, fid):
            try:
                self.check_api_key(query, INSTALLATIONS_SERVICE)
                self.check_project(given_project)
                with state.lock:
                    self.check_refresh_token(fid)
                request = self.json_object(body)
                installation = request.get("installation")
                if set(request) - {"installation"} or not isinstance(installation, dict):
                    raise invalid_argument()
                if set(installation) - {"sdkVersion"} or not isinstance(installation.get("sdkVersion"), str) \
                        or not installation["sdkVersion"]:
                    raise invalid_argument()
                with state.lock:
                    # Checked again: the installation may have gone while the body was read.
                    held = self.check_refresh_token(fid)
                    auth_token = state.issue_auth_token(fid, held["appId"])
                    state.token_refreshes += 1
            except Refusal as refusal:
                self.send_refusal(refusal)
                return
            self.send_json(200, auth_token)

        def delete_installation(self, query, body, arrival, given_project, fid):
            try:
                self.check_api_key(query, INSTALLATIONS_SERVICE)
                self.check_project(given_project)
                with state.lock:
                    self.check_refresh_token(fid)
                # The iOS SDK sends `{}`, Android's nothing.
                self.json_object(body, empty={})
                with state.lock:
                    self.check_refresh_token(fid)
                    state.remove_installation(fid)
                    state.deletions += 1
            except Refusal as refusal:
                self.send_refusal(refusal)
                return
            self.send_json(200, {})

        # Remote Config

        def fetch_fields(self, request):
            """The fetch request's fields under their camelCase names; a refusal when one is unknown or
            of the wrong kind."""
            fields = {}
            known = {name: name for name in FETCH_STRING_FIELDS + FETCH_OBJECT_FIELDS}
            known.update({snake_case(name): name for name in FETCH_STRING_FIELDS + FETCH_OBJECT_FIELDS})
            for given, value in request.items():
                name = known.get(given)
                if name is None:
                    raise invalid_argument(UNKNOWN_FIELD % given)
                if name in fields:
                    raise invalid_argument()  # the same field under both spellings
                if value is None:
                    continue  # JSON null is an absent field in Google's JSON mapping
                if name in FETCH_STRING_FIELDS and not isinstance(value, str):
                    raise invalid_argument()
                if name in FETCH_OBJECT_FIELDS and not isinstance(value, dict):
                    raise invalid_argument()
                if name == "customSignals" and not all(isinstance(item, str) for item in value.values()):
                    raise invalid_argument()
                fields[name] = value
            if not fields.get("appInstanceId") or not fields.get("appId"):
                raise invalid_argument()
            return fields

        def fetch(self, query, body, arrival, given_project, namespace):
            try:
                self.check_api_key(query, FETCH_SERVICE)
                self.check_project(given_project)
                with state.lock:
                    installation = dict(self.check_installation_token())
                fields = self.fetch_fields(self.json_object(body))
                # The request must speak for the installation the token was issued to.
                if fields["appInstanceId"] != installation["fid"]:
                    raise Refusal(403, NO_PERMISSION)
                if fields["appId"] not in project.apps or fields["appId"] != installation["appId"]:
                    raise Refusal(403, NO_PERMISSION)
            except Refusal as refusal:
                with state.lock:
                    self.record(body, "refused", arrival, refusal.status)
                self.send_refusal(refusal)
                return
            with state.lock:
                response = dict(state.next_response())
                entries = dict(state.entries)
                version = state.version
                etag = state.etag()
                known = state.served.get(self.headers.get("If-None-Match"))
                recorded = self.record(body, str(response.get("mode")), arrival)
            delay = float(response.get("delay") or 0)
            if delay > 0:
                time.sleep(delay)
            unchanged = known is not None and known == entries
            self.answer(str(response.get("mode", "update")), response, entries, version, etag, unchanged)
            with state.lock:
                recorded["answered"] = time.monotonic()

        def stream_known_version(self, request, installation, namespace):
            """The request's lastKnownVersionNumber, once every field checks out (else a 400)."""
            for name in request:
                if name not in STREAM_FIELDS:
                    raise invalid_argument(UNKNOWN_FIELD % name)
            if not all(isinstance(request.get(name), str) for name in STREAM_FIELDS):
                raise invalid_argument()
            if request["project"] != project.project_number or request["namespace"] != namespace:
                raise invalid_argument()
            if not re.fullmatch(r"[0-9]+", request["lastKnownVersionNumber"]):
                raise invalid_argument()
            if request["appId"] not in project.apps or request["appId"] != installation["appId"]:
                raise invalid_argument()
            if not request["sdkVersion"] or request["appInstanceId"] != installation["fid"]:
                raise invalid_argument()
            return int(request["lastKnownVersionNumber"])

        def stream(self, query, body, arrival, given_project, namespace):
            try:
                self.check_api_key(query, REALTIME_SERVICE)
                self.check_project(given_project, number_only=True)
                with state.lock:
                    installation = dict(self.check_installation_token())
                known = self.stream_known_version(self.json_object(body), installation, namespace)
            except Refusal as refusal:
                with state.lock:
                    self.record(body, "refused", arrival, refusal.status)
                self.send_refusal(refusal)
                return
            with state.lock:
                self.record(body, "stream", arrival)
                status = state.stream_status if time.monotonic() < state.stream_status_until else None
                if status is not None:
                    self.send_refusal(Refusal(status, state.stream_status_message or "scripted stream failure"))
                    return
                drops = state.drops
                retry_notices = state.retry_notices
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
                            and state.retry_notices == retry_notices
                            and not state.stopping
                            and not state.feature_disabled
                            and not self.client_left()
                        ):
                            state.changed.wait(timeout=0.2)
                        if state.stopping or state.drops != drops or self.client_left():
                            break
                        if state.retry_notices != retry_notices:
                            # Firebase's server tells a client how long to stay away before it
                            # closes the stream; the client waits that long before reconnecting.
                            message = {"retryIntervalSeconds": state.retry_interval}
                        elif state.feature_disabled:
                            message = {"featureDisabled": True}
                        else:
                            message = {"latestTemplateVersionNumber": str(state.version)}
                            sent = state.version
                    text = json.dumps(message, indent=2).encode("utf-8")
                    if state.framing == "array" and not first:
                        text = b",\n" + text
                    first = False
                    self.write_chunk(text)
                    if "featureDisabled" in message or "retryIntervalSeconds" in message:
                        break
            except (BrokenPipeError, ConnectionResetError):
                pass
            finally:
                with state.lock:
                    state.streams_open -= 1
            # A drop, a retry interval or a stop breaks the stream off, as a network change or a
            # crash would: no closing chunk, the connection just ends.
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

        def answer(self, mode, response, entries, version, etag, unchanged=False):
            if mode == "update":
                if self.headers.get("If-None-Match") == etag:
                    self.send(304, headers={"ETag": etag})
                elif unchanged:
                    self.send_json(200, {"state": "NO_CHANGE", "templateVersion": str(version)}, {"ETag": etag})
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
                self.send_refusal(Refusal(int(mode), "scripted failure"))
            elif mode == "error":
                status = int(response.get("status", 500))
                self.send_refusal(Refusal(status, str(response.get("message", "scripted failure")),
                                          response.get("details"), response.get("canonical")))
            elif mode in PROTOCOL_BREAKS:
                self.send(200, PROTOCOL_BREAKS[mode], {"ETag": '"broken"'})
            elif mode == "oversize":
                self.send(200, self.oversize_body(), {"ETag": '"oversize"'})
            elif mode == "oversize_chunked":
                self.send_chunked(200, self.oversize_body(), {"ETag": '"oversize"'})
            elif mode == "raw":
                self.send(int(response.get("status", 200)), str(response.get("body", "")).encode("utf-8"))
            else:
                self.send_refusal(Refusal(500, "unknown mode %r" % mode))

        # Test controls

        def control(self, action, body):
            try:
                document = json.loads(body or b"{}")
            except ValueError:
                self.send_json(400, {"error": "the body is not JSON"})
                return
            if not isinstance(document, dict):
                self.send_json(400, {"error": "the body is not a JSON object"})
                return
            series = document.get("series") if action == "publish" else None
            if isinstance(series, dict):
                self.publish_series(dict(document.get("entries", {})), series)
                return
            if action == "installations":
                self.control_installations(document)
                return
            with state.lock:
                if action in ("template", "publish"):
                    state.publish(dict(document.get("entries", {})))
                elif action == "drop":
                    state.drops += 1
                    state.changed.notify_all()
                elif action == "stream":
                    if "status" in document:
                        state.stream_status = int(document["status"])
                        state.stream_status_message = document.get("message")
                        state.stream_status_until = time.monotonic() + float(document.get("seconds", 0))
                    if "featureDisabled" in document:
                        state.feature_disabled = bool(document["featureDisabled"])
                    if "retryIntervalSeconds" in document:
                        state.retry_interval = document["retryIntervalSeconds"]
                        state.retry_notices += 1
                    state.changed.notify_all()
                elif action == "stop":
                    state.stopping = True
                    state.changed.notify_all()
                elif action == "script":
                    state.script.extend(document.get("responses", []))
                elif action == "reset":
                    state.reset()
                    state.changed.notify_all()
                else:
                    self.send_json(404, {"error": "unknown control action"})
                    return
                answer = {"version": state.version, "etag": state.etag(), "queued": len(state.script),
                          "time": time.monotonic()}
            self.send_json(200, answer)
            if action == "stop":
                # After the answer is out: the shutdown ends the process.
                threading.Thread(target=self.server.shutdown, daemon=True).start()

        def control_installations(self, document):
            next_fid = document.get("nextFid")
            if next_fid is not None and (not isinstance(next_fid, str) or not FID_PATTERN.fullmatch(next_fid)):
                self.send_json(400, {"error": "nextFid is not a FID (22 characters, the first c, d, e or f)"})
                return
            with state.lock:
                if document.get("expireTokens"):
                    now = time.monotonic()
                    for held in state.auth_tokens.values():
                        held["expires"] = min(held["expires"], now)
                if isinstance(document.get("delete"), str):
                    state.remove_installation(document["delete"])
                if document.get("deleteAll"):
                    for fid in list(state.installations):
                        state.remove_installation(fid)
                if next_fid is not None:
                    state.next_fid = next_fid
                failing = document.get("failRegistrations")
                if isinstance(failing, dict):
                    state.failing_registrations = int(failing.get("count", 1))
                    state.failing_status = int(failing.get("status", 503))
                answer = state.installations_listing()
                answer["time"] = time.monotonic()
            self.send_json(200, answer)

        def publish_series(self, entries, series):
            """Publishes one version after another, `key` counting from `from` to `to`, `interval`
            seconds apart (outside the lock, so that streams announce and fetches answer meanwhile)."""
            key = str(series.get("key", "count"))
            interval = float(series.get("interval", 0))
            for count in range(int(series["from"]), int(series["to"]) + 1):
                entries[key] = str(count)
                with state.lock:
                    state.publish(entries)
                if interval > 0:
                    time.sleep(interval)
            with state.lock:
                answer = {"version": state.version, "etag": state.etag(), "queued": len(state.script),
                          "time": time.monotonic()}
            self.send_json(200, answer)

    return Handler


def restriction(text):
    kind, _, identifier = text.partition(":")
    identifier, _, certificate = identifier.partition(",")
    if kind not in ("ios", "android") or not identifier or (certificate and kind != "android"):
        raise argparse.ArgumentTypeError("expected ios:BUNDLE, android:PACKAGE or android:PACKAGE,SHA1, not %r" % text)
    if certificate:
        certificate = certificate.replace(":", "").upper()
        if not re.fullmatch(r"[0-9A-F]{40}", certificate):
            raise argparse.ArgumentTypeError("a certificate's SHA-1 is 40 hex digits, not %r" % text)
    return kind, identifier, certificate or None


def make_project(arguments):
    """The project from the options file and the flags (a flag wins), else Bistro's development one."""
    if arguments.firebase_options:
        options = load_firebase_options(arguments.firebase_options)
    else:
        options = {"projectId": DEV_PROJECT_ID, "projectNumber": DEV_PROJECT_NUMBER, "apiKey": DEV_API_KEY,
                   "appId": DEV_APP_ID, "identity": {"bundleId": DEV_BUNDLE_ID}}
    if arguments.app_id:
        apps = {app_id: (options["identity"] if app_id == options["appId"] else {}) for app_id in arguments.app_id}
    else:
        apps = options.get("apps") or {options["appId"]: options["identity"]}
    number = arguments.project_number or options["projectNumber"]
    if not number.isdigit():
        raise SystemExit("remote-config-server: the project number must be digits, not %r" % number)
    if arguments.token_lifetime < 0:
        raise SystemExit("remote-config-server: the token lifetime must not be negative")
    return Project(arguments.project_id or options["projectId"], number, arguments.api_key or options["apiKey"],
                   apps, arguments.restrict_key, arguments.token_lifetime)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8080, help="port; 0 picks a free one (default 8080)")
    parser.add_argument("--template", help="JSON file with the entries (default: the built-in sample)")
    parser.add_argument("--mode", default="update", help="how every fetch is answered (default update)")
    parser.add_argument("--delay", type=float, default=0, help="seconds every fetch waits before answering")
    parser.add_argument("--firebase-options", metavar="FILE",
                        help="a GoogleService-Info.plist or google-services.json naming the project, app and key")
    parser.add_argument("--project-id", help="the project ID (default %s)" % DEV_PROJECT_ID)
    parser.add_argument("--project-number", help="the project number (default %s)" % DEV_PROJECT_NUMBER)
    parser.add_argument("--api-key", help="the project's one valid API key (default %s)" % DEV_API_KEY)
    parser.add_argument("--app-id", action="append", metavar="ID",
                        help="an app registered in the project (repeatable; default %s)" % DEV_APP_ID)
    parser.add_argument("--restrict-key", action="append", type=restriction, default=[],
                        metavar="ios:BUNDLE|android:PACKAGE[,SHA1]",
                        help="restrict the API key to this app (repeatable; default unrestricted)")
    parser.add_argument("--token-lifetime", type=int, default=604800, metavar="SECONDS",
                        help="how long installation auth tokens live (default 604800)")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    parser.add_argument("--template-version", type=int, default=1, help="the start-up template's version (default 1)")
    parser.add_argument(
        "--stream-framing", choices=["array", "objects"], default="array",
        help="how real-time messages are framed: one JSON array (Firebase's) or one object after another")
    arguments = parser.parse_args()

    state = ServerState(
        load_template(arguments.template), arguments.mode, arguments.delay, make_project(arguments),
        arguments.stream_framing, arguments.template_version)
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
