// The All-Star Draft boards of `watch --web` (its spec's `board`): each `board(KEY, draw)` draws
// the live state of that kind; the page's helpers (el, scoreCards, table, details, panel,
// plain) are there to use. Every name is set as text, never parsed as HTML.

const ORDINAL = n => n + ({1: "st", 2: "nd", 3: "rd"}[n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] || "th");

board("allstar", s => {
  // Tickets only where the table plays with them (none with 4 or more managers).
  const tickets = s.tickets || {};
  const held = Object.values(tickets).some(t => t > 0) || (s.playoff_stage && Object.keys(tickets).length);
  const out = (s.eliminated || []).join(", ");
  // The round just resolved: each arena's ranking (place and Supporters), then the round's
  // gain, the best first; the tickets sit in the same table, one row per manager.
  const last = s.last_round;
  const arenas = last ? last.rankings : [];
  const placed = arenas.map(r => Object.fromEntries(r.ranking.map(p => [p.manager, p])));
  const gained = last ? last.gained : {};
  const managers = [...(s.managers || s.players || [])]
    .sort((a, b) => last ? (gained[b] ?? 0) - (gained[a] ?? 0) : 0);
  const head = ["manager",
                ...arenas.map((r, i) => r.arena ? r.arena.name : "arena " + (i + 1)),
                ...(last ? ["round " + last.round] : []),
                ...(held ? ["Play-Off tickets"] : [])];
  const rows = managers.map(m => [m,
    ...placed.map(p => p[m] ? ORDINAL(p[m].rank) + " · " + p[m].points : "–"),
    ...(last ? ["+" + (gained[m] ?? 0)] : []),
    ...(held ? [String(tickets[m] ?? 0)] : [])]);
  const shown = last || held;
  return [el("h1", {}, "All-Star Draft · Fan Zone"),
          el("p", {class: "line"}, [s.round ? "round " + s.round : null, s.phase].filter(Boolean).join(" · ")),
          scoreCards(s),
          details(shown ? panel(last ? "Round " + last.round + " ranking" : "", el("div", {id: "ranking"},
                    table(head, rows))) : null,
                  out ? panel("", el("p", {class: "line"}, "eliminated: ", out)) : null)];
});
