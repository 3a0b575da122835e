package io.orderingguard.bedrock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.Protocol;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeAsyncClient;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlockDeltaEvent;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseResponse;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamOutput;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamRequest;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamResponseHandler;
import software.amazon.awssdk.services.bedrockruntime.model.Message;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ValidationException;

/**
 * The AWS SDK v2 {@link BedrockRuntimeAsyncClient}'s {@code converseStream} with
 * {@link BedrockGuardInterceptor} registered through {@code overrideConfiguration}, against the emulator's
 * {@code converse-stream} (AWS event-stream framing) on loopback, which verifies every reasoning
 * signature sent back. The history, as in {@link BedrockEndToEndTest}: a finished tool round with a
 * signed reasoning block, then two user messages in a row.
 */
class BedrockStreamEndToEndTest {

    static final String MODEL = BedrockEndToEndTest.MODEL;

    ProviderEmulator emulator;
    final List<AutoCloseable> clients = new ArrayList<>();

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.builder().enable(EmulatorRule.BEDROCK_INVALID_REASONING_SIGNATURE).start();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable client : clients) {
            client.close();
        }
        emulator.close();
    }

    BedrockRuntimeAsyncClient client(Mode mode) {
        BedrockRuntimeAsyncClient client = BedrockRuntimeAsyncClient.builder()
                .endpointOverride(URI.create(emulator.bedrockEndpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                // the emulator speaks HTTP/1.1; Bedrock Runtime's async client defaults to HTTP/2
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().protocol(Protocol.HTTP1_1))
                .overrideConfiguration(c -> {
                    c.retryStrategy(AwsRetryStrategy.doNotRetry());
                    if (mode != null) {
                        c.addExecutionInterceptor(BedrockGuardInterceptor.of(
                                OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build()));
                    }
                })
                .build();
        clients.add(client);
        return client;
    }

    /** The tool round, answered by the emulator through the blocking client; two user turns follow. */
    List<Message> twoUserTurns() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withReasoning("I should search first."),
                Answer.text("Revenue grew 12%."));
        BedrockRuntimeClient blocking = BedrockRuntimeClient.builder()
                .endpointOverride(URI.create(emulator.bedrockEndpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .build();
        clients.add(blocking);
        ConverseResponse first = blocking.converse(BedrockEndToEndTest.request(List.of(BedrockEndToEndTest.user("How did Q3 go?"))));
        String id = first.output().message().content().get(1).toolUse().toolUseId();
        Message results = Message.builder().role(ConversationRole.USER).content(ContentBlock.fromToolResult(
                ToolResultBlock.builder().toolUseId(id).content(ToolResultContentBlock.fromText("3 hits")).build())).build();
        ConverseResponse second = blocking.converse(BedrockEndToEndTest.request(List.of(
                BedrockEndToEndTest.user("How did Q3 go?"), first.output().message(), results)));
        emulator.reset();
        return List.of(BedrockEndToEndTest.user("How did Q3 go?"), first.output().message(), results,
                second.output().message(), BedrockEndToEndTest.user("Thanks."), BedrockEndToEndTest.user("And Q4?"));
    }

    /** Streams the history and returns the streamed text. */
    static String stream(BedrockRuntimeAsyncClient client, List<Message> history) {
        List<ConverseStreamOutput> events = new ArrayList<>();
        client.converseStream(ConverseStreamRequest.builder().modelId(MODEL).messages(history)
                        .toolConfig(BedrockEndToEndTest.tools()).build(),
                ConverseStreamResponseHandler.builder().subscriber(events::add).build()).join();
        StringBuilder text = new StringBuilder();
        for (ConverseStreamOutput event : events) {
            if (event instanceof ContentBlockDeltaEvent delta && delta.delta().text() != null) {
                text.append(delta.delta().text());
            }
        }
        return text.toString();
    }

    @Test
    void should_let_the_provider_400_reach_the_application_when_unguarded() {
        List<Message> history = twoUserTurns();

        Throwable thrown = catchThrowable(() -> stream(client(null), history));

        assertThat(thrown).isInstanceOf(CompletionException.class).cause().isInstanceOf(ValidationException.class);
        assertThat(((ValidationException) thrown.getCause()).awsErrorDetails().errorMessage())
                .isEqualTo("A conversation must alternate between user and assistant roles. Make sure the conversation "
                        + "alternates between user and assistant roles and try again.");
        assertThat(emulator.requestCount()).isEqualTo(1);
    }

    @Test
    void should_throw_the_guard_exception_and_send_nothing_in_enforce_mode() {
        List<Message> history = twoUserTurns();

        Throwable thrown = catchThrowable(() -> stream(client(Mode.ENFORCE), history));

        // the async client wraps what an interceptor throws in an SdkClientException, before its retry stage
        assertThat(thrown).isInstanceOf(CompletionException.class).cause().isInstanceOf(SdkClientException.class)
                .cause().isInstanceOf(OrderingViolationException.class)
                .hasMessage("rejected dispatch (profile bedrock-converse-claude): 1 blocking violation(s)\n"
                        + "  - bedrock-converse-consecutive-roles: roles must alternate, but 'm4.c0' and 'm5.c0' both "
                        + "have role user [prevents: ValidationException: A conversation must alternate between user "
                        + "and assistant roles. Make sure the conversation alternates between user and assistant roles "
                        + "and try again.]");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_stream_the_answer_to_the_repaired_body_with_the_signature_intact_in_mutate_mode() {
        List<Message> history = twoUserTurns();
        String signature = history.get(1).content().get(0).reasoningContent().reasoningText().signature();
        emulator.enqueue(Answer.text("Q4 is not reported yet."));

        String answer = stream(client(Mode.MUTATE), history);

        assertThat(answer).isEqualTo("Q4 is not reported yet.");
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.path()).isEqualTo("/model/" + MODEL + "/converse-stream");
        assertThat(received.status()).isEqualTo(200);
        assertThat(received.header("Content-Length"))
                .isEqualTo(Integer.toString(received.body().getBytes(StandardCharsets.UTF_8).length));
        JsonNode messages = received.json().path("messages");
        assertThat(messages).extracting(m -> m.path("role").asText() + " " + m.at("/content/0").fieldNames().next())
                .containsExactly("user text", "assistant reasoningContent", "user toolResult", "assistant text",
                        "user text", "assistant text", "user text");
        assertThat(messages.at("/5/content/0/text").asText()).isEqualTo("Understood.");
        assertThat(messages.at("/1/content/0/reasoningContent/reasoningText/signature").asText()).isEqualTo(signature);
        assertThat(received.header("Authorization")).startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/");
    }

    @Test
    void should_send_a_valid_history_byte_for_byte() {
        List<Message> history = twoUserTurns().subList(0, 5);
        stream(client(null), history);
        String unguarded = emulator.lastRequest().body();

        stream(client(Mode.MUTATE), history);

        assertThat(emulator.lastRequest().body()).isEqualTo(unguarded);
        assertThat(emulator.rejections()).isEmpty();
    }
}
