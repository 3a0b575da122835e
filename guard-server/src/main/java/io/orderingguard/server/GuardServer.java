package io.orderingguard.server;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardInputException;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.StashFailureMode;
import io.orderingguard.json.ProfileCodec;
import io.orderingguard.exchange.ExchangeLog;
import io.orderingguard.micrometer.GuardMicrometer;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.redis.RedisStash;
import io.orderingguard.spi.Stash;
import io.orderingguard.spi.StashUnavailableException;
import io.orderingguard.stash.InMemoryStash;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The guarding proxy: a Jetty 12 server in front of the configured upstreams.
 *
 * <pre>{@code
 * ServerConfig config = ServerConfig.builder().upstream("openai", "https://api.openai.com").build();
 * try (GuardServer server = GuardServer.start(config)) {
 *     // clients use server.baseUrl() + "/v1" as their OpenAI base URL
 *     server.awaitStop();
 * }
 * }</pre>
 *
 * <p>{@link #start} checks what only a running guard can check (profile names and files, rule ids,
 * Redis answering, the port free) and reports every problem in one {@link GuardConfigException}.
 * {@code /ready} answers 503 while Redis does not answer, when the stash is on Redis and fails closed
 * (with {@code fail-open} the proxy keeps serving without it, so it stays ready).
 * {@link #close} shuts down gracefully: {@code /ready} answers 503 at once, new requests get 503, and
 * requests in flight (streams included) may finish for up to the configured shutdown timeout.
 *
 * <p>Thread-safe.
 */
public final class GuardServer implements AutoCloseable {

    /** A conversation id no client uses: what {@code /ready} and the start-up check read from Redis. */
    static final String PROBE_CONVERSATION = "ordering-guard-readiness-probe";

    private final ServerConfig config;
    private final Server server;
    private final HttpClient client;
    private final Stash stash;
    private final PrometheusMeterRegistry registry;
    private final JvmGcMetrics gcMetrics;
    private final AutoCloseable accessLogFile;
    private final AutoCloseable exchangeLog;
    private final Object lock = new Object();
    private volatile boolean stopping;
    private boolean closed;

    private GuardServer(ServerConfig config, Server server, HttpClient client, Stash stash,
            PrometheusMeterRegistry registry, JvmGcMetrics gcMetrics, AutoCloseable accessLogFile, AutoCloseable exchangeLog) {
        this.config = config;
        this.server = server;
        this.client = client;
        this.stash = stash;
        this.registry = registry;
        this.gcMetrics = gcMetrics;
        this.accessLogFile = accessLogFile;
        this.exchangeLog = exchangeLog;
    }

    /**
     * Starts the proxy, writing the access log where the configuration says.
     *
     * @param config the configuration
     * @return the running proxy
     * @throws GuardConfigException listing every problem (profiles, rule ids, Redis, the port)
     */
    public static GuardServer start(ServerConfig config) {
        String target = config.accessLog();
        switch (target.toLowerCase(Locale.ROOT)) {
            case "off", "none", "false" -> {
                return start(config, null, null);
            }
            case "stdout" -> {
                return start(config, System.out::println, null);
            }
            case "stderr", "" -> {
                return start(config, System.err::println, null);
            }
            default -> {
                BufferedWriter writer;
                try {
                    writer = Files.newBufferedWriter(Path.of(target), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
                } catch (IOException | RuntimeException e) {
                    throw new GuardConfigException(ServerConfig.WHAT, List.of("access-log: cannot open \"" + target
                            + "\" for appending: " + e.getMessage()));
                }
                Consumer<String> sink = line -> {
                    synchronized (writer) {
                        try {
                            writer.write(line);
                            writer.newLine();
                            writer.flush();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                };
                return start(config, sink, writer);
            }
        }
    }

    /**
     * Starts the proxy with the access log going to a sink of one's own (tests, embedding).
     *
     * @param config the configuration
     * @param accessLog receives one line per request, or {@code null} for none
     * @return the running proxy
     * @throws GuardConfigException listing every problem (profiles, rule ids, Redis, the port)
     */
    public static GuardServer start(ServerConfig config, Consumer<String> accessLog) {
        return start(config, accessLog, null);
    }

    private static GuardServer start(ServerConfig config, Consumer<String> accessLog, AutoCloseable logFile) {
        List<String> problems = new ArrayList<>();
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        OrderingGuard.Builder builder = guardBuilder(config, problems);
        Stash stash = stash(config.stash(), problems);
        BedrockSigner bedrockSigner = bedrockSigner(config, problems);
        ExchangeLog exchangeLog = null;
        if (problems.isEmpty()) {
            builder.observer(GuardMicrometer.observer(registry));
            builder.listener(GuardMicrometer.verdicts(registry));
            if (config.exchangeLog() != null) {
                exchangeLog = config.exchangeLog().open();
                builder.listener(exchangeLog);
            }
            if (stash != null) {
                builder.stash(stash);
            }
        }
        OrderingGuard guard = null;
        if (problems.isEmpty()) {
            try {
                guard = builder.build();
            } catch (GuardConfigException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            closeQuietly(stash);
            closeQuietly(logFile);
            closeQuietly(exchangeLog);
            registry.close();
            throw new GuardConfigException(ServerConfig.WHAT, problems);
        }
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        JvmGcMetrics gc = new JvmGcMetrics();
        gc.bindTo(registry);

        QueuedThreadPool threads = new QueuedThreadPool(256, 8);
        threads.setName("guard-serve");
        Server server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(32 * 1024);
        // a Bedrock model id may be an ARN, its '/' sent as %2F: the path is forwarded as sent, never resolved here
        http.setUriCompliance(UriCompliance.DEFAULT.with("guard-serve", UriCompliance.Violation.AMBIGUOUS_PATH_SEPARATOR,
                UriCompliance.Violation.AMBIGUOUS_PATH_ENCODING));
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(config.listenHost());
        connector.setPort(config.listenPort());
        connector.setIdleTimeout(config.idleTimeout().toMillis());
        server.addConnector(connector);
        server.setStopTimeout(config.shutdownTimeout().toMillis());

        HttpClient client = new HttpClient();
        client.setFollowRedirects(false);
        // a proxy for many clients keeps no cookies: one an upstream sets for one client must never ride
        // along on another's request (a client's own Cookie header is forwarded as a header)
        client.setHttpCookieStore(new HttpCookieStore.Empty());
        client.setUserAgentField(null);
        client.setConnectTimeout(10_000);
        client.setMaxConnectionsPerDestination(2048);
        client.setMaxRequestsQueuedPerDestination(8192);
        client.getContentDecoderFactories().clear();
        client.getProtocolHandlers().clear();
        QueuedThreadPool clientThreads = new QueuedThreadPool(256, 8);
        clientThreads.setName("guard-serve-upstream");
        client.setExecutor(clientThreads);

        GuardServer[] self = new GuardServer[1];
        OpsHandler ops = new OpsHandler(registry, () -> self[0] == null ? "starting" : self[0].notReadyReason());
        ProxyHandler proxy = new ProxyHandler(config.upstreams(), bedrockSigner, guard, config.mode() == ServeMode.SHADOW,
                client,
                (int) config.maxBodyBytes(), config.upstreamIdleTimeout().toMillis(), new ProxyMetrics(registry),
                new AccessLog(accessLog), ops, exchangeLog != null);
        server.setHandler(new GracefulHandler(proxy));
        GuardServer created = new GuardServer(config, server, client, stash, registry, gc, logFile, exchangeLog);
        self[0] = created;
        try {
            client.start();
            server.start();
        } catch (Exception e) {
            created.stopQuietly();
            String reason = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new GuardConfigException(ServerConfig.WHAT, List.of("listen: cannot serve on " + config.listenHost()
                    + ":" + config.listenPort() + ": " + reason));
        }
        return created;
    }

    private static OrderingGuard.Builder guardBuilder(ServerConfig config, List<String> problems) {
        OrderingGuard.Builder builder = OrderingGuard.builder();
        List<String> names = config.profiles();
        for (int i = 0; i < names.size(); i++) {
            String problem = Profiles.problem(names.get(i));
            if (problem == null) {
                builder.profile(names.get(i));
            } else {
                problems.add("profiles[" + i + "]: " + problem);
            }
        }
        ProfileCodec codec = ProfileCodec.defaults();
        List<Path> files = config.profileFiles();
        for (int i = 0; i < files.size(); i++) {
            try {
                builder.profile(codec.read(files.get(i)));
            } catch (GuardInputException | GuardConfigException e) {
                problems.add("profile-files[" + i + "]: " + e.getMessage());
            }
        }
        boolean fixed = !names.isEmpty() || !files.isEmpty();
        String fallback = config.fallbackProfile();
        if (fixed && fallback != null) {
            problems.add("fallback-profile applies when profiles are chosen by model, but profiles or profile-files "
                    + "name fixed profiles; set one or the other");
        } else if (!fixed && fallback != null && Profiles.problem(fallback) != null) {
            problems.add("fallback-profile: " + Profiles.problem(fallback));
        } else if (!fixed) {
            builder.selectProfiles(fallback == null ? Profiles.selector() : Profiles.selector(fallback));
        }
        return builder.mode(switch (config.mode()) {
                    case MUTATE -> Mode.MUTATE;
                    case SHADOW -> Mode.SHADOW;
                    default -> Mode.ENFORCE;
                })
                .disableAdvisoryRuleIds(config.disabledAdvisoryRuleIds().toArray(String[]::new))
                .onStashFailure(config.stash().failureMode());
    }

    private static Stash stash(ServerConfig.StashConfig stash, List<String> problems) {
        switch (stash.type()) {
            case "none" -> {
                return null;
            }
            case "redis" -> {
                RedisStash redis;
                try {
                    redis = RedisStash.builder().uri(stash.redisUri()).namespace(stash.redisNamespace())
                            .ttl(stash.redisTtl()).timeout(stash.redisTimeout()).build();
                } catch (RuntimeException e) {
                    problems.add("stash.redis: " + e.getMessage());
                    return null;
                }
                // the first connection of a cold process may take longer than one call's deadline: retry for a while
                long deadline = System.nanoTime() + Math.max(2_000_000_000L, 8 * stash.redisTimeout().toNanos());
                String down = probe(redis);
                while (down != null && System.nanoTime() < deadline) {
                    sleep(100);
                    down = probe(redis);
                }
                if (down != null) {
                    problems.add("stash.redis.uri: " + down);
                }
                return redis;
            }
            default -> {
                return InMemoryStash.create();
            }
        }
    }

    /** The signer of the Bedrock upstream when the proxy holds AWS credentials; they must resolve at start. */
    private static BedrockSigner bedrockSigner(ServerConfig config, List<String> problems) {
        Upstream bedrock = config.upstreams().get(ProviderKind.BEDROCK);
        if (bedrock == null || bedrock.awsSigning() == null) {
            return null;
        }
        BedrockSigner signer = BedrockSigner.of(bedrock.awsSigning());
        String problem = signer.check();
        if (problem != null) {
            problems.add("upstreams.bedrock.aws-credentials: " + problem);
        }
        return signer;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads a key no conversation uses; returns why Redis does not answer, or {@code null}. */
    private static String probe(Stash stash) {
        try {
            stash.get(PROBE_CONVERSATION);
            return null;
        } catch (StashUnavailableException e) {
            return e.getMessage();
        }
    }

    private String notReadyReason() {
        if (stopping || !server.isStarted()) {
            return stopping ? "shutting down" : "starting";
        }
        // fail-open keeps serving without Redis: taking the fleet out of the load balancer would defeat it
        if (stash instanceof RedisStash && config.stash().failureMode() == StashFailureMode.FAIL_CLOSED) {
            String down = probe(stash);
            return down == null ? null : "stash: " + down;
        }
        return null;
    }

    /**
     * Returns the port the proxy listens on (the bound one when configured with port 0).
     *
     * @return the port
     */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /**
     * Returns the proxy's root URL, e.g. {@code http://127.0.0.1:8080}.
     *
     * @return the URL without a trailing slash
     */
    public String baseUrl() {
        String host = config.listenHost();
        if (host.isEmpty() || host.equals("0.0.0.0")) {
            host = "127.0.0.1";
        } else if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return "http://" + host + ":" + port();
    }

    /**
     * Returns the configuration the proxy runs with.
     *
     * @return the configuration
     */
    public ServerConfig config() {
        return config;
    }

    /**
     * Returns the registry that {@code /metrics} scrapes.
     *
     * @return the registry
     */
    public MeterRegistry meters() {
        return registry;
    }

    /**
     * Waits until the proxy has stopped.
     *
     * @throws InterruptedException when interrupted while waiting
     */
    public void awaitStop() throws InterruptedException {
        server.join();
    }

    /**
     * Stops gracefully: not ready at once, new requests refused with 503, requests in flight given up to
     * the shutdown timeout; then the upstream client, the stash, the access log file and the exchange log are closed. Does
     * nothing when already closed.
     */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        stopQuietly();
    }

    private void stopQuietly() {
        stopping = true;
        try {
            server.stop();
        } catch (Exception e) {
            // stopping anyway: the remaining resources are released below
        }
        try {
            client.stop();
        } catch (Exception e) {
            // as above
        }
        closeQuietly(stash);
        closeQuietly(accessLogFile);
        closeQuietly(exchangeLog); // writes out what is queued
        gcMetrics.close();
        registry.close();
    }

    private static void closeQuietly(Object resource) {
        if (resource instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                // closing on the way out
            }
        }
    }

    @Override
    public String toString() {
        return "GuardServer{" + (server.isStarted() ? baseUrl() : "stopped") + ", mode=" + config.mode().wireName()
                + ", upstreams=" + config.upstreams().values() + ", stash=" + config.stash() + "}";
    }
}
