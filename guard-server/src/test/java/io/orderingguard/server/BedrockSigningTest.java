package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardConfigException;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseResponse;
import software.amazon.awssdk.services.bedrockruntime.model.Message;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultContentBlock;

/**
 * A proxy that holds AWS credentials signs every Bedrock request with them, so that mutate sends a
 * repaired body a real AWS SDK client signed for its original bytes; the signature the upstream
 * receives is checked by signing the received request again.
 */
class BedrockSigningTest {

    static final String MODEL = "anthropic.claude-3-5-sonnet-20240620-v1:0";
    static final String PROXY_KEY = "AKIDPROXYEXAMPLE";
    static final String PROXY_SECRET = "proxy-secret-example";

    static ProviderEmulator emulator;
    static GuardServer proxy;

    @BeforeAll
    static void start() {
        emulator = ProviderEmulator.create().start();
        // the AWS SDK's default chain reads these system properties first
        System.setProperty("aws.accessKeyId", PROXY_KEY);
        System.setProperty("aws.secretAccessKey", PROXY_SECRET);
        proxy = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").mode(ServeMode.MUTATE)
                .upstream("bedrock", emulator.baseUrl()).awsSigning("default", "us-east-1").build(), null);
    }

    @AfterAll
    static void stop() {
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
        if (proxy != null) {
            proxy.close();
        }
        if (emulator != null) {
            emulator.close();
        }
    }

    @BeforeEach
    void reset() {
        emulator.reset();
    }

    static BedrockRuntimeClient client() {
        return BedrockRuntimeClient.builder().endpointOverride(URI.create(proxy.baseUrl())).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDCLIENT", "client")))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }

    @Test
    void a_repaired_body_from_the_aws_sdk_goes_out_signed_by_the_proxy_over_its_new_bytes() throws Exception {
        Message orphan = Message.builder().role(ConversationRole.USER).content(
                ContentBlock.fromToolResult(ToolResultBlock.builder().toolUseId("tu_gone")
                        .content(ToolResultContentBlock.fromText("22")).build()),
                ContentBlock.fromText("And tomorrow?")).build();
        try (BedrockRuntimeClient client = client()) {
            ConverseResponse answer = client.converse(r -> r.modelId(MODEL).messages(orphan));
            assertThat(answer.output().message().content()).isNotEmpty();
        }
        RecordedRequest sent = emulator.lastRequest();
        assertThat(sent.rejected()).isFalse();
        assertThat(sent.json().path("messages").get(0).path("content")).as("the orphan result was dropped").hasSize(1);
        assertThat(sent.header("authorization")).startsWith("AWS4-HMAC-SHA256 Credential=" + PROXY_KEY + "/")
                .contains("/us-east-1/bedrock/aws4_request");
        // the SDK sends the model id's ':' percent-encoded; AWS signs the path as sent
        assertThat(sent.header("authorization")).isEqualTo(signatureOf(sent, "/model/" + MODEL.replace(":", "%3A")
                + "/converse"));
    }

    @Test
    void a_request_that_passes_is_signed_by_the_proxy_too_and_an_unsigned_client_is_served() throws Exception {
        HttpResponse<String> r = Http.post(proxy.baseUrl() + "/model/" + MODEL + "/converse", Bodies.BEDROCK_HELLO,
                "Content-Type", "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("x-ordering-guard")).hasValue("passed");
        RecordedRequest sent = emulator.lastRequest();
        assertThat(sent.body()).isEqualTo(Bodies.BEDROCK_HELLO);
        assertThat(sent.header("authorization")).isEqualTo(signatureOf(sent, sent.path()));
    }

    @Test
    void credentials_that_do_not_resolve_fail_the_start(@TempDir Path dir) throws Exception {
        Path credentials = Files.writeString(dir.resolve("credentials"), "[other]\naws_access_key_id = A\n"
                + "aws_secret_access_key = B\n");
        System.setProperty("aws.sharedCredentialsFile", credentials.toString());
        try {
            assertThatThrownBy(() -> GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0")
                    .upstream("bedrock", emulator.baseUrl()).awsSigning("profile:missing", "us-east-1").build(), null))
                    .isInstanceOf(GuardConfigException.class)
                    .hasMessageContaining("upstreams.bedrock.aws-credentials: no AWS credentials from profile:missing: ")
                    .hasMessageContaining("missing");
            try (GuardServer other = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0")
                    .upstream("bedrock", emulator.baseUrl()).awsSigning("profile:other", "us-east-1").build(), null)) {
                assertThat(Http.post(other.baseUrl() + "/model/" + MODEL + "/converse", Bodies.BEDROCK_HELLO,
                        "Content-Type", "application/json").statusCode()).isEqualTo(200);
                assertThat(emulator.lastRequest().header("authorization")).startsWith("AWS4-HMAC-SHA256 Credential=A/");
            }
        } finally {
            System.clearProperty("aws.sharedCredentialsFile");
        }
    }

    /** Signs the request the upstream received again, with the proxy's key at the time it carries. */
    static String signatureOf(RecordedRequest sent, String rawPath) {
        Instant at = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC)
                .parse(sent.header("x-amz-date"), Instant::from);
        SdkHttpRequest.Builder request = SdkHttpRequest.builder().method(SdkHttpMethod.POST)
                .uri(URI.create(emulator.baseUrl() + rawPath));
        if (sent.header("content-type") != null) {
            request.putHeader("content-type", sent.header("content-type"));
        }
        return AwsV4HttpSigner.create().sign(r -> r
                        .identity(AwsBasicCredentials.create(PROXY_KEY, PROXY_SECRET))
                        .request(request.build())
                        .payload(ContentStreamProvider.fromByteArray(sent.body().getBytes(StandardCharsets.UTF_8)))
                        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "bedrock")
                        .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")
                        .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(at, ZoneOffset.UTC)))
                .request().firstMatchingHeader("Authorization").orElseThrow();
    }
}
