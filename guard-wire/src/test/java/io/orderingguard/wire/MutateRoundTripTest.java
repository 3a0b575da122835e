package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.ToolCall;
import org.junit.jupiter.api.Test;

/**
 * A body read, repaired by the guard in mutate mode and rendered: an orphan result is gone from the
 * rendered body, an unanswered call gets its result where the provider wants it, and everything
 * else (unknown fields, cache_control, images) is untouched.
 */
class MutateRoundTripTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final OrderingGuard GUARD = OrderingGuard.builder()
            .profile(OrderingProfile.of("pairing", ToolResultPairingRule.builder("pairing")
                    .unanswered(true)
                    .orphans(true)
                    .build()
                    .withSeverity(Severity.BLOCKING)))
            .mode(Mode.MUTATE)
            .build();

    private static final String NOT_EXECUTED = "Tool call was not executed: the conversation has no result for it.";

    @Test
    void should_drop_an_orphan_tool_result_from_an_anthropic_body() {
        assertMutated(WireFormat.ANTHROPIC_MESSAGES, """
                {"model":"claude-sonnet-4-5","max_tokens":1024,"metadata":{"user_id":"u1"},"messages":[
                 {"role":"user","content":"Weather in Paris?"},
                 {"role":"assistant","content":[{"type":"text","text":"Checking."},
                   {"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_old","content":"stale"},
                   {"type":"tool_result","tool_use_id":"toolu_1","content":"18 C"},
                   {"type":"text","text":"Thanks","cache_control":{"type":"ephemeral"}}]}]}
                """, """
                {"model":"claude-sonnet-4-5","max_tokens":1024,"metadata":{"user_id":"u1"},"messages":[
                 {"role":"user","content":"Weather in Paris?"},
                 {"role":"assistant","content":[{"type":"text","text":"Checking."},
                   {"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"18 C"},
                   {"type":"text","text":"Thanks","cache_control":{"type":"ephemeral"}}]}]}
                """);
    }

    @Test
    void should_answer_an_unanswered_anthropic_call_in_the_user_message_holding_the_other_results() {
        assertMutated(WireFormat.ANTHROPIC_MESSAGES, """
                {"model":"claude-sonnet-4-5","max_tokens":1024,"messages":[
                 {"role":"user","content":"Weather in Paris and Rome?"},
                 {"role":"assistant","content":[
                   {"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}},
                   {"type":"tool_use","id":"toolu_2","name":"get_weather","input":{"city":"Rome"}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"18 C"},
                   {"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBOR"}}]}]}
                """, """
                {"model":"claude-sonnet-4-5","max_tokens":1024,"messages":[
                 {"role":"user","content":"Weather in Paris and Rome?"},
                 {"role":"assistant","content":[
                   {"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}},
                   {"type":"tool_use","id":"toolu_2","name":"get_weather","input":{"city":"Rome"}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"18 C"},
                   {"type":"tool_result","tool_use_id":"toolu_2","content":"%s","is_error":true},
                   {"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBOR"}}]}]}
                """.formatted(NOT_EXECUTED));
    }

    @Test
    void should_add_a_user_message_for_an_unanswered_anthropic_call_at_the_end() {
        assertMutated(WireFormat.ANTHROPIC_MESSAGES, """
                {"model":"claude-sonnet-4-5","max_tokens":1024,"messages":[
                 {"role":"user","content":"Weather?"},
                 {"role":"assistant","content":[
                   {"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}}]}]}
                """, """
                {"model":"claude-sonnet-4-5","max_tokens":1024,"messages":[
                 {"role":"user","content":"Weather?"},
                 {"role":"assistant","content":[
                   {"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}}]},
                 {"role":"user","content":[
                   {"type":"tool_result","tool_use_id":"toolu_1","content":"%s","is_error":true}]}]}
                """.formatted(NOT_EXECUTED));
    }

    @Test
    void should_drop_an_orphan_tool_message_and_answer_an_unanswered_openai_call() {
        assertMutated(WireFormat.OPENAI_CHAT, """
                {"model":"gpt-4.1","temperature":0.2,"messages":[
                 {"role":"system","content":"Be brief."},
                 {"role":"tool","tool_call_id":"call_old","content":"stale"},
                 {"role":"user","content":"Weather in Paris and Rome?"},
                 {"role":"assistant","content":null,"tool_calls":[
                   {"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}},
                   {"id":"call_2","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Rome\\"}"}}]},
                 {"role":"tool","tool_call_id":"call_1","content":"18 C"},
                 {"role":"user","content":"Thanks"}]}
                """, """
                {"model":"gpt-4.1","temperature":0.2,"messages":[
                 {"role":"system","content":"Be brief."},
                 {"role":"user","content":"Weather in Paris and Rome?"},
                 {"role":"assistant","content":null,"tool_calls":[
                   {"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}},
                   {"id":"call_2","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Rome\\"}"}}]},
                 {"role":"tool","tool_call_id":"call_2","content":"%s"},
                 {"role":"tool","tool_call_id":"call_1","content":"18 C"},
                 {"role":"user","content":"Thanks"}]}
                """.formatted(NOT_EXECUTED));
    }

    private static void assertMutated(WireFormat format, String body, String expected) {
        ObjectNode original = read(body);
        WireCodec codec = format.codec().orElseThrow();
        Dispatch dispatch = codec.parse(original, WireContext.empty());

        GuardResult result = GUARD.check(dispatch);
        ObjectNode rendered = codec.render(result.dispatch(), original);

        assertThat(result.repairs()).isNotEmpty();
        assertThat(rendered).isEqualTo(read(expected));
        assertThat(codec.parse(rendered, WireContext.empty()).timeline().entries().stream()
                .filter(e -> e instanceof ToolCall c && (c.isOrphan() || c.isUnanswered())))
                .isEmpty();
        assertThat(original).isEqualTo(read(body));
    }

    private static ObjectNode read(String json) {
        try {
            JsonNode node = MAPPER.readTree(json);
            return (ObjectNode) node;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
