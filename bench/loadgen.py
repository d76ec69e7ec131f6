"""A small bounded HTTP load generator in Python, for machines without wrk.

    python bench/loadgen.py --port 8000 --path /v1/turns --body body.json \
        --connections 8 --duration 5

One thread per connection, each sending the same POST over and over until the
deadline (the run always stops by itself). It speaks just enough HTTP/1.1: it reads the
status line, the headers and a Content-Length body, and reconnects when the server
closes the connection (gunicorn keeps it alive, but may close it at any answer). Like
wrk, it times a request from its first byte sent to the last byte of the answer, so a
new connection's handshake is not counted. It prints one line:

    LOADGEN requests=... seconds=... p50_us=... p99_us=... errors=... non_2xx=...

Being Python, it takes more CPU per request than wrk, which the servers feel on a
small machine; prefer wrk for the figures, this for smoke tests.
"""

from __future__ import annotations

import argparse
import socket
import threading
import time


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(p / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


def _read_response(sock: socket.socket, buf: bytes) -> tuple[int, bool, bytes]:
    """(status, server keeps the connection, leftover bytes); raises OSError on EOF."""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the headers")
        buf += chunk
    head, _, rest = buf.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = None
    keep = lines[0].startswith(b"HTTP/1.1")
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"connection":
            keep = value.strip().lower() == b"keep-alive" or (keep and value.strip().lower() != b"close")
    if length is None:  # read to the end
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return status, False, b""
            rest += chunk
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed in the body")
        rest += chunk
    return status, keep, rest[length:]


def run(host: str, port: int, path: str, body: bytes, connections: int, duration: float,
        timeout: float = 5.0) -> dict:
    request = (
        f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body
    latencies: list[list[float]] = [[] for _ in range(connections)]
    counts = [[0, 0] for _ in range(connections)]  # errors, non-2xx
    start = time.perf_counter()
    deadline = start + duration
    clock = time.perf_counter

    def worker(i: int) -> None:
        mine, count = latencies[i], counts[i]
        sock = None
        buf = b""
        while clock() < deadline:
            try:
                if sock is None:
                    sock = socket.create_connection((host, port), timeout=timeout)
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    buf = b""
                t0 = clock()
                sock.sendall(request)
                status, keep, buf = _read_response(sock, buf)
                mine.append(clock() - t0)
                if not 200 <= status < 300:
                    count[1] += 1
                if not keep:
                    sock.close()
                    sock = None
            except OSError:
                count[0] += 1
                if sock is not None:
                    sock.close()
                    sock = None
                time.sleep(0.001)
        if sock is not None:
            sock.close()

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(duration + timeout + 5)
    elapsed = clock() - start
    every = sorted(x for xs in latencies for x in xs)
    return {
        "requests": len(every),
        "seconds": elapsed,
        "p50_us": percentile(every, 50) * 1e6,
        "p99_us": percentile(every, 99) * 1e6,
        "errors": sum(c[0] for c in counts),
        "non_2xx": sum(c[1] for c in counts),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="bounded HTTP POST load")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", default="/v1/turns")
    parser.add_argument("--body", required=True, help="file with the request body")
    parser.add_argument("--connections", type=int, default=1)
    parser.add_argument("--duration", type=float, default=5.0, help="seconds (the run stops by itself)")
    args = parser.parse_args(argv)
    with open(args.body, "rb") as f:
        body = f.read()
    r = run(args.host, args.port, args.path, body, args.connections, args.duration)
    print(
        f"LOADGEN requests={r['requests']} seconds={r['seconds']:.3f} p50_us={r['p50_us']:.1f} "
        f"p99_us={r['p99_us']:.1f} errors={r['errors']} non_2xx={r['non_2xx']}",
        flush=True,
    )


if __name__ == "__main__":
    main()
