package io.orderingguard.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.ProfileSelection;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.RepairFailure;
import io.orderingguard.support.Require;
import java.util.List;

/**
 * Writes a {@link GuardResult} as the result object of {@code guard check --format json} (guard-cli's README):
 * {@code {"conversationId", "outcome", "profile", "selection", "blocking", "advisories", "repairs",
 * "unrepaired", "repairFailures", "timeline"}}, with findings as {@code {"ruleId", "ruleType",
 * "severity", "profile", "primitiveIds", "detail", "providerError"}} and the selection as
 * {@code {"profiles": [names], "reason", "inferred": {options inferred, as in a dispatch's
 * "options"}, "fallback": true|false}}.
 *
 * <p>Thread-safe: immutable.
 */
public final class ResultCodec {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final DispatchCodec dispatches;

    private ResultCodec(DispatchCodec dispatches) {
        this.dispatches = dispatches;
    }

    /**
     * Creates a codec that writes timelines with a dispatch codec.
     *
     * @param dispatches the dispatch codec
     * @return the codec
     */
    public static ResultCodec of(DispatchCodec dispatches) {
        return new ResultCodec(Require.nonNull(dispatches, "dispatches"));
    }

    /**
     * Writes a profile selection: {@code {"profiles", "reason", "inferred", "fallback"}}.
     *
     * @param selection the selection
     * @return the selection object
     */
    public ObjectNode selection(ProfileSelection selection) {
        ObjectNode o = NODES.objectNode();
        ids(o.putArray("profiles"), selection.profileNames());
        o.put("reason", selection.reason());
        o.set("inferred", dispatches.optionsToTree(selection.inferred()));
        o.put("fallback", selection.fallback());
        return o;
    }

    /**
     * Writes a result.
     *
     * @param result the result
     * @param conversationId the conversation id of the input as received (echoed), or {@code null}
     * @return the result object
     */
    public ObjectNode write(GuardResult result, String conversationId) {
        ObjectNode o = NODES.objectNode();
        o.put("conversationId", conversationId);
        o.put("outcome", result.outcome().wireName());
        o.put("profile", result.profile());
        o.set("selection", selection(result.selection()));
        o.set("blocking", findings(result.blocking()));
        o.set("advisories", findings(result.advisories()));
        ArrayNode repairs = o.putArray("repairs");
        for (Repair r : result.repairs()) {
            ObjectNode ro = repairs.addObject();
            ro.put("strategy", r.strategy().wireName());
            ro.put("ruleId", r.ruleId());
            ids(ro.putArray("primitiveIds"), r.primitiveIds());
            ro.put("detail", r.detail());
            if (r.targetId() != null) {
                ro.put("targetId", r.targetId());
            }
            if (r.blockerId() != null) {
                ro.put("blockerId", r.blockerId());
            }
            if (!r.removed().isEmpty()) {
                ArrayNode removed = ro.putArray("removed");
                r.removed().forEach(e -> removed.add(dispatches.entryToTree(e)));
            }
            if (!r.inserted().isEmpty()) {
                ArrayNode inserted = ro.putArray("inserted");
                r.inserted().forEach(e -> inserted.add(dispatches.entryToTree(e)));
            }
        }
        o.set("unrepaired", findings(result.unrepaired()));
        ArrayNode failures = o.putArray("repairFailures");
        for (RepairFailure f : result.repairFailures()) {
            ObjectNode fo = failures.addObject();
            fo.put("strategy", f.strategy().wireName());
            fo.put("ruleId", f.ruleId());
            ids(fo.putArray("primitiveIds"), f.primitiveIds());
            fo.put("message", f.message());
        }
        o.set("timeline", dispatches.toTree(result.dispatch()));
        return o;
    }

    /**
     * Writes one finding.
     *
     * @param f the finding
     * @return the finding object
     */
    public static ObjectNode finding(Finding f) {
        ObjectNode o = NODES.objectNode();
        o.put("ruleId", f.ruleId());
        o.put("ruleType", f.ruleType());
        o.put("severity", f.severity().wireName());
        o.put("profile", f.profile());
        ids(o.putArray("primitiveIds"), f.primitiveIds());
        o.put("detail", f.detail());
        o.put("providerError", f.providerError());
        return o;
    }

    private static ArrayNode findings(List<Finding> findings) {
        ArrayNode a = NODES.arrayNode();
        findings.forEach(f -> a.add(finding(f)));
        return a;
    }

    private static void ids(ArrayNode a, List<String> ids) {
        ids.forEach(a::add);
    }
}
