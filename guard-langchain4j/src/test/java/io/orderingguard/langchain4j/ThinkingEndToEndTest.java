package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.orderingguard.Mode;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Anthropic with thinking enabled, mid tool loop: an unsigned thinking block (T3) cannot be signed,
 * so mutate drops it — and then the turn no longer starts with thinking (T1). Without a T1 rule the
 * provider rejects the repaired request; with it, the guard rejects before any request.
 */
class ThinkingEndToEndTest {

    ProviderEmulator emulator;

    @AfterEach
    void stop() {
        if (emulator != null) {
            emulator.close();
        }
    }

    ChatModel thinkingClient() {
        emulator = ProviderEmulator.builder().start();
        return AnthropicChatModel.builder().baseUrl(emulator.anthropicBaseUrl()).apiKey("test-key")
                .modelName("claude-sonnet-4-5").maxTokens(2048).thinkingType("enabled").thinkingBudgetTokens(1024)
                .sendThinking(true).build();
    }

    static List<ChatMessage> toolLoop(AiMessage.Builder call) {
        ToolExecutionRequest request = ToolExecutionRequest.builder().id("toolu_1").name("weather")
                .arguments("{\"city\":\"Paris\"}").build();
        return List.of(UserMessage.from("Weather in Paris?"), call.toolExecutionRequests(List.of(request)).build(),
                ToolExecutionResultMessage.from("toolu_1", "weather", "18C"));
    }

    @Test
    void dropping_the_unsigned_block_without_a_turn_start_rule_lets_the_provider_reject_the_loop() {
        ChatModel model = GuardedChatModel.wrap(thinkingClient(),
                TestProfiles.guard(Mode.MUTATE, TestProfiles.anthropic()));

        Throwable thrown = catchThrowable(() -> model.chat(toolLoop(AiMessage.builder().thinking("Call the tool."))));

        // the signature 400 is gone, but the tool loop now starts with tool_use: the provider's T1 400
        assertThat(thrown).isInstanceOf(InvalidRequestException.class);
        assertThat(emulator.requests()).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.errorMessage()).startsWith("messages.1.content.0.type: Expected `thinking` or "
                    + "`redacted_thinking`, but found `tool_use`.");
        });
    }

    @Test
    void with_the_turn_start_rule_mutate_rejects_before_any_request() {
        ChatModel model = GuardedChatModel.wrap(thinkingClient(),
                TestProfiles.guard(Mode.MUTATE, TestProfiles.anthropicThinking()));

        Throwable thrown = catchThrowable(() -> model.chat(toolLoop(AiMessage.builder().thinking("Call the tool."))));

        // the unsigned block is dropped (T3), after which the turn starts with tool_use (T1): no repair
        assertThat(thrown).isInstanceOf(GuardRejectedException.class).hasMessage(
                "rejected dispatch (profile anthropic-thinking): 1 blocking violation(s)\n"
                        + "  - turn-starts-with-thinking: the current turn (after user message 'messages[0]') holds "
                        + "toolCall 'toolu_1' but no thought [prevents: " + TestProfiles.ANTHROPIC_THINKING_FIRST + "]\n"
                        + "  - repair none failed for turn-starts-with-thinking: rule type stepContent has no repair: "
                        + "the guard never invents reasoning");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void a_signed_thinking_block_leads_the_loop_and_the_provider_answers() {
        ChatModel model = GuardedChatModel.wrap(thinkingClient(),
                TestProfiles.guard(Mode.MUTATE, TestProfiles.anthropicThinking()));
        emulator.enqueue(Answer.text("18C in Paris."));

        ChatResponse response = model.chat(toolLoop(AiMessage.builder().thinking("Call the tool.")
                .attributes(Map.of("thinking_signature", "EqQB"))));

        assertThat(response.aiMessage().text()).isEqualTo("18C in Paris.");
        assertThat(emulator.rejections()).isEmpty();
    }
}
