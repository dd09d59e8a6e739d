// The pages' kit (companion/ui/web/kit.py puts it in each page): every text from the table
// is only ever set as text, never parsed as HTML.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// The room reads sentences, not commands: whatever a status says to type is left out.
function plain(text) {
  // A command in brackets ("('season hand NAME' shows it)") goes whole.
  let t = String(text || "").replace(/\s*\([^()]*'[^']*'[^()]*\)/g, "");
  const cut = t.indexOf("'companion ");
  if (cut >= 0) {
    t = t.slice(0, cut);
    const stop = Math.max(t.lastIndexOf(";"), t.lastIndexOf(":"));
    t = stop > 0 ? t.slice(0, stop)
                 : t.replace(/(?:[\s,]+(?:then|with|or|and))*[\s,:;]*$/, "");
  }
  return t.trim();
}
