package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.model.ChatModel;

/**
 * Spring AI 2.0's real OpenAI and Anthropic models (on openai-java and anthropic-java) driven by a
 * {@code ChatClient} tool loop against the provider emulator on a loopback port. The chat memory sits
 * inside the tool loop, as Spring AI documents for remembering tool rounds (a
 * {@link ToolCallingAdvisor} without internal history and a {@link MessageChatMemoryAdvisor} after
 * it, which {@code ChatClient} then registers without internal history), with a
 * {@link MessageWindowChatMemory} of 3 messages: the second tool call pushes the window
 * over, the memory drops the whole turn, and the third round sends the second call's result alone.
 */
class ChatClientEndToEndTest {

    static final String OPENAI_ORPHAN = "Invalid parameter: messages with role 'tool' must be a response to a "
            + "preceeding message with 'tool_calls'.";

    ProviderEmulator emulator;

    @AfterEach
    void stop() {
        if (emulator != null) {
            emulator.close();
        }
    }

    ChatClient client(Models.Provider provider, ChatMemory memory, Mode mode) {
        ChatModel model = Models.of(provider, emulator);
        ChatClient.Builder b = ChatClient.builder(model).defaultSystem("You are terse.")
                .defaultTools(new SearchTools());
        List<Object> advisors = new ArrayList<>();
        // inside the tool loop: ChatClient then registers its ToolCallingAdvisor without internal history
        advisors.add(MessageChatMemoryAdvisor.builder(memory).order(ToolCallingAdvisor.DEFAULT_ORDER + 100).build());
        if (mode != null) {
            advisors.add(OrderingGuardAdvisor.of(OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode)
                    .build()));
        }
        return b.defaultAdvisors(advisors.toArray(new org.springframework.ai.chat.client.advisor.api.Advisor[0])).build();
    }

    void script() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "a")), Answer.toolCall("search", Map.of("q", "b")),
                Answer.text("Done"));
    }

    static String ask(ChatClient client) {
        return client.prompt().user("Find a and b").advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "c-1")).call()
                .content();
    }

    static MessageWindowChatMemory window() {
        return MessageWindowChatMemory.builder().maxMessages(3).build();
    }

    static String guardError(Models.Provider provider) {
        return switch (provider) {
            case OPENAI -> "rejected dispatch of conversation c-1 (profile openai-chat): 1 blocking violation(s)\n"
                    + "  - openai-tool-message-follows-tool-calls: tool result 'call_emu00000002' answers no tool call in "
                    + "the conversation [prevents: " + OPENAI_ORPHAN + "]";
            case ANTHROPIC -> "rejected dispatch of conversation c-1 (profile anthropic-messages): 1 blocking "
                    + "violation(s)\n  - anthropic-tool-result-has-tool-use: tool result 'toolu_emu00000002' answers no "
                    + "tool call in the conversation [prevents: messages.N.content.M: unexpected `tool_use_id` found in "
                    + "`tool_result` blocks: <id>]";
        };
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void unguarded_the_providers_400_reaches_the_application(Models.Provider provider) {
        emulator = ProviderEmulator.create().start();
        script();

        Throwable thrown = catchThrowable(() -> ask(client(provider, window(), null)));

        assertThat(emulator.requestCount()).isEqualTo(3);
        RecordedRequest rejected = emulator.lastRequest();
        assertThat(rejected.status()).isEqualTo(400);
        assertThat(rejected.violatedRule()).isEqualTo(provider == Models.Provider.OPENAI
                ? EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL : EmulatorRule.ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE);
        assertThat(thrown.getClass().getSimpleName()).isEqualTo("BadRequestException");
        assertThat(thrown.getMessage()).contains(provider == Models.Provider.OPENAI ? OPENAI_ORPHAN
                : "unexpected `tool_use_id` found in `tool_result` blocks: toolu_emu00000002");
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void enforce_throws_our_exception_and_sends_no_request(Models.Provider provider) {
        emulator = ProviderEmulator.create().start();
        script();

        Throwable thrown = catchThrowable(() -> ask(client(provider, window(), Mode.ENFORCE)));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(guardError(provider));
        assertThat(((OrderingViolationException) thrown).result().rejected()).isTrue();
        // the first two rounds went out; the broken third one never did
        assertThat(emulator.requestCount()).isEqualTo(2);
        assertThat(emulator.rejections()).isEmpty();
    }

    @Test
    void mutate_sends_the_repaired_prompt_and_gets_a_200() {
        emulator = ProviderEmulator.create().start();
        script();
        MessageWindowChatMemory memory = window();

        String answer = ask(client(Models.Provider.OPENAI, memory, Mode.MUTATE));

        assertThat(answer).isEqualTo("Done");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.requestCount()).isEqualTo(3);
        JsonNode third = emulator.requests().get(2).json();
        assertThat(third.path("messages").toString()).isEqualTo("[{\"content\":\"You are terse.\",\"role\":\"system\"}]");
        // the application's memory is untouched: it still holds the result the repair dropped from the request
        assertThat(memory.get("c-1")).extracting(m -> m.getMessageType().getValue()).containsExactly("tool", "assistant");
    }

    @Test
    void mutate_on_anthropic_drops_the_orphan_and_leaves_no_message_which_spring_ai_refuses_before_sending() {
        emulator = ProviderEmulator.create().start();
        script();

        Throwable thrown = catchThrowable(() -> ask(client(Models.Provider.ANTHROPIC, window(), Mode.MUTATE)));

        // the window kept nothing but the orphan result: once it is dropped, the conversation is empty
        assertThat(thrown).isInstanceOf(IllegalStateException.class).hasMessage("`messages` is required, but was not set");
        assertThat(emulator.requestCount()).isEqualTo(2);
        assertThat(emulator.rejections()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void the_pair_safe_memory_prevents_the_broken_request_and_every_round_gets_a_200(Models.Provider provider) {
        emulator = ProviderEmulator.create().start();
        script();

        String answer = ask(client(provider, PairSafeChatMemory.builder().maxMessages(3).build(), Mode.ENFORCE));

        assertThat(answer).isEqualTo("Done");
        assertThat(emulator.requestCount()).isEqualTo(3);
        assertThat(emulator.rejections()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void streaming_enforce_fails_the_flux_with_our_exception_and_sends_no_request(Models.Provider provider) {
        emulator = ProviderEmulator.create().start();
        script();
        ChatClient client = client(provider, window(), Mode.ENFORCE);

        Throwable thrown = catchThrowable(() -> client.prompt().user("Find a and b")
                .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "c-1")).stream().content().collectList().block());

        assertThat(rootOf(thrown)).isInstanceOf(OrderingViolationException.class).hasMessage(guardError(provider));
        assertThat(emulator.requestCount()).isEqualTo(2);
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.requests()).allSatisfy(r -> assertThat(r.json().path("stream").asBoolean()).isTrue());
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void streaming_unguarded_gets_the_400(Models.Provider provider) {
        emulator = ProviderEmulator.create().start();
        script();
        ChatClient client = client(provider, window(), null);

        Throwable thrown = catchThrowable(() -> client.prompt().user("Find a and b")
                .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "c-1")).stream().content().collectList().block());

        assertThat(thrown).isNotNull();
        assertThat(emulator.lastRequest().status()).isEqualTo(400);
    }

    @Test
    void streaming_mutate_gets_a_200() {
        emulator = ProviderEmulator.create().start();
        script();
        ChatClient client = client(Models.Provider.OPENAI, window(), Mode.MUTATE);

        List<String> parts = client.prompt().user("Find a and b").advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "c-1"))
                .stream().content().collectList().block();

        assertThat(String.join("", parts)).isEqualTo("Done");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.requestCount()).isEqualTo(3);
    }

    static Throwable rootOf(Throwable t) {
        Throwable r = t;
        while (r != null && !(r instanceof OrderingViolationException) && r.getCause() != null) {
            r = r.getCause();
        }
        return r;
    }
}
