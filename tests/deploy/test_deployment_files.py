"""What an operator runs: the Kubernetes manifests (checked against the Kubernetes schemas
with kubernetes-validate, which bundles them: nothing is downloaded), the Containerfile
and the nginx site, which `nginx -t` reads (Debian's nginx; bench/cluster_bench.py runs it).
"""

from __future__ import annotations

import copy
import shutil
import subprocess
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
KUBERNETES = "1.33"


def manifests() -> list[dict]:
    return list(yaml.safe_load_all((ROOT / "deploy" / "kubernetes" / "referee.yaml").read_text()))


def by_kind() -> dict[str, dict]:
    """The referee's own manifests by kind (the store's are `store()`'s)."""
    return {doc["kind"]: doc for doc in manifests() if doc["metadata"]["name"] == "elfer-referee"}


def store() -> dict[str, dict]:
    return {doc["kind"]: doc for doc in manifests() if doc["metadata"]["name"] == "elfer-referee-store"}


def test_every_manifest_is_valid_for_kubernetes():
    assert [(doc["kind"], doc["metadata"]["name"]) for doc in manifests()] == [
        ("Deployment", "elfer-referee"), ("Service", "elfer-referee"), ("Ingress", "elfer-referee"),
        ("HorizontalPodAutoscaler", "elfer-referee"),
        ("PodDisruptionBudget", "elfer-referee"), ("Deployment", "elfer-referee-store"),
        ("PersistentVolumeClaim", "elfer-referee-store"), ("Service", "elfer-referee-store"),
        ("NetworkPolicy", "elfer-referee-store")]
    for doc in manifests():
        kubernetes_validate.validate(doc, KUBERNETES, strict=True)


def test_the_validator_refuses_a_broken_manifest():
    broken = copy.deepcopy(by_kind()["Deployment"])
    broken["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["httpGet"]["port"] = {"no": "port"}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES, strict=True)


def test_the_deployment_probes_health_requests_resources_and_runs_as_no_root():
    pod = by_kind()["Deployment"]["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"  # the store can be used
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert set(container["resources"]["requests"]) == {"cpu", "memory"}
    assert pod["securityContext"]["runAsNonRoot"] is True
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert {"REFEREE_HOST", "REFEREE_PORT", "REFEREE_WORKERS", "REFEREE_TIMEOUT"} <= set(env)
    # Long enough for the preStop pause and gunicorn's graceful stop (REFEREE_TIMEOUT).
    assert pod["terminationGracePeriodSeconds"] > int(env["REFEREE_TIMEOUT"]) + 5
    hpa = by_kind()["HorizontalPodAutoscaler"]["spec"]
    assert hpa["metrics"][0]["resource"]["name"] == "cpu"
    assert by_kind()["PodDisruptionBudget"]["spec"]["maxUnavailable"] == 1


def test_every_pod_reads_the_same_seal_keys_from_a_secret():
    (container,) = by_kind()["Deployment"]["spec"]["template"]["spec"]["containers"]
    (keys,) = [e for e in container["env"] if e["name"] == "REFEREE_SEAL_KEYS"]
    assert "value" not in keys  # never written into the manifest
    assert keys["valueFrom"]["secretKeyRef"] == {"name": "elfer-referee-seal-keys", "key": "keys"}


def test_every_pod_spends_tokens_in_the_one_store_the_manifests_run():
    (container,) = by_kind()["Deployment"]["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert env["REFEREE_STORE"] == "redis://elfer-referee-store:6379/0"
    assert env["REFEREE_STORE_DAYS"] == "30"
    kept = store()
    service = kept["Service"]["spec"]
    assert service["selector"] == {"app.kubernetes.io/name": "elfer-referee-store"}
    assert service["ports"] == [{"name": "valkey", "port": 6379, "targetPort": "valkey"}]
    deployment = kept["Deployment"]["spec"]
    assert deployment["replicas"] == 1 and deployment["strategy"] == {"type": "Recreate"}
    assert deployment["template"]["metadata"]["labels"] == service["selector"]
    (valkey,) = deployment["template"]["spec"]["containers"]
    assert valkey["image"].startswith("valkey/valkey:")
    assert valkey["args"][:2] == ["--appendonly", "yes"]  # a restart forgets no spent token
    assert valkey["volumeMounts"] == [{"name": "data", "mountPath": "/data"}]
    assert deployment["template"]["spec"]["volumes"][0]["persistentVolumeClaim"] == {"claimName": "elfer-referee-store"}
    assert deployment["template"]["spec"]["securityContext"]["runAsNonRoot"] is True
    policy = kept["NetworkPolicy"]["spec"]
    assert policy["podSelector"]["matchLabels"] == service["selector"]
    assert policy["ingress"][0]["from"] == [{"podSelector": {"matchLabels": {"app.kubernetes.io/name": "elfer-referee"}}}]


def test_the_containerfile_is_slim_non_root_checked_and_configured_by_environment():
    lines = (ROOT / "Containerfile").read_text().splitlines()
    assert [l for l in lines if l.startswith("FROM ")] == ["FROM python:3.11-slim"]
    assert "USER 10001" in lines
    assert any(l.startswith("HEALTHCHECK ") for l in lines) and "/healthz" in "\n".join(lines)
    assert "REFEREE_HOST=0.0.0.0" in "\n".join(lines)
    assert lines[-1] == 'CMD ["referee", "serve"]'
    # The default store's file in a folder the non-root user may write.
    text = "\n".join(lines)
    assert "REFEREE_STORE=/var/lib/elfer-referee/sealed-games.sqlite3" in text
    assert "chown 10001 /var/lib/elfer-referee" in text


def test_the_containerfile_copies_what_the_install_builds_from():
    # `pip install .` builds the guide into the package (setup.py runs MkDocs on docs/ and
    # the source), so the image needs the guide's sources beside the package's.
    copied = {word.rstrip("/").removeprefix("./") for line in (ROOT / "Containerfile").read_text().splitlines()
              if line.startswith("COPY ") for word in line.split()[1:-1]}
    assert {"pyproject.toml", "setup.py", "mkdocs.yml", "docs", "referee", "schemas", "openapi.yaml",
            "README.md", "LICENSE"} <= copied


def test_nginx_reads_the_site_file(tmp_path):
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(nginx).exists(), "nginx is missing: apt-get install nginx"
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid; error_log {tmp_path}/error.log;\n"
        "events {}\n"
        f"http {{ client_body_temp_path {tmp_path}; proxy_temp_path {tmp_path}; include {ROOT}/deploy/nginx/referee.conf; }}\n")
    done = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    site = (ROOT / "deploy" / "nginx" / "referee.conf").read_text()
    assert "proxy_next_upstream error timeout http_502 http_503 http_504 non_idempotent;" in site


def cluster_variant() -> dict[str, dict]:
    docs = list(yaml.safe_load_all((ROOT / "deploy" / "kubernetes" / "store-cluster.yaml").read_text()))
    return {doc["kind"]: doc for doc in docs}


def test_the_clustered_store_is_valid_and_keeps_every_spend_through_a_failover():
    from referee.sealed.redis_store import read_setting

    variant = cluster_variant()
    assert list(variant) == ["StatefulSet", "Service", "PodDisruptionBudget", "Job", "NetworkPolicy"]
    for doc in variant.values():
        kubernetes_validate.validate(doc, KUBERNETES, strict=True)
    nodes = variant["StatefulSet"]["spec"]
    assert nodes["replicas"] == 6 and nodes["serviceName"] == variant["Service"]["metadata"]["name"]
    assert variant["Service"]["spec"]["clusterIP"] == "None"
    (valkey,) = nodes["template"]["spec"]["containers"]
    args = " ".join(valkey["args"])
    for setting in ("--appendonly yes", "--maxmemory-policy noeviction", "--cluster-enabled yes",
                    "--min-replicas-to-write 1"):
        assert setting in args
    assert nodes["volumeClaimTemplates"][0]["metadata"]["name"] == "data"
    assert "--cluster-replicas 1" in variant["Job"]["spec"]["template"]["spec"]["containers"][0]["args"][0]
    # The REFEREE_STORE its header gives the referee's pods: a cluster URL naming three nodes.
    text = (ROOT / "deploy" / "kubernetes" / "store-cluster.yaml").read_text()
    (line,) = [l for l in text.splitlines() if "REFEREE_STORE=" in l]
    setting = read_setting(line.split("REFEREE_STORE=", 1)[1].strip())
    assert setting.cluster and setting.replicas == 1
    assert setting.nodes == tuple((f"elfer-referee-store-{n}.elfer-referee-store", 6379) for n in range(3))
    # It replaces the single store of referee.yaml, under the same names.
    assert {doc["metadata"]["name"] for doc in variant.values()} - {"elfer-referee-store-create"} == {
        doc["metadata"]["name"] for doc in store().values()}


def test_the_ingress_limits_requests_per_client_and_leads_to_the_service():
    ingress = by_kind()["Ingress"]
    annotations = ingress["metadata"]["annotations"]
    assert annotations["nginx.ingress.kubernetes.io/limit-rps"] == "200"
    assert annotations["nginx.ingress.kubernetes.io/limit-connections"] == "50"
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend == {"name": "elfer-referee", "port": {"name": "http"}}
    env = {e["name"]: e.get("value") for e in by_kind()["Deployment"]["spec"]["template"]["spec"]["containers"][0]["env"]}
    # The referee counts new sealed games per client: the controller's X-Forwarded-For is trusted.
    assert env["REFEREE_NEW_GAMES_PER_MINUTE"] == "120" and env["REFEREE_TRUSTED_PROXIES"]


def test_prometheus_scrapes_every_pods_metrics():
    template = by_kind()["Deployment"]["spec"]["template"]
    assert template["metadata"]["annotations"] == {
        "prometheus.io/scrape": "true", "prometheus.io/path": "/metrics", "prometheus.io/port": "8000"}
    ports = template["spec"]["containers"][0]["ports"]
    assert {"name": "http", "containerPort": 8000} in ports


def test_nginx_answers_a_flood_from_one_address_429_itself(tmp_path):
    """The shipped site under a real nginx, its rate lowered so that a test client can
    pass it (the instances are left out: within the limit nginx answers 502)."""
    import http.client
    import json
    import socket
    import signal
    import time

    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    site = (ROOT / "deploy" / "nginx" / "referee.conf").read_text()
    assert "rate=200r/s" in site and "burst=400 nodelay" in site
    site = (site.replace("rate=200r/s", "rate=1r/s").replace("burst=400", "burst=5")
            .replace("listen 127.0.0.1:8080", f"listen 127.0.0.1:{port}")
            .replace("proxy_connect_timeout 1s", "proxy_connect_timeout 100ms"))
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid; error_log {tmp_path}/error.log; daemon off;\n"
        "events {}\n"
        f"http {{ access_log off; client_body_temp_path {tmp_path}; proxy_temp_path {tmp_path}; "
        f"include {tmp_path}/site.conf; }}\n")
    process = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.05)
        answers = []
        for _ in range(20):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            answers.append((response.status, response.getheader("Retry-After"), response.read()))
            connection.close()
        statuses = [status for status, _, _ in answers]
        assert statuses[:6] == [502] * 6  # the burst passes on (to no instance)
        assert statuses.count(429) >= 12
        status, retry_after, body = next(a for a in answers if a[0] == 429)
        assert retry_after == "1" and json.loads(body)["code"] == "TOO_MANY_REQUESTS"
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
