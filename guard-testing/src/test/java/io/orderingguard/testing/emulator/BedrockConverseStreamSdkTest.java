package io.orderingguard.testing.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.document.Document;
import software.amazon.awssdk.http.Protocol;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeAsyncClient;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlockDeltaEvent;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlockStartEvent;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamMetadataEvent;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamOutput;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamRequest;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamResponseHandler;
import software.amazon.awssdk.services.bedrockruntime.model.Message;
import software.amazon.awssdk.services.bedrockruntime.model.MessageStopEvent;
import software.amazon.awssdk.services.bedrockruntime.model.StopReason;
import software.amazon.awssdk.services.bedrockruntime.model.Tool;
import software.amazon.awssdk.services.bedrockruntime.model.ToolConfiguration;
import software.amazon.awssdk.services.bedrockruntime.model.ToolInputSchema;
import software.amazon.awssdk.services.bedrockruntime.model.ToolSpecification;
import software.amazon.awssdk.services.bedrockruntime.model.ValidationException;

/**
 * The AWS SDK v2 {@link BedrockRuntimeAsyncClient} (its Netty HTTP client, on HTTP/1.1) calls the
 * emulator's {@code converse-stream} on loopback and decodes the event-stream frames into its typed
 * events; a broken request raises the SDK's {@link ValidationException} with Bedrock's text.
 */
class BedrockConverseStreamSdkTest {

    private static final String MODEL = "anthropic.claude-sonnet-4-5-20250929-v1:0";

    private ProviderEmulator emulator;
    private BedrockRuntimeAsyncClient client;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
        client = BedrockRuntimeAsyncClient.builder()
                .endpointOverride(URI.create(emulator.bedrockEndpoint()))
                .region(Region.US_EAST_1)
                // the emulator speaks HTTP/1.1; Bedrock Runtime's async client defaults to HTTP/2
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().protocol(Protocol.HTTP1_1))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }

    @AfterEach
    void stop() {
        client.close();
        emulator.close();
    }

    private static Message user(String text) {
        return Message.builder().role(ConversationRole.USER).content(ContentBlock.fromText(text)).build();
    }

    private List<ConverseStreamOutput> stream(List<Message> messages) {
        List<ConverseStreamOutput> events = new ArrayList<>();
        ConverseStreamRequest request = ConverseStreamRequest.builder().modelId(MODEL).messages(messages)
                .toolConfig(ToolConfiguration.builder().tools(Tool.fromToolSpec(ToolSpecification.builder().name("search")
                        .inputSchema(ToolInputSchema.fromJson(Document.mapBuilder().putString("type", "object").build()))
                        .build())).build())
                .build();
        client.converseStream(request, ConverseStreamResponseHandler.builder().subscriber(events::add).build()).join();
        return events;
    }

    /** One line per event, as an application accumulating the stream would see it. */
    private static List<String> lines(List<ConverseStreamOutput> events) {
        List<String> lines = new ArrayList<>();
        for (ConverseStreamOutput event : events) {
            String line = event.sdkEventType().toString();
            if (event instanceof ContentBlockStartEvent start) {
                line += " " + start.contentBlockIndex() + " toolUse " + start.start().toolUse().toolUseId() + " "
                        + start.start().toolUse().name();
            } else if (event instanceof ContentBlockDeltaEvent delta) {
                line += " " + delta.contentBlockIndex() + " " + (delta.delta().text() != null ? "text " + delta.delta().text()
                        : delta.delta().toolUse() != null ? "input " + delta.delta().toolUse().input()
                        : delta.delta().reasoningContent().text() != null ? "reasoning " + delta.delta().reasoningContent().text()
                        : "signature " + delta.delta().reasoningContent().signature());
            } else if (event instanceof MessageStopEvent stop) {
                line += " " + stop.stopReason();
            }
            lines.add(line);
        }
        return lines;
    }

    @Test
    void should_stream_reasoning_text_and_a_tool_use_the_sdk_decodes() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withText("Searching.").withReasoning("Plan."));

        List<ConverseStreamOutput> events = stream(List.of(user("How did Q3 go?")));

        String signature = Base64.getEncoder().encodeToString(
                "emulator-reasoning-signature-00000001".getBytes(StandardCharsets.UTF_8));
        assertThat(lines(events)).containsExactly(
                "messageStart",
                "contentBlockDelta 0 reasoning Plan.",
                "contentBlockDelta 0 signature " + signature,
                "contentBlockStop",
                "contentBlockDelta 1 text Searc",
                "contentBlockDelta 1 text hing.",
                "contentBlockStop",
                "contentBlockStart 2 toolUse tooluse_emu00000002 search",
                "contentBlockDelta 2 input {\"q\":\"Q3\"}",
                "contentBlockStop",
                "messageStop tool_use",
                "metadata");
        ConverseStreamMetadataEvent metadata = (ConverseStreamMetadataEvent) events.get(events.size() - 1);
        assertThat(metadata.usage().totalTokens()).isPositive();
        assertThat(((MessageStopEvent) events.get(10)).stopReason()).isEqualTo(StopReason.TOOL_USE);
        RecordedRequest sent = emulator.lastRequest();
        assertThat(sent.path()).isEqualTo("/model/" + MODEL + "/converse-stream");
        assertThat(sent.wire()).isEqualTo(Wire.BEDROCK_CONVERSE);
        assertThat(sent.status()).isEqualTo(200);
        assertThat(sent.responseBody()).startsWith("messageStart {\"role\":\"assistant\"}\n"
                + "contentBlockDelta {\"contentBlockIndex\":0,\"delta\":{\"reasoningContent\":{\"text\":\"Plan.\"}}}\n");
    }

    @Test
    void should_pass_bedrocks_validation_error_to_the_app_before_the_stream_starts() {
        Throwable thrown = catchThrowable(() -> stream(List.of(user("hi"), user("still there?"))));

        assertThat(thrown).isInstanceOf(CompletionException.class).cause().isInstanceOf(ValidationException.class);
        ValidationException e = (ValidationException) thrown.getCause();
        assertThat(e.statusCode()).isEqualTo(400);
        assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("A conversation must alternate between user and "
                + "assistant roles. Make sure the conversation alternates between user and assistant roles and try again.");
        assertThat(emulator.lastRequest().violatedRule()).isEqualTo(EmulatorRule.BEDROCK_ROLES_NOT_ALTERNATING);
    }
}
