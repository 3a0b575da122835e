package io.orderingguard.spring.boot;

import io.orderingguard.testing.emulator.ProviderEmulator;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientCustomizer;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.context.ApplicationContext;

/** The prompts and the chat client the tests send through the auto-configured guard. */
final class Conversations {

    private Conversations() {}

    /** Spring AI's OpenAI model pointed at the emulator, without retries (built as each Spring AI line builds it). */
    static ChatModel openAi(ProviderEmulator emulator) {
        return BootLine.openAi(emulator);
    }

    /** A chat client built the way Spring AI's auto-configuration builds one: customized by the context. */
    static ChatClient client(ApplicationContext context, ChatModel model) {
        ChatClient.Builder builder = ChatClient.builder(model);
        context.getBeanProvider(ChatClientCustomizer.class).orderedStream().forEach(c -> c.customize(builder));
        return builder.build();
    }

    /** Sends a prompt in a conversation and returns the answer's text. */
    static String send(ChatClient client, String conversationId, List<Message> messages) {
        return client.prompt(new Prompt(messages)).advisors(a -> a.param(ChatMemory.CONVERSATION_ID, conversationId))
                .call().content();
    }

    /** A tool round (search, answered) and the user's next question: the history as a full memory holds it. */
    static List<Message> withToolRound() {
        return List.of(
                new UserMessage("Find flights to Lisbon"),
                AssistantMessage.builder().content("").toolCalls(List.of(
                        new AssistantMessage.ToolCall("call_1", "function", "search", "{\"to\":\"LIS\"}"))).build(),
                ToolResponseMessage.builder().responses(List.of(
                        new ToolResponseMessage.ToolResponse("call_1", "search", "3 flights"))).build(),
                new AssistantMessage("There are 3 flights."),
                new UserMessage("Book the first"));
    }

    /** The same conversation after a chat memory window evicted the tool round. */
    static List<Message> toolRoundEvicted() {
        return List.of(new UserMessage("Book the first"), new AssistantMessage("For how many people?"),
                new UserMessage("Two"));
    }

    /** The history ending on a tool result that answers no call: openai-chat rejects it. */
    static List<Message> orphan() {
        return List.of(
                ToolResponseMessage.builder().responses(List.of(
                        new ToolResponseMessage.ToolResponse("call_1", "search", "3 hits"))).build(),
                new UserMessage("And the second one?"));
    }

    /** The test profile file: openai-chat plus a blocking rule that tool calls once sent stay. */
    static Path keepToolCallsProfile() {
        try {
            return Path.of(Objects.requireNonNull(Conversations.class.getResource("/profiles/keep-tool-calls.json"))
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
