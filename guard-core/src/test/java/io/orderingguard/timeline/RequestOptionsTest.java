package io.orderingguard.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The request option records, wire messages and provider execution: validation with exact messages, factories, merging. */
class RequestOptionsTest {

    @Test
    void reasoningFactoriesAndValidation() {
        assertThat(Reasoning.enabled(2048)).isEqualTo(new Reasoning(ReasoningMode.ENABLED, 2048, null));
        assertThat(Reasoning.effort("high")).isEqualTo(new Reasoning(ReasoningMode.ENABLED, null, "high"));
        assertThat(Reasoning.adaptive().withEffort("low").isOn()).isTrue();
        assertThat(Reasoning.disabled().isOn()).isFalse();
        assertThatThrownBy(() -> Reasoning.enabled(0))
                .hasMessage("reasoning.budgetTokens must be >= 1, but was 0");
        assertThatThrownBy(() -> new Reasoning(ReasoningMode.ADAPTIVE, 1024, null))
                .hasMessage("reasoning.budgetTokens is only allowed with mode enabled, but mode was adaptive");
        assertThatThrownBy(() -> Reasoning.disabled().withEffort("low"))
                .hasMessage("reasoning.effort is not allowed with mode disabled, but was 'low'");
        assertThatThrownBy(() -> Reasoning.effort(" "))
                .hasMessage("reasoning.effort must not be blank, but was ' '");
        assertThatThrownBy(() -> new Reasoning(null, null, null)).hasMessage("reasoning.mode must not be null");
    }

    @Test
    void toolChoiceFactoriesAndValidation() {
        assertThat(ToolChoice.tool("search").forcesCall()).isTrue();
        assertThat(ToolChoice.required().forcesCall()).isTrue();
        assertThat(ToolChoice.auto().forcesCall()).isFalse();
        assertThat(ToolChoice.none().mode()).isEqualTo(ToolChoiceMode.NONE);
        assertThatThrownBy(() -> ToolChoice.tool(""))
                .hasMessage("toolChoice.tool must not be blank, but was ''");
        assertThatThrownBy(() -> new ToolChoice(ToolChoiceMode.AUTO, "search"))
                .hasMessage("toolChoice.tool is only allowed with mode tool, but mode was auto");
    }

    @Test
    void optionsAreUnknownUntilSetAndMergeFieldByField() {
        RequestOptions document = RequestOptions.unknown().withReasoning(Reasoning.adaptive()).withMaxTokens(4096);
        RequestOptions overrides = RequestOptions.unknown().withReasoning(Reasoning.disabled()).withStream(true);

        assertThat(RequestOptions.unknown().isUnknown()).isTrue();
        assertThat(document.isUnknown()).isFalse();
        assertThat(document.overriddenBy(overrides)).isEqualTo(new RequestOptions(Reasoning.disabled(), null, null,
                4096, true));
        assertThat(Dispatch.of(Timeline.of()).options()).isSameAs(RequestOptions.unknown());
        assertThat(Dispatch.of(Timeline.of()).withOptions(null).options()).isSameAs(RequestOptions.unknown());
        assertThatThrownBy(() -> RequestOptions.unknown().withMaxTokens(0)).hasMessage("maxTokens must be >= 1, but was 0");
    }

    @Test
    void wireMessagesAndProviderExecution() {
        assertThat(Entry.providerToolCall("s1", "web_search", null).isUnanswered()).isFalse();
        assertThat(Entry.toolCall("c3", "search", null).isUnanswered()).isTrue();
        assertThatThrownBy(() -> Entry.orphanResult("c4", "", "x").withProviderExecuted(true))
                .hasMessage("an orphan result (requested=false) cannot be providerExecuted, for id 'c4'");
        assertThatThrownBy(() -> Entry.user("u1", "x").withWireMessage(" "))
                .hasMessage("wireMessage must be absent or non-blank, but was ' '");
        assertThatThrownBy(() -> ToolResult.of("x").withWireMessage(""))
                .hasMessage("result.wireMessage must be absent or non-blank, but was ''");
    }
}
