package io.orderingguard.wire;

import io.orderingguard.rule.Facet;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Severity;
import io.orderingguard.support.Require;
import io.orderingguard.surface.ProviderSurface;
import java.util.List;

/**
 * A part of a request body the surface's vocabulary does not describe (a role, a block, item or part
 * type, an enum value, a tool declared without the fields the codec reads): the guard carried it
 * through unchanged and reports it as an advisory finding ({@value #RULE_ID}), so a new provider
 * feature is heard about without being refused. {@code WireGuard.Builder.strict(true)} and
 * {@code guard check --strict} refuse such a body instead.
 *
 * @param surface the surface the body was read as, e.g. {@code anthropic-messages}
 * @param path the JSON path of the part, e.g. {@code $.messages[1].content[0].type}
 * @param detail what was not recognised and how it was read, e.g.
 *     {@code unknown block type "tool_addition", kept as a placeholder}
 */
public record UnknownShape(String surface, String path, String detail) {

    /** The rule id of the advisory finding an unknown shape becomes. */
    public static final String RULE_ID = ProviderSurface.UNKNOWN_SHAPE_RULE_ID;

    /** Validates the fields. */
    public UnknownShape {
        Require.nonBlank(surface, "surface");
        Require.nonBlank(path, "path");
        Require.nonBlank(detail, "detail");
    }

    /**
     * Returns the advisory finding this shape becomes.
     *
     * @param profile the profile name of the result the finding joins
     * @return the finding ({@value #RULE_ID}, facet {@code unknown-shape}, no entry ids)
     */
    public Finding toFinding(String profile) {
        return new Finding(RULE_ID, "wire", Severity.ADVISORY, profile, List.of(), describe()
                + " (carried through unchanged)", null, Facet.UNKNOWN_SHAPE);
    }

    /**
     * Returns the one-line description a finding and an error message carry.
     *
     * @return e.g. {@code anthropic-messages body, $.messages[1].role: unknown role "tool_host", read as a
     *     system message}
     */
    public String describe() {
        return surface + " body, " + path + ": " + detail;
    }
}
