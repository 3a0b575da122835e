package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.anthropic.models.messages.ThinkingConfigEnabled;
import com.anthropic.models.messages.ThinkingConfigParam;
import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.anthropic.AnthropicChatModel;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * Anthropic extended thinking through Spring AI 2.0.1's real Anthropic model and the
 * {@link GuardedChatModel} decorator, against the provider emulator: the signed thinking block of a
 * tool round goes back byte for byte, and the text-before-thinking layout the module sends for an
 * assistant message that has both is refused before it reaches the provider.
 */
class ThinkingEndToEndTest {

    static final String SIGNATURE = "EqQBCkYIBxgCKkA0c2lnbmF0dXJl";

    ProviderEmulator emulator;

    @AfterEach
    void stop() {
        if (emulator != null) {
            emulator.close();
        }
    }

    ChatModel anthropic() {
        return AnthropicChatModel.builder()
                .options(AnthropicChatOptions.builder().baseUrl(emulator.baseUrl()).apiKey("test")
                        .model("claude-sonnet-4-5").maxTokens(4096).maxRetries(0).build())
                .build();
    }

    static Prompt prompt(AssistantMessage assistant) {
        List<Message> history = List.of(new UserMessage("Weather in Paris?"), assistant,
                ToolResponseMessage.builder().responses(List.of(
                        new ToolResponseMessage.ToolResponse("toolu_1", "weather", "18C, cloudy"))).build());
        AnthropicChatOptions options = AnthropicChatOptions.builder().model("claude-sonnet-4-5").maxTokens(4096)
                .thinking(ThinkingConfigParam.ofEnabled(ThinkingConfigEnabled.builder().budgetTokens(2048).build()))
                .build();
        return new Prompt(history, options);
    }

    static AssistantMessage.ToolCall weather() {
        return new AssistantMessage.ToolCall("toolu_1", "function", "weather", "{\"city\":\"Paris\"}");
    }

    OrderingGuard guard(Mode mode) {
        return OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build();
    }

    @Test
    void the_signed_thinking_block_of_a_tool_round_goes_back_unchanged() {
        emulator = ProviderEmulator.create().start();
        AssistantMessage assistant = Thinking.message("", List.of(Thinking.block("I should call weather.", SIGNATURE)),
                weather());

        String answer = GuardedChatModel.wrap(anthropic(), guard(Mode.ENFORCE)).call(prompt(assistant)).getResult()
                .getOutput().getText();

        assertThat(answer).isEqualTo("OK");
        JsonNode sent = emulator.lastRequest().json();
        assertThat(sent.path("thinking").toString()).isEqualTo("{\"budget_tokens\":2048,\"type\":\"enabled\"}");
        assertThat(sent.path("messages").get(1).toString()).isEqualTo("{\"content\":[{\"signature\":\"" + SIGNATURE
                + "\",\"thinking\":\"I should call weather.\",\"type\":\"thinking\"},{\"id\":\"toolu_1\",\"input\":"
                + "{\"city\":\"Paris\"},\"name\":\"weather\",\"type\":\"tool_use\"}],\"role\":\"assistant\"}");
    }

    @Test
    void unguarded_text_before_thinking_gets_the_providers_400() {
        emulator = ProviderEmulator.create().start();
        AssistantMessage assistant = Thinking.message("Let me check.",
                List.of(Thinking.block("I should call weather.", SIGNATURE)), weather());

        Throwable thrown = catchThrowable(() -> anthropic().call(prompt(assistant)));

        assertThat(thrown.getClass().getSimpleName()).isEqualTo("BadRequestException");
        assertThat(emulator.lastRequest().violatedRule()).isEqualTo(EmulatorRule.ANTHROPIC_THINKING_MUST_LEAD_TOOL_LOOP);
        assertThat(emulator.lastRequest().errorMessage()).startsWith(
                "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`.");
    }

    @Test
    void enforce_refuses_text_before_thinking_and_sends_nothing() {
        emulator = ProviderEmulator.create().start();
        AssistantMessage assistant = Thinking.message("Let me check.",
                List.of(Thinking.block("I should call weather.", SIGNATURE)), weather());

        Throwable thrown = catchThrowable(() -> GuardedChatModel.wrap(anthropic(), guard(Mode.ENFORCE))
                .call(prompt(assistant)));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class);
        assertThat(thrown.getMessage()).startsWith("rejected dispatch (profile ");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void a_redacted_thinking_block_goes_back_as_redacted_thinking() {
        emulator = ProviderEmulator.create().start();
        AssistantMessage assistant = Thinking.message("", List.of(Thinking.redacted("EmwKAhgBEgy3va3pzix")), weather());

        GuardedChatModel.wrap(anthropic(), guard(Mode.ENFORCE)).call(prompt(assistant));

        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.lastRequest().json().path("messages").get(1).path("content").get(0).toString())
                .isEqualTo("{\"data\":\"EmwKAhgBEgy3va3pzix\",\"type\":\"redacted_thinking\"}");
    }
}
