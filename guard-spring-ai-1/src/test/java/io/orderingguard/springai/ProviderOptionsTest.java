package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.ToolChoice;
import org.junit.jupiter.api.Test;
import org.springframework.ai.anthropic.AnthropicChatModel;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.anthropic.api.AnthropicApi;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

/** The request options read from Spring AI 1.1's option classes (Anthropic's are its own API records). */
class ProviderOptionsTest {

    @Test
    void should_read_anthropic_thinking_with_its_budget_and_a_forced_tool_without_parallel_use() {
        AnthropicChatOptions options = AnthropicChatOptions.builder().model("claude-sonnet-4-5").maxTokens(8000)
                .thinking(AnthropicApi.ThinkingType.ENABLED, 2048)
                .toolChoice(new AnthropicApi.ToolChoiceTool("search", true)).build();

        assertThat(ProviderOptions.of(options)).isEqualTo(RequestOptions.unknown().withMaxTokens(8000)
                .withReasoning(Reasoning.enabled(2048)).withToolChoice(ToolChoice.tool("search"))
                .withParallelToolCalls(false));
    }

    @Test
    void should_read_anthropic_disabled_thinking_and_each_tool_choice() {
        AnthropicChatOptions.Builder b = AnthropicChatOptions.builder().model("claude-sonnet-4-5");

        assertThat(ProviderOptions.of(b.thinking(AnthropicApi.ThinkingType.DISABLED, null).build()).reasoning())
                .isEqualTo(Reasoning.disabled());
        assertThat(ProviderOptions.of(AnthropicChatOptions.builder().toolChoice(new AnthropicApi.ToolChoiceAuto()).build()))
                .isEqualTo(RequestOptions.unknown().withToolChoice(ToolChoice.auto()));
        assertThat(ProviderOptions.of(AnthropicChatOptions.builder().toolChoice(new AnthropicApi.ToolChoiceAny(false))
                .build())).isEqualTo(RequestOptions.unknown().withToolChoice(ToolChoice.required())
                .withParallelToolCalls(true));
        assertThat(ProviderOptions.of(AnthropicChatOptions.builder().toolChoice(new AnthropicApi.ToolChoiceNone())
                .build())).isEqualTo(RequestOptions.unknown().withToolChoice(ToolChoice.none()));
    }

    @Test
    void should_read_openai_reasoning_effort_parallel_calls_and_completion_limit() {
        OpenAiChatOptions options = OpenAiChatOptions.builder().reasoningEffort("high").parallelToolCalls(false)
                .maxCompletionTokens(500).toolChoice("required").build();

        assertThat(ProviderOptions.of(options)).isEqualTo(RequestOptions.unknown().withMaxTokens(500)
                .withReasoning(Reasoning.effort("high")).withParallelToolCalls(false)
                .withToolChoice(ToolChoice.required()));
        assertThat(ProviderOptions.of(OpenAiChatOptions.builder().reasoningEffort("none").build()).reasoning())
                .isEqualTo(Reasoning.disabled());
    }

    @Test
    void should_read_only_the_output_limit_from_portable_options() {
        assertThat(ProviderOptions.of(ChatOptions.builder().model("m").maxTokens(10).build()))
                .isEqualTo(RequestOptions.unknown().withMaxTokens(10));
        assertThat(ProviderOptions.of(null)).isEqualTo(RequestOptions.unknown());
    }

    @Test
    void should_name_the_provider_from_the_spring_ai_package() {
        assertThat(ProviderOptions.providerOf(AnthropicChatModel.class)).isEqualTo("anthropic");
        assertThat(ProviderOptions.providerOf(OpenAiChatOptions.class)).isEqualTo("openai");
        assertThat(ProviderOptions.providerOf(OpenAiChatModel.class)).isEqualTo("openai");
        assertThat(ProviderOptions.providerOf(ChatOptions.builder().build().getClass())).isNull();
    }
}
