"""The contract and its documentation: /openapi.yaml (and .json), /schemas/<name>, /docs; and
the probes: /healthz (the process answers) and /readyz (and its store of sealed games
can be used: 503 with the reason while not, so that a load balancer sends it nothing).

/docs is Swagger UI served from the assets that the swagger-ui-py package ships, so the
page works offline: nothing is fetched from a CDN.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui
from flask import Blueprint, Response, current_app, send_from_directory

from .. import __version__
from .bodies import json_response
from .contract import openapi_json, openapi_text, schema_names, schema_text
from .problems import Problem, http_problem

docs = Blueprint("docs", __name__)

SWAGGER_ASSETS = Path(swagger_ui.__file__).parent / "static"
DOCS_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Elfer raus! referee: API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <p style="font-family: sans-serif; margin: 1em 2em">The rules as the referee applies them,
    every code and the order of the checks: <a href="/rules">/rules</a>
    (<a href="/rules?lang=de">de</a>, <a href="/rules?lang=fr">fr</a>, <a href="/rules?lang=it">it</a>)
    · <a href="/">home</a></p>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({url: "/openapi.yaml", dom_id: "#swagger-ui",
                                 deepLinking: true, validatorUrl: null});
  </script>
</body>
</html>
"""


@docs.get("/openapi.yaml")
def openapi():
    return Response(openapi_text(), mimetype="application/yaml")


@docs.get("/openapi.json")
def openapi_as_json():
    return Response(openapi_json(), mimetype="application/json")


@docs.get("/schemas/<name>")
def schema(name: str):
    if name not in schema_names():
        raise Problem("NOT_FOUND", f"There is no schema {name!r}.")
    return Response(schema_text(name), mimetype="application/schema+json")


@docs.get("/docs")
def page():
    return Response(DOCS_PAGE, mimetype="text/html")


@docs.get("/docs/assets/<path:name>")
def assets(name: str):
    return send_from_directory(SWAGGER_ASSETS, name, max_age=86400)


@docs.get("/healthz")
def health():
    return json_response({"status": "ok", "version": __version__})


@docs.get("/readyz")
def ready():
    """The store written and read back (`Store.unready`): 200, or a 503 problem whose
    detail says why; a store that cannot be used is logged each time it is seen so."""
    store = current_app.extensions["sealed"].store
    reason = store.unready()
    if reason is None:
        return json_response({"status": "ok", "store": store.where})
    current_app.logger.warning("not ready: %s", reason)
    # The reason is the operator's, as the log says it (English, like every log line).
    return http_problem("STORE_UNAVAILABLE", reason)
