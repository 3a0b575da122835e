package io.orderingguard.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.orderingguard.GuardConfigException;
import io.orderingguard.StashFailureMode;
import io.orderingguard.exchange.ExchangeLog;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything {@code guard serve} is configured with: where to listen, the upstreams, the guard (mode,
 * profiles, stash) and the server's limits. Read from a YAML file whose guard keys are the Spring
 * Boot properties' names ({@code ordering-guard.mode}, {@code ordering-guard.stash.redis.uri}, …) and
 * whose proxy keys live under {@code ordering-guard.server}, then overridden by command-line options.
 *
 * <pre>{@code
 * ServerConfig config = ServerConfig.builder()
 *         .readYaml(Path.of("guard-serve.yaml"))        // optional
 *         .upstream("openai", "https://api.openai.com")
 *         .mode(ServeMode.MUTATE)
 *         .build();                                      // GuardConfigException listing every problem
 * }</pre>
 *
 * <p>The file:
 * <pre>
 * ordering-guard:
 *   mode: enforce                      # enforce | mutate | shadow
 *   profiles: []                       # fixed profiles; empty = chosen from each request's model
 *   fallback-profile: null             # the profile for a model the catalogue does not know
 *   profile-files: []
 *   disabled-advisory-rule-ids: []
 *   stash:
 *     type: memory                     # memory | redis | none
 *     failure-mode: fail-closed        # fail-closed | fail-open
 *     redis: {uri: redis://127.0.0.1:6379, namespace: orderingguard, ttl: 24h, timeout: 250ms}
 *   server:
 *     listen: 127.0.0.1:8080
 *     upstreams:
 *       openai: https://api.openai.com
 *       anthropic: {url: https://api.anthropic.com, api-key: ${ANTHROPIC_API_KEY}}
 *     max-body-size: 32MB
 *     idle-timeout: 30s                # a client that sends nothing for this long is disconnected
 *     upstream-idle-timeout: 10m       # an upstream that sends nothing for this long: 504 or cut stream
 *     shutdown-timeout: 30s            # how long a stop waits for in-flight requests
 *     access-log: stderr               # stderr | stdout | off | a file path
 *   exchange-log:                      # one JSON line per answered request, for guard report (off without file)
 *     file: logs/exchanges.jsonl
 *     level: shape                     # shape (no text of the conversations) | full (sensitive)
 *     max-file-size: 64MB              # rotated at this size
 *     max-files: 5
 *     hash-key: ${EXCHANGE_LOG_KEY}    # optional: stable id pseudonyms across restarts (16+ characters)
 * </pre>
 * {@code ${NAME}} in a value is replaced by the environment variable {@code NAME}.
 *
 * @param listenHost the address to bind
 * @param listenPort the port to bind ({@code 0}: any free port)
 * @param upstreams the upstreams by kind, at least one
 * @param mode what to do with a broken request
 * @param profiles fixed profile names (empty: chosen from each request's model)
 * @param fallbackProfile the profile for a model the catalogue does not know, or {@code null}
 * @param profileFiles profile files to load as fixed profiles
 * @param disabledAdvisoryRuleIds advisory rule ids not to report
 * @param stash the stash
 * @param maxBodyBytes the largest request body accepted (413 past it)
 * @param idleTimeout how long a client connection may stay silent
 * @param upstreamIdleTimeout how long an upstream may stay silent
 * @param shutdownTimeout how long a stop waits for in-flight requests
 * @param accessLog {@code stderr}, {@code stdout}, {@code off} or a file path
 * @param exchangeLog the exchange log, or {@code null} for none
 */
public record ServerConfig(
        String listenHost,
        int listenPort,
        Map<ProviderKind, Upstream> upstreams,
        ServeMode mode,
        List<String> profiles,
        String fallbackProfile,
        List<Path> profileFiles,
        List<String> disabledAdvisoryRuleIds,
        StashConfig stash,
        long maxBodyBytes,
        Duration idleTimeout,
        Duration upstreamIdleTimeout,
        Duration shutdownTimeout,
        String accessLog,
        ExchangeLogConfig exchangeLog) {

    /** What {@link GuardConfigException} names as configured. */
    public static final String WHAT = "guard serve configuration";

    /** The default body limit, 32 MB. */
    public static final long DEFAULT_MAX_BODY_BYTES = 32L * 1024 * 1024;

    /** Validates and copies the fields. */
    public ServerConfig {
        Objects.requireNonNull(listenHost, "listenHost must not be null");
        upstreams = Map.copyOf(upstreams);
        Objects.requireNonNull(mode, "mode must not be null");
        profiles = List.copyOf(profiles);
        profileFiles = List.copyOf(profileFiles);
        disabledAdvisoryRuleIds = List.copyOf(disabledAdvisoryRuleIds);
        Objects.requireNonNull(stash, "stash must not be null");
        Objects.requireNonNull(idleTimeout, "idleTimeout must not be null");
        Objects.requireNonNull(upstreamIdleTimeout, "upstreamIdleTimeout must not be null");
        Objects.requireNonNull(shutdownTimeout, "shutdownTimeout must not be null");
        Objects.requireNonNull(accessLog, "accessLog must not be null");
    }

    /**
     * Starts a configuration with the defaults: {@code 127.0.0.1:8080}, enforce, profiles chosen by
     * model, an in-memory stash failing closed, 32 MB bodies, access log on stderr.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Where a stash keeps each conversation's preservation baseline.
     *
     * @param type {@code memory}, {@code redis} or {@code none}
     * @param failureMode what the guard does when the stash cannot answer
     * @param redisUri the Redis URI (type {@code redis}), or {@code null}
     * @param redisNamespace the key prefix in Redis
     * @param redisTtl how long an idle conversation's baseline is kept in Redis
     * @param redisTimeout the deadline of one Redis call
     */
    public record StashConfig(String type, StashFailureMode failureMode, String redisUri, String redisNamespace,
            Duration redisTtl, Duration redisTimeout) {

        /** Validates the fields. */
        public StashConfig {
            Objects.requireNonNull(type, "type must not be null");
            Objects.requireNonNull(failureMode, "failureMode must not be null");
            Objects.requireNonNull(redisNamespace, "redisNamespace must not be null");
            Objects.requireNonNull(redisTtl, "redisTtl must not be null");
            Objects.requireNonNull(redisTimeout, "redisTimeout must not be null");
        }

        /** Never shows a password in the Redis URI. */
        @Override
        public String toString() {
            return type + (redisUri == null ? "" : " " + redactUri(redisUri)) + " (" + failureMode.name()
                    .toLowerCase(Locale.ROOT).replace('_', '-') + ")";
        }
    }

    /**
     * The exchange log: guard-core's {@link ExchangeLog}, one JSON line per request whose upstream
     * answer the proxy reported ({@code guard report} reads it).
     *
     * @param file the active file (rotated files are written beside it)
     * @param level {@code shape} (no text of the conversations) or {@code full} (as sensitive as they are)
     * @param maxFileBytes the size at which the file is rotated
     * @param maxFiles how many files are kept, the active one included
     * @param hashKey the key of the id pseudonyms, or {@code null} for a random one per start
     */
    public record ExchangeLogConfig(Path file, ExchangeLog.Level level, long maxFileBytes, int maxFiles,
            String hashKey) {

        /** Validates the fields. */
        public ExchangeLogConfig {
            Objects.requireNonNull(file, "file must not be null");
            Objects.requireNonNull(level, "level must not be null");
        }

        /**
         * Builds the log.
         *
         * @return the log, writing in its own thread until closed
         */
        public ExchangeLog open() {
            ExchangeLog.Builder b = ExchangeLog.builder(file).level(level).maxFileBytes(maxFileBytes).maxFiles(maxFiles);
            if (hashKey != null) {
                b.hashKey(hashKey);
            }
            return b.build();
        }

        /** Never shows the hash key. */
        @Override
        public String toString() {
            return file + " (" + level.wireName() + ")";
        }
    }

    /** Hides the user info of a URI (a Redis password). */
    static String redactUri(String uri) {
        return uri.replaceAll("//[^@/]*@", "//***@");
    }

    /**
     * Collects configuration from a file and options; {@link #build()} validates it all at once. Not
     * thread-safe.
     */
    public static final class Builder {
        private static final Pattern ENV = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
        private static final Set<String> GUARD_KEYS = Set.of("mode", "profiles", "fallback-profile", "profile-files",
                "disabled-advisory-rule-ids", "stash", "server", "enabled", "metrics", "decorate-chat-models", "exchange-log");
        private static final Set<String> EXCHANGE_LOG_KEYS = Set.of("file", "level", "max-file-size", "max-files",
                "hash-key");
        private static final Set<String> STASH_KEYS = Set.of("type", "failure-mode", "redis");
        private static final Set<String> REDIS_KEYS = Set.of("uri", "namespace", "ttl", "timeout");
        private static final Set<String> SERVER_KEYS = Set.of("listen", "upstreams", "max-body-size", "idle-timeout",
                "upstream-idle-timeout", "shutdown-timeout", "access-log");

        private final List<String> problems = new ArrayList<>();
        private final Map<String, String[]> upstreams = new LinkedHashMap<>();
        private Function<String, String> environment = System::getenv;
        private String listen = "127.0.0.1:8080";
        private String mode = "enforce";
        private List<String> profiles = new ArrayList<>();
        private String fallbackProfile;
        private List<String> profileFiles = new ArrayList<>();
        private List<String> disabledAdvisoryRuleIds = new ArrayList<>();
        private String stashType = "memory";
        private String failureMode = "fail-closed";
        private String redisUri;
        private String redisNamespace = "orderingguard";
        private String redisTtl = "24h";
        private String redisTimeout = "250ms";
        private String maxBodySize = Long.toString(DEFAULT_MAX_BODY_BYTES);
        private String idleTimeout = "30s";
        private String upstreamIdleTimeout = "10m";
        private String shutdownTimeout = "30s";
        private String accessLog = "stderr";
        private String exchangeLogFile;
        private String exchangeLogLevel = "shape";
        private String exchangeLogMaxFileSize = "64MB";
        private String exchangeLogMaxFiles = "5";
        private String exchangeLogHashKey;
        private String awsCredentials;
        private String awsRegion;
        private String awsAt = "--aws-credentials";
        private Path exchangeLogPath;
        private Path source;

        private Builder() {}

        /**
         * Replaces the environment that {@code ${NAME}} reads (default: the process environment).
         *
         * @param env the lookup; returns {@code null} for an unset variable
         * @return this
         */
        public Builder environment(Function<String, String> env) {
            this.environment = Objects.requireNonNull(env, "env must not be null");
            return this;
        }

        /**
         * Reads a YAML file; its problems (unreadable, unknown keys, wrong types) are reported by
         * {@link #build()} together with every other problem.
         *
         * @param file the file
         * @return this
         */
        public Builder readYaml(Path file) {
            this.source = file;
            JsonNode root;
            try {
                root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
            } catch (IOException e) {
                problems.add(file + ": cannot be read as YAML: " + firstLine(e.getMessage()));
                return this;
            }
            if (root == null || root.isMissingNode() || root.isNull()) {
                return this;
            }
            if (!root.isObject()) {
                problems.add(file + ": expected a mapping with the key ordering-guard, but found " + root.getNodeType());
                return this;
            }
            unknownKeys(root, Set.of("ordering-guard"), "");
            JsonNode guard = root.path("ordering-guard");
            if (guard.isMissingNode()) {
                problems.add(file + ": expected the key ordering-guard at the top");
                return this;
            }
            if (!isObject(guard, "ordering-guard")) {
                return this;
            }
            unknownKeys(guard, GUARD_KEYS, "ordering-guard.");
            mode = text(guard, "mode", "ordering-guard.mode", mode);
            profiles = list(guard, "profiles", "ordering-guard.profiles", profiles);
            fallbackProfile = text(guard, "fallback-profile", "ordering-guard.fallback-profile", fallbackProfile);
            profileFiles = list(guard, "profile-files", "ordering-guard.profile-files", profileFiles);
            disabledAdvisoryRuleIds = list(guard, "disabled-advisory-rule-ids",
                    "ordering-guard.disabled-advisory-rule-ids", disabledAdvisoryRuleIds);
            JsonNode stash = guard.path("stash");
            if (!stash.isMissingNode() && isObject(stash, "ordering-guard.stash")) {
                unknownKeys(stash, STASH_KEYS, "ordering-guard.stash.");
                stashType = text(stash, "type", "ordering-guard.stash.type", stashType);
                failureMode = text(stash, "failure-mode", "ordering-guard.stash.failure-mode", failureMode);
                JsonNode redis = stash.path("redis");
                if (!redis.isMissingNode() && isObject(redis, "ordering-guard.stash.redis")) {
                    unknownKeys(redis, REDIS_KEYS, "ordering-guard.stash.redis.");
                    redisUri = text(redis, "uri", "ordering-guard.stash.redis.uri", redisUri);
                    redisNamespace = text(redis, "namespace", "ordering-guard.stash.redis.namespace", redisNamespace);
                    redisTtl = text(redis, "ttl", "ordering-guard.stash.redis.ttl", redisTtl);
                    redisTimeout = text(redis, "timeout", "ordering-guard.stash.redis.timeout", redisTimeout);
                }
            }
            JsonNode exchange = guard.path("exchange-log");
            if (!exchange.isMissingNode() && isObject(exchange, "ordering-guard.exchange-log")) {
                unknownKeys(exchange, EXCHANGE_LOG_KEYS, "ordering-guard.exchange-log.");
                exchangeLogFile = text(exchange, "file", "ordering-guard.exchange-log.file", exchangeLogFile);
                exchangeLogLevel = text(exchange, "level", "ordering-guard.exchange-log.level", exchangeLogLevel);
                exchangeLogMaxFileSize = text(exchange, "max-file-size", "ordering-guard.exchange-log.max-file-size",
                        exchangeLogMaxFileSize);
                exchangeLogMaxFiles = text(exchange, "max-files", "ordering-guard.exchange-log.max-files",
                        exchangeLogMaxFiles);
                exchangeLogHashKey = text(exchange, "hash-key", "ordering-guard.exchange-log.hash-key", exchangeLogHashKey);
            }
            JsonNode server = guard.path("server");
            if (!server.isMissingNode() && isObject(server, "ordering-guard.server")) {
                unknownKeys(server, SERVER_KEYS, "ordering-guard.server.");
                listen = text(server, "listen", "ordering-guard.server.listen", listen);
                maxBodySize = text(server, "max-body-size", "ordering-guard.server.max-body-size", maxBodySize);
                idleTimeout = text(server, "idle-timeout", "ordering-guard.server.idle-timeout", idleTimeout);
                upstreamIdleTimeout = text(server, "upstream-idle-timeout", "ordering-guard.server.upstream-idle-timeout",
                        upstreamIdleTimeout);
                shutdownTimeout = text(server, "shutdown-timeout", "ordering-guard.server.shutdown-timeout",
                        shutdownTimeout);
                accessLog = text(server, "access-log", "ordering-guard.server.access-log", accessLog);
                JsonNode ups = server.path("upstreams");
                if (!ups.isMissingNode() && isObject(ups, "ordering-guard.server.upstreams")) {
                    for (Iterator<Map.Entry<String, JsonNode>> it = ups.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        String at = "ordering-guard.server.upstreams." + e.getKey();
                        JsonNode value = e.getValue();
                        if (value.isTextual()) {
                            upstreams.put(e.getKey(), new String[] {value.textValue(), null, at});
                        } else if (value.isObject()) {
                            unknownKeys(value, Set.of("url", "api-key", "aws-credentials", "aws-region"), at + ".");
                            String url = text(value, "url", at + ".url", null);
                            String key = text(value, "api-key", at + ".api-key", null);
                            String credentials = text(value, "aws-credentials", at + ".aws-credentials", null);
                            String region = text(value, "aws-region", at + ".aws-region", null);
                            if (credentials != null || region != null) {
                                awsCredentials = credentials;
                                awsRegion = region;
                                awsAt = at + ".aws-credentials";
                                if (!e.getKey().equals(ProviderKind.BEDROCK.configName())) {
                                    problems.add(at + ".aws-credentials: AWS signing applies to the bedrock upstream "
                                            + "only");
                                }
                            }
                            if (url == null) {
                                problems.add(at + ".url: expected the upstream's URL, but it is missing");
                            } else {
                                upstreams.put(e.getKey(), new String[] {url, key, at});
                            }
                        } else {
                            problems.add(at + ": expected a URL or {url, api-key}, but found " + value.getNodeType());
                        }
                    }
                }
            }
            return this;
        }

        /**
         * Sets where to listen.
         *
         * @param hostPort {@code HOST:PORT}, {@code :PORT} or {@code PORT}
         * @return this
         */
        public Builder listen(String hostPort) {
            this.listen = hostPort;
            return this;
        }

        /**
         * Adds (or replaces) an upstream.
         *
         * @param name one of {@link ProviderKind#names()}
         * @param url the base URL
         * @return this
         */
        public Builder upstream(String name, String url) {
            String[] previous = upstreams.get(name);
            upstreams.put(name, new String[] {url, previous == null ? null : previous[1], "--upstream " + name});
            return this;
        }

        /**
         * Adds (or replaces) an upstream whose key the proxy holds and sends instead of the client's.
         *
         * @param name one of {@link ProviderKind#names()}
         * @param url the base URL
         * @param apiKey the key ({@code ${NAME}} reads the environment)
         * @return this
         */
        public Builder upstream(String name, String url, String apiKey) {
            upstreams.put(name, new String[] {url, apiKey, "--upstream " + name});
            return this;
        }

        /**
         * Has the proxy sign every request to the Bedrock upstream with its own AWS credentials (SigV4) in
         * place of the client's signature, so that a repaired body can be sent.
         *
         * @param credentials {@code default} (the AWS SDK's default chain), {@code env} or
         *     {@code profile:NAME}; {@code null} keeps what a configuration file set
         * @param region the region to sign for; {@code null} keeps what a configuration file set, else the
         *     region comes from the upstream's host ({@code bedrock-runtime.REGION.amazonaws.com})
         * @return this
         * @see AwsSigning
         */
        public Builder awsSigning(String credentials, String region) {
            if (credentials != null) {
                this.awsCredentials = credentials;
                this.awsAt = "--aws-credentials";
            }
            if (region != null) {
                this.awsRegion = region;
            }
            return this;
        }

        /**
         * Sets the mode.
         *
         * @param value the mode
         * @return this
         */
        public Builder mode(ServeMode value) {
            this.mode = value.wireName();
            return this;
        }

        /**
         * Replaces the fixed profiles (default: chosen from each request's model).
         *
         * @param names profile names
         * @return this
         */
        public Builder profiles(List<String> names) {
            this.profiles = new ArrayList<>(names);
            return this;
        }

        /**
         * Sets the profile for models the catalogue does not know.
         *
         * @param name a profile name
         * @return this
         */
        public Builder fallbackProfile(String name) {
            this.fallbackProfile = name;
            return this;
        }

        /**
         * Uses a Redis stash.
         *
         * @param uri {@code redis://host:port}
         * @return this
         */
        public Builder redis(String uri) {
            this.stashType = "redis";
            this.redisUri = uri;
            return this;
        }

        /**
         * Sets the stash failure mode.
         *
         * @param value what the guard does when the stash cannot answer
         * @return this
         */
        public Builder stashFailureMode(StashFailureMode value) {
            this.failureMode = value.name().toLowerCase(Locale.ROOT).replace('_', '-');
            return this;
        }

        /**
         * Sets the body limit.
         *
         * @param size bytes, or a size such as {@code 32MB}
         * @return this
         */
        public Builder maxBodySize(String size) {
            this.maxBodySize = size;
            return this;
        }

        /**
         * Sets the idle timeout of client connections.
         *
         * @param value e.g. {@code 30s}
         * @return this
         */
        public Builder idleTimeout(String value) {
            this.idleTimeout = value;
            return this;
        }

        /**
         * Sets how long a stop waits for in-flight requests.
         *
         * @param value e.g. {@code 30s}
         * @return this
         */
        public Builder shutdownTimeout(String value) {
            this.shutdownTimeout = value;
            return this;
        }

        /**
         * Sets the access log target.
         *
         * @param value {@code stderr}, {@code stdout}, {@code off} or a file path
         * @return this
         */
        public Builder accessLog(String value) {
            this.accessLog = value;
            return this;
        }

        /**
         * Writes an exchange log: one JSON line per request whose upstream answer the proxy reported.
         * The file is taken as given (a file named in the configuration file is relative to it).
         *
         * @param file the active log file
         * @return this
         */
        public Builder exchangeLog(Path file) {
            this.exchangeLogPath = Objects.requireNonNull(file, "file must not be null");
            return this;
        }

        /**
         * Validates everything and builds the configuration. Profiles, rule ids and Redis are checked
         * when the server starts ({@link GuardServer#start}), into the same kind of report.
         *
         * @return the configuration
         * @throws GuardConfigException listing every problem, each naming its key and value
         */
        public ServerConfig build() {
            List<String> out = new ArrayList<>(problems);
            String host = "127.0.0.1";
            int port = 8080;
            String hp = listen == null ? "" : listen.trim();
            int colon = hp.lastIndexOf(':');
            String portText = colon < 0 ? hp : hp.substring(colon + 1);
            if (colon > 0) {
                host = hp.substring(0, colon);
                if (host.startsWith("[") && host.endsWith("]")) {
                    host = host.substring(1, host.length() - 1);
                }
            }
            try {
                port = Integer.parseInt(portText);
                if (port < 0 || port > 65535) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                out.add("listen: expected HOST:PORT with a port from 0 to 65535, but was \"" + listen + "\"");
            }
            ServeMode serveMode = ServeMode.ENFORCE;
            try {
                serveMode = ServeMode.of(mode);
            } catch (IllegalArgumentException e) {
                out.add("mode: " + e.getMessage());
            }
            Map<ProviderKind, Upstream> ups = new LinkedHashMap<>();
            if (upstreams.isEmpty()) {
                out.add("upstreams: expected at least one (--upstream NAME=URL or ordering-guard.server.upstreams), "
                        + "NAME one of " + ProviderKind.names());
            }
            upstreams.forEach((name, value) -> {
                String at = value[2];
                ProviderKind kind = ProviderKind.named(name).orElse(null);
                if (kind == null) {
                    out.add(at + ": unknown upstream \"" + name + "\"; expected one of " + ProviderKind.names());
                    return;
                }
                String url = expand(value[0], at, out);
                String key = value[1] == null ? null : expand(value[1], at + ".api-key", out);
                URI uri = null;
                try {
                    uri = new URI(url == null ? "" : url.trim());
                    if (!("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                            || uri.getHost() == null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                        out.add(at + ": expected an http or https URL with a host and no query, such as "
                                + "https://api.openai.com, but was \"" + url + "\"");
                        uri = null;
                    }
                } catch (URISyntaxException e) {
                    out.add(at + ": expected an http or https URL, but was \"" + url + "\" (" + e.getReason() + ")");
                }
                if (kind == ProviderKind.BEDROCK && key != null) {
                    out.add(at + ".api-key: Bedrock requests are signed with AWS SigV4, not sent with a key; for the "
                            + "proxy to sign them, set aws-credentials");
                }
                AwsSigning signing = kind == ProviderKind.BEDROCK && uri != null ? awsSigning(uri, out) : null;
                if (uri != null && (key == null || !key.isBlank())) {
                    ups.put(kind, new Upstream(kind, uri, key, signing));
                }
            });
            if ((awsCredentials != null || awsRegion != null) && !upstreams.containsKey(ProviderKind.BEDROCK.configName())) {
                out.add(awsAt + ": AWS signing applies to the bedrock upstream, which is not configured");
            }
            StashFailureMode failure = StashFailureMode.FAIL_CLOSED;
            String fm = failureMode == null ? "" : failureMode.trim().toLowerCase(Locale.ROOT);
            if (fm.equals("fail-open") || fm.equals("fail_open")) {
                failure = StashFailureMode.FAIL_OPEN;
            } else if (!(fm.equals("fail-closed") || fm.equals("fail_closed"))) {
                out.add("stash.failure-mode: expected fail-closed or fail-open, but was \"" + failureMode + "\"");
            }
            String type = stashType == null ? "" : stashType.trim().toLowerCase(Locale.ROOT);
            if (!Set.of("memory", "redis", "none").contains(type)) {
                out.add("stash.type: expected memory, redis or none, but was \"" + stashType + "\"");
            }
            String redis = redisUri == null ? null : expand(redisUri, "stash.redis.uri", out);
            if (type.equals("redis") && (redis == null || !(redis.startsWith("redis://") || redis.startsWith("rediss://")
                    || redis.startsWith("redis-socket://")))) {
                out.add("stash.redis.uri: expected redis://HOST:PORT (or rediss://) for the redis stash, but was "
                        + (redis == null ? "missing" : "\"" + redactUri(redis) + "\""));
            }
            Duration ttl = duration(redisTtl, "stash.redis.ttl", out);
            Duration timeout = duration(redisTimeout, "stash.redis.timeout", out);
            long maxBody = size(maxBodySize, "max-body-size", out);
            Duration idle = duration(idleTimeout, "idle-timeout", out);
            Duration upstreamIdle = duration(upstreamIdleTimeout, "upstream-idle-timeout", out);
            Duration shutdown = duration(shutdownTimeout, "shutdown-timeout", out);
            List<Path> files = new ArrayList<>();
            for (String f : profileFiles) {
                Path p = source != null && source.getParent() != null ? source.getParent().resolve(f) : Path.of(f);
                files.add(p);
            }
            ExchangeLogConfig exchangeLog = exchangeLog(out);
            if (!out.isEmpty()) {
                throw new GuardConfigException(WHAT + (source == null ? "" : " (" + source + ")"), out);
            }
            return new ServerConfig(host, port, ups, serveMode, profiles, fallbackProfile, files, disabledAdvisoryRuleIds,
                    new StashConfig(type, failure, redis, redisNamespace, ttl, timeout), maxBody, idle, upstreamIdle,
                    shutdown, accessLog.trim(), exchangeLog);
        }

        private ExchangeLogConfig exchangeLog(List<String> out) {
            if (exchangeLogPath == null && (exchangeLogFile == null || exchangeLogFile.isBlank())) {
                return null;
            }
            String lv = exchangeLogLevel == null ? "" : exchangeLogLevel.trim().toLowerCase(Locale.ROOT);
            ExchangeLog.Level level = ExchangeLog.Level.SHAPE;
            if (lv.equals("full")) {
                level = ExchangeLog.Level.FULL;
            } else if (!lv.equals("shape")) {
                out.add("exchange-log.level: expected shape or full, but was \"" + exchangeLogLevel + "\"");
            }
            long maxBytes = size(exchangeLogMaxFileSize, "exchange-log.max-file-size", out);
            if (maxBytes < 1024) {
                out.add("exchange-log.max-file-size: expected at least 1KB, but was \"" + exchangeLogMaxFileSize + "\"");
            }
            int maxFiles = 5;
            try {
                maxFiles = Integer.parseInt(exchangeLogMaxFiles == null ? "" : exchangeLogMaxFiles.trim());
            } catch (NumberFormatException e) {
                maxFiles = 0;
            }
            if (maxFiles < 1) {
                out.add("exchange-log.max-files: expected a whole number of at least 1, but was \"" + exchangeLogMaxFiles
                        + "\"");
            }
            if (exchangeLogHashKey != null && exchangeLogHashKey.length() < 16) {
                out.add("exchange-log.hash-key: expected at least 16 characters, but it has " + exchangeLogHashKey.length());
            }
            Path file = exchangeLogPath != null ? exchangeLogPath
                    : source != null && source.getParent() != null ? source.getParent().resolve(exchangeLogFile.trim())
                    : Path.of(exchangeLogFile.trim());
            return new ExchangeLogConfig(file, level, maxBytes, Math.max(maxFiles, 1), exchangeLogHashKey);
        }

        /** The Bedrock upstream's signing, or {@code null} when the client's signature passes through. */
        private AwsSigning awsSigning(URI url, List<String> out) {
            String regionAt = awsAt.replace("aws-credentials", "aws-region");
            if (awsCredentials == null) {
                if (awsRegion != null) {
                    out.add(regionAt + ": the region to sign for applies only with aws-credentials");
                }
                return null;
            }
            String credentials = expand(awsCredentials, awsAt, out).trim();
            String problem = AwsSigning.credentialsProblem(credentials);
            if (problem != null) {
                out.add(awsAt + ": " + problem);
                return null;
            }
            String region = awsRegion != null ? expand(awsRegion, regionAt, out).trim() : AwsSigning.regionOf(url);
            if (region == null) {
                out.add(regionAt + ": the upstream's host (" + url.getHost() + ") names no AWS region; give the region "
                        + "to sign for, such as us-east-1");
                return null;
            }
            try {
                return new AwsSigning(credentials, region);
            } catch (IllegalArgumentException e) {
                out.add(regionAt + e.getMessage().substring("region".length()));
                return null;
            }
        }

        private String expand(String value, String at, List<String> out) {
            if (value == null) {
                return null;
            }
            Matcher m = ENV.matcher(value);
            StringBuilder s = new StringBuilder();
            while (m.find()) {
                String v = environment.apply(m.group(1));
                if (v == null) {
                    out.add(at + ": the environment variable " + m.group(1) + " is not set");
                    v = "";
                }
                m.appendReplacement(s, Matcher.quoteReplacement(v));
            }
            m.appendTail(s);
            return s.toString();
        }

        private void unknownKeys(JsonNode node, Set<String> known, String prefix) {
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!known.contains(key)) {
                    problems.add(prefix + key + ": unknown key; expected one of " + String.join(", ", known.stream()
                            .sorted().toList()));
                }
            }
        }

        private boolean isObject(JsonNode node, String at) {
            if (!node.isObject()) {
                problems.add(at + ": expected a mapping, but found " + node.getNodeType());
                return false;
            }
            return true;
        }

        private String text(JsonNode parent, String key, String at, String fallback) {
            JsonNode v = parent.path(key);
            if (v.isMissingNode() || v.isNull()) {
                return fallback;
            }
            if (!v.isValueNode() || v.isBinary()) {
                problems.add(at + ": expected a single value, but found " + v.getNodeType());
                return fallback;
            }
            return v.asText();
        }

        private List<String> list(JsonNode parent, String key, String at, List<String> fallback) {
            JsonNode v = parent.path(key);
            if (v.isMissingNode() || v.isNull()) {
                return fallback;
            }
            if (v.isValueNode()) {
                return new ArrayList<>(List.of(v.asText().split("\\s*,\\s*")));
            }
            if (!v.isArray()) {
                problems.add(at + ": expected a list, but found " + v.getNodeType());
                return fallback;
            }
            List<String> values = new ArrayList<>();
            for (int i = 0; i < v.size(); i++) {
                if (!v.get(i).isValueNode()) {
                    problems.add(at + "[" + i + "]: expected a single value, but found " + v.get(i).getNodeType());
                } else {
                    values.add(v.get(i).asText());
                }
            }
            return values;
        }

        private static String firstLine(String message) {
            String m = String.valueOf(message);
            int nl = m.indexOf('\n');
            return nl < 0 ? m : m.substring(0, nl);
        }
    }

    /** Reads {@code 250ms}, {@code 30s}, {@code 10m}, {@code 24h}, {@code 7d} or ISO-8601 ({@code PT30S}). */
    static Duration duration(String text, String at, List<String> out) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.startsWith("p")) {
                return Duration.parse(t.toUpperCase(Locale.ROOT));
            }
            Matcher m = Pattern.compile("(\\d+)(ms|s|m|h|d)?").matcher(t);
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                String unit = m.group(2) == null ? "ms" : m.group(2);
                return switch (unit) {
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    case "d" -> Duration.ofDays(n);
                    default -> Duration.ofMillis(n);
                };
            }
        } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
            // reported below
        }
        out.add(at + ": expected a duration such as 250ms, 30s, 10m or 24h, but was \"" + text + "\"");
        return Duration.ZERO;
    }

    /** Reads {@code 1048576}, {@code 512KB}, {@code 32MB}, {@code 1GB} (binary multiples). */
    static long size(String text, String at, List<String> out) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        Matcher m = Pattern.compile("(\\d+)\\s*(B|KB|MB|GB)?").matcher(t);
        if (m.matches()) {
            try {
                long n = Long.parseLong(m.group(1));
                long unit = switch (m.group(2) == null ? "B" : m.group(2)) {
                    case "KB" -> 1024L;
                    case "MB" -> 1024L * 1024;
                    case "GB" -> 1024L * 1024 * 1024;
                    default -> 1L;
                };
                long bytes = Math.multiplyExact(n, unit);
                if (bytes > 0 && bytes <= Integer.MAX_VALUE - 8) {
                    return bytes;
                }
            } catch (ArithmeticException | NumberFormatException e) {
                // reported below
            }
        }
        out.add(at + ": expected a size from 1 byte to 2GB such as 32MB, 512KB or 1048576, but was \"" + text + "\"");
        return DEFAULT_MAX_BODY_BYTES;
    }
}
