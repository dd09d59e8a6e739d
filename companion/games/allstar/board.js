// The All-Star Draft boards of `watch --web` (its spec's `board`): each `board(KEY, draw)` draws
// the live state of that kind; the page's helpers (el, scoreCards, table, details, panel,
// plain) are there to use. Every name is set as text, never parsed as HTML.

board("allstar", s => {
  // Tickets only where the table plays with them (none with 4 or more managers).
  const held = Object.entries(s.tickets || {});
  const tickets = held.some(([, t]) => t > 0) ? held.map(([m, t]) => [m, String(t)]) : [];
  const out = (s.eliminated || []).join(", ");
  return [el("h1", {}, "All-Star Draft · Fan Zone"),
          el("p", {class: "line"}, [s.round ? "round " + s.round : null, s.phase].filter(Boolean).join(" · ")),
          scoreCards(s),
          details(tickets.length ? panel("", table(["manager", "Play-Off tickets"], tickets)) : null,
                  out ? panel("", el("p", {class: "line"}, "eliminated: ", out)) : null)];
});
