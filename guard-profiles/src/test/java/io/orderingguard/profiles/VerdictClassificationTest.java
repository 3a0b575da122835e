package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.Verdict;
import io.orderingguard.VerdictOutcome;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import org.junit.jupiter.api.Test;

/**
 * A guard using the shipped catalogue names the rule a provider's rejection reports, through
 * {@link ShippedCatalog#classifyRejection}, when it joins the answer with its check.
 */
class VerdictClassificationTest {

    private static final String BODY = "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
            + "\"message\":\"messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: "
            + "toolu_01. Each `tool_use` block must have a corresponding `tool_result` block in the next message.\"}}";

    private static Dispatch unanswered() {
        return Dispatch.of("c-1", "anthropic", "claude-sonnet-4-5",
                Timeline.of(Entry.user("u1", "find"), Entry.toolCall("toolu_01", "search", null)));
    }

    @Test
    void should_rank_the_rules_whose_provider_error_the_text_is() {
        assertThat(new ShippedCatalog().classifyRejection("`tool_use` ids were found without `tool_result` blocks "
                + "immediately after: toolu_01")).startsWith("anthropic-tool-use-has-result");
        assertThat(new ShippedCatalog().classifyRejection("max_tokens is too large")).isEmpty();
    }

    @Test
    void should_confirm_a_shadow_block_with_the_rule_the_rejection_names() {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.SHADOW).build();
        GuardResult result = guard.check(unanswered());

        Verdict verdict = guard.answered(result, ProviderAnswer.of(400, BODY));

        assertThat(verdict.outcome()).isEqualTo(VerdictOutcome.CONFIRMED);
        assertThat(verdict.wouldBlock()).contains("anthropic-tool-use-has-result");
        assertThat(verdict.rejectionRuleId()).isEqualTo("anthropic-tool-use-has-result");
    }
}
