"""Reading and writing the card catalogue (TOML), with errors that name card and line.

tomllib does not report where a value came from, so lines are found by scanning the
text for each `[[cards]]` header and, inside a card's block, for the offending key.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from typing import Any

from companion.games.otdraft.rules.cards import (
    CATEGORIES,
    TRAITS,
    All,
    Card,
    Catalogue,
    Destroy,
    Double,
    Each,
    Leftover,
    PerDestroyed,
    Protect,
    Rule,
    Selector,
    Silence,
    UniquePoints,
)
from companion.games.otdraft.rules.errors import CatalogueError

CARD_KEYS = ("name", "category", "points", "traits", "rules")
# kind -> the other keys a rule of that kind may have
RULE_KINDS: dict[str, tuple[str, ...]] = {
    "destroy": (),
    "protect": ("from", "choose"),
    "silence": ("choose",),
    "each": ("points",),
    "all": ("points",),
    "per_destroyed": (),
    "unique_points": ("points",),
    "double": (),
    "leftover": (),
}
_HEADER = re.compile(r"^\s*\[\[\s*cards\s*\]\]")


class _Lines:
    """Where each card (and each key inside it) sits in the source text."""

    def __init__(self, text: str | None, count: int) -> None:
        self.lines = text.splitlines() if text else []
        starts = [i for i, line in enumerate(self.lines) if _HEADER.match(line)]
        self.starts = starts if len(starts) == count else []

    def card(self, index: int) -> int | None:
        return self.starts[index] + 1 if self.starts else None

    def key(self, index: int, key: str) -> int | None:
        if not self.starts:
            return None
        start = self.starts[index]
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.lines)
        pattern = re.compile(rf"(^|[\s{{,]){re.escape(key)}\s*=")
        for number in range(start, end):
            if pattern.search(self.lines[number]):
                return number + 1
        return start + 1


def parse_catalogue_text(text: str, source: str = "catalogue") -> Catalogue:
    """Parse and validate a TOML catalogue; errors name the card and the line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise CatalogueError(f"{source}: not valid TOML: {err}") from None
    return parse_catalogue_data(data, source, text)


def parse_catalogue_data(
    data: Any, source: str = "catalogue", text: str | None = None
) -> Catalogue:
    """Validate catalogue data already loaded (from TOML or from the store)."""
    if not isinstance(data, dict):
        raise CatalogueError(f"{source}: expected a table with [[cards]]")
    for key in data:
        if key not in ("cards", "source"):
            raise CatalogueError(f"{source}: unknown top-level key '{key}' (expected [[cards]])")
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CatalogueError(f"{source}: no [[cards]] found")
    lines = _Lines(text, len(raw_cards))

    def fail(index: int, name: str | None, message: str, key: str | None = None) -> CatalogueError:
        line = lines.key(index, key) if key else lines.card(index)
        where = f"{source}:{line}" if line else f"{source} (card #{index + 1})"
        card = f"card '{name}'" if name else f"card #{index + 1}"
        return CatalogueError(f"{where}: {card}: {message}")

    seen: dict[str, int] = {}
    names: list[str] = []
    for index, raw in enumerate(raw_cards):
        if not isinstance(raw, dict):
            raise fail(index, None, "is not a table")
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            raise fail(index, None, "needs a name (a non-empty string)", "name")
        name = name.strip()
        if name.casefold() in seen:
            first = lines.card(seen[name.casefold()])
            also = f" (first on line {first})" if first else ""
            raise fail(index, name, f"is defined twice{also}", "name")
        seen[name.casefold()] = index
        names.append(name)

    canonical = {n.casefold(): n for n in names}
    cards = []
    for index, raw in enumerate(raw_cards):
        name = names[index]

        def card_fail(message: str, key: str | None = None, name: str = name, index: int = index):
            return fail(index, name, message, key)

        cards.append(_parse_card(raw, name, canonical, card_fail, lines.card(index)))
    return Catalogue(tuple(cards), source=str(data.get("source") or source))


def _parse_card(
    raw: dict[str, Any],
    name: str,
    canonical: dict[str, str],
    fail: Callable[..., CatalogueError],
    line: int | None,
) -> Card:
    for key in raw:
        if key not in CARD_KEYS:
            raise fail(f"unknown key '{key}' (expected {', '.join(CARD_KEYS)})", key)
    category = _one_of(raw.get("category"), CATEGORIES, "category", fail)
    points = raw.get("points")
    if not _is_int(points):
        raise fail(f"points must be a whole number (got {points!r})", "points")
    traits_raw = raw.get("traits", [])
    if isinstance(traits_raw, str):
        traits_raw = [traits_raw]
    if not isinstance(traits_raw, list):
        raise fail('traits must be a list like ["Man"]', "traits")
    traits = tuple(dict.fromkeys(_one_of(t, TRAITS, "trait", fail, "traits") for t in traits_raw))
    rules_raw = raw.get("rules", [])
    if isinstance(rules_raw, dict):
        rules_raw = [rules_raw]
    if not isinstance(rules_raw, list):
        raise fail('rules must be a list of tables like [ { destroy = ["David"] } ]', "rules")
    rules = tuple(_parse_rule(r, canonical, fail) for r in rules_raw)
    return Card(name, category, int(points), traits, rules, line)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _one_of(
    value: Any,
    allowed: tuple[str, ...],
    what: str,
    fail: Callable[..., CatalogueError],
    key: str | None = None,
) -> str:
    if isinstance(value, str):
        for option in allowed:
            if option.casefold() == value.strip().casefold():
                return option
    raise fail(f"unknown {what} {value!r} (expected one of {', '.join(allowed)})", key or what)


def _parse_rule(raw: Any, canonical: dict[str, str], fail: Callable[..., CatalogueError]) -> Rule:
    if not isinstance(raw, dict):
        raise fail(f'a rule must be a table like {{ destroy = ["David"] }} (got {raw!r})', "rules")
    kinds = [k for k in raw if k in RULE_KINDS]
    if not kinds:
        unknown = next(iter(raw), "(empty)")
        raise fail(
            f"unknown rule kind '{unknown}' (expected one of {', '.join(RULE_KINDS)})", unknown
        )
    if len(kinds) > 1:
        raise fail(f"one rule has two kinds ({', '.join(kinds)}); write two rules", kinds[1])
    kind = kinds[0]
    for key in raw:
        if key != kind and key not in RULE_KINDS[kind]:
            allowed = ", ".join(RULE_KINDS[kind]) or "nothing else"
            raise fail(f"unknown key '{key}' in a {kind} rule (allowed: {allowed})", key)

    def selectors(key: str) -> tuple[Selector, ...]:
        value = raw[key]
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not items:
            raise fail(f'{key} needs a card, "category:X" or "trait:X", or a list of them', key)
        return tuple(_selector(item, key, canonical, fail) for item in items)

    def whole(key: str, low: int | None = None, required: bool = True) -> int | None:
        if key not in raw:
            if required:
                raise fail(f"a {kind} rule needs {key} = N", kind)
            return None
        value = raw[key]
        if not _is_int(value) or (low is not None and value < low):
            floor = f" of at least {low}" if low is not None else ""
            raise fail(f"{key} must be a whole number{floor} (got {value!r})", key)
        return int(value)

    if kind == "destroy":
        return Destroy(selectors("destroy"))
    if kind == "protect":
        sources = selectors("from") if "from" in raw else None
        return Protect(selectors("protect"), sources, whole("choose", 1, required=False))
    if kind == "silence":
        return Silence(selectors("silence"), whole("choose", 1, required=False) or 1)
    if kind == "each":
        if not isinstance(raw["each"], str):
            raise fail('each takes one selector, e.g. each = "category:Leader"', "each")
        return Each(selectors("each")[0], whole("points"))  # type: ignore[arg-type]
    if kind == "all":
        return All(selectors("all"), whole("points"))  # type: ignore[arg-type]
    if kind == "per_destroyed":
        return PerDestroyed(whole("per_destroyed"))  # type: ignore[arg-type]
    if kind == "unique_points":
        span = raw["unique_points"]
        if not (isinstance(span, list) and len(span) == 2 and all(_is_int(v) for v in span)):
            raise fail(f"unique_points must be [LOW, HIGH] (got {span!r})", "unique_points")
        if span[0] > span[1]:
            raise fail(f"unique_points [{span[0]}, {span[1]}] runs backwards", "unique_points")
        return UniquePoints(span[0], span[1], whole("points"))  # type: ignore[arg-type]
    if kind == "double":
        return Double(selectors("double"))
    return Leftover(whole("leftover", 1))  # type: ignore[arg-type]


def _selector(
    item: Any, key: str, canonical: dict[str, str], fail: Callable[..., CatalogueError]
) -> Selector:
    if not isinstance(item, str) or not item.strip():
        raise fail(f'{key} has {item!r}, not a card name, "category:X" or "trait:X"', key)
    text = item.strip()
    prefix, sep, rest = text.partition(":")
    if sep and prefix.strip().casefold() == "category":
        return Selector("category", _one_of(rest, CATEGORIES, "category", fail, key))
    if sep and prefix.strip().casefold() == "trait":
        return Selector("trait", _one_of(rest, TRAITS, "trait", fail, key))
    found = canonical.get(text.casefold())
    if found is None:
        raise fail(f"{key} names '{text}', which is no card in the catalogue", key)
    return Selector("name", found)


# --- one card described at the table ---------------------------------------------


def described_card(
    name: str, category: str, points: int | str, traits: str = "", rules: str = ""
) -> dict[str, Any]:
    """One card as the table describes it (a card's anatomy, the rules in the card
    language: inline tables as in a catalogue file, comma separated), in the catalogue's
    raw form; `parse_catalogue_data` validates it with the rest of the catalogue."""
    from companion.engine.names import match_prefix

    where = f"card '{name}'"
    chosen = match_prefix(category, CATEGORIES, what="category")
    if isinstance(points, str):
        try:
            points = int(points.strip())
        except ValueError:
            raise CatalogueError(
                f"{where}: starting points '{points.strip()}' are not a whole number"
            ) from None
    kept = [match_prefix(t, TRAITS, what="trait") for t in traits.split(",") if t.strip()]
    raw: dict[str, Any] = {
        "name": name,
        "category": chosen,
        "points": points,
        "traits": list(dict.fromkeys(kept)),
        "rules": [],
    }
    text = rules.strip()
    if text:
        listed = text if text.startswith("[") else f"[{text}]"
        try:
            raw["rules"] = tomllib.loads(f"rules = {listed}")["rules"]
        except tomllib.TOMLDecodeError as err:
            raise CatalogueError(
                f"{where}: the rules are not in the card language ({err}); "
                'e.g. { each = "category:Leader", points = 4 }, { destroy = ["David"] }'
            ) from None
    return raw


# --- writing ------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # JSON string escapes are a subset of TOML basic-string escapes.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def catalogue_to_toml(catalogue: Catalogue) -> str:
    """The catalogue as a TOML file that `parse_catalogue_text` reads back unchanged."""
    out = [
        "# OT Fantasy Draft card catalogue (companion otdraft cards export)",
        f"# source: {catalogue.source}" if catalogue.source else "#",
        "",
    ]
    for card in catalogue.cards:
        out.append("[[cards]]")
        for key, value in card.to_raw().items():
            if key == "rules":
                if not value:
                    continue
                if len(value) == 1:
                    out.append(f"rules = [ {_toml_value(value[0])} ]")
                else:
                    out.append("rules = [")
                    out.extend(f"  {_toml_value(rule)}," for rule in value)
                    out.append("]")
            else:
                out.append(f"{key} = {_toml_value(value)}")
        out.append("")
    return "\n".join(out)
