package io.orderingguard.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.timeline.Entry;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The baseline: serialising the same request to JSON with Jackson, which every HTTP client does for
 * every dispatch. Like {@link GuardBenchmarks}, each call takes the next of several conversations. {@link #serialize} writes the Anthropic Messages request of the passing conversation
 * (records, bean serialisers) to UTF-8 bytes; it is the denominator of every ratio.
 * {@link #serializeDocument} writes the guard's own dispatch document (a prebuilt Jackson tree) for
 * comparison.
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar JacksonBaseline -prof gc}
 */
@State(Scope.Benchmark)
public class JacksonBaseline extends SizedBenchmark {

    private static final ObjectWriter TREE_WRITER = new ObjectMapper().writer();


    private AnthropicRequest[] requests;
    private ObjectNode[] documents;
    private int next;

    /**
     * Builds the requests (or documents) once: building them is the client's work, not measured. One per
     * conversation of the same rotation as {@link GuardBenchmarks}.
     *
     * @param params which benchmark runs
     */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        setUp(params.getBenchmark().endsWith(".serializeDocument"));
    }

    /** Builds both (for the setup test). */
    void setUp() {
        setUp(true);
    }

    private void setUp(boolean withDocuments) {
        int rotation = Conversations.rotation(size);
        requests = new AnthropicRequest[rotation];
        documents = new ObjectNode[rotation];
        for (int v = 0; v < rotation; v++) {
            List<Entry> entries = Conversations.generate(size, Conversations.Style.ANTHROPIC, v);
            requests[v] = AnthropicRequest.of(Conversations.MODEL, entries, Conversations.tools());
            if (withDocuments) {
                documents[v] = DispatchCodec.defaults().toTree(Conversations.dispatch(entries));
            }
        }
    }

    private int advance() {
        int v = next;
        next = v + 1 == requests.length ? 0 : v + 1;
        return v;
    }

    /**
     * Serialises the provider request to bytes: the baseline of every ratio.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar 'JacksonBaseline.serialize$' -prof gc}
     *
     * @return the request body
     */
    @Benchmark
    public byte[] serialize() {
        return requests[advance()].toJson();
    }

    /**
     * Serialises the canonical dispatch document (a Jackson tree) to bytes.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar JacksonBaseline.serializeDocument -prof gc}
     *
     * @return the document
     * @throws JsonProcessingException never for a plain tree
     */
    @Benchmark
    public byte[] serializeDocument() throws JsonProcessingException {
        return TREE_WRITER.writeValueAsBytes(documents[advance()]);
    }
}
