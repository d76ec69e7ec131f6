"""A real Redis Cluster of three masters and three replicas on loopback ports, each
node a redis-server (Debian's package) in a folder of its own with its append-only
file on, made into a cluster with `redis-cli --cluster create … --cluster-replicas 1`.
Each master takes writes only while a replica is connected (`min-replicas-to-write
1`), as the store's page recommends. Started and stopped by the tests."""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import time
from pathlib import Path

from support.redis_server import RedisServer

CLI = shutil.which("redis-cli") or "/usr/bin/redis-cli"
#: Milliseconds before a silent master counts as failed (the failover follows).
NODE_TIMEOUT_MS = 1000


def cluster_port() -> int:
    """A free port whose cluster bus port (10000 higher) is free too."""
    while True:
        port = random.randint(20000, 55000)
        try:
            for candidate in (port, port + 10000):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", candidate))
        except OSError:
            continue
        return port


class ClusterNode(RedisServer):
    def arguments(self) -> list[str]:
        return [*super().arguments(), "--cluster-enabled", "yes", "--cluster-config-file", str(self.folder / "nodes.conf"),
                "--cluster-node-timeout", str(NODE_TIMEOUT_MS), "--min-replicas-to-write", "1",
                "--min-replicas-max-lag", "10", "--appendfsync", "always", "--repl-diskless-sync-delay", "0"]


class RedisCluster:
    def __init__(self, folder: Path, size: int = 6):
        self.nodes = [ClusterNode(folder / f"node-{n}", cluster_port()) for n in range(size)]

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{node.port}" for node in self.nodes)

    def start(self) -> None:
        for node in self.nodes:
            node.start()
        done = subprocess.run([CLI, "--cluster", "create", *(f"127.0.0.1:{node.port}" for node in self.nodes),
                               "--cluster-replicas", "1", "--cluster-yes"], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        self.wait_healthy()

    def info(self, node: ClusterNode, *args: str) -> str:
        return subprocess.run([CLI, "-p", str(node.port), *args], capture_output=True, text=True, timeout=10).stdout

    def masters(self) -> dict[int, ClusterNode]:
        """The live masters, by port, as a live node sees the cluster."""
        by_port = {node.port: node for node in self.nodes}
        for node in self.nodes:
            if node.process is None or node.process.poll() is not None:
                continue
            found = {}
            for line in self.info(node, "cluster", "nodes").splitlines():
                fields = line.split()
                if len(fields) > 2 and "master" in fields[2] and "fail" not in fields[2]:
                    port = int(fields[1].split("@")[0].rsplit(":", 1)[1])
                    found[port] = by_port[port]
            return found
        return {}

    def master_of(self, key: str) -> ClusterNode:
        """The master that holds `key`'s slot now (redis-py reads the slots' map)."""
        from redis.cluster import ClusterNode as Node, RedisCluster as Client

        client = Client(startup_nodes=[Node("127.0.0.1", node.port) for node in self.live()])
        try:
            port = client.get_node_from_key(key).port
        finally:
            client.close()
        return next(node for node in self.nodes if node.port == port)

    def live(self) -> list[ClusterNode]:
        return [node for node in self.nodes if node.process is not None and node.process.poll() is None]

    def wait_healthy(self, seconds: float = 60) -> None:
        """Until every live node says the cluster is ok and three masters serve."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if all("cluster_state:ok" in self.info(node, "cluster", "info") for node in self.live()) and \
                    len(self.masters()) == 3 and self.replicas_connected():
                return
            time.sleep(0.2)
        raise AssertionError("the cluster did not become healthy")

    def replicas_connected(self) -> bool:
        """Whether every live master has a replica online (writes are taken)."""
        return all("state=online" in self.info(node, "info", "replication") for node in self.masters().values())

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

