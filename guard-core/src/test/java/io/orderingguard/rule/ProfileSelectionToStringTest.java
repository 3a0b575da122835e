package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ProfileSelection#toString()} is one short line: a log line printing a result stays short. */
class ProfileSelectionToStringTest {

    private static final OrderingProfile PROFILE = OrderingProfile.of("anthropic-messages",
            OrderingRule.toolResultPairing("pairing").withProvenance(Provenance.of("x".repeat(2000),
                    "tool_use ids were found without tool_result blocks", "2026-11")),
            OrderingRule.alternation("alt", Role.USER, Role.ASSISTANT).withProvenance(Provenance.of("y".repeat(2000),
                    null, "2026-11")));

    @Test
    void should_name_the_profiles_and_the_reason_without_their_rules() {
        ProfileSelection s = ProfileSelection.of(List.of(PROFILE), "model 'claude-sonnet-4-5' -> anthropic-messages");

        assertThat(s.toString()).isEqualTo("ProfileSelection[profiles=[anthropic-messages], "
                + "reason=model 'claude-sonnet-4-5' -> anthropic-messages]");
    }

    @Test
    void should_say_what_was_inferred_and_whether_it_is_a_fallback() {
        ProfileSelection s = ProfileSelection.fallback(PROFILE, "unknown model", "name a family")
                .withInferred(RequestOptions.unknown().withReasoning(Reasoning.enabled()));

        assertThat(s.toString()).isEqualTo("ProfileSelection[profiles=[anthropic-messages], reason=unknown model, "
                + "inferred reasoning=enabled, fallback, advisory]");
        assertThat(s.toString()).doesNotContain("\n").hasSizeLessThan(200);
    }
}
