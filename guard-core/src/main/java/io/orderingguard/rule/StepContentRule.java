package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A model response that holds an entry of kind {@code trigger} must also hold an entry of kind
 * {@code required}, as its first entry ({@code position} {@code first}) or anywhere ({@code any}).
 * Anthropic with thinking enabled wants the current assistant turn to start with a thinking block
 * when it holds a tool call; DeepSeek in thinking mode wants the reasoning of every tool-call step
 * sent back.
 *
 * <p>A model response is a step: the entries sharing a {@code step} id. Entries without a step fall
 * back to their role group. Only model output belongs to a response: thoughts, requested tool calls
 * and assistant messages; user and system messages and orphan results never do (and never count as
 * trigger or required entries). {@code scope} chooses the responses checked: {@code every-step};
 * {@code current-turn}, which takes everything the model produced after the latest user message (the
 * whole timeline when there is none) as <em>one</em> response, because a tool loop is one assistant
 * turn for the providers that check its start (interleaved thinking later in the loop is fine, and
 * so is its absence); or {@code latest-step}, only the step holding the last trigger entry.
 *
 * <p>One finding per failing response, facet {@code missing} (no required entry) or {@code not-first}
 * (one exists but the response starts with something else), listing every entry of the response.
 * There is no repair: the guard never invents reasoning.
 *
 * <p>Passes for toolCall→thought, first, current-turn: {@code user, thought (s1), call (s1), call (s2)}.
 * Fails: {@code user, call (s1), thought (s2), call (s2)} — the turn starts with a call.
 *
 * @param id the rule id
 * @param trigger the kind that makes the requirement apply (default toolCall)
 * @param required the kind the response must hold (default thought)
 * @param position where the required entry must be (default any)
 * @param scope which responses are checked (default every-step)
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record StepContentRule(
        String id, Kind trigger, Kind required, StepPosition position, StepScope scope, Severity severity,
        Provenance provenance) implements OrderingRule {

    private static final RuleField<StepContentRule, Kind> TRIGGER = RuleField.optional(
            "trigger", RuleFields.KIND, StepContentRule::trigger);
    private static final RuleField<StepContentRule, Kind> REQUIRED = RuleField.optional(
            "required", RuleFields.KIND, StepContentRule::required);
    private static final RuleField<StepContentRule, StepPosition> POSITION = RuleField.optional(
            "position", FieldType.constant(StepPosition.class, StepPosition::wireName), StepContentRule::position);
    private static final RuleField<StepContentRule, StepScope> SCOPE = RuleField.optional(
            "scope", FieldType.constant(StepScope.class, StepScope::wireName), StepContentRule::scope);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<StepContentRule> DESCRIPTION = RuleDescription.of("stepContent", StepContentRule.class,
            List.of(TRIGGER, REQUIRED, POSITION, SCOPE),
            v -> new StepContentRule(v.id(), v.get(TRIGGER), v.get(REQUIRED), v.get(POSITION), v.get(SCOPE),
                    v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public StepContentRule {
        RuleFields.id(id);
        trigger = trigger == null ? Kind.TOOL_CALL : trigger;
        required = required == null ? Kind.THOUGHT : required;
        Require.argument(trigger != required, "trigger and required must be different kinds, but both were "
                + trigger.wireName());
        position = position == null ? StepPosition.ANY : position;
        scope = scope == null ? StepScope.EVERY_STEP : scope;
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<StepContentRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return RepairResult.unrepairable(RepairStrategy.NONE,
                "rule type stepContent has no repair: the guard never invents reasoning");
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        if (scope == StepScope.CURRENT_TURN) {
            // checked on every dispatch: the turn is read in place, and its name and ids built only for a finding
            int latestUser = s.latestUserIndex();
            Entry first = null;
            Entry firstTrigger = null;
            boolean hasRequired = false;
            for (int i = latestUser + 1; i < entries.size(); i++) {
                Entry e = entries.get(i);
                if (!isModelOutput(e)) {
                    continue;
                }
                if (first == null) {
                    first = e;
                }
                if (firstTrigger == null && e.kind() == trigger) {
                    firstTrigger = e;
                }
                hasRequired |= e.kind() == required;
            }
            if (violated(first, firstTrigger, hasRequired)) {
                List<String> ids = new ArrayList<>();
                for (int i = latestUser + 1; i < entries.size(); i++) {
                    if (isModelOutput(entries.get(i))) {
                        ids.add(entries.get(i).id());
                    }
                }
                String name = latestUser < 0 ? "the current turn (the whole conversation: it has no user message)"
                        : "the current turn (after user message " + RuleFields.quote(entries.get(latestUser).id()) + ")";
                report(ids, name, first, firstTrigger, hasRequired, sink);
            }
            return;
        }
        Map<String, List<Integer>> responses = new LinkedHashMap<>();
        String latestKey = null;
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (!isModelOutput(e)) {
                continue;
            }
            // the prefixes keep a step id from colliding with a role group
            String key = e.step() != null ? "s" + e.step() : "g" + s.groupOf(i);
            responses.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
            if (e.kind() == trigger) {
                latestKey = key;
            }
        }
        for (Map.Entry<String, List<Integer>> r : responses.entrySet()) {
            if (scope == StepScope.LATEST_STEP && !r.getKey().equals(latestKey)) {
                continue;
            }
            Entry first = entries.get(r.getValue().get(0));
            String name = first.step() != null ? "step " + RuleFields.quote(first.step())
                    : "the model response of " + first.kind().wireName() + " " + RuleFields.quote(first.id())
                            + " (its role group: no step ids)";
            checkResponse(entries, r.getValue(), name, sink);
        }
    }

    private void checkResponse(List<Entry> entries, List<Integer> response, String name, FindingSink sink) {
        Entry firstTrigger = null;
        boolean hasRequired = false;
        for (int i : response) {
            Entry e = entries.get(i);
            if (firstTrigger == null && e.kind() == trigger) {
                firstTrigger = e;
            }
            hasRequired |= e.kind() == required;
        }
        Entry first = response.isEmpty() ? null : entries.get(response.get(0));
        if (!violated(first, firstTrigger, hasRequired)) {
            return;
        }
        List<String> ids = new ArrayList<>(response.size());
        for (int i : response) {
            ids.add(entries.get(i).id());
        }
        report(ids, name, first, firstTrigger, hasRequired, sink);
    }

    /** Whether a response holding the trigger lacks the required kind (anywhere, or first as the position asks). */
    private boolean violated(Entry first, Entry firstTrigger, boolean hasRequired) {
        return firstTrigger != null && !(hasRequired && (position == StepPosition.ANY || first.kind() == required));
    }

    private void report(List<String> ids, String name, Entry first, Entry firstTrigger, boolean hasRequired,
            FindingSink sink) {
        String holds = name + " holds " + trigger.wireName() + " " + RuleFields.quote(firstTrigger.id());
        if (!hasRequired) {
            sink.report(this, Facet.MISSING, ids, holds + " but no " + required.wireName());
        } else {
            sink.report(this, Facet.NOT_FIRST, ids, holds + " but does not start with a " + required.wireName()
                    + ": its first entry is " + first.kind().wireName() + " " + RuleFields.quote(first.id()));
        }
    }

    /** Thoughts, requested calls and assistant messages: what a model response is made of. */
    private static boolean isModelOutput(Entry e) {
        if (e instanceof Message m) {
            return m.role() == Role.ASSISTANT;
        }
        return !(e instanceof ToolCall c) || c.requested();
    }

    @Override
    public StepContentRule withSeverity(Severity newSeverity) {
        return new StepContentRule(id, trigger, required, position, scope, Require.nonNull(newSeverity, "severity"),
                provenance);
    }

    @Override
    public StepContentRule withProvenance(Provenance newProvenance) {
        return new StepContentRule(id, trigger, required, position, scope, severity, newProvenance);
    }
}
