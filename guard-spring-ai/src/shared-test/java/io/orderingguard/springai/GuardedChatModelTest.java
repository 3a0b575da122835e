package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * The {@code ChatModel} decorator around Spring AI's real OpenAI model, called directly as Embabel
 * and hand-written loops do, against the provider emulator: a history whose memory window kept a
 * tool result without its call.
 */
class GuardedChatModelTest {

    static final String ERROR = "rejected dispatch of conversation c-7 (profile openai-chat): 1 blocking violation(s)\n"
            + "  - openai-tool-message-follows-tool-calls: tool result 'call_1' answers no tool call in the conversation "
            + "[prevents: Invalid parameter: messages with role 'tool' must be a response to a preceeding message with "
            + "'tool_calls'.]";

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    static Prompt orphan() {
        return new Prompt(List.of(
                ToolResponseMessage.builder().responses(List.of(
                        new ToolResponseMessage.ToolResponse("call_1", "search", "3 hits"))).build(),
                new UserMessage("And the second one?")));
    }

    ChatModel guarded(Mode mode, boolean shadow) {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).shadow(shadow).build();
        return GuardedChatModel.builder(Models.of(Models.Provider.OPENAI, emulator), guard)
                .conversationId(p -> "c-7").build();
    }

    @Test
    void enforce_throws_before_any_request() {
        Throwable thrown = catchThrowable(() -> guarded(Mode.ENFORCE, false).call(orphan()));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(ERROR);
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void enforce_fails_the_stream_before_any_request() {
        Throwable thrown = catchThrowable(() -> guarded(Mode.ENFORCE, false).stream(orphan()).collectList().block());

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(ERROR);
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void mutate_sends_the_repaired_prompt() {
        AssistantMessage answer = guarded(Mode.MUTATE, false).call(orphan()).getResult().getOutput();

        assertThat(answer.getText()).isEqualTo("OK");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.lastRequest().json().path("messages").toString())
                .isEqualTo("[{\"content\":\"And the second one?\",\"role\":\"user\"}]");
    }

    @Test
    void mutate_streams_the_repaired_prompt() {
        List<String> parts = guarded(Mode.MUTATE, false).stream(orphan())
                .map(r -> r.getResult() == null || r.getResult().getOutput().getText() == null ? ""
                        : r.getResult().getOutput().getText())
                .collectList().block();

        assertThat(String.join("", parts)).isEqualTo("OK");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.lastRequest().json().path("stream").asBoolean()).isTrue();
    }

    @Test
    void shadow_sends_the_prompt_unchanged_and_the_provider_answers_400() {
        Throwable thrown = catchThrowable(() -> guarded(Mode.ENFORCE, true).call(orphan()));

        assertThat(thrown.getClass().getSimpleName()).isEqualTo(Models.BAD_REQUEST);
        assertThat(emulator.requestCount()).isEqualTo(1);
        assertThat(emulator.lastRequest().status()).isEqualTo(400);
    }

    @Test
    void wrap_returns_the_interface_and_keeps_the_delegates_options() {
        ChatModel delegate = Models.of(Models.Provider.OPENAI, emulator);

        ChatModel guarded = GuardedChatModel.wrap(delegate, OrderingGuard.builder().selectProfiles(Profiles.selector())
                .build());

        assertThat(DelegatingChatModel.defaultOptions(guarded)).isEqualTo(DelegatingChatModel.defaultOptions(delegate));
        assertThat(((GuardedChatModel) guarded).delegate()).isSameAs(delegate);
        assertThat(guarded).hasToString("GuardedChatModel{" + delegate + ", mode=enforce}");
    }
}
