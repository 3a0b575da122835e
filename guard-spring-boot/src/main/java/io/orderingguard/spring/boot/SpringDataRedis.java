package io.orderingguard.spring.boot;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import java.util.List;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisSocketConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConverters;

/**
 * The Redis client and address of the application's Spring Data Redis {@link LettuceConnectionFactory}.
 * Loaded only when Spring Data Redis is on the class path.
 */
final class SpringDataRedis {

    /** The problem reported for a connection factory configured for Redis Cluster. */
    static final String CLUSTER = "ordering-guard.stash.type is redis, but the application's LettuceConnectionFactory "
            + "connects to a Redis Cluster, which guard-redis's stash does not support; set ordering-guard.stash.redis.uri "
            + "to a standalone or sentinel Redis";

    private SpringDataRedis() {}

    /**
     * What the stash can take from a connection factory.
     *
     * @param client the factory's Lettuce client, or {@code null} when it has none (not started yet,
     *     or a cluster client)
     * @param uri the factory's address with its credentials, database and TLS settings, or
     *     {@code null} when not asked for
     */
    record Connection(RedisClient client, RedisURI uri) {}

    /**
     * Reads the application's unique {@link LettuceConnectionFactory}.
     *
     * @param beans the application's beans
     * @param needAddress whether the stash connects to the factory's address (no URI property)
     * @param problems where a cluster factory that would have to give the address is reported
     * @return the client and address, or {@code null} without a unique factory (or with a cluster one)
     */
    static Connection connection(ListableBeanFactory beans, boolean needAddress, List<String> problems) {
        LettuceConnectionFactory factory = beans.getBeanProvider(LettuceConnectionFactory.class).getIfUnique();
        if (factory == null) {
            return null;
        }
        if (factory.isClusterAware()) {
            if (needAddress) {
                problems.add(CLUSTER);
            }
            return null;
        }
        RedisClient client = factory.getNativeClient() instanceof RedisClient own ? own : null;
        return new Connection(client, needAddress ? uri(factory) : null);
    }

    /** The address Spring Data Redis connects to, as a Lettuce URI. */
    static RedisURI uri(LettuceConnectionFactory factory) {
        RedisURI uri;
        if (factory.isRedisSentinelAware()) {
            RedisSentinelConfiguration sentinel = factory.getSentinelConfiguration();
            uri = LettuceConverters.sentinelConfigurationToRedisURI(sentinel);
            uri.setDatabase(sentinel.getDatabase());
            authenticate(uri, sentinel.getUsername(), sentinel.getPassword());
        } else if (factory.getSocketConfiguration() != null) {
            RedisSocketConfiguration socket = factory.getSocketConfiguration();
            uri = RedisURI.Builder.socket(socket.getSocket()).withDatabase(socket.getDatabase()).build();
            authenticate(uri, socket.getUsername(), socket.getPassword());
        } else {
            RedisStandaloneConfiguration standalone = factory.getStandaloneConfiguration();
            uri = RedisURI.Builder.redis(standalone.getHostName(), standalone.getPort())
                    .withDatabase(standalone.getDatabase()).build();
            authenticate(uri, standalone.getUsername(), standalone.getPassword());
        }
        LettuceClientConfiguration client = factory.getClientConfiguration();
        uri.setSsl(client.isUseSsl());
        if (client.isUseSsl()) {
            uri.setVerifyPeer(client.getVerifyMode());
            uri.setStartTls(client.isStartTls());
        }
        client.getClientName().ifPresent(uri::setClientName);
        return uri;
    }

    private static void authenticate(RedisURI uri, String username, RedisPassword password) {
        if (password != null && password.isPresent()) {
            if (username == null || username.isBlank()) {
                uri.setAuthentication(password.get());
            } else {
                uri.setAuthentication(username, password.get());
            }
        }
    }
}
