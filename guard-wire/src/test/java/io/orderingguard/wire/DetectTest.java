package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.GuardInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link WireFormat#detect} picks the surface from the URL path, else from the body's shape. */
class DetectTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String EMBEDDINGS = "$: expected a request body with messages, contents or input items, but "
            + "this is an embeddings request (input of strings or token ids, or encoding_format / dimensions): nothing "
            + "to check";

    @ParameterizedTest(name = "{0} + {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "{\"messages\":[]}|/v1/messages|anthropic-messages",
        "{\"messages\":[]}|https://api.openai.com/v1/chat/completions?x=1|openai-chat",
        "{\"input\":\"hi\"}|/v1/responses|openai-responses",
        "{}|/v1beta/models/gemini-2.5-pro:generateContent|gemini",
        "{}|/model/anthropic.claude-3-5-sonnet/converse|bedrock-converse",
        "{\"contents\":[]}||gemini",
        "{\"input\":[]}||openai-responses",
        "{\"model\":\"gpt-4.1\",\"input\":\"hi\"}||openai-responses",
        "{\"model\":\"ft:gpt-4o-mini:acme:embedded-faq:x1\",\"input\":\"hi\"}||openai-responses",
        "{\"model\":\"gpt-4.1\",\"input\":[{\"role\":\"user\",\"content\":\"hi\"}]}||openai-responses",
        "{\"system\":\"s\",\"messages\":[]}||anthropic-messages",
        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t\"}]}]}||anthropic-messages",
        "{\"messages\":[{\"role\":\"tool\",\"tool_call_id\":\"c\",\"content\":\"x\"}]}||openai-chat",
        "{\"thinking\":{\"type\":\"enabled\"},\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}||openai-chat",
        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":\"x\"}]}]}||bedrock-converse",
        "{\"inferenceConfig\":{},\"messages\":[]}||bedrock-converse",
        "{\"model\":\"claude-haiku-4-5\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}||anthropic-messages",
        "{\"model\":\"gpt-4.1\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}||openai-chat",
        "{\"max_tokens\":5,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}||anthropic-messages",
        "{\"max_completion_tokens\":5,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}||openai-chat"})
    void should_detect_the_surface(String body, String path, String surface) throws Exception {
        assertThat(WireFormat.detect(MAPPER.readTree(body), path)).isEqualTo(WireFormat.fromWire(surface));
    }

    @org.junit.jupiter.api.Test
    void should_leave_an_embeddings_body_unguarded_even_when_unreadable_bodies_fail() {
        WireGuard guard = WireGuard.builder(io.orderingguard.OrderingGuard.builder().profile("openai-responses").build())
                .failOnUnreadableBody(true).build();
        byte[] body = "{\"model\":\"text-embedding-3-small\",\"input\":\"hi\"}".getBytes(
                java.nio.charset.StandardCharsets.UTF_8);
        WireVerdict verdict = guard.inspect(body, null, null);
        assertThat(verdict).isInstanceOf(WireVerdict.Unguarded.class);
        assertThat(((WireVerdict.Unguarded) verdict).reason()).isEqualTo("an embeddings request: nothing to check");
        assertThat(verdict.bodyToSend()).isSameAs(body);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "[]|$: expected an object, but was an array",
        "{\"prompt\":\"hi\"}|$: expected a request body with messages (Anthropic Messages, OpenAI Chat, Bedrock "
                + "Converse), contents (Gemini) or input (OpenAI Responses), but found none of them",
        "{\"model\":\"text-embedding-3-small\",\"input\":\"hi\"}|" + EMBEDDINGS,
        "{\"model\":\"m\",\"input\":[\"a\",\"b\"]}|" + EMBEDDINGS,
        "{\"model\":\"m\",\"input\":[[1,2],[3]]}|" + EMBEDDINGS,
        "{\"model\":\"m\",\"input\":[1,2,3]}|" + EMBEDDINGS,
        "{\"model\":\"mistral-embed\",\"input\":\"hi\"}|" + EMBEDDINGS,
        "{\"model\":\"m\",\"input\":\"hi\",\"dimensions\":256}|" + EMBEDDINGS})
    void should_reject_a_body_of_no_surface(String body, String message) throws Exception {
        assertThatThrownBy(() -> WireFormat.detect(MAPPER.readTree(body), null))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(message);
    }
}
