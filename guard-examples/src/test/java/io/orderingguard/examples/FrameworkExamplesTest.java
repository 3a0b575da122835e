package io.orderingguard.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ChatMessageType;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import io.orderingguard.Mode;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The framework examples (Google ADK, the pair-safe LangChain4j memory, the Quarkus supplier) against the provider emulator. */
class FrameworkExamplesTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void an_adk_agent_runs_its_tool_loop_through_the_guard_plugin() {
        try (ProviderEmulator emulator = ProviderEmulator.builder()
                .enable(EmulatorRule.GEMINI_CORRUPTED_THOUGHT_SIGNATURE).start()) {
            emulator.enqueue(Answer.toolCall("weather", Map.of("city", "Oslo")), Answer.text("It is 18C in Oslo."));

            String answer = AdkAgentWithGuard.run(out, emulator.baseUrl(), "test-key", Mode.ENFORCE);

            assertThat(answer).isEqualTo("It is 18C in Oslo.");
            assertThat(printed()).isEqualTo("answer: It is 18C in Oslo.\n");
            assertThat(emulator.requests()).hasSize(2).noneMatch(RecordedRequest::rejected);
            assertThat(emulator.requests().get(1).json().toString()).contains("\"functionResponse\"");
        }
    }

    @Test
    void a_pair_safe_memory_keeps_every_request_of_the_tool_loops_valid() {
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            emulator.enqueue(Answer.toolCall("lookupOrder", Map.of("id", "1182")), Answer.text("Shipped."),
                    Answer.toolCall("lookupOrder", Map.of("id", "1183")), Answer.text("Also shipped."),
                    Answer.text("Nothing else."));

            List<ChatMessage> memory = PairSafeMemoryAssistant.run(out, emulator.openAiBaseUrl(), "test-key");

            assertThat(emulator.requests()).hasSize(5).noneMatch(RecordedRequest::rejected);
            assertThat(memory).first().isInstanceOf(UserMessage.class);
            assertThat(memory).noneMatch(ToolExecutionResultMessage.class::isInstance);
            assertThat(memory).extracting(ChatMessage::type)
                    .containsExactly(ChatMessageType.USER, ChatMessageType.AI);
            assertThat(printed()).isEqualTo("Where is order 1182? -> Shipped.\n"
                    + "And order 1183? -> Also shipped.\n"
                    + "Thanks, anything else due? -> Nothing else.\n"
                    + "memory: 2 messages, first: USER\n");
        }
    }

    @Test
    void the_quarkus_model_supplier_returns_the_guarded_model() {
        try (ProviderEmulator emulator = ProviderEmulator.builder().defaultAnswer(Answer.text("Tomorrow.")).start()) {
            System.setProperty(GuardedModelSupplier.BASE_URL, emulator.openAiBaseUrl());
            try {
                ChatModel model = new GuardedModelSupplier().get();

                // a window that kept a result but evicted its call: repaired before it is sent
                String answer = model.chat(UserMessage.from("Where is order 1182?"),
                        ToolExecutionResultMessage.from("call_evicted", "lookupOrder", "shipped"),
                        UserMessage.from("When will it arrive?")).aiMessage().text();

                assertThat(answer).isEqualTo("Tomorrow.");
                assertThat(emulator.rejections()).isEmpty();
                assertThat(emulator.lastRequest().json().toString()).doesNotContain("call_evicted");
            } finally {
                System.clearProperty(GuardedModelSupplier.BASE_URL);
            }
        }
    }
}
