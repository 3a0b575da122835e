package io.orderingguard.anthropic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.JsonValue;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.errors.BadRequestException;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.ThinkingBlockParam;
import com.anthropic.models.messages.ToolResultBlockParam;
import com.anthropic.models.messages.ToolUseBlockParam;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The official anthropic-java client (its OkHttp transport) with {@link AnthropicGuardInterceptor} registered
 * through {@code AnthropicOkHttpClient.Builder.addInterceptor}, against the provider emulator on
 * loopback, guarded by the shipped profile its model and thinking configuration select. The history
 * is a signed thinking tool loop whose next user turn carries a tool result that answers nothing (a
 * late result after the run was cancelled).
 */
class AnthropicEndToEndTest {

    static final String PROVIDER_ERROR = "messages.4.content.0: unexpected `tool_use_id` found in `tool_result` "
            + "blocks: toolu_9. Each `tool_result` block must have a corresponding `tool_use` block in the previous "
            + "message.";
    static final String SIGNATURE_1 = "EqQBCkYIBxgCKkBtZWFzdXJlZCBzaWduYXR1cmUgb25l+/=";
    static final String SIGNATURE_2 = "ErUBCkYIBxgCKkB0d28gc2lnbmF0dXJlcyBhcmUgYmV0dGVy";

    ProviderEmulator emulator;
    final List<AnthropicClient> clients = new ArrayList<>();

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.builder().enable(EmulatorRule.ANTHROPIC_THINKING_SIGNATURE_REQUIRED).start();
    }

    @AfterEach
    void stop() {
        clients.forEach(AnthropicClient::close);
        emulator.close();
    }

    AnthropicClient client(Mode mode) {
        AnthropicOkHttpClient.Builder builder = AnthropicOkHttpClient.builder()
                .baseUrl(emulator.baseUrl()).apiKey("test-key").maxRetries(0);
        if (mode != null) {
            builder.addInterceptor(AnthropicGuardInterceptor.of(
                    OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build()));
        }
        AnthropicClient client = builder.build();
        clients.add(client);
        return client;
    }

    static ContentBlockParam thinking(String text, String signature) {
        return ContentBlockParam.ofThinking(ThinkingBlockParam.builder().thinking(text).signature(signature).build());
    }

    static MessageCreateParams lateResult() {
        return MessageCreateParams.builder()
                .model("claude-sonnet-4-5")
                .maxTokens(2048)
                .enabledThinking(1024)
                .addUserMessage("What is the weather in Paris?")
                .addAssistantMessageOfContentBlockParams(List.of(
                        thinking("The user wants the weather; call the tool.", SIGNATURE_1),
                        ContentBlockParam.ofToolUse(ToolUseBlockParam.builder().id("toolu_1").name("weather")
                                .input(ToolUseBlockParam.Input.builder()
                                        .putAdditionalProperty("city", JsonValue.from("Paris")).build())
                                .build())))
                .addUserMessageOfContentBlockParams(List.of(ContentBlockParam.ofToolResult(
                        ToolResultBlockParam.builder().toolUseId("toolu_1").content("18C and sunny").build())))
                .addAssistantMessageOfContentBlockParams(List.of(
                        thinking("Report it.", SIGNATURE_2),
                        ContentBlockParam.ofText("It is 18C and sunny in Paris.")))
                .addUserMessageOfContentBlockParams(List.of(
                        ContentBlockParam.ofToolResult(ToolResultBlockParam.builder().toolUseId("toolu_9")
                                .content("late answer").build()),
                        ContentBlockParam.ofText("And in Rome?")))
                .build();
    }

    @Test
    void should_let_the_provider_400_reach_the_application_when_unguarded() {
        AnthropicClient client = client(null);

        Throwable thrown = catchThrowable(() -> client.messages().create(lateResult()));

        assertThat(thrown).isInstanceOf(BadRequestException.class).hasMessageContaining(PROVIDER_ERROR);
        assertThat(emulator.requestCount()).isEqualTo(1);
    }

    @Test
    void should_throw_the_guard_exception_and_send_nothing_in_enforce_mode() {
        AnthropicClient client = client(Mode.ENFORCE);

        Throwable thrown = catchThrowable(() -> client.messages().create(lateResult()));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(
                "rejected dispatch (profile anthropic-messages-manual-thinking): 1 blocking violation(s)\n"
                        + "  - anthropic-tool-result-has-tool-use: tool result 'toolu_9' answers no tool call in the "
                        + "conversation [prevents: messages.N.content.M: unexpected `tool_use_id` found in "
                        + "`tool_result` blocks: <id>]");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_fail_the_future_and_send_nothing_in_enforce_mode_async() {
        AnthropicClient client = client(Mode.ENFORCE);

        Throwable thrown = catchThrowable(() -> client.async().messages().create(lateResult()).join());

        assertThat(thrown).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(OrderingViolationException.class);
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_send_the_repaired_body_with_every_signature_intact_in_mutate_mode() {
        AnthropicClient unguarded = client(null);
        catchThrowable(() -> unguarded.messages().create(lateResult()));
        ArrayNode original = (ArrayNode) emulator.lastRequest().json().path("messages");
        AnthropicClient client = client(Mode.MUTATE);

        Message answer = client.messages().create(lateResult());

        assertThat(answer.content()).isNotEmpty();
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.status()).isEqualTo(200);
        JsonNode messages = received.json().path("messages");
        assertThat(messages).hasSize(5);
        for (int i = 0; i < 4; i++) {
            assertThat(messages.get(i)).as("messages[%d]", i).isEqualTo(original.get(i));
        }
        assertThat(messages.get(1).path("content").get(0).path("signature").asText()).isEqualTo(SIGNATURE_1);
        assertThat(messages.get(3).path("content").get(0).path("signature").asText()).isEqualTo(SIGNATURE_2);
        assertThat(messages.get(4).toString()).isEqualTo(
                "{\"content\":[{\"text\":\"And in Rome?\",\"type\":\"text\"}],\"role\":\"user\"}");
    }

    @Test
    void should_send_a_valid_history_byte_for_byte() {
        MessageCreateParams valid = lateResult().toBuilder().messages(lateResult().messages().subList(0, 4))
                .addUserMessage("And in Rome?").build();
        client(null).messages().create(valid);
        String unguarded = emulator.lastRequest().body();

        client(Mode.ENFORCE).messages().create(valid);

        assertThat(emulator.lastRequest().body()).isEqualTo(unguarded);
        assertThat(emulator.rejections()).isEmpty();
    }

    @Test
    void should_stream_the_answer_to_the_repaired_body_in_mutate_mode() {
        StringBuilder text = new StringBuilder();

        try (StreamResponse<RawMessageStreamEvent> stream = client(Mode.MUTATE).messages()
                .createStreaming(lateResult())) {
            stream.stream().forEach(event -> event.contentBlockDelta()
                    .flatMap(delta -> delta.delta().text()).ifPresent(t -> text.append(t.text())));
        }

        assertThat(text.toString()).isEqualTo("OK");
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.status()).isEqualTo(200);
        assertThat(received.json().path("stream").booleanValue()).isTrue();
        assertThat(received.json().at("/messages/4").toString()).isEqualTo(
                "{\"content\":[{\"text\":\"And in Rome?\",\"type\":\"text\"}],\"role\":\"user\"}");
        assertThat(received.json().at("/messages/1/content/0/signature").asText()).isEqualTo(SIGNATURE_1);
    }

    @Test
    void should_refuse_a_streaming_request_before_sending_in_enforce_mode() {
        AnthropicClient client = client(Mode.ENFORCE);

        Throwable thrown = catchThrowable(() -> client.messages().createStreaming(lateResult()).close());

        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessageStartingWith("rejected dispatch (profile anthropic-messages-manual-thinking): 1 blocking "
                        + "violation(s)\n  - anthropic-tool-result-has-tool-use: tool result 'toolu_9'");
        assertThat(emulator.requestCount()).isZero();
    }
}
