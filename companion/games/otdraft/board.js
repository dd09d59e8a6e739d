// The OT Fantasy Draft boards of `watch --web` (its spec's `board`): each `board(KEY, draw)` draws
// the live state of that kind; the page's helpers (el, scoreCards, table, details, panel,
// plain) are there to use. Every name is set as text, never parsed as HTML.

board("otdraft", s => {
  const teams = s.teams || {};
  const rows = (s.players || []).map(p => [p, String((s.scores || {})[p] ?? "–"),
    el("span", {class: "chips"}, (teams[p] || []).map(c => el("span", {}, c)))]);
  return [el("h1", {}, "OT Fantasy Draft" + (s.round ? " · round " + s.round : "")),
          scoreCards(s, {turn: s.phase === "draft" ? s.current : null, tag: "picks"}),
          (s.draftline || []).length ? el("p", {class: "line"}, "Draftline: ",
            el("span", {class: "chips"}, s.draftline.map(c => el("span", {}, c)))) : null,
          details(panel("", table(["team", "score", "cards"], rows)))];
});
