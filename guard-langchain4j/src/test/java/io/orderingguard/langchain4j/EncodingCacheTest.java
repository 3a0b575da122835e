package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.Mode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the decorators' {@link EncodingCache} reuses from a conversation's previous request, and when not. */
class EncodingCacheTest {

    static final ChatRequestCodec CODEC = ChatRequestCodec.of("anthropic", null);

    static AiMessage calls(String thinking, String... ids) {
        List<ToolExecutionRequest> requests = new ArrayList<>();
        for (String id : ids) {
            requests.add(ToolExecutionRequest.builder().id(id).name("search").arguments("{\"q\":\"" + id + "\"}").build());
        }
        return AiMessage.builder().thinking(thinking).toolExecutionRequests(requests)
                .attributes(Map.of(ChatRequestCodec.THINKING_SIGNATURE, "sig-" + thinking)).build();
    }

    static ToolExecutionResultMessage result(String id) {
        return ToolExecutionResultMessage.from(id, "search", "hits for " + id);
    }

    static ChatRequest request(List<ChatMessage> messages) {
        return ChatRequest.builder().messages(messages).build();
    }

    @Test
    void should_encode_only_the_round_a_tool_loop_added() {
        // GIVEN a conversation's first tool round, encoded once
        EncodingCache cache = EncodingCache.remembering(4);
        List<ChatMessage> messages = new ArrayList<>(List.of(SystemMessage.from("be brief"), UserMessage.from("find x"),
                calls("first", "call_1", "call_2"), result("call_1"), result("call_2")));
        Dispatch first = CODEC.encode(request(messages), "c-1", cache).dispatch();

        // WHEN the next round sends the same messages and one more round
        messages.add(calls("second", "call_3"));
        messages.add(result("call_3"));
        ChatRequest next = request(messages);
        assertThat(EncodingCache.reusable(cache.get("c-1"), next.messages())).isEqualTo(5);
        Dispatch second = CODEC.encode(next, "c-1", cache).dispatch();

        // THEN the entries of the first five messages are the previous dispatch's own, and the rest is new
        assertThat(second).isEqualTo(CODEC.encode(next, "c-1").dispatch());
        List<Entry> entries = second.timeline().entries();
        assertThat(entries).hasSize(7);
        for (int k = 0; k < 5; k++) {
            assertThat(entries.get(k)).isSameAs(first.timeline().entries().get(k));
        }
        assertThat(entries.subList(5, 7)).extracting(Entry::id).containsExactly("thinking-" + ChatRequestCodec.digest(
                "sig-second"), "call_3");
        assertThat(cache.get("c-1").messages).isSameAs(next.messages());
    }

    @Test
    void should_encode_an_ai_message_again_when_its_run_of_results_grew() {
        // GIVEN a request that ends with one of two results
        EncodingCache cache = EncodingCache.remembering(4);
        AiMessage ai = calls("t", "call_1", "call_2");
        List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from("find x"), ai, result("call_1")));
        Dispatch first = CODEC.encode(request(messages), "c-1", cache).dispatch();
        assertThat(((ToolCall) first.timeline().entries().get(3)).result()).isNull();

        // WHEN the other result follows
        messages.add(result("call_2"));
        ChatRequest next = request(messages);
        Dispatch second = CODEC.encode(next, "c-1", cache).dispatch();

        // THEN only the user message is reused: the AiMessage's second call now has its result
        assertThat(EncodingCache.reusable(cache.get("c-1"), next.messages())).isEqualTo(4);
        assertThat(second.timeline().entries().get(0)).isSameAs(first.timeline().entries().get(0));
        assertThat(second.timeline().entries().get(3)).isNotSameAs(first.timeline().entries().get(3));
        assertThat(((ToolCall) second.timeline().entries().get(3)).result().content()).isEqualTo("hits for call_2");
        assertThat(second).isEqualTo(CODEC.encode(next, "c-1").dispatch());
    }

    @Test
    void should_reuse_nothing_when_the_front_moved_or_an_equal_message_is_another_instance() {
        EncodingCache cache = EncodingCache.remembering(4);
        UserMessage question = UserMessage.from("find x");
        List<ChatMessage> messages = List.of(SystemMessage.from("be brief"), question, calls("t", "call_1"),
                result("call_1"));
        CODEC.encode(request(messages), "c-1", cache);

        // a window that dropped the system message: every message moved (entries are named by position)
        assertThat(EncodingCache.reusable(cache.get("c-1"), messages.subList(1, 4))).isZero();
        // an equal system message, but not the same object
        List<ChatMessage> copied = new ArrayList<>(messages);
        copied.set(0, SystemMessage.from("be brief"));
        assertThat(EncodingCache.reusable(cache.get("c-1"), copied)).isZero();
        // the same first message, then an equal copy of the user message: only the system message
        copied.set(0, messages.get(0));
        copied.set(1, UserMessage.from("find x"));
        assertThat(EncodingCache.reusable(cache.get("c-1"), copied)).isEqualTo(1);
        // the same request again: everything
        assertThat(EncodingCache.reusable(cache.get("c-1"), messages)).isEqualTo(4);
    }

    @Test
    void should_not_reuse_across_layouts_providers_or_without_a_conversation_id() {
        // GIVEN a conversation encoded for Anthropic
        EncodingCache cache = EncodingCache.remembering(4);
        List<ChatMessage> messages = List.of(UserMessage.from("find x"), calls("t", "call_1"), result("call_1"));
        Dispatch anthropic = CODEC.encode(request(messages), "c-1", cache).dispatch();

        // WHEN the same messages go to other targets, or carry no id
        Dispatch openAi = ChatRequestCodec.of("openai", null).encode(request(messages), "c-1", cache).dispatch();
        Dispatch gemini = ChatRequestCodec.of("anthropic", null, MetadataLayout.GEMINI)
                .encode(request(messages), "c-1", cache).dispatch();
        Dispatch anonymous = CODEC.encode(request(messages), null, cache).dispatch();

        // THEN each is its own fresh encoding (the result's wire message, the signature's place differ)
        assertThat(cache.get("c-1").encodedLike(MetadataLayout.GEMINI, MessageEncoder.ResultWires.GROUPED)).isTrue();
        assertThat(openAi).isEqualTo(ChatRequestCodec.of("openai", null).encode(request(messages), "c-1").dispatch());
        assertThat(((ToolCall) openAi.timeline().entries().get(2)).result().wireMessage()).isEqualTo("messages[2]");
        assertThat(openAi.timeline().entries().get(0)).isNotSameAs(anthropic.timeline().entries().get(0));
        assertThat(gemini.timeline().entries()).hasSize(3);
        assertThat(gemini.timeline().entries().get(2).payload()).hasToString("{\"thoughtSignature\":\"sig-t\"}");
        assertThat(anonymous.timeline()).isEqualTo(anthropic.timeline());
        assertThat(anonymous.timeline().entries().get(0)).isNotSameAs(anthropic.timeline().entries().get(0));
        assertThat(cache.size()).isEqualTo(1);
    }

    @Test
    void should_forget_the_least_recently_used_conversation_first() {
        EncodingCache cache = EncodingCache.remembering(2);
        ChatRequest request = request(List.of(UserMessage.from("hi")));
        CODEC.encode(request, "a", cache);
        CODEC.encode(request, "b", cache);
        assertThat(cache.get("a")).isNotNull(); // "a" used last now
        CODEC.encode(request, "c", cache);

        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.get("b")).isNull();
        assertThat(cache.get("a")).isNotNull();
        assertThat(cache.get("c")).isNotNull();
        assertThat(EncodingCache.remembering(0)).isNull();
    }

    @Test
    void should_send_each_round_of_a_tool_loop_as_it_came_through_the_decorator() {
        // GIVEN a guarded model remembering conversations, and one that remembers none
        RecordingChatModel delegate = new RecordingChatModel("claude-sonnet-4-5", ModelProvider.ANTHROPIC);
        GuardedChatModel remembering = GuardedChatModel.builder(delegate, TestProfiles.guard(Mode.ENFORCE,
                TestProfiles.strict())).conversationId(r -> "c-1").build();
        GuardedChatModel forgetting = GuardedChatModel.builder(delegate, TestProfiles.guard(Mode.ENFORCE,
                TestProfiles.strict())).conversationId(r -> "c-1").encodingCache(0).build();
        GuardedChatRequestTransformer transformer = GuardedChatRequestTransformer.of(TestProfiles.guard(Mode.ENFORCE,
                TestProfiles.strict()), delegate);
        List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from("find x")));
        List<ChatRequest> requests = new ArrayList<>();

        // WHEN three rounds of a tool loop go through each
        for (int round = 1; round <= 3; round++) {
            ChatRequest request = request(messages);
            requests.add(request);
            remembering.chat(request);
            forgetting.chat(request);
            assertThat(transformer.apply(request, "memory-1")).isSameAs(request);
            messages.add(calls("round " + round, "call_" + round));
            messages.add(result("call_" + round));
        }

        // THEN every request passed and its very messages were sent, by both
        assertThat(delegate.sent).hasSize(6);
        for (int i = 0; i < 6; i++) {
            assertThat(delegate.sent.get(i).messages()).usingElementComparator((a, b) -> a == b ? 0 : 1)
                    .containsExactlyElementsOf(requests.get(i / 2).messages());
        }
    }

    @Test
    void should_fail_when_told_to_remember_a_negative_number_of_conversations() {
        RecordingChatModel delegate = new RecordingChatModel("m", ModelProvider.ANTHROPIC);
        assertThatThrownBy(() -> GuardedChatModel.builder(delegate, TestProfiles.guard(Mode.ENFORCE,
                TestProfiles.strict())).encodingCache(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("encodingCache must be >= 0, but was -1");
        assertThatThrownBy(() -> GuardedStreamingChatModel.builder(new GuardedStreamingChatModelTest.RecordingStreamingModel(),
                TestProfiles.guard(Mode.ENFORCE, TestProfiles.strict())).encodingCache(-3))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("encodingCache must be >= 0, but was -3");
        assertThatThrownBy(() -> GuardedChatRequestTransformer.of(TestProfiles.guard(Mode.ENFORCE, TestProfiles.strict()),
                CODEC).withEncodingCache(-2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("encodingCache must be >= 0, but was -2");
    }
}
