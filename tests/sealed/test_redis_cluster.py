"""Sealed games on a real Redis Cluster (`REFEREE_STORE=redis+cluster://…`): three masters
and three replicas started by the test (`support.redis_cluster`), each master taking
writes only with a replica connected, and every spend answered only once a replica
holds it (`WAIT`, the cluster's `replicas=1`).

Tried: the same token raced from two referee instances (two apps on the one cluster)
in games whose keys live on different masters; a master killed in the middle of a
game, its replica promoted, the game going on, and no token spent before the kill
played again.
"""

from __future__ import annotations

import threading
import time

import pytest

from referee.http import create_app
from support.redis_cluster import RedisCluster
from support.sealed_games import KEY, opened, post

#: Starts six redis-servers and makes a cluster of them.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    made = RedisCluster(tmp_path_factory.mktemp("cluster"))
    try:
        made.start()
        yield made
    finally:
        made.stop()


def instance(url):
    return create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": url})


def draw_body(token, seat, player):
    return {"game": token, "seat": seat, "turn": {"player": player, "actions": [{"type": "draw"}]}}


def game_key(token):
    return f"elfer:{{{opened(token).game}}}:game"


def race(instances, body, clients=8):
    """`clients` threads send `body` at once, spread over the instances; the answers."""
    answers, barrier = [], threading.Barrier(clients)

    def send(n):
        barrier.wait()
        answer = instances[n % len(instances)].test_client().post("/v1/turns", json=body)
        answers.append((answer.status_code, answer.json))

    threads = [threading.Thread(target=send, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def test_two_instances_on_a_cluster_refuse_forks_on_every_master(cluster):
    one, two = instance(cluster.url), instance(cluster.url)
    masters = set()
    while len(masters) < 3:  # games until their keys have lived on each master
        game = post(one.test_client(), "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)
        masters.add(cluster.master_of(game_key(game["game"])).port)
        answers = race([one, two], draw_body(game["game"], game["seats"][0], 0))
        played = [body for status, body in answers if status == 200]
        assert len(played) == 1, [status for status, _ in answers]
        refused = [(status, body["code"], body["game"]) for status, body in answers if status != 200]
        assert refused == [(409, "TOKEN_SPENT", played[0]["game"])] * 7
        assert post(two.test_client(), "/v1/turns", draw_body(played[0]["game"], game["seats"][1], 1), 200)["turn"] == 2
        assert len(masters) > 0 and len(masters) <= 3


def test_new_games_are_counted_on_the_cluster_across_instances_and_its_size_is_every_masters(cluster):
    """The new-game limit counts in the store's cluster (`limits`' cluster storage), so
    two instances count one address together; /metrics' store size adds up the masters."""
    from prometheus_client.parser import text_string_to_metric_families

    one, two = (create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": cluster.url, "NEW_GAMES_PER_MINUTE": 3})
                for _ in range(2))
    body = {"players": ["Ann", "Ben"], "sealed": True}
    address = {"REMOTE_ADDR": "192.0.2.37"}  # an address of its own: no other test counts under it
    answers = [app.test_client().post("/v1/games", json=body, environ_base=address) for app in (one, two, one, two)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert answers[3].json["code"] == "TOO_MANY_REQUESTS" and 1 <= int(answers[3].headers["Retry-After"]) <= 60
    # Another address is not held up.
    assert two.test_client().post("/v1/games", json=body, environ_base={"REMOTE_ADDR": "192.0.2.38"}).status_code == 201

    def used_memory(node):
        (line,) = [l for l in cluster.info(node, "info", "memory").splitlines() if l.startswith("used_memory:")]
        return int(line.split(":")[1])

    masters = list(cluster.masters().values())
    assert len(masters) == 3
    summed = sum(used_memory(node) for node in masters)
    scraped = one.test_client().get("/metrics").get_data(as_text=True)
    (size,) = [s.value for f in text_string_to_metric_families(scraped) for s in f.samples
               if s.name == "referee_store_size_bytes"]
    assert abs(size - summed) < summed * 0.1  # one master alone would be about a third


def until(condition, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.2)


def test_a_master_killed_mid_game_its_replica_takes_over_and_no_spent_token_plays(cluster):
    one, two = instance(cluster.url), instance(cluster.url)
    game = post(one.test_client(), "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)
    seats, tokens = game["seats"], [game["game"]]
    for turn in range(4):
        at = (one, two)[turn % 2].test_client()
        tokens.append(post(at, "/v1/turns", draw_body(tokens[-1], seats[turn % 2], turn % 2), 200)["game"])
    master = cluster.master_of(game_key(game["game"]))
    master.kill()
    down = one.test_client().post("/v1/turns", json=draw_body(tokens[-1], seats[0], 0))
    assert (down.status_code, down.json["code"]) == (503, "STORE_UNAVAILABLE")
    # Its replica is promoted; the old master comes back as the new one's replica (a
    # master without one takes no writes: min-replicas-to-write).
    until(lambda: master.port not in cluster.masters() and len(cluster.masters()) == 3)
    master.start()
    cluster.wait_healthy()
    assert cluster.master_of(game_key(game["game"])).port != master.port

    def played():
        # While the cluster settles a try may be answered 503 after the new master kept its
        # spend (no replica acknowledged it yet): the next try is then 409 with the game's
        # latest token and turn, from which the game goes on, as after any lost answer.
        answer = two.test_client().post("/v1/turns", json=draw_body(tokens[-1], seats[0], 0))
        assert answer.status_code in (200, 409, 503), answer.json
        if answer.status_code == 409:
            assert answer.json["code"] == "TOKEN_SPENT"
            return {"game": answer.json["game"], "turn": answer.json["turn"]}
        return answer.json if answer.status_code == 200 else None

    until(lambda: played.__setattr__("answer", played()) or played.answer is not None, seconds=30)
    assert played.answer["turn"] == 5
    for client in (one.test_client(), two.test_client()):
        for n, token in enumerate(tokens):  # every token spent before, or on, the failover
            refused = client.post("/v1/turns", json=draw_body(token, seats[n % 2], n % 2))
            assert (refused.status_code, refused.json["code"], refused.json["game"]) == (
                409, "TOKEN_SPENT", played.answer["game"])
