"""httpbin (pinned in requirements.txt) on 127.0.0.1: prints `PORT n`, serves until stdin closes."""
import sys
import threading

from httpbin import app
from werkzeug.serving import make_server

server = make_server("127.0.0.1", 0, app, threaded=True)
print(f"PORT {server.server_port}", flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
server.shutdown()
