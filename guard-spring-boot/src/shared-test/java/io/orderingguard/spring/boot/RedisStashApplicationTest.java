package io.orderingguard.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lettuce.core.ConnectionFuture;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.resource.ClientResources;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.redis.RedisServer;
import io.orderingguard.redis.RedisStash;
import io.orderingguard.spi.Stash;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@code ordering-guard.stash.type=redis} against a real {@code redis-server} (guard-redis's test
 * harness: skipped without the binary, failed without it when {@code CI=true}), with Spring Boot's own
 * Redis auto-configuration supplying the {@code LettuceConnectionFactory} from {@code spring.data.redis.*},
 * as in an application. Two contexts stand for two instances of one application behind a load
 * balancer: the second sees the baseline the first stored, through Redis.
 */
class RedisStashApplicationTest {

    static final String EVICTED = "rejected dispatch of conversation trip-9 (profile keep-tool-calls): 1 blocking "
            + "violation(s)\n  - tool-calls-kept: preservation invariant count-non-decreasing violated for toolCall: "
            + "1 before, 0 now; gone: 'call_1'";

    RedisServer redis;
    ProviderEmulator emulator;
    ApplicationContextRunner runner;

    @BeforeEach
    void start() {
        redis = RedisServer.start();
        emulator = ProviderEmulator.create().start();
        runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BootLine.DATA_REDIS_AUTO_CONFIGURATION,
                        OrderingGuardAutoConfiguration.class))
                .withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + redis.port(),
                        "ordering-guard.stash.type=redis", "ordering-guard.stash.redis.namespace=trips",
                        "ordering-guard.profile-files=" + Conversations.keepToolCallsProfile());
    }

    @AfterEach
    void stop() {
        emulator.close();
        redis.close();
    }

    @Test
    void the_second_instance_compares_with_the_dispatch_the_first_sent() {
        emulator.enqueue(Answer.text("Booked."), Answer.text("Done."));
        runner.run(first -> runner.run(second -> {
            assertThat(first.getBean(Stash.class)).isInstanceOf(RedisStash.class);
            assertThat(((RedisStash) first.getBean(Stash.class)).address()).isEqualTo("127.0.0.1:" + redis.port());
            ChatClient one = Conversations.client(first, Conversations.openAi(emulator));
            ChatClient two = Conversations.client(second, Conversations.openAi(emulator));

            assertThat(Conversations.send(one, "trip-9", Conversations.withToolRound())).isEqualTo("Booked.");
            assertThat(storedVersion("trips:snapshot:trip-9")).isEqualTo("1");

            Throwable evicted = catchThrowable(() -> Conversations.send(two, "trip-9", Conversations.toolRoundEvicted()));

            assertThat(evicted).isInstanceOf(OrderingViolationException.class).hasMessage(EVICTED);
            assertThat(emulator.requestCount()).isEqualTo(1);
            assertThat(storedVersion("trips:snapshot:trip-9")).isEqualTo("1");

            assertThat(Conversations.send(two, "trip-9", Conversations.withToolRound())).isEqualTo("Done.");
            assertThat(storedVersion("trips:snapshot:trip-9")).isEqualTo("2");
        }));
    }

    @Test
    void with_the_memory_stash_the_second_instance_has_no_baseline_and_sends_the_evicted_history() {
        emulator.enqueue(Answer.text("Booked."), Answer.text("Sure."));
        ApplicationContextRunner memory = runner.withPropertyValues("ordering-guard.stash.type=memory");
        memory.run(first -> memory.run(second -> {
            Conversations.send(Conversations.client(first, Conversations.openAi(emulator)), "trip-9",
                    Conversations.withToolRound());

            String answer = Conversations.send(Conversations.client(second, Conversations.openAi(emulator)), "trip-9",
                    Conversations.toolRoundEvicted());

            assertThat(answer).isEqualTo("Sure.");
            assertThat(emulator.requestCount()).isEqualTo(2);
            assertThat(storedVersion("trips:snapshot:trip-9")).isNull();
        }));
    }

    @Test
    void while_redis_is_down_fail_closed_refuses_and_fail_open_sends() {
        emulator.enqueue(Answer.text("Sent unchecked."));
        runner.run(closed -> runner.withPropertyValues("ordering-guard.stash.failure-mode=fail-open").run(open -> {
            ChatClient refusing = Conversations.client(closed, Conversations.openAi(emulator));
            ChatClient sending = Conversations.client(open, Conversations.openAi(emulator));
            redis.kill();

            Throwable refused = catchThrowable(() -> Conversations.send(refusing, "trip-9", Conversations.withToolRound()));
            String sent = Conversations.send(sending, "trip-9", Conversations.withToolRound());

            assertThat(refused).isInstanceOf(OrderingViolationException.class).hasMessageStartingWith(
                    "rejected dispatch of conversation trip-9 (profile keep-tool-calls): 1 blocking violation(s)\n"
                            + "  - stash-unavailable: the preservation baseline could not be read (Redis stash at "
                            + "127.0.0.1:" + redis.port() + ": ")
                    .hasMessageEndingWith("); the dispatch is rejected (stash failure mode fail-closed)");
            assertThat(sent).isEqualTo("Sent unchecked.");
            assertThat(emulator.requestCount()).isEqualTo(1);
        }));
    }

    @Test
    void an_application_redis_client_bean_carries_the_stash_to_the_uri_property() {
        emulator.enqueue(Answer.text("Booked."));
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(OrderingGuardAutoConfiguration.class))
                .withBean(CountingClient.class, CountingClient::new)
                .withPropertyValues("ordering-guard.stash.type=redis", "ordering-guard.stash.redis.uri=" + redis.uri(),
                        "ordering-guard.profile-files=" + Conversations.keepToolCallsProfile())
                .run(context -> {
                    Conversations.send(Conversations.client(context, Conversations.openAi(emulator)), "trip-9",
                            Conversations.withToolRound());

                    assertThat(context.getBean(CountingClient.class).connections).hasValue(1);
                });

        assertThat(storedVersion("orderingguard:snapshot:trip-9")).isEqualTo("1");
    }

    /** A Lettuce client that counts the connections opened on it. */
    static final class CountingClient extends RedisClient {
        final AtomicInteger connections = new AtomicInteger();

        CountingClient() {
            super(ClientResources.create(), new RedisURI());
        }

        @Override
        public <K, V> ConnectionFuture<StatefulRedisConnection<K, V>> connectAsync(RedisCodec<K, V> codec, RedisURI uri) {
            connections.incrementAndGet();
            return super.connectAsync(codec, uri);
        }

        /** Spring calls it on context close; the resources were the test's own. */
        @Override
        public void close() {
            super.close();
            getResources().shutdown();
        }
    }

    /** The version field of a snapshot hash, read with a client of the test's own. */
    String storedVersion(String key) {
        RedisClient client = RedisClient.create(redis.uri());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return connection.sync().hget(key, "v");
        } finally {
            client.shutdown();
        }
    }
}
