package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardConfigException;
import io.orderingguard.StashFailureMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration: one report naming every problem, the YAML file, and the options over it. */
class ServerConfigTest {

    @TempDir
    Path dir;

    @Test
    void should_fail_with_every_problem_of_the_options_at_once() {
        assertThatThrownBy(() -> ServerConfig.builder().listen("localhost:http").upstream("openai", "api.openai.com")
                .upstream("mistral", "https://api.mistral.ai").maxBodySize("32 MiB").idleTimeout("soon")
                .environment(name -> null).upstream("anthropic", "https://${ANTHROPIC_HOST}").build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("""
                        invalid guard serve configuration: 7 problems
                          - listen: expected HOST:PORT with a port from 0 to 65535, but was "localhost:http"
                          - --upstream openai: expected an http or https URL with a host and no query, such as \
                        https://api.openai.com, but was "api.openai.com"
                          - --upstream mistral: unknown upstream "mistral"; expected one of openai, anthropic, gemini, \
                        vertex, azure-openai, bedrock
                          - --upstream anthropic: the environment variable ANTHROPIC_HOST is not set
                          - --upstream anthropic: expected an http or https URL, but was "https://" (Expected authority)
                          - max-body-size: expected a size from 1 byte to 2GB such as 32MB, 512KB or 1048576, but was \
                        "32 MiB"
                          - idle-timeout: expected a duration such as 250ms, 30s, 10m or 24h, but was "soon\"""");
    }

    @Test
    void should_read_the_yaml_file_with_the_spring_boot_property_names_and_let_options_win() throws Exception {
        Path file = dir.resolve("serve.yaml");
        Files.writeString(file, """
                ordering-guard:
                  mode: mutate
                  disabled-advisory-rule-ids: [stale-content]
                  stash:
                    type: redis
                    failure-mode: fail-open
                    redis: {uri: "redis://cache:6379", ttl: 2h, timeout: 100ms}
                  server:
                    listen: 0.0.0.0:9090
                    max-body-size: 8MB
                    upstreams:
                      openai: https://api.openai.com/v1
                      anthropic: {url: "https://api.anthropic.com", api-key: "${KEY}"}
                """);
        ServerConfig config = ServerConfig.builder().environment(Map.of("KEY", "sk-ant-held")::get).readYaml(file)
                .mode(ServeMode.SHADOW).build();
        assertThat(config.mode()).isEqualTo(ServeMode.SHADOW);
        assertThat(config.listenHost()).isEqualTo("0.0.0.0");
        assertThat(config.listenPort()).isEqualTo(9090);
        assertThat(config.maxBodyBytes()).isEqualTo(8L * 1024 * 1024);
        assertThat(config.disabledAdvisoryRuleIds()).containsExactly("stale-content");
        assertThat(config.stash().type()).isEqualTo("redis");
        assertThat(config.stash().failureMode()).isEqualTo(StashFailureMode.FAIL_OPEN);
        assertThat(config.stash().redisTtl()).isEqualTo(Duration.ofHours(2));
        assertThat(config.stash().redisTimeout()).isEqualTo(Duration.ofMillis(100));
        Upstream anthropic = config.upstreams().get(ProviderKind.ANTHROPIC);
        assertThat(anthropic.apiKey()).isEqualTo("sk-ant-held");
        assertThat(anthropic.toString()).isEqualTo("anthropic=https://api.anthropic.com (key held by the proxy)");
        assertThat(config.upstreams().get(ProviderKind.OPENAI).target("/v1/chat/completions", null))
                .as("a base URL ending in /v1 does not repeat it").isEqualTo("https://api.openai.com/v1/chat/completions");
    }

    @Test
    void should_sign_bedrock_with_named_credentials_for_the_region_of_the_host_or_the_one_given() throws Exception {
        Path file = dir.resolve("bedrock.yaml");
        Files.writeString(file, """
                ordering-guard:
                  server:
                    upstreams:
                      bedrock: {url: "https://bedrock-runtime.eu-west-3.amazonaws.com", aws-credentials: default}
                """);
        Upstream fromHost = ServerConfig.builder().readYaml(file).build().upstreams().get(ProviderKind.BEDROCK);
        assertThat(fromHost.awsSigning()).isEqualTo(new AwsSigning("default", "eu-west-3"));
        assertThat(fromHost.toString()).isEqualTo("bedrock=https://bedrock-runtime.eu-west-3.amazonaws.com "
                + "(AWS SigV4 with default credentials for eu-west-3)");
        assertThat(ServerConfig.builder().readYaml(file).awsSigning("profile:prod", "us-west-2").build().upstreams()
                .get(ProviderKind.BEDROCK).awsSigning()).as("the options win over the file")
                .isEqualTo(new AwsSigning("profile:prod", "us-west-2"));
        assertThat(ServerConfig.builder().readYaml(file).awsSigning(null, "us-east-2").build().upstreams()
                .get(ProviderKind.BEDROCK).awsSigning()).as("a region alone keeps the file's credentials")
                .isEqualTo(new AwsSigning("default", "us-east-2"));
        assertThat(ServerConfig.builder().upstream("bedrock", "https://bedrock-runtime.us-east-1.amazonaws.com").build()
                .upstreams().get(ProviderKind.BEDROCK).awsSigning()).as("by default the client's signature passes")
                .isNull();
    }

    @Test
    void should_name_what_is_wrong_with_aws_signing() {
        assertThatThrownBy(() -> ServerConfig.builder().upstream("bedrock", "https://gateway.internal/bedrock")
                .awsSigning("default", null).build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid guard serve configuration: --aws-region: the upstream's host (gateway.internal) "
                        + "names no AWS region; give the region to sign for, such as us-east-1");
        assertThatThrownBy(() -> ServerConfig.builder().upstream("bedrock", "https://bedrock-runtime.us-east-1.amazonaws.com")
                .awsSigning("instance-role", "us-east-1").upstream("openai", "https://api.openai.com").build())
                .hasMessage("invalid guard serve configuration: --aws-credentials: expected default, env or profile:NAME, but was \"instance-role\"");
        assertThatThrownBy(() -> ServerConfig.builder().upstream("bedrock", "https://gateway.internal")
                .awsSigning("env", "US East").build())
                .hasMessage("invalid guard serve configuration: --aws-region: expected an AWS region such as us-east-1, but was \"US East\"");
        assertThatThrownBy(() -> ServerConfig.builder().upstream("openai", "https://api.openai.com")
                .awsSigning("default", null).build())
                .hasMessage("invalid guard serve configuration: --aws-credentials: AWS signing applies to the bedrock upstream, which is not "
                        + "configured");
        assertThatThrownBy(() -> ServerConfig.builder().upstream("bedrock", "https://gateway.internal")
                .awsSigning(null, "us-east-1").build())
                .hasMessage("invalid guard serve configuration: --aws-region: the region to sign for applies only with aws-credentials");
        assertThatThrownBy(() -> ServerConfig.builder()
                .upstream("bedrock", "https://bedrock-runtime.us-east-1.amazonaws.com", "key").build())
                .hasMessage("invalid guard serve configuration: --upstream bedrock.api-key: Bedrock requests are signed with AWS SigV4, not sent "
                        + "with a key; for the proxy to sign them, set aws-credentials");
    }

    @Test
    void should_name_unknown_keys_and_wrong_types_in_the_file() throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, """
                ordering-guard:
                  mode: [enforce]
                  stahs: {}
                  server:
                    upstreams:
                      openai: {uri: "https://api.openai.com"}
                """);
        assertThatThrownBy(() -> ServerConfig.builder().readYaml(file).build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid guard serve configuration (" + file + "): 5 problems\n"
                        + "  - ordering-guard.stahs: unknown key; expected one of decorate-chat-models, "
                        + "disabled-advisory-rule-ids, enabled, exchange-log, fallback-profile, metrics, mode, profile-files, "
                        + "profiles, server, stash\n"
                        + "  - ordering-guard.mode: expected a single value, but found ARRAY\n"
                        + "  - ordering-guard.server.upstreams.openai.uri: unknown key; expected one of api-key, "
                        + "aws-credentials, aws-region, url\n"
                        + "  - ordering-guard.server.upstreams.openai.url: expected the upstream's URL, but it is missing\n"
                        + "  - upstreams: expected at least one (--upstream NAME=URL or ordering-guard.server.upstreams), "
                        + "NAME one of openai, anthropic, gemini, vertex, azure-openai, bedrock");
    }

    @Test
    void should_report_unknown_profiles_rule_ids_and_an_unreachable_redis_when_starting() throws Exception {
        int port = ProxyBadInputTest.freePort();
        ServerConfig config = ServerConfig.builder().listen("127.0.0.1:0").upstream("openai", "https://api.openai.com")
                .profiles(java.util.List.of("openai-chat", "gpt-17-family")).redis("redis://127.0.0.1:" + port).build();
        assertThatThrownBy(() -> GuardServer.start(config, null))
                .isInstanceOf(GuardConfigException.class)
                .satisfies(e -> {
                    java.util.List<String> problems = ((GuardConfigException) e).problems();
                    assertThat(problems).hasSize(2);
                    assertThat(problems.get(0)).startsWith("profiles[1]: ").contains("gpt-17-family");
                    assertThat(problems.get(1)).startsWith("stash.redis.uri: ").contains("127.0.0.1:" + port);
                });
    }

    @Test
    void should_report_a_port_in_use() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            ServerConfig config = ServerConfig.builder().listen("127.0.0.1:" + taken.getLocalPort())
                    .upstream("openai", "https://api.openai.com").build();
            assertThatThrownBy(() -> GuardServer.start(config, null))
                    .isInstanceOf(GuardConfigException.class)
                    .hasMessageStartingWith("invalid guard serve configuration: listen: cannot serve on 127.0.0.1:"
                            + taken.getLocalPort() + ": ");
        }
    }

    @Test
    void should_route_each_providers_paths() {
        assertThat(ProviderKind.route("/v1/chat/completions", false)).hasValue(ProviderKind.OPENAI);
        assertThat(ProviderKind.route("/v1/models", true)).hasValue(ProviderKind.ANTHROPIC);
        assertThat(ProviderKind.route("/v1/messages/count_tokens", false)).hasValue(ProviderKind.ANTHROPIC);
        assertThat(ProviderKind.route("/v1beta/models/gemini-2.5-pro:streamGenerateContent", false))
                .hasValue(ProviderKind.GEMINI);
        assertThat(ProviderKind.route("/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-pro"
                + ":generateContent", false)).hasValue(ProviderKind.VERTEX);
        assertThat(ProviderKind.route("/openai/deployments/gpt4o/chat/completions", false))
                .hasValue(ProviderKind.AZURE_OPENAI);
        assertThat(ProviderKind.route("/model/us.anthropic.claude-sonnet-4-5-v1%3A0/converse-stream", false))
                .hasValue(ProviderKind.BEDROCK);
        assertThat(ProviderKind.route("/v2/anything", false)).isEmpty();
    }
}
