package io.orderingguard.policy.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.policy.SequencePolicy;
import java.util.List;
import java.util.Objects;

/**
 * One test of an eval config: which recorded run it checks (by prompt or by id) and what it asserts
 * about that run's tool calls.
 *
 * @param id the test id
 * @param prompt the prompt that identifies the run in a trace file, or {@code null} (then the id does)
 * @param policy the rules and aliases to evaluate (possibly without rules when only an exact
 *     sequence is asserted)
 * @param exactSequence the exact list of tool names the run must make, or {@code null}
 * @param context the context for {@code when:} conditions, or {@code null} (then the trace's)
 * @param path the JSON path of the test in its config file, e.g. {@code $.tests[2]}
 * @param line the 1-based line of the test's id in the config file, or 0 when unknown
 */
public record EvalTest(
        String id, String prompt, SequencePolicy policy, List<String> exactSequence, ObjectNode context, String path,
        int line) {

    /** Validates and copies the fields. */
    public EvalTest {
        Objects.requireNonNull(id, "id must not be null");
        if (id.isBlank()) {
            throw new IllegalArgumentException("id must not be blank, but was '" + id + "'");
        }
        Objects.requireNonNull(policy, "policy must not be null");
        exactSequence = exactSequence == null ? null : List.copyOf(exactSequence);
        if (policy.rules().isEmpty() && exactSequence == null) {
            throw new IllegalArgumentException("test '" + id + "' asserts nothing: it has no rules and no exact sequence");
        }
        context = context == null ? null : context.deepCopy();
        Objects.requireNonNull(path, "path must not be null");
    }
}
