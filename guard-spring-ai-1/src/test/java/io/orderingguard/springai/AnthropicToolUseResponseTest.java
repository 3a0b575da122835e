package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.model.ChatModel;

/**
 * Spring AI 1.1's Anthropic model answers a tool-use response with two generations: an empty one
 * first, then one carrying the tool calls. A user-controlled tool loop that stores
 * {@code response.getResult().getOutput()} — the first — stores an empty answer without its calls, and
 * the next round sends it and the tool result alone, however large the memory window: Anthropic
 * refuses the empty message, and the guard reports the orphaned result before anything is sent.
 */
class AnthropicToolUseResponseTest {

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "a")), Answer.text("Done"));
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    static String loopStoringTheFirstGeneration(ChatModel model) {
        return UserControlledToolLoopTest.loop(Models.Provider.ANTHROPIC,
                MessageWindowChatMemory.builder().maxMessages(100).build(), model::call,
                response -> response.getResult().getOutput());
    }

    @Test
    void unguarded_the_second_round_gets_the_providers_400() {
        Throwable thrown = catchThrowable(() -> loopStoringTheFirstGeneration(Models.of(Models.Provider.ANTHROPIC,
                emulator)));

        assertThat(thrown).isNotNull();
        assertThat(emulator.requestCount()).isEqualTo(2);
        // the stored answer is an empty assistant message: the first thing Anthropic refuses, before the orphan
        assertThat(emulator.lastRequest().status()).isEqualTo(400);
        assertThat(emulator.lastRequest().violatedRule()).isEqualTo(EmulatorRule.ANTHROPIC_EMPTY_CONTENT);
    }

    @Test
    void enforce_refuses_the_second_round_before_it_is_sent() {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.ENFORCE).build();

        Throwable thrown = catchThrowable(() -> loopStoringTheFirstGeneration(GuardedChatModel.wrap(
                Models.of(Models.Provider.ANTHROPIC, emulator), guard)));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessageContaining("anthropic-tool-result-has-tool-use");
        assertThat(emulator.requestCount()).isEqualTo(1);
    }
}
