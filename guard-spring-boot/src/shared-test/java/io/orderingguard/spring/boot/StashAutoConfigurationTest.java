package io.orderingguard.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCredentials;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslVerifyMode;
import io.orderingguard.redis.RedisStash;
import io.orderingguard.spi.Stash;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisSocketConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Which stash the {@code ordering-guard.stash.*} properties give the guard, where the Redis stash
 * connects, and the startup failures of a Redis stash that cannot be configured. No Redis server is
 * needed: a {@code RedisStash} connects in the background and these tests never call it
 * ({@code RedisStashApplicationTest} does, against a real server).
 */
class StashAutoConfigurationTest {

    static final String PREFIX = "Ordering Guard could not be configured: invalid ordering-guard properties: ";

    /** The guard runs the test profile: its preservation rule is what reads and writes the stash. */
    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(OrderingGuardAutoConfiguration.class))
            .withPropertyValues("ordering-guard.profile-files=" + Conversations.keepToolCallsProfile());

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    static String description(Throwable startupFailure) {
        FailureAnalysis analysis = new OrderingGuardFailureAnalyzer().analyze(startupFailure);
        assertThat(analysis.getAction()).isEqualTo(OrderingGuardFailureAnalyzer.ACTION);
        return analysis.getDescription();
    }

    /** A started connection factory, as Spring Data Redis leaves it once the context created it. */
    static LettuceConnectionFactory started(LettuceConnectionFactory factory) {
        factory.afterPropertiesSet();
        return factory;
    }

    @Test
    void memory_is_the_default_and_holds_the_baseline_of_a_sent_prompt() {
        emulator.enqueue(Answer.text("Hello"));
        runner.run(context -> {
            Stash stash = context.getBean(Stash.class);
            assertThat(stash).isInstanceOf(InMemoryStash.class);

            Conversations.send(Conversations.client(context, Conversations.openAi(emulator)), "c-1",
                    Conversations.withToolRound());

            assertThat(stash.get("c-1")).hasValueSatisfying(s -> assertThat(s.version()).isEqualTo(1));
        });
    }

    @Test
    void none_creates_no_stash_and_ignores_an_application_stash() {
        InMemoryStash own = InMemoryStash.create();
        emulator.enqueue(Answer.text("Hello"));
        runner.withPropertyValues("ordering-guard.stash.type=none").run(context ->
                assertThat(context).doesNotHaveBean(Stash.class));
        runner.withPropertyValues("ordering-guard.stash.type=none").withBean(Stash.class, () -> own).run(context -> {
            Conversations.send(Conversations.client(context, Conversations.openAi(emulator)), "c-1",
                    Conversations.withToolRound());

            assertThat(own.get("c-1")).isEmpty();
        });
    }

    @Test
    void an_application_stash_replaces_the_auto_configured_one() {
        InMemoryStash own = InMemoryStash.bounded(10);
        emulator.enqueue(Answer.text("Hello"), Answer.text("Hello"));
        for (String type : new String[] {"memory", "redis"}) {
            runner.withPropertyValues("ordering-guard.stash.type=" + type).withBean("ownStash", Stash.class, () -> own)
                    .run(context -> {
                        assertThat(context).getBeanNames(Stash.class).containsExactly("ownStash");

                        Conversations.send(Conversations.client(context, Conversations.openAi(emulator)), "c-" + type,
                                Conversations.withToolRound());

                        assertThat(own.get("c-" + type)).isPresent();
                    });
        }
    }

    @Test
    void redis_with_a_uri_binds_namespace_ttl_and_timeout() {
        runner.withPropertyValues("ordering-guard.stash.type=redis", "ordering-guard.stash.redis.uri=redis://127.0.0.1:1/3",
                "ordering-guard.stash.redis.namespace=checkout-prod", "ordering-guard.stash.redis.ttl=90m",
                "ordering-guard.stash.redis.timeout=1s").run(context -> {
                    RedisStash stash = context.getBean(RedisStash.class);
                    assertThat(stash.address()).isEqualTo("127.0.0.1:1/3");
                    assertThat(stash.namespace()).isEqualTo("checkout-prod");
                    assertThat(stash.ttl()).isEqualTo(Duration.ofMinutes(90));
                    assertThat(stash.timeout()).isEqualTo(Duration.ofSeconds(1));
                    assertThat(stash.keyFor("c-1")).isEqualTo("checkout-prod:snapshot:c-1");
                });
    }

    @Test
    void redis_without_a_uri_takes_the_address_of_the_spring_data_connection_factory() {
        RedisStandaloneConfiguration standalone = new RedisStandaloneConfiguration("127.0.0.1", 1);
        standalone.setDatabase(5);
        runner.withPropertyValues("ordering-guard.stash.type=redis")
                .withBean(LettuceConnectionFactory.class, () -> started(new LettuceConnectionFactory(standalone)))
                .run(context -> assertThat(context.getBean(RedisStash.class).address()).isEqualTo("127.0.0.1:1/5"));
    }

    @Test
    void the_standalone_address_keeps_credentials_database_tls_and_client_name() {
        RedisStandaloneConfiguration standalone = new RedisStandaloneConfiguration("cache.internal", 6380);
        standalone.setDatabase(2);
        standalone.setUsername("app");
        standalone.setPassword(RedisPassword.of("s3cret"));
        LettuceClientConfiguration tls = LettuceClientConfiguration.builder().useSsl().disablePeerVerification().and()
                .clientName("checkout").build();

        RedisURI uri = SpringDataRedis.uri(new LettuceConnectionFactory(standalone, tls));

        assertThat(uri.getHost()).isEqualTo("cache.internal");
        assertThat(uri.getPort()).isEqualTo(6380);
        assertThat(uri.getDatabase()).isEqualTo(2);
        RedisCredentials credentials = uri.getCredentialsProvider().resolveCredentials().block();
        assertThat(credentials.getUsername()).isEqualTo("app");
        assertThat(credentials.getPassword()).containsExactly("s3cret".toCharArray());
        assertThat(uri.isSsl()).isTrue();
        assertThat(uri.getVerifyMode()).isEqualTo(SslVerifyMode.NONE);
        assertThat(uri.getClientName()).isEqualTo("checkout");
    }

    @Test
    void the_sentinel_and_socket_addresses() {
        RedisSentinelConfiguration sentinel = new RedisSentinelConfiguration().master("primary")
                .sentinel("10.0.0.1", 26379).sentinel("10.0.0.2", 26379);
        sentinel.setDatabase(1);
        sentinel.setPassword(RedisPassword.of("data-node"));
        RedisURI viaSentinel = SpringDataRedis.uri(new LettuceConnectionFactory(sentinel));
        assertThat(viaSentinel.getSentinelMasterId()).isEqualTo("primary");
        assertThat(viaSentinel.getSentinels()).extracting(RedisURI::getHost).containsExactly("10.0.0.1", "10.0.0.2");
        assertThat(viaSentinel.getDatabase()).isEqualTo(1);
        assertThat(viaSentinel.getCredentialsProvider().resolveCredentials().block().getPassword())
                .containsExactly("data-node".toCharArray());

        RedisSocketConfiguration socket = new RedisSocketConfiguration("/run/redis.sock");
        RedisURI viaSocket = SpringDataRedis.uri(new LettuceConnectionFactory(socket,
                LettuceClientConfiguration.defaultConfiguration()));
        assertThat(viaSocket.getSocket()).isEqualTo("/run/redis.sock");
        assertThat(viaSocket.isSsl()).isFalse();
    }

    @Test
    void redis_with_nothing_to_connect_to_fails_startup() {
        runner.withPropertyValues("ordering-guard.stash.type=redis").run(context ->
                assertThat(description(context.getStartupFailure())).isEqualTo(PREFIX
                        + "ordering-guard.stash.type is redis, but the application has no Redis connection to use: set "
                        + "ordering-guard.stash.redis.uri, or define a LettuceConnectionFactory (Spring Data Redis, e.g. "
                        + "spring.data.redis.host) or a Lettuce RedisClient bean"));
    }

    @Test
    void a_redis_client_bean_without_a_uri_fails_startup() {
        runner.withPropertyValues("ordering-guard.stash.type=redis").withBean(RedisClient.class, RedisClient::create)
                .run(context -> assertThat(description(context.getStartupFailure())).isEqualTo(PREFIX
                        + "ordering-guard.stash.redis.uri must be set: the application's Lettuce RedisClient bean is "
                        + "used for the stash, but a RedisClient does not tell the address it connects to"));
    }

    @Test
    void a_cluster_connection_factory_fails_startup() {
        runner.withPropertyValues("ordering-guard.stash.type=redis")
                .withBean(LettuceConnectionFactory.class,
                        () -> new LettuceConnectionFactory(new RedisClusterConfiguration().clusterNode("127.0.0.1", 1)))
                .run(context -> assertThat(description(context.getStartupFailure())).isEqualTo(PREFIX
                        + "ordering-guard.stash.type is redis, but the application's LettuceConnectionFactory connects "
                        + "to a Redis Cluster, which guard-redis's stash does not support; set "
                        + "ordering-guard.stash.redis.uri to a standalone or sentinel Redis"));
    }

    @Test
    void redis_without_guard_redis_on_the_class_path_fails_startup() {
        runner.withClassLoader(new FilteredClassLoader(RedisStash.class))
                .withPropertyValues("ordering-guard.stash.type=redis", "ordering-guard.stash.redis.uri=redis://127.0.0.1:1")
                .run(context -> assertThat(description(context.getStartupFailure())).isEqualTo(PREFIX
                        + "ordering-guard.stash.type is redis, but guard-redis is not on the class path; add the "
                        + "dependency io.orderingguard:guard-redis"));
    }

    @Test
    void every_bad_redis_value_and_a_bad_profile_fail_startup_in_one_report() {
        runner.withPropertyValues("ordering-guard.profiles=opneai-chat", "ordering-guard.stash.type=redis",
                "ordering-guard.stash.redis.uri=cache.internal:6379", "ordering-guard.stash.redis.namespace=check out",
                "ordering-guard.stash.redis.ttl=0s", "ordering-guard.stash.redis.timeout=-1s").run(context ->
                assertThat(description(context.getStartupFailure())).isEqualTo(PREFIX + "5 problems\n"
                        + "  - ordering-guard.profiles[0]: unknown profile 'opneai-chat'; did you mean openai-chat?\n"
                        + "  - ordering-guard.stash.redis.namespace must not contain whitespace, but was 'check out'\n"
                        + "  - ordering-guard.stash.redis.ttl must be >= 1 ms, but was PT0S\n"
                        + "  - ordering-guard.stash.redis.timeout must be >= 1 ms, but was PT-1S\n"
                        + "  - ordering-guard.stash.redis.uri must be a Redis URI such as redis://localhost:6379, but was "
                        + "'cache.internal:6379'"));
    }

    @Test
    void an_unknown_stash_type_fails_binding_with_spring_boots_own_report() {
        runner.withPropertyValues("ordering-guard.stash.type=redsi").run(context ->
                assertThat(context.getStartupFailure()).rootCause()
                        .hasMessage("No enum constant io.orderingguard.spring.boot.StashKind.redsi"));
    }
}
