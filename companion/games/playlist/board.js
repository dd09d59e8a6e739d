// The All Stars Playlist boards of `watch --web` (its spec's `board`): each `board(KEY, draw)` draws
// the live state of that kind; the page's helpers (el, scoreCards, table, details, panel,
// plain) are there to use. Every name is set as text, never parsed as HTML.

board("playlist", s => {
  const lists = s.playlists || {};
  const turn = s.turn || {};
  const song = c => typeof c === "string" ? c
    : (c.title ? c.title : (c.genre || "") + " " + (c.points ?? ""));
  const rows = (s.players || []).map(p => [p, String((s.scores || {})[p] ?? "–"),
    el("span", {class: "chips"}, (lists[p] || []).map(c => el("span", {}, song(c))))]);
  return [el("h1", {}, "All Stars Playlist" + (turn.round ? " · round " + turn.round : "")),
          scoreCards(s, {turn: turn.player, tag: "to play"}),
          details(panel("", table(["player", "points", "playlist"], rows)))];
});

board("playlist-solo", s => {
  const rows = (s.rounds || []).map((r, i) => [String(i + 1), String(r.cards),
    r.score === null ? "…" : String(r.score), r.wins ? "goal reached" : ""]);
  const goal = (s.goal_reading === "more-than" ? "more than " : "at least ") + s.goal;
  return [el("h1", {}, "All Stars Playlist · solo · round " + s.round),
          scoreCards(s, {label: () => "best round"}),
          el("p", {class: "line"}, "goal: ", goal, " points · ", String(s.count), " cards laid out"),
          details(panel("", table(["round", "cards", "points", ""], rows)))];
});
