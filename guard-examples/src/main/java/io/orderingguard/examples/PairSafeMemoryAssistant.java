package io.orderingguard.examples;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.langchain4j.GuardedChatModel;
import io.orderingguard.langchain4j.PairSafeChatMemory;
import io.orderingguard.profiles.Profiles;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Prevention beside repair: an AI service whose small memory window evicts whole turns and tool
 * rounds ({@link PairSafeChatMemory}), so every request of its tool loops is one the provider
 * accepts; the enforcing guard around the model would reject any request that was not.
 */
public final class PairSafeMemoryAssistant {

    /** The AI service. */
    public interface Assistant {
        /**
         * Answers a question, calling tools as needed.
         *
         * @param question the question
         * @return the answer
         */
        String chat(String question);
    }

    /** The tools the model calls. */
    public static final class OrderTools {
        final List<String> calls = new ArrayList<>();

        /**
         * Looks an order up.
         *
         * @param id the order id
         * @return its status
         */
        @Tool("Returns the status of an order")
        public String lookupOrder(@P("the order id") String id) {
            calls.add("lookupOrder " + id);
            return "order " + id + " shipped";
        }
    }

    private PairSafeMemoryAssistant() {}

    /**
     * Runs the example against OpenAI (needs {@code OPENAI_API_KEY}).
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out, "https://api.openai.com/v1", System.getenv("OPENAI_API_KEY"));
    }

    /**
     * Asks three questions through an assistant with a four-message pair-safe memory.
     *
     * @param out where to print
     * @param baseUrl the OpenAI-compatible base URL (the tests use the provider emulator)
     * @param apiKey the API key
     * @return what the memory holds at the end
     */
    public static List<ChatMessage> run(PrintStream out, String baseUrl, String apiKey) {
        ChatModel openAi = OpenAiChatModel.builder().baseUrl(baseUrl).apiKey(apiKey).modelName("gpt-4o-mini").build();
        ChatModel guarded = GuardedChatModel.wrap(openAi, OrderingGuard.builder()
                .selectProfiles(Profiles.selector())
                .mode(Mode.ENFORCE)
                .build());
        ChatMemory memory = PairSafeChatMemory.builder().id("customer-42").maxMessages(4).build();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(guarded)
                .chatMemory(memory)
                .tools(new OrderTools())
                .build();

        for (String question : List.of("Where is order 1182?", "And order 1183?", "Thanks, anything else due?")) {
            out.println(question + " -> " + assistant.chat(question));
        }
        out.println("memory: " + memory.messages().size() + " messages, first: " + memory.messages().get(0).type());
        return memory.messages();
    }
}
