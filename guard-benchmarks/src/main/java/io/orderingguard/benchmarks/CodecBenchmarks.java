package io.orderingguard.benchmarks;

import io.orderingguard.json.DispatchCodec;
import io.orderingguard.timeline.Dispatch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The JSON codec reading a dispatch document (docs/dispatch-format.md), as {@code guard check} does for each input
 * line: parse, validate every field with its JSON path, build the entries. Each call reads the next of
 * several documents (see {@link Conversations#rotation}).
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar CodecBenchmarks -prof gc}
 */
@State(Scope.Benchmark)
public class CodecBenchmarks extends SizedBenchmark {


    private DispatchCodec codec;
    private String[] documents;
    private int next;

    /** Writes each conversation of the rotation as a compact document. */
    @Setup(Level.Trial)
    public void setUp() {
        codec = DispatchCodec.defaults();
        documents = new String[Conversations.rotation(size)];
        for (int v = 0; v < documents.length; v++) {
            documents[v] = codec.write(Conversations.dispatch(
                    Conversations.generate(size, Conversations.Style.ANTHROPIC, v)));
            if (codec.read(documents[v], "bench.json").timeline().size() != size) {
                throw new IllegalStateException("the document does not read back to " + size + " entries");
            }
        }
    }

    /**
     * Reads the dispatch document of the passing conversation.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar CodecBenchmarks.codecRead -prof gc}
     *
     * @return the dispatch
     */
    @Benchmark
    public Dispatch codecRead() {
        String document = documents[next];
        next = next + 1 == documents.length ? 0 : next + 1;
        return codec.read(document, "bench.json");
    }
}
