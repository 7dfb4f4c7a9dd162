#!/usr/bin/env python3
"""A development and test server that stands in for Apple's Sign in with Apple REST API at one base
URL, as strictly as Apple's servers: the key set (https://appleid.apple.com/auth/keys), token
validation (/auth/token), token revocation (/auth/revoke), and the server-to-server notifications
Apple would POST to an app. Standard library only; signatures are made and checked with the
`openssl` command-line tool, which is needed only when a key flag below is given.

    GET  /auth/keys     the current key set, {"keys": [...]}, as application/json
    POST /auth/token    exchange an authorization code, or validate a refresh token
    POST /auth/revoke   revoke a refresh token or access token

Run it as a dev server (the live auth client's base URL is the printed address):

    Scripts/apple-auth-server.py                        # an empty key set, port 8081
    Scripts/apple-auth-server.py --port 0               # any free port; the first line says which
    Scripts/apple-auth-server.py --keys my-jwks.json    # serve this key set
    Scripts/apple-auth-server.py --keys jwks.json --signing-key apple.pem --signing-key-id APPLEKEY1 \\
        --team-id DEF123GHIJ --key-id ABC123DEFG --client-key AuthKey_ABC123DEFG.pub.pem \\
        --client-id com.example.app --client-id com.example.web

The first line printed is always `apple-auth-server listening on http://HOST:PORT` (flushed), so a
test that starts it with `--port 0` reads the chosen port from it.

Flags:
    --host HOST, --port PORT   where to listen (default 127.0.0.1:8081; port 0 picks a free one)
    --keys FILE                the public key set served at /auth/keys ({"keys": [...]})
    --signing-key FILE         a PEM private key (RSA, PKCS#8 or PKCS#1; or EC P-256) that signs the
                               id_tokens and notification payloads: RS256 for RSA, ES256 for P-256.
                               Put its public JWK in --keys so that clients can check the signatures.
    --signing-key-id KID       the `kid` header of everything signed with --signing-key (required
                               with it)
    --team-id TEAM             the developer's Team ID: the client secret's `iss`
    --key-id KID               the key id of the developer's Sign in with Apple key: the client
                               secret's `kid` header
    --client-key FILE          the PEM public key (SPKI) of that key (a .p8 private key is accepted
                               too; its public half is used). Client secrets must verify with it.
    --client-id ID             an App ID or Services ID registered for the team (repeatable); the
                               first is the default client of the controls below
    --code-lifetime SECONDS    how long an authorization code can be redeemed (default 300)
    --token-lifetime SECONDS   id_token lifetime: exp = iat + this (default 600)
    --refresh-without-id-token answer refresh_token grants without an id_token, as Apple is reported
                               to (its documentation shows one); /__control/refresh-answer switches it
    --verbose                  log each request to stderr
    --team-id, --key-id and --client-key go together, and need --signing-key. Without them every
    /auth/token and /auth/revoke request is refused with invalid_client (only the key set is served).
    Key files are read once, at start; they may be deleted afterwards.

POST /auth/token and POST /auth/revoke take `application/x-www-form-urlencoded` bodies, as Apple's.
Every refusal is HTTP 400, `Content-Type: application/json`, body {"error": CODE} (plus
"error_description" where Apple is known to send one), checked in this order:
    1. invalid_request          the Content-Type is not application/x-www-form-urlencoded (parameters
                                such as charset are ignored), or the body is not a form: a byte that
                                is not printable ASCII (a space included), a bad %-escape, a part
                                without `=`, an empty part or name, a value that is not UTF-8, or
                                a parameter given more than once
    2. invalid_request          client_id, client_secret or grant_type missing or empty (for revoke:
                                client_id, client_secret or token; or a token_type_hint other than
                                refresh_token / access_token)
    3. invalid_client           client_id is not one of --client-id (or no client is configured)
    4. invalid_client           the client secret is not a compact JWS (three base64url parts, no
                                padding) whose header has alg "ES256" and kid == --key-id, whose
                                signature is exactly 64 bytes (JOSE r||s; an ASN.1/DER signature is
                                refused) and verifies with --client-key over `header.payload`
                                (SHA-256), and whose claims have iss == --team-id, sub == the
                                request's client_id, aud == "https://appleid.apple.com" (a string),
                                iat a number at most 60 s ahead of the server's clock, exp a number
                                after now and at most 15777000 s (six months) after now
    Then, /auth/token by grant_type:
    authorization_code:  `code` (required, else invalid_request) and `redirect_uri`
        invalid_grant "The code has expired or has been revoked."  unknown code, a code issued for
                                another client_id, or a code of a user revoked by /__control/revoke-user
        invalid_grant "The code has already been used."            the code was redeemed before
        invalid_grant "The code has expired or has been revoked."  older than --code-lifetime
        invalid_grant "The redirect_uri does not match."           the code was issued with a
                                redirect_uri and the request's differs or is absent, or it was
                                issued without one and the request carries one (even empty)
        200 {"access_token", "token_type": "Bearer", "expires_in": 3600, "refresh_token",
             "id_token"}; the code is used up, even if the answer is lost
    refresh_token:  `refresh_token` (required, else invalid_request)
        invalid_grant (no description)  unknown, issued to another client (a refresh token is honoured
                                only under the client_id its code was issued to), or revoked
        200 {"access_token", "token_type": "Bearer", "expires_in": 3600, "id_token"}; without
            "id_token" under --refresh-without-id-token or /__control/refresh-answer {"idToken": false}
        Every request naming a refresh token of the requesting client counts as a validation of
        it (Apple asks for at most one a day; none is refused for that): see /__control/requests.
    anything else:  unsupported_grant_type
    The id_token is a JWT signed with --signing-key, header {"alg", "kid"}, claims iss
    "https://appleid.apple.com", aud (the client_id), exp (iat + --token-lifetime), iat (now), sub
    (the code's user), nonce (only when the code was issued with one and the device supports
    nonces; exactly as given: an iOS app gives Apple the SHA-256 of its raw nonce, a web page
    often the raw nonce), email, email_verified ("true") and is_private_email ("true"/"false")
    when the code has an email, auth_time (when the code was issued) and nonce_supported (true,
    or the code's nonceSupported exactly as given: false or "false" for a device too old for
    nonces, whose tokens carry no nonce). No c_hash. A refresh gives the same claims for the
    refresh token's user, without nonce.
/auth/revoke: form client_id, client_secret, token, token_type_hint (optional). After the checks
    above: 200 with an empty body, for an unknown token too; a known token issued to another
    client_id is refused with invalid_grant (the server checks that the token was issued to the
    client asking, RFC 7009 2.1). Revoking a refresh token, or an access token issued with one,
    revokes that refresh token: later refresh_token grants with it are invalid_grant. The hint is
    only a hint: the token is looked up as either kind.
Other methods on these paths answer 405; unknown paths 404.

Test-control endpoints (JSON in and out; not part of what Apple serves; a control given a bad
request answers 400 {"error": "<why>"}):
    POST /__control/keys     {"keys": [...]}              replace the key set (a key rotation)
    POST /__control/answer   {"status": 500}              answer key requests with that status
                             {"status": 200, "body": "x"} ... or with that raw body
                             {}                           back to serving the key set
    POST /__control/authorize {"user": "001234.abc...", "clientId": "...", "email": "x@privaterelay.
                             appleid.com", "isPrivateEmail": true, "redirectUri": "...", "nonce": "...",
                             "nonceSupported": false}
                             → {"code": "c...", "user": "..."}: what Apple's authorization sheet hands
                             the app. All optional: user defaults to a new Apple-like id, clientId to
                             the first --client-id (it must be one of them: the code is exchanged,
                             and its refresh token validated and revoked, under that one only),
                             isPrivateEmail to whether email ends in @privaterelay.appleid.com (no
                             email, no email claims), nonceSupported (a boolean or the string "true"
                             or "false", put in the id_token as given) to true.
    POST /__control/revoke-user {"user": "..."}           → {"revoked": N}: every refresh token (and
                             unredeemed code) of that user is revoked, as when the user stops using
                             Sign in with Apple for the app in their Apple ID settings
    POST /__control/refresh-answer {"idToken": false}    answer refresh_token grants without an
                             id_token ({"idToken": true}: with one, the default)
    POST /__control/notification {"type": "consent-revoked", "user": "...", "clientId": "...",
                             "email": "...", "isPrivateEmail": true, "iatOffset": -30,
                             "eventTimeOffset": -3600, "eventTime": 1700000000000, "lifetime": 86400,
                             "omitJti": true, "signingKey": "other.pem", "signingKeyId": "KID"}
                             → {"body": "{\\"payload\\": \\"<JWS>\\"}"}: exactly the body Apple POSTs to an
                             app's notification endpoint. The JWS is signed with --signing-key (or
                             with signingKey, a PEM path, to forge one; its kid is signingKeyId, by
                             default --signing-key-id); header {"alg", "kid"}; claims iss
                             "https://appleid.apple.com", aud (clientId, default the first
                             --client-id), iat (now + iatOffset), exp (iat + lifetime; a day by
                             default, as Apple's payloads: Apple delivers a notification again until
                             the endpoint answers 200), jti (random; none with omitJti) and events: a
                             JSON *string*, as Apple sends it, of {"type", "sub", "event_time" (ms
                             since the epoch: eventTime, else now + eventTimeOffset, which defaults to
                             iatOffset), "email" (when given), "is_private_email" ("true"/"false";
                             when isPrivateEmail or email is given)}. type is one of email-disabled,
                             email-enabled, consent-revoked, account-delete (and account-deleted, the
                             name Apple's newer page uses). The same body posted twice is what a
                             redelivery looks like.
    GET  /__control/requests {"count": N, "token": [{"grantType", "clientId", "status", "error"}...],
                             "revoke": [{"tokenTypeHint", "clientId", "status", "error", "revoked"}...],
                             "refreshValidations": {"<user>": N}}
                             count: key set requests; token/revoke: every /auth/token and /auth/revoke
                             request in order (error null on success; revoked: whether a token was
                             revoked); refreshValidations: refresh_token grants per user
    POST /__control/reset    {}                           forget codes, tokens, and every counter and log
                                                          (the key set, the key answer and the
                                                          refresh answer stay)
    POST /__control/clock    {"advance": SECONDS}         move the server's clock ahead (codes, tokens,
                                                          secrets and notifications are judged and
                                                          dated by it), as a test moves its client's
"""

import argparse
import base64
import json
import os
import re
import secrets
import shutil
import signal
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

APPLE_ISSUER = "https://appleid.apple.com"
MAX_SECRET_LIFETIME = 15777000
MAX_IAT_SKEW = 60
ACCESS_TOKEN_LIFETIME = 3600
OPENSSL_TIMEOUT = 15
MAX_BODY = 1 << 20
NOTIFICATION_LIFETIME = 86400
NOTIFICATION_TYPES = ("email-disabled", "email-enabled", "consent-revoked", "account-delete", "account-deleted")

CODE_EXPIRED = "The code has expired or has been revoked."
CODE_USED = "The code has already been used."
REDIRECT_MISMATCH = "The redirect_uri does not match."


# --- base64url and JWS -------------------------------------------------------------------------

B64URL_ALPHABET = set(string.ascii_letters + string.digits + "-_")


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text):
    """Strict unpadded base64url; ValueError otherwise."""
    if not text or not set(text) <= B64URL_ALPHABET or len(text) % 4 == 1:
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def compact_json(value):
    return json.dumps(value, separators=(",", ":"))


def der_integer(value):
    body = value.lstrip(b"\0") or b"\0"
    if body[0] & 0x80:
        body = b"\0" + body
    return b"\x02" + bytes([len(body)]) + body


def raw_to_der(raw):
    """A JOSE r||s ECDSA signature as ASN.1 DER."""
    half = len(raw) // 2
    body = der_integer(raw[:half]) + der_integer(raw[half:])
    return b"\x30" + bytes([len(body)]) + body


def der_to_raw(der, size=32):
    """An ASN.1 DER ECDSA signature as JOSE r||s, each zero-padded to `size` bytes."""

    def read_length(data, index):
        length = data[index]
        index += 1
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(data[index:index + count], "big")
            index += count
        return length, index

    if der[0] != 0x30:
        raise ValueError("not a DER sequence")
    _, index = read_length(der, 1)
    parts = []
    for _ in range(2):
        if der[index] != 0x02:
            raise ValueError("not a DER integer")
        length, index = read_length(der, index + 1)
        value = der[index:index + length].lstrip(b"\0")
        index += length
        if len(value) > size:
            raise ValueError("integer too long")
        parts.append(value.rjust(size, b"\0"))
    return parts[0] + parts[1]


# --- openssl -----------------------------------------------------------------------------------

class OpensslError(Exception):
    pass


def run_openssl(arguments, data=b""):
    """Runs `openssl ARGUMENTS` with `data` on stdin; returns the CompletedProcess."""
    try:
        return subprocess.run(["openssl"] + arguments, input=data, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=OPENSSL_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise OpensslError("openssl %s: %s" % (arguments[0], error))


class SigningKey:
    """A private key read into memory, with the JWS algorithm it signs with and its kid."""

    def __init__(self, pem, alg, kid):
        self.pem = pem
        self.alg = alg
        self.kid = kid

    @staticmethod
    def load(path, kid):
        with open(path, "rb") as file:
            pem = file.read()
        result = run_openssl(["pkey", "-noout", "-text_pub"], pem)
        if result.returncode != 0:
            raise OpensslError("%s is not a PEM private key: %s" % (path, result.stderr.decode(errors="replace").strip()))
        text = result.stdout.decode(errors="replace")
        if "prime256v1" in text or "P-256" in text:
            return SigningKey(pem, "ES256", kid)
        if "Modulus:" in text or "modulus:" in text:
            return SigningKey(pem, "RS256", kid)
        raise OpensslError("%s is neither an RSA nor a P-256 key" % path)

    def sign(self, data):
        directory = tempfile.mkdtemp(prefix="apple-auth-server-")
        try:
            key_path = os.path.join(directory, "key.pem")
            with open(key_path, "wb") as file:
                file.write(self.pem)
            result = run_openssl(["dgst", "-sha256", "-sign", key_path], data)
        finally:
            shutil.rmtree(directory, ignore_errors=True)
        if result.returncode != 0 or not result.stdout:
            raise OpensslError("openssl dgst -sign: %s" % result.stderr.decode(errors="replace").strip())
        if self.alg == "ES256":
            return der_to_raw(result.stdout)
        return result.stdout

    def jws(self, claims):
        header = b64url_encode(compact_json({"alg": self.alg, "kid": self.kid}).encode())
        payload = b64url_encode(compact_json(claims).encode())
        signing_input = (header + "." + payload).encode("ascii")
        return header + "." + payload + "." + b64url_encode(self.sign(signing_input))


def load_client_key(path):
    """The PEM public key of a P-256 key file (SPKI public key, or a private key such as a .p8)."""
    with open(path, "rb") as file:
        pem = file.read()
    result = run_openssl(["pkey", "-pubin", "-pubout"], pem)
    if result.returncode != 0:
        result = run_openssl(["pkey", "-pubout"], pem)
    if result.returncode != 0:
        raise OpensslError("%s is not a PEM key" % path)
    public = result.stdout
    text = run_openssl(["pkey", "-pubin", "-noout", "-text_pub"], public).stdout.decode(errors="replace")
    if "prime256v1" not in text and "P-256" not in text:
        raise OpensslError("%s is not a P-256 key" % path)
    return public


def verify_es256(public_pem, data, signature):
    """Whether the 64-byte JOSE `signature` over `data` verifies with the P-256 `public_pem`."""
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    if r == 0 or s == 0:
        return False
    directory = tempfile.mkdtemp(prefix="apple-auth-server-")
    try:
        key_path = os.path.join(directory, "key.pem")
        signature_path = os.path.join(directory, "signature.der")
        with open(key_path, "wb") as file:
            file.write(public_pem)
        with open(signature_path, "wb") as file:
            file.write(raw_to_der(signature))
        result = run_openssl(["dgst", "-sha256", "-verify", key_path, "-signature", signature_path], data)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return result.returncode == 0 and b"Verified OK" in result.stdout


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# --- state -------------------------------------------------------------------------------------

class Config:
    def __init__(self, arguments, signing_key, client_key):
        self.signing_key = signing_key
        self.client_key = client_key
        self.team_id = arguments.team_id
        self.key_id = arguments.key_id
        self.client_ids = list(arguments.client_id or [])
        self.code_lifetime = arguments.code_lifetime
        self.token_lifetime = arguments.token_lifetime
        self.refresh_id_token = not arguments.refresh_without_id_token

    @property
    def clients_configured(self):
        return self.team_id is not None and self.client_key is not None


class ServerState:
    def __init__(self, keys):
        self.lock = threading.Lock()
        self.keys = keys
        self.answer = {}
        self.refresh_id_token = True
        self.reset()

    def reset(self):
        """Forgets codes, tokens, counters and logs. Call with the lock held (or before serving)."""
        self.count = 0
        self.codes = {}      # code → {user, clientId, email, isPrivateEmail, redirectUri, nonce, nonceSupported, issued,
                             #         used, revoked}
        self.refresh = {}    # refresh token → {user, clientId, email, isPrivateEmail, nonceSupported, authTime, revoked,
                             #                  validations}
        self.access = {}     # access token → its refresh token
        self.token_log = []
        self.revoke_log = []
        # Seconds added to the real clock: a test that moves its client's clock a day ahead moves
        # this one too, so that client secrets and tokens stay in step.
        self.clock_offset = 0.0

    def now(self):
        """The server's clock: the real one plus the offset tests set."""
        return time.time() + self.clock_offset


def new_token(prefix):
    """An opaque token shaped like Apple's: prefix, hex, ".0.", a short tag, and a random tail."""
    tag = "".join(secrets.choice(string.ascii_lowercase) for _ in range(4))
    return "%s%s.0.%s.%s" % (prefix, secrets.token_hex(16), tag, secrets.token_urlsafe(16).replace("-", "").replace("_", ""))


def new_user():
    return "%06d.%s.%04d" % (secrets.randbelow(1000000), secrets.token_hex(16), secrets.randbelow(10000))


# --- forms -------------------------------------------------------------------------------------

BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


def parse_form(body):
    """The parameters of an application/x-www-form-urlencoded body; ValueError if it is not one."""
    try:
        text = body.decode("ascii")
    except UnicodeDecodeError:
        raise ValueError("not ASCII")
    if any(not (0x21 <= ord(character) <= 0x7E) for character in text):
        raise ValueError("a byte that is not printable ASCII")
    form = {}
    if not text:
        return form
    for part in text.split("&"):
        if "=" not in part:
            raise ValueError("a part without =")
        name, value = part.split("=", 1)
        if BAD_ESCAPE.search(name) or BAD_ESCAPE.search(value):
            raise ValueError("a bad %-escape")
        name = urllib.parse.unquote_to_bytes(name.replace("+", " ")).decode("utf-8")
        value = urllib.parse.unquote_to_bytes(value.replace("+", " ")).decode("utf-8")
        if not name:
            raise ValueError("an empty name")
        if name in form:
            raise ValueError("%s given more than once" % name)
        form[name] = value
    return form


class Refusal(Exception):
    def __init__(self, error, description=None):
        Exception.__init__(self, error)
        self.error = error
        self.description = description


class ControlError(Exception):
    pass


# --- the HTTP handler --------------------------------------------------------------------------

def make_handler(state, config, verbose):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):
            if verbose:
                sys.stderr.write("apple-auth-server: " + (format % args) + "\n")

        def send(self, status, body, content_type="application/json", headers=()):
            self.send_response(status)
            if content_type is not None:
                self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def send_json(self, status, value):
            self.send(status, json.dumps(value).encode())

        def read_body(self):
            """The request body (Content-Length or chunked); None after answering a bad one."""
            if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
                body = b""
                while True:
                    line = self.rfile.readline(1024)
                    try:
                        size = int(line.split(b";")[0].strip(), 16)
                    except ValueError:
                        self.close_connection = True
                        self.send(400, b'{"error": "bad chunked body"}')
                        return None
                    if size == 0:
                        while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                            pass
                        return body
                    if len(body) + size > MAX_BODY:
                        self.close_connection = True
                        self.send(413, b'{"error": "body too large"}')
                        return None
                    body += self.rfile.read(size)
                    self.rfile.readline(1024)
            try:
                length = int(self.headers.get("Content-Length") or 0)
            except ValueError:
                length = -1
            if length < 0 or length > MAX_BODY:
                self.close_connection = True
                self.send(400 if length < 0 else 413, b'{"error": "bad Content-Length"}')
                return None
            return self.rfile.read(length)

        # GET

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
                    validations = {}
                    for record in state.refresh.values():
                        if record["validations"]:
                            validations[record["user"]] = validations.get(record["user"], 0) + record["validations"]
                    answer = {"count": state.count, "token": list(state.token_log),
                              "revoke": list(state.revoke_log), "refreshValidations": validations}
                self.send_json(200, answer)
            elif self.path in ("/auth/token", "/auth/revoke"):
                self.send(405, b'{"error": "method not allowed"}', headers=[("Allow", "POST")])
            else:
                self.send(404, b'{"error": "not found"}')

        # POST

        def do_POST(self):
            body = self.read_body()
            if body is None:
                return
            if self.path == "/auth/token":
                self.apple_endpoint(body, self.token, state.token_log)
                return
            if self.path == "/auth/revoke":
                self.apple_endpoint(body, self.revoke, state.revoke_log)
                return
            if self.path == "/auth/keys":
                self.send(405, b'{"error": "method not allowed"}', headers=[("Allow", "GET")])
                return
            controls = {
                "/__control/keys": self.control_keys,
                "/__control/answer": self.control_answer,
                "/__control/authorize": self.control_authorize,
                "/__control/revoke-user": self.control_revoke_user,
                "/__control/refresh-answer": self.control_refresh_answer,
                "/__control/notification": self.control_notification,
                "/__control/reset": self.control_reset,
                "/__control/clock": self.control_clock,
            }
            try:
                request = json.loads(body or b"{}")
            except ValueError:
                self.send(400, b'{"error": "invalid JSON"}')
                return
            control = controls.get(self.path)
            if control is None:
                self.send(404, b'{"error": "not found"}')
                return
            if not isinstance(request, dict):
                self.send(400, b'{"error": "expected a JSON object"}')
                return
            try:
                self.send_json(200, control(request))
            except ControlError as error:
                self.send_json(400, {"error": str(error)})
            except (OSError, OpensslError) as error:
                self.send_json(500, {"error": str(error)})

        # Apple's endpoints

        def apple_endpoint(self, body, action, log):
            """Runs `action(form, entry)`, which returns the answer's bytes or raises Refusal, and
            logs the outcome in `log`."""
            entry = {}
            try:
                content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
                if content_type != "application/x-www-form-urlencoded":
                    raise Refusal("invalid_request")
                try:
                    form = parse_form(body)
                except ValueError:
                    raise Refusal("invalid_request")
                answer = action(form, entry)
            except Refusal as refusal:
                entry.update(status=400, error=refusal.error)
                with state.lock:
                    log.append(entry)
                error = {"error": refusal.error}
                if refusal.description:
                    error["error_description"] = refusal.description
                self.send(400, json.dumps(error).encode(), headers=[("Pragma", "no-cache")])
                return
            except OpensslError as error:
                entry.update(status=500, error=str(error))
                with state.lock:
                    log.append(entry)
                self.send_json(500, {"error": str(error)})
                return
            entry.update(status=200, error=None)
            with state.lock:
                log.append(entry)
            if answer:
                self.send(200, answer, headers=[("Pragma", "no-cache")])
            else:
                self.send(200, b"", content_type=None)

        def check_client(self, form):
            """Refuses with invalid_client unless client_id is registered and client_secret is a
            valid client secret for it."""
            client_id = form["client_id"]
            if not config.clients_configured or client_id not in config.client_ids:
                raise Refusal("invalid_client")
            if not self.client_secret_valid(form["client_secret"], client_id):
                raise Refusal("invalid_client")

        def client_secret_valid(self, secret, client_id):
            parts = secret.split(".")
            if len(parts) != 3:
                return False
            try:
                header = json.loads(b64url_decode(parts[0]).decode("utf-8"))
                claims = json.loads(b64url_decode(parts[1]).decode("utf-8"))
                signature = b64url_decode(parts[2])
            except ValueError:
                return False
            if not isinstance(header, dict) or not isinstance(claims, dict):
                return False
            if header.get("alg") != "ES256" or header.get("kid") != config.key_id:
                return False
            if len(signature) != 64:
                return False
            if not verify_es256(config.client_key, (parts[0] + "." + parts[1]).encode("ascii"), signature):
                return False
            now = state.now()
            iat, exp = claims.get("iat"), claims.get("exp")
            return (claims.get("iss") == config.team_id
                    and claims.get("sub") == client_id
                    and claims.get("aud") == APPLE_ISSUER
                    and is_number(iat) and iat <= now + MAX_IAT_SKEW
                    and is_number(exp) and now < exp <= now + MAX_SECRET_LIFETIME)

        def token(self, form, entry):
            entry.update(grantType=form.get("grant_type"), clientId=form.get("client_id"))
            if not all(form.get(name) for name in ("client_id", "client_secret", "grant_type")):
                raise Refusal("invalid_request")
            self.check_client(form)
            client_id = form["client_id"]
            grant_type = form["grant_type"]
            now = state.now()
            if grant_type == "authorization_code":
                code = form.get("code")
                if not code:
                    raise Refusal("invalid_request")
                with state.lock:
                    record = state.codes.get(code)
                    if record is None or record["clientId"] != client_id or record["revoked"]:
                        raise Refusal("invalid_grant", CODE_EXPIRED)
                    if record["used"]:
                        raise Refusal("invalid_grant", CODE_USED)
                    if now - record["issued"] > config.code_lifetime:
                        raise Refusal("invalid_grant", CODE_EXPIRED)
                    if record["redirectUri"] != form.get("redirect_uri"):
                        raise Refusal("invalid_grant", REDIRECT_MISMATCH)
                    record["used"] = True
                    refresh_token, access_token = new_token("r"), new_token("a")
                    state.refresh[refresh_token] = {
                        "user": record["user"], "clientId": client_id, "email": record["email"],
                        "isPrivateEmail": record["isPrivateEmail"], "nonceSupported": record["nonceSupported"],
                        "authTime": int(record["issued"]),
                        "revoked": False, "validations": 0}
                    state.access[access_token] = refresh_token
                    grant = dict(state.refresh[refresh_token], nonce=record["nonce"])
                answer = {"access_token": access_token, "token_type": "Bearer", "expires_in": ACCESS_TOKEN_LIFETIME,
                          "refresh_token": refresh_token, "id_token": self.id_token(grant, client_id, now)}
                return json.dumps(answer).encode()
            if grant_type == "refresh_token":
                refresh_token = form.get("refresh_token")
                if not refresh_token:
                    raise Refusal("invalid_request")
                with state.lock:
                    record = state.refresh.get(refresh_token)
                    if record is None or record["clientId"] != client_id:
                        raise Refusal("invalid_grant")
                    record["validations"] += 1
                    if record["revoked"]:
                        raise Refusal("invalid_grant")
                    access_token = new_token("a")
                    state.access[access_token] = refresh_token
                    grant = dict(record, nonce=None)
                    with_id_token = state.refresh_id_token
                answer = {"access_token": access_token, "token_type": "Bearer", "expires_in": ACCESS_TOKEN_LIFETIME}
                if with_id_token:
                    answer["id_token"] = self.id_token(grant, client_id, now)
                return json.dumps(answer).encode()
            raise Refusal("unsupported_grant_type")

        def id_token(self, grant, client_id, now):
            claims = {"iss": APPLE_ISSUER, "aud": client_id, "exp": int(now + config.token_lifetime),
                      "iat": int(now), "sub": grant["user"]}
            # A device too old for nonces sends none to Apple, whatever the app asked for.
            nonce_supported = grant["nonceSupported"]
            if grant["nonce"] is not None and nonce_supported not in (False, "false"):
                claims["nonce"] = grant["nonce"]
            if grant["email"] is not None:
                claims["email"] = grant["email"]
                claims["email_verified"] = "true"
                claims["is_private_email"] = "true" if grant["isPrivateEmail"] else "false"
            claims["auth_time"] = grant["authTime"]
            claims["nonce_supported"] = nonce_supported
            return config.signing_key.jws(claims)

        def revoke(self, form, entry):
            hint = form.get("token_type_hint")
            entry.update(tokenTypeHint=hint, clientId=form.get("client_id"), revoked=False)
            if not all(form.get(name) for name in ("client_id", "client_secret", "token")):
                raise Refusal("invalid_request")
            if hint is not None and hint not in ("refresh_token", "access_token"):
                raise Refusal("invalid_request")
            self.check_client(form)
            token = form["token"]
            with state.lock:
                refresh_token = token if token in state.refresh else state.access.get(token)
                record = state.refresh.get(refresh_token) if refresh_token else None
                if record is not None and record["clientId"] != form["client_id"]:
                    raise Refusal("invalid_grant")
                if record is not None:
                    record["revoked"] = True
                    entry["revoked"] = True
            return b""

        # controls

        def control_keys(self, request):
            with state.lock:
                state.keys = request.get("keys", [])
            return {}

        def control_answer(self, request):
            with state.lock:
                state.answer = request
            return {}

        def control_refresh_answer(self, request):
            with_id_token = request.get("idToken", True)
            if not isinstance(with_id_token, bool):
                raise ControlError("idToken must be a boolean")
            with state.lock:
                state.refresh_id_token = with_id_token
            return {}

        def optional_string(self, request, name):
            value = request.get(name)
            if value is not None and not isinstance(value, str):
                raise ControlError("%s must be a string" % name)
            return value

        def client_id_of(self, request, registered_only):
            client_id = self.optional_string(request, "clientId")
            if client_id is None:
                if not config.client_ids:
                    raise ControlError("no clientId given and no --client-id configured")
                return config.client_ids[0]
            if registered_only and client_id not in config.client_ids:
                raise ControlError("clientId %s is not one of --client-id" % client_id)
            return client_id

        def private_email_of(self, request, email):
            private = request.get("isPrivateEmail")
            if private is None:
                return email is not None and email.lower().endswith("@privaterelay.appleid.com")
            if not isinstance(private, bool):
                raise ControlError("isPrivateEmail must be a boolean")
            return private

        def nonce_supported_of(self, request):
            supported = request.get("nonceSupported", True)
            if supported not in (True, False, "true", "false"):
                raise ControlError("nonceSupported must be a boolean or \"true\" or \"false\"")
            return supported

        def control_authorize(self, request):
            user = self.optional_string(request, "user") or new_user()
            client_id = self.client_id_of(request, registered_only=True)
            email = self.optional_string(request, "email")
            record = {"user": user, "clientId": client_id, "email": email,
                      "isPrivateEmail": self.private_email_of(request, email),
                      "redirectUri": self.optional_string(request, "redirectUri"),
                      "nonce": self.optional_string(request, "nonce"),
                      "nonceSupported": self.nonce_supported_of(request),
                      "issued": state.now(), "used": False, "revoked": False}
            code = new_token("c")
            with state.lock:
                state.codes[code] = record
            return {"code": code, "user": user}

        def control_revoke_user(self, request):
            user = self.optional_string(request, "user")
            if not user:
                raise ControlError("user is required")
            revoked = 0
            with state.lock:
                for record in state.refresh.values():
                    if record["user"] == user and not record["revoked"]:
                        record["revoked"] = True
                        revoked += 1
                for record in state.codes.values():
                    if record["user"] == user and not record["used"]:
                        record["revoked"] = True
            return {"revoked": revoked}

        def control_notification(self, request):
            kind = self.optional_string(request, "type")
            if kind not in NOTIFICATION_TYPES:
                raise ControlError("type must be one of %s" % ", ".join(NOTIFICATION_TYPES))
            user = self.optional_string(request, "user")
            if not user:
                raise ControlError("user is required")
            client_id = self.client_id_of(request, registered_only=False)
            email = self.optional_string(request, "email")
            offset = request.get("iatOffset", 0)
            if not is_number(offset):
                raise ControlError("iatOffset must be a number")
            event_offset = request.get("eventTimeOffset", offset)
            if not is_number(event_offset):
                raise ControlError("eventTimeOffset must be a number")
            event_time = request.get("eventTime")
            if event_time is not None and not is_number(event_time):
                raise ControlError("eventTime must be a number of milliseconds")
            lifetime = request.get("lifetime", NOTIFICATION_LIFETIME)
            if not is_number(lifetime):
                raise ControlError("lifetime must be a number of seconds")
            omit_jti = request.get("omitJti", False)
            if not isinstance(omit_jti, bool):
                raise ControlError("omitJti must be a boolean")
            key_path = self.optional_string(request, "signingKey")
            key_id = self.optional_string(request, "signingKeyId")
            if key_path is not None:
                try:
                    key = SigningKey.load(key_path, key_id or (config.signing_key.kid if config.signing_key else "forged"))
                except (OSError, OpensslError) as error:
                    raise ControlError("signingKey: %s" % error)
            elif config.signing_key is not None:
                key = config.signing_key if key_id is None else SigningKey(config.signing_key.pem, config.signing_key.alg, key_id)
            else:
                raise ControlError("no --signing-key configured and no signingKey given")
            now = state.now()
            moment = now + offset
            if event_time is None:
                event_time = int((now + event_offset) * 1000)
            events = {"type": kind, "sub": user, "event_time": int(event_time)}
            if email is not None:
                events["email"] = email
            if email is not None or request.get("isPrivateEmail") is not None:
                events["is_private_email"] = "true" if self.private_email_of(request, email) else "false"
            claims = {"iss": APPLE_ISSUER, "aud": client_id, "iat": int(moment), "exp": int(moment + lifetime),
                      "events": compact_json(events)}
            if not omit_jti:
                claims["jti"] = secrets.token_hex(16)
            return {"body": json.dumps({"payload": key.jws(claims)})}

        def control_reset(self, request):
            with state.lock:
                state.reset()
            return {}

        def control_clock(self, request):
            advance = request.get("advance")
            if not is_number(advance):
                raise ControlError("advance: a number of seconds")
            with state.lock:
                state.clock_offset += advance
                return {"offset": state.clock_offset}

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8081, help="port; 0 picks a free one (default 8081)")
    parser.add_argument("--keys", help="JSON file with the key set to serve ({\"keys\": [...]})")
    parser.add_argument("--signing-key", help="PEM private key (RSA or P-256) that signs id_tokens and notifications")
    parser.add_argument("--signing-key-id", help="the kid of --signing-key")
    parser.add_argument("--team-id", help="the developer's Team ID (the client secret's iss)")
    parser.add_argument("--key-id", help="the developer's Sign in with Apple key id (the client secret's kid)")
    parser.add_argument("--client-key", help="PEM public key (SPKI) of the developer's .p8 key")
    parser.add_argument("--client-id", action="append", default=[], help="a registered App ID or Services ID (repeatable)")
    parser.add_argument("--code-lifetime", type=float, default=300, help="authorization code lifetime in seconds (default 300)")
    parser.add_argument("--token-lifetime", type=float, default=600, help="id_token lifetime in seconds (default 600)")
    parser.add_argument("--refresh-without-id-token", action="store_true",
                        help="answer refresh_token grants without an id_token, as Apple is reported to")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    arguments = parser.parse_args()
    # A parent that spawns from a thread with signals blocked (a libdispatch worker does) passes its
    # mask on; unblock the signals that stop the server so that terminating it works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    if (arguments.signing_key is None) != (arguments.signing_key_id is None):
        parser.error("--signing-key and --signing-key-id go together")
    client_flags = [arguments.team_id, arguments.key_id, arguments.client_key]
    if any(flag is not None for flag in client_flags):
        if any(flag is None for flag in client_flags):
            parser.error("--team-id, --key-id and --client-key go together")
        if arguments.signing_key is None:
            parser.error("--team-id needs --signing-key and --signing-key-id to sign id_tokens")
    if arguments.code_lifetime < 0 or arguments.token_lifetime < 0:
        parser.error("lifetimes must not be negative")
    keys = []
    if arguments.keys:
        with open(arguments.keys) as file:
            keys = json.load(file)["keys"]
    try:
        signing_key = SigningKey.load(arguments.signing_key, arguments.signing_key_id) if arguments.signing_key else None
        client_key = load_client_key(arguments.client_key) if arguments.client_key else None
    except (OSError, OpensslError) as error:
        parser.error(str(error))
    config = Config(arguments, signing_key, client_key)
    server_state = ServerState(keys)
    server_state.refresh_id_token = config.refresh_id_token
    server = ThreadingHTTPServer((arguments.host, arguments.port), make_handler(server_state, config, arguments.verbose))
    server.daemon_threads = True
    host, port = server.server_address[:2]
    print("apple-auth-server listening on http://%s:%d" % (host, port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
