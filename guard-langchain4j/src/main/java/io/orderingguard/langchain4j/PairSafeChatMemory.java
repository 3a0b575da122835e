package io.orderingguard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.model.TokenCountEstimator;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import dev.langchain4j.store.memory.chat.InMemoryChatMemoryStore;
import io.orderingguard.support.MessageShape;
import io.orderingguard.support.PairSafeWindow;
import io.orderingguard.support.Require;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * A LangChain4j {@link ChatMemory} that keeps a window of the conversation without ever breaking a
 * pair. {@code MessageWindowChatMemory} and {@code TokenWindowChatMemory} evict the oldest message
 * (an {@code AiMessage} with tool calls together with the results after it), and so can leave a
 * memory that starts with an assistant message, a tool loop whose opening thinking block is gone, or,
 * in a window smaller than one tool round, a result whose call was evicted before it arrived. This
 * memory evicts whole units:
 * the oldest turn (a user message and everything the model did for it), and inside the last turn
 * whole tool rounds (an {@code AiMessage} with tool calls together with their results), never the
 * round whose {@code AiMessage} opens the turn with thinking or a signature. Prevention beside the
 * guard's repair: a window of this memory is a history the guard's pairing rules accept.
 *
 * <pre>{@code
 * ChatMemory memory = PairSafeChatMemory.builder().id("c-1").maxMessages(20).build();
 * ChatMemory byTokens = PairSafeChatMemory.builder()
 *         .maxTokens(4_000, estimator)        // a TokenCountEstimator, e.g. OpenAiTokenCountEstimator
 *         .chatMemoryStore(store)             // persisted like LangChain4j's own memories
 *         .build();
 * }</pre>
 *
 * <p>Windows: by message count ({@link Builder#maxMessages}), by token estimate
 * ({@link Builder#maxTokens}) or both (both must hold). The window is applied when a message is
 * added and when the memory is read. When the newest turn alone cannot be shrunk below the limit
 * without breaking a pair, the memory holds more than the limit until the next user message lets
 * the old turn go: a broken history costs a provider 400, a slightly long one costs tokens.
 *
 * <p>System messages behave as in LangChain4j's memories: at most one is kept, always first, never
 * evicted; adding the same one again does nothing, adding another replaces it.
 *
 * <p>Thread-safety: the same as the store's (the default in-memory store is safe for one
 * conversation at a time, as LangChain4j's own memories are).
 */
public final class PairSafeChatMemory implements ChatMemory {

    private final Object id;
    private final int maxMessages;
    private final int maxTokens;
    private final TokenCountEstimator estimator;
    private final ChatMemoryStore store;

    private PairSafeChatMemory(Builder builder, ChatMemoryStore store) {
        this.id = builder.id;
        this.maxMessages = builder.maxMessages;
        this.maxTokens = builder.maxTokens;
        this.estimator = builder.estimator;
        this.store = store;
    }

    /**
     * Returns a builder.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns a memory with the default id and store that keeps at most {@code maxMessages} messages.
     *
     * @param maxMessages the message window, at least 1
     * @return the memory
     * @throws IllegalArgumentException when {@code maxMessages} is below 1
     */
    public static PairSafeChatMemory withMaxMessages(int maxMessages) {
        return builder().maxMessages(maxMessages).build();
    }

    @Override
    public Object id() {
        return id;
    }

    @Override
    public void add(ChatMessage message) {
        Require.nonNull(message, "message");
        List<ChatMessage> messages = new ArrayList<>(store.getMessages(id));
        if (message instanceof SystemMessage) {
            if (messages.contains(message)) {
                return;
            }
            messages.removeIf(SystemMessage.class::isInstance);
            messages.add(0, message);
        } else {
            messages.add(message);
        }
        store.updateMessages(id, window(messages));
    }

    @Override
    public void set(Iterable<ChatMessage> messages) {
        Require.nonNull(messages, "messages");
        List<ChatMessage> all = new ArrayList<>();
        messages.forEach(m -> all.add(Require.nonNull(m, "message")));
        store.updateMessages(id, window(all));
    }

    @Override
    public List<ChatMessage> messages() {
        return List.copyOf(window(new ArrayList<>(store.getMessages(id))));
    }

    @Override
    public void clear() {
        store.deleteMessages(id);
    }

    private List<ChatMessage> window(List<ChatMessage> messages) {
        Predicate<List<ChatMessage>> fits = list -> (maxMessages == 0 || list.size() <= maxMessages)
                && (estimator == null || estimator.estimateTokenCountInMessages(list) <= maxTokens);
        return PairSafeWindow.fit(messages, PairSafeChatMemory::shape, fits);
    }

    /**
     * Returns what a LangChain4j message is for the window: tool calls and results by id, and whether
     * an {@code AiMessage} carries reasoning (its {@code thinking()} text or a signature attribute).
     *
     * @param message the message
     * @return its shape
     */
    static MessageShape shape(ChatMessage message) {
        if (message instanceof SystemMessage) {
            return MessageShape.system();
        }
        if (message instanceof UserMessage) {
            return MessageShape.user();
        }
        if (message instanceof ToolExecutionResultMessage result) {
            return MessageShape.toolResult(result.id());
        }
        if (message instanceof AiMessage ai) {
            List<String> calls = new ArrayList<>();
            for (ToolExecutionRequest request : ai.toolExecutionRequests()) {
                calls.add(request.id());
            }
            return MessageShape.assistant(calls, ai.thinking() != null || reasoningAttribute(ai));
        }
        return MessageShape.other();
    }

    private static boolean reasoningAttribute(AiMessage ai) {
        for (String key : ai.attributes().keySet()) {
            String k = key.toLowerCase(Locale.ROOT);
            if (k.contains("thinking") || k.contains("signature") || k.contains("reasoning")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Builds a {@link PairSafeChatMemory}. Not thread-safe.
     */
    public static final class Builder {
        private Object id = "default";
        private int maxMessages;
        private int maxTokens;
        private TokenCountEstimator estimator;
        private ChatMemoryStore store;

        private Builder() {}

        /**
         * Sets the memory id (default {@code "default"}), the key of its messages in the store.
         *
         * @param value the id
         * @return this
         */
        public Builder id(Object value) {
            this.id = Require.nonNull(value, "id");
            return this;
        }

        /**
         * Keeps at most this many messages (system message included), evicting whole turns and tool
         * rounds.
         *
         * @param value the window, at least 1
         * @return this
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxMessages(int value) {
            Require.argument(value >= 1, "maxMessages must be >= 1, but was " + value);
            this.maxMessages = value;
            return this;
        }

        /**
         * Keeps at most this many tokens, as the estimator counts the whole memory, evicting whole turns
         * and tool rounds.
         *
         * @param value the window, at least 1
         * @param tokenCountEstimator the estimator, e.g. the provider module's
         * @return this
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxTokens(int value, TokenCountEstimator tokenCountEstimator) {
            Require.argument(value >= 1, "maxTokens must be >= 1, but was " + value);
            this.maxTokens = value;
            this.estimator = Require.nonNull(tokenCountEstimator, "tokenCountEstimator");
            return this;
        }

        /**
         * Sets the store holding the messages (default: a new {@link InMemoryChatMemoryStore}).
         *
         * @param value the store
         * @return this
         */
        public Builder chatMemoryStore(ChatMemoryStore value) {
            this.store = Require.nonNull(value, "chatMemoryStore");
            return this;
        }

        /**
         * Builds the memory.
         *
         * @return the memory
         * @throws IllegalStateException when neither {@link #maxMessages} nor {@link #maxTokens} was set
         */
        public PairSafeChatMemory build() {
            if (maxMessages == 0 && estimator == null) {
                throw new IllegalStateException("a PairSafeChatMemory needs a window: set maxMessages, maxTokens or both");
            }
            return new PairSafeChatMemory(this, store != null ? store : new InMemoryChatMemoryStore());
        }
    }
}
