// Talking to the referee: every call goes to this service's /v1 API (a POST, or a GET for
// a rule's entry), in the page's language. The answer is {ok: true, data} or
// {ok: false, problem} (an RFC 9457 problem document); the page never judges a move itself.
import { _, language } from "./texts.js";

async function post(path, body, accept = "application/json") {
  let response;
  try {
    const get = body === undefined;
    response = await fetch(path, {
      method: get ? "GET" : "POST",
      headers: { ...(get ? {} : { "Content-Type": "application/json" }), "Accept": accept, "Accept-Language": language },
      body: get ? undefined : JSON.stringify(body),
    });
  } catch {
    // The service is out of reach (a laptop asleep, a dropped connection): nothing was
    // recorded, and the same tap or button can be tried again.
    return { ok: false, problem: { code: "UNREACHABLE", title: _("The referee cannot be reached: check the connection and try again.") } };
  }
  if (response.ok) {
    const data = accept === "image/svg+xml" ? await response.text() : await response.json();
    return { ok: true, data };
  }
  let problem;
  try {
    problem = await response.json();
  } catch {
    problem = { title: response.statusText, status: response.status, code: "HTTP_ERROR" };
  }
  return { ok: false, problem };
}

export const newGame = (request) => post("/v1/games", request);
export const turn = (state, player, actions) => post("/v1/turns", { state, turn: { player, actions } });
// `player`: whose next actions (the box games, where several may act at once or out of turn).
export const legalActions = (state, actions, player) =>
  post("/v1/legal-actions", player === undefined || player === null ? { state, actions } : { state, actions, player });
export const replay = (state, turns) => post("/v1/replays", { state, turns });
export const scores = (state) => post("/v1/scores", { state });
// One rule's entry (its title and text in the page's language): a GET.
export const rule = (code) => post(`/v1/rules/${encodeURIComponent(code)}`);
export const picture = (request) => post("/v1/pictures", request, "image/svg+xml");
