package io.orderingguard.springai;

import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;

/**
 * The one place where Spring AI 2.0 and 1.1 name a {@code ChatModel}'s default options differently:
 * 2.0 has {@code getOptions()} (its {@code getDefaultOptions()} is deprecated for removal), 1.1 has
 * only {@code getDefaultOptions()}. guard-spring-ai and guard-spring-ai-1 each compile their own copy
 * of this interface beside the sources they share; {@link GuardedChatModel} forwards the delegate's
 * options through its default method. Not public API.
 */
interface DelegatingChatModel extends ChatModel {

    /**
     * Returns the wrapped model.
     *
     * @return the delegate
     */
    ChatModel delegate();

    /**
     * Returns the delegate's default options.
     *
     * @return the delegate's options
     */
    @Override
    default ChatOptions getOptions() {
        return delegate().getOptions();
    }

    /** The default options of a model (the model name and tools a prompt leaves out). */
    static ChatOptions defaultOptions(ChatModel model) {
        return model.getOptions();
    }
}
