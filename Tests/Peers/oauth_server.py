"""An OAuth 2 authorization server and a resource server on 127.0.0.1, whose protocol logic is
Authlib's (pinned in requirements.txt): the client credentials grant at /oauth/token (clients
authenticate with HTTP Basic), and /api/items, which needs a bearer token with the scope
`items:read`. Prints `PORT n`, serves until stdin closes.

Test controls: GET /stats gives {"tokens": <tokens issued>, "scopes": [<scope of each>]};
POST /admin/revoke revokes every token issued so far (the next call with one is a 401).

Clients: `netspec` / `s3cret` (may have items:read and items:write).
"""
import os
import sys
import threading
import time

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # plain http on loopback, for the tests

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants
from authlib.oauth2.rfc6750 import BearerTokenValidator
from flask import Flask, jsonify
from werkzeug.serving import make_server

app = Flask(__name__)
lock = threading.Lock()
issued = []  # every token issued, in order


class Client(ClientMixin):
    def __init__(self, client_id, secret, scopes):
        self.client_id, self.secret, self.scopes = client_id, secret, scopes

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return " ".join(s for s in (scope or "").split() if s in self.scopes)

    def check_redirect_uri(self, redirect_uri):
        return False

    def check_client_secret(self, client_secret):
        return client_secret == self.secret

    def check_endpoint_auth_method(self, method, endpoint):
        return method == "client_secret_basic"

    def check_token_endpoint_auth_method(self, method):  # Authlib before 1.3
        return method == "client_secret_basic"

    def check_response_type(self, response_type):
        return False

    def check_grant_type(self, grant_type):
        return grant_type == "client_credentials"


class Token(TokenMixin):
    def __init__(self, fields, client_id):
        self.fields, self.client_id, self.issued_at, self.revoked = fields, client_id, time.time(), False

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


clients = {"netspec": Client("netspec", "s3cret", ["items:read", "items:write"])}


def save_token(token, request):
    with lock:
        issued.append(Token(token, request.client.get_client_id()))


server = AuthorizationServer(app, query_client=clients.get, save_token=save_token)
server.register_grant(grants.ClientCredentialsGrant)


class Validator(BearerTokenValidator):
    def authenticate_token(self, token_string):
        with lock:
            return next((t for t in issued if t.fields["access_token"] == token_string), None)


require_oauth = ResourceProtector()
require_oauth.register_token_validator(Validator())


@app.route("/oauth/token", methods=["POST"])
def issue_token():
    return server.create_token_response()


@app.route("/api/items")
@require_oauth("items:read")
def items():
    return jsonify([{"id": 1, "name": "kettle"}])


@app.route("/stats")
def stats():
    with lock:
        return jsonify({"tokens": len(issued), "scopes": [t.get_scope() for t in issued]})


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
