package io.orderingguard.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.json.PolicyFiles;
import io.orderingguard.policy.Extent;
import io.orderingguard.policy.PolicyReport;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.policy.TraceExplanation;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The sequence-policy evaluator over the tool calls of the passing conversation: a policy with a rule
 * of each of the ten kinds plus a static deny list, with aliases, argument matching and a {@code when:}
 * condition, evaluated with complete extent (as {@code guard eval} does for a recorded run). Each call
 * evaluates the next of several conversations (see {@link Conversations#rotation}).
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar PolicyBenchmark -prof gc}
 */
@State(Scope.Benchmark)
public class PolicyBenchmark extends SizedBenchmark {

    /** The policy, in the policy-file shape {@code guard eval} reads. */
    static final String POLICY = """
            {"name": "bench-agent", "version": "1.1",
             "tools": {"deny": ["admin_*", "*_debug"]},
             "aliases": {"Reads": ["search_docs", "read_file", "sql_query"], "Egress": ["http_get"]},
             "rules": [
               {"type": "require", "tool": "search_docs"},
               {"type": "before", "first": "Reads", "then": "write_file"},
               {"type": "immediately_before", "first": "Reads", "then": "run_tests"},
               {"type": "blocklist", "pattern": "drop_"},
               {"type": "allowlist", "tools": ["search_docs", "read_file", "write_file", "run_tests", "http_get", "sql_query"]},
               {"type": "max_calls", "tool": "http_get", "max": 100000},
               {"type": "eventually", "tool": "Reads", "within": 5},
               {"type": "never_after", "trigger": {"tool": "sql_query", "args_match": {"query": "DROP TABLE"}}, "forbidden": "Egress"},
               {"type": "after", "trigger": "write_file", "then": "run_tests", "within": 1000000,
                "when": {"context.user_role": {"not": "admin"}}},
               {"type": "sequence", "tools": ["search_docs", "read_file", "write_file"], "strict": false}
             ]}
            """;


    private SequencePolicy policy;
    private Dispatch[] dispatches;
    private int next;

    /** Reads the policy and generates the conversations of the rotation. */
    @Setup(Level.Trial)
    public void setUp() {
        policy = policy();
        dispatches = new Dispatch[Conversations.rotation(size)];
        for (int v = 0; v < dispatches.length; v++) {
            List<Entry> entries = Conversations.generate(size, Conversations.Style.ANTHROPIC, v);
            dispatches[v] = Conversations.dispatch(entries);
        }
        evaluate();
        explain();
    }

    static SequencePolicy policy() {
        try {
            return PolicyFiles.parse(new ObjectMapper().readTree(POLICY), "bench-policy.json", "bench-agent");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the benchmark policy is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Evaluates the policy over the conversation's tool calls.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar PolicyBenchmark.evaluate -prof gc}
     *
     * @return the report
     */
    @Benchmark
    public PolicyReport evaluate() {
        Dispatch dispatch = dispatches[next];
        next = next + 1 == dispatches.length ? 0 : next + 1;
        return policy.evaluate(dispatch, Extent.COMPLETE);
    }

    /**
     * Explains the conversation's tool calls step by step under the policy (as {@code guard explain}
     * does): for each rule the first call that violates it, then the verdict on the finished run.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar PolicyBenchmark.explain -prof gc}
     *
     * @return the explanation
     */
    @Benchmark
    public TraceExplanation explain() {
        Dispatch dispatch = dispatches[next];
        next = next + 1 == dispatches.length ? 0 : next + 1;
        return policy.explain(SequencePolicy.toolCalls(dispatch.timeline()), dispatch.context());
    }
}
