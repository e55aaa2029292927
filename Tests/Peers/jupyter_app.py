"""Jupyter Server (pinned in requirements.txt) on 127.0.0.1 with the token `netspec-token`, serving
a scratch folder holding `hello.txt`: prints `PORT n` once it answers, serves until stdin closes."""
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

def free_port_outside_the_ephemeral_range():
    """A port the kernel never hands to a `bind(port 0)`: Jupyter binds its port itself, and a port
    probed with `bind(0)` and let go can be taken by a test's own server (bound with port 0) in the
    seconds Jupyter takes to start; the readiness probe then reached that server (stop 65's CI)."""
    low = 32768
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as ranges:
            low = int(ranges.read().split()[0])
    except (OSError, ValueError, IndexError):
        pass
    for _ in range(100):
        port = random.randrange(max(1024, low - 12000), low)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    sys.exit("no free port below the ephemeral range")


def is_jupyter(port):
    """Whether the server on `port` is Jupyter (its `/api/` answers `{"version": ...}`)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/", timeout=1) as answer:
            return "version" in json.loads(answer.read())
    except Exception:
        return False


root = tempfile.mkdtemp()
with open(os.path.join(root, "hello.txt"), "w") as file:
    file.write("hi\n")
for attempt in range(5):
    port = free_port_outside_the_ephemeral_range()
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         "--IdentityProvider.token=netspec-token", "--ServerApp.open_browser=False", f"--ServerApp.root_dir={root}", "--allow-root"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "JUPYTER_CONFIG_DIR": os.path.join(root, ".config"), "JUPYTER_DATA_DIR": os.path.join(root, ".data"),
             "JUPYTER_RUNTIME_DIR": os.path.join(root, ".runtime")},
    )
    for _ in range(300):
        if is_jupyter(port) or server.poll() is not None:
            break
        time.sleep(0.1)
    if server.poll() is None and is_jupyter(port):
        break
    # Ended (its port taken after the probe) or never answered: another port.
    server.kill()
    server.wait()
else:
    sys.exit("jupyter server did not start")
print(f"PORT {port}", flush=True)
sys.stdin.read()
server.terminate()
server.wait()
