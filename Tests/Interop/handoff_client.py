#!/usr/bin/env python3
"""An independent Handoff device in Python, written from docs/handoff.md alone.

It proves the wire protocol can be implemented in another language: it joins a device group
with a pairing code, receives and decrypts an advertisement, and continues an activity by
asking the source device for its payload. Needs PyPI `cryptography` and `pyhpke`.

    handoff_client.py join --relay URL --code CODE --state FILE [--name NAME]
    handoff_client.py receive --relay URL --state FILE [--kind advertise] [--wait S]
    handoff_client.py continue --relay URL --state FILE --to DEVICE --activity REF [--wait S]

Each prints one JSON object; errors go to stderr with a non-zero exit.
"""
import argparse
import base64
import datetime
import hashlib
import json
import sys
import time
import urllib.error
import urllib.request
import uuid

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from pyhpke import AEADId, CipherSuite, KDFId, KEMId

SUITE = CipherSuite.new(KEMId.DHKEM_X25519_HKDF_SHA256, KDFId.HKDF_SHA256, AEADId.CHACHA20_POLY1305)
INFO = b"proactive handoff v1"
RAW = dict(encoding=serialization.Encoding.Raw, format=serialization.PublicFormat.Raw)
RAW_PRIVATE = dict(
    encoding=serialization.Encoding.Raw, format=serialization.PrivateFormat.Raw,
    encryption_algorithm=serialization.NoEncryption())


class Failure(Exception):
    pass


def b64(data):
    return base64.b64encode(data).decode()


def unb64(text):
    return base64.b64decode(text, validate=True)


def now_text():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def device_id(signing_public_raw):
    return hashlib.sha256(signing_public_raw).digest()[:16].hex()


def hkdf(secret, info, length):
    return HKDF(algorithm=SHA256(), length=length, salt=None, info=info).derive(secret)


# MARK: HTTP

def call(relay, method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(relay.rstrip("/") + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=45) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            message = json.loads(raw)["error"]["message"]
        except Exception:
            message = raw.decode(errors="replace")
        raise Failure(f"relay answered {error.code} to {method} {path}: {message}")


# MARK: State

class Device:
    def __init__(self, path):
        self.path = path
        with open(path) as file:
            self.state = json.load(file)
        self.signing = Ed25519PrivateKey.from_private_bytes(unb64(self.state["signingKey"]))
        self.agreement = X25519PrivateKey.from_private_bytes(unb64(self.state["agreementKey"]))
        self.id = self.state["id"]
        self.token = None

    def save(self):
        with open(self.path, "w") as file:
            json.dump(self.state, file)

    @property
    def members(self):
        return json.loads(unb64(self.state["list"]["list"]))

    def member(self, device):
        for record in self.members["devices"]:
            if record["id"] == device:
                return record
        return None

    def session(self, relay):
        if self.token:
            return self.token
        challenge = call(relay, "POST", "/v1/challenges")[1]["challenge"]
        group = self.members["group"]
        statement = f"proactive-relay-session-v1\n{challenge}\n{group}\n{self.id}".encode()
        answer = call(relay, "POST", "/v1/sessions", {
            "group": group, "device": self.id, "challenge": challenge,
            "signature": b64(self.signing.sign(statement))})[1]
        self.token = answer["token"]
        return self.token


def verify_list(signed, trusted):
    """Verifies a signed list against the trusted version (None: signed by one of its own)."""
    raw = unb64(signed["list"])
    candidate = json.loads(raw)
    for record in candidate["devices"]:
        if device_id(unb64(record["signingKey"])) != record["id"]:
            raise Failure(f"device {record['id']}: its id does not match its signing key")
    if trusted is not None:
        if candidate["group"] != trusted["group"] or candidate["version"] != trusted["version"] + 1:
            raise Failure("the list does not follow the trusted one")
        signers = trusted
    else:
        signers = candidate
    signer = next((d for d in signers["devices"] if d["id"] == signed["signer"]), None)
    if signer is None:
        raise Failure("the list is signed by a device that is not a member")
    Ed25519PublicKey.from_public_bytes(unb64(signer["signingKey"])).verify(unb64(signed["signature"]), raw)
    return candidate


# MARK: Sealing

def seal(device, recipient, kind, body):
    message = json.dumps({
        "v": 1, "kind": kind, "id": str(uuid.uuid4()), "from": device.id, "to": recipient["id"],
        "sentAt": now_text(), "body": body}).encode()
    inner = json.dumps({"message": b64(message), "signature": b64(device.signing.sign(message))}).encode()
    pkr = SUITE.kem.deserialize_public_key(unb64(recipient["agreementKey"]))
    enc, sender = SUITE.create_sender_context(pkr, info=INFO)
    return enc + sender.seal(inner, aad=recipient["id"].encode())


def open_envelope(device, ciphertext):
    skr = SUITE.kem.deserialize_private_key(device.agreement.private_bytes(**RAW_PRIVATE))
    recipient = SUITE.create_recipient_context(ciphertext[:32], skr, info=INFO)
    inner = json.loads(recipient.open(ciphertext[32:], aad=device.id.encode()))
    raw = unb64(inner["message"])
    message = json.loads(raw)
    sender = device.member(message["from"])
    if sender is None:
        raise Failure("the message comes from a device that is not in the group")
    Ed25519PublicKey.from_public_bytes(unb64(sender["signingKey"])).verify(unb64(inner["signature"]), raw)
    if message["to"] != device.id:
        raise Failure("the message is addressed to another device")
    age = datetime.datetime.now(datetime.timezone.utc) - parse_time(message["sentAt"])
    if abs(age.total_seconds()) > 24 * 3600:
        raise Failure("the message is older than 24 hours")
    if message["id"] in device.state["seen"]:
        raise Failure("the message was seen before (a replay)")
    device.state["seen"].append(message["id"])
    return message


def receive(device, relay, accept, wait):
    """Long-polls until a message for which accept(message) is true arrives."""
    deadline = time.time() + wait
    while time.time() < deadline:
        token = device.session(relay)
        seconds = max(0, min(20, int(deadline - time.time())))
        inbox = call(relay, "GET", f"/v1/envelopes?wait={seconds}", token=token)[1]
        trusted = device.members
        if inbox["listVersion"] > trusted["version"]:
            lists = call(relay, "GET", f"/v1/groups/{trusted['group']}/lists?since={trusted['version']}",
                         token=token)[1]["lists"]
            for signed in sorted(lists, key=lambda s: json.loads(unb64(s["list"]))["version"]):
                trusted = verify_list(signed, trusted)
                device.state["list"] = signed
        found = None
        for envelope in inbox["envelopes"]:
            try:
                message = open_envelope(device, unb64(envelope["ciphertext"]))
                if found is None and accept(message):
                    found = message
            except Exception as error:
                print(f"refused envelope {envelope['id']}: {error}", file=sys.stderr)
            call(relay, "DELETE", f"/v1/envelopes/{envelope['id']}", token=token)
        device.save()
        if found is not None:
            return found
    raise TimeoutError("no such message arrived in time")


# MARK: Commands

def join(arguments):
    secret = base64.b32decode(arguments.code.replace("-", "").replace(" ", "").upper())
    if len(secret) != 20:
        raise Failure("not a pairing code")
    slot = hkdf(secret, b"proactive pairing slot v1", 16).hex()
    key = ChaCha20Poly1305(hkdf(secret, b"proactive pairing key v1", 32))
    signing = Ed25519PrivateKey.generate()
    agreement = X25519PrivateKey.generate()
    signing_raw = signing.public_key().public_bytes(**RAW)
    me = {"id": device_id(signing_raw), "name": arguments.name, "signingKey": b64(signing_raw),
          "agreementKey": b64(agreement.public_key().public_bytes(**RAW))}
    nonce = uuid.uuid4().bytes[:12]
    sealed = nonce + key.encrypt(nonce, json.dumps({"device": me}).encode(), b"join")
    call(arguments.relay, "POST", f"/v1/pairings/{slot}/join", {"join": b64(sealed)})
    deadline = time.time() + arguments.wait
    while time.time() < deadline:
        status, answer = call(arguments.relay, "GET", f"/v1/pairings/{slot}/welcome?wait=10")
        if status == 204 or not answer:
            continue
        blob = unb64(answer["welcome"])
        welcome = json.loads(key.decrypt(blob[:12], blob[12:], b"welcome"))
        if welcome["joiner"] != me["id"]:
            raise Failure("the welcome is for another device")
        members = verify_list(welcome["list"], None)
        if not any(d["id"] == me["id"] for d in members["devices"]):
            raise Failure("the group's list does not hold this device")
        signer = next(d for d in members["devices"] if d["id"] == welcome["list"]["signer"])
        digest = hashlib.sha256(b"proactive pairing verification v1" + secret + unb64(signer["signingKey"])).digest()
        number = int.from_bytes(digest[:4], "big") % 1_000_000
        state = {"id": me["id"], "name": me["name"], "signingKey": b64(signing.private_bytes(**RAW_PRIVATE)),
                 "agreementKey": b64(agreement.private_bytes(**RAW_PRIVATE)), "list": welcome["list"], "seen": []}
        with open(arguments.state, "w") as file:
            json.dump(state, file)
        return {"group": members["group"], "device": {"id": me["id"], "name": me["name"]},
                "verification": f"{number:06d}"[:3] + " " + f"{number:06d}"[3:]}
    raise TimeoutError("no welcome arrived in time")


def receive_command(arguments):
    device = Device(arguments.state)
    message = receive(device, arguments.relay, lambda m: m["kind"] == arguments.kind, arguments.wait)
    return {"from": message["from"], "kind": message["kind"], "body": message["body"]}


def continue_command(arguments):
    device = Device(arguments.state)
    recipient = device.member(arguments.to)
    if recipient is None:
        raise Failure(f"no device {arguments.to} in the group")
    request = str(uuid.uuid4())
    envelope = seal(device, recipient, "payloadRequest", {"request": request, "activity": arguments.activity})
    call(arguments.relay, "POST", "/v1/envelopes", {"to": recipient["id"], "ciphertext": b64(envelope), "ttl": 120},
         token=device.session(arguments.relay))
    message = receive(device, arguments.relay,
                      lambda m: m["kind"] in ("payload", "payloadError") and m["body"].get("request") == request,
                      arguments.wait)
    if message["kind"] == "payloadError":
        raise Failure("the device answered: " + message["body"].get("error", "?"))
    return {"kind": "payload", "body": message["body"]}


def main():
    parser = argparse.ArgumentParser(description="A Handoff device written from docs/handoff.md.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("join", "receive", "continue"):
        command = commands.add_parser(name)
        command.add_argument("--relay", required=True)
        command.add_argument("--state", required=True)
        command.add_argument("--wait", type=float, default=30)
    commands.choices["join"].add_argument("--code", required=True)
    commands.choices["join"].add_argument("--name", default="Python")
    commands.choices["receive"].add_argument("--kind", default="advertise")
    commands.choices["continue"].add_argument("--to", required=True)
    commands.choices["continue"].add_argument("--activity", required=True)
    arguments = parser.parse_args()
    handlers = {"join": join, "receive": receive_command, "continue": continue_command}
    try:
        print(json.dumps(handlers[arguments.command](arguments)))
    except TimeoutError as error:
        print(str(error), file=sys.stderr)
        sys.exit(3)
    except Failure as error:
        print(str(error), file=sys.stderr)
        sys.exit(4)


if __name__ == "__main__":
    main()
