// The Valley Hoopers boards of `watch --web` (its spec's `board`): each `board(KEY, draw)` draws
// the live state of that kind; the page's helpers (el, scoreCards, table, details, panel,
// plain) are there to use. Every name is set as text, never parsed as HTML.

// Plain shapes rather than emoji: a television's browser may have no emoji font.
const HOT = {"orange": "▲", "lv1": "▲▲", "lv2": "▲▲▲"};
const COLD = {"cube": "▼▼", "light-blue": "▼"};

board("hoopers", s => {
  const period = s.overtime ? (s.period_labels || [])[s.period - 1] || "overtime"
                            : "period " + s.period;
  const head = s.over ? "FINAL" + (s.winner ? " · " + s.winner + " wins" : "")
                      : period + " · turn " + s.turn;
  // A Series game says which one it is, and the Series score as it began ("1–0").
  const sg = s.series_game;
  const series = sg && sg.number ? "The Series game " + sg.number +
    (sg.score ? " (" + (s.players || []).map(p => sg.score[p] ?? 0).join("–") + ")" : "") + " · " : "";
  const rows = (s.players || []).map(t => {
    const hoopers = Object.entries((s.hoopers || {})[t] || {});
    // A hooper's mark stays on its name's line (a no-break space): "Edd Trapp ▲", never "▲" alone.
    // ... and a hooper's name is never broken across lines either: "Serge Ceptor" stays whole.
    const whole = n => n.replace(/ /g, "\u00a0");
    const hot = hoopers.filter(([, h]) => HOT[h.onfire])
      .map(([n, h]) => whole(n) + "\u00a0" + HOT[h.onfire]);
    const cold = hoopers.filter(([, h]) => COLD[h.onfire] || h.ejected || (h.injuries || []).length)
      .map(([n, h]) => whole(n) + "\u00a0" + (h.ejected ? "✖" : COLD[h.onfire] || "✚"));
    return [t, String((s.team_fouls || {})[t] ?? 0), el("span", {class: "hot"}, hot.join(", ") || "–"),
            el("span", {class: "cold"}, cold.join(", ") || "–")];
  });
  const plays = [...(s.plays || [])].reverse();  // the latest on top
  const owed = s.free_throws_owed;
  return {
    parts: [el("h1", {}, (series ? series : "Valley Hoopers · ") + head),
            scoreCards(s, {turn: s.over ? null : s.attacking, tag: "attacking"}),
            details(
              panel("Last plays", el("ol", {class: "plays", id: "plays"},
                plays.length ? plays.map(p => el("li", {},
                  el("span", {class: "who"}, p.team), " ", p.text)) : el("li", {}, "–"))),
              panel("", table(["team", "fouls", "hot", "cold / hurt"], rows)))],
    next: s.over ? "The match is over"
        : owed ? owed.hooper + " (" + owed.team + ") shoots " + owed.count + " free throw"
                 + (owed.count === 1 ? "" : "s")
        : plain(s.next),
  };
});

// A game's date as the room lives it (its local day, YYYY-MM-DD, as `series status` shows
// it); "" for a game recorded before dates were kept.
const day = played => {
  const at = played ? new Date(played) : null;
  if (!at || isNaN(at)) return "";
  const two = n => String(n).padStart(2, "0");
  return at.getFullYear() + "-" + two(at.getMonth() + 1) + "-" + two(at.getDate());
};

board("series", s => {
  const played = s.games || [];
  const rows = (s.schedule || []).map((home, i) => {
    const g = played[i];
    const score = g ? Object.entries(g.score || {}).map(([t, p]) => t + " " + p).join(" – ") : "";
    return [String(i + 1), g ? day(g.played) : "", home, score,
            g ? g.winner : (i + 1 === s.next_game ? "next" : "")];
  });
  // Who took each game's Strength marker (null: nobody, as the rules may leave it).
  const given = (s.strength_markers || []).map((to, i) => to ? "game " + (i + 1) + " " + to : null)
    .filter(Boolean);
  const tribeOf = Object.fromEntries(Object.entries(s.managers || {}).map(([t, p]) => [p, t]));
  const wins = s.wins || {};
  const next = s.winner ? s.winner + " won the series " + wins[s.winner] + "–" +
                 Math.min(...Object.values(wins))
             : s.status === "abandoned" ? "The Series was abandoned"
             : s.playing_match ? "game " + s.next_game + " is being played"
             : s.next_game ? "game " + s.next_game + ", " + s.next_home + " at home"
             : plain(s.next);
  // The series' odds, short enough to sit at the end of the title's line: the board stays one
  // screen (a line of their own would push it past a 1080p or a 720p television).
  const odds = s.odds ? "odds: " + s.odds.sides.map(d => d.tribe + " " +
    (d.exact || Math.round(d.chance * 100) + "%")).join(" · ") : null;
  return {
    parts: [el("h1", {}, "The Series · best of 7" + (s.name ? " · " + s.name : ""), odds &&
               el("span", {id: "odds", style: "float: right; font-size: .68em; color: var(--ink)"},
                  odds)),
            scoreCards(s, {label: p => (tribeOf[p] ? tribeOf[p] + " · " : "") + "games won"}),
            el("p", {class: "line"}, "Strength markers given: " + given.length +
               (given.length ? " (" + given.join(", ") + ")" : "")),
            details(panel("", table(["game", "date", "home", "score", "winner"], rows)))],
    next,
  };
});
