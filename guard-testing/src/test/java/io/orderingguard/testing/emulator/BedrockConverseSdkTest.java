package io.orderingguard.testing.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.document.Document;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseRequest;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseResponse;
import software.amazon.awssdk.services.bedrockruntime.model.Message;
import software.amazon.awssdk.services.bedrockruntime.model.ReasoningTextBlock;
import software.amazon.awssdk.services.bedrockruntime.model.StopReason;
import software.amazon.awssdk.services.bedrockruntime.model.Tool;
import software.amazon.awssdk.services.bedrockruntime.model.ToolConfiguration;
import software.amazon.awssdk.services.bedrockruntime.model.ToolInputSchema;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ToolSpecification;
import software.amazon.awssdk.services.bedrockruntime.model.ToolUseBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ValidationException;

/**
 * The AWS SDK v2 Bedrock Runtime client calls the emulator's Converse surface on loopback: a valid
 * request comes back as a {@link ConverseResponse} the SDK unmarshals (reasoning with its signature,
 * tool use), a broken one raises the SDK's {@link ValidationException} with Bedrock's text.
 */
class BedrockConverseSdkTest {

    private static final String MODEL = "anthropic.claude-sonnet-4-5-20250929-v1:0";

    private ProviderEmulator emulator;
    private BedrockRuntimeClient client;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
        client = BedrockRuntimeClient.builder()
                .endpointOverride(URI.create(emulator.bedrockEndpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }

    @AfterEach
    void stop() {
        client.close();
        emulator.close();
    }

    private static ToolConfiguration tools() {
        return ToolConfiguration.builder().tools(Tool.fromToolSpec(ToolSpecification.builder().name("search")
                .inputSchema(ToolInputSchema.fromJson(Document.mapBuilder().putString("type", "object").build()))
                .build())).build();
    }

    private static Message user(ContentBlock... content) {
        return Message.builder().role(ConversationRole.USER).content(content).build();
    }

    private ConverseResponse converse(List<Message> messages) {
        return client.converse(ConverseRequest.builder().modelId(MODEL).messages(messages).toolConfig(tools()).build());
    }

    private ConverseResponse firstRound() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withReasoning("I should search first."),
                Answer.text("Revenue grew 12%."));
        return converse(List.of(user(ContentBlock.fromText("How did Q3 go?"))));
    }

    @Test
    void should_parse_reasoning_and_tool_use() {
        ConverseResponse first = firstRound();

        assertThat(first.stopReason()).isEqualTo(StopReason.TOOL_USE);
        List<ContentBlock> content = first.output().message().content();
        assertThat(content).hasSize(2);
        ReasoningTextBlock reasoning = content.get(0).reasoningContent().reasoningText();
        assertThat(reasoning.text()).isEqualTo("I should search first.");
        assertThat(reasoning.signature()).isEqualTo(java.util.Base64.getEncoder().encodeToString(
                "emulator-reasoning-signature-00000001".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        ToolUseBlock use = content.get(1).toolUse();
        assertThat(use.toolUseId()).isEqualTo("tooluse_emu00000002");
        assertThat(use.name()).isEqualTo("search");
        assertThat(use.input().asMap().get("q").asString()).isEqualTo("Q3");
        assertThat(first.usage().totalTokens()).isPositive();
        RecordedRequest sent = emulator.lastRequest();
        assertThat(sent.path()).isEqualTo("/model/" + MODEL + "/converse");
        assertThat(sent.wire()).isEqualTo(Wire.BEDROCK_CONVERSE);
        assertThat(sent.header("Authorization")).startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/");
    }

    @Test
    void should_accept_the_tool_loop_with_the_reasoning_block_replayed() {
        ConverseResponse first = firstRound();
        String id = first.output().message().content().get(1).toolUse().toolUseId();

        ConverseResponse second = converse(List.of(user(ContentBlock.fromText("How did Q3 go?")), first.output().message(),
                user(ContentBlock.fromToolResult(ToolResultBlock.builder().toolUseId(id)
                        .content(ToolResultContentBlock.fromText("3 hits")).build()))));

        assertThat(second.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(second.output().message().content().get(0).text()).isEqualTo("Revenue grew 12%.");
        assertThat(emulator.rejections()).isEmpty();
        JsonNode replayed = emulator.lastRequest().json().at("/messages/1/content/0/reasoningContent/reasoningText");
        assertThat(replayed.path("signature").textValue())
                .isEqualTo(first.output().message().content().get(0).reasoningContent().reasoningText().signature());
    }

    @Test
    void should_pass_bedrocks_validation_error_to_the_app_for_a_missing_tool_result() {
        ConverseResponse first = firstRound();
        String id = first.output().message().content().get(1).toolUse().toolUseId();
        List<Message> history = new ArrayList<>(List.of(user(ContentBlock.fromText("How did Q3 go?")),
                first.output().message(), user(ContentBlock.fromText("And Q4?"))));

        ValidationException e = catchThrowableOfType(ValidationException.class, () -> converse(history));

        assertThat(e.statusCode()).isEqualTo(400);
        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
        assertThat(e.awsErrorDetails().errorMessage())
                .isEqualTo("Expected toolResult blocks at messages.2.content for the following Ids: " + id);
        assertThat(emulator.lastRequest().errorMessage()).isEqualTo(e.awsErrorDetails().errorMessage());
    }

    @Test
    void should_pass_bedrocks_validation_error_to_the_app_for_two_user_messages_in_a_row() {
        ValidationException e = catchThrowableOfType(ValidationException.class, () -> converse(List.of(
                user(ContentBlock.fromText("hi")), user(ContentBlock.fromText("still there?")))));

        assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("A conversation must alternate between user and "
                + "assistant roles. Make sure the conversation alternates between user and assistant roles and try again.");
        assertThat(emulator.lastRequest().violatedRule()).isEqualTo(EmulatorRule.BEDROCK_ROLES_NOT_ALTERNATING);
    }
}
