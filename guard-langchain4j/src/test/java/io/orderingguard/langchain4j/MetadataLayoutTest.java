package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.googleai.GoogleAiGeminiChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiResponsesChatModel;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.Finding;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Provider metadata is read and written per the delegate's LangChain4j module: Gemini thought
 * signatures on the function call that carries them, Anthropic thinking on thoughts, OpenAI
 * Responses reasoning on a thought with its encrypted content.
 */
class MetadataLayoutTest {

    static final String GEMINI_3 = "gemini-3-pro-preview";

    static ToolExecutionRequest call(String id, String name) {
        return ToolExecutionRequest.builder().id(id).name(name).arguments("{\"city\":\"Paris\"}").build();
    }

    /** A Gemini 3 tool loop as langchain4j-google-ai-gemini stores it: one signature for the message. */
    static ChatRequest geminiLoop() {
        List<ChatMessage> messages = List.of(UserMessage.from("Weather and time in Paris?"),
                AiMessage.builder().thinking("Two lookups.").toolExecutionRequests(List.of(call(null, "weather"),
                        call(null, "clock"))).attributes(Map.of("thinking_signature", "CiQBjz1rX8")).build(),
                ToolExecutionResultMessage.from(null, "weather", "18C"),
                ToolExecutionResultMessage.from(null, "clock", "14:05"));
        return ChatRequest.builder().messages(messages).modelName(GEMINI_3).build();
    }

    static OrderingGuard gemini3(Mode mode) {
        return OrderingGuard.builder().profile(Profiles.forDispatch("gemini", GEMINI_3)).mode(mode).build();
    }

    static List<String> ruleIds(List<Finding> findings) {
        return findings.stream().map(Finding::ruleId).distinct().toList();
    }

    @Test
    void should_put_a_gemini_signature_on_the_first_function_call_of_its_step() {
        EncodedChatRequest encoded = ChatRequestCodec.of("gemini", null, MetadataLayout.GEMINI).encode(geminiLoop());

        List<Entry> entries = encoded.dispatch().timeline().entries();
        assertThat(entries).extracting(Entry::id).containsExactly("messages[0]", "messages[1].thinking",
                "messages[1].tool_calls[0]", "messages[1].tool_calls[1]");
        assertThat(entries.get(1)).isInstanceOfSatisfying(Thought.class, t -> {
            assertThat(t.content()).isEqualTo("Two lookups.");
            assertThat(t.payload()).isNull();
        });
        assertThat(entries.get(2)).isInstanceOfSatisfying(ToolCall.class, c -> {
            assertThat(c.payload()).hasToString("{\"thoughtSignature\":\"CiQBjz1rX8\"}");
            assertThat(c.replayCompatibility()).isEqualTo("gemini-thought-signature-v1");
            assertThat(c.step()).isEqualTo("messages[1]");
        });
        assertThat(entries.get(3).payload()).isNull();
    }

    @Test
    void should_pass_a_valid_gemini_3_loop_that_the_anthropic_reading_rejected() {
        ChatRequest request = geminiLoop();

        GuardResult asGemini = gemini3(Mode.ENFORCE).check(
                ChatRequestCodec.of("gemini", null, MetadataLayout.GEMINI).encode(request).dispatch());
        GuardResult asAnthropic = gemini3(Mode.ENFORCE).check(
                ChatRequestCodec.of("gemini", null, MetadataLayout.ANTHROPIC).encode(request).dispatch());

        assertThat(asGemini.outcome()).isEqualTo(Outcome.PASSED);
        // the defect this layout fixes: the signature read as Anthropic thinking is foreign, and the call unsigned
        assertThat(asAnthropic.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(ruleIds(asAnthropic.blocking())).containsExactlyInAnyOrder("gemini-3-function-call-signature",
                "gemini-foreign-thought-signature");
    }

    @Test
    void should_keep_the_gemini_signature_through_mutate() {
        ChatRequest request = geminiLoop();
        EncodedChatRequest encoded = ChatRequestCodec.of("gemini", null, MetadataLayout.GEMINI).encode(request);

        GuardResult result = gemini3(Mode.MUTATE).check(encoded.dispatch());

        assertThat(result.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(encoded.toChatRequest(result.dispatch())).isSameAs(request);
    }

    @Test
    void should_take_the_gemini_layout_from_the_provider_name_the_decorators_use() {
        assertThat(ChatRequestCodec.of("gemini", null).layout()).isEqualTo(MetadataLayout.GEMINI);
        assertThat(ChatRequestCodec.of("vertex-gemini", null).layout()).isEqualTo(MetadataLayout.GEMINI);
        assertThat(ChatRequestCodec.of("anthropic", null).layout()).isEqualTo(MetadataLayout.ANTHROPIC);
        assertThat(ChatRequestCodec.of("openai", null).layout()).isEqualTo(MetadataLayout.NONE);
        assertThat(ChatRequestCodec.of("deepseek", null).layout()).isEqualTo(MetadataLayout.ANTHROPIC);
        assertThat(ChatRequestCodec.create().layout()).isEqualTo(MetadataLayout.ANTHROPIC);
        assertThat(MetadataLayout.of((ModelProvider) null)).isEqualTo(MetadataLayout.ANTHROPIC);
        assertThat(MetadataLayout.of(ModelProvider.GOOGLE_GENAI)).isEqualTo(MetadataLayout.GEMINI);
        assertThat(MetadataLayout.of(ModelProvider.GOOGLE_VERTEX_AI_ANTHROPIC)).isEqualTo(MetadataLayout.ANTHROPIC);
    }

    @Test
    void should_take_the_layout_from_the_delegate_model_and_let_the_builder_override_it() {
        GoogleAiGeminiChatModel gemini = GoogleAiGeminiChatModel.builder().apiKey("k").modelName(GEMINI_3).build();
        AnthropicChatModel anthropic = AnthropicChatModel.builder().apiKey("k").modelName("claude-sonnet-4-5").build();
        OpenAiChatModel chat = OpenAiChatModel.builder().apiKey("k").modelName("gpt-4o").build();
        OpenAiResponsesChatModel responses = OpenAiResponsesChatModel.builder().apiKey("k").modelName("gpt-5").build();
        OrderingGuard guard = gemini3(Mode.ENFORCE);

        assertThat(GuardedChatModel.wrap(gemini, guard).codec().layout()).isEqualTo(MetadataLayout.GEMINI);
        assertThat(GuardedChatModel.wrap(anthropic, guard).codec().layout()).isEqualTo(MetadataLayout.ANTHROPIC);
        assertThat(GuardedChatModel.wrap(chat, guard).codec().layout()).isEqualTo(MetadataLayout.NONE);
        assertThat(GuardedChatModel.wrap(responses, guard).codec().layout()).isEqualTo(MetadataLayout.OPENAI_RESPONSES);
        assertThat(GuardedChatModel.builder(chat, guard).provider("deepseek").build().codec().layout())
                .isEqualTo(MetadataLayout.NONE);
        assertThat(GuardedChatModel.builder(chat, guard).metadataLayout(MetadataLayout.GEMINI).build().codec().layout())
                .isEqualTo(MetadataLayout.GEMINI);
        assertThat(GuardedChatRequestTransformer.of(guard, gemini)).isNotNull();
        assertThat(ChatRequestCodec.forModel(gemini).provider()).isEqualTo("gemini");
        assertThat(MetadataLayout.of(GuardedChatModel.wrap(responses, guard))).isEqualTo(MetadataLayout.OPENAI_RESPONSES);
    }

    @Test
    void should_leave_a_gemini_signature_on_a_message_without_calls_as_an_opaque_attribute() {
        // langchain4j-google-ai-gemini sends the signature on the first function call only: none here
        AiMessage answer = AiMessage.builder().text("18C.").attributes(Map.of("thinking_signature", "CiQBtext")).build();
        ChatRequest request = ChatRequest.builder().messages(UserMessage.from("Weather?"), answer,
                UserMessage.from("Thanks")).build();
        EncodedChatRequest encoded = ChatRequestCodec.of("gemini", null, MetadataLayout.GEMINI).encode(request);

        assertThat(encoded.dispatch().timeline().entries()).allSatisfy(e -> assertThat(e.payload()).isNull());
        ChatRequest rendered = encoded.toChatRequest(encoded.dispatch().withTimeline(encoded.dispatch().timeline()
                .withEntries(encoded.dispatch().timeline().entries().subList(0, 2))));
        assertThat(rendered.messages()).hasSize(2);
        assertThat(rendered.messages().get(1)).isSameAs(answer);
    }

    @Test
    void should_read_and_write_the_per_call_signatures_of_the_google_genai_module() {
        AiMessage calls = AiMessage.builder().toolExecutionRequests(List.of(call("fc-1", "weather"), call("fc-2", "clock")))
                .attributes(Map.of("thought_signature_fc-1", "c2lnMQ==", "thought_signature_fc-2", "c2lnMg==", "other", 7))
                .build();
        ChatRequest request = ChatRequest.builder().messages(UserMessage.from("Weather and time?"), calls,
                ToolExecutionResultMessage.from("fc-1", "weather", "18C")).build();
        EncodedChatRequest encoded = ChatRequestCodec.of("gemini", null, MetadataLayout.GEMINI).encode(request);

        List<Entry> entries = encoded.dispatch().timeline().entries();
        assertThat(entries).extracting(e -> String.valueOf(e.payload())).containsExactly("null",
                "{\"thoughtSignature\":\"c2lnMQ==\"}", "{\"thoughtSignature\":\"c2lnMg==\"}");

        // mutate answers fc-2 (a new result) and leaves both calls, so both signatures go back under their keys
        GuardResult result = gemini3(Mode.MUTATE).check(encoded.dispatch());
        ChatRequest repaired = encoded.toChatRequest(result.dispatch());
        assertThat(ruleIds(result.blocking())).contains("gemini-function-response-count");
        assertThat(((AiMessage) repaired.messages().get(1)).attributes()).containsExactlyInAnyOrderEntriesOf(
                Map.of("thought_signature_fc-1", "c2lnMQ==", "thought_signature_fc-2", "c2lnMg==", "other", 7));
        assertThat(repaired.messages()).hasSize(4);
    }

    @Test
    void should_sign_each_step_of_a_split_gemini_message_where_the_module_sends_it() {
        // a model whose rules allow one call per response: mutate splits the two calls into two steps
        ChatRequest request = geminiLoop();
        EncodedChatRequest encoded = ChatRequestCodec.of("gemini", null, MetadataLayout.GEMINI).encode(request);
        GuardResult result = OrderingGuard.builder().profile(io.orderingguard.rule.OrderingProfile.of("one-call",
                        io.orderingguard.rule.OrderingRule.maxToolCallsPerGroup("one-call", 1)
                                .withSeverity(io.orderingguard.rule.Severity.BLOCKING)))
                .mode(Mode.MUTATE).build().check(encoded.dispatch());

        ChatRequest repaired = encoded.toChatRequest(result.dispatch());

        assertThat(result.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(Describe.messages(repaired.messages())).containsExactly("user 'Weather and time in Paris?'",
                "ai thinking='Two lookups.' calls=[null:weather{\"city\":\"Paris\"}] attributes={thinking_signature=CiQBjz1rX8}",
                "result null:weather '18C'", "ai calls=[null:clock{\"city\":\"Paris\"}]", "result null:clock '14:05'");
        // the first step keeps the signature on its first (only) call; the split-off step has none of its own
        assertThat(((AiMessage) repaired.messages().get(1)).attributes()).containsEntry("thinking_signature", "CiQBjz1rX8");
        assertThat(((AiMessage) repaired.messages().get(3)).attributes()).isEmpty();

        // the Gemini 3 rule then asks for a signature on the second step's call: mutate writes the documented sentinel
        EncodedChatRequest again = ChatRequestCodec.of("gemini", null, MetadataLayout.GEMINI).encode(repaired);
        GuardResult signed = gemini3(Mode.MUTATE).check(again.dispatch());
        ChatRequest sent = again.toChatRequest(signed.dispatch());
        assertThat(((AiMessage) sent.messages().get(1)).attributes()).containsEntry("thinking_signature", "CiQBjz1rX8");
        assertThat(((AiMessage) sent.messages().get(3)).attributes())
                .containsEntry("thinking_signature", "skip_thought_signature_validator");
    }

    @Test
    void should_keep_anthropic_thinking_and_redacted_blocks_as_anthropic_thoughts() {
        AiMessage thinking = AiMessage.builder().thinking("Look it up.").toolExecutionRequests(List.of(call("toolu_1", "weather")))
                .attributes(Map.of("thinking_signature", "EqQBsig", "redacted_thinking", List.of("RXJkYXRh"))).build();
        ChatRequest request = ChatRequest.builder().messages(UserMessage.from("Weather?"), thinking,
                ToolExecutionResultMessage.from("toolu_1", "weather", "18C")).build();
        EncodedChatRequest encoded = ChatRequestCodec.of("anthropic", null).encode(request);

        assertThat(encoded.dispatch().timeline().entries()).extracting(e -> e.id() + " " + e.payload() + " "
                + e.replayCompatibility()).containsExactly("messages[0] null null",
                "thinking-" + ChatRequestCodec.digest("EqQBsig") + " {\"signature\":\"EqQBsig\"} anthropic-messages-thinking-v1",
                "redacted-thinking-" + ChatRequestCodec.digest("RXJkYXRh")
                        + " {\"data\":\"RXJkYXRh\"} anthropic-messages-thinking-v1",
                "toolu_1 null null");
        ChatRequest copy = encoded.toChatRequest(encoded.dispatch().withTimeline(encoded.dispatch().timeline()
                .withEntries(List.copyOf(encoded.dispatch().timeline().entries()))));
        assertThat(copy).isSameAs(request);
    }

    @Test
    void should_turn_an_openai_responses_reasoning_item_into_a_tagged_thought_and_back() {
        AiMessage reasoning = AiMessage.builder().thinking("Summary.").toolExecutionRequests(List.of(call("call_1", "weather")))
                .attributes(Map.of("encrypted_reasoning", "gAAAAenc")).build();
        ChatRequest request = ChatRequest.builder().messages(UserMessage.from("Weather?"), reasoning).build();
        EncodedChatRequest encoded = ChatRequestCodec.of("openai", null, MetadataLayout.OPENAI_RESPONSES).encode(request);

        assertThat(encoded.dispatch().timeline().entries().get(1)).isInstanceOfSatisfying(Thought.class, t -> {
            assertThat(t.id()).isEqualTo("reasoning-" + ChatRequestCodec.digest("gAAAAenc"));
            assertThat(t.content()).isEqualTo("Summary.");
            assertThat(t.payload()).hasToString("{\"encrypted_content\":\"gAAAAenc\"}");
            assertThat(t.replayCompatibility()).isEqualTo("openai-responses-reasoning-v1");
        });

        // mutate answers the call; the reasoning item goes back with its message
        GuardResult result = TestProfiles.guard(Mode.MUTATE, TestProfiles.openAi()).check(encoded.dispatch());
        AiMessage sent = (AiMessage) encoded.toChatRequest(result.dispatch()).messages().get(1);
        assertThat(sent).isSameAs(reasoning);
    }

    @Test
    void should_pass_attributes_through_untouched_when_the_module_sends_no_metadata() {
        AiMessage message = AiMessage.builder().thinking("reasoning_content").text("Hi")
                .attributes(Map.of("thinking_signature", "not sent by OpenAI Chat")).build();
        ChatRequest request = ChatRequest.builder().messages(UserMessage.from("Hello"), message).build();
        EncodedChatRequest encoded = ChatRequestCodec.of("openai", null).encode(request);

        assertThat(encoded.dispatch().timeline().entries()).allSatisfy(e -> assertThat(e.payload()).isNull());
        ChatRequest rendered = encoded.toChatRequest(encoded.dispatch().withTimeline(encoded.dispatch().timeline()
                .withEntries(List.copyOf(encoded.dispatch().timeline().entries()))));
        assertThat(rendered).isSameAs(request);
    }

    @Test
    void should_reject_a_missing_layout() {
        Throwable thrown = catchThrowable(() -> ChatRequestCodec.of("gemini", null, null));

        assertThat(thrown).isInstanceOf(NullPointerException.class).hasMessage("layout must not be null");
    }
}
