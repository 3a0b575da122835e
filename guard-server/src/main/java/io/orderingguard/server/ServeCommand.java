package io.orderingguard.server;

import io.orderingguard.GuardConfigException;
import io.orderingguard.StashFailureMode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code guard serve}: runs the guarding proxy until the process is stopped (SIGTERM or Ctrl-C stop it
 * gracefully). The {@code guard} command line registers it as a verb; {@link ServerMain} runs it alone
 * (the container image).
 *
 * <pre>
 * guard serve --upstream openai=https://api.openai.com --upstream anthropic=https://api.anthropic.com \
 *             --listen 0.0.0.0:8080 --mode mutate [--redis redis://cache:6379] [--config guard-serve.yaml]
 * </pre>
 *
 * <p>Options override the file given with {@code --config}. A bad configuration prints every problem
 * at once and exits with 2.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Runs a guarding reverse proxy: point a client's base URL at it, and every chat request is "
                + "checked (and in mutate mode repaired) before it reaches the provider.", ""},
        footer = {"", "Examples:",
            "  guard serve --upstream openai=https://api.openai.com",
            "  guard serve --listen 0.0.0.0:8080 --mode mutate --upstream anthropic=https://api.anthropic.com "
                    + "--redis redis://cache:6379",
            "  curl http://127.0.0.1:8080/v1/chat/completions -H 'Authorization: Bearer $OPENAI_API_KEY' -d @request.json",
            "", "Upstream names: openai, anthropic, gemini, vertex, azure-openai, bedrock. See docs/proxy.md."})
public final class ServeCommand implements Callable<Integer> {

    @Option(names = "--listen", paramLabel = "HOST:PORT", defaultValue = "${env:GUARD_SERVE_LISTEN}",
            description = "Address to listen on (default 127.0.0.1:8080, or $GUARD_SERVE_LISTEN: 0.0.0.0:8080 in the "
                    + "container image).")
    String listen;

    @Option(names = "--upstream", paramLabel = "NAME=URL",
            description = "An upstream, e.g. openai=https://api.openai.com (repeatable).")
    List<String> upstreams = new ArrayList<>();

    @Option(names = "--aws-credentials", paramLabel = "SOURCE",
            description = "Sign every Bedrock request with the proxy's AWS credentials (SigV4) in place of the "
                    + "client's, so that mutate can send a repaired body: default (the AWS SDK's chain), env or "
                    + "profile:NAME.")
    String awsCredentials;

    @Option(names = "--aws-region", paramLabel = "REGION",
            description = "The region to sign Bedrock requests for (default: from the upstream's host).")
    String awsRegion;

    @Option(names = "--mode", paramLabel = "MODE", description = "enforce (default), mutate or shadow.")
    String mode;

    @Option(names = "--redis", paramLabel = "URI",
            description = "Keep the stash in Redis (redis://HOST:PORT), shared by every instance.")
    String redis;

    @Option(names = "--stash-failure", paramLabel = "MODE",
            description = "When the stash does not answer: fail-closed (default: 503) or fail-open (skip the "
                    + "preservation rules).")
    String stashFailure;

    @Option(names = {"-p", "--profile"}, paramLabel = "NAME",
            description = "A fixed profile (repeatable); default: chosen from each request's model.")
    List<String> profiles = new ArrayList<>();

    @Option(names = "--fallback-profile", paramLabel = "NAME",
            description = "The profile for a model the catalogue does not know (default: such requests pass unguarded).")
    String fallbackProfile;

    @Option(names = "--max-body-size", paramLabel = "SIZE", description = "Largest request body (default 32MB).")
    String maxBodySize;

    @Option(names = "--access-log", paramLabel = "TARGET", description = "stderr (default), stdout, off or a file.")
    String accessLog;

    @Option(names = "--exchange-log", paramLabel = "FILE",
            description = "Write one JSON line per answered request to FILE (no text of the conversations), for "
                    + "guard report.")
    Path exchangeLog;

    @Option(names = "--config", paramLabel = "FILE",
            description = "A YAML file (ordering-guard.* keys, as the Spring Boot properties; proxy keys under "
                    + "ordering-guard.server).")
    Path config;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * Builds the configuration the options describe, the file first, then the options over it.
     *
     * @return the configuration
     * @throws GuardConfigException listing every problem
     */
    public ServerConfig configuration() {
        ServerConfig.Builder b = ServerConfig.builder();
        if (config != null) {
            b.readYaml(config);
        }
        List<String> problems = new ArrayList<>();
        if (listen != null) {
            b.listen(listen);
        }
        for (String u : upstreams) {
            int eq = u.indexOf('=');
            if (eq <= 0) {
                problems.add("--upstream: expected NAME=URL, such as openai=https://api.openai.com, but was \"" + u + "\"");
            } else {
                b.upstream(u.substring(0, eq).trim(), u.substring(eq + 1).trim());
            }
        }
        if (awsCredentials != null || awsRegion != null) {
            b.awsSigning(awsCredentials, awsRegion);
        }
        if (mode != null) {
            try {
                b.mode(ServeMode.of(mode));
            } catch (IllegalArgumentException e) {
                problems.add("--mode: " + e.getMessage());
            }
        }
        if (redis != null) {
            b.redis(redis);
        }
        if (stashFailure != null) {
            String s = stashFailure.trim().toLowerCase(Locale.ROOT);
            if (s.equals("fail-open")) {
                b.stashFailureMode(StashFailureMode.FAIL_OPEN);
            } else if (s.equals("fail-closed")) {
                b.stashFailureMode(StashFailureMode.FAIL_CLOSED);
            } else {
                problems.add("--stash-failure: expected fail-closed or fail-open, but was \"" + stashFailure + "\"");
            }
        }
        if (!profiles.isEmpty()) {
            b.profiles(profiles);
        }
        if (fallbackProfile != null) {
            b.fallbackProfile(fallbackProfile);
        }
        if (maxBodySize != null) {
            b.maxBodySize(maxBodySize);
        }
        if (accessLog != null) {
            b.accessLog(accessLog);
        }
        if (exchangeLog != null) {
            b.exchangeLog(exchangeLog);
        }
        ServerConfig built = null;
        try {
            built = b.build();
        } catch (GuardConfigException e) {
            problems.addAll(e.problems());
        }
        if (!problems.isEmpty()) {
            throw new GuardConfigException(ServerConfig.WHAT + (config == null ? "" : " (" + config + ")"), problems);
        }
        return built;
    }

    /**
     * Starts the proxy and serves until the process is stopped.
     *
     * @return 0 after a graceful stop
     * @throws GuardConfigException listing every problem of the configuration
     * @throws InterruptedException when interrupted while serving
     */
    @Override
    public Integer call() throws InterruptedException {
        ServerConfig cfg = configuration();
        GuardServer server = GuardServer.start(cfg);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "guard-serve-shutdown"));
        PrintWriter out = spec.commandLine().getOut();
        out.println("guard serve: listening on " + server.baseUrl() + " (mode " + cfg.mode().wireName() + ", stash "
                + cfg.stash() + ")");
        for (Upstream u : cfg.upstreams().values()) {
            out.println("  " + u + "  paths: " + String.join(", ", u.kind().paths()));
        }
        if (cfg.exchangeLog() != null) {
            out.println("  exchange log: " + cfg.exchangeLog());
        }
        out.println("  GET /health, /ready, /metrics");
        out.flush();
        server.awaitStop();
        return 0;
    }
}
