"""What the referee tells a person beside a verdict.

- `refusals`: what would have worked after a refused turn (the legal list and a hint);
- `box`: the hints of the games of the box;
- `reference`: the rules reference served at `/rules` and `GET /v1/rules`.

Pure, like the engine: no web code and no web, schema or serializer library.
"""
