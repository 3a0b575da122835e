package io.orderingguard.testing.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.helpers.ResponseAccumulator;
import com.openai.models.Reasoning;
import com.openai.models.ReasoningEffort;
import com.openai.models.responses.FunctionTool;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseFunctionToolCall;
import com.openai.models.responses.ResponseIncludable;
import com.openai.models.responses.ResponseInputItem;
import com.openai.models.responses.ResponseOutputItem;
import com.openai.models.responses.ResponseReasoningItem;
import com.openai.models.responses.ResponseStreamEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The official OpenAI Java client ({@code openai-java}) calls the emulator's Responses surface on
 * loopback: valid requests come back as a {@link Response} the SDK parses and validates, a broken one
 * raises the SDK's own exception carrying the provider's text.
 */
class OpenAiResponsesSdkTest {

    private ProviderEmulator emulator;
    private OpenAIClient client;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
        client = OpenAIOkHttpClient.builder().baseUrl(emulator.openAiBaseUrl()).apiKey("test-key").maxRetries(0).build();
    }

    @AfterEach
    void stop() {
        client.close();
        emulator.close();
    }

    private static FunctionTool searchTool() {
        return FunctionTool.builder().name("search").strict(false)
                .parameters(FunctionTool.Parameters.builder().putAdditionalProperty("type", JsonValue.from("object")).build())
                .build();
    }

    private static ResponseCreateParams.Builder statelessRequest() {
        return ResponseCreateParams.builder().model("o4-mini").store(false)
                .reasoning(Reasoning.builder().effort(ReasoningEffort.LOW).build())
                .addInclude(ResponseIncludable.REASONING_ENCRYPTED_CONTENT)
                .addTool(searchTool());
    }

    /** The first round: the user asks, the model reasons and calls a tool. */
    private Response firstRound(String question) {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withReasoning("I should search first."),
                Answer.text("Revenue grew 12%."));
        return client.responses().create(statelessRequest().input(question).build());
    }

    /** The history as the app replays it: the question, every output item, then the given extra items. */
    private static List<ResponseInputItem> replay(String question, Response first, ResponseInputItem... extra) {
        List<ResponseInputItem> items = new ArrayList<>();
        items.add(ResponseInputItem.ofMessage(ResponseInputItem.Message.builder()
                .role(ResponseInputItem.Message.Role.USER).addInputTextContent(question).build()));
        for (ResponseOutputItem item : first.output()) {
            if (item.isReasoning()) {
                items.add(ResponseInputItem.ofReasoning(item.asReasoning()));
            } else if (item.isFunctionCall()) {
                items.add(ResponseInputItem.ofFunctionCall(item.asFunctionCall()));
            }
        }
        items.addAll(List.of(extra));
        return items;
    }

    private static ResponseInputItem output(String callId, String text) {
        return ResponseInputItem.ofFunctionCallOutput(ResponseInputItem.FunctionCallOutput.builder()
                .callId(callId).output(text).build());
    }

    @Test
    void should_parse_a_reasoning_item_and_a_function_call() {
        Response first = firstRound("How did Q3 go?");

        first.validate();
        assertThat(first.id()).isEqualTo("resp_emu1");
        assertThat(first.output()).hasSize(2);
        ResponseReasoningItem reasoning = first.output().get(0).asReasoning();
        assertThat(reasoning.id()).isEqualTo("rs_emu00000001");
        assertThat(reasoning.summary()).singleElement().extracting(ResponseReasoningItem.Summary::text)
                .isEqualTo("I should search first.");
        assertThat(reasoning.encryptedContent()).hasValue(java.util.Base64.getEncoder().encodeToString(
                "emulator-reasoning-rs_emu00000001".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        ResponseFunctionToolCall call = first.output().get(1).asFunctionCall();
        assertThat(call.name()).isEqualTo("search");
        assertThat(call.arguments()).isEqualTo("{\"q\":\"Q3\"}");
        assertThat(call.callId()).isEqualTo("call_emu00000003");
        assertThat(first.usage().orElseThrow().outputTokensDetails().reasoningTokens()).isPositive();
        JsonNode sent = emulator.lastRequest().json();
        assertThat(sent.path("include").toString()).isEqualTo("[\"reasoning.encrypted_content\"]");
        assertThat(sent.path("store").booleanValue()).isFalse();
    }

    @Test
    void should_accept_a_stateless_history_that_replays_the_reasoning_item() {
        Response first = firstRound("How did Q3 go?");
        String callId = first.output().get(1).asFunctionCall().callId();

        Response second = client.responses().create(statelessRequest()
                .inputOfResponse(replay("How did Q3 go?", first, output(callId, "3 hits"))).build());

        second.validate();
        assertThat(second.output()).singleElement().satisfies(item ->
                assertThat(item.asMessage().content().get(0).asOutputText().text()).isEqualTo("Revenue grew 12%."));
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.lastRequest().json().at("/input/1/encrypted_content").textValue())
                .isEqualTo(first.output().get(0).asReasoning().encryptedContent().orElseThrow());
    }

    @Test
    void should_pass_the_providers_400_to_the_app_for_an_unanswered_function_call() {
        Response first = firstRound("How did Q3 go?");
        String callId = first.output().get(1).asFunctionCall().callId();
        ResponseInputItem followUp = ResponseInputItem.ofMessage(ResponseInputItem.Message.builder()
                .role(ResponseInputItem.Message.Role.USER).addInputTextContent("And Q4?").build());

        BadRequestException e = catchThrowableOfType(BadRequestException.class, () -> client.responses()
                .create(statelessRequest().inputOfResponse(replay("How did Q3 go?", first, followUp)).build()));

        assertThat(e.statusCode()).isEqualTo(400);
        assertThat(e.param()).hasValue("input");
        assertThat(e.getMessage()).contains("No tool output found for function call " + callId + ".");
        assertThat(emulator.lastRequest().violatedRule()).isEqualTo(EmulatorRule.OPENAI_RESPONSES_CALL_WITHOUT_OUTPUT);
    }

    @Test
    void should_pass_the_providers_400_to_the_app_when_the_reasoning_item_is_dropped() {
        Response first = firstRound("How did Q3 go?");
        ResponseFunctionToolCall call = first.output().get(1).asFunctionCall();
        List<ResponseInputItem> history = new ArrayList<>(replay("How did Q3 go?", first, output(call.callId(), "3 hits")));
        history.remove(1); // the reasoning item

        BadRequestException e = catchThrowableOfType(BadRequestException.class,
                () -> client.responses().create(statelessRequest().inputOfResponse(history).build()));

        assertThat(e.getMessage()).contains("Item '" + call.id().orElseThrow() + "' of type 'function_call' was "
                + "provided without its required 'reasoning' item: 'rs_emu00000001'.");
    }

    @Test
    void should_answer_404_for_reasoning_sent_by_id_only_with_store_off() {
        Response first = firstRound("How did Q3 go?");
        ResponseReasoningItem bare = first.output().get(0).asReasoning().toBuilder()
                .encryptedContent(java.util.Optional.empty()).build();
        List<ResponseInputItem> history = new ArrayList<>(replay("How did Q3 go?", first,
                output(first.output().get(1).asFunctionCall().callId(), "3 hits")));
        history.set(1, ResponseInputItem.ofReasoning(bare));

        NotFoundException e = catchThrowableOfType(NotFoundException.class,
                () -> client.responses().create(statelessRequest().inputOfResponse(history).build()));

        assertThat(e.statusCode()).isEqualTo(404);
        assertThat(e.getMessage()).contains("Item with id 'rs_emu00000001' not found. Items are not persisted when "
                + "`store` is set to false. Try again with `store` set to true, or remove this item from your input.");
    }

    @Test
    void should_stream_events_the_sdk_accumulates_into_the_same_response() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withText("Searching.").withReasoning("Plan."));
        ResponseAccumulator accumulator = ResponseAccumulator.create();

        try (StreamResponse<ResponseStreamEvent> stream = client.responses()
                .createStreaming(statelessRequest().input("How did Q3 go?").build())) {
            stream.stream().forEach(accumulator::accumulate);
        }
        Response streamed = accumulator.response();

        streamed.validate();
        assertThat(streamed.output()).extracting(item -> item.isReasoning() ? "reasoning"
                : item.isMessage() ? "message:" + item.asMessage().content().get(0).asOutputText().text()
                : "function_call:" + item.asFunctionCall().name() + item.asFunctionCall().arguments())
                .containsExactly("reasoning", "message:Searching.", "function_call:search{\"q\":\"Q3\"}");
        assertThat(streamed.output().get(0).asReasoning().encryptedContent()).isPresent();
    }
}
