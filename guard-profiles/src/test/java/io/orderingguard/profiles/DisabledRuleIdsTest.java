package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardConfigException;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingRule;
import org.junit.jupiter.api.Test;

/** A mistyped id given to {@code disableAdvisoryRuleIds} fails the build, naming the closest ids. */
class DisabledRuleIdsTest {

    @Test
    void should_name_the_closest_rule_of_the_shipped_catalogue_for_a_typo_with_the_model_selector() {
        assertThatThrownBy(() -> OrderingGuard.builder().selectProfiles(Profiles.selector())
                .disableAdvisoryRuleIds("anthropic-role-alternaton").build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid ordering guard options: disableAdvisoryRuleIds: no rule of the selectable profiles "
                        + "has the id 'anthropic-role-alternaton'; did you mean anthropic-role-alternation?");
    }

    @Test
    void should_name_the_closest_rule_of_a_named_profile() {
        assertThatThrownBy(() -> OrderingGuard.builder().profile("gemini-3").disableAdvisoryRuleIds("thought-signature")
                .build())
                .hasMessageStartingWith("invalid ordering guard options: disableAdvisoryRuleIds: no rule of the "
                        + "configured profiles has the id 'thought-signature'; did you mean thought-signature-");
    }

    @Test
    void should_fail_when_a_disabled_id_is_blocking_in_every_profile_that_has_it() {
        assertThatThrownBy(() -> OrderingGuard.builder().selectProfiles(Profiles.selector())
                .disableAdvisoryRuleIds("anthropic-tool-use-has-result").build())
                .isInstanceOf(io.orderingguard.GuardConfigException.class)
                .hasMessage("invalid ordering guard options: disableAdvisoryRuleIds: rule "
                        + "'anthropic-tool-use-has-result' is blocking (in anthropic-messages, "
                        + "anthropic-messages-no-thinking, anthropic-messages-manual-thinking and 1 more), and only "
                        + "advisory findings can be disabled; to demote it, use a profile file with 'extends: "
                        + "[anthropic-messages]' and 'overrides: {anthropic-tool-use-has-result: {severity: advisory}}'");
    }

    @Test
    void should_accept_every_rule_id_of_the_shipped_catalogue_that_is_advisory_somewhere_and_of_the_fallback() {
        String[] ids = Profiles.families().stream().flatMap(e -> e.rules().stream())
                .filter(r -> r.severity() == io.orderingguard.rule.Severity.ADVISORY).map(OrderingRule::id).distinct()
                .toArray(String[]::new);
        assertThat(ids).hasSizeGreaterThan(30);
        assertThat(OrderingGuard.builder().selectProfiles(Profiles.selector()).disableAdvisoryRuleIds(ids).build())
                .isNotNull();
        OrderingRule custom = OrderingRule.toolResultPairing("my-own-pairing");
        ModelSelector withFallback = Profiles.selector().fallback(
                io.orderingguard.rule.OrderingProfile.of("mine", "a custom fallback", java.util.List.of(custom)));
        assertThat(OrderingGuard.builder().selectProfiles(withFallback).disableAdvisoryRuleIds("my-own-pairing").build())
                .isNotNull();
    }
}
