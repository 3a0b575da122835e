package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import dev.langchain4j.store.memory.chat.InMemoryChatMemoryStore;
import io.orderingguard.Mode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The transformer inside a real AiServices tool loop, over a scripted in-memory model (the
 * end-to-end test of the same loop over HTTP is in {@code AiServicesEndToEndTest}).
 */
class AiServicesTransformerTest {

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

    /** Asks for the weather tool once, then answers with the tool's result. Records every request. */
    static final class ScriptedModel implements ChatModel {
        final List<ChatRequest> sent = new ArrayList<>();

        @Override
        public ChatResponse doChat(ChatRequest request) {
            sent.add(request);
            ChatMessage last = request.messages().get(request.messages().size() - 1);
            AiMessage answer = last instanceof ToolExecutionResultMessage r ? AiMessage.from("It is " + r.text() + ".")
                    : AiMessage.from(ToolExecutionRequest.builder().id("call_" + sent.size()).name("weather")
                            .arguments("{\"arg0\":\"Paris\"}").build());
            return ChatResponse.builder().aiMessage(answer).build();
        }

        @Override
        public ChatRequestParameters defaultRequestParameters() {
            return ChatRequestParameters.builder().modelName("gpt-4o-mini").build();
        }

        @Override
        public ModelProvider provider() {
            return ModelProvider.OPEN_AI;
        }
    }

    final InMemoryChatMemoryStore store = new InMemoryChatMemoryStore();
    final ScriptedModel model = new ScriptedModel();
    final Weather weather = new Weather();

    Assistant assistant(Mode mode) {
        // a persisted window that holds only the result of a call it no longer has (langchain4j#3133)
        store.updateMessages("c-1", List.of(ToolExecutionResultMessage.from("call_0", "weather", "rainy in Oslo"),
                AiMessage.from("It was rainy in Oslo.")));
        return AiServices.builder(Assistant.class)
                .chatModel(model)
                .chatMemoryProvider(id -> MessageWindowChatMemory.builder().id(id).maxMessages(20).chatMemoryStore(store).build())
                .tools(weather)
                .chatRequestTransformer(GuardedChatRequestTransformer.of(TestProfiles.guard(mode, TestProfiles.openAi()), model))
                .build();
    }

    @Test
    void should_stop_the_ai_service_before_the_model_is_called_in_enforce_mode() {
        Throwable thrown = catchThrowable(() -> assistant(Mode.ENFORCE).chat("c-1", "And in Paris?"));

        assertThat(thrown).isInstanceOf(GuardRejectedException.class).hasMessage(
                "rejected dispatch of conversation c-1 (profile openai-chat): 1 blocking violation(s)\n"
                        + "  - tool-result-orphan: tool result 'call_0' answers no tool call in the conversation "
                        + "[prevents: " + TestProfiles.OPENAI_ORPHAN + "]");
        assertThat(model.sent).isEmpty();
        assertThat(weather.asked).isEmpty();
    }

    @Test
    void should_repair_every_round_of_the_tool_loop_and_leave_the_memory_as_it_was() {
        String answer = assistant(Mode.MUTATE).chat("c-1", "And in Paris?");

        assertThat(answer).isEqualTo("It is sunny in Paris.");
        assertThat(weather.asked).containsExactly("Paris");
        assertThat(model.sent).hasSize(2);
        assertThat(Describe.messages(model.sent.get(0).messages())).containsExactly(
                "ai text='It was rainy in Oslo.'", "user 'And in Paris?'");
        assertThat(Describe.messages(model.sent.get(1).messages())).containsExactly(
                "ai text='It was rainy in Oslo.'", "user 'And in Paris?'",
                "ai calls=[call_1:weather{\"arg0\":\"Paris\"}]", "result call_1:weather 'sunny in Paris'");
        assertThat(model.sent.get(1).toolSpecifications()).extracting(s -> s.name()).containsExactly("weather");
        // the memory keeps what the application stored, orphan included: the repair is on the wire copy
        assertThat(Describe.messages(store.getMessages("c-1"))).containsExactly(
                "result call_0:weather 'rainy in Oslo'", "ai text='It was rainy in Oslo.'", "user 'And in Paris?'",
                "ai calls=[call_1:weather{\"arg0\":\"Paris\"}]", "result call_1:weather 'sunny in Paris'",
                "ai text='It is sunny in Paris.'");
    }
}
