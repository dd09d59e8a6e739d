// The tug's board on `companion watch --web` (its spec's `board`): `board(KEY, draw)` draws
// the live state; the page's helpers (el, scoreCards, ...) are there to use. Every name is
// set as text, never parsed as HTML.

board("tug", s => {
  const steps = s.steps_to_win || 3;
  const at = steps - (s.rope || 0);  // the marker's place, counted from the first player's end
  const cells = [];
  for (let i = 0; i <= 2 * steps; i++) {
    cells.push(el("span", {class: i === at ? "marker" : "rope"}, i === at ? "|" : "="));
  }
  return [el("h1", {}, "Tug of war"),
          scoreCards(s, {turn: s.turn, tag: "pulls"}),
          el("p", {class: "line", id: "rope", "data-rope": String(s.rope || 0)},
             (s.players || [])[0] || "", " ", cells, " ", (s.players || [])[1] || "")];
});
