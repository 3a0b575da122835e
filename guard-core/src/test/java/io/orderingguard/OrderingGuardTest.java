package io.orderingguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.rule.Composition;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.RepairStrategy;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.ProfileSelector;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.spi.StashUnavailableException;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OrderingGuardTest {

    private static final OrderingRule PAIRING = OrderingRule.toolResultPairing("tool-result-pairing")
            .withSeverity(Severity.BLOCKING)
            .withProvenance(Provenance.of("docs", "tool_use ids were found without tool_result blocks", "2026-11"));
    private static final OrderingRule ALTERNATION = OrderingRule.alternation("alt", Role.USER, Role.ASSISTANT);
    private static final OrderingProfile PROFILE = OrderingProfile.of("test", PAIRING, ALTERNATION);

    private static Dispatch unanswered() {
        return Dispatch.of("c-1", "anthropic", "claude", Timeline.of(Entry.user("u1", "find"),
                Entry.toolCall("call_1", "search", null), Entry.user("u2", "again")));
    }

    @Test
    void should_reject_in_enforce_mode_with_every_blocking_finding_and_the_provider_error() {
        OrderingGuard guard = OrderingGuard.of(PROFILE);
        GuardResult result = guard.check(unanswered());
        assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(result.blocking()).extracting(Finding::ruleId).containsExactly("tool-result-pairing");
        assertThat(result.blocking().get(0).providerError()).isEqualTo("tool_use ids were found without tool_result blocks");
        assertThat(result.blocking().get(0).primitiveIds()).containsExactly("call_1");
        // the unanswered call went out in an assistant message: u1 and u2 are not two user turns in a row
        assertThat(result.advisories()).isEmpty();
        assertThat(result.unrepaired()).isEqualTo(result.blocking());
        assertThatThrownBy(() -> guard.apply(unanswered()))
                .isInstanceOf(OrderingViolationException.class)
                .hasMessage("rejected dispatch of conversation c-1 (profile test): 1 blocking violation(s)\n"
                        + "  - tool-result-pairing: tool call 'call_1' (search) has no result"
                        + " [prevents: tool_use ids were found without tool_result blocks]");
    }

    @Test
    void should_pass_and_return_the_same_dispatch() {
        Dispatch ok = Dispatch.of(Timeline.of(Entry.user("u1", "hi"), Entry.assistant("a1", "hello")));
        OrderingGuard guard = OrderingGuard.of(PROFILE);
        assertThat(guard.apply(ok)).isSameAs(ok);
        assertThat(guard.check(ok).outcome()).isEqualTo(Outcome.PASSED);
    }

    @Test
    void should_repair_in_mutate_mode_without_touching_the_input() {
        Dispatch input = unanswered();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).build();
        GuardResult result = guard.check(input);
        assertThat(result.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(result.repairs()).extracting(Repair::strategy).containsExactly(RepairStrategy.SYNTHESIZE_MISSING_TOOL_RESULT);
        assertThat(result.unrepaired()).isEmpty();
        assertThat(input).isEqualTo(unanswered());
        assertThat(guard.check(result.dispatch()).outcome()).isEqualTo(Outcome.PASSED);
    }

    @Test
    void should_drop_disabled_advisories_but_never_blocking_findings() {
        Dispatch twoUserTurns = Dispatch.of("c-2", "anthropic", "claude", Timeline.of(Entry.user("u1", "find"),
                Entry.user("u2", "again"), Entry.toolCall("call_1", "search", null)));
        assertThat(OrderingGuard.of(PROFILE).check(twoUserTurns).advisories()).extracting(Finding::ruleId)
                .containsExactly("alt");
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).disableAdvisoryRuleIds("alt").build();
        GuardResult result = guard.check(twoUserTurns);
        assertThat(result.advisories()).isEmpty();
        assertThat(result.blocking()).hasSize(1);
    }

    @Test
    void should_fail_when_a_disabled_rule_id_is_blocking_naming_its_severity_and_the_override() {
        assertThatThrownBy(() -> OrderingGuard.builder().profile(PROFILE)
                .disableAdvisoryRuleIds("alt", "tool-result-pairing").build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid ordering guard options: disableAdvisoryRuleIds: rule 'tool-result-pairing' is "
                        + "blocking (in test), and only advisory findings can be disabled; to demote it, use a profile "
                        + "file with 'extends: [test]' and 'overrides: {tool-result-pairing: {severity: advisory}}'");
    }

    @Test
    void should_accept_a_disabled_id_that_is_advisory_in_one_of_the_profiles() {
        OrderingProfile advisoryPairing = OrderingProfile.of("lenient", PAIRING.withSeverity(Severity.ADVISORY));

        assertThat(OrderingGuard.builder().profile(PROFILE).profile(advisoryPairing).composition(Composition.EACH)
                .disableAdvisoryRuleIds("tool-result-pairing").build()).isNotNull();
    }

    @Test
    void should_name_a_mistyped_disabled_rule_id_with_the_closest_ids() {
        assertThatThrownBy(() -> OrderingGuard.builder().profile(PROFILE).disableAdvisoryRuleIds("alt", "tool-result-paring")
                .build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid ordering guard options: disableAdvisoryRuleIds: no rule of the configured profiles "
                        + "has the id 'tool-result-paring'; did you mean tool-result-pairing?");
    }

    @Test
    void should_accept_the_guards_own_advisory_ids() {
        assertThat(OrderingGuard.builder().profile(PROFILE).disableAdvisoryRuleIds("stash-unavailable", "profile-selection")
                .build()).isNotNull();
    }

    @Test
    void should_check_disabled_ids_against_what_a_selector_can_choose() {
        ProfileSelector selector = new ProfileSelector() {
            @Override
            public List<OrderingProfile> select(Dispatch dispatch) {
                return List.of(PROFILE);
            }

            @Override
            public Set<String> ruleIds() {
                return Set.of("alt");
            }
        };
        assertThat(OrderingGuard.builder().selectProfiles(selector).disableAdvisoryRuleIds("alt").build()).isNotNull();
        assertThatThrownBy(() -> OrderingGuard.builder().selectProfiles(selector).disableAdvisoryRuleIds("alts").build())
                .hasMessage("invalid ordering guard options: disableAdvisoryRuleIds: no rule of the selectable profiles "
                        + "has the id 'alts'; did you mean alt?");
    }

    @Test
    void should_judge_as_enforce_and_send_the_input_unchanged_in_shadow_mode() {
        Dispatch input = unanswered();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW).build();

        GuardResult result = guard.check(input);

        assertThat(guard.mode()).isEqualTo(Mode.SHADOW);
        assertThat(Mode.SHADOW.wireName()).isEqualTo("shadow");
        assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(result.mode()).isEqualTo(Mode.ENFORCE);
        assertThat(result.shadow()).isTrue();
        assertThat(result.sent()).isTrue();
        assertThat(result.dispatch()).isSameAs(input);
        assertThat(guard.apply(input)).isSameAs(input);
    }

    @Test
    @SuppressWarnings("deprecation")
    void should_send_the_input_unchanged_in_shadow_mode() {
        Dispatch input = unanswered();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).shadow(true).build();
        GuardResult result = guard.check(input);
        assertThat(result.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(result.sent()).isTrue();
        assertThat(result.dispatch()).isSameAs(input);
        assertThat(OrderingGuard.builder().profile(PROFILE).shadow(true).build().apply(input)).isSameAs(input);
    }

    @Test
    void should_tell_listeners_and_ignore_listeners_that_fail() {
        List<String> events = new ArrayList<>();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE)
                .listener(new GuardListener() {
                    @Override
                    public void onFinding(Finding finding, Dispatch dispatch) {
                        events.add("finding " + finding.ruleId());
                    }

                    @Override
                    public void onRejection(GuardResult result) {
                        events.add("rejected");
                    }
                })
                .listener(new GuardListener() {
                    @Override
                    public void onResult(GuardResult result) {
                        throw new IllegalStateException("boom");
                    }
                })
                .build();
        assertThat(guard.check(unanswered()).rejected()).isTrue();
        assertThat(events).containsExactly("finding tool-result-pairing", "rejected");
    }

    @Test
    void should_list_every_invalid_option_in_one_exception() {
        assertThatThrownBy(() -> OrderingGuard.builder().fillerText(" ").maxRepairPasses(0).mode(null)
                .disableAdvisoryRuleIds("").build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid ordering guard options: 5 problems\n"
                        + "  - disableAdvisoryRuleIds must not contain a blank id\n"
                        + "  - profiles: at least one profile or a profile selector is required\n"
                        + "  - mode must not be null\n"
                        + "  - fillerText must not be blank, but was ' '\n"
                        + "  - maxRepairPasses must be >= 1, but was 0");
    }

    @Test
    void should_fail_on_an_unknown_profile_name_without_a_catalogue() {
        assertThatThrownBy(() -> OrderingGuard.builder().profile("gemini-3").build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid ordering guard options: unknown profile 'gemini-3': no profile catalogue is on the "
                        + "class path (add the guard-profiles module, or pass OrderingProfile objects)");
    }

    @Test
    void should_compose_profiles_as_union_each_or_first_match() {
        OrderingProfile a = OrderingProfile.of("a", PAIRING);
        OrderingProfile b = OrderingProfile.of("b", PAIRING);
        assertThat(OrderingGuard.builder().profile(a).profile(b).build().check(unanswered()).blocking())
                .extracting(Finding::profile).containsExactly("union(a+b)", "union(a+b)");
        GuardResult each = OrderingGuard.builder().profile(a).profile(b).composition(Composition.EACH).build()
                .check(unanswered());
        assertThat(each.blocking()).extracting(Finding::profile).containsExactly("a", "b");
        assertThat(each.profile()).isEqualTo("a, b");
        assertThat(OrderingGuard.builder().profile(a).profile(b).composition(Composition.FIRST_MATCH).build()
                .check(unanswered()).blocking()).extracting(Finding::profile).containsExactly("a");
    }

    private static Thought signed(String id, String signature) {
        ObjectNode p = JsonNodeFactory.instance.objectNode().put("signature", signature);
        return new Thought(id, "", p, "anthropic-messages-thinking-v1", null, null);
    }

    private static final OrderingProfile PRESERVING = OrderingProfile.of("keep",
            OrderingRule.payloadFieldStable("signature-stable", Kind.THOUGHT, "signature").withSeverity(Severity.BLOCKING));

    @Test
    void should_compare_with_the_last_dispatch_sent_and_keep_rejecting_a_retried_broken_history() {
        InMemoryStash stash = InMemoryStash.create();
        OrderingGuard guard = OrderingGuard.builder().profile(PRESERVING).stash(stash).build();
        Timeline first = Timeline.of(Entry.user("u1", "q"), signed("t1", "AAA"), Entry.assistant("a1", "x"));
        assertThat(guard.check(Dispatch.of("c", null, "m", first)).outcome()).isEqualTo(Outcome.PASSED);
        Timeline tampered = Timeline.of(Entry.user("u1", "q"), signed("t1", "BBB"), Entry.assistant("a1", "x"),
                Entry.user("u2", "more"));
        GuardResult r1 = guard.check(Dispatch.of("c", null, "m", tampered));
        assertThat(r1.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(r1.blocking().get(0).primitiveIds()).containsExactly("t1");
        assertThat(r1.blocking().get(0).detail()).isEqualTo("preservation invariant payload-field-stable violated for "
                + "thought (payload field 'signature' removed or changed): 't1'");
        // the rejected dispatch did not become the baseline: the same broken history is rejected again
        assertThat(guard.check(Dispatch.of("c", null, "m", tampered)).outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(stash.get("c").orElseThrow().version()).isEqualTo(1);
        // another conversation has its own baseline
        assertThat(guard.check(Dispatch.of("other", null, "m", tampered)).outcome()).isEqualTo(Outcome.PASSED);
    }

    @Test
    void should_reset_preservation_once_on_a_model_switch() {
        OrderingProfile resetting = OrderingProfile.of("keep", new io.orderingguard.rule.PreservationRule("count",
                Kind.THOUGHT, PreservationInvariant.COUNT_NON_DECREASING, null, true, Severity.BLOCKING, null));
        OrderingGuard guard = OrderingGuard.builder().profile(resetting).stash(InMemoryStash.create()).build();
        Timeline withThought = Timeline.of(Entry.user("u1", "q"), Entry.thought("t1", "think"), Entry.assistant("a1", "x"));
        Timeline without = Timeline.of(Entry.user("u1", "q"), Entry.assistant("a1", "x"));
        guard.check(Dispatch.of("c", null, "model-a", withThought));
        GuardResult sameModel = guard.check(Dispatch.of("c", null, "model-a", without));
        assertThat(sameModel.blocking()).extracting(Finding::detail).containsExactly(
                "preservation invariant count-non-decreasing violated for thought: 1 before, 0 now; gone: 't1'");
        assertThat(guard.check(Dispatch.of("c", null, "model-b", without)).outcome()).isEqualTo(Outcome.PASSED);
    }

    @Test
    void should_fail_closed_or_open_when_the_stash_is_down() {
        Stash down = new Stash() {
            @Override
            public Optional<Snapshot> get(String conversationId) {
                throw new StashUnavailableException("redis at 127.0.0.1:1 timed out after 250 ms", null);
            }

            @Override
            public boolean compareAndSet(String conversationId, long expectedVersion, Snapshot next) {
                throw new StashUnavailableException("redis at 127.0.0.1:1 timed out after 250 ms", null);
            }

            @Override
            public void remove(String conversationId) {}
        };
        Dispatch d = Dispatch.of("c", null, "m", Timeline.of(Entry.user("u1", "q")));
        GuardResult closed = OrderingGuard.builder().profile(PRESERVING).stash(down).build().check(d);
        assertThat(closed.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(closed.blocking()).extracting(Finding::ruleId).containsExactly(OrderingGuard.STASH_UNAVAILABLE);
        assertThat(closed.blocking().get(0).detail()).isEqualTo("the preservation baseline could not be read (redis at "
                + "127.0.0.1:1 timed out after 250 ms); the dispatch is rejected (stash failure mode fail-closed)");
        GuardResult open = OrderingGuard.builder().profile(PRESERVING).stash(down)
                .onStashFailure(StashFailureMode.FAIL_OPEN).build().check(d);
        assertThat(open.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(open.advisories()).extracting(Finding::ruleId).containsExactly(OrderingGuard.STASH_UNAVAILABLE);
    }

    @Test
    void should_take_the_repaired_dispatch_as_baseline_only_when_it_was_sent() {
        InMemoryStash stash = InMemoryStash.create();
        OrderingProfile profile = OrderingProfile.of("p", PAIRING, OrderingRule.preservation("count-calls",
                Kind.TOOL_CALL, PreservationInvariant.COUNT_NON_DECREASING).withSeverity(Severity.BLOCKING));
        OrderingGuard guard = OrderingGuard.builder().profile(profile).mode(Mode.MUTATE).stash(stash).build();
        Timeline broken = Timeline.of(Entry.user("u1", "q"), Entry.orphanResult("late", "search", "x"),
                Entry.toolCall("call_1", "search", null));
        GuardResult repaired = guard.check(Dispatch.of("c", null, "m", broken));
        assertThat(repaired.outcome()).isEqualTo(Outcome.REPAIRED);
        Snapshot baseline = stash.get("c").orElseThrow();
        assertThat(baseline.size()).isEqualTo(2); // the orphan was dropped before sending: not in the baseline
        assertThat(baseline.id(1)).isEqualTo("call_1");

        // a later dispatch that lost the call is rejected (unrepairable) and does not replace the baseline
        GuardResult rejected = guard.check(Dispatch.of("c", null, "m", Timeline.of(Entry.user("u1", "q"))));
        assertThat(rejected.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(stash.get("c").orElseThrow()).isSameAs(baseline);
    }

    @Test
    void should_ask_the_selector_for_every_dispatch_and_reuse_the_plan_of_the_profiles_it_chose() {
        List<String> selected = new ArrayList<>();
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(d -> {
            selected.add(d.model() + ":" + d.options().reasoning());
            return List.of(PROFILE);
        }).build();
        Timeline timeline = Timeline.of(Entry.user("u1", "hi"));

        // the choice may depend on the request (options, the current turn), so it is never cached by model
        GuardResult first = guard.check(Dispatch.of("c-a", "anthropic", "model-1", timeline));
        GuardResult second = guard.check(Dispatch.of("c-b", "anthropic", "model-1", timeline)
                .withOptions(RequestOptions.unknown().withReasoning(Reasoning.disabled())));
        guard.check(Dispatch.of("c-c", "anthropic", "model-2", timeline));

        assertThat(selected).containsExactly("model-1:null", "model-1:Reasoning[mode=disabled, budgetTokens=null,"
                + " effort=null]", "model-2:null");
        assertThat(first.profile()).isEqualTo(PROFILE.name());
        assertThat(second.selection().reason()).isEqualTo("chosen by the application's profile selector");
        assertThat(second.selection().profiles()).containsExactly(PROFILE);
    }
}
