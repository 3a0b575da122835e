package io.orderingguard.testing;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import org.junit.jupiter.api.Test;

class GuardAssertionsTest {

    private static final String NL = System.lineSeparator();
    private static final OrderingProfile PROFILE = OrderingProfile.of("p",
            OrderingRule.toolResultPairing("pairing").withSeverity(Severity.BLOCKING)
                    .withProvenance(Provenance.of("docs", "tool_use ids were found without tool_result blocks", null)),
            OrderingRule.alternation("alt", Role.USER, Role.ASSISTANT));
    /** Two user turns in a row (advisory) and an unanswered call (blocking). */
    private static final Dispatch BROKEN = Dispatch.of(Timeline.of(Entry.user("u1", "q"), Entry.user("u2", "again"),
            Entry.toolCall("call_1", "search", null)));
    private static final Dispatch HEALTHY = Dispatch.of(Timeline.of(Entry.user("u1", "q"), Entry.assistant("a1", "a")));

    private static GuardResult enforce(Dispatch d) {
        return OrderingGuard.of(PROFILE).check(d);
    }

    @Test
    void should_pass_on_a_rejected_result() {
        GuardAssertions.assertThat(enforce(BROKEN)).wasRejected().hasBlockingFinding("pairing").hasAdvisory("alt")
                .blockingFinding("pairing").hasPrimitiveIds("call_1").hasSeverity(Severity.BLOCKING)
                .hasProviderError("tool_use ids were found without tool_result blocks")
                .hasDetailContaining("has no result").returnToResult().hasNoBlockingFinding("alt");
        GuardAssertions.assertThat(enforce(HEALTHY)).passed().hasNoAdvisories();
        GuardAssertions.assertThat(OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).build().check(BROKEN))
                .wasRepaired().hasRepair("synthesize-missing-tool-result");
    }

    @Test
    void should_fail_with_the_whole_verdict() {
        String verdict = "Result: rejected (profile p)" + NL
                + "  blocking pairing [call_1]: tool call 'call_1' (search) has no result" + NL
                + "  advisory alt [u1, u2]: roles must alternate, but 'u1' and 'u2' both have role user";
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).wasRepaired())
                .isInstanceOf(AssertionError.class)
                .hasMessage("Expected the dispatch to be repaired, but it was rejected." + NL + verdict);
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).hasNoAdvisories())
                .hasMessage("Expected no advisory findings, but found 1." + NL + verdict);
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).hasBlockingFinding("alt"))
                .hasMessage("Expected a blocking finding of rule 'alt', but there was none." + NL + verdict);
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(HEALTHY)).wasRejected())
                .hasMessage("Expected the dispatch to be rejected, but it was passed." + NL
                        + "Result: passed (profile p)" + NL + "  no findings");
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).hasRepair("drop-orphan-result"))
                .hasMessage("Expected a repair with strategy 'drop-orphan-result', but there was none." + NL + verdict);
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).hasNoBlockingFinding("pairing"))
                .hasMessage("Expected no blocking finding of rule 'pairing', but found one." + NL + verdict);
    }

    @Test
    void should_fail_on_finding_details() {
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).blockingFinding("pairing").hasPrimitiveIds("x"))
                .hasMessage("Expected finding 'pairing' to implicate [x], but it implicates [call_1].");
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).advisory("alt").hasProviderError("nope"))
                .hasMessage("Expected finding 'alt' to prevent provider error \"nope\", but it names none.");
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).advisory("alt").hasSeverity(Severity.BLOCKING))
                .hasMessage("Expected finding 'alt' to be blocking, but it was advisory.");
        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN)).advisory("alt").hasDetailContaining("zzz"))
                .hasMessage("Expected the detail of finding 'alt' to contain \"zzz\", but it was \"roles must alternate, but "
                        + "'u1' and 'u2' both have role user\".");
    }

    @Test
    void should_be_an_assertj_entry_point_returning_a_result_assert() {
        GuardResultAssert assertion = GuardAssertions.assertThat(enforce(BROKEN));

        GuardAssertions.assertThat(assertion).isInstanceOf(org.assertj.core.api.AbstractAssert.class);
        // AssertJ's own assertions come through the same entry point
        GuardAssertions.assertThat(enforce(BROKEN).blocking()).hasSize(1);
        GuardAssertions.assertThat("pairing").startsWith("pair");
    }

    @Test
    void should_assert_on_a_finding_on_its_own() {
        GuardAssertions.assertThat(enforce(BROKEN).blocking().get(0)).hasPrimitiveIds("call_1")
                .hasSeverity(Severity.BLOCKING);

        assertThatThrownBy(() -> GuardAssertions.assertThat(enforce(BROKEN).blocking().get(0)).returnToResult())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("this finding assertion was started on its own; there is no result to return to");
    }
}
