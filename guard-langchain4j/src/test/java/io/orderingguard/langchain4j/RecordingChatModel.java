package io.orderingguard.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An in-memory {@link ChatModel} that records what it was asked to send and answers "ok" — the
 * "recording client" of the unit tests (the end-to-end tests use the real HTTP clients).
 */
final class RecordingChatModel implements ChatModel {

    final List<ChatRequest> sent = new CopyOnWriteArrayList<>();
    private final ChatRequestParameters defaults;
    private final ModelProvider provider;
    private final List<ChatModelListener> listeners;

    RecordingChatModel(String modelName, ModelProvider provider, ChatModelListener... listeners) {
        this.defaults = ChatRequestParameters.builder().modelName(modelName).temperature(0.5).build();
        this.provider = provider;
        this.listeners = List.of(listeners);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        sent.add(request);
        return ChatResponse.builder().aiMessage(AiMessage.from("ok")).build();
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return defaults;
    }

    @Override
    public List<ChatModelListener> listeners() {
        return listeners;
    }

    @Override
    public ModelProvider provider() {
        return provider;
    }
}
