package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.GuardInputException;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.Outcome;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WireGuardTest {

    static final String ORPHAN = "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":512,\"temperature\":0.50,\"messages\":["
            + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_gone\"},"
            + "{\"type\":\"text\",\"text\":\"Hi\"}]}]}";
    static final String CLEAN = "{\"model\":\"claude-sonnet-4-5\",  \"max_tokens\":512,\"messages\":["
            + "{\"role\":\"user\",\"content\":\"Hi\"}], \"x_unknown\": 1.0e-5}";

    static OrderingGuard guard(Mode mode, boolean shadow) {
        return OrderingGuard.builder()
                .profile(OrderingProfile.of("pairing", ToolResultPairingRule.builder("pairing")
                        .orphans(true).build().withSeverity(Severity.BLOCKING)))
                .mode(mode).shadow(shadow)
                .build();
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void should_send_the_very_same_array_when_the_body_passes() {
        byte[] body = bytes(CLEAN);

        WireVerdict verdict = WireGuard.of(guard(Mode.ENFORCE, false)).inspect(body, "/v1/messages", null);

        assertThat(verdict).isInstanceOf(WireVerdict.Passed.class);
        assertThat(verdict.bodyToSend()).isSameAs(body);
        assertThat(verdict.changed()).isFalse();
        assertThat(verdict.guardResult().orElseThrow().outcome()).isEqualTo(Outcome.PASSED);
    }

    @Test
    void should_refuse_with_the_guard_exception_in_enforce_mode() {
        WireVerdict verdict = WireGuard.of(guard(Mode.ENFORCE, false)).inspect(bytes(ORPHAN), "/v1/messages", "c-7");

        assertThat(verdict).isInstanceOf(WireVerdict.Rejected.class);
        assertThat(((WireVerdict.Rejected) verdict).parsed().resultPosition("toolu_gone"))
                .isEqualTo("messages[0].content[0]");
        Throwable thrown = catchThrowable(verdict::bodyToSend);
        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessage("rejected dispatch of conversation c-7 (profile pairing): 1 blocking violation(s)\n"
                        + "  - pairing: tool result 'toolu_gone' answers no tool call in the conversation");
    }

    @Test
    void should_send_the_repaired_body_in_mutate_mode_keeping_number_spelling() {
        byte[] body = bytes(ORPHAN);

        WireVerdict verdict = WireGuard.of(guard(Mode.MUTATE, false)).inspect(body, "/v1/messages?beta=true", null);

        assertThat(verdict).isInstanceOf(WireVerdict.Repaired.class);
        assertThat(verdict.changed()).isTrue();
        assertThat(((WireVerdict.Repaired) verdict).original()).isSameAs(body);
        assertThat(new String(verdict.bodyToSend(), StandardCharsets.UTF_8)).isEqualTo(
                "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":512,\"temperature\":0.50,\"messages\":["
                        + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Hi\"}]}]}");
    }

    @Test
    void should_send_the_original_in_shadow_mode_whatever_the_verdict() {
        byte[] body = bytes(ORPHAN);

        WireVerdict verdict = WireGuard.of(guard(Mode.ENFORCE, true)).inspect(body, "/v1/messages", null);

        assertThat(verdict).isInstanceOf(WireVerdict.Passed.class);
        assertThat(verdict.bodyToSend()).isSameAs(body);
        assertThat(verdict.guardResult().orElseThrow().outcome()).isEqualTo(Outcome.REJECTED);
    }

    @Test
    void should_leave_other_endpoints_alone() {
        byte[] body = bytes("{\"input\":\"embed me\",\"model\":\"text-embedding-3-small\"}");

        WireVerdict verdict = WireGuard.of(guard(Mode.ENFORCE, false)).inspect(body, "/v1/embeddings", null);

        assertThat(verdict).isEqualTo(new WireVerdict.Unguarded(body, "path /v1/embeddings names no chat surface"));
        assertThat(verdict.bodyToSend()).isSameAs(body);
        assertThat(verdict.guardResult()).isEmpty();
    }

    @Test
    void should_pick_the_surface_from_the_body_when_no_path_is_given() {
        WireVerdict verdict = WireGuard.of(guard(Mode.ENFORCE, false)).inspect(bytes(ORPHAN), null, null);

        assertThat(verdict).isInstanceOf(WireVerdict.Rejected.class);
    }

    @Test
    void should_send_an_unreadable_body_unchanged_by_default() {
        byte[] body = bytes("{\"model\":\"claude-sonnet-4-5\",\"messages\":[{\"role\":\"user\",\"content\":7}]}");

        WireVerdict verdict = WireGuard.of(guard(Mode.ENFORCE, false)).inspect(body, "/v1/messages", null);

        assertThat(verdict).isInstanceOf(WireVerdict.Unguarded.class);
        assertThat(((WireVerdict.Unguarded) verdict).reason()).isEqualTo("unreadable body: /v1/messages: "
                + "$.messages[0].content: expected a string or an array of content blocks, but was a number (7)");
        assertThat(verdict.bodyToSend()).isSameAs(body);
    }

    @Test
    void should_fail_on_an_unreadable_body_when_configured() {
        WireGuard wire = WireGuard.builder(guard(Mode.ENFORCE, false)).failOnUnreadableBody(true).build();

        Throwable thrown = catchThrowable(() -> wire.inspect(bytes("{\"messages\": [}"), "/v1/chat/completions", null));

        assertThat(thrown).isInstanceOf(GuardInputException.class)
                .hasMessage("/v1/chat/completions: expected a JSON request body, but it does not parse at line 1, "
                        + "column 15: Unexpected close marker '}': expected ']'");
    }

    @Test
    void should_take_the_model_from_gemini_and_bedrock_paths() {
        WireContext gemini = WireContext.empty().withUrlPath("/v1beta/models/gemini-3-pro-preview:generateContent");
        WireContext vertex = WireContext.empty().withUrlPath(
                "/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash:streamGenerateContent");
        WireContext bedrock = WireContext.empty().withUrlPath(
                "/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse");

        assertThat(gemini.model()).isEqualTo("gemini-3-pro-preview");
        assertThat(vertex.model()).isEqualTo("gemini-2.5-flash");
        assertThat(vertex.provider()).isEqualTo("vertex");
        assertThat(bedrock.model()).isEqualTo("us.anthropic.claude-sonnet-4-5-20250929-v1:0");
        assertThat(WireContext.empty().withUrlPath("/v1/chat/completions").model()).isNull();
    }

    @Test
    void should_read_the_model_and_provider_of_a_vertex_path_into_the_dispatch() {
        byte[] body = bytes("{\"contents\": [{\"role\": \"user\", \"parts\": [{\"text\": \"Hi\"}]}]}");
        String path = "/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent";

        WireVerdict verdict = WireGuard.of(guard(Mode.ENFORCE, false)).inspect(body, path + "?alt=sse", "c-8");
        WireVerdict named = WireGuard.builder(guard(Mode.ENFORCE, false)).provider("google").model("gemini-3-pro")
                .build().inspect(body, path, null);

        assertThat(((WireVerdict.Passed) verdict).parsed().dispatch()).satisfies(d -> {
            assertThat(d.model()).isEqualTo("gemini-2.5-flash");
            assertThat(d.provider()).isEqualTo("vertex");
            assertThat(d.conversationId()).isEqualTo("c-8");
        });
        assertThat(((WireVerdict.Passed) named).parsed().dispatch()).satisfies(d -> {
            assertThat(d.model()).isEqualTo("gemini-3-pro");
            assertThat(d.provider()).isEqualTo("google");
        });
    }

    @Test
    void should_name_the_path_surface_without_a_body() {
        assertThat(WireFormat.forPath("/v1/messages")).contains(WireFormat.ANTHROPIC_MESSAGES);
        assertThat(WireFormat.forPath("/v1/messages/count_tokens")).isEmpty();
        assertThat(WireFormat.forPath("/model/amazon.nova-pro-v1%3A0/converse-stream"))
                .contains(WireFormat.BEDROCK_CONVERSE);
    }

    @Test
    void should_fail_when_a_verdict_is_built_against_its_result() {
        WireVerdict verdict = WireGuard.of(guard(Mode.ENFORCE, false)).inspect(bytes(ORPHAN), "/v1/messages", null);
        WireVerdict.Rejected rejected = (WireVerdict.Rejected) verdict;

        Throwable thrown = catchThrowable(() -> new WireVerdict.Passed(bytes(ORPHAN), rejected.parsed(), rejected.result()));

        assertThat(thrown).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a Passed verdict needs a result that is sent, but the outcome was rejected");
    }
}
