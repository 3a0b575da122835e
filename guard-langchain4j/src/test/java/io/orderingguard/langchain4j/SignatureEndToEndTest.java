package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.googleai.GoogleAiGeminiChatModel;
import dev.langchain4j.service.AiServices;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * LangChain4j's real Google AI Gemini and Anthropic clients against the provider emulator, guarded
 * with the shipped profiles: a valid Gemini 3 tool loop and a signed Anthropic thinking loop pass
 * enforce and mutate with every signature intact; a history that truly lost its signature is still
 * rejected (enforce) or repaired (mutate).
 */
class SignatureEndToEndTest {

    static final String GEMINI_3 = "gemini-3-pro-preview";
    static final String MISSING_SIGNATURE = "Function call is missing a thought_signature in functionCall parts. This is "
            + "required for tools to work correctly, and missing thought_signature may lead to degraded model "
            + "performance. Additional data, function call `default_api:weather` , position 2. Please refer to "
            + "https://ai.google.dev/gemini-api/docs/thought-signatures for more details.";

    interface Assistant {
        String chat(String message);
    }

    static final class Tools {
        final List<String> calls = new ArrayList<>();

        @Tool("Returns the weather of a city")
        String weather(@P("the city") String city) {
            calls.add("weather " + city);
            return "18C in " + city;
        }

        @Tool("Returns the local time of a city")
        String clock(@P("the city") String city) {
            calls.add("clock " + city);
            return "14:05 in " + city;
        }
    }

    ProviderEmulator emulator;

    @AfterEach
    void stop() {
        emulator.close();
    }

    /** The emulator checks that every thought signature it receives is one it minted. */
    ChatModel gemini() {
        emulator = ProviderEmulator.builder().enable(EmulatorRule.GEMINI_CORRUPTED_THOUGHT_SIGNATURE).start();
        return GoogleAiGeminiChatModel.builder().baseUrl(emulator.geminiBaseUrl()).apiKey("test-key")
                .modelName(GEMINI_3).returnThinking(true).sendThinking(true).build();
    }

    static OrderingGuard guard(Mode mode, String profile) {
        return OrderingGuard.builder().profile(Profiles.profile(profile)).mode(mode).build();
    }

    /** The thought signatures of each model content's parts, in request order. */
    static List<String> signatures(RecordedRequest request) {
        List<String> out = new ArrayList<>();
        for (JsonNode content : request.json().path("contents")) {
            for (JsonNode part : content.path("parts")) {
                if (part.has("thoughtSignature")) {
                    out.add((part.has("functionCall") ? part.path("functionCall").path("name").asText() : "text") + "="
                            + part.path("thoughtSignature").asText());
                }
            }
        }
        return out;
    }

    static String minted(int n) {
        return java.util.Base64.getEncoder().encodeToString(
                String.format("emulator-thought-signature-%08d", n).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"ENFORCE", "MUTATE"})
    void a_gemini_3_tool_loop_passes_with_every_signature_sent_back(Mode mode) {
        ChatModel model = GuardedChatModel.wrap(gemini(), guard(mode, "gemini-3-api"));
        Tools tools = new Tools();
        Assistant assistant = AiServices.builder(Assistant.class).chatModel(model).tools(tools)
                .chatMemory(MessageWindowChatMemory.withMaxMessages(20)).build();
        // three sequential steps of one tool loop, each signed by the model, then the answer
        // (the tool parameters are named arg0: the test sources are compiled without -parameters)
        emulator.enqueue(Answer.toolCall("weather", Map.of("arg0", "Paris")), Answer.toolCall("clock", Map.of("arg0", "Paris")),
                Answer.toolCall("weather", Map.of("arg0", "Lyon")), Answer.text("Paris 18C at 14:05; Lyon 18C."));

        String answer = assistant.chat("Weather and time in Paris, then Lyon?");

        assertThat(answer).isEqualTo("Paris 18C at 14:05; Lyon 18C.");
        assertThat(tools.calls).containsExactly("weather Paris", "clock Paris", "weather Lyon");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.requests()).extracting(SignatureEndToEndTest::signatures).containsExactly(
                List.of(),
                List.of("weather=" + minted(1)),
                List.of("weather=" + minted(1), "clock=" + minted(2)),
                List.of("weather=" + minted(1), "clock=" + minted(2), "weather=" + minted(3)));
    }

    @Test
    void langchain4j_sends_the_results_of_parallel_calls_as_separate_contents_which_gemini_rejects() {
        // langchain4j-google-ai-gemini 1.19.0 maps each ToolExecutionResultMessage to its own user content;
        // Gemini wants the responses to one model turn's calls in one content
        // (google-gemini/gemini-cli#4217, #5443, #16415)
        ChatModel client = gemini();
        emulator.enqueue(Answer.toolCalls(Answer.call("weather", Map.of("city", "Paris")),
                Answer.call("clock", Map.of("city", "Paris"))));
        List<ChatMessage> history = new ArrayList<>(List.of(UserMessage.from("Weather and time in Paris?")));
        AiMessage calls = client.chat(history).aiMessage();
        history.add(calls);
        history.add(ToolExecutionResultMessage.from(calls.toolExecutionRequests().get(0), "18C"));
        history.add(ToolExecutionResultMessage.from(calls.toolExecutionRequests().get(1), "14:05"));

        Throwable thrown = catchThrowable(() -> client.chat(history));

        assertThat(thrown).isInstanceOf(InvalidRequestException.class).hasMessageContaining("Please ensure that the "
                + "number of function response parts is equal to the number of function call parts of the function "
                + "call turn.");
        assertThat(emulator.lastRequest().json().path("contents")).hasSize(4);
    }

    @Test
    void before_the_fix_the_anthropic_reading_rejected_the_valid_loop_and_mutate_stripped_the_signature() {
        ChatModel client = gemini();
        Tools tools = new Tools();
        emulator.enqueue(Answer.toolCall("weather", Map.of("city", "Paris")), Answer.text("18C."));
        ChatModel enforce = GuardedChatModel.builder(client, guard(Mode.ENFORCE, "gemini-3-api"))
                .metadataLayout(MetadataLayout.ANTHROPIC).build();
        ChatModel mutate = GuardedChatModel.builder(client, guard(Mode.MUTATE, "gemini-3-api"))
                .metadataLayout(MetadataLayout.ANTHROPIC).build();
        List<ChatMessage> history = new ArrayList<>(List.of(UserMessage.from("Weather in Paris?")));
        AiMessage call = mutate.chat(history).aiMessage();
        history.add(call);
        history.add(ToolExecutionResultMessage.from(call.toolExecutionRequests().get(0), tools.weather("Paris")));

        Throwable rejected = catchThrowable(() -> enforce.chat(history));
        Throwable stripped = catchThrowable(() -> mutate.chat(history));

        assertThat(call.attributes()).containsEntry("thinking_signature", minted(1));
        assertThat(rejected).isInstanceOf(GuardRejectedException.class)
                .hasMessageContaining("gemini-foreign-thought-signature");
        // mutate dropped the "foreign" thought and its signature: the provider's 400 reaches the application
        assertThat(stripped).isInstanceOf(InvalidRequestException.class).hasMessageContaining(MISSING_SIGNATURE);
        assertThat(emulator.requestCount()).isEqualTo(2);
    }

    /** A history whose store lost the signature: the call of the current turn is unsigned. */
    static List<ChatMessage> lostSignature() {
        ToolExecutionRequest call = ToolExecutionRequest.builder().name("weather").arguments("{\"city\":\"Paris\"}").build();
        return List.of(UserMessage.from("Weather in Paris?"), AiMessage.from(List.of(call)),
                ToolExecutionResultMessage.from(call, "18C in Paris"));
    }

    @Test
    void a_lost_signature_reaches_the_provider_unguarded_and_is_rejected_by_enforce() {
        ChatModel client = gemini();

        Throwable unguarded = catchThrowable(() -> client.chat(lostSignature()));
        Throwable enforced = catchThrowable(() -> GuardedChatModel.wrap(client, guard(Mode.ENFORCE, "gemini-3-api"))
                .chat(lostSignature()));

        assertThat(unguarded).isInstanceOf(InvalidRequestException.class).hasMessageContaining(MISSING_SIGNATURE);
        assertThat(enforced).isInstanceOf(GuardRejectedException.class)
                .hasMessageContaining("gemini-3-function-call-signature");
        assertThat(emulator.requestCount()).isEqualTo(1);
    }

    @Test
    void mutate_signs_a_lost_signature_with_the_documented_sentinel() {
        ChatModel model = GuardedChatModel.wrap(gemini(), guard(Mode.MUTATE, "gemini-3-api"));
        emulator.enqueue(Answer.text("18C."));

        ChatResponse response = model.chat(lostSignature());

        assertThat(response.aiMessage().text()).isEqualTo("18C.");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(signatures(emulator.lastRequest())).containsExactly("weather=skip_thought_signature_validator");
    }

    @Test
    void mutate_drops_an_orphan_result_and_keeps_the_signature_of_the_loop() {
        ChatModel client = gemini();
        emulator.enqueue(Answer.toolCall("weather", Map.of("city", "Paris")), Answer.text("18C."));
        List<ChatMessage> history = new ArrayList<>(List.of(ToolExecutionResultMessage.from("evicted", "weather", "old"),
                UserMessage.from("Weather in Paris?")));
        ChatModel model = GuardedChatModel.wrap(client, guard(Mode.MUTATE, "gemini-3-api"));
        AiMessage call = model.chat(history).aiMessage();
        history.add(call);
        history.add(ToolExecutionResultMessage.from(call.toolExecutionRequests().get(0), "18C in Paris"));

        Throwable unguarded = catchThrowable(() -> client.chat(history));
        ChatResponse response = model.chat(history);

        assertThat(unguarded).isInstanceOf(InvalidRequestException.class).hasMessageContaining(
                "Please ensure that function response turn comes immediately after a function call turn.");
        assertThat(response.aiMessage().text()).isEqualTo("18C.");
        assertThat(emulator.lastRequest().status()).isEqualTo(200);
        assertThat(signatures(emulator.lastRequest())).containsExactly("weather=" + minted(1));
        assertThat(emulator.lastRequest().json().path("contents")).hasSize(3);
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"ENFORCE", "MUTATE"})
    void a_signed_anthropic_thinking_loop_passes_with_its_signature_and_redacted_block(Mode mode) {
        emulator = ProviderEmulator.create().start();
        ChatModel model = GuardedChatModel.wrap(AnthropicChatModel.builder().baseUrl(emulator.anthropicBaseUrl())
                .apiKey("test-key").modelName("claude-sonnet-4-5").maxTokens(4096).thinkingType("enabled")
                .thinkingBudgetTokens(2048).sendThinking(true).build(), guard(mode, "anthropic-messages-manual-thinking"));
        ToolExecutionRequest call = ToolExecutionRequest.builder().id("toolu_01").name("weather")
                .arguments("{\"city\":\"Paris\"}").build();
        List<ChatMessage> history = List.of(UserMessage.from("Weather in Paris?"),
                AiMessage.builder().thinking("Look it up.").toolExecutionRequests(List.of(call))
                        .attributes(Map.of("thinking_signature", "EqQBsig", "redacted_thinking", List.of("RXJk"))).build(),
                ToolExecutionResultMessage.from(call, "18C in Paris"));
        emulator.enqueue(Answer.text("18C."));

        ChatResponse response = model.chat(history);

        assertThat(response.aiMessage().text()).isEqualTo("18C.");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.lastRequest().json().at("/messages/1/content").toString()).isEqualTo(
                "[{\"type\":\"thinking\",\"thinking\":\"Look it up.\",\"signature\":\"EqQBsig\"},"
                        + "{\"type\":\"redacted_thinking\",\"data\":\"RXJk\"},"
                        + "{\"type\":\"tool_use\",\"id\":\"toolu_01\",\"name\":\"weather\",\"input\":{\"city\":\"Paris\"}}]");
    }
}
