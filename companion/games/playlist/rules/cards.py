"""Music cards: the icon list, genres in play, the inline card format and the catalogue CSV."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from companion.engine.errors import UnknownName
from companion.engine.names import match_prefix
from companion.games.playlist.data import load
from companion.games.playlist.rules.errors import (
    BadCard,
    CardAlreadyPlaced,
    CsvProblem,
    UnknownCard,
    UnknownGenre,
    UnknownIcon,
)

KINDS = ("music", "bonus", "negative")
CSV_COLUMNS = ("title", "artist", "genre", "points", "icons")
CSV_OPTIONAL = ("kind",)
_GENRE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@cache
def rules() -> dict[str, Any]:
    return load("game")


@cache
def icon_names() -> tuple[str, ...]:
    """Icon names in the rulebook's order (also the order cards show them in)."""
    return tuple(entry["name"] for entry in rules()["icons"]["names"])


@cache
def _letters() -> dict[str, str]:
    return {
        entry["letter"].casefold(): entry["name"]
        for entry in rules()["icons"]["names"]
        if "letter" in entry
    }


def default_genres() -> list[str]:
    return [entry["name"] for entry in rules()["genres"]["default"]]


def genre_label(genre: str) -> str:
    labels = {entry["name"]: entry["label"] for entry in rules()["genres"]["default"]}
    return labels.get(genre, genre)


def parse_icon(typed: str) -> str:
    """An icon by name or unique prefix; a lone letter A/B/D/G/L is a "sung by" icon."""
    key = typed.strip().casefold()
    if key in _letters():
        return _letters()[key]
    try:
        return match_prefix(typed, icon_names(), what="icon")
    except UnknownName as err:
        raise UnknownIcon(str(err)) from None


def parse_genre(typed: str, genres: Sequence[str]) -> str:
    """A genre in play, by name or unique prefix."""
    try:
        return match_prefix(typed, genres, what="genre in play")
    except UnknownName as err:
        raise UnknownGenre(str(err)) from None


def parse_genre_list(text: str) -> list[str]:
    """`pop,rock,country,rnb`: the genres in play after an expansion swap."""
    names = [g.strip().casefold() for g in text.split(",") if g.strip()]
    most = rules()["genres"]["max_in_play"]
    if not 1 <= len(names) <= most:
        raise BadCard(f"'{text}' names {len(names)} genres; the game plays with 1 to {most}")
    for name in names:
        if not _GENRE_NAME.match(name):
            raise BadCard(f"genre '{name}' must be lower-case letters, digits and dashes")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise BadCard(f"genre '{twice[0]}' is named twice in '{text}'")
    return names


@dataclass(frozen=True)
class Card:
    """A music card. `number` is its catalogue number, or None for a card typed inline."""

    genre: str
    points: int
    icons: tuple[str, ...]
    title: str = ""
    artist: str = ""
    kind: str = "music"
    number: int | None = None
    icon_set: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "icon_set", frozenset(self.icons))

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        # Immutable all through: the legal-moves query copies a game's state once per move
        # it tries, and copying its 80 cards each time was most of the answer's time.
        return self

    @property
    def key(self) -> str:
        """Identity for "a card already in a playlist": catalogue number, else its text."""
        if self.number is not None:
            return f"#{self.number}"
        return self.inline()

    def inline(self) -> str:
        text = f"{self.genre}/{self.points}/{'+'.join(self.icons)}"
        return f"{text}/{self.title}" if self.title else text

    def name(self) -> str:
        """How the card is shown to the table."""
        label = self.title or self.inline()
        if self.artist:
            label = f"{self.artist} \u201c{label}\u201d"
        return f"#{self.number} {label}" if self.number is not None else label

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "title": self.title,
            "artist": self.artist,
            "genre": self.genre,
            "points": self.points,
            "icons": list(self.icons),
            "kind": self.kind,
        }


def card_from_dict(data: dict[str, Any]) -> Card:
    """A card as stored in events and the catalogue (already validated when stored)."""
    return Card(
        genre=data["genre"],
        points=int(data["points"]),
        icons=tuple(data["icons"]),
        title=data.get("title", ""),
        artist=data.get("artist", ""),
        kind=data.get("kind", "music"),
        number=data.get("number"),
    )


def make_card(
    genre: str,
    points: str | int,
    icons: Iterable[str],
    genres: Sequence[str],
    title: str = "",
    artist: str = "",
    kind: str = "music",
    number: int | None = None,
) -> Card:
    """Validate every field of a card typed by the user."""
    try:
        value = int(str(points).strip())
    except ValueError:
        raise BadCard(f"points '{points}' is not a whole number") from None
    typed = [i for i in icons if i.strip()]
    chosen = [parse_icon(i) for i in typed]
    twice = sorted({i for i in chosen if chosen.count(i) > 1})
    if twice:
        raise BadCard(f"icon '{twice[0]}' appears twice on one card")
    low, high = rules()["icons"]["min_per_card"], rules()["icons"]["max_per_card"]
    if not low <= len(chosen) <= high:
        raise BadCard(
            f"a card has {low} or {high} icons; got {len(chosen)} ({'+'.join(typed) or 'none'})"
        )
    kind_name = kind.strip().casefold() or "music"
    if kind_name not in KINDS:
        raise BadCard(f"card kind '{kind}' is not one of {', '.join(KINDS)}")
    if value < 0 and kind_name != "negative":
        # The rulebook's "negative cards" (left out of solo play) are the only ones below 0.
        raise BadCard(
            f"points {value} is negative: only a negative card (kind negative) is worth less than 0"
        )
    order = {name: i for i, name in enumerate(icon_names())}
    return Card(
        genre=parse_genre(genre, genres),
        points=value,
        icons=tuple(sorted(chosen, key=order.__getitem__)),
        title=_plain(title.strip(), "title"),
        artist=_plain(artist.strip(), "artist"),
        kind=kind_name,
        number=number,
    )


def _plain(text: str, what: str) -> str:
    """A card's title or artist, refused if it holds a control character: it is typed back
    to name the card, and a CSV cell may carry one (a quoted line break is legal CSV)."""
    from companion.engine import names

    found = names.CONTROL.search(text)
    if found is not None:
        cut = text if len(text) <= 60 else text[:60] + "…"
        raise BadCard(
            f"{what} '{names.shown(cut)}' contains a control character "
            f"({repr(found.group())[1:-1]})"
        )
    return text


def is_inline(text: str) -> bool:
    return "/" in text


def parse_inline(text: str, genres: Sequence[str], kind: str = "music") -> Card:
    """`GENRE/POINTS/ICON+ICON+ICON[/TITLE]`, icons by unique prefix."""
    parts = text.split("/", 3)
    if len(parts) < 3:
        raise BadCard(f"card '{text}' is not GENRE/POINTS/ICON+ICON+ICON[/TITLE]")
    genre, points, icons = parts[:3]
    title = parts[3] if len(parts) == 4 else ""
    return make_card(genre, points, icons.split("+"), genres, title=title, kind=kind)


def find_in_catalogue(typed: str, catalogue: Sequence[Card]) -> Card:
    """A catalogue card by number (`12` or `#12`) or by unique title prefix."""
    text = typed.strip()
    digits = text.removeprefix("#")
    if digits.isdigit():
        for card in catalogue:
            if card.number == int(digits):
                return card
        raise UnknownCard(f"no card #{digits} in the catalogue")
    titled = {card.title: card for card in catalogue if card.title}
    if not titled:
        raise UnknownCard(
            f"no card '{typed}': the catalogue is empty",
            hint="add cards with 'companion playlist cards add' or write GENRE/POINTS/ICONS",
        )
    try:
        return titled[match_prefix(text, titled, what="card")]
    except UnknownName as err:
        raise UnknownCard(str(err)) from None


def resolve_card(typed: str, catalogue: Sequence[Card], genres: Sequence[str]) -> Card:
    """Any card argument: inline when it contains '/', else a catalogue reference."""
    if is_inline(typed):
        return parse_inline(typed, genres)
    return find_in_catalogue(typed, catalogue)


def resolve_cards(
    typed: Sequence[str], catalogue: Sequence[Card], genres: Sequence[str]
) -> list[Card]:
    """Several cards; the same card may appear only once."""
    cards = [resolve_card(t, catalogue, genres) for t in typed]
    seen: dict[str, int] = {}
    for i, card in enumerate(cards):
        if card.key in seen:
            raise CardAlreadyPlaced(
                f"card '{typed[i]}' ({card.name()}) is already in this playlist "
                f"(position {seen[card.key] + 1})"
            )
        seen[card.key] = i
    return cards


def parse_csv(text: str, genres: Sequence[str], first_number: int = 1) -> list[Card]:
    """Catalogue rows from CSV text with header `title,artist,genre,points,icons[,kind]`.

    Icons in one cell are separated by `+`. Every row is validated before any
    is returned, and a problem names its line.
    """
    rows = _csv_rows(text)
    try:
        header = [h.strip().casefold() for h in next(rows)[1]]
    except StopIteration:
        raise CsvProblem("line 1: the file is empty; expected a header row") from None
    missing = [c for c in CSV_COLUMNS if c not in header]
    if missing:
        raise CsvProblem(
            f"line 1: missing column '{missing[0]}' (header must have {','.join(CSV_COLUMNS)})"
        )
    where = {name: header.index(name) for name in (*CSV_COLUMNS, *CSV_OPTIONAL) if name in header}
    cards: list[Card] = []
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        absent = [name for name, i in where.items() if i >= len(row) and name in CSV_COLUMNS]
        if absent:
            raise CsvProblem(f"line {line}: missing column '{absent[0]}'")
        cell = {name: row[i] if i < len(row) else "" for name, i in where.items()}
        try:
            card = make_card(
                cell["genre"],
                cell["points"],
                cell["icons"].split("+"),
                genres,
                title=cell["title"],
                artist=cell["artist"],
                kind=cell.get("kind", "") or "music",
                number=first_number + len(cards),
            )
        except (BadCard, UnknownName) as err:
            raise CsvProblem(f"line {line}: {err}") from None
        cards.append(card)
    if not cards:
        raise CsvProblem("the file has a header but no cards")
    return cards


def _csv_rows(text: str) -> Iterator[tuple[int, list[str]]]:
    """The rows of CSV text (RFC 4180), each with the line it ends on; a file that is not
    CSV is one CsvProblem naming its line, never the csv module's own error.

    Strict: a quote must open and close a whole field, so `"Jo"lene` or a quote left open
    (which would swallow the rest of the file into one cell) is refused, not guessed at.
    A CR outside quotes must end a line (CRLF): RFC 4180's unquoted fields hold none,
    while inside quotes it is the field's own text. A NUL is never text, though the csv
    module (3.11 on) reads one without a word.
    """
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise CsvProblem(
            f"line {line}: the file holds a NUL byte (\\x00): save the catalogue as UTF-8 CSV text"
        )
    reader = csv.reader(io.StringIO(text), strict=True)
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as err:
            raise CsvProblem(_csv_error(str(err), start, reader.line_num)) from None
        yield reader.line_num, row


def _csv_error(said: str, start: int, line: int) -> str:
    """The csv module's complaint in the file's words, on the line it is about."""
    if said.startswith("new-line character seen in unquoted field"):
        return (
            f"line {line}: a carriage return (\\r) outside quotes that does not end a line: "
            "save the file with LF or CRLF line endings, or quote the field"
        )
    if said == "unexpected end of data":
        return f"line {start}: a quoted field is never closed (a '\"' is missing)"
    if said.startswith("',' expected after"):
        return f"line {line}: text after a quoted field's closing '\"' (write a quote as '\"\"')"
    if said.startswith("field larger than field limit"):
        return f"line {start}: a field is longer than {csv.field_size_limit():,} characters"
    return f"line {line}: not CSV ({said})"
