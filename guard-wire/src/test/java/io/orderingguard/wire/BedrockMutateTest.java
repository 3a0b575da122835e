package io.orderingguard.wire;

import static io.orderingguard.wire.WireChecks.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.ToolCall;
import org.junit.jupiter.api.Test;

/**
 * Converse bodies read, checked by the guard and rendered: an orphan {@code toolResult} is gone, an
 * unanswered call is answered in the user message holding the other results, cache points, images
 * and unknown fields stay where they were, and the shipped Bedrock families (chosen from the model id
 * and the thinking option) accept a valid Claude thinking tool loop and reject a broken one.
 */
class BedrockMutateTest {

    private static final WireCodec CODEC = WireFormat.BEDROCK_CONVERSE.codec().orElseThrow();

    private static final OrderingGuard PAIRING = OrderingGuard.builder()
            .profile(OrderingProfile.of("pairing", ToolResultPairingRule.builder("pairing")
                    .unanswered(true)
                    .orphans(true)
                    .build()
                    .withSeverity(Severity.BLOCKING)))
            .mode(Mode.MUTATE)
            .build();

    private static final String NOT_EXECUTED = "Tool call was not executed: the conversation has no result for it.";

    @Test
    void should_drop_an_orphan_result_and_answer_an_unanswered_call_keeping_cache_points_in_place() {
        assertMutated("""
                {"modelId":"anthropic.claude-3-5-sonnet-20240620-v1:0","messages":[
                 {"role":"user","content":[{"text":"Weather in Paris and Rome?"},{"cachePoint":{"type":"default"}}]},
                 {"role":"assistant","content":[
                   {"toolUse":{"toolUseId":"tu_1","name":"get_weather","input":{"city":"Paris"}}},
                   {"toolUse":{"toolUseId":"tu_2","name":"get_weather","input":{"city":"Rome"}}}]},
                 {"role":"user","content":[
                   {"toolResult":{"toolUseId":"tu_old","content":[{"text":"stale"}]}},
                   {"toolResult":{"toolUseId":"tu_1","content":[{"json":{"temp":18}}]}},
                   {"cachePoint":{"type":"default"}},
                   {"image":{"format":"png","source":{"bytes":"iVBOR"}}}]}],
                 "inferenceConfig":{"maxTokens":512}}
                """, """
                {"modelId":"anthropic.claude-3-5-sonnet-20240620-v1:0","messages":[
                 {"role":"user","content":[{"text":"Weather in Paris and Rome?"},{"cachePoint":{"type":"default"}}]},
                 {"role":"assistant","content":[
                   {"toolUse":{"toolUseId":"tu_1","name":"get_weather","input":{"city":"Paris"}}},
                   {"toolUse":{"toolUseId":"tu_2","name":"get_weather","input":{"city":"Rome"}}}]},
                 {"role":"user","content":[
                   {"toolResult":{"toolUseId":"tu_1","content":[{"json":{"temp":18}}]}},
                   {"cachePoint":{"type":"default"}},
                   {"toolResult":{"toolUseId":"tu_2","content":[{"text":"%s"}],"status":"error"}},
                   {"image":{"format":"png","source":{"bytes":"iVBOR"}}}]}],
                 "inferenceConfig":{"maxTokens":512}}
                """.formatted(NOT_EXECUTED));
    }

    @Test
    void should_add_a_user_message_for_an_unanswered_call_at_the_end() {
        assertMutated("""
                {"messages":[{"role":"user","content":[{"text":"Weather?"}]},
                 {"role":"assistant","content":[{"toolUse":{"toolUseId":"tu_1","name":"get_weather","input":{}}}]}],
                 "toolConfig":{"tools":[{"toolSpec":{"name":"get_weather","inputSchema":{"json":{"type":"object"}}}}]}}
                """, """
                {"messages":[{"role":"user","content":[{"text":"Weather?"}]},
                 {"role":"assistant","content":[{"toolUse":{"toolUseId":"tu_1","name":"get_weather","input":{}}}]},
                 {"role":"user","content":[{"toolResult":{"toolUseId":"tu_1","content":[{"text":"%s"}],
                   "status":"error"}}]}],
                 "toolConfig":{"tools":[{"toolSpec":{"name":"get_weather","inputSchema":{"json":{"type":"object"}}}}]}}
                """.formatted(NOT_EXECUTED));
    }

    @Test
    void should_pass_a_claude_thinking_tool_loop_under_the_family_its_model_id_and_options_select() {
        ObjectNode body = WireChecks.file("bedrock-converse/claude-thinking-tool-use.json");
        Dispatch dispatch = CODEC.parse(body,
                WireContext.empty().withUrlPath("/model/us.anthropic.claude-3-7-sonnet-20250219-v1:0/converse"));

        GuardResult result = OrderingGuard.builder().selectProfiles(Profiles.selector()).build().check(dispatch);

        assertThat(result.profile()).isEqualTo("bedrock-converse-claude-thinking");
        assertThat(result.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(CODEC.render(result.dispatch(), body).toString()).isEqualTo(body.toString());
    }

    @Test
    void should_reject_a_thinking_tool_loop_whose_reasoning_was_dropped() {
        ObjectNode body = WireChecks.file("bedrock-converse/claude-thinking-tool-use.json");
        ((com.fasterxml.jackson.databind.node.ArrayNode) body.at("/messages/1/content")).remove(0);
        Dispatch dispatch = CODEC.parse(body,
                WireContext.empty().withUrlPath("/model/us.anthropic.claude-3-7-sonnet-20250219-v1:0/converse"));

        GuardResult result = OrderingGuard.builder().selectProfiles(Profiles.selector()).build().check(dispatch);

        assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(result.blocking()).extracting(Finding::ruleId).containsExactly(
                "anthropic-turn-starts-with-thinking", "anthropic-final-assistant-starts-with-thinking");
    }

    private static void assertMutated(String body, String expected) {
        ObjectNode original = json(body);
        Dispatch dispatch = CODEC.parse(original, WireContext.empty());

        GuardResult result = PAIRING.check(dispatch);
        ObjectNode rendered = CODEC.render(result.dispatch(), original);

        assertThat(result.repairs()).isNotEmpty();
        assertThat(rendered).isEqualTo(json(expected));
        assertThat(CODEC.parse(rendered, WireContext.empty()).timeline().entries().stream()
                .filter(e -> e instanceof ToolCall c && (c.isOrphan() || c.isUnanswered())))
                .isEmpty();
        assertThat(original).isEqualTo(json(body));
        assertThat(PAIRING.check(CODEC.parse(rendered, WireContext.empty())).repairs()).isEmpty();
    }
}
