package io.orderingguard.spring.boot;

import io.lettuce.core.RedisClient;
import io.orderingguard.GuardConfigException;
import io.orderingguard.redis.RedisStash;
import java.util.List;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * Builds the {@link RedisStash} of {@code ordering-guard.stash.type=redis} on the application's own
 * Redis connection. Loaded only when guard-redis (and so Lettuce) is on the class path.
 *
 * <p>Where the stash connects: {@code ordering-guard.stash.redis.uri} when set, else the address of
 * the application's Spring Data Redis {@code LettuceConnectionFactory}. Which Lettuce client it uses
 * (sharing its event loops and options, never closing it): the application's {@link RedisClient}
 * bean, else the connection factory's client, else one the stash creates and owns.
 */
final class RedisStashes {

    /** The Spring Data Redis class whose bean supplies a client and an address. */
    static final String CONNECTION_FACTORY = "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory";

    /** The problem reported when nothing says where Redis is. */
    static final String NO_REDIS = "ordering-guard.stash.type is redis, but the application has no Redis connection to "
            + "use: set ordering-guard.stash.redis.uri, or define a LettuceConnectionFactory (Spring Data Redis, e.g. "
            + "spring.data.redis.host) or a Lettuce RedisClient bean";

    /** The problem reported for a RedisClient bean without a URI. */
    static final String CLIENT_WITHOUT_URI = "ordering-guard.stash.redis.uri must be set: the application's Lettuce "
            + "RedisClient bean is used for the stash, but a RedisClient does not tell the address it connects to";

    private static final String PREFIX = "ordering-guard.stash.redis.";

    private RedisStashes() {}

    /**
     * Builds the stash, or fails with every bad property: the guard's and the stash's.
     *
     * @param properties the bound properties
     * @param clientBean the application's unique Lettuce client bean, or {@code null}
     * @param beans where to look for a Spring Data Redis connection factory
     * @return the stash, connecting in the background
     * @throws GuardConfigException naming every bad property
     */
    static RedisStash create(OrderingGuardProperties properties, RedisClient clientBean, ListableBeanFactory beans) {
        List<String> problems = GuardFactory.problems(properties);
        OrderingGuardProperties.Redis redis = properties.stash().redis();
        RedisStash.Builder builder = RedisStash.builder();
        apply(problems, () -> builder.namespace(redis.namespace()));
        apply(problems, () -> builder.ttl(redis.ttl()));
        apply(problems, () -> builder.timeout(redis.timeout()));
        SpringDataRedis.Connection factory = springDataConnection(beans, redis.uri() == null, problems);
        if (redis.uri() != null) {
            apply(problems, () -> builder.uri(redis.uri()));
            RedisClient client = clientBean != null ? clientBean : factory == null ? null : factory.client();
            if (client != null) {
                builder.client(client);
            }
        } else if (factory != null) {
            builder.uri(factory.uri());
            if (factory.client() != null) {
                builder.client(factory.client());
            }
        } else if (problems.stream().noneMatch(p -> p.startsWith(SpringDataRedis.CLUSTER))) {
            problems.add(clientBean != null ? CLIENT_WITHOUT_URI : NO_REDIS);
        }
        if (!problems.isEmpty()) {
            throw new GuardConfigException(GuardFactory.WHAT, problems);
        }
        return builder.build();
    }

    /** The connection factory's client and address, when Spring Data Redis and one such bean are present. */
    private static SpringDataRedis.Connection springDataConnection(ListableBeanFactory beans, boolean needAddress,
            List<String> problems) {
        if (!ClassUtils.isPresent(CONNECTION_FACTORY, RedisStashes.class.getClassLoader())) {
            return null;
        }
        return SpringDataRedis.connection(beans, needAddress, problems);
    }

    /** Runs one builder setter; its message, which names the field and the value, goes under the property. */
    private static void apply(List<String> problems, Runnable setter) {
        try {
            setter.run();
        } catch (IllegalArgumentException e) {
            problems.add(PREFIX + e.getMessage());
        }
    }
}
