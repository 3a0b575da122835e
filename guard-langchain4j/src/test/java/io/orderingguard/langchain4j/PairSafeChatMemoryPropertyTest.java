package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.TokenCountEstimator;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random conversations, fed message by message into a pair-safe memory with a random window
 * (messages, tokens, or both): at every point where an AI service would send a request (after a user
 * message, after the last result of a round), the memory's window passes the guard's pairing rules,
 * the user-first alternation and the "a tool loop opens with its thinking" rule. The same
 * conversations through LangChain4j's {@code MessageWindowChatMemory} break them, so the property
 * has teeth.
 */
class PairSafeChatMemoryPropertyTest {

    static final int SEEDS = 400;

    /** Pairing (unanswered calls, orphan results), user first, and thinking first in the current tool loop. */
    static final OrderingGuard GUARD = OrderingGuard.builder().mode(Mode.ENFORCE).profile(OrderingProfile.of("pairing",
            OrderingRule.toolResultPairing("pairing").withSeverity(Severity.BLOCKING),
            OrderingRule.alternation("user-first", Role.USER, Role.ASSISTANT).withSeverity(Severity.BLOCKING),
            OrderingRule.stepContent("turn-starts-with-thinking", Kind.TOOL_CALL, Kind.THOUGHT, StepPosition.FIRST,
                    StepScope.CURRENT_TURN).withSeverity(Severity.BLOCKING))).build();

    static Stream<Arguments> seeds() {
        return LongStream.range(0, SEEDS).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    /** One message of a generated run, and whether an AI service sends a request right after it. */
    record Step(ChatMessage message, boolean requestPoint) {}

    /** A conversation an AI service could produce: turns of tool rounds, thinking on every turn's first AI message or on none. */
    static List<Step> conversation(Random random) {
        List<Step> steps = new ArrayList<>();
        boolean thinking = random.nextBoolean();
        if (random.nextInt(4) == 0) {
            steps.add(new Step(SystemMessage.from("You are terse."), false));
        }
        int turns = 1 + random.nextInt(7);
        int call = 0;
        for (int t = 0; t < turns; t++) {
            steps.add(new Step(UserMessage.from("question " + t), true));
            int rounds = random.nextInt(5);
            for (int r = 0; r < rounds; r++) {
                int parallel = 1 + random.nextInt(3);
                List<ToolExecutionRequest> requests = new ArrayList<>();
                for (int p = 0; p < parallel; p++) {
                    requests.add(ToolExecutionRequest.builder().id("call_" + call++).name("search")
                            .arguments("{\"q\":\"" + t + "\"}").build());
                }
                AiMessage.Builder ai = AiMessage.builder().toolExecutionRequests(requests);
                if (thinking && r == 0) {
                    ai.thinking("plan " + t).attributes(Map.of("thinking_signature", "sig-" + t));
                }
                steps.add(new Step(ai.build(), false));
                for (int p = 0; p < parallel; p++) {
                    ToolExecutionRequest request = requests.get(p);
                    steps.add(new Step(ToolExecutionResultMessage.from(request, "hits " + p), p == parallel - 1));
                }
            }
            AiMessage.Builder answer = AiMessage.builder().text("answer " + t);
            if (thinking && rounds == 0) {
                answer.thinking("plan " + t).attributes(Map.of("thinking_signature", "sig-" + t));
            }
            steps.add(new Step(answer.build(), false));
        }
        return steps;
    }

    /** Counts one token per started 8 characters of each message's text form. */
    static final TokenCountEstimator ESTIMATOR = new TokenCountEstimator() {
        @Override
        public int estimateTokenCountInText(String text) {
            return (text.length() + 7) / 8;
        }

        @Override
        public int estimateTokenCountInMessage(ChatMessage message) {
            return estimateTokenCountInText(message.toString());
        }

        @Override
        public int estimateTokenCountInMessages(Iterable<ChatMessage> messages) {
            int total = 0;
            for (ChatMessage message : messages) {
                total += estimateTokenCountInMessage(message);
            }
            return total;
        }
    };

    static ChatMemory pairSafe(Random random) {
        PairSafeChatMemory.Builder builder = PairSafeChatMemory.builder();
        int window = random.nextInt(3);
        if (window != 1) {
            builder.maxMessages(1 + random.nextInt(12));
        }
        if (window != 0) {
            builder.maxTokens(40 + random.nextInt(400), ESTIMATOR);
        }
        return builder.build();
    }

    /** The first request point whose window is empty or rejected by the guard, as "after message N: …", or null. */
    static String firstRejection(List<Step> steps, ChatMemory memory) {
        for (int i = 0; i < steps.size(); i++) {
            memory.add(steps.get(i).message());
            List<ChatMessage> window = memory.messages();
            assertThat(window).as("a window is a subsequence of what was added").isSubsetOf(
                    steps.subList(0, i + 1).stream().map(Step::message).toList());
            if (steps.get(i).requestPoint() && window.isEmpty()) {
                return "after message " + i + ": the window is empty";
            }
            if (steps.get(i).requestPoint()) {
                GuardResult result = GUARD.check(ChatRequestCodec.create()
                        .encode(ChatRequest.builder().messages(window).build()).dispatch());
                if (result.rejected()) {
                    return "after message " + i + ": " + result.blocking();
                }
            }
        }
        return null;
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_never_evict_into_a_history_the_pairing_rules_reject(long seed) {
        Random random = new Random(seed);
        List<Step> steps = conversation(random);
        ChatMemory memory = pairSafe(random);

        assertThat(firstRejection(steps, memory)).as("seed %d, memory %s", seed, memory).isNull();
    }

    @Test
    void should_find_histories_that_langchain4j_message_window_breaks() {
        int broken = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            Random random = new Random(seed);
            List<Step> steps = conversation(random);
            if (firstRejection(steps, MessageWindowChatMemory.withMaxMessages(1 + random.nextInt(12))) != null) {
                broken++;
            }
        }
        assertThat(broken).as("seeds whose MessageWindowChatMemory window the guard rejects").isGreaterThan(SEEDS / 4);
    }

    @Test
    void should_pass_the_full_conversations_unwindowed() {
        Supplier<ChatMemory> unlimited = () -> PairSafeChatMemory.withMaxMessages(Integer.MAX_VALUE);
        for (long seed = 0; seed < SEEDS; seed++) {
            assertThat(firstRejection(conversation(new Random(seed)), unlimited.get())).as("seed %d", seed).isNull();
        }
    }
}
