package io.orderingguard.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.wire.WireFormat;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The guard at the HTTP level: a request body of one wire surface arrives as bytes with its URL path,
 * and {@link WireGuard#inspect} reads it into a dispatch and checks it ({@code enforce}), as the HTTP
 * adapters (OkHttp, the SDK hooks) do for every request; a body that passes is sent as it came. Its
 * baseline is {@link #readTree}: Jackson parsing the same bytes into a tree, the least any reader of the
 * body pays — so the ratio says what reading and checking cost beside one parse. Gemini and Bedrock
 * bodies carry no model: the guard takes it from the URL path. Each call takes the next body of the
 * rotation (see {@link Conversations#rotation}).
 *
 * <p>The guard's profile is the one the catalogue selects for the body's provider and model.
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar WireBenchmarks -prof gc}
 */
@State(Scope.Benchmark)
public class WireBenchmarks extends SizedBenchmark {

    private static final ObjectReader READER = new ObjectMapper().reader();

    /** The wire surface ({@link WireFormat#wireName()}). */
    @Param({"anthropic-messages", "openai-chat", "openai-responses", "gemini", "bedrock-converse"})
    public String surface;

    private byte[][] bodies;
    private String urlPath;
    private WireGuard wire;
    private int next;

    /** Writes the bodies of the rotation and checks that each passes the guard. */
    @Setup(Level.Trial)
    public void setUp() {
        urlPath = WireBodies.urlPath(surface);
        wire = WireGuard.builder(OrderingGuard.builder()
                        .profile(Profiles.forDispatch(WireBodies.provider(surface), WireBodies.model(surface)))
                        .build())
                .failOnUnreadableBody(true)
                .build();
        bodies = new byte[Conversations.rotation(size)][];
        for (int v = 0; v < bodies.length; v++) {
            bodies[v] = WireBodies.body(surface, Conversations.generate(size, Conversations.Style.ANTHROPIC, v));
        }
        for (int v = 0; v < bodies.length; v++) {
            WireVerdict verdict = enforce();
            if (!(verdict instanceof WireVerdict.Passed)) {
                throw new IllegalStateException("wire-" + surface + "-enforce: expected the body to pass, but the verdict was "
                        + verdict);
            }
        }
    }

    private byte[] nextBody() {
        byte[] body = bodies[next];
        next = next + 1 == bodies.length ? 0 : next + 1;
        return body;
    }

    /**
     * Reads the body into a dispatch and checks it, as an HTTP adapter does before sending it.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar WireBenchmarks.enforce -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public WireVerdict enforce() {
        return wire.inspect(nextBody(), urlPath, Conversations.CONVERSATION_ID);
    }

    /**
     * Parses the body into a Jackson tree: the baseline of {@link #enforce}.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar WireBenchmarks.readTree -prof gc}
     *
     * @return the tree
     */
    @Benchmark
    public JsonNode readTree() {
        try {
            return READER.readTree(nextBody());
        } catch (IOException e) {
            throw new UncheckedIOException("the benchmark body is not JSON", e);
        }
    }
}
