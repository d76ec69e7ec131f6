"""A conformance run: draw cases, ask the target and the engine in process, compare, then
shrink each kind of disagreement to a small case and write it down.

The survey draws cases with Hypothesis (seeded, so a run is reproducible) until the
number of cases or the time is used up. Disagreements are grouped by their signature
(endpoint, our outcome, theirs, the fields that differ); for each group Hypothesis's
`find` looks for the smallest case of the same kind with the same signature, and a last
pass drops single actions and turns while the signature stays.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from hypothesis import HealthCheck, Phase, Verbosity, find, given, seed as seeded, settings
from hypothesis.errors import HypothesisException, NoSuchExample, Unsatisfiable

from .. import engine
from .answers import ENDPOINTS, PATHS, Answer, comparable, differences, expected, outcome
from .cases import Case, cases
from .client import Target, Unreachable
from .progress import Progress

Signature = tuple[str, str, str, tuple[str, ...]]


@dataclass
class Disagreement:
    signature: Signature
    case: Case
    ours: Answer
    theirs: Answer
    seen: int = 1
    file: Path | None = None


@dataclass
class Report:
    cases: int = 0
    skipped: int = 0
    exercised: Counter = field(default_factory=Counter)
    agreed: Counter = field(default_factory=Counter)
    per_endpoint: Counter = field(default_factory=Counter)
    disagreements: dict[Signature, Disagreement] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.disagreements


class _TimeUp(Exception):
    pass


class Run:
    """One run against one target; `check` judges a case, `survey` and `shrink` use it."""

    def __init__(self, target: Target, rulesets: tuple[str, ...], endpoints: tuple[str, ...],
                 seed: int, progress: TextIO | None = None):
        self.target = target
        self.rulesets = rulesets
        self.endpoints = endpoints
        self.seed = seed
        self.progress = progress
        self.report = Report()

    def answers(self, case: Case) -> tuple[Answer, Answer] | None:
        ours = expected(case.endpoint, case.body)
        if ours.status == 400:  # the engine finds it malformed: outside what is compared
            return None
        return ours, self.target.post(PATHS[case.endpoint], case.body)

    def signature(self, case: Case) -> Signature | None:
        both = self.answers(case)
        if both is None:
            return None
        ours, theirs = both
        diffs = differences(case.endpoint, ours, theirs)
        return (case.endpoint, outcome(ours), outcome(theirs), diffs) if diffs else None

    def check(self, case: Case) -> None:
        both = self.answers(case)
        report = self.report
        if both is None:
            report.skipped += 1
            return
        ours, theirs = both
        label = outcome(ours)
        report.cases += 1
        report.per_endpoint[case.endpoint] += 1
        report.exercised[label] += 1
        diffs = differences(case.endpoint, ours, theirs)
        if not diffs:
            report.agreed[label] += 1
            return
        sig = (case.endpoint, label, outcome(theirs), diffs)
        if sig in report.disagreements:
            report.disagreements[sig].seen += 1
        else:
            report.disagreements[sig] = Disagreement(sig, case, ours, theirs)

    # -- the survey ---------------------------------------------------------------------------

    def survey(self, count: int | None, seconds: float | None) -> None:
        start = time.monotonic()
        deadline = None if seconds is None else start + seconds
        total = count or 10**9
        report = self.report
        progress = Progress(self.progress, count, seconds)

        @settings(max_examples=total, database=None, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet)
        @seeded(self.seed)
        @given(cases(self.endpoints, self.rulesets, self.seed))
        def survey(case: Case) -> None:
            if deadline is not None and time.monotonic() > deadline:
                raise _TimeUp
            self.check(case)
            progress.update(report.cases + report.skipped, report.cases, len(report.disagreements))

        try:
            survey()
        except _TimeUp:
            pass
        report.seconds = time.monotonic() - start
        progress.close(report.cases + report.skipped, report.cases, len(report.disagreements))

    # -- shrinking ---------------------------------------------------------------------------

    def shrink(self, found: Disagreement, seconds: float = 20.0) -> Disagreement:
        """The smallest case found of the same kind with the same signature."""
        deadline = time.monotonic() + seconds
        seen: dict[str, bool] = {}
        best = [found.case]

        def same(case: Case) -> bool:
            # Answers are remembered, so that a case judged before the time ran out is
            # judged the same when Hypothesis asks again.
            key = json.dumps(case.body, sort_keys=True)
            if key not in seen:
                seen[key] = time.monotonic() < deadline and self.signature(case) == found.signature
                if seen[key] and len(key) < len(json.dumps(best[0].body, sort_keys=True)):
                    best[0] = case
            return seen[key]

        smallest = found.case
        try:
            smallest = find(
                cases(self.endpoints, self.rulesets, self.seed, kind=found.case.kind), same,
                settings=settings(max_examples=300, database=None, deadline=None,
                                  phases=[Phase.generate, Phase.shrink],
                                  suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet),
                random=random.Random(self.seed),
            )
        except (NoSuchExample, Unsatisfiable):
            smallest = best[0]
        except HypothesisException:  # e.g. flaky after the time ran out: keep the best seen
            smallest = best[0]
        smallest = drop_parts(smallest, lambda c: self.signature(c) == found.signature)
        ours, theirs = self.answers(smallest)
        return Disagreement(found.signature, smallest, ours, theirs, found.seen)


def drop_parts(case: Case, keeps: Any) -> Case:
    """Drop single actions (or replay turns) from the end backwards while `keeps(case)`."""
    key = {"turns": "turn", "legal-actions": "actions", "replays": "turns"}.get(case.endpoint)
    if key is None:
        return case
    changed = True
    while changed:
        changed = False
        items = case.body[key]["actions"] if key == "turn" else case.body[key]
        for i in reversed(range(len(items))):
            fewer = items[:i] + items[i + 1:]
            if key == "turn" and not fewer:
                continue
            body = dict(case.body)
            body[key] = {**body[key], "actions": fewer} if key == "turn" else fewer
            candidate = case._replace(body=body)
            if keeps(candidate):
                case, changed = candidate, True
                break
    return case


def write(found: Disagreement, number: int, directory: Path, target: Target) -> Path:
    """The disagreement as a file: the request, both answers, what differs and a curl line."""
    directory.mkdir(parents=True, exist_ok=True)
    endpoint, ours, theirs, _ = found.signature
    path = directory / f"{number:02d}-{endpoint}-{ours}-vs-{theirs.replace(' ', '')}.json"
    case = found.case
    document = {
        "endpoint": PATHS[endpoint],
        "kind": {"ruleset": case.ruleset, "family": case.family, "source": case.source},
        "differences": list(found.signature[3]),
        "seen": found.seen,
        "request": case.body,
        "expected": found.ours,
        "actual": found.theirs,
        "compared": {"expected": comparable(endpoint, found.ours), "actual": comparable(endpoint, found.theirs)},
        "curl": target.curl(PATHS[endpoint], str(path)),
    }
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return path


def codes_of(rulesets: tuple[str, ...]) -> list[str]:
    """The rule codes the chosen rulesets report, in the catalogue's order."""
    seen: list[str] = []
    for name in rulesets:
        for code in engine.RULESETS[name].codes:
            if code.value not in seen:
                seen.append(code.value)
    return seen


def table(report: Report, rulesets: tuple[str, ...]) -> str:
    """The per-code table: how many cases had each outcome here, and how many agreed."""
    rows = ["accepted", *codes_of(rulesets)]
    rows += sorted(set(report.exercised) - set(rows))
    width = max(len(r) for r in rows)
    lines = [f"{'outcome':<{width}}  exercised  agreed"]
    for name in rows:
        ex, ag = report.exercised[name], report.agreed[name]
        mark = "" if ex == ag else "  <- disagreements"
        lines.append(f"{name:<{width}}  {ex:>9}  {ag:>6}{mark}")
    return "\n".join(lines)


def conformance(url: str, rulesets: tuple[str, ...] = engine.ROW_GAMES,
                endpoints: tuple[str, ...] = ENDPOINTS, seed: int = 0, cases: int | None = None,
                minutes: float | None = None, out: Path = Path("conformance-failures"),
                progress: TextIO | None = sys.stderr, shrink_seconds: float = 20.0,
                max_reports: int = 12) -> Report:
    """Run the suite against `url`; raises Unreachable when the target cannot be reached."""
    run = Run(Target(url), tuple(rulesets), tuple(endpoints), seed, progress)
    run.survey(cases, None if cases else (minutes or 1.5) * 60)
    shrunk: dict[Signature, Disagreement] = {}
    for number, (sig, found) in enumerate(list(run.report.disagreements.items())[:max_reports], 1):
        small = run.shrink(found, shrink_seconds)
        small.file = write(small, number, out, run.target)
        shrunk[sig] = small
    for sig, found in run.report.disagreements.items():
        shrunk.setdefault(sig, found)
    run.report.disagreements = shrunk
    return run.report


__all__ = ["conformance", "Report", "Disagreement", "Unreachable", "table", "ENDPOINTS"]
