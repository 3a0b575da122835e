package io.orderingguard.wire;

import static io.orderingguard.wire.WireChecks.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.Outcome;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.ToolCall;
import org.junit.jupiter.api.Test;

/**
 * Gemini bodies read, checked by the guard and rendered: an orphan function response is gone, an
 * unanswered call is answered in the user content that holds the other responses, a Gemini 3 call
 * without its signature is rejected in enforce mode and gets the documented dummy signature in
 * mutate mode, and everything else (inline data, unknown fields, other signatures) is untouched.
 */
class GeminiMutateTest {

    private static final WireCodec CODEC = WireFormat.GEMINI.codec().orElseThrow();

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
    void should_drop_an_orphan_response_and_answer_an_unanswered_call_next_to_the_other_responses() {
        assertMutated("""
                {"contents":[
                 {"role":"user","parts":[{"text":"Weather in Paris and Rome?"},
                   {"inlineData":{"mimeType":"image/png","data":"iVBOR"}}]},
                 {"role":"model","parts":[
                   {"functionCall":{"name":"get_weather","args":{"city":"Paris"}},"thoughtSignature":"sig-A"},
                   {"functionCall":{"name":"get_weather","args":{"city":"Rome"}}}]},
                 {"role":"user","parts":[
                   {"functionResponse":{"name":"get_weather","response":{"output":"18 C"}}},
                   {"functionResponse":{"name":"lookup","response":{"output":"stale"}}}]}],
                 "safetySettings":[{"category":"HARM_CATEGORY_HARASSMENT","threshold":"BLOCK_NONE"}]}
                """, """
                {"contents":[
                 {"role":"user","parts":[{"text":"Weather in Paris and Rome?"},
                   {"inlineData":{"mimeType":"image/png","data":"iVBOR"}}]},
                 {"role":"model","parts":[
                   {"functionCall":{"name":"get_weather","args":{"city":"Paris"}},"thoughtSignature":"sig-A"},
                   {"functionCall":{"name":"get_weather","args":{"city":"Rome"}}}]},
                 {"role":"user","parts":[
                   {"functionResponse":{"name":"get_weather","response":{"output":"18 C"}}},
                   {"functionResponse":{"name":"get_weather","response":{"error":"%s"}}}]}],
                 "safetySettings":[{"category":"HARM_CATEGORY_HARASSMENT","threshold":"BLOCK_NONE"}]}
                """.formatted(NOT_EXECUTED));
    }

    @Test
    void should_answer_an_unanswered_call_with_an_id_in_a_new_user_content_at_the_end() {
        assertMutated("""
                {"contents":[
                 {"role":"user","parts":[{"text":"Weather?"}]},
                 {"role":"model","parts":[{"functionCall":{"id":"fc_1","name":"get_weather","args":{}}}]}]}
                """, """
                {"contents":[
                 {"role":"user","parts":[{"text":"Weather?"}]},
                 {"role":"model","parts":[{"functionCall":{"id":"fc_1","name":"get_weather","args":{}}}]},
                 {"role":"user","parts":[{"functionResponse":{"id":"fc_1","name":"get_weather",
                   "response":{"error":"%s"}}}]}]}
                """.formatted(NOT_EXECUTED));
    }

    @Test
    void should_reject_a_gemini_3_call_without_its_signature_and_repair_it_with_the_documented_dummy() {
        ObjectNode body = json("""
                {"contents":[
                 {"role":"user","parts":[{"text":"Book a taxi."}]},
                 {"role":"model","parts":[{"text":"Booking.","thoughtSignature":"text-sig"},
                   {"function_call":{"name":"book_taxi","args":{"time":"10 AM"}}}]},
                 {"role":"user","parts":[{"function_response":{"name":"book_taxi","response":{"ok":true}}}]}],
                 "generationConfig":{"thinkingConfig":{"thinkingLevel":"low"}}}
                """);
        Dispatch dispatch = CODEC.parse(body, WireContext.empty()
                .withUrlPath("/v1beta/models/gemini-3-pro-preview:generateContent"));
        OrderingProfile gemini3 = Profiles.forDispatch(dispatch.provider(), dispatch.model());

        GuardResult enforced = OrderingGuard.builder().profile(gemini3).build().check(dispatch);
        GuardResult mutated = OrderingGuard.builder().profile(gemini3).mode(Mode.MUTATE)
                .allowMetadataFallbackRepair(true).build().check(dispatch);
        ObjectNode rendered = CODEC.render(mutated.dispatch(), body);

        assertThat(gemini3.name()).isEqualTo("gemini-3-api");
        assertThat(enforced.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(enforced.blocking()).extracting(Finding::ruleId).containsExactly("gemini-3-function-call-signature");
        assertThat(enforced.blocking().get(0).primitiveIds()).containsExactly("m1.c1");
        assertThat(mutated.outcome()).isEqualTo(Outcome.REPAIRED);
        ObjectNode expected = body.deepCopy();
        ((ObjectNode) expected.at("/contents/1/parts/1")).put("thought_signature", "skip_thought_signature_validator");
        assertThat(rendered).isEqualTo(expected);
        assertThat(CODEC.parse(rendered, WireContext.empty()).timeline().get(2).replayCompatibility())
                .isEqualTo("gemini-thought-signature-sentinel-v1");
    }

    @Test
    void should_pass_a_gemini_3_tool_loop_whose_signatures_came_back_intact() {
        ObjectNode body = WireChecks.file("gemini/gemini-3-function-calling-signatures.json");
        Dispatch dispatch = CODEC.parse(body, WireContext.empty()
                .withUrlPath("/v1beta/models/gemini-3-pro-preview:generateContent"));

        GuardResult result = OrderingGuard.builder()
                .profile(Profiles.forDispatch(dispatch.provider(), dispatch.model()))
                .mode(Mode.MUTATE)
                .build()
                .check(dispatch);

        assertThat(result.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(CODEC.render(result.dispatch(), body).toString()).isEqualTo(body.toString());
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
