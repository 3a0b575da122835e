package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import dev.langchain4j.store.memory.chat.InMemoryChatMemoryStore;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An AI service with a tool, over the real OpenAI client and the provider emulator, whose persisted
 * memory window holds a result without its call (langchain4j#3133): every round of the tool loop
 * would be rejected by the provider; the guarded model repairs each round on the wire and leaves
 * the memory as the application stored it.
 */
class AiServicesEndToEndTest {

    interface Assistant {
        String chat(@MemoryId String conversation, @UserMessage String message);
    }

    static final class Weather {
        final List<String> asked = new ArrayList<>();

        @Tool("Returns the weather of a city")
        String weather(@P("the city") String city) {
            asked.add(city);
            return "sunny in " + city;
        }
    }

    ProviderEmulator emulator;
    final InMemoryChatMemoryStore store = new InMemoryChatMemoryStore();
    final Weather weather = new Weather();
    final List<GuardResult> results = new ArrayList<>();

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
        store.updateMessages("c-1", List.of(ToolExecutionResultMessage.from("call_0", "weather", "rainy in Oslo"),
                AiMessage.from("It was rainy in Oslo.")));
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    Assistant assistant(ChatModel model) {
        return AiServices.builder(Assistant.class)
                .chatModel(model)
                .chatMemoryProvider(id -> MessageWindowChatMemory.builder().id(id).maxMessages(20).chatMemoryStore(store).build())
                .tools(weather)
                .build();
    }

    ChatModel openAi() {
        return OpenAiChatModel.builder().baseUrl(emulator.openAiBaseUrl()).apiKey("test-key").modelName("gpt-4o-mini").build();
    }

    OrderingGuard guard(Mode mode) {
        return OrderingGuard.builder().profile(TestProfiles.openAi()).mode(mode).listener(new GuardListener() {
            @Override
            public void onResult(GuardResult result) {
                results.add(result);
            }
        }).build();
    }

    @Test
    void unguarded_the_first_round_fails_with_the_providers_400() {
        Throwable thrown = catchThrowable(() -> assistant(openAi()).chat("c-1", "And in Paris?"));

        assertThat(emulator.requests()).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.errorMessage()).isEqualTo(TestProfiles.OPENAI_ORPHAN);
            assertThat(thrown).isInstanceOf(InvalidRequestException.class).hasMessage(r.responseBody());
        });
        assertThat(weather.asked).isEmpty();
    }

    @Test
    void enforce_stops_the_ai_service_before_any_request() {
        ChatModel model = GuardedChatModel.wrap(openAi(), guard(Mode.ENFORCE));

        Throwable thrown = catchThrowable(() -> assistant(model).chat("c-1", "And in Paris?"));

        assertThat(thrown).isInstanceOf(GuardRejectedException.class).hasMessage(
                "rejected dispatch (profile openai-chat): 1 blocking violation(s)\n"
                        + "  - tool-result-orphan: tool result 'call_0' answers no tool call in the conversation "
                        + "[prevents: " + TestProfiles.OPENAI_ORPHAN + "]");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void mutate_repairs_every_round_of_the_tool_loop() {
        ChatModel model = GuardedChatModel.wrap(openAi(), guard(Mode.MUTATE));
        emulator.enqueue(Answer.toolCall("weather", Map.of("arg0", "Paris")), Answer.text("It is sunny in Paris."));

        String answer = assistant(model).chat("c-1", "And in Paris?");

        assertThat(answer).isEqualTo("It is sunny in Paris.");
        assertThat(weather.asked).containsExactly("Paris");
        assertThat(emulator.requests()).extracting(RecordedRequest::status).containsExactly(200, 200);
        assertThat(results).extracting(GuardResult::outcome).containsExactly(Outcome.REPAIRED, Outcome.REPAIRED);
        List<RecordedRequest> sent = emulator.requests();
        assertThat(ProviderEndToEndTest.Wires.summary(true, sent.get(0).json())).containsExactly(
                "assistant 'It was rainy in Oslo.'", "user 'And in Paris?'");
        String call = sent.get(1).json().path("messages").get(2).path("tool_calls").get(0).path("id").asText();
        assertThat(ProviderEndToEndTest.Wires.summary(true, sent.get(1).json())).containsExactly(
                "assistant 'It was rainy in Oslo.'", "user 'And in Paris?'",
                "assistant tool_calls=[" + call + ":weather]", "tool " + call + " 'sunny in Paris'");
        assertThat(sent.get(1).json().path("tools").get(0).path("function").path("name").asText()).isEqualTo("weather");
        // the memory keeps what the application stored, orphan included: the repair is on the wire copy
        assertThat(store.getMessages("c-1").get(0)).isEqualTo(ToolExecutionResultMessage.from("call_0", "weather", "rainy in Oslo"));
        assertThat(store.getMessages("c-1")).hasSize(6);
    }

    @Test
    void mutate_through_the_request_transformer_names_the_conversation_by_memory_id() {
        ChatModel model = openAi();
        emulator.enqueue(Answer.toolCall("weather", Map.of("arg0", "Rome")), Answer.text("It is sunny in Rome."));
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .chatMemoryProvider(id -> MessageWindowChatMemory.builder().id(id).maxMessages(20).chatMemoryStore(store).build())
                .tools(weather)
                .chatRequestTransformer(GuardedChatRequestTransformer.of(guard(Mode.MUTATE), model))
                .build();

        String answer = assistant.chat("c-1", "And in Rome?");

        assertThat(answer).isEqualTo("It is sunny in Rome.");
        assertThat(emulator.requests()).extracting(RecordedRequest::status).containsExactly(200, 200);
        assertThat(results).extracting(r -> r.dispatch().conversationId()).containsExactly("c-1", "c-1");
        assertThat(results).extracting(r -> r.dispatch().model()).containsExactly("gpt-4o-mini", "gpt-4o-mini");
        assertThat(store.getMessages("c-1")).hasSize(6);
    }
}
