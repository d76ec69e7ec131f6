"""Which client address a request comes from, for the limit on new sealed games.

The address is the connection's peer (`REMOTE_ADDR`), unless that peer is a proxy the
operator trusts (`REFEREE_TRUSTED_PROXIES`, or `TRUSTED_PROXIES` in the app's config:
comma-separated addresses or networks such as `10.0.0.0/8`). Then `X-Forwarded-For` is
read from its right end, where the trusted proxy wrote the address it saw, leftwards
past every trusted proxy; the first address not trusted is the client. Whatever a
client writes in the header itself stands to the left of that and is never reached;
from a peer not trusted, the header is not read at all.
"""

from __future__ import annotations

import ipaddress
import os
from typing import Any

VARIABLE = "REFEREE_TRUSTED_PROXIES"


class ProxiesInvalid(ValueError):
    """`REFEREE_TRUSTED_PROXIES` holds something that is no address or network."""


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(setting: Any = None, environ: Any = os.environ) -> tuple[Network, ...]:
    """The trusted proxies' networks, from a list or a comma-separated text (by default
    `REFEREE_TRUSTED_PROXIES`)."""
    if setting is None:
        setting = environ.get(VARIABLE, "")
    parts = setting.split(",") if isinstance(setting, str) else list(setting)
    try:
        return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in parts if part.strip())
    except ValueError as exc:
        raise ProxiesInvalid(f"{VARIABLE}: {exc}") from None


def _trusted(address: str, proxies: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in proxies)


def client_address(environ: dict, proxies: tuple[Network, ...]) -> str:
    """The client's address of the request with this WSGI environ."""
    peer = environ.get("REMOTE_ADDR") or ""
    if not proxies or not _trusted(peer, proxies):
        return peer
    forwarded = [part.strip() for part in environ.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    for address in reversed(forwarded):
        if not _trusted(address, proxies):
            return address
    # Every hop was a trusted proxy: the leftmost is the nearest to the client we know.
    return forwarded[0] if forwarded else peer
