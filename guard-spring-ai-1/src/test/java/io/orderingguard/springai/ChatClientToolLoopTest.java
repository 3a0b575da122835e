package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.CheckObservation;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.timeline.Dispatch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.ToolCallAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.support.ToolCallbacks;

/**
 * Spring AI 1.1's {@code ChatClient} does not run tools itself when the options turn internal tool
 * execution off, so an application can run the loop of {@link UserControlledToolLoopTest} through a
 * {@code ChatClient}: the {@link OrderingGuardAdvisor} then sees every round and refuses the one whose
 * window orphaned a tool result, before it is sent, called or streamed. With the model's own
 * (internal) tool execution, {@code MessageChatMemoryAdvisor} stores no tool round and the advisors
 * see the first request only. Behind 1.1's
 * {@code ToolCallAdvisor}, which runs the loop in the advisor chain, the advisor sees every round.
 * (Spring AI 2.0's {@code ChatClient} always runs the tool loop in its own advisor;
 * guard-spring-ai's {@code ChatClientEndToEndTest} covers that.)
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
    void a_streamed_round_whose_window_orphaned_a_result_fails_its_flux_before_any_request(Models.Provider provider) {
        ChatClient client = client(provider);

        // the first two rounds are called; the third, broken one is streamed
        Throwable thrown = catchThrowable(() -> UserControlledToolLoopTest.loop(provider,
                MessageWindowChatMemory.builder().maxMessages(4).build(), prompt -> {
                    ChatClient.ChatClientRequestSpec spec = client.prompt(prompt)
                            .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, UserControlledToolLoopTest.CONVERSATION));
                    return emulator.requestCount() < 2 ? spec.call().chatResponse()
                            : spec.stream().chatResponse().blockLast();
                }));

        assertThat(rootCause(thrown)).isInstanceOf(OrderingViolationException.class)
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

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void behind_tool_call_advisor_the_advisor_sees_every_round_of_the_loop(Models.Provider provider) {
        List<Dispatch> checked = Collections.synchronizedList(new ArrayList<>());
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.ENFORCE)
                .observer(dispatch -> {
                    checked.add(dispatch);
                    return CheckObservation.NONE;
                }).build();
        ChatClient client = ChatClient.builder(Models.of(provider, emulator))
                .defaultAdvisors(ToolCallAdvisor.builder().build(), OrderingGuardAdvisor.of(guard)).build();

        String answer = client.prompt().user("Find a and b").toolCallbacks(ToolCallbacks.from(new SearchTools()))
                .call().content();

        assertThat(answer).isEqualTo("Done");
        assertThat(emulator.requestCount()).isEqualTo(3);
        // one check per round, each with the calls and results of the rounds before it
        assertThat(checked).extracting(d -> d.timeline().entries().stream()
                .filter(e -> e instanceof io.orderingguard.timeline.ToolCall).count()).containsExactly(0L, 1L, 2L);
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void with_internal_tool_execution_the_memory_stores_no_tool_round_and_the_advisor_sees_the_first_request(
            Models.Provider provider) {
        List<Dispatch> checked = Collections.synchronizedList(new ArrayList<>());
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.ENFORCE)
                .observer(dispatch -> {
                    checked.add(dispatch);
                    return CheckObservation.NONE;
                }).build();
        ChatMemory memory = MessageWindowChatMemory.builder().maxMessages(4).build();
        ChatClient client = ChatClient.builder(Models.of(provider, emulator))
                .defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build(), OrderingGuardAdvisor.of(guard)).build();

        String answer = client.prompt().user("Find a and b").toolCallbacks(ToolCallbacks.from(new SearchTools()))
                .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "c-1")).call().content();

        // the model ran both tool rounds inside its call: three requests, one prompt through the advisors
        assertThat(answer).isEqualTo("Done");
        assertThat(emulator.requestCount()).isEqualTo(3);
        assertThat(checked).hasSize(1);
        assertThat(memory.get("c-1")).extracting(m -> m.getMessageType().getValue()).containsExactly("user", "assistant");
    }

    /** The guard's exception, which the streaming advisor chain may wrap. */
    static Throwable rootCause(Throwable t) {
        Throwable r = t;
        while (r != null && !(r instanceof OrderingViolationException) && r.getCause() != null) {
            r = r.getCause();
        }
        return r;
    }
}
