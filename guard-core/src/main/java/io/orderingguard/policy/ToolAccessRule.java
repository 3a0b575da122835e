package io.orderingguard.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code tools}: the static part of a policy file, {@code tools.allow} and {@code tools.deny}. Each
 * entry is a glob over the tool name in which {@code *} matches any run of characters (so the forms
 * {@code *}, {@code p*}, {@code *s}, {@code *x*} and exact names all work); deny wins over allow.
 * A call is denied when a deny glob matches it, or when allow globs are given and none matches.
 *
 * <ul>
 *   <li>some call denied: violated, spanning every denied call, the reason naming the first.</li>
 *   <li>otherwise: held, spanning every call.</li>
 * </ul>
 * Both extents decide alike.
 *
 * <pre>{@code
 * SequenceRule.tools(List.of("get_*", "search"), List.of("*_admin"))
 * // [get_order, search] holds; [get_order, delete_order] is violated (not allowed)
 * }</pre>
 *
 * @param allow the allow globs; empty allows every tool not denied
 * @param deny the deny globs
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code tools}
 */
public record ToolAccessRule(List<String> allow, List<String> deny, Condition when, String id) implements SequenceRule {

    /** Validates and copies the fields. */
    public ToolAccessRule {
        allow = globs(allow, "allow");
        deny = globs(deny, "deny");
        if (allow.isEmpty() && deny.isEmpty()) {
            throw new InvalidRuleException(null, "tools needs at least one allow or deny entry, but both were empty");
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "tools");
    }

    private static List<String> globs(List<String> globs, String field) {
        Objects.requireNonNull(globs, field + " must not be null");
        for (int i = 0; i < globs.size(); i++) {
            String glob = Objects.requireNonNull(globs.get(i), field + "[" + i + "] must not be null");
            if (glob.isBlank()) {
                throw new InvalidRuleException(field, field + "[" + i + "] must not be blank, but was '" + glob + "'");
            }
        }
        return List.copyOf(globs);
    }

    @Override
    public String defaultId() {
        return "tools";
    }

    @Override
    public RuleKind kind() {
        return RuleKind.TOOLS;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of();
    }

    @Override
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!allow.isEmpty()) {
            parts.add("only tools matching " + String.join(", ", allow));
        }
        if (!deny.isEmpty()) {
            parts.add("no tool matching " + String.join(", ", deny));
        }
        return String.join("; ", parts);
    }

    /**
     * Returns whether a tool may be called.
     *
     * @param tool the tool name
     * @return {@code true} when no deny glob matches and (allow is empty or an allow glob matches)
     */
    public boolean permits(String tool) {
        return denyingGlob(tool) == null && allowed(tool);
    }

    private String denyingGlob(String tool) {
        for (String glob : deny) {
            if (globMatches(glob, tool)) {
                return glob;
            }
        }
        return null;
    }

    private boolean allowed(String tool) {
        if (allow.isEmpty()) {
            return true;
        }
        for (String glob : allow) {
            if (globMatches(glob, tool)) {
                return true;
            }
        }
        return false;
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        IndexList.Builder denied = new IndexList.Builder();
        for (int i = 0; i < trace.size(); i++) {
            if (!permits(trace.name(i))) {
                denied.add(i);
            }
        }
        if (denied.isEmpty()) {
            return RuleEvaluation.held(this, trace.allIndices());
        }
        int p = denied.get(0);
        String name = trace.name(p);
        String glob = denyingGlob(name);
        String reason = glob != null ? "is denied by tools.deny pattern '" + glob + "'" : "is not in tools.allow";
        String actual = name + " called at position " + (p + 1)
                + (glob != null ? ", which tools.deny pattern '" + glob + "' forbids" : ", which tools.allow does not name");
        return RuleEvaluation.violated(this, denied.build(), "tool '" + name + "' at index " + p + " " + reason,
                Diagnosis.at(p, actual, "Remove the " + name + " call, or change the policy's tools.allow/deny"));
    }

    /**
     * Matches a glob in which {@code *} stands for any run of characters.
     *
     * @param glob the glob
     * @param name the tool name
     * @return {@code true} on a match
     */
    static boolean globMatches(String glob, String name) {
        // walks the glob's '*'-separated parts in place: checked for every call against every glob
        int star = glob.indexOf('*');
        if (star < 0) {
            return glob.equals(name);
        }
        if (!name.regionMatches(0, glob, 0, star)) {
            return false;
        }
        int pos = star;
        int from = star + 1;
        int next = glob.indexOf('*', from);
        while (next >= 0) {
            int found = indexOf(name, pos, glob, from, next - from);
            if (found < 0) {
                return false;
            }
            pos = found + (next - from);
            from = next + 1;
            next = glob.indexOf('*', from);
        }
        int last = glob.length() - from;
        return name.length() - pos >= last && name.regionMatches(name.length() - last, glob, from, last);
    }

    /** The first position at or after {@code start} where {@code glob[from, from+length)} occurs in {@code name}. */
    private static int indexOf(String name, int start, String glob, int from, int length) {
        for (int i = start; i + length <= name.length(); i++) {
            if (name.regionMatches(i, glob, from, length)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public ToolAccessRule withId(String newId) {
        return new ToolAccessRule(allow, deny, when, newId);
    }

    @Override
    public ToolAccessRule withWhen(Condition newWhen) {
        return new ToolAccessRule(allow, deny, newWhen, hasExplicitId() ? id : null);
    }
}
