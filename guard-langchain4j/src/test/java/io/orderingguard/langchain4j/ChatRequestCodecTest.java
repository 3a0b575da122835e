package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.CustomMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChatRequestCodecTest {

    static final ToolSpecification SEARCH = ToolSpecification.builder().name("search").description("Searches")
            .parameters(JsonObjectSchema.builder().addStringProperty("q").required("q").build()).build();

    static ToolExecutionRequest call(String id, String name, String arguments) {
        return ToolExecutionRequest.builder().id(id).name(name).arguments(arguments).build();
    }

    static ChatRequest request(ChatMessage... messages) {
        return ChatRequest.builder().messages(messages).build();
    }

    /** Re-wraps the entries so that rendering cannot take the "same dispatch" shortcut. */
    static Dispatch copyOf(Dispatch d) {
        return d.withTimeline(Timeline.of(new ArrayList<>(d.timeline().entries()), d.tools()));
    }

    @Test
    void should_map_every_message_kind_to_entries_with_one_step_per_ai_message() {
        // GIVEN a tool loop with Anthropic thinking (signature and a redacted block)
        AiMessage thinkingCall = AiMessage.builder().thinking("I should search").text("Let me look.")
                .toolExecutionRequests(List.of(call("toolu_1", "search", "{\"q\":\"x\"}"), call("toolu_2", "search", "{\"q\":\"y\"}")))
                .attributes(Map.of("thinking_signature", "EqQB", "redacted_thinking", List.of("cmVk")))
                .build();
        ChatRequest request = ChatRequest.builder()
                .messages(SystemMessage.from("Be brief."), UserMessage.from("Find X"), thinkingCall,
                        ToolExecutionResultMessage.from("toolu_1", "search", "3 hits"),
                        ToolExecutionResultMessage.builder().id("toolu_2").toolName("search").text("boom").isError(true).build(),
                        AiMessage.from("Done"))
                .parameters(ChatRequestParameters.builder().toolSpecifications(SEARCH).build())
                .build();

        // WHEN
        Dispatch d = ChatRequestCodec.of("anthropic", ChatRequestParameters.builder().modelName("claude-sonnet-4-5").build())
                .encode(request, "c-1").dispatch();

        // THEN
        assertThat(Describe.entries(d.timeline())).containsExactly(
                "system messages[0] 'Be brief.'",
                "user messages[1] 'Find X'",
                "thought thinking-7b3e3ec7765f 'I should search' payload={\"signature\":\"EqQB\"} tag=anthropic-messages-thinking-v1 step=messages[2]",
                "thought redacted-thinking-bf96d60ed85a '' payload={\"data\":\"cmVk\"} tag=anthropic-messages-thinking-v1 step=messages[2]",
                "assistant messages[2] 'Let me look.' step=messages[2]",
                "call toolu_1 search {\"q\":\"x\"} -> '3 hits' step=messages[2]",
                "call toolu_2 search {\"q\":\"y\"} -> 'boom' (error) step=messages[2]",
                "assistant messages[5] 'Done' step=messages[5]");
        assertThat(d.conversationId()).isEqualTo("c-1");
        assertThat(d.provider()).isEqualTo("anthropic");
        assertThat(d.model()).isEqualTo("claude-sonnet-4-5");
        assertThat(d.tools()).hasSize(1);
        assertThat(d.tools().get(0).name()).isEqualTo("search");
        assertThat(d.tools().get(0).inputSchema()).hasToString(
                "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}},\"required\":[\"q\"]}");
    }

    @Test
    void should_take_the_model_from_the_request_over_the_defaults() {
        ChatRequest request = ChatRequest.builder().messages(UserMessage.from("hi")).modelName("gpt-4.1").build();
        ChatRequestCodec codec = ChatRequestCodec.of("openai", ChatRequestParameters.builder().modelName("gpt-4o-mini").build());

        assertThat(codec.encode(request).dispatch().model()).isEqualTo("gpt-4.1");
        assertThat(codec.encode(request(UserMessage.from("hi"))).dispatch().model()).isEqualTo("gpt-4o-mini");
        assertThat(ChatRequestCodec.create().encode(request(UserMessage.from("hi"))).dispatch().model()).isNull();
        assertThat(codec.encode(request).dispatch().conversationId()).isNull();
    }

    @Test
    void should_report_an_orphan_result_when_the_window_evicted_its_call() {
        ChatRequest request = request(ToolExecutionResultMessage.from("call_1", "search", "3 hits"),
                UserMessage.from("And now?"));

        Dispatch d = ChatRequestCodec.create().encode(request).dispatch();

        assertThat(Describe.entries(d.timeline())).containsExactly(
                "orphan call_1 search -> '3 hits'",
                "user messages[1] 'And now?'");
    }

    @Test
    void should_report_an_unanswered_call_and_an_orphan_when_the_result_is_not_right_after_its_call() {
        // a result separated from its call is one the provider cannot pair: the call is unanswered there
        ChatRequest request = request(UserMessage.from("go"), AiMessage.from(call("call_1", "search", "{}")),
                UserMessage.from("cancel that"), ToolExecutionResultMessage.from("call_1", "search", "late"));

        Dispatch d = ChatRequestCodec.create().encode(request).dispatch();

        assertThat(Describe.entries(d.timeline())).containsExactly(
                "user messages[0] 'go'",
                "call call_1 search {} (unanswered) step=messages[1]",
                "user messages[2] 'cancel that'",
                "orphan call_1 search -> 'late'");
    }

    @Test
    void should_pair_results_in_any_order_within_the_run_and_treat_a_foreign_one_as_orphan() {
        ChatRequest request = request(UserMessage.from("go"),
                AiMessage.from(call("a", "search", "{}"), call("b", "search", "{}")),
                ToolExecutionResultMessage.from("x", "search", "stray"),
                ToolExecutionResultMessage.from("b", "search", "B"),
                ToolExecutionResultMessage.from("a", "search", "A"));

        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);

        assertThat(Describe.entries(encoded.dispatch().timeline())).containsExactly(
                "user messages[0] 'go'",
                "call a search {} -> 'A' step=messages[1]",
                "call b search {} -> 'B' step=messages[1]",
                "orphan x search -> 'stray'");
        ChatRequest back = encoded.toChatRequest(copyOf(encoded.dispatch()));
        assertThat(back).isSameAs(request);
    }

    @Test
    void should_name_calls_without_an_id_by_position_and_send_them_back_without_one() {
        ChatRequest request = request(UserMessage.from("go"),
                AiMessage.from(ToolExecutionRequest.builder().name("search").arguments("not json").build()),
                ToolExecutionResultMessage.builder().toolName("search").text("ok").build());

        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);

        assertThat(Describe.entries(encoded.dispatch().timeline())).containsExactly(
                "user messages[0] 'go'",
                "call messages[1].tool_calls[0] search {} -> 'ok' step=messages[1]");
        assertThat(encoded.toChatRequest(copyOf(encoded.dispatch())).messages())
                .containsExactlyElementsOf(request.messages());
    }

    @Test
    void should_give_back_the_very_same_messages_for_an_unchanged_dispatch() {
        // GIVEN everything the timeline does not model: names, attributes, images, custom messages,
        // parameters, non-JSON arguments, a signature-only thinking block
        UserMessage withImage = UserMessage.builder().name("ann")
                .contents(List.of(TextContent.from("What is this?"), ImageContent.from("https://example.com/cat.png")))
                .attributes(Map.of("tenant", "t-9")).build();
        AiMessage signatureOnly = AiMessage.builder().toolExecutionRequests(List.of(call("toolu_1", "lookup", "[1,2]")))
                .attributes(Map.of("thinking_signature", "EqQB", "server_tool_results", List.of("kept"))).build();
        ChatRequest request = ChatRequest.builder()
                .messages(SystemMessage.from("sys"), withImage, signatureOnly,
                        ToolExecutionResultMessage.builder().id("toolu_1").toolName("lookup").text("x")
                                .attributes(Map.of("k", "v")).build(),
                        CustomMessage.from(Map.of("role", "ipython")), AiMessage.from(""))
                .parameters(ChatRequestParameters.builder().temperature(0.2).maxOutputTokens(99).toolSpecifications(SEARCH).build())
                .build();

        // WHEN
        EncodedChatRequest encoded = ChatRequestCodec.of("anthropic", null).encode(request);
        ChatRequest back = encoded.toChatRequest(copyOf(encoded.dispatch()));

        // THEN
        assertThat(back).isSameAs(request);
        assertThat(encoded.toChatRequest(encoded.dispatch())).isSameAs(request);
        assertThat(encoded.toChatRequest()).isSameAs(request);
        assertThat(Describe.entries(encoded.dispatch().timeline())).containsExactly(
                "system messages[0] 'sys'",
                "user messages[1] 'What is this?' payload={\"nonTextContents\":[\"image\"]}",
                "thought thinking-7b3e3ec7765f '' payload={\"signature\":\"EqQB\"} tag=anthropic-messages-thinking-v1 step=messages[2]",
                "call toolu_1 lookup {} -> 'x' step=messages[2]",
                "system messages[4] '' payload={\"customMessage\":true}",
                "assistant messages[5] '' step=messages[5]");
    }

    @Test
    void should_render_a_dropped_orphan_and_a_synthesised_result() {
        ChatRequest request = request(ToolExecutionResultMessage.from("old", "search", "stale"),
                UserMessage.from("go"), AiMessage.from(call("call_1", "search", "{\"q\":\"x\"}")), UserMessage.from("stop"));
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);
        List<Entry> entries = new ArrayList<>(encoded.dispatch().timeline().entries());
        entries.remove(0);
        entries.set(1, ((io.orderingguard.timeline.ToolCall) entries.get(1))
                .withResult(io.orderingguard.timeline.ToolResult.error("not executed")));

        ChatRequest back = encoded.toChatRequest(encoded.dispatch().withTimeline(Timeline.of(entries)));

        assertThat(Describe.messages(back.messages())).containsExactly(
                "user 'go'",
                "ai calls=[call_1:search{\"q\":\"x\"}]",
                "result call_1:search 'not executed' (error)",
                "user 'stop'");
        assertThat(back.messages().get(1)).isSameAs(request.messages().get(2));
        assertThat(back.parameters()).isEqualTo(request.parameters());
        assertThat(request.messages()).hasSize(4);
    }

    @Test
    void should_find_a_call_that_a_dropped_sibling_moved_by_its_id_and_keep_its_original_request() {
        ToolExecutionRequest first = call("call_1", "search", "{\"q\":\"a\"}");
        ToolExecutionRequest second = call("call_2", "search", "{ \"q\" : \"b\" }");
        ChatRequest request = request(UserMessage.from("go"), AiMessage.from(first, second),
                ToolExecutionResultMessage.from(first, "ra"), ToolExecutionResultMessage.from(second, "rb"));
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);
        List<Entry> entries = new ArrayList<>(encoded.dispatch().timeline().entries());
        // the second call is now the first of its step: the call at that position has other arguments
        entries.remove(1);

        ChatRequest back = encoded.toChatRequest(encoded.dispatch().withTimeline(Timeline.of(entries)));

        assertThat(Describe.messages(back.messages())).containsExactly(
                "user 'go'",
                "ai calls=[call_2:search{ \"q\" : \"b\" }]",
                "result call_2:search 'rb'");
        assertThat(((AiMessage) back.messages().get(1)).toolExecutionRequests().get(0)).isSameAs(second);
        assertThat(back.messages().get(2)).isSameAs(request.messages().get(3));
    }

    @Test
    void should_rename_a_call_and_its_result_together() {
        String longId = "call_" + "x".repeat(45);
        ChatRequest request = request(UserMessage.from("go"), AiMessage.from(call(longId, "search", "{ \"q\" : 1 }")),
                ToolExecutionResultMessage.builder().id(longId).toolName("search").text("r").attributes(Map.of("k", 1)).build());
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);
        List<Entry> entries = new ArrayList<>(encoded.dispatch().timeline().entries());
        entries.set(1, entries.get(1).withId("call_short"));

        ChatRequest back = encoded.toChatRequest(encoded.dispatch().withTimeline(Timeline.of(entries)));

        assertThat(Describe.messages(back.messages())).containsExactly(
                "user 'go'",
                "ai calls=[call_short:search{ \"q\" : 1 }]",
                "result call_short:search 'r'");
        assertThat(((ToolExecutionResultMessage) back.messages().get(2)).attributes()).isEqualTo(Map.of("k", 1));
    }

    @Test
    void should_find_what_every_entry_of_a_long_request_came_from_by_its_position() {
        // 3 messages a round: the rounds run past the first 64 messages, whose names are looked up by position
        List<ChatMessage> messages = new ArrayList<>();
        for (int round = 0; round < 50; round++) {
            messages.add(UserMessage.from("ask " + round));
            messages.add(AiMessage.from(call("call_" + round, "search", "{ \"q\" : " + round + " }")));
            messages.add(ToolExecutionResultMessage.from("call_" + round, "search", "r" + round));
        }
        ChatRequest request = request(messages.toArray(new ChatMessage[0]));
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);
        List<Entry> entries = new ArrayList<>(encoded.dispatch().timeline().entries());
        // message 120 is the user message of round 40 (entry 80), 133 the AiMessage of round 44 (its call is entry 89)
        assertThat(entries.get(80).id()).isEqualTo("messages[120]");
        entries.set(80, ((io.orderingguard.timeline.Message) entries.get(80)).withContent("ask forty"));
        assertThat(entries.get(89).step()).isEqualTo("messages[133]");
        entries.set(89, entries.get(89).withId("renamed_44"));

        ChatRequest back = encoded.toChatRequest(encoded.dispatch().withTimeline(Timeline.of(entries)));

        assertThat(back.messages()).hasSize(150);
        for (int i = 0; i < 150; i++) {
            if (i != 120 && i != 133 && i != 134) {
                assertThat(back.messages().get(i)).as("message %d", i).isSameAs(messages.get(i));
            }
        }
        assertThat(Describe.messages(back.messages().subList(120, 121))).containsExactly("user 'ask forty'");
        assertThat(Describe.messages(back.messages().subList(132, 135))).containsExactly(
                "user 'ask 44'",
                "ai calls=[renamed_44:search{ \"q\" : 44 }]",
                "result renamed_44:search 'r44'");
    }

    @Test
    void should_send_a_split_step_as_one_ai_message_per_step_each_followed_by_its_results() {
        ChatRequest request = request(UserMessage.from("go"),
                AiMessage.from("two at once", List.of(call("a", "search", "{}"), call("b", "fetch", "{}"))),
                ToolExecutionResultMessage.from("a", "search", "A"), ToolExecutionResultMessage.from("b", "fetch", "B"));
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);
        List<Entry> entries = new ArrayList<>(encoded.dispatch().timeline().entries());
        entries.set(3, entries.get(3).withStep("messages[1]#2"));

        ChatRequest back = encoded.toChatRequest(encoded.dispatch().withTimeline(Timeline.of(entries)));

        assertThat(Describe.messages(back.messages())).containsExactly(
                "user 'go'",
                "ai text='two at once' calls=[a:search{}]",
                "result a:search 'A'",
                "ai calls=[b:fetch{}]",
                "result b:fetch 'B'");
        assertThat(back.messages().get(4)).isSameAs(request.messages().get(3));
    }

    @Test
    void should_merge_user_text_but_keep_name_attributes_and_images() {
        UserMessage first = UserMessage.builder().name("ann").attributes(Map.of("a", 1))
                .contents(List.of(TextContent.from("one"), ImageContent.from("https://example.com/i.png"), TextContent.from("two")))
                .build();
        ChatRequest request = request(first, UserMessage.from("three"));
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);
        List<Entry> entries = new ArrayList<>();
        entries.add(((io.orderingguard.timeline.Message) encoded.dispatch().timeline().get(0)).withContent("one\ntwo\n\nthree"));

        ChatRequest back = encoded.toChatRequest(encoded.dispatch().withTimeline(Timeline.of(entries)));

        UserMessage merged = (UserMessage) back.messages().get(0);
        assertThat(back.messages()).hasSize(1);
        assertThat(merged.name()).isEqualTo("ann");
        assertThat(merged.attributes()).isEqualTo(Map.of("a", 1));
        assertThat(merged.contents()).containsExactly(TextContent.from("one\ntwo\n\nthree"),
                ImageContent.from("https://example.com/i.png"));
    }

    @Test
    void should_render_fillers_as_plain_messages_and_drop_a_foreign_thought_with_its_signature() {
        AiMessage withThinking = AiMessage.builder().thinking("hmm").text("answer")
                .attributes(Map.of("thinking_signature", "sig", "other", "kept")).build();
        ChatRequest request = request(withThinking, UserMessage.from("thanks"));
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);
        List<Entry> entries = new ArrayList<>(encoded.dispatch().timeline().entries());
        entries.remove(0); // the thought
        entries.add(0, Entry.user("__ordering-guard-filler-1", "Understood."));

        ChatRequest back = encoded.toChatRequest(encoded.dispatch().withTimeline(Timeline.of(entries)));

        assertThat(Describe.messages(back.messages())).containsExactly(
                "user 'Understood.'",
                "ai text='answer' attributes={other=kept}",
                "user 'thanks'");
    }

    @Test
    void should_refuse_to_render_a_dispatch_with_nothing_left_to_send() {
        ChatRequest request = request(ToolExecutionResultMessage.from("old", "search", "stale"));
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);

        assertThatThrownBy(() -> encoded.toChatRequest(encoded.dispatch().withTimeline(Timeline.of(List.of()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the dispatch has no entry that renders as a LangChain4j message, and a ChatRequest needs at least one");
    }

    @Test
    void should_name_providers_as_the_guard_does() {
        assertThat(ChatRequestCodec.providerName(ModelProvider.OPEN_AI)).isEqualTo("openai");
        assertThat(ChatRequestCodec.providerName(ModelProvider.ANTHROPIC)).isEqualTo("anthropic");
        assertThat(ChatRequestCodec.providerName(ModelProvider.GOOGLE_AI_GEMINI)).isEqualTo("gemini");
        assertThat(ChatRequestCodec.providerName(ModelProvider.AMAZON_BEDROCK)).isEqualTo("bedrock");
        assertThat(ChatRequestCodec.providerName(ModelProvider.GITHUB_MODELS)).isEqualTo("github-models");
        assertThat(ChatRequestCodec.providerName(ModelProvider.OTHER)).isNull();
        assertThat(ChatRequestCodec.providerName(null)).isNull();
    }

    @Test
    void should_reject_blank_provider_and_conversation_id() {
        assertThatThrownBy(() -> ChatRequestCodec.of(" ", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("provider must be absent or non-blank, but was ' '");
        assertThatThrownBy(() -> ChatRequestCodec.create().encode(request(UserMessage.from("x")), ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("conversationId must be absent or non-blank, but was ''");
    }

    @Test
    void should_keep_thought_ids_when_a_window_drops_older_messages() {
        // GIVEN the same signed and unsigned thinking before and after a memory window dropped two messages
        AiMessage signed = AiMessage.builder().thinking("plan").text("a").attributes(Map.of("thinking_signature", "EqQB")).build();
        AiMessage twice = AiMessage.builder().thinking("again").text("b").attributes(Map.of("thinking_signature", "EqQB")).build();
        AiMessage unsigned = AiMessage.builder().thinking("musing").text("c").build();
        ChatRequest full = request(UserMessage.from("q1"), AiMessage.from("a0"), UserMessage.from("q2"), signed,
                UserMessage.from("q3"), twice, UserMessage.from("q4"), unsigned, UserMessage.from("q5"));
        ChatRequest windowed = request(UserMessage.from("q2"), signed, UserMessage.from("q3"), twice,
                UserMessage.from("q4"), unsigned, UserMessage.from("q5"));

        // WHEN
        List<String> before = thoughtIds(ChatRequestCodec.create().encode(full).dispatch());
        List<String> after = thoughtIds(ChatRequestCodec.create().encode(windowed).dispatch());

        // THEN signed thoughts keep their ids (a repeated signature is numbered); unsigned ones are positional
        assertThat(before).containsExactly("thinking-7b3e3ec7765f", "thinking-7b3e3ec7765f#2", "messages[7].thinking");
        assertThat(after).containsExactly("thinking-7b3e3ec7765f", "thinking-7b3e3ec7765f#2", "messages[5].thinking");
    }

    static List<String> thoughtIds(Dispatch d) {
        return d.timeline().entries().stream().filter(e -> e instanceof io.orderingguard.timeline.Thought)
                .map(Entry::id).toList();
    }
}
