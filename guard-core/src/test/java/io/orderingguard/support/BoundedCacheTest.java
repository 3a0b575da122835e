package io.orderingguard.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedCacheTest {

    private record Key(String provider, String model) {}

    @Test
    void should_compute_a_value_once_and_serve_it_from_the_cache() {
        BoundedCache<Key, String> cache = BoundedCache.withCapacity(4);
        List<Key> computed = new ArrayList<>();

        String first = cache.get(new Key("openai", "gpt-5"), k -> {
            computed.add(k);
            return k.model();
        });
        String second = cache.get(new Key("openai", "gpt-5"), k -> {
            computed.add(k);
            return "recomputed";
        });

        assertThat(first).isEqualTo("gpt-5");
        assertThat(second).isEqualTo("gpt-5");
        assertThat(computed).containsExactly(new Key("openai", "gpt-5"));
    }

    @Test
    void should_forget_only_the_oldest_entry_when_full() {
        BoundedCache<Key, String> cache = BoundedCache.withCapacity(3);
        for (int i = 0; i < 4; i++) {
            cache.get(new Key("p", "m" + i), Key::model);
        }

        assertThat(cache.size()).isEqualTo(3);
        assertThat(cache.contains(new Key("p", "m0"))).isFalse();
        assertThat(cache.contains(new Key("p", "m1"))).isTrue();
        assertThat(cache.contains(new Key("p", "m3"))).isTrue();
    }

    @Test
    void should_cache_nothing_when_the_computation_fails() {
        BoundedCache<Key, String> cache = BoundedCache.withCapacity(2);

        assertThatThrownBy(() -> cache.get(new Key("p", "bad"), k -> {
            throw new IllegalStateException("no profile for " + k.model());
        })).isInstanceOf(IllegalStateException.class).hasMessage("no profile for bad");

        assertThat(cache.size()).isZero();
    }

    @Test
    void should_fail_when_the_capacity_is_below_one() {
        assertThatThrownBy(() -> BoundedCache.withCapacity(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("capacity must be >= 1, but was 0");
    }

    @Test
    void should_fail_when_the_computation_returns_null() {
        BoundedCache<Key, String> cache = BoundedCache.withCapacity(2);

        assertThatThrownBy(() -> cache.get(new Key("p", "m"), k -> null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("computed value must not be null");
        assertThat(cache.size()).isZero();
    }
}
