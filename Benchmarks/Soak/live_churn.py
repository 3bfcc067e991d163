"""Live subscribers connecting and leaving: each connects to /v1/live with a WebSocket, subscribes to
a surface, waits for its first list, and leaves; several at a time, for the given seconds.
Prints how many sessions completed and how many failed.

    python3 live_churn.py URL TOKEN SECONDS [CONCURRENT]
"""
import base64, json, os, socket, struct, sys, threading, time, urllib.parse

url, token, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
concurrent = int(sys.argv[4]) if len(sys.argv) > 4 else 4
parts = urllib.parse.urlparse(url)
done = {"ok": 0, "failed": 0}
lock = threading.Lock()


def frame(text):
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    n = len(payload)
    header += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack("!H", n)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def session(surface):
    s = socket.create_connection((parts.hostname, parts.port), timeout=10)
    try:
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall(
            (f"GET /v1/live?token={token} HTTP/1.1\r\nHost: {parts.hostname}\r\nUpgrade: websocket\r\n"
             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                raise IOError("closed during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise IOError(head.split(b"\r\n")[0].decode())
        s.sendall(frame(json.dumps({"type": "subscribe", "id": "s", "surface": surface, "limit": 3})))
        data = head.split(b"\r\n\r\n", 1)[1]
        while b"suggestions" not in data:
            chunk = s.recv(65536)
            if not chunk:
                raise IOError("closed before the first list")
            data += chunk
        s.sendall(bytes([0x88, 0x80]) + os.urandom(4))  # close
    finally:
        s.close()


def worker(index):
    surfaces = ["appSwitcher", "lockScreen", "maps", "spotlight"]
    deadline = time.time() + seconds
    i = index
    while time.time() < deadline:
        try:
            session(surfaces[i % len(surfaces)])
            key = "ok"
        except Exception:
            key = "failed"
        with lock:
            done[key] += 1
        i += 1
        time.sleep(0.2)


threads = [threading.Thread(target=worker, args=(i,)) for i in range(concurrent)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(f"live sessions: {done['ok']} completed, {done['failed']} failed")
