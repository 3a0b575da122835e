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
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.support.ToolCallbacks;

/**
 * The tool loop an application runs itself — Spring AI 1.1's "user-controlled tool execution": the
 * model returns tool calls instead of running them, {@link ToolCallingManager} runs them, and the
 * history lives in a {@link ChatMemory} window — with the real OpenAI and Anthropic models against the
 * provider emulator, on both Spring AI lines. On 1.1 this is where an orphaned tool result comes from
 * ({@code MessageChatMemoryAdvisor} never stores tool rounds); a {@link MessageWindowChatMemory} of 4
 * messages evicts the first call and keeps its result (1.1) or keeps nothing of the turn (2.0), and the
 * third round sends a result without its call. Mutate is shown on OpenAI: on Anthropic the 2.0 window
 * leaves no message once the orphan is dropped, which Spring AI refuses before sending.
 */
class UserControlledToolLoopTest {

    static final String CONVERSATION = "loop-1";

    ProviderEmulator emulator;

    @AfterEach
    void stop() {
        if (emulator != null) {
            emulator.close();
        }
    }

    void start() {
        emulator = ProviderEmulator.create().start();
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "a")), Answer.toolCall("search", Map.of("q", "b")),
                Answer.text("Done"));
    }

    static OrderingGuard guard(Mode mode) {
        return OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build();
    }

    static ChatMemory window() {
        return MessageWindowChatMemory.builder().maxMessages(4).build();
    }

    /**
     * The loop of the reference documentation: each round sends the memory's window, stores the answer,
     * runs the calls and stores their results, until the model answers without tool calls.
     *
     * @param send sends one round's prompt (a model's {@code call}, or a {@code ChatClient} call)
     * @return the final answer
     */
    static String loop(Models.Provider provider, ChatMemory memory, Function<Prompt, ChatResponse> send) {
        return loop(provider, memory, send, UserControlledToolLoopTest::withToolCalls);
    }

    /**
     * The loop, storing what {@code answer} picks of each response.
     *
     * @param answer the assistant message of a response that goes into the memory
     */
    static String loop(Models.Provider provider, ChatMemory memory, Function<Prompt, ChatResponse> send,
            Function<ChatResponse, AssistantMessage> answer) {
        ChatOptions options = Models.userControlled(provider, ToolCallbacks.from(new SearchTools()));
        ToolCallingManager tools = ToolCallingManager.builder().build();
        memory.add(CONVERSATION, List.of(new SystemMessage("You are terse."), new UserMessage("Find a and b")));
        Prompt prompt = new Prompt(memory.get(CONVERSATION), options);
        ChatResponse response = send.apply(prompt);
        memory.add(CONVERSATION, answer.apply(response));
        while (response.hasToolCalls()) {
            ToolExecutionResult executed = tools.executeToolCalls(prompt, response);
            List<Message> history = executed.conversationHistory();
            memory.add(CONVERSATION, history.get(history.size() - 1));
            prompt = new Prompt(memory.get(CONVERSATION), options);
            response = send.apply(prompt);
            memory.add(CONVERSATION, answer.apply(response));
        }
        return response.getResult().getOutput().getText();
    }

    /**
     * The assistant message of a response that carries its tool calls. Spring AI 1.1's Anthropic model
     * answers a tool-use response with an empty generation first and the tool calls in a second one,
     * so {@code getResult()} alone would store the answer without its calls.
     */
    static AssistantMessage withToolCalls(ChatResponse response) {
        for (Generation g : response.getResults()) {
            if (g.getOutput().hasToolCalls()) {
                return g.getOutput();
            }
        }
        return response.getResult().getOutput();
    }

    ChatModel guarded(Models.Provider provider, Mode mode) {
        return GuardedChatModel.builder(Models.of(provider, emulator), guard(mode)).conversationId(p -> CONVERSATION)
                .build();
    }

    static EmulatorRule orphanRule(Models.Provider provider) {
        return provider == Models.Provider.OPENAI ? EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL
                : EmulatorRule.ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE;
    }

    static String orphanRuleId(Models.Provider provider) {
        return provider == Models.Provider.OPENAI ? "openai-tool-message-follows-tool-calls"
                : "anthropic-tool-result-has-tool-use";
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void unguarded_the_window_orphans_a_result_and_the_provider_answers_400(Models.Provider provider) {
        start();
        ChatModel model = Models.of(provider, emulator);

        Throwable thrown = catchThrowable(() -> loop(provider, window(), model::call));

        assertThat(thrown).isNotNull();
        assertThat(emulator.requestCount()).isEqualTo(3);
        assertThat(emulator.lastRequest().status()).isEqualTo(400);
        assertThat(emulator.lastRequest().violatedRule()).isEqualTo(orphanRule(provider));
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void the_decorator_in_enforce_refuses_the_orphaned_result_before_any_request(Models.Provider provider) {
        start();

        Throwable thrown = catchThrowable(() -> loop(provider, window(), guarded(provider, Mode.ENFORCE)::call));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessageStartingWith("rejected dispatch of conversation " + CONVERSATION + " (profile ")
                .hasMessageContaining(orphanRuleId(provider));
        // the first two rounds went out; the broken third one never did
        assertThat(emulator.requestCount()).isEqualTo(2);
        assertThat(emulator.rejections()).isEmpty();
    }

    @Test
    void the_decorator_in_mutate_sends_the_repaired_round_and_every_round_gets_a_200() {
        start();

        String answer = loop(Models.Provider.OPENAI, window(), guarded(Models.Provider.OPENAI, Mode.MUTATE)::call);

        assertThat(answer).isEqualTo("Done");
        assertThat(emulator.requestCount()).isEqualTo(3);
        assertThat(emulator.rejections()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void the_pair_safe_memory_never_sends_a_result_without_its_call(Models.Provider provider) {
        start();

        String answer = loop(provider, PairSafeChatMemory.builder().maxMessages(4).build(),
                guarded(provider, Mode.MUTATE)::call);

        assertThat(answer).isEqualTo("Done");
        assertThat(emulator.requestCount()).isEqualTo(3);
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.requests()).allSatisfy(r -> assertThat(r.violatedRule()).isNull());
    }

    @ParameterizedTest
    @EnumSource(Models.Provider.class)
    void a_streamed_round_with_the_orphaned_result_fails_its_flux_before_any_request(Models.Provider provider) {
        start();
        ChatModel model = guarded(provider, Mode.ENFORCE);
        ChatMemory memory = window();
        // the first two rounds are called; the third, broken one is streamed
        Throwable thrown = catchThrowable(() -> loop(provider, memory, prompt -> emulator.requestCount() < 2
                ? model.call(prompt) : model.stream(prompt).blockLast()));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessageContaining(orphanRuleId(provider));
        assertThat(emulator.requestCount()).isEqualTo(2);
        assertThat(emulator.rejections()).isEmpty();
    }
}
