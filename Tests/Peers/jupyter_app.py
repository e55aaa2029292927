"""Jupyter Server (pinned in requirements.txt) on 127.0.0.1 with the token `netspec-token`, serving
a scratch folder holding `hello.txt`: prints `PORT n` once it answers, serves until stdin closes."""
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
root = tempfile.mkdtemp()
with open(os.path.join(root, "hello.txt"), "w") as file:
    file.write("hi\n")
server = subprocess.Popen(
    [sys.executable, "-m", "jupyter_server", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
     "--IdentityProvider.token=netspec-token", "--ServerApp.open_browser=False", f"--ServerApp.root_dir={root}", "--allow-root"],
    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    env={**os.environ, "JUPYTER_CONFIG_DIR": os.path.join(root, ".config"), "JUPYTER_DATA_DIR": os.path.join(root, ".data"),
         "JUPYTER_RUNTIME_DIR": os.path.join(root, ".runtime")},
)
for _ in range(300):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/", timeout=1)
        break
    except Exception:
        if server.poll() is not None:
            sys.exit("jupyter server ended")
        time.sleep(0.1)
print(f"PORT {port}", flush=True)
sys.stdin.read()
server.terminate()
server.wait()
