package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.models.messages.ThinkingConfigAdaptive;
import com.anthropic.models.messages.ThinkingConfigDisabled;
import com.anthropic.models.messages.ThinkingConfigParam;
import com.anthropic.models.messages.ToolChoice;
import com.anthropic.models.messages.ToolChoiceTool;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import org.junit.jupiter.api.Test;
import org.springframework.ai.anthropic.AnthropicChatModel;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

class ProviderOptionsTest {

    @Test
    void should_read_anthropic_adaptive_and_disabled_thinking_and_a_forced_tool_without_parallel_use() {
        AnthropicChatOptions adaptive = AnthropicChatOptions.builder().model("claude-opus-4-5").maxTokens(8000)
                .thinking(ThinkingConfigParam.ofAdaptive(ThinkingConfigAdaptive.builder().build()))
                .toolChoice(ToolChoice.ofTool(ToolChoiceTool.builder().name("search").disableParallelToolUse(true).build()))
                .build();
        AnthropicChatOptions disabled = AnthropicChatOptions.builder().model("claude-opus-4-5").maxTokens(8000)
                .thinking(ThinkingConfigParam.ofDisabled(ThinkingConfigDisabled.builder().build())).build();

        assertThat(ProviderOptions.of(adaptive)).isEqualTo(RequestOptions.unknown().withMaxTokens(8000)
                .withReasoning(Reasoning.adaptive()).withToolChoice(io.orderingguard.timeline.ToolChoice.tool("search"))
                .withParallelToolCalls(false));
        assertThat(ProviderOptions.of(disabled)).isEqualTo(RequestOptions.unknown().withMaxTokens(8000)
                .withReasoning(Reasoning.disabled()));
    }

    @Test
    void should_read_openai_reasoning_effort_none_as_reasoning_off() {
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
        assertThat(ProviderOptions.providerOf(String.class)).isNull();
        assertThat(ProviderOptions.providerOf(ChatOptions.builder().build().getClass())).isNull();
    }
}
