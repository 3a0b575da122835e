package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.anthropic.models.messages.ThinkingConfigEnabled;
import com.anthropic.models.messages.ThinkingConfigParam;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.GuardResult;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolChoice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.openai.OpenAiChatOptions;

class PromptCodecTest {

    static AssistantMessage.ToolCall call(String id, String name, String arguments) {
        return new AssistantMessage.ToolCall(id, "function", name, arguments);
    }

    static ToolResponseMessage responses(ToolResponseMessage.ToolResponse... responses) {
        return ToolResponseMessage.builder().responses(List.of(responses)).build();
    }

    static ToolResponseMessage.ToolResponse response(String id, String name, String data) {
        return new ToolResponseMessage.ToolResponse(id, name, data);
    }

    /** Re-wraps the entries so that rendering cannot take the "same dispatch" shortcut. */
    static Dispatch copyOf(Dispatch d) {
        return d.withTimeline(Timeline.of(new ArrayList<>(d.timeline().entries()), d.tools()));
    }

    static Prompt anthropicLoop() {
        AssistantMessage thinkingCall = Thinking.message("Let me look.",
                List.of(Thinking.block("I should search", "EqQB"), Thinking.redacted("cmVk")),
                call("toolu_1", "search", "{\"q\":\"x\"}"), call("toolu_2", "search", "{\"q\":\"y\"}"));
        AnthropicChatOptions options = AnthropicChatOptions.builder().model("claude-sonnet-4-5").maxTokens(4096)
                .thinking(ThinkingConfigParam.ofEnabled(ThinkingConfigEnabled.builder().budgetTokens(2048).build()))
                .build();
        return new Prompt(List.of(new SystemMessage("Be brief."), new UserMessage("Find X"), thinkingCall,
                responses(response("toolu_1", "search", "3 hits"), response("toolu_2", "search", "none")),
                new AssistantMessage("Done")), options);
    }

    @Test
    void should_map_every_message_kind_to_entries_with_one_step_per_assistant_message() {
        Dispatch d = PromptCodec.create().encode(anthropicLoop(), "c-1").dispatch();

        assertThat(Describe.entries(d.timeline())).containsExactly(
                "system messages[0] 'Be brief.'",
                "user messages[1] 'Find X'",
                "assistant messages[2] 'Let me look.' step=messages[2]",
                "thought thinking-7b3e3ec7765f 'I should search' payload={\"signature\":\"EqQB\"} tag=anthropic-messages-thinking-v1 step=messages[2]",
                "thought redacted-thinking-bf96d60ed85a '' payload={\"data\":\"cmVk\"} tag=anthropic-messages-thinking-v1 step=messages[2]",
                "call toolu_1 search {\"q\":\"x\"} -> '3 hits' step=messages[2]",
                "call toolu_2 search {\"q\":\"y\"} -> 'none' step=messages[2]",
                "assistant messages[4] 'Done' step=messages[4]");
        assertThat(d.conversationId()).isEqualTo("c-1");
        assertThat(d.provider()).isEqualTo("anthropic");
        assertThat(d.model()).isEqualTo("claude-sonnet-4-5");
        assertThat(d.options()).isEqualTo(RequestOptions.unknown().withReasoning(Reasoning.enabled(2048))
                .withMaxTokens(4096));
        // Anthropic: the ToolResponseMessage is one user message on the wire, whatever it holds
        assertThat(d.timeline().entries()).filteredOn(e -> e instanceof io.orderingguard.timeline.ToolCall)
                .extracting(e -> ((io.orderingguard.timeline.ToolCall) e).result().wireMessage())
                .containsExactly("messages[3]", "messages[3]");
    }

    @Test
    void should_give_back_the_very_same_prompt_and_messages_for_an_unchanged_dispatch() {
        Prompt prompt = anthropicLoop();
        EncodedPrompt encoded = PromptCodec.create().encode(prompt, null);

        assertThat(encoded.toPrompt(encoded.dispatch())).isSameAs(prompt);
        assertThat(encoded.toPrompt(copyOf(encoded.dispatch()))).isSameAs(prompt);
    }

    @Test
    void should_read_openai_reasoning_effort_parallel_calls_tool_choice_and_completion_limit() {
        OpenAiChatOptions options = OpenAiChatOptions.builder().model("o4-mini").reasoningEffort("HIGH")
                .parallelToolCalls(false).toolChoice("required").maxCompletionTokens(900).build();
        AssistantMessage reasoning = AssistantMessage.builder().content("")
                .properties(Map.of("reasoningContent", "think first")).toolCalls(List.of(call("call_1", "search", "{}")))
                .build();

        Dispatch d = PromptCodec.create().encode(new Prompt(List.of(new UserMessage("Go"), reasoning,
                responses(response("call_1", "search", "ok"), response("call_9", "search", "late"))), options), null)
                .dispatch();

        assertThat(d.provider()).isEqualTo("openai");
        assertThat(d.options()).isEqualTo(RequestOptions.unknown().withReasoning(Reasoning.effort("high"))
                .withParallelToolCalls(false).withToolChoice(ToolChoice.required()).withMaxTokens(900));
        assertThat(Describe.entries(d.timeline())).containsExactly(
                "user messages[0] 'Go'",
                "thought reasoning-687847e41381 'think first' step=messages[1]",
                "call call_1 search {} -> 'ok' step=messages[1]",
                "orphan call_9 search -> 'late'");
        // OpenAI: each response is a tool message of its own
        assertThat(((io.orderingguard.timeline.ToolCall) d.timeline().get(2)).result().wireMessage())
                .isEqualTo("messages[2].responses[0]");
    }

    @Test
    void should_drop_an_orphan_response_and_keep_everything_else_of_the_messages() {
        UserMessage user = new UserMessage("Go");
        AssistantMessage assistant = AssistantMessage.builder().content("").toolCalls(List.of(call("call_1", "search", "{}")))
                .build();
        ToolResponseMessage both = responses(response("call_1", "search", "ok"), response("call_9", "search", "late"));
        Prompt prompt = new Prompt(List.of(user, assistant, both), OpenAiChatOptions.builder().model("gpt-4o").build());
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.MUTATE).build();

        EncodedPrompt encoded = PromptCodec.create().encode(prompt, null);
        GuardResult result = guard.check(encoded.dispatch());
        Prompt sent = encoded.toPrompt(result.dispatch());

        assertThat(result.repairs()).extracting(r -> r.detail())
                .containsExactly("dropped tool result 'call_9', whose call is not in the conversation");
        assertThat(Describe.messages(sent.getInstructions())).containsExactly("user 'Go'", "assistant '' call_1:search{}",
                "tool call_1='ok'");
        assertThat(sent.getInstructions().get(0)).isSameAs(user);
        assertThat(sent.getInstructions().get(1)).isSameAs(assistant);
        assertThat(sent.getOptions()).isSameAs(prompt.getOptions());
        // the application's prompt is untouched
        assertThat(prompt.getInstructions()).containsExactly(user, assistant, both);
    }

    @Test
    void should_answer_an_unanswered_call_with_a_synthesised_response() {
        Prompt prompt = new Prompt(List.of(new UserMessage("Book it"),
                AssistantMessage.builder().content("").toolCalls(List.of(call("call_1", "book", "{\"day\":\"fri\"}"))).build(),
                new UserMessage("Never mind.")), OpenAiChatOptions.builder().model("gpt-4o").build());
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.MUTATE).build();

        EncodedPrompt encoded = PromptCodec.create().encode(prompt, null);
        Prompt sent = encoded.toPrompt(guard.check(encoded.dispatch()).dispatch());

        assertThat(Describe.messages(sent.getInstructions())).containsExactly("user 'Book it'",
                "assistant '' call_1:book{\"day\":\"fri\"}",
                "tool call_1='Tool call was not executed: the conversation has no result for it.'",
                "user 'Never mind.'");
    }

    @Test
    void should_leave_out_a_dropped_thinking_block_and_keep_the_others() {
        Prompt prompt = anthropicLoop();
        EncodedPrompt encoded = PromptCodec.create().encode(prompt, null);
        List<io.orderingguard.timeline.Entry> entries = new ArrayList<>(encoded.dispatch().timeline().entries());
        entries.remove(4); // the redacted block

        Prompt sent = encoded.toPrompt(encoded.dispatch().withTimeline(Timeline.of(entries, List.of())));

        AssistantMessage rendered = (AssistantMessage) sent.getInstructions().get(2);
        AssistantMessage original = (AssistantMessage) prompt.getInstructions().get(2);
        List<?> kept = (List<?>) rendered.getMetadata().get("anthropicThinkingContents");
        List<?> all = (List<?>) original.getMetadata().get("anthropicThinkingContents");
        assertThat(kept).hasSize(1);
        assertThat(kept.get(0)).isSameAs(all.get(0));
        assertThat(rendered.getToolCalls()).isEqualTo(original.getToolCalls());
        assertThat(rendered.getText()).isEqualTo("Let me look.");
        assertThat(sent.getInstructions().get(3)).isSameAs(prompt.getInstructions().get(3));
    }

    @Test
    void should_name_the_bad_argument() {
        assertThatThrownBy(() -> PromptCodec.create().encode(new Prompt("hi"), " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("conversationId must be absent or non-blank, but was ' '");
        assertThatThrownBy(() -> PromptCodec.of("openai").withProvider(""))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("provider must not be blank, but was ''");
    }

    @Test
    void should_refuse_to_render_a_dispatch_without_any_entry() {
        EncodedPrompt encoded = PromptCodec.create().encode(new Prompt(List.<Message>of(new UserMessage("hi"))), null);

        assertThatThrownBy(() -> encoded.toPrompt(encoded.dispatch().withTimeline(Timeline.empty())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the dispatch has no entry that renders as a Spring AI message, and a Prompt needs at least one");
    }
}
