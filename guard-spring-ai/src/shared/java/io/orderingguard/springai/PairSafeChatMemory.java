package io.orderingguard.springai;

import io.orderingguard.support.Require;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToIntFunction;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.memory.InMemoryChatMemoryRepository;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;

/**
 * A {@link ChatMemory} with a window that never breaks a pair: when the conversation is over the
 * message limit or the token estimate, it evicts whole units, oldest first — a tool call together with
 * its results, a thinking block together with the turn it opens, a user message, an assistant answer —
 * instead of single messages. A window therefore never keeps a tool result whose call it dropped, and
 * never keeps the later rounds of a thinking turn without the signed block that opened it. Backed by a
 * {@link ChatMemoryRepository} (in memory by default; JDBC, Redis… as the application configures).
 *
 * <pre>{@code
 * ChatMemory memory = PairSafeChatMemory.builder().maxMessages(20).maxTokens(8_000).build();
 * ChatClient client = ChatClient.builder(chatModel)
 *         .defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build())
 *         .build();
 * }</pre>
 *
 * <p>The newest unit is never evicted, so a round in progress (a tool call whose result has not been
 * added yet) keeps its call and the result that arrives next still has it. When that single unit is
 * larger than the window, the window is exceeded rather than broken. System messages are kept and
 * counted, as {@code MessageWindowChatMemory} does; a new system message replaces the stored ones.
 *
 * <p>The token estimate is {@code (characters + 3) / 4} per message (text, tool arguments and
 * responses, thinking) unless another estimator is given.
 *
 * <p>Thread-safe as far as its repository is: each call reads, trims and saves one conversation.
 */
public final class PairSafeChatMemory implements ChatMemory {

    /** The default message limit, as {@code MessageWindowChatMemory}'s. */
    public static final int DEFAULT_MAX_MESSAGES = 20;

    private final ChatMemoryRepository repository;
    private final int maxMessages;
    private final int maxTokens;
    private final ToIntFunction<Message> tokenEstimator;

    private PairSafeChatMemory(Builder b) {
        this.repository = b.repository;
        this.maxMessages = b.maxMessages;
        this.maxTokens = b.maxTokens;
        this.tokenEstimator = b.tokenEstimator;
    }

    /**
     * Starts a builder: 20 messages, no token limit, an in-memory repository.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public void add(String conversationId, List<Message> messages) {
        Require.nonBlank(conversationId, "conversationId");
        Require.nonNull(messages, "messages");
        for (int i = 0; i < messages.size(); i++) {
            Require.nonNull(messages.get(i), "messages[" + i + "]");
        }
        List<Message> stored = repository.findByConversationId(conversationId);
        Set<Message> known = new HashSet<>(stored);
        boolean newSystem = false;
        for (Message m : messages) {
            newSystem |= m instanceof SystemMessage && !known.contains(m);
        }
        List<Message> all = new ArrayList<>(stored.size() + messages.size());
        for (Message m : stored) {
            if (!(newSystem && m instanceof SystemMessage)) {
                all.add(m);
            }
        }
        all.addAll(messages);
        repository.saveAll(conversationId, trim(all));
    }

    @Override
    public List<Message> get(String conversationId) {
        Require.nonBlank(conversationId, "conversationId");
        return repository.findByConversationId(conversationId);
    }

    @Override
    public void clear(String conversationId) {
        Require.nonBlank(conversationId, "conversationId");
        repository.deleteByConversationId(conversationId);
    }

    /** Evicts whole units, oldest first, until the window fits or one unit is left. */
    List<Message> trim(List<Message> messages) {
        int count = messages.size();
        long tokens = 0;
        int[] estimates = new int[count];
        for (int i = 0; i < count; i++) {
            estimates[i] = tokenEstimator.applyAsInt(messages.get(i));
            tokens += estimates[i];
        }
        if (count <= maxMessages && tokens <= maxTokens) {
            return messages;
        }
        List<int[]> units = ToolRounds.units(messages);
        boolean[] evicted = new boolean[count];
        for (int u = 0; u < units.size() - 1 && (count > maxMessages || tokens > maxTokens); u++) {
            for (int index : units.get(u)) {
                evicted[index] = true;
                count--;
                tokens -= estimates[index];
            }
        }
        List<Message> kept = new ArrayList<>(count);
        for (int i = 0; i < messages.size(); i++) {
            if (!evicted[i]) {
                kept.add(messages.get(i));
            }
        }
        return kept;
    }

    /**
     * The default token estimate of a message: a quarter of its characters, rounded up.
     *
     * @param message the message
     * @return the estimate
     */
    public static int estimateTokens(Message message) {
        long chars = message.getText() == null ? 0 : message.getText().length();
        if (message instanceof AssistantMessage a) {
            for (AssistantMessage.ToolCall c : a.getToolCalls()) {
                chars += (c.name() == null ? 0 : c.name().length()) + (c.arguments() == null ? 0 : c.arguments().length());
            }
            for (ThinkingContents.Block b : ThinkingContents.read(a.getMetadata())) {
                chars += (b.thinking() == null ? 0 : b.thinking().length()) + (b.data() == null ? 0 : b.data().length());
            }
            if (a.getMetadata().get(PromptCodec.REASONING_CONTENT) instanceof String r) {
                chars += r.length();
            }
        } else if (message instanceof ToolResponseMessage t) {
            for (ToolResponseMessage.ToolResponse r : t.getResponses()) {
                chars += r.responseData() == null ? 0 : r.responseData().length();
            }
        }
        return (int) Math.min(Integer.MAX_VALUE, (chars + 3) / 4);
    }

    @Override
    public String toString() {
        return "PairSafeChatMemory{maxMessages=" + maxMessages
                + (maxTokens == Integer.MAX_VALUE ? "" : ", maxTokens=" + maxTokens) + "}";
    }

    /** Configures a {@link PairSafeChatMemory}. Not thread-safe. */
    public static final class Builder {
        private ChatMemoryRepository repository = new InMemoryChatMemoryRepository();
        private int maxMessages = DEFAULT_MAX_MESSAGES;
        private int maxTokens = Integer.MAX_VALUE;
        private ToIntFunction<Message> tokenEstimator = PairSafeChatMemory::estimateTokens;

        private Builder() {}

        /**
         * Sets where conversations are stored (default: an {@code InMemoryChatMemoryRepository}).
         *
         * @param value the repository
         * @return this
         */
        public Builder chatMemoryRepository(ChatMemoryRepository value) {
            this.repository = Require.nonNull(value, "chatMemoryRepository");
            return this;
        }

        /**
         * Sets the message limit (default 20).
         *
         * @param value at least 1
         * @return this
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxMessages(int value) {
            Require.argument(value >= 1, "maxMessages must be >= 1, but was " + value);
            this.maxMessages = value;
            return this;
        }

        /**
         * Sets the token limit of the estimate (default: none).
         *
         * @param value at least 1
         * @return this
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxTokens(int value) {
            Require.argument(value >= 1, "maxTokens must be >= 1, but was " + value);
            this.maxTokens = value;
            return this;
        }

        /**
         * Sets how many tokens a message counts (default {@link PairSafeChatMemory#estimateTokens}).
         *
         * @param value the estimator; it must return a count of at least 0
         * @return this
         */
        public Builder tokenEstimator(ToIntFunction<Message> value) {
            this.tokenEstimator = Require.nonNull(value, "tokenEstimator");
            return this;
        }

        /**
         * Builds the memory.
         *
         * @return the memory
         */
        public PairSafeChatMemory build() {
            return new PairSafeChatMemory(this);
        }
    }
}
