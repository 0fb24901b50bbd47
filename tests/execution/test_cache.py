from __future__ import annotations

from agent_system.execution._cache import ResultCache, cache_key
from agent_system.runtime import FakeClock


def test_values_expire_after_their_ttl() -> None:
    clock = FakeClock()
    cache = ResultCache(clock)
    cache.put("k", {"v": 1}, ttl_s=5)

    clock.advance(4.9)
    assert cache.get("k") == {"v": 1}
    assert "k" in cache
    clock.advance(0.1)
    assert cache.get("k") is None
    assert "k" not in cache
    assert (cache.hits, cache.misses) == (1, 1)


def test_the_least_recently_used_entry_is_evicted_at_capacity() -> None:
    cache = ResultCache(FakeClock(), max_entries=2)
    cache.put("a", 1, ttl_s=60)
    cache.put("b", 2, ttl_s=60)
    cache.get("a")

    cache.put("c", 3, ttl_s=60)

    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)
    assert len(cache) == 2


def test_a_zero_ttl_stores_nothing() -> None:
    cache = ResultCache(FakeClock())
    cache.put("k", 1, ttl_s=0)

    assert cache.get("k", "missing") == "missing"


def test_cache_keys_ignore_argument_order_and_separate_users() -> None:
    assert cache_key("t", {"a": 1, "b": [2]}) == cache_key("t", {"b": [2], "a": 1})
    assert cache_key("t", {"a": 1}) != cache_key("t", {"a": 2})
    assert cache_key("t", {"a": 1}, user="ann") != cache_key("t", {"a": 1}, user="bob")
    assert cache_key("t", {"a": 1}) != cache_key("u", {"a": 1})
