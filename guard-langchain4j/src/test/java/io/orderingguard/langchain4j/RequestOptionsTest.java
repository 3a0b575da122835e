package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.googleai.GoogleAiGeminiChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiResponsesChatRequestParameters;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The request options a LangChain4j request is sent with (tool choice, reasoning, parallel tool
 * calls, output limit, streaming) reach {@code Dispatch.options()}, and every entry names the wire
 * message its LangChain4j message becomes.
 */
class RequestOptionsTest {

    static final OrderingGuard GUARD = TestProfiles.guard(Mode.ENFORCE, TestProfiles.openAi());

    static ChatRequest hello() {
        return ChatRequest.builder().messages(UserMessage.from("Hello")).build();
    }

    static RequestOptions options(ChatRequestCodec codec, ChatRequest request) {
        return codec.encode(request).dispatch().options();
    }

    @Test
    void should_read_anthropic_thinking_tool_choice_and_parallel_tool_use_from_the_model() {
        AnthropicChatModel model = AnthropicChatModel.builder().apiKey("k").modelName("claude-sonnet-4-5").maxTokens(4096)
                .thinkingType("enabled").thinkingBudgetTokens(2048).toolChoiceName("weather").disableParallelToolUse(true)
                .build();

        RequestOptions options = options(GuardedChatModel.wrap(model, GUARD).codec(), hello());

        assertThat(options).isEqualTo(new RequestOptions(Reasoning.enabled(2048), ToolChoice.tool("weather"), false, 4096,
                false));
    }

    @Test
    void should_say_anthropic_thinking_is_off_when_the_model_sends_no_thinking_and_adaptive_when_asked() {
        AnthropicChatModel plain = AnthropicChatModel.builder().apiKey("k").modelName("claude-sonnet-4-5").build();
        AnthropicChatModel adaptive = AnthropicChatModel.builder().apiKey("k").modelName("claude-opus-4-6")
                .thinkingType("adaptive").build();

        assertThat(options(ChatRequestCodec.forModel(plain), hello()).reasoning()).isEqualTo(Reasoning.disabled());
        assertThat(options(ChatRequestCodec.forModel(adaptive), hello()).reasoning()).isEqualTo(Reasoning.adaptive());
    }

    @Test
    void should_read_openai_reasoning_effort_parallel_tool_calls_and_completion_limit() {
        OpenAiChatModel model = OpenAiChatModel.builder().apiKey("k").modelName("o4-mini").reasoningEffort("low")
                .parallelToolCalls(false).maxCompletionTokens(500).build();
        ChatRequestParameters none = OpenAiChatRequestParameters.builder().reasoningEffort("none").build();
        ChatRequestParameters responses = OpenAiResponsesChatRequestParameters.builder().reasoningEffort("high")
                .parallelToolCalls(true).build();

        assertThat(options(ChatRequestCodec.forModel(model), hello()))
                .isEqualTo(new RequestOptions(Reasoning.effort("low"), null, false, 500, null));
        assertThat(options(ChatRequestCodec.of("openai", none), hello()).reasoning()).isEqualTo(Reasoning.disabled());
        assertThat(options(ChatRequestCodec.of("openai", responses), hello()))
                .isEqualTo(new RequestOptions(Reasoning.effort("high"), null, true, null, null));
    }

    @Test
    void should_take_the_tool_choice_of_the_request_over_the_model() {
        OpenAiChatModel model = OpenAiChatModel.builder().apiKey("k").modelName("gpt-4o")
                .defaultRequestParameters(ChatRequestParameters.builder()
                        .toolChoice(dev.langchain4j.model.chat.request.ToolChoice.AUTO).build()).build();
        ChatRequest required = ChatRequest.builder().messages(UserMessage.from("Hello"))
                .toolChoice(dev.langchain4j.model.chat.request.ToolChoice.REQUIRED).build();
        ChatRequest none = ChatRequest.builder().messages(UserMessage.from("Hello"))
                .toolChoice(dev.langchain4j.model.chat.request.ToolChoice.NONE).build();

        assertThat(options(ChatRequestCodec.forModel(model), hello()).toolChoice()).isEqualTo(ToolChoice.auto());
        assertThat(options(ChatRequestCodec.forModel(model), required).toolChoice()).isEqualTo(ToolChoice.required());
        assertThat(options(ChatRequestCodec.forModel(model), none).toolChoice()).isEqualTo(ToolChoice.none());
    }

    @Test
    void should_leave_gemini_thinking_unknown_unless_the_builder_names_it_and_mark_streaming() {
        GoogleAiGeminiChatModel model = GoogleAiGeminiChatModel.builder().apiKey("k").modelName("gemini-3-pro-preview")
                .build();
        RequestOptions thinking = RequestOptions.unknown().withReasoning(Reasoning.effort("high"));

        RequestOptions derived = options(GuardedChatModel.wrap(model, GUARD).codec(), hello());
        RequestOptions told = options(GuardedChatModel.builder(model, GUARD).requestOptions(thinking).build().codec(),
                hello());
        RequestOptions streamed = options(GuardedStreamingChatModel.wrap(
                dev.langchain4j.model.googleai.GoogleAiGeminiStreamingChatModel.builder().apiKey("k")
                        .modelName("gemini-3-pro-preview").build(), GUARD).codec(), hello());

        // thinkingConfig lives in the Gemini model without a getter: LangChain4j does not say
        assertThat(derived.reasoning()).isNull();
        assertThat(derived.stream()).isFalse();
        assertThat(told.reasoning()).isEqualTo(Reasoning.effort("high"));
        assertThat(streamed.stream()).isTrue();
        assertThat(ChatRequestCodec.create().requestOptions(hello())).isEqualTo(RequestOptions.unknown());
    }

    @Test
    void should_let_explicit_options_win_over_the_parameters() {
        AnthropicChatModel model = AnthropicChatModel.builder().apiKey("k").modelName("claude-sonnet-4-5")
                .thinkingType("enabled").thinkingBudgetTokens(2048).build();
        RequestOptions overrides = RequestOptions.unknown().withReasoning(Reasoning.disabled()).withStream(true);

        RequestOptions options = options(GuardedChatModel.builder(model, GUARD).requestOptions(overrides).build().codec(),
                hello());

        assertThat(options.reasoning()).isEqualTo(Reasoning.disabled());
        assertThat(options.stream()).isTrue();
        assertThat(GuardedChatRequestTransformer.of(GUARD, model).withoutConversationId().apply(hello()))
                .isNotNull();
    }

    static ChatRequest loop() {
        ToolExecutionRequest a = ToolExecutionRequest.builder().id("call_1").name("weather").arguments("{}").build();
        ToolExecutionRequest b = ToolExecutionRequest.builder().id("call_2").name("clock").arguments("{}").build();
        return ChatRequest.builder().messages(SystemMessage.from("Be brief."), UserMessage.from("Weather and time?"),
                AiMessage.builder().thinking("Two lookups.").text("Checking.").toolExecutionRequests(List.of(a, b)).build(),
                ToolExecutionResultMessage.from(a, "18C"), ToolExecutionResultMessage.from(b, "14:05"),
                ToolExecutionResultMessage.from("call_9", "weather", "stale"), UserMessage.from("Thanks")).build();
    }

    static List<String> wires(ChatRequestCodec codec) {
        return codec.encode(loop()).dispatch().timeline().entries().stream().map(e -> e.id() + "@" + e.wireMessage()
                + (e instanceof ToolCall c && c.result() != null ? " result@" + c.result().wireMessage() : "")).toList();
    }

    @Test
    void should_name_the_wire_message_of_every_entry_as_the_provider_module_sends_it() {
        // OpenAI and Gemini: every LangChain4j message is a wire message of its own, each tool result too
        assertThat(wires(ChatRequestCodec.of("openai", null))).containsExactly("messages[0]@messages[0]",
                "messages[1]@messages[1]", "messages[2].thinking@messages[2]", "messages[2]@messages[2]",
                "call_1@messages[2] result@messages[3]", "call_2@messages[2] result@messages[4]",
                "call_9@messages[5] result@messages[5]", "messages[6]@messages[6]");
        // Anthropic: the run of results after the AI message is one user message
        assertThat(wires(ChatRequestCodec.of("anthropic", null))).containsExactly("messages[0]@messages[0]",
                "messages[1]@messages[1]", "messages[2].thinking@messages[2]", "messages[2]@messages[2]",
                "call_1@messages[2] result@messages[3]", "call_2@messages[2] result@messages[3]",
                "call_9@messages[3] result@messages[3]", "messages[6]@messages[6]");
        // a provider whose module was not checked: results name no wire message
        assertThat(wires(ChatRequestCodec.of("mistral", null))).contains("call_1@messages[2] result@null",
                "call_9@null result@null");
        assertThat(ChatRequestCodec.of("gemini", null).encode(loop()).dispatch().timeline().entries())
                .extracting(Entry::wireMessage).doesNotContainNull();
    }
}
