package io.orderingguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.StashUnavailableException;
import io.orderingguard.testkit.StashRace;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link RedisStash} against a real {@code redis-server} started on a free loopback port (see
 * {@link RedisServer}). Skipped without the binary, failed without it when {@code CI=true}.
 *
 * <p>The bounds on elapsed time below are not performance assertions: they check the timeout
 * contract (a call gives up after its deadline) with a wide margin for a loaded machine.
 */
class RedisStashIntegrationTest {

    private static final Duration TIMEOUT = Duration.ofMillis(250);
    /** What "promptly" means on a busy two-core CI runner: the deadline plus scheduling slack. */
    private static final Duration PROMPTLY = TIMEOUT.plusSeconds(1);

    private static RedisServer server;
    private static RedisClient rawClient;
    private static StatefulRedisConnection<String, byte[]> rawConnection;
    private static RedisCommands<String, byte[]> raw;

    private RedisStash stash;

    @BeforeAll
    static void startRedis() {
        server = RedisServer.start();
        rawClient = RedisClient.create(server.uri());
        rawConnection = rawClient.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
        raw = rawConnection.sync();
    }

    @AfterAll
    static void stopRedis() {
        if (rawClient != null) {
            rawConnection.close();
            rawClient.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void openStash() {
        raw.flushall();
        stash = answering(RedisStash.builder().uri(server.uri()).timeout(TIMEOUT).build());
    }

    @AfterEach
    void closeStash() {
        stash.close();
    }

    @Test
    void should_round_trip_a_snapshot_and_store_it_under_the_namespaced_key() {
        Snapshot first = StashRace.snapshot("conv-1", 1, 3, 4);

        assertThat(stash.get("conv-1")).isEmpty();
        assertThat(stash.compareAndSet("conv-1", 0, first)).isTrue();

        assertThat(stash.get("conv-1")).contains(first);
        assertThat(raw.keys("*")).containsExactly("orderingguard:snapshot:conv-1");
        assertThat(ascii(raw.hget("orderingguard:snapshot:conv-1", "v"))).isEqualTo("1");
        assertThat(raw.hget("orderingguard:snapshot:conv-1", "s")).isEqualTo(SnapshotCodec.encode(first));
    }

    @Test
    void should_refuse_a_stale_expected_version_and_keep_the_winner() {
        Snapshot winner = StashRace.snapshot("conv-1", 1, 0, 0);
        stash.compareAndSet("conv-1", 0, winner);

        assertThat(stash.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 1, 0))).isFalse();
        assertThat(stash.compareAndSet("conv-1", 5, StashRace.snapshot("conv-1", 6, 1, 0))).isFalse();

        assertThat(stash.get("conv-1")).contains(winner);
        Snapshot second = StashRace.snapshot("conv-1", 2, 1, 1);
        assertThat(stash.compareAndSet("conv-1", 1, second)).isTrue();
        assertThat(stash.get("conv-1")).contains(second);
    }

    @Test
    void should_forget_a_removed_conversation() {
        stash.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 0));

        stash.remove("conv-1");
        stash.remove("never-written");

        assertThat(stash.get("conv-1")).isEmpty();
        assertThat(raw.exists("orderingguard:snapshot:conv-1")).isZero();
        assertThat(stash.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 1))).isTrue();
    }

    @Test
    void should_expire_a_snapshot_after_a_short_ttl() {
        try (RedisStash shortLived = answering(
                RedisStash.builder().uri(server.uri()).ttl(Duration.ofMillis(300)).timeout(TIMEOUT).build())) {
            shortLived.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 0));
            // -2 (already gone) is fine on a stalled machine; -1 (no TTL) or more than 300 ms is not
            assertThat(raw.pttl("orderingguard:snapshot:conv-1")).isLessThanOrEqualTo(300L).isNotEqualTo(-1L);

            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (shortLived.get("conv-1").isPresent() && System.nanoTime() < deadline) {
                sleep(50);
            }

            assertThat(shortLived.get("conv-1")).isEmpty();
            assertThat(shortLived.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 1))).isTrue();
        }
    }

    @Test
    void should_refresh_the_ttl_on_every_write() {
        String key = "orderingguard:snapshot:conv-1";
        stash.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 0));
        assertThat(raw.pttl(key)).isGreaterThan(Duration.ofHours(23).toMillis());
        raw.pexpire(key, 5_000);

        stash.get("conv-1");
        assertThat(raw.pttl(key)).as("a read leaves the TTL alone").isLessThanOrEqualTo(5_000L);
        stash.compareAndSet("conv-1", 1, StashRace.snapshot("conv-1", 2, 0, 1));

        assertThat(raw.pttl(key)).isGreaterThan(Duration.ofHours(23).toMillis());
    }

    @Test
    void should_keep_namespaces_apart() {
        try (RedisStash staging = answering(
                RedisStash.builder().uri(server.uri()).namespace("staging").timeout(TIMEOUT).build())) {
            Snapshot production = StashRace.snapshot("conv-1", 1, 0, 0);
            Snapshot stagingSnapshot = StashRace.snapshot("conv-1", 1, 1, 1);

            assertThat(stash.compareAndSet("conv-1", 0, production)).isTrue();
            assertThat(staging.get("conv-1")).isEmpty();
            assertThat(staging.compareAndSet("conv-1", 0, stagingSnapshot)).isTrue();
            staging.remove("conv-1");

            assertThat(stash.get("conv-1")).contains(production);
            assertThat(staging.get("conv-1")).isEmpty();
            assertThat(raw.keys("*")).containsExactly("orderingguard:snapshot:conv-1");
        }
    }

    @Test
    void should_reload_the_script_when_the_server_forgot_it() {
        stash.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 0));

        raw.scriptFlush();

        assertThat(stash.compareAndSet("conv-1", 1, StashRace.snapshot("conv-1", 2, 0, 1))).isTrue();
        assertThat(stash.get("conv-1")).map(Snapshot::version).contains(2L);
    }

    @Test
    void should_report_a_foreign_value_clearly_naming_the_key() {
        raw.set("orderingguard:snapshot:plain", "hello".getBytes(StandardCharsets.UTF_8));
        raw.hset("orderingguard:snapshot:garbage", Map.of("v", ascii("3"), "s", ascii("garbage")));
        raw.hset("orderingguard:snapshot:half", Map.of("v", ascii("1")));
        raw.hset("orderingguard:snapshot:mismatch",
                Map.of("v", ascii("5"), "s", SnapshotCodec.encode(StashRace.snapshot("x", 1, 0, 0))));
        String at = "Redis stash at 127.0.0.1:" + server.port() + ": ";

        assertThatThrownBy(() -> stash.get("plain")).isInstanceOf(StashUnavailableException.class)
                .hasMessageStartingWith(at + "HMGET orderingguard:snapshot:plain answered an error: WRONGTYPE");
        assertThatThrownBy(() -> stash.compareAndSet("plain", 0, StashRace.snapshot("plain", 1, 0, 0)))
                .isInstanceOf(StashUnavailableException.class)
                .hasMessageStartingWith(at + "compare-and-set script on orderingguard:snapshot:plain answered an error: ")
                .hasMessageContaining("WRONGTYPE");
        assertThatThrownBy(() -> stash.get("garbage")).isInstanceOf(StashUnavailableException.class)
                .hasMessage(at + "the value under key 'orderingguard:snapshot:garbage' is not a readable snapshot: "
                        + "not a snapshot: expected the marker 'OG' at byte 0, but found 0x6761")
                .hasCauseInstanceOf(SnapshotFormatException.class);
        assertThatThrownBy(() -> stash.get("half")).isInstanceOf(StashUnavailableException.class)
                .hasMessage(at + "the value under key 'orderingguard:snapshot:half' is not a readable snapshot: "
                        + "the hash has a field 'v' and no field 's', but needs both");
        assertThatThrownBy(() -> stash.get("mismatch")).isInstanceOf(StashUnavailableException.class)
                .hasMessage(at + "the value under key 'orderingguard:snapshot:mismatch' is not a readable snapshot: "
                        + "field 'v' is '5', but the snapshot in field 's' has version 1");
    }

    /**
     * 8 threads × 2,000 read → build → compare-and-set cycles over 100 conversations, retrying on
     * conflict, through one stash (one multiplexed connection) or four (four connections, as four
     * application servers): no lost update, no torn snapshot. The timeout is raised because this
     * test is about atomicity, not latency, and a shared CI machine may stall a call now and then.
     */
    @ParameterizedTest(name = "{0} stash instance(s)")
    @ValueSource(ints = {1, 4})
    void should_lose_no_update_and_tear_no_snapshot_when_8_threads_race_over_100_conversations(int instances)
            throws Exception {
        List<RedisStash> fleet = new ArrayList<>();
        try {
            for (int i = 0; i < instances; i++) {
                fleet.add(answering(RedisStash.builder().uri(server.uri()).timeout(Duration.ofSeconds(10)).build()));
            }

            StashRace.Report report = StashRace.run(thread -> fleet.get(thread % fleet.size()), "redis", 8, 2_000,
                    100, 42);

            String conversation = StashRace.conversationId("redis", 0);
            String key = stash.keyFor(conversation);
            System.out.println("RedisStash, " + instances + " instance(s): " + report);
            System.out.println("RedisStash: " + raw.dbsize() + " keys; " + key + " holds "
                    + stash.get(conversation).map(Snapshot::size).orElse(0) + " entries in "
                    + raw.hget(key, "s").length + " encoded bytes, MEMORY USAGE " + raw.memoryUsage(key) + " bytes");
            assertThat(report.anomalies()).isEmpty();
            assertThat(report.totalSuccesses()).isEqualTo(16_000);
            assertThat(report.finalVersions()).containsExactly(report.successes());
            assertThat(raw.dbsize()).isEqualTo(100);
        } finally {
            fleet.forEach(RedisStash::close);
        }
    }

    /**
     * SIGKILL mid-run: calls throw StashUnavailableException within the deadline while Redis is
     * down, and the same stash answers again once Redis is back on the same port.
     */
    @Test
    void should_fail_promptly_while_redis_is_down_and_recover_after_restart_without_rebuilding() {
        try (RedisServer own = RedisServer.start();
                RedisStash survivor = answering(RedisStash.builder().uri(own.uri()).timeout(TIMEOUT).build())) {
            assertThat(survivor.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 0))).isTrue();

            own.kill();

            for (int round = 0; round < 3; round++) {
                assertUnavailablePromptly(own, () -> survivor.get("conv-1"));
                assertUnavailablePromptly(own, () -> survivor.compareAndSet("conv-1", 1,
                        StashRace.snapshot("conv-1", 2, 0, 1)));
                assertUnavailablePromptly(own, () -> {
                    survivor.remove("conv-1");
                    return null;
                });
            }

            own.restart();
            answering(survivor);

            assertThat(survivor.get("conv-1")).as("redis restarted empty: no persistence").isEmpty();
            assertThat(survivor.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 2))).isTrue();
            assertThat(survivor.get("conv-1")).map(Snapshot::version).contains(1L);
        }
    }

    /** SIGSTOP: the socket stays open but nothing answers, so only the deadline ends the call. */
    @Test
    void should_time_out_while_redis_hangs_and_answer_again_when_it_resumes() {
        try (RedisServer own = RedisServer.start();
                RedisStash survivor = answering(RedisStash.builder().uri(own.uri()).timeout(TIMEOUT).build())) {
            survivor.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 0));

            own.pause();
            try {
                long start = System.nanoTime();
                assertThatThrownBy(() -> survivor.get("conv-1")).isInstanceOf(StashUnavailableException.class)
                        .hasMessage("Redis stash at 127.0.0.1:" + own.port()
                                + ": HMGET orderingguard:snapshot:conv-1 timed out after 250 ms");
                Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
                assertThat(elapsed).isGreaterThanOrEqualTo(TIMEOUT).isLessThan(PROMPTLY);
                assertThatThrownBy(() -> survivor.compareAndSet("conv-1", 1, StashRace.snapshot("conv-1", 2, 0, 1)))
                        .isInstanceOf(StashUnavailableException.class)
                        .hasMessage("Redis stash at 127.0.0.1:" + own.port()
                                + ": compare-and-set script on orderingguard:snapshot:conv-1 timed out after 250 ms");
            } finally {
                own.resume();
            }

            answering(survivor);
            // the timed-out compare-and-set reached the server before it froze, so it may have
            // been applied after all: either version is a consistent outcome
            assertThat(survivor.get("conv-1")).map(Snapshot::version).hasValueSatisfying(
                    version -> assertThat(version).isIn(1L, 2L));
        }
    }

    /**
     * A caller's own client with auto-reconnect off: the stash never closes it, and replaces the
     * dead connection itself once Redis is back.
     */
    @Test
    void should_recover_with_a_callers_client_that_does_not_reconnect() {
        try (RedisServer own = RedisServer.start()) {
            RedisClient client = RedisClient.create();
            client.setOptions(ClientOptions.builder().autoReconnect(false).build());
            try (RedisStash borrowing = answering(
                    RedisStash.builder().client(client).uri(own.uri()).timeout(TIMEOUT).build())) {
                borrowing.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 0));

                own.kill();
                assertUnavailablePromptly(own, () -> borrowing.get("conv-1"));
                own.restart();
                answering(borrowing);

                assertThat(borrowing.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 1))).isTrue();
            }
            try (StatefulRedisConnection<String, String> stillUsable = client.connect(RedisURI.create(own.uri()))) {
                assertThat(stillUsable.sync().ping()).isEqualTo("PONG");
            } finally {
                client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
            }
        }
    }

    /** Redis is not there when the stash is built, and comes up later on that port. */
    @Test
    void should_connect_later_when_redis_starts_after_the_stash() {
        int port = RedisServer.freePort();
        try (RedisStash early = RedisStash.builder().uri("redis://127.0.0.1:" + port).timeout(TIMEOUT).build()) {
            assertThatThrownBy(() -> early.get("conv-1")).isInstanceOf(StashUnavailableException.class);

            try (RedisServer late = RedisServer.startOn(port)) {
                answering(early);
                assertThat(early.compareAndSet("conv-1", 0, StashRace.snapshot("conv-1", 1, 0, 0))).isTrue();
            }
        }
    }

    private static void assertUnavailablePromptly(RedisServer own, Supplier<?> call) {
        long start = System.nanoTime();
        assertThatThrownBy(call::get).isInstanceOf(StashUnavailableException.class)
                .hasMessageStartingWith("Redis stash at 127.0.0.1:" + own.port() + ": ");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(PROMPTLY);
    }

    /**
     * Waits (at most 15 s) until the stash answers: a fresh JVM needs a moment to start Netty, and
     * a restarted server a reconnect. Returns the stash.
     */
    private static RedisStash answering(RedisStash stash) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            try {
                Optional<Snapshot> ignored = stash.get("warm-up");
                return stash;
            } catch (StashUnavailableException e) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the stash did not answer within 15 s: " + e.getMessage(), e);
                }
                sleep(20);
            }
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static String ascii(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
