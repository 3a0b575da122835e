package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.timeline.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * Seeded random conversations — user turns, tool loops with parallel calls, thinking that opens a
 * turn (Anthropic thinking blocks on Spring AI 2.0, reasoning content on 1.1: see {@code Thinking}) —
 * fed to a memory the way Spring AI's {@code MessageChatMemoryAdvisor} does inside the
 * tool loop (each round's prompt is the memory plus the new message, which is then added), with
 * random message and token windows. Every prompt and every stored conversation is checked by a guard
 * holding the pairing rules (an orphan result, an unanswered call, a thinking turn without its
 * opening block are blocking findings): none may be found.
 */
class PairSafeChatMemoryPropertyTest {

    /** Anthropic's pairing rules: no orphan result, no unanswered call. */
    static final OrderingGuard PAIRING = OrderingGuard.of(OrderingProfile.of("pairing",
            OrderingRule.toolResultPairing("pairing").withSeverity(Severity.BLOCKING)));

    /** With thinking on, also: the tool loop of the current turn starts with a thinking block (T1). */
    static final OrderingGuard THINKING = OrderingGuard.of(OrderingProfile.of("pairing-thinking",
            OrderingRule.toolResultPairing("pairing").withSeverity(Severity.BLOCKING),
            OrderingRule.stepContent("turn-starts-with-thinking", Kind.TOOL_CALL, Kind.THOUGHT, StepPosition.FIRST,
                    StepScope.CURRENT_TURN).withSeverity(Severity.BLOCKING)));

    static Stream<Long> seeds() {
        return IntStream.range(0, 300).mapToObj(i -> 0x5EED0000L + i);
    }

    /** What a run broke: the first blocking finding, with the prompt it was found in; {@code null} when none. */
    static String run(long seed, ChatMemory memory, int maxMessages) {
        Random random = new Random(seed);
        String conversation = "c-" + seed;
        int calls = 0;
        boolean thinking = random.nextBoolean();
        List<Message> pending = new ArrayList<>();
        pending.add(new SystemMessage("Be brief."));
        for (int turn = 0; turn < 2 + random.nextInt(5); turn++) {
            pending.add(new UserMessage("question " + turn + " " + "x".repeat(random.nextInt(200))));
            int rounds = random.nextInt(5);
            for (int round = 0; round <= rounds; round++) {
                // before(): the prompt is the memory plus the new messages, which are then stored
                List<Message> prompt = new ArrayList<>(memory.get(conversation));
                prompt.addAll(pending);
                String broken = check(prompt, false, thinking);
                if (broken != null) {
                    return broken;
                }
                memory.add(conversation, pending);
                pending = new ArrayList<>();
                // the model answers: tool calls until the last round, then text; after() stores the answer
                boolean last = round == rounds;
                List<Object> blocks = thinking && round == 0
                        ? List.of(Thinking.block("thought " + turn, "sig-" + seed + "-" + turn)) : List.of();
                AssistantMessage answer;
                List<ToolResponseMessage.ToolResponse> responses = new ArrayList<>();
                if (last) {
                    answer = Thinking.message("answer " + turn, blocks);
                } else {
                    List<AssistantMessage.ToolCall> toolCalls = new ArrayList<>();
                    for (int k = 0; k < 1 + random.nextInt(3); k++) {
                        String id = "toolu_" + (++calls);
                        toolCalls.add(new AssistantMessage.ToolCall(id, "function", "search", "{\"q\":\"" + id + "\"}"));
                        responses.add(new ToolResponseMessage.ToolResponse(id, "search", "y".repeat(random.nextInt(400))));
                    }
                    answer = Thinking.message("", blocks, toolCalls.toArray(new AssistantMessage.ToolCall[0]));
                }
                memory.add(conversation, List.of(answer));
                if (!last) {
                    pending.add(ToolResponseMessage.builder().responses(responses).build());
                }
            }
            String stored = check(memory.get(conversation), true, thinking);
            if (stored != null) {
                return stored;
            }
            if (memory instanceof PairSafeChatMemory && memory.get(conversation).size() > maxMessages) {
                List<int[]> units = ToolRounds.units(memory.get(conversation));
                if (units.size() > 1) {
                    return "the window of " + maxMessages + " holds " + memory.get(conversation).size()
                            + " messages in " + units.size() + " units";
                }
            }
        }
        return null;
    }

    static String check(List<Message> messages, boolean stored, boolean thinking) {
        if (messages.stream().allMatch(m -> m instanceof SystemMessage)) {
            return null;
        }
        GuardResult result = (thinking ? THINKING : PAIRING).check(PromptCodec.of("anthropic").encode(new Prompt(messages), null).dispatch());
        if (result.blocking().isEmpty()) {
            return null;
        }
        return (stored ? "stored " : "prompt ") + result.blocking().get(0).detail() + " in " + Describe.messages(messages);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void no_eviction_sequence_breaks_a_pair_or_a_thinking_turn(long seed) {
        Random random = new Random(~seed);
        int maxMessages = 2 + random.nextInt(12);
        PairSafeChatMemory.Builder builder = PairSafeChatMemory.builder().maxMessages(maxMessages);
        if (random.nextBoolean()) {
            builder.maxTokens(50 + random.nextInt(400));
        }

        assertThat(run(seed, builder.build(), maxMessages)).isNull();
    }

    @Test
    void message_window_chat_memory_breaks_pairs_under_the_same_sequences() {
        long broken = seeds().filter(seed -> {
            int maxMessages = 2 + new Random(~seed).nextInt(12);
            return run(seed, MessageWindowChatMemory.builder().maxMessages(maxMessages).build(), maxMessages) != null;
        }).count();

        assertThat(broken).isGreaterThan(0);
    }
}
