package io.orderingguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.RedisURI;
import io.orderingguard.spi.StashUnavailableException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Configuration and behaviour that need no Redis server. */
class RedisStashTest {

    @Test
    void should_use_the_documented_defaults() {
        try (RedisStash stash = RedisStash.builder().uri("redis://cache.internal:6380/2").build()) {
            assertThat(stash.namespace()).isEqualTo("orderingguard");
            assertThat(stash.ttl()).isEqualTo(Duration.ofHours(24));
            assertThat(stash.timeout()).isEqualTo(Duration.ofMillis(250));
            assertThat(stash.address()).isEqualTo("cache.internal:6380/2");
            assertThat(stash.keyFor("conv-1")).isEqualTo("orderingguard:snapshot:conv-1");
            assertThat(stash).hasToString(
                    "RedisStash[cache.internal:6380/2, namespace=orderingguard, ttl=PT24H, timeout=PT0.25S]");
        }
    }

    @Test
    void should_apply_namespace_ttl_and_timeout() {
        try (RedisStash stash = RedisStash.builder()
                .uri(RedisURI.create("localhost", 6379))
                .namespace("staging-eu")
                .ttl(Duration.ofMinutes(30))
                .timeout(Duration.ofMillis(80))
                .build()) {
            assertThat(stash.keyFor("c")).isEqualTo("staging-eu:snapshot:c");
            assertThat(stash.ttl()).isEqualTo(Duration.ofMinutes(30));
            assertThat(stash.timeout()).isEqualTo(Duration.ofMillis(80));
            assertThat(stash.address()).isEqualTo("localhost:6379");
        }
    }

    @Test
    void should_fail_on_invalid_settings_naming_the_field_and_value() {
        RedisStash.Builder builder = RedisStash.builder();

        assertThatThrownBy(() -> builder.namespace(" ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("namespace must not be blank, but was ' '");
        assertThatThrownBy(() -> builder.namespace("my app")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("namespace must not contain whitespace, but was 'my app'");
        assertThatThrownBy(() -> builder.ttl(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ttl must be >= 1 ms, but was PT0S");
        assertThatThrownBy(() -> builder.timeout(Duration.ofNanos(500))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timeout must be >= 1 ms, but was PT0.0000005S");
        assertThatThrownBy(() -> builder.ttl(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("ttl must not be null");
        assertThatThrownBy(() -> builder.uri("localhost:6379")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("uri must be a Redis URI such as redis://localhost:6379, but was 'localhost:6379'");
        assertThatThrownBy(builder::build).isInstanceOf(IllegalStateException.class)
                .hasMessage("uri must be set, for example uri(\"redis://localhost:6379\")");
    }

    @Test
    void should_fail_when_next_version_is_not_expected_plus_one_before_any_network_call() {
        try (RedisStash stash = RedisStash.builder().uri("redis://127.0.0.1:1").build()) {
            assertThatThrownBy(() -> stash.compareAndSet("c", 3, StashRaceSnapshots.of(5)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("next.version must be expectedVersion + 1 = 4, but was 5");
            assertThatThrownBy(() -> stash.get(null)).isInstanceOf(NullPointerException.class)
                    .hasMessage("conversationId must not be null");
        }
    }

    /**
     * Nothing listens on the port: every call throws promptly, naming Redis and the address. The
     * first call may still be waiting for a cold Netty to start; later ones see the refusal.
     */
    @Test
    void should_throw_stash_unavailable_naming_the_address_when_nothing_listens() {
        int port = RedisServer.freePort();
        try (RedisStash stash = RedisStash.builder().uri("redis://127.0.0.1:" + port).build()) {
            assertThatThrownBy(() -> stash.get("c")).isInstanceOf(StashUnavailableException.class)
                    .hasMessageStartingWith("Redis stash at 127.0.0.1:" + port + ": ");
            for (Runnable call : List.<Runnable>of(() -> stash.get("c"), () -> stash.remove("c"),
                    () -> stash.compareAndSet("c", 0, StashRaceSnapshots.of(1)))) {
                long start = System.nanoTime();
                assertThatThrownBy(call::run)
                        .isInstanceOf(StashUnavailableException.class)
                        .hasMessageStartingWith("Redis stash at 127.0.0.1:" + port + ": cannot connect: ");
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            }
        }
    }

    @Test
    void should_refuse_calls_after_close() {
        RedisStash stash = RedisStash.builder().uri("redis://127.0.0.1:1").build();
        stash.close();
        stash.close();

        assertThatThrownBy(() -> stash.get("c")).isInstanceOf(IllegalStateException.class)
                .hasMessage("RedisStash for 127.0.0.1:1 is closed");
    }
}
