package io.orderingguard.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.errors.BadRequestException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionAssistantMessageParam;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessageFunctionToolCall;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.Verdict;
import io.orderingguard.VerdictOutcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The official openai-java client (OkHttp transport) with {@link OkHttpGuardInterceptor} registered through
 * {@code OpenAIOkHttpClient.Builder.addInterceptor}, against the provider emulator on loopback,
 * guarded by the shipped profile its model selects.
 */
class OpenAiChatEndToEndTest {

    static final String PROVIDER_ERROR = "An assistant message with 'tool_calls' must be followed by tool messages "
            + "responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_1";

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
    }

    final List<OpenAIClient> clients = new ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(OpenAIClient::close);
        emulator.close();
    }

    OpenAIClient client(Mode mode) {
        OpenAIOkHttpClient.Builder builder = OpenAIOkHttpClient.builder()
                .baseUrl(emulator.openAiBaseUrl()).apiKey("test-key").maxRetries(0);
        if (mode != null) {
            builder.addInterceptor(OkHttpGuardInterceptor.of(
                    OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build()));
        }
        OpenAIClient client = builder.build();
        clients.add(client);
        return client;
    }

    /** A run the user cancelled: the call was never answered, and the user moved on. */
    static ChatCompletionCreateParams cancelledRun() {
        return ChatCompletionCreateParams.builder()
                .model("gpt-4o")
                .addUserMessage("Book the Friday table")
                .addMessage(ChatCompletionAssistantMessageParam.builder()
                        .addToolCall(ChatCompletionMessageFunctionToolCall.builder().id("call_1")
                                .function(ChatCompletionMessageFunctionToolCall.Function.builder()
                                        .name("book").arguments("{\"day\":\"fri\"}").build())
                                .build())
                        .build())
                .addUserMessage("Actually, never mind.")
                .build();
    }

    @Test
    void should_let_the_provider_400_reach_the_application_when_unguarded() {
        {
            OpenAIClient client = client(null);
            Throwable thrown = catchThrowable(() -> client.chat().completions().create(cancelledRun()));

            assertThat(thrown).isInstanceOf(BadRequestException.class).hasMessageContaining(PROVIDER_ERROR);
            assertThat(emulator.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void should_report_the_provider_answer_to_each_request_in_shadow_mode() {
        List<Verdict> verdicts = new CopyOnWriteArrayList<>();
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl(emulator.openAiBaseUrl()).apiKey("test-key")
                .maxRetries(0).addInterceptor(OkHttpGuardInterceptor.of(OrderingGuard.builder()
                        .selectProfiles(Profiles.selector()).shadow(true).listener(new GuardListener() {
                            @Override
                            public void onVerdict(Verdict verdict, GuardResult result) {
                                verdicts.add(verdict);
                            }
                        }).build()))
                .build();
        clients.add(client);

        Throwable thrown = catchThrowable(() -> client.chat().completions().create(cancelledRun()));
        client.chat().completions().create(ChatCompletionCreateParams.builder().model("gpt-4o")
                .addUserMessage("Hello").build());

        assertThat(thrown).isInstanceOf(BadRequestException.class).hasMessageContaining(PROVIDER_ERROR);
        assertThat(verdicts).extracting(Verdict::outcome)
                .containsExactly(VerdictOutcome.CONFIRMED, VerdictOutcome.AGREED);
        assertThat(verdicts.get(0).rejectionRuleId()).isEqualTo("openai-tool-calls-answered");
        assertThat(verdicts.get(0).rejectionText()).isEqualTo(PROVIDER_ERROR);
    }

    @Test
    void should_throw_the_guard_exception_and_send_nothing_in_enforce_mode() {
        {
            OpenAIClient client = client(Mode.ENFORCE);
            Throwable thrown = catchThrowable(() -> client.chat().completions().create(cancelledRun()));

            assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(
                    "rejected dispatch (profile openai-chat): 1 blocking violation(s)\n"
                            + "  - openai-tool-calls-answered: tool call 'call_1' (book) has no result [prevents: An "
                            + "assistant message with 'tool_calls' must be followed by tool messages responding to "
                            + "each 'tool_call_id'. The following tool_call_ids did not have response messages: <ids>]");
            assertThat(emulator.requestCount()).isZero();
        }
    }

    @Test
    void should_send_the_repaired_body_in_mutate_mode() {
        {
            OpenAIClient client = client(Mode.MUTATE);
            ChatCompletion completion = client.chat().completions().create(cancelledRun());

            assertThat(completion.choices().get(0).message().content()).contains("OK");
            RecordedRequest received = emulator.lastRequest();
            assertThat(received.status()).isEqualTo(200);
            assertThat(summary(received.json())).containsExactly(
                    "user Book the Friday table",
                    "assistant tool_calls=[call_1:book {\"day\":\"fri\"}]",
                    "tool call_1 Tool call was not executed: the conversation has no result for it.",
                    "user Actually, never mind.");
            assertThat(received.header("Content-Length")).isEqualTo(Integer.toString(received.body().getBytes(
                    java.nio.charset.StandardCharsets.UTF_8).length));
        }
    }

    @Test
    void should_send_a_valid_history_byte_for_byte() {
        ChatCompletionCreateParams valid = ChatCompletionCreateParams.builder().model("gpt-4o")
                .addUserMessage("Hello").temperature(0.5).build();
        String unguarded;
        {
            OpenAIClient client = client(null);
            client.chat().completions().create(valid);
            unguarded = emulator.lastRequest().body();
        }
        {
            OpenAIClient client = client(Mode.MUTATE);
            client.chat().completions().create(valid);

            assertThat(emulator.lastRequest().body()).isEqualTo(unguarded);
        }
    }

    static List<String> summary(JsonNode body) {
        List<String> lines = new ArrayList<>();
        for (JsonNode m : body.path("messages")) {
            String role = m.path("role").asText();
            if (m.has("tool_calls")) {
                List<String> calls = new ArrayList<>();
                for (JsonNode c : m.path("tool_calls")) {
                    calls.add(c.path("id").asText() + ":" + c.path("function").path("name").asText() + " "
                            + c.path("function").path("arguments").asText());
                }
                lines.add(role + " tool_calls=" + calls);
            } else if (role.equals("tool")) {
                lines.add("tool " + m.path("tool_call_id").asText() + " " + m.path("content").asText());
            } else {
                lines.add(role + " " + m.path("content").asText());
            }
        }
        return lines;
    }
}
