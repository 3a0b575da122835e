package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Replayed reasoning and vendor payloads must come from a wire the target accepts: a thinking
 * signature minted by one model is rejected by another, and a reasoning blob from another provider
 * is at best ignored. An entry of one of {@code kinds} whose replay tag is not in {@code accepted}
 * is foreign; an untagged entry is of unknown origin and never foreign. Mutate mode drops foreign
 * thoughts and strips foreign payloads from other entries — never demoting reasoning to text.
 *
 * <p>Passes with accepted [anthropic-messages-thinking-v1]: a thought tagged so. Fails: a thought
 * tagged {@code openai-responses-reasoning-v1}.
 *
 * @param id the rule id
 * @param kinds the kinds checked (non-empty)
 * @param accepted the replay tags the target accepts (may be empty: every tagged entry is foreign)
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record ReplayCompatibilityRule(String id, Set<Kind> kinds, List<String> accepted, Severity severity,
        Provenance provenance) implements OrderingRule {

    /** Validates the fields and applies defaults. */
    public ReplayCompatibilityRule {
        RuleFields.id(id);
        kinds = kinds == null ? Set.of(Kind.THOUGHT, Kind.TOOL_CALL) : Set.copyOf(EnumSet.copyOf(requireNonEmpty(kinds)));
        Require.nonNull(accepted, "accepted");
        for (int i = 0; i < accepted.size(); i++) {
            Require.nonBlank(accepted.get(i), "accepted[" + i + "]");
        }
        accepted = List.copyOf(accepted);
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    private static Set<Kind> requireNonEmpty(Set<Kind> kinds) {
        Require.argument(!kinds.isEmpty(), "kinds must not be empty");
        return kinds;
    }

    @Override
    public String type() {
        return "replayCompatibility";
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        for (Entry e : context.entries()) {
            if (isForeign(e)) {
                sink.report(this, "foreign", List.of(e.id()), e.kind().wireName() + " " + RuleFields.quote(e.id())
                        + " was produced by wire '" + e.replayCompatibility() + "', which the target does not accept"
                        + (accepted.isEmpty() ? "" : " (accepted: " + String.join(", ", accepted) + ")"));
            }
        }
    }

    /**
     * Returns whether an entry is foreign to the target.
     *
     * @param e the entry
     * @return {@code true} when its kind is checked and its replay tag is not accepted
     */
    public boolean isForeign(Entry e) {
        String tag = e.replayCompatibility();
        return tag != null && kinds.contains(e.kind()) && !accepted.contains(tag);
    }

    @Override
    public ReplayCompatibilityRule withSeverity(Severity newSeverity) {
        return new ReplayCompatibilityRule(id, kinds, accepted, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public ReplayCompatibilityRule withProvenance(Provenance newProvenance) {
        return new ReplayCompatibilityRule(id, kinds, accepted, severity, newProvenance);
    }
}
