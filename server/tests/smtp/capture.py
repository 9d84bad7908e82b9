"""A real SMTP server for the shop's mail tests (aiosmtpd), on 127.0.0.1.

    capture.py --dir FOLDER [--port N]   serves SMTP; prints "listening on PORT" once
                                         it listens; each message received becomes
                                         FOLDER/NNNN.json (written whole, by rename)
    capture.py --parse FILE.eml          prints one .eml file read the same way
    --delay SECONDS                      answers each message that much later (after
                                         keeping it), as a slow mail server does

Each message is read with Python's own e-mail parser, so the tests see what a
mail program would: the envelope, the decoded headers, and the text and HTML
parts decoded from whatever transfer encoding the shop chose.
"""

import argparse
import asyncio
import email
import email.policy
import itertools
import json
import os
import signal
import sys

from aiosmtpd.smtp import SMTP


def parsed(raw: bytes) -> dict:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    parts = {}
    types = []
    for part in message.walk():
        types.append(part.get_content_type())
        if part.is_multipart():
            continue
        kind = part.get_content_type()
        if kind in ("text/plain", "text/html") and kind not in parts:
            parts[kind] = part.get_content()
    return {
        "from": str(message.get("From", "")),
        "to": str(message.get("To", "")),
        "subject": str(message.get("Subject", "")),
        "messageId": str(message.get("Message-ID", "")),
        "contentTypes": types,
        "text": parts.get("text/plain"),
        "html": parts.get("text/html"),
    }


class Capture:
    def __init__(self, folder: str, delay: float):
        self.folder = folder
        self.delay = delay
        self.numbers = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        record = parsed(envelope.original_content or envelope.content)
        record["mailFrom"] = envelope.mail_from
        record["rcptTos"] = list(envelope.rcpt_tos)
        number = next(self.numbers)
        path = os.path.join(self.folder, f"{number:04d}.json")
        with open(path + ".part", "w", encoding="utf-8") as out:
            json.dump(record, out)
        os.rename(path + ".part", path)
        if self.delay:
            await asyncio.sleep(self.delay)
        return "250 OK"


async def serve(folder: str, port: int, delay: float) -> None:
    os.makedirs(folder, exist_ok=True)
    handler = Capture(folder, delay)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(handler), host="127.0.0.1", port=port)
    print(f"listening on {server.sockets[0].getsockname()[1]}", flush=True)
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    # The tests that start it may die without stopping it: end with them.
    loop.add_reader(sys.stdin.fileno(), lambda: stop.set() if not sys.stdin.buffer.read1(1) else None)
    await stop.wait()
    server.close()


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__)
    arguments.add_argument("--dir")
    arguments.add_argument("--port", type=int, default=0)
    arguments.add_argument("--parse")
    arguments.add_argument("--delay", type=float, default=0.0)
    options = arguments.parse_args()
    if options.parse:
        with open(options.parse, "rb") as file:
            print(json.dumps(parsed(file.read())))
        return
    if not options.dir:
        arguments.error("--dir or --parse is needed")
    asyncio.run(serve(options.dir, options.port, options.delay))


if __name__ == "__main__":
    main()
