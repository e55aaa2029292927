"""An OAuth 2 authorization server and a resource server on 127.0.0.1, whose protocol logic is
Authlib's (pinned in requirements.txt), and /api/items, which needs a bearer token with the scope
`items:read`. Prints `PORT n`, serves until stdin closes.

Grants, all at /oauth/token: client credentials (confidential client, HTTP Basic); authorization
code with PKCE S256 required (/oauth/authorize approves at once, as the user `ada`, and redirects
to the client's loopback redirect URI: any http://127.0.0.1:PORT/callback); device authorization
(RFC 8628: /oauth/device, approved with POST /device/approve?user_code=… or as /admin/device says); refresh
tokens (rotated: a refresh token works once). OpenID Connect discovery at
/.well-known/openid-configuration.

Test controls: GET /stats gives {"tokens": n, "scopes": [...], "grants": [grant type of each]};
POST /admin/revoke revokes every access token issued so far (the next call with one is a 401);
POST /admin/revoke-refresh revokes every refresh token; POST
/admin/device?expires_in=S&slow_down=1&approve_after=N sets the next device codes' lifetime, makes
their first poll a `slow_down` and approves them once N polls were answered (as a user who
approves between two polls, whatever the load on the machine); GET
/device/polls?user_code=… says how many polls came and the seconds between them.

Clients: `netspec` / `s3cret` (confidential: client credentials); `netspec-cli` (public, no
secret: authorization code, device code, refresh token). Both may have items:read and items:write.
`netspec-app` / `app-s3cret` (confidential, HTTP Basic: authorization code, device code, refresh
token; items:read): a login whose optional client secret is given.
"""
import os
import sys
import threading
import time

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # plain http on loopback, for the tests

from urllib.parse import urlparse

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.oauth2.rfc6749 import AuthorizationCodeMixin, ClientMixin, TokenMixin, grants
from authlib.oauth2.rfc6750 import BearerTokenValidator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict
from flask import Flask, jsonify, request
from werkzeug.serving import make_server

app = Flask(__name__)
app.config["OAUTH2_REFRESH_TOKEN_GENERATOR"] = True  # refresh tokens for the clients allowed the grant
lock = threading.Lock()
issued = []  # every token issued, in order


class Client(ClientMixin):
    def __init__(self, client_id, secret, scopes, grant_types):
        self.client_id, self.secret, self.scopes, self.grant_types = client_id, secret, scopes, grant_types

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return " ".join(s for s in (scope or "").split() if s in self.scopes)

    def check_redirect_uri(self, redirect_uri):
        # RFC 8252 §7.3: a loopback redirect URI, any port.
        url = urlparse(redirect_uri)
        return self.secret is None and url.scheme == "http" and url.hostname == "127.0.0.1" and url.path == "/callback"

    def check_client_secret(self, client_secret):
        return client_secret == self.secret

    def check_endpoint_auth_method(self, method, endpoint):
        return method == ("none" if self.secret is None else "client_secret_basic")

    def check_token_endpoint_auth_method(self, method):  # Authlib before 1.3
        return self.check_endpoint_auth_method(method, "token")

    def check_response_type(self, response_type):
        return response_type == "code" and "authorization_code" in self.grant_types

    def check_grant_type(self, grant_type):
        return grant_type in self.grant_types


class Token(TokenMixin):
    def __init__(self, fields, client_id, grant_type):
        self.fields, self.client_id, self.issued_at, self.revoked = fields, client_id, time.time(), False
        self.grant_type, self.refresh_revoked = grant_type, False

    def check_client(self, client):
        return client.get_client_id() == self.client_id

    def get_scope(self):
        return self.fields.get("scope", "")

    def get_expires_in(self):
        return self.fields.get("expires_in", 3600)

    def is_expired(self):
        return time.time() > self.issued_at + self.get_expires_in()

    def is_revoked(self):
        return self.revoked


DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
clients = {
    "netspec": Client("netspec", "s3cret", ["items:read", "items:write"], ["client_credentials"]),
    "netspec-cli": Client("netspec-cli", None, ["items:read", "items:write"], ["authorization_code", "refresh_token", DEVICE_GRANT]),
    "netspec-app": Client("netspec-app", "app-s3cret", ["items:read"], ["authorization_code", "refresh_token", DEVICE_GRANT]),
}


class User:
    def get_user_id(self):
        return "ada"


class Code(AuthorizationCodeMixin):
    def __init__(self, code, client_id, redirect_uri, scope, challenge, method):
        self.code, self.client_id, self.redirect_uri, self.scope = code, client_id, redirect_uri, scope
        self.code_challenge, self.code_challenge_method = challenge, method

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope


codes = {}


class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "none"]  # each client its own (Client.check_endpoint_auth_method)

    def save_authorization_code(self, code, request):
        data = request.payload.data
        with lock:
            codes[code] = Code(code, request.client.get_client_id(), request.payload.redirect_uri, request.payload.scope,
                               data.get("code_challenge"), data.get("code_challenge_method"))

    def query_authorization_code(self, code, client):
        with lock:
            found = codes.get(code)
        return found if found and found.client_id == client.get_client_id() else None

    def delete_authorization_code(self, authorization_code):
        with lock:
            codes.pop(authorization_code.code, None)

    def authenticate_user(self, authorization_code):
        return User()


class RefreshTokenGrant(grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "none"]  # each client its own (Client.check_endpoint_auth_method)
    INCLUDE_NEW_REFRESH_TOKEN = True

    def authenticate_refresh_token(self, refresh_token):
        with lock:
            return next((t for t in issued if t.fields.get("refresh_token") == refresh_token and not t.refresh_revoked), None)

    def authenticate_user(self, credential):
        return User()

    def revoke_old_credential(self, credential):
        with lock:
            credential.refresh_revoked = True


device = {"expires_in": 600, "slow_down": False, "approve_after": 0}
device_credentials = {}  # device_code → DeviceCredentialDict
approvals = {}  # user_code → True


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    CLIENT_AUTH_METHODS = ["client_secret_basic", "none"]
    INTERVAL = 1

    def get_verification_uri(self):
        return request.host_url + "device"

    def save_device_credential(self, client_id, scope, data):
        with lock:
            self.EXPIRES_IN = device["expires_in"]
            data["expires_in"] = device["expires_in"]
            device_credentials[data["device_code"]] = DeviceCredentialDict(
                client_id=client_id, scope=scope, expires_at=time.time() + device["expires_in"], polls=0, slow_down=device["slow_down"],
                approve_after=device["approve_after"], poll_times=[], **data)


class DeviceGrant(DeviceCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "none"]  # each client its own (Client.check_endpoint_auth_method)

    def query_device_credential(self, device_code):
        with lock:
            credential = device_credentials.get(device_code)
            if credential is not None:
                credential["poll_times"].append(time.time())
            return credential

    def query_user_grant(self, user_code):
        with lock:
            return (User(), True) if approvals.get(user_code) else None

    def should_slow_down(self, credential):
        with lock:
            credential["polls"] += 1
            if credential["approve_after"] and credential["polls"] >= credential["approve_after"]:
                approvals[credential["user_code"]] = True
            return credential["slow_down"] and credential["polls"] == 1


def save_token(token, request):
    with lock:
        issued.append(Token(token, request.client.get_client_id(), request.payload.grant_type))


server = AuthorizationServer(app, query_client=clients.get, save_token=save_token)
server.register_grant(grants.ClientCredentialsGrant)
server.register_grant(AuthorizationCodeGrant, [CodeChallenge(required=True)])
server.register_grant(RefreshTokenGrant)
server.register_grant(DeviceGrant)
server.register_endpoint(DeviceEndpoint)


class Validator(BearerTokenValidator):
    def authenticate_token(self, token_string):
        with lock:
            return next((t for t in issued if t.fields["access_token"] == token_string), None)


require_oauth = ResourceProtector()
require_oauth.register_token_validator(Validator())


@app.route("/oauth/token", methods=["POST"])
def issue_token():
    return server.create_token_response()


@app.route("/oauth/authorize")
def authorize():
    return server.create_authorization_response(grant_user=User())


@app.route("/oauth/device", methods=["POST"])
def device_authorization():
    return server.create_endpoint_response(DeviceEndpoint.ENDPOINT_NAME)


@app.route("/device/approve", methods=["POST"])
def approve():
    with lock:
        approvals[request.args["user_code"]] = True
    return jsonify({"approved": request.args["user_code"]})


@app.route("/.well-known/openid-configuration")
def discovery():
    """OpenID Connect discovery: where each endpoint is."""
    base = request.host_url.rstrip("/")
    return jsonify({
        "issuer": base, "authorization_endpoint": base + "/oauth/authorize", "token_endpoint": base + "/oauth/token",
        "device_authorization_endpoint": base + "/oauth/device",
        "grant_types_supported": ["authorization_code", "refresh_token", DEVICE_GRANT, "client_credentials"],
        "code_challenge_methods_supported": ["S256"],
    })


@app.route("/device/polls")
def polls():
    """The seconds between the polls of the code's device, and how many there were."""
    with lock:
        credential = next((c for c in device_credentials.values() if c["user_code"] == request.args["user_code"]), None)
        times = credential["poll_times"] if credential else []
    return jsonify({"polls": len(times), "gaps": [round(b - a, 2) for a, b in zip(times, times[1:])]})


@app.route("/admin/device", methods=["POST"])
def device_settings():
    with lock:
        device["expires_in"] = int(request.args.get("expires_in", device["expires_in"]))
        device["slow_down"] = request.args.get("slow_down") == "1"
        device["approve_after"] = int(request.args.get("approve_after", 0))
    return jsonify(device)


@app.route("/admin/revoke-refresh", methods=["POST"])
def revoke_refresh():
    with lock:
        for token in issued:
            token.refresh_revoked = True
    return jsonify({"revoked": len(issued)})


@app.route("/api/items")
@require_oauth("items:read")
def items():
    return jsonify([{"id": 1, "name": "kettle"}])


@app.route("/stats")
def stats():
    with lock:
        return jsonify({"tokens": len(issued), "scopes": [t.get_scope() for t in issued], "grants": [t.grant_type for t in issued]})


@app.route("/admin/revoke", methods=["POST"])
def revoke():
    with lock:
        for token in issued:
            token.revoked = True
    return jsonify({"revoked": len(issued)})


http = make_server("127.0.0.1", 0, app, threaded=True)
print(f"PORT {http.server_port}", flush=True)
threading.Thread(target=http.serve_forever, daemon=True).start()
sys.stdin.read()
http.shutdown()
