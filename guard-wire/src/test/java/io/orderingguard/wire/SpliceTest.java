package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.RepairStrategy;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A repaired body is spliced into the client's bytes: what the repair left equal keeps its layout, key
 * order, number spelling, escapes and unknown fields exactly; only the containers that changed are
 * written anew, their unchanged members still copied byte for byte.
 */
class SpliceTest {

    private static final String HEAD = """
            {
              "model" : "claude-sonnet-4-5",
              "max_tokens" : 1024,
              "temperature" : 1.50,
              "metadata" : { "user_id" : "caf\\u00e9", "future_field" : [ 1, 2.0e1 ] },
              "messages" : [""";
    private static final String USER = """
             {
                "role" : "user",
                "content" : "Weather in Paris?"
              }""";
    private static final String CALL = """
             {
                "role" : "assistant",
                "content" : [ { "type" : "tool_use", "id" : "toolu_1", "name" : "weather", "input" : { "city" : "Paris" } } ]
              }""";
    private static final String KEPT_RESULT = """
            { "type" : "tool_result", "tool_use_id" : "toolu_1", "content" : "18 C", "cache_control" : { "type" : "ephemeral" } }""";
    private static final String TAIL = """
             ],
              "tools" : [ { "name" : "weather", "input_schema" : { "type" : "object" } } ]
            }
            """;

    @Test
    void should_copy_every_unchanged_value_as_written_and_rewrite_only_what_the_repair_changed() {
        String results = """
                 {
                    "role" : "user",
                    "content" : [ %s, { "type" : "tool_result", "tool_use_id" : "toolu_gone", "content" : "late" } ]
                  }""".formatted(KEPT_RESULT);
        String body = HEAD + USER + "," + CALL + "," + results + TAIL;
        OrderingGuard guard = OrderingGuard.builder().profile("anthropic-messages").mode(Mode.MUTATE).build();

        WireVerdict verdict = WireGuard.of(guard).inspect(body.getBytes(StandardCharsets.UTF_8), "/v1/messages", null);

        assertThat(verdict).isInstanceOf(WireVerdict.Repaired.class);
        assertThat(verdict.guardResult().orElseThrow().repairs()).extracting(r -> r.strategy())
                .containsExactly(RepairStrategy.DROP_ORPHAN_RESULT);
        String sent = new String(verdict.bodyToSend(), StandardCharsets.UTF_8);
        // only the changed content array is written anew (compact); every other byte is the client's
        assertThat(sent).isEqualTo(body.replace(results, results.substring(0, results.indexOf("[ ")) + "["
                + KEPT_RESULT + "]" + results.substring(results.lastIndexOf(" ]") + 2)));
    }

    @Test
    void should_send_a_body_the_repair_left_equal_as_the_very_bytes_written() {
        String body = HEAD + USER + "," + CALL + ",{\"role\":\"user\",\"content\":[" + KEPT_RESULT + "]}" + TAIL;
        OrderingGuard guard = OrderingGuard.builder().profile("anthropic-messages").mode(Mode.MUTATE).build();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);

        WireVerdict verdict = WireGuard.of(guard).inspect(bytes, "/v1/messages", null);

        assertThat(verdict).isInstanceOf(WireVerdict.Passed.class);
        assertThat(verdict.bodyToSend()).isSameAs(bytes);
    }
}
