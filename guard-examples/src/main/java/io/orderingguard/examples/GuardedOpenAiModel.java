package io.orderingguard.examples;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.langchain4j.GuardedChatModel;
import io.orderingguard.profiles.Profiles;
import java.io.PrintStream;
import java.util.List;

/**
 * Wrapping a LangChain4j model: the guard picks the profile from the model id and repairs each
 * request before it is sent. The history below is what a memory window leaves behind after it
 * evicted an assistant tool call but kept the call's result: unguarded, OpenAI answers 400; guarded,
 * the orphan result is dropped (and recorded) and the request goes through.
 */
public final class GuardedOpenAiModel {

    private GuardedOpenAiModel() {}

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
        ChatModel openAi = OpenAiChatModel.builder().baseUrl(baseUrl).apiKey(apiKey).modelName("gpt-4o-mini").build();
        ChatModel model = GuardedChatModel.wrap(openAi, OrderingGuard.builder()
                .selectProfiles(Profiles.selector())
                .mode(Mode.MUTATE)
                .build());

        List<ChatMessage> history = List.of(
                UserMessage.from("Where is order 1182?"),
                ToolExecutionResultMessage.from("call_evicted", "lookup_order", "{\"status\": \"shipped\"}"),
                AiMessage.from("It has shipped."),
                UserMessage.from("When will it arrive?"));
        String answer = model.chat(history).aiMessage().text();
        out.println("answer: " + answer);
        return answer;
    }
}
