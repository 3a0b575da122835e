package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;

/**
 * Spring AI 1.1's {@code ChatClient} does not run tools itself when the options turn internal tool
 * execution off, so an application can run the loop of {@link UserControlledToolLoopTest} through a
 * {@code ChatClient}: the {@link OrderingGuardAdvisor} then sees every round and refuses the one whose
 * window orphaned a tool result, before it is sent. (Spring AI 2.0's {@code ChatClient} always runs the
 * tool loop in its own advisor; guard-spring-ai's {@code ChatClientEndToEndTest} covers that.)
 */
class ChatClientToolLoopTest {

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "a")), Answer.toolCall("search", Map.of("q", "b")),
                Answer.text("Done"));
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    ChatClient client(Models.Provider provider) {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.ENFORCE).build();
        return ChatClient.builder(Models.of(provider, emulator)).defaultAdvisors(OrderingGuardAdvisor.of(guard)).build();
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void the_advisor_refuses_the_round_whose_window_orphaned_a_result(Models.Provider provider) {
        ChatClient client = client(provider);

        Throwable thrown = catchThrowable(() -> UserControlledToolLoopTest.loop(provider,
                MessageWindowChatMemory.builder().maxMessages(4).build(), prompt -> client.prompt(prompt)
                        .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, UserControlledToolLoopTest.CONVERSATION))
                        .call().chatResponse()));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessageStartingWith("rejected dispatch of conversation loop-1 (profile ")
                .hasMessageContaining(UserControlledToolLoopTest.orphanRuleId(provider));
        assertThat(emulator.requestCount()).isEqualTo(2);
        assertThat(emulator.rejections()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void with_the_pair_safe_memory_every_round_goes_through(Models.Provider provider) {
        ChatClient client = client(provider);

        Throwable thrown = catchThrowable(() -> UserControlledToolLoopTest.loop(provider,
                PairSafeChatMemory.builder().maxMessages(4).build(), prompt -> client.prompt(prompt)
                        .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, UserControlledToolLoopTest.CONVERSATION))
                        .call().chatResponse()));

        assertThat(thrown).isNull();
        assertThat(emulator.requestCount()).isEqualTo(3);
        assertThat(emulator.rejections()).isEmpty();
    }
}
