package io.orderingguard.examples;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.springai.OrderingGuardAdvisor;
import io.orderingguard.springai.PairSafeChatMemory;
import java.io.PrintStream;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.function.FunctionToolCallback;

/**
 * Guarding a Spring AI {@code ChatClient} tool loop: the advisor checks every round before the model
 * is called, and the memory — kept inside the tool loop, so the tool rounds are remembered — evicts
 * whole tool rounds, so its window never leaves a tool result without its call.
 */
public final class SpringAiToolLoop {

    private SpringAiToolLoop() {}

    /** The tool's input. @param orderId the order number */
    record OrderQuery(String orderId) {}

    /**
     * Runs the example against OpenAI (needs {@code OPENAI_API_KEY}).
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out, "https://api.openai.com/v1", System.getenv("OPENAI_API_KEY"));
    }

    /**
     * Runs the example against a base URL (the tests use the provider emulator).
     *
     * @param out where to print
     * @param baseUrl the OpenAI-compatible base URL
     * @param apiKey the API key
     * @return the model's answer
     */
    public static String run(PrintStream out, String baseUrl, String apiKey) {
        ChatModel openAi = OpenAiChatModel.builder()
                .options(OpenAiChatOptions.builder().baseUrl(baseUrl).apiKey(apiKey).model("gpt-4o-mini").build())
                .build();
        ToolCallback lookupOrder = FunctionToolCallback.builder("lookup_order", (OrderQuery q) -> "shipped " + q.orderId())
                .description("Looks up the status of an order").inputType(OrderQuery.class).build();

        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.ENFORCE).build();
        ChatMemory memory = PairSafeChatMemory.builder().maxMessages(6).maxTokens(4_000).build();
        ChatClient client = ChatClient.builder(openAi)
                .defaultAdvisors(
                        MessageChatMemoryAdvisor.builder(memory).order(ToolCallingAdvisor.DEFAULT_ORDER + 100).build(),
                        OrderingGuardAdvisor.of(guard))
                .defaultToolCallbacks(lookupOrder)
                .build();

        String answer = client.prompt().user("Where are orders 1182 and 1183?")
                .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "customer-42"))
                .call().content();
        out.println("answer: " + answer);
        return answer;
    }
}
