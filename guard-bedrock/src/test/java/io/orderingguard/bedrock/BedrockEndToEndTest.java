package io.orderingguard.bedrock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.Verdict;
import io.orderingguard.VerdictOutcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
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
import software.amazon.awssdk.services.bedrockruntime.model.Tool;
import software.amazon.awssdk.services.bedrockruntime.model.ToolConfiguration;
import software.amazon.awssdk.services.bedrockruntime.model.ToolInputSchema;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ToolSpecification;
import software.amazon.awssdk.services.bedrockruntime.model.ValidationException;

/**
 * The AWS SDK v2 Bedrock Runtime client with {@link BedrockGuardInterceptor} registered through
 * {@code overrideConfiguration}, against the provider emulator's Converse surface on loopback,
 * guarded by the shipped profile the model id selects. The history is a finished tool round with a
 * signed reasoning block, then two user messages in a row (a memory that stored the follow-up as its
 * own message): Converse does not merge them.
 */
class BedrockEndToEndTest {

    static final String MODEL = "anthropic.claude-sonnet-4-5-20250929-v1:0";

    ProviderEmulator emulator;
    final List<BedrockRuntimeClient> clients = new ArrayList<>();

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
    }

    @AfterEach
    void stop() {
        clients.forEach(BedrockRuntimeClient::close);
        emulator.close();
    }

    BedrockRuntimeClient client(Mode mode) {
        return client(mode == null ? null : OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build());
    }

    BedrockRuntimeClient client(OrderingGuard guard) {
        BedrockRuntimeClient client = BedrockRuntimeClient.builder()
                .endpointOverride(URI.create(emulator.bedrockEndpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .overrideConfiguration(c -> {
                    c.retryStrategy(AwsRetryStrategy.doNotRetry());
                    if (guard != null) {
                        c.addExecutionInterceptor(BedrockGuardInterceptor.of(guard));
                    }
                })
                .build();
        clients.add(client);
        return client;
    }

    static ToolConfiguration tools() {
        return ToolConfiguration.builder().tools(Tool.fromToolSpec(ToolSpecification.builder().name("search")
                .inputSchema(ToolInputSchema.fromJson(Document.mapBuilder().putString("type", "object").build()))
                .build())).build();
    }

    static Message user(String text) {
        return Message.builder().role(ConversationRole.USER).content(ContentBlock.fromText(text)).build();
    }

    static ConverseRequest request(List<Message> messages) {
        return ConverseRequest.builder().modelId(MODEL).messages(messages).toolConfig(tools()).build();
    }

    /** The tool round, answered by the emulator (signed reasoning, a tool call, then text); two user turns follow. */
    List<Message> twoUserTurns() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withReasoning("I should search first."),
                Answer.text("Revenue grew 12%."));
        BedrockRuntimeClient client = client((Mode) null);
        ConverseResponse first = client.converse(request(List.of(user("How did Q3 go?"))));
        String id = first.output().message().content().get(1).toolUse().toolUseId();
        Message results = Message.builder().role(ConversationRole.USER).content(ContentBlock.fromToolResult(
                ToolResultBlock.builder().toolUseId(id).content(ToolResultContentBlock.fromText("3 hits")).build())).build();
        ConverseResponse second = client.converse(request(List.of(user("How did Q3 go?"), first.output().message(),
                results)));
        emulator.reset();
        return List.of(user("How did Q3 go?"), first.output().message(), results, second.output().message(),
                user("Thanks."), user("And Q4?"));
    }

    @Test
    void should_let_the_provider_400_reach_the_application_when_unguarded() {
        List<Message> history = twoUserTurns();

        Throwable thrown = catchThrowable(() -> client((Mode) null).converse(request(history)));

        assertThat(thrown).isInstanceOf(ValidationException.class);
        assertThat(((ValidationException) thrown).awsErrorDetails().errorMessage())
                .isEqualTo("A conversation must alternate between user and assistant roles. Make sure the conversation "
                        + "alternates between user and assistant roles and try again.");
    }

    @Test
    void should_throw_the_guard_exception_and_send_nothing_in_enforce_mode() {
        List<Message> history = twoUserTurns();

        Throwable thrown = catchThrowable(() -> client(Mode.ENFORCE).converse(request(history)));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(
                "rejected dispatch (profile bedrock-converse-claude): 1 blocking violation(s)\n"
                        + "  - bedrock-converse-consecutive-roles: roles must alternate, but 'm4.c0' and 'm5.c0' both have "
                        + "role user [prevents: ValidationException: A conversation must alternate between user and "
                        + "assistant roles. Make sure the conversation alternates between user and assistant roles and "
                        + "try again.]");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_send_the_repaired_body_signed_with_the_reasoning_signature_intact_in_mutate_mode() {
        List<Message> history = twoUserTurns();
        String signature = history.get(1).content().get(0).reasoningContent().reasoningText().signature();

        ConverseResponse answer = client(Mode.MUTATE).converse(request(history));

        assertThat(answer.output().message().content().get(0).text()).isEqualTo("OK");
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.header("Content-Length")).isEqualTo(Integer.toString(
                received.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
        assertThat(received.status()).isEqualTo(200);
        JsonNode messages = received.json().path("messages");
        assertThat(messages.toString()).isEqualTo("[{\"role\":\"user\",\"content\":[{\"text\":\"How did Q3 go?\"}]},"
                + "{\"role\":\"assistant\",\"content\":[{\"reasoningContent\":{\"reasoningText\":{\"text\":"
                + "\"I should search first.\",\"signature\":\"" + signature + "\"}}},{\"toolUse\":{\"toolUseId\":"
                + "\"tooluse_emu00000002\",\"name\":\"search\",\"input\":{\"q\":\"Q3\"}}}]},{\"role\":\"user\","
                + "\"content\":[{\"toolResult\":{\"toolUseId\":\"tooluse_emu00000002\",\"content\":[{\"text\":"
                + "\"3 hits\"}]}}]},{\"role\":\"assistant\",\"content\":[{\"text\":\"Revenue grew 12%.\"}]},"
                + "{\"role\":\"user\",\"content\":[{\"text\":\"Thanks.\"}]},{\"role\":\"assistant\",\"content\":"
                + "[{\"text\":\"Understood.\"}]},{\"role\":\"user\",\"content\":[{\"text\":\"And Q4?\"}]}]");
        assertThat(messages.at("/1/content/0/reasoningContent/reasoningText/signature").asText()).isEqualTo(signature);
        assertThat(received.header("Authorization")).startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/");
    }

    @Test
    void should_report_the_provider_answer_to_each_request_in_shadow_mode() {
        List<Message> history = twoUserTurns();
        List<Verdict> verdicts = new CopyOnWriteArrayList<>();
        BedrockRuntimeClient client = client(OrderingGuard.builder().selectProfiles(Profiles.selector()).shadow(true)
                .listener(new GuardListener() {
                    @Override
                    public void onVerdict(Verdict verdict, GuardResult result) {
                        verdicts.add(verdict);
                    }
                }).build());

        Throwable thrown = catchThrowable(() -> client.converse(request(history)));
        client.converse(request(List.of(user("Hello"))));

        assertThat(thrown).isInstanceOf(ValidationException.class);
        assertThat(verdicts).extracting(Verdict::outcome).containsExactly(VerdictOutcome.CONFIRMED, VerdictOutcome.AGREED);
        assertThat(verdicts.get(0).status()).isEqualTo(400);
        assertThat(verdicts.get(0).rejectionRuleId()).isEqualTo("bedrock-converse-consecutive-roles");
        assertThat(verdicts.get(0).rejectionText()).isEqualTo("A conversation must alternate between user and assistant "
                + "roles. Make sure the conversation alternates between user and assistant roles and try again.");
    }
}
