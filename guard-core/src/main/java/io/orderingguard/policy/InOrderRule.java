package io.orderingguard.policy;

import java.util.List;

/**
 * {@code sequence}: the named tools must be called in the given order. Non-strict (the default)
 * lets other calls come between them; strict requires them to be consecutive once the first has
 * been called.
 *
 * <p>One left-to-right pass tracks the next expected member {@code tools[k]}; for the call at i:
 * <ol>
 *   <li>it matches {@code tools[k]}: recorded, {@code k} advances;</li>
 *   <li>strict, started and not complete: violated ({@code expected '{tools[k]}' at index {i}});</li>
 *   <li>non-strict, not complete, and it matches a later member: violated (out of order) — even
 *       before the sequence started, so {@code [B, A, B]} violates {@code A→B};</li>
 *   <li>otherwise it is ignored.</li>
 * </ol>
 * After the pass: nothing matched ⇒ not exercised; started but incomplete ⇒ violated for a complete
 * run (the asserted ordering was not completed), held for a partial one; complete ⇒ held. Only the
 * first run is tracked and nothing is checked after completion. Strict is therefore not strictly
 * stronger than non-strict: strict ignores everything before the first member, and non-strict
 * ignores a repeated member ({@code [A, A, B]}) that strict rejects.
 *
 * <pre>{@code
 * SequenceRule.sequence("Authenticate", "LoadRecord", "WriteRecord")
 * // [Authenticate, Audit, LoadRecord, WriteRecord] holds non-strict, is violated strict
 * }</pre>
 *
 * @param tools the members in order, at least two
 * @param strict whether the members must be consecutive
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code sequence:{a>b>c}} or {@code sequence:strict:{a>b>c}}
 */
public record InOrderRule(List<CallSelector> tools, boolean strict, Condition when, String id) implements SequenceRule {

    /** Validates and copies the fields. */
    public InOrderRule {
        tools = RuleSupport.operands(tools, "tools");
        if (tools.isEmpty()) {
            throw new InvalidRuleException("tools", "tools must name at least 2 tools, but was empty");
        }
        if (tools.size() == 1) {
            throw new InvalidRuleException("tools", "tools must name at least 2 tools, but named only '"
                    + tools.get(0).display() + "' (a one-tool sequence can never fail; use require)");
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, defaultId(tools, strict));
    }

    private static String defaultId(List<CallSelector> tools, boolean strict) {
        return "sequence:" + (strict ? "strict:" : "") + RuleSupport.join(tools, ">");
    }

    @Override
    public String defaultId() {
        return defaultId(tools, strict);
    }

    @Override
    public RuleKind kind() {
        return RuleKind.SEQUENCE;
    }

    @Override
    public List<CallSelector> selectors() {
        return tools;
    }

    @Override
    public String describe() {
        return RuleSupport.join(tools, " → ") + (strict ? " in order, consecutively" : " in order");
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        int m = tools.size();
        int k = 0;
        IndexList.Builder spanned = new IndexList.Builder();
        for (int i = 0; i < trace.size() && k < m; i++) {
            if (trace.matches(i, tools.get(k))) {
                spanned.add(i);
                k++;
                continue;
            }
            String expected = tools.get(k).display();
            String name = trace.name(i);
            if (strict && k > 0) {
                spanned.add(i);
                return RuleEvaluation.violated(this, spanned.build(),
                        "strict sequence violated: expected '" + expected + "' at index " + i + " but found '" + name + "'",
                        Diagnosis.at(i, name + " called at position " + (i + 1) + " where " + expected
                                + " was expected next", "Call " + RuleSupport.join(tools, " → ") + " back to back, with nothing between them"));
            }
            if (!strict && matchesLater(trace, i, k)) {
                spanned.add(i);
                return RuleEvaluation.violated(this, spanned.build(),
                        "sequence out of order: '" + name + "' at index " + i + " appears before '" + expected + "'",
                        Diagnosis.at(i, name + " called at position " + (i + 1) + " before " + expected,
                                "Call " + expected + " before " + name + " (order: " + RuleSupport.join(tools, " → ") + ")"));
            }
        }
        if (k == 0) {
            return RuleEvaluation.notExercised(this, List.of(), "no tool named by the sequence appeared");
        }
        if (k < m && extent == Extent.COMPLETE) {
            String reached = tools.get(k - 1).display();
            String missing = tools.get(k).display();
            return RuleEvaluation.violated(this, spanned.build(),
                    "sequence reached '" + reached + "' and the run ended before '" + missing + "'",
                    Diagnosis.unplaced("the sequence reached " + reached + " (position " + (spanned.get(k - 1) + 1)
                            + ") and the run ended before " + missing, "Complete the sequence " + RuleSupport.join(tools, " → ")));
        }
        return RuleEvaluation.held(this, spanned.build());
    }

    private boolean matchesLater(CallTrace trace, int index, int k) {
        for (int later = k + 1; later < tools.size(); later++) {
            if (trace.matches(index, tools.get(later))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public InOrderRule withId(String newId) {
        return new InOrderRule(tools, strict, when, newId);
    }

    @Override
    public InOrderRule withWhen(Condition newWhen) {
        return new InOrderRule(tools, strict, newWhen, hasExplicitId() ? id : null);
    }
}
