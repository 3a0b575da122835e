package io.orderingguard.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.KeyValue;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.spi.StashUnavailableException;
import io.orderingguard.support.Require;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link Stash} in Redis, so that a fleet of stateless application servers shares each
 * conversation's preservation baseline.
 *
 * <pre>{@code
 * RedisStash stash = RedisStash.builder()
 *         .uri("redis://cache.internal:6379")
 *         .namespace("checkout-prod")
 *         .build();               // hand it to the guard builder's stash option; close it on shutdown
 * }</pre>
 *
 * <p><b>Layout.</b> One hash per conversation under {@code <namespace>:snapshot:<conversationId>}
 * with field {@code v} (the version, decimal) and field {@code s} (the snapshot in the compact
 * binary form of {@code SnapshotCodec}: ids, kinds and fingerprints, never message text). Every
 * write refreshes the key's TTL, so a conversation idle for longer than the TTL loses its baseline
 * and starts again at version 1.
 *
 * <p><b>Atomicity.</b> {@link #compareAndSet} runs one Lua script (EVALSHA, falling back to EVAL
 * when the server's script cache is empty, for example after a restart) that compares the stored
 * version with the expected one ({@code 0} = absent) and writes value and TTL in the same step. Two
 * servers racing on one conversation cannot both win a version.
 *
 * <p><b>Failure.</b> Every call has one deadline, {@code timeout} (250 ms by default), covering the
 * connection and the command. When Redis is down, unreachable, slower than the deadline, or
 * answers with an error, the call throws {@link StashUnavailableException} whose message names
 * Redis, the address and the command; the guard then applies its stash failure mode. A value that
 * is not a readable snapshot is reported the same way, naming the key, with a
 * {@link SnapshotFormatException} as the cause. The stash recovers without being rebuilt: the
 * first connection is opened lazily and re-attempted on the next call after a failure, and a
 * connection that drops is re-established in the background by Lettuce, with a reconnect delay
 * capped at one second for clients the stash creates itself. While such a client is disconnected,
 * commands are rejected at once instead of being queued.
 *
 * <p>A command in flight when the connection drops may be replayed by Lettuce after it reconnects.
 * The only visible effect is that a compare-and-set whose write landed can report {@code false};
 * the guard then re-reads and finds its own snapshot, so nothing is lost.
 *
 * <p>Thread-safe: one multiplexed connection serves all threads. The {@link Builder} is not
 * thread-safe.
 */
public final class RedisStash implements Stash, AutoCloseable {

    /** The default key namespace. */
    public static final String DEFAULT_NAMESPACE = "orderingguard";

    /** The default time to live of a conversation's snapshot after its last write. */
    public static final Duration DEFAULT_TTL = Duration.ofHours(24);

    /** The default deadline of one call, connection included. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(250);

    /** KEYS[1] snapshot key; ARGV expected version ("0" = absent), new version, encoded snapshot, TTL ms. */
    static final String COMPARE_AND_SET_SCRIPT = String.join("\n",
            "local current = redis.call('HGET', KEYS[1], 'v')",
            "if (current or '0') ~= ARGV[1] then",
            "  return 0",
            "end",
            "redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3])",
            "redis.call('PEXPIRE', KEYS[1], ARGV[4])",
            "return 1");

    private static final Logger LOG = LoggerFactory.getLogger(RedisStash.class);
    private static final RedisCodec<String, byte[]> CODEC = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);
    private static final String VERSION_FIELD = "v";
    private static final String SNAPSHOT_FIELD = "s";
    private static final String SCRIPT_DIGEST = sha1Hex(COMPARE_AND_SET_SCRIPT);

    private final RedisClient client;
    private final ClientResources ownedResources;
    private final RedisURI uri;
    private final String address;
    private final String namespace;
    private final String keyPrefix;
    private final Duration ttl;
    private final byte[] ttlMillis;
    private final Duration timeout;
    /** Whether the client re-establishes a dropped connection itself; if not, the stash does. */
    private final boolean clientReconnects;
    private final AtomicBoolean answering = new AtomicBoolean(true);
    private final Object lock = new Object();
    /** The connection, or the attempt to open it; replaced when an attempt failed. Guarded by lock. */
    private CompletableFuture<StatefulRedisConnection<String, byte[]>> connection;
    private boolean closed;

    private RedisStash(Builder builder) {
        this.uri = builder.uri;
        this.address = describe(builder.uri);
        this.namespace = builder.namespace;
        this.keyPrefix = builder.namespace + ":snapshot:";
        this.ttl = builder.ttl;
        this.ttlMillis = ascii(builder.ttl.toMillis());
        this.timeout = builder.timeout;
        if (builder.client != null) {
            this.client = builder.client;
            this.ownedResources = null;
        } else {
            this.ownedResources = ClientResources.builder()
                    .reconnectDelay(Delay.exponential(Duration.ofMillis(10), Duration.ofSeconds(1), 2,
                            TimeUnit.MILLISECONDS))
                    .build();
            this.client = RedisClient.create(ownedResources);
            this.client.setOptions(ClientOptions.builder()
                    .autoReconnect(true)
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                    .build());
        }
        this.clientReconnects = client.getOptions().isAutoReconnect();
        synchronized (lock) {
            // start connecting now, without waiting, so that the first call rarely pays for it
            connection = client.connectAsync(CODEC, uri).toCompletableFuture();
        }
    }

    /**
     * Starts a builder.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads a conversation's snapshot.
     *
     * @param conversationId the conversation
     * @return the snapshot, or empty when none is stored (never written, removed, or expired)
     * @throws StashUnavailableException when Redis cannot answer within the timeout, answers with an
     *     error, or holds a value under the key that is not a readable snapshot
     */
    @Override
    public Optional<Snapshot> get(String conversationId) {
        String key = keyFor(conversationId);
        List<KeyValue<String, byte[]>> fields =
                call("HMGET " + key, commands -> commands.hmget(key, VERSION_FIELD, SNAPSHOT_FIELD));
        byte[] storedVersion = fields.get(0).getValueOrElse(null);
        byte[] storedSnapshot = fields.get(1).getValueOrElse(null);
        if (storedVersion == null && storedSnapshot == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(decode(storedVersion, storedSnapshot));
        } catch (SnapshotFormatException e) {
            throw new StashUnavailableException(
                    "Redis stash at " + address + ": the value under key '" + key + "' is not a readable snapshot: "
                            + e.getMessage(), e);
        }
    }

    /**
     * Stores {@code next} if the stored version is still {@code expectedVersion}, and refreshes the
     * TTL; one atomic script.
     *
     * @param conversationId the conversation
     * @param expectedVersion the version read before, or {@code 0} when none was stored
     * @param next the new snapshot; its version must be {@code expectedVersion + 1}
     * @return {@code true} when stored, {@code false} when another dispatch got there first
     * @throws IllegalArgumentException when {@code next.version()} is not {@code expectedVersion + 1}
     * @throws StashUnavailableException when Redis cannot answer within the timeout or answers with
     *     an error
     */
    @Override
    public boolean compareAndSet(String conversationId, long expectedVersion, Snapshot next) {
        String key = keyFor(conversationId);
        Require.nonNull(next, "next");
        Require.argument(next.version() == expectedVersion + 1,
                "next.version must be expectedVersion + 1 = " + (expectedVersion + 1) + ", but was " + next.version());
        String[] keys = {key};
        byte[][] args = {ascii(expectedVersion), ascii(next.version()), SnapshotCodec.encode(next), ttlMillis};
        long deadline = System.nanoTime() + timeout.toNanos();
        String what = "compare-and-set script on " + key;
        RedisAsyncCommands<String, byte[]> commands = connection(deadline).async();
        Long stored;
        try {
            stored = awaitRaw(commands.<Long>evalsha(SCRIPT_DIGEST, ScriptOutputType.INTEGER, keys, args), deadline);
            answered();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof RedisNoScriptException)) {
                throw failed(what, e.getCause());
            }
            // the server's script cache is empty (first use, restart, SCRIPT FLUSH): EVAL loads it again
            stored = await(what, commands.<Long>eval(COMPARE_AND_SET_SCRIPT, ScriptOutputType.INTEGER, keys, args),
                    deadline);
        } catch (TimeoutException e) {
            throw timedOut(what, e);
        }
        return stored != null && stored == 1L;
    }

    /**
     * Deletes a conversation's snapshot.
     *
     * @param conversationId the conversation
     * @throws StashUnavailableException when Redis cannot answer within the timeout
     */
    @Override
    public void remove(String conversationId) {
        String key = keyFor(conversationId);
        call("DEL " + key, commands -> commands.del(key));
    }

    /**
     * Returns the Redis key that holds a conversation's snapshot, {@code <namespace>:snapshot:<id>}.
     *
     * @param conversationId the conversation
     * @return the key
     */
    public String keyFor(String conversationId) {
        return keyPrefix + Require.nonNull(conversationId, "conversationId");
    }

    /**
     * Returns the key namespace.
     *
     * @return the namespace
     */
    public String namespace() {
        return namespace;
    }

    /**
     * Returns the time to live a write gives a snapshot.
     *
     * @return the TTL
     */
    public Duration ttl() {
        return ttl;
    }

    /**
     * Returns the deadline of one call.
     *
     * @return the timeout
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Returns the address errors name: {@code host:port}, a socket path, or the sentinel master.
     *
     * @return the address
     */
    public String address() {
        return address;
    }

    /**
     * Closes the connection, and the Lettuce client when the stash created it. A client passed to
     * {@link Builder#client} stays open. Idempotent.
     */
    @Override
    public void close() {
        CompletableFuture<StatefulRedisConnection<String, byte[]>> open;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            open = connection;
            connection = null;
        }
        if (open != null) {
            // closes now when open, or as soon as a pending attempt completes
            open.thenAccept(StatefulRedisConnection::close);
        }
        if (ownedResources != null) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
            ownedResources.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }

    @Override
    public String toString() {
        return "RedisStash[" + address + ", namespace=" + namespace + ", ttl=" + ttl + ", timeout=" + timeout + "]";
    }

    /** A command with the call's whole deadline: connection wait plus command. */
    private <T> T call(String what, Function<RedisAsyncCommands<String, byte[]>, RedisFuture<T>> command) {
        long deadline = System.nanoTime() + timeout.toNanos();
        return await(what, command.apply(connection(deadline).async()), deadline);
    }

    private StatefulRedisConnection<String, byte[]> connection(long deadline) {
        CompletableFuture<StatefulRedisConnection<String, byte[]>> attempt;
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("RedisStash for " + address + " is closed");
            }
            if (!clientReconnects && isDead(connection)) {
                connection.join().closeAsync();
                connection = null;
            }
            if (connection == null || connection.isCompletedExceptionally()) {
                // one attempt at a time; callers that arrive meanwhile wait on it up to their own deadline
                connection = client.connectAsync(CODEC, uri).toCompletableFuture();
            }
            attempt = connection;
        }
        try {
            return awaitRaw(attempt, deadline);
        } catch (ExecutionException e) {
            throw unavailable("cannot connect: " + message(e.getCause()), e.getCause());
        } catch (TimeoutException e) {
            throw unavailable("connecting timed out after " + timeout.toMillis() + " ms", e);
        }
    }

    private static boolean isDead(CompletableFuture<StatefulRedisConnection<String, byte[]>> connection) {
        return connection != null && connection.isDone() && !connection.isCompletedExceptionally()
                && !connection.join().isOpen();
    }

    private <T> T await(String what, Future<T> future, long deadline) {
        try {
            T value = awaitRaw(future, deadline);
            answered();
            return value;
        } catch (ExecutionException e) {
            throw failed(what, e.getCause());
        } catch (TimeoutException e) {
            throw timedOut(what, e);
        }
    }

    private <T> T awaitRaw(Future<T> future, long deadline) throws ExecutionException, TimeoutException {
        try {
            return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw e;
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw unavailable("interrupted while waiting", e);
        }
    }

    /** Called when Redis answered a command; logs the end of an outage once. */
    private void answered() {
        if (!answering.get() && answering.compareAndSet(false, true)) {
            LOG.info("Redis stash at {} answers again", address);
        }
    }

    private StashUnavailableException timedOut(String what, TimeoutException e) {
        return unavailable(what + " timed out after " + timeout.toMillis() + " ms", e);
    }

    private StashUnavailableException failed(String what, Throwable cause) {
        if (cause instanceof RedisCommandExecutionException) {
            // the server answered, with an error (WRONGTYPE, OOM, READONLY, ...): not an outage
            answered();
            return new StashUnavailableException(
                    "Redis stash at " + address + ": " + what + " answered an error: " + message(cause), cause);
        }
        return unavailable(what + " failed: " + message(cause), cause);
    }

    private StashUnavailableException unavailable(String detail, Throwable cause) {
        String message = "Redis stash at " + address + ": " + detail;
        if (answering.compareAndSet(true, false)) {
            LOG.warn("{}; calls fail until it answers again", message);
        }
        return new StashUnavailableException(message, cause);
    }

    private static String message(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }

    private static Snapshot decode(byte[] storedVersion, byte[] storedSnapshot) {
        if (storedVersion == null || storedSnapshot == null) {
            throw new SnapshotFormatException("the hash has " + (storedVersion == null ? "no" : "a")
                    + " field 'v' and " + (storedSnapshot == null ? "no" : "a") + " field 's', but needs both");
        }
        String versionText = new String(storedVersion, StandardCharsets.US_ASCII);
        Snapshot snapshot = SnapshotCodec.decode(storedSnapshot);
        if (!versionText.equals(Long.toString(snapshot.version()))) {
            throw new SnapshotFormatException("field 'v' is '" + versionText + "', but the snapshot in field 's' has version "
                    + snapshot.version());
        }
        return snapshot;
    }

    private static String sha1Hex(String script) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-1").digest(script.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-1", e);
        }
    }

    private static byte[] ascii(long value) {
        return Long.toString(value).getBytes(StandardCharsets.US_ASCII);
    }

    private static String describe(RedisURI uri) {
        if (uri.getSocket() != null) {
            return "unix:" + uri.getSocket();
        }
        if (!uri.getSentinels().isEmpty()) {
            return "sentinel master " + uri.getSentinelMasterId();
        }
        return uri.getHost() + ":" + uri.getPort() + (uri.getDatabase() == 0 ? "" : "/" + uri.getDatabase());
    }

    /**
     * Configures a {@link RedisStash}. Each setter validates its argument at once; {@link #build()}
     * requires a URI. Not thread-safe.
     */
    public static final class Builder {

        private RedisURI uri;
        private RedisClient client;
        private String namespace = DEFAULT_NAMESPACE;
        private Duration ttl = DEFAULT_TTL;
        private Duration timeout = DEFAULT_TIMEOUT;

        private Builder() {}

        /**
         * Sets the server, for example {@code redis://localhost:6379} or
         * {@code rediss://:password@cache.internal:6380/2}.
         *
         * @param uri a Redis URI
         * @return this builder
         * @throws IllegalArgumentException when it is not a Redis URI
         */
        public Builder uri(String uri) {
            Require.nonBlank(uri, "uri");
            try {
                this.uri = RedisURI.create(uri);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "uri must be a Redis URI such as redis://localhost:6379, but was '" + uri + "'", e);
            }
            return this;
        }

        /**
         * Sets the server.
         *
         * @param uri the Redis URI
         * @return this builder
         */
        public Builder uri(RedisURI uri) {
            this.uri = Require.nonNull(uri, "uri");
            return this;
        }

        /**
         * Uses an existing Lettuce client (to share its event loops, or to set TLS or other options).
         * The stash never closes it, and its options decide what happens to commands while
         * disconnected; the stash's timeout still bounds every call. When the client's
         * {@code autoReconnect} is off, the stash replaces a dropped connection on the next call. Without it, the stash
         * creates and owns a client.
         *
         * @param client the client
         * @return this builder
         */
        public Builder client(RedisClient client) {
            this.client = Require.nonNull(client, "client");
            return this;
        }

        /**
         * Sets the key namespace, {@value RedisStash#DEFAULT_NAMESPACE} by default, so that
         * several applications or environments can share a Redis.
         *
         * @param namespace a non-blank prefix without whitespace
         * @return this builder
         * @throws IllegalArgumentException when blank or containing whitespace
         */
        public Builder namespace(String namespace) {
            Require.nonBlank(namespace, "namespace");
            Require.argument(namespace.chars().noneMatch(Character::isWhitespace),
                    "namespace must not contain whitespace, but was '" + namespace + "'");
            this.namespace = namespace;
            return this;
        }

        /**
         * Sets how long a snapshot lives after its last write, 24 hours by default.
         *
         * @param ttl at least one millisecond
         * @return this builder
         * @throws IllegalArgumentException when shorter than one millisecond
         */
        public Builder ttl(Duration ttl) {
            Require.nonNull(ttl, "ttl");
            Require.argument(ttl.toMillis() >= 1, "ttl must be >= 1 ms, but was " + ttl);
            this.ttl = ttl;
            return this;
        }

        /**
         * Sets the deadline of one call, connection included, 250 ms by default.
         *
         * @param timeout at least one millisecond
         * @return this builder
         * @throws IllegalArgumentException when shorter than one millisecond
         */
        public Builder timeout(Duration timeout) {
            Require.nonNull(timeout, "timeout");
            Require.argument(timeout.toMillis() >= 1, "timeout must be >= 1 ms, but was " + timeout);
            this.timeout = timeout;
            return this;
        }

        /**
         * Builds the stash and starts connecting in the background. It neither waits for the
         * connection nor fails when Redis is down, so an application starts even then; calls
         * throw {@link StashUnavailableException} until Redis answers.
         *
         * @return the stash
         * @throws IllegalStateException when no URI was set
         */
        public RedisStash build() {
            if (uri == null) {
                throw new IllegalStateException("uri must be set, for example uri(\"redis://localhost:6379\")");
            }
            return new RedisStash(this);
        }
    }
}
