package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The construction API: factories, with-methods and builders build the same records and validate alike. */
class RuleConstructionTest {

    @Test
    void should_build_the_same_rule_with_a_builder_as_with_the_factory_and_with_methods() {
        // GIVEN / WHEN
        RequiredMetadataRule built = RequiredMetadataRule.builder("sig", Kind.TOOL_CALL, "thoughtSignature")
                .applyTo(ApplyTo.FIRST_IN_STEP)
                .gatedByReplayCompatibility("gemini-v1", "")
                .fallbackPayloadValue(JsonNodeFactory.instance.textNode("skip"))
                .fallbackReplayCompatibility("sentinel-v1")
                .fallbackRepairAuthorized(true)
                .onlyCurrentTurn(true)
                .advisory()
                .build();
        RequiredMetadataRule chained = OrderingRule.requiredMetadata("sig", Kind.TOOL_CALL, ApplyTo.FIRST_IN_STEP,
                        "thoughtSignature")
                .withGatedByReplayCompatibility(List.of("gemini-v1", ""))
                .withFallback(JsonNodeFactory.instance.textNode("skip"), "sentinel-v1", true)
                .withOnlyCurrentTurn(true)
                .withSeverity(Severity.ADVISORY);

        // THEN
        assertThat(built).isEqualTo(chained);
    }

    @Test
    void should_pass_when_a_builder_sets_interdependent_fields_in_any_order() {
        // GIVEN a pairing rule that checks only empty error results, and a boundary allowing system
        ToolResultPairingRule pairing = ToolResultPairingRule.builder("empty-errors")
                .unanswered(false)
                .orphans(false)
                .emptyErrorResults(true)
                .build();
        BoundaryRule boundary = BoundaryRule.builder("first", BoundaryEnd.FIRST)
                .allowed(EntrySelector.SYSTEM, EntrySelector.USER)
                .skipSystem(false)
                .blocking()
                .build();
        AlternationRule cap = AlternationRule.builder("one-call").mode(AlternationMode.CAP_ONLY).maxPerGroup(1).build();

        // THEN
        assertThat(pairing.unanswered() || pairing.orphans()).isFalse();
        assertThat(pairing.emptyErrorResults()).isTrue();
        assertThat(boundary.allowed()).containsExactlyInAnyOrder(EntrySelector.SYSTEM, EntrySelector.USER);
        assertThat(boundary.severity()).isEqualTo(Severity.BLOCKING);
        assertThat(cap.mode()).isEqualTo(AlternationMode.CAP_ONLY);
        assertThat(cap.roles()).containsExactly(Role.USER, Role.ASSISTANT);
    }

    @Test
    void should_fail_when_a_builder_builds_an_invalid_rule() {
        assertThatThrownBy(() -> AlternationRule.builder("cap").mode(AlternationMode.CAP_ONLY).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mode cap-only checks only maxPerGroup, so maxPerGroup is required for rule 'cap'");
        assertThatThrownBy(() -> ToolResultPairingRule.builder("none").unanswered(false).orphans(false).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a toolResultPairing rule must check unanswered calls, orphan results or empty error "
                        + "results, but rule 'none' checks none of them");
        assertThatThrownBy(() -> RequiredMetadataRule.builder("sig", Kind.THOUGHT, "signature")
                .fallbackRepairAuthorized(true).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fallbackRepairAuthorized requires a fallbackPayloadValue, but none was given for rule 'sig'");
    }

    @Test
    void should_give_every_facet_and_strategy_a_distinct_wire_name_that_parses_back() {
        Set<String> facets = new HashSet<>();
        for (Facet f : Facet.values()) {
            assertThat(facets.add(f.wireName())).as("facet %s is unique", f.wireName()).isTrue();
            assertThat(Facet.fromWire(f.wireName())).isSameAs(f);
            assertThat(f).hasToString(f.wireName());
        }
        Set<String> strategies = new HashSet<>();
        for (RepairStrategy s : RepairStrategy.values()) {
            assertThat(strategies.add(s.wireName())).as("strategy %s is unique", s.wireName()).isTrue();
            assertThat(RepairStrategy.fromWire(s.wireName())).isSameAs(s);
            assertThat(s).hasToString(s.wireName());
        }
        assertThatThrownBy(() -> RepairStrategy.fromWire("reorderr"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("strategy must be one of none, reorder, reorder-adjacent, ")
                .hasMessageEndingWith(", but was 'reorderr'");
    }

    @Test
    void should_fail_when_an_applied_repair_names_no_strategy() {
        assertThatThrownBy(() -> RepairResult.applied(RepairStrategy.NONE, "a", null, "did nothing", List.of(),
                List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("strategy must name a repair, but was none");
        assertThat(RepairResult.notApplicable()).isEqualTo(new RepairResult.NotApplicable());
    }
}
