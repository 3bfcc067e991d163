#!/usr/bin/env python3
"""A TCP proxy on loopback that records every byte it forwards, in both directions.

    tcp_capture.py --listen PORT --target HOST:PORT --out FILE

Prints `listening` once bound; runs until killed. Used by the Handoff acceptance test to prove
that no canary string crosses the wire between device daemons and the relay.
"""
import argparse
import asyncio
import signal
import sys


async def pipe(reader, writer, out):
    try:
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                break
            out.write(chunk)
            out.flush()
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def main():
    # A parent may have started us with SIGTERM blocked: be stoppable.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--target", required=True)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    host, port = arguments.target.rsplit(":", 1)
    out = open(arguments.out, "ab")

    async def handle(client_reader, client_writer):
        try:
            target_reader, target_writer = await asyncio.open_connection(host, int(port))
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(
            pipe(client_reader, target_writer, out), pipe(target_reader, client_writer, out))

    server = await asyncio.start_server(handle, "127.0.0.1", arguments.listen)
    print("listening", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
