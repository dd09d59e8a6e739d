"""The big caches decoded by orjson give exactly what json gives, every text json takes
included (companion.store.quick_json)."""

from __future__ import annotations

import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.store import archive, quick_json
from companion.store.archive import file_signature


def same(a, b) -> bool:
    """Equal values of equal types all the way down (NaN equal to NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same, a, b))
    return a == b


# Texts orjson refuses and json takes: each must still decode, to json's value.
ONLY_JSON = [
    b'{"score": NaN}',
    b'{"a": 1, "b": 2, "a": 3}',  # a key twice: the last value, in the first place
    b'{"score": Infinity, "low": -Infinity}',
    b"[1e400]",
    b'{"big": 123456789012345678901234567890}',
    b'{"id": "\\ud800"}',  # a lone surrogate's escape
    b'\xef\xbb\xbf{"a": 1}',  # a byte order mark
    '{"a": [1, 2.5, "x"]}'.encode("utf-16"),
    b'{"s": "\xed\xa0\x80"}',  # an encoded surrogate (json reads it with surrogatepass)
]


def test_texts_orjson_refuses_are_decoded_by_json():
    for text in ONLY_JSON:
        assert same(quick_json.loads(text), json.loads(text)), text


def test_integers_beyond_64_bits_stay_integers():
    # orjson would make these floats without a word: they must be json's exact integers
    for number in (2**64, 2**64 + 1, -(2**63) - 1, 10**30, -(10**25)):
        text = json.dumps({"scores": {"Ann": number}, "at": 1})
        assert same(quick_json.loads(text), {"scores": {"Ann": number}, "at": 1})
        assert same(quick_json.loads(text.encode()), json.loads(text))
    for number in (2**64 - 1, -(2**63), 1_780_000_000_000_000_000):  # (an mtime in ns)
        assert quick_json.loads(f"[{number}]") == [number]


def test_a_text_json_refuses_is_refused():
    for text in (b'{"a": 1', b"[1,]", b"", b'{"a": "\x01"}'):
        try:
            json.loads(text)
        except ValueError as err:
            expected = type(err)
        try:
            quick_json.loads(text)
        except ValueError as err:
            assert isinstance(err, expected)
        else:
            raise AssertionError(text)


values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(st.characters(exclude_categories=())),  # lone surrogates too
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(st.characters(exclude_categories=())), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(values, st.booleans())
def test_any_json_text_decodes_as_json_decodes_it(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert same(quick_json.loads(text), json.loads(text))
    assert same(quick_json.loads(text.encode("utf-8", "surrogatepass")), json.loads(text))


def test_a_summary_holding_what_orjson_refuses_is_read_from_the_index(tmp_path):
    # An archive file's summaries cache holding a score beyond 64 bits and an infinity (json
    # wrote them; orjson refuses them): read as json reads them, not made again.
    index = tmp_path / "2026-01.m.json"
    shard = tmp_path / "2026-01.m.shard"
    shard.write_text("{}")
    signature = file_signature(shard)
    match = {"id": "x", "result": {"scores": {"Ann": 2**70, "Bo": math.inf}}}
    index.write_text(json.dumps({"source": signature, "matches": [match], "bad": [], "total": 1}))
    found = archive._cached(index, signature)
    assert found is not None and found.matches == [match]
