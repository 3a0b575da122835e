package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.TokenCountEstimator;
import dev.langchain4j.store.memory.chat.InMemoryChatMemoryStore;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pair-safe memory evicts whole turns and tool rounds, where LangChain4j's window evicts messages. */
class PairSafeChatMemoryTest {

    static final UserMessage ASK = UserMessage.from("Weather in Oslo and Bergen?");
    static final AiMessage CALL_1 = calls(false, "call_1");
    static final ToolExecutionResultMessage RESULT_1 = ToolExecutionResultMessage.from("call_1", "weather", "18C");
    static final AiMessage CALL_2 = calls(false, "call_2");
    static final ToolExecutionResultMessage RESULT_2 = ToolExecutionResultMessage.from("call_2", "weather", "12C");
    static final AiMessage ANSWER = AiMessage.from("Oslo 18C, Bergen 12C");
    static final UserMessage THANKS = UserMessage.from("And tomorrow?");

    static AiMessage calls(boolean thinking, String... ids) {
        AiMessage.Builder builder = AiMessage.builder();
        if (thinking) {
            builder.thinking("the user wants the weather").attributes(Map.of("thinking_signature", "sig-" + ids[0]));
        }
        return builder.toolExecutionRequests(java.util.Arrays.stream(ids)
                .map(id -> ToolExecutionRequest.builder().id(id).name("weather").arguments("{}").build())
                .toList()).build();
    }

    static void addAll(dev.langchain4j.memory.ChatMemory memory, ChatMessage... messages) {
        for (ChatMessage message : messages) {
            memory.add(message);
        }
    }

    @Test
    void should_evict_the_oldest_turn_whole_where_the_message_window_orphans_a_result() {
        // GIVEN a finished tool turn and a new question, in a window of 4 messages
        PairSafeChatMemory safe = PairSafeChatMemory.withMaxMessages(4);
        MessageWindowChatMemory plain = MessageWindowChatMemory.withMaxMessages(4);

        // WHEN both remember the same conversation
        addAll(safe, ASK, CALL_1, RESULT_1, ANSWER, THANKS);
        addAll(plain, ASK, CALL_1, RESULT_1, ANSWER, THANKS);

        // THEN LangChain4j's window starts with the tool round's tail; the pair-safe one starts with the user
        assertThat(plain.messages()).containsExactly(CALL_1, RESULT_1, ANSWER, THANKS);
        assertThat(safe.messages()).containsExactly(THANKS);
    }

    @Test
    void should_evict_a_whole_tool_round_inside_the_current_turn() {
        // GIVEN a turn with two rounds that outgrows a window of 4
        PairSafeChatMemory memory = PairSafeChatMemory.withMaxMessages(4);

        // WHEN the second round's result arrives
        addAll(memory, ASK, CALL_1, RESULT_1, CALL_2, RESULT_2);

        // THEN the first round went with its result, and the turn still opens with the user
        assertThat(memory.messages()).containsExactly(ASK, CALL_2, RESULT_2);
    }

    @Test
    void should_keep_the_round_whose_thinking_opens_the_turn() {
        // GIVEN a turn opened by a signed thinking block, with three rounds, in a window of 5
        AiMessage thinking = calls(true, "call_1");
        AiMessage call3 = calls(false, "call_3");
        ToolExecutionResultMessage result3 = ToolExecutionResultMessage.from("call_3", "weather", "9C");
        PairSafeChatMemory memory = PairSafeChatMemory.withMaxMessages(5);

        // WHEN the rounds pile up
        addAll(memory, ASK, thinking, RESULT_1, CALL_2, RESULT_2, call3, result3);

        // THEN the middle round goes; the thinking round and the newest round stay
        assertThat(memory.messages()).containsExactly(ASK, thinking, RESULT_1, call3, result3);
    }

    @Test
    void should_stay_over_the_limit_rather_than_break_the_newest_round() {
        // GIVEN a window of 2 and a turn that cannot lose anything
        PairSafeChatMemory memory = PairSafeChatMemory.withMaxMessages(2);

        // WHEN a round is in progress
        addAll(memory, ASK, calls(false, "call_1", "call_2"), RESULT_1);

        // THEN the memory holds the turn whole (3 messages)
        assertThat(memory.messages()).hasSize(3).startsWith(ASK);
    }

    @Test
    void should_keep_one_system_message_first_and_never_evict_it() {
        // GIVEN a memory of 3 with a system message
        PairSafeChatMemory memory = PairSafeChatMemory.withMaxMessages(3);
        SystemMessage first = SystemMessage.from("Be brief");
        SystemMessage second = SystemMessage.from("Be precise");

        // WHEN a second system message and two turns arrive
        addAll(memory, first, ASK, ANSWER, first, second, THANKS);

        // THEN the new system message replaced the old one, first; the old turn went whole
        assertThat(memory.messages()).containsExactly(second, THANKS);
    }

    @Test
    void should_window_by_token_estimate_with_the_estimator_given() {
        // GIVEN an estimator counting 10 tokens a message and a window of 35 tokens
        TokenCountEstimator tenEach = new TokenCountEstimator() {
            @Override
            public int estimateTokenCountInText(String text) {
                return 10;
            }

            @Override
            public int estimateTokenCountInMessage(ChatMessage message) {
                return 10;
            }

            @Override
            public int estimateTokenCountInMessages(Iterable<ChatMessage> messages) {
                int n = 0;
                for (ChatMessage ignored : messages) {
                    n += 10;
                }
                return n;
            }
        };
        InMemoryChatMemoryStore store = new InMemoryChatMemoryStore();
        PairSafeChatMemory memory = PairSafeChatMemory.builder().id("c-7").maxTokens(35, tenEach)
                .chatMemoryStore(store).build();

        // WHEN a tool turn ends and a new one starts
        addAll(memory, ASK, CALL_1, RESULT_1, ANSWER, THANKS, CALL_2);

        // THEN the first turn went whole, and the store holds the window under the memory's id
        assertThat(memory.messages()).containsExactly(THANKS, CALL_2);
        assertThat(store.getMessages("c-7")).containsExactly(THANKS, CALL_2);
        assertThat(memory.id()).isEqualTo("c-7");
    }

    @Test
    void should_apply_the_window_to_a_set_history_and_clear_it() {
        PairSafeChatMemory memory = PairSafeChatMemory.withMaxMessages(3);

        memory.set(List.of(CALL_1, RESULT_1, ASK, ANSWER));
        List<ChatMessage> windowed = memory.messages();
        memory.clear();

        assertThat(windowed).containsExactly(ASK, ANSWER);
        assertThat(memory.messages()).isEmpty();
    }

    @Test
    void should_fail_when_the_window_is_missing_or_out_of_range() {
        assertThatThrownBy(() -> PairSafeChatMemory.builder().build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a PairSafeChatMemory needs a window: set maxMessages, maxTokens or both");
        assertThatThrownBy(() -> PairSafeChatMemory.withMaxMessages(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxMessages must be >= 1, but was 0");
        assertThatThrownBy(() -> PairSafeChatMemory.builder().maxTokens(-5, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxTokens must be >= 1, but was -5");
    }
}
