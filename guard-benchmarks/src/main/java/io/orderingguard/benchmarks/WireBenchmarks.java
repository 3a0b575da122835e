package io.orderingguard.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.wire.WireCodec;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The guard at the HTTP level: a request body of one wire surface arrives as bytes, is parsed into a
 * Jackson tree, read by the surface's {@link WireCodec} into a dispatch and checked ({@code enforce});
 * a body that passes is sent as it came. Its baseline is {@link #readTree}: Jackson parsing the same
 * bytes into a tree, which the guard cannot avoid — so the ratio says what reading and checking add to
 * the one parse. Each call takes the next body of the rotation (see {@link Conversations#rotation}).
 *
 * <p>The guard's profile is the one the catalogue selects for the body's provider and model.
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar WireBenchmarks -prof gc}
 */
@State(Scope.Benchmark)
public class WireBenchmarks extends SizedBenchmark {

    private static final ObjectReader READER = new ObjectMapper().reader();

    /** The wire surface ({@link WireFormat#wireName()}). */
    @Param({"anthropic-messages", "openai-chat", "openai-responses"})
    public String surface;

    private byte[][] bodies;
    private WireCodec codec;
    private WireContext context;
    private OrderingGuard guard;
    private int next;

    /** Writes the bodies of the rotation and checks that each passes the guard. */
    @Setup(Level.Trial)
    public void setUp() {
        WireFormat format = WireFormat.fromWire(surface);
        codec = format.codec().orElseThrow(() -> new IllegalStateException("no codec for " + surface));
        context = WireContext.of("bench.json", 0).withConversationId(Conversations.CONVERSATION_ID);
        guard = OrderingGuard.builder()
                .profile(Profiles.forDispatch(WireBodies.provider(surface), WireBodies.model(surface)))
                .build();
        bodies = new byte[Conversations.rotation(size)][];
        for (int v = 0; v < bodies.length; v++) {
            bodies[v] = WireBodies.body(surface, Conversations.generate(size, Conversations.Style.ANTHROPIC, v));
        }
        for (int v = 0; v < bodies.length; v++) {
            GuardBenchmarks.expect(enforce(), Outcome.PASSED, "wire-" + surface + "-enforce");
        }
    }

    private byte[] nextBody() {
        byte[] body = bodies[next];
        next = next + 1 == bodies.length ? 0 : next + 1;
        return body;
    }

    /**
     * Parses the body, reads it into a dispatch and checks it.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar WireBenchmarks.enforce -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult enforce() {
        JsonNode tree = parse(nextBody());
        return guard.check(codec.read(tree, context).dispatch());
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
        return parse(nextBody());
    }

    private static JsonNode parse(byte[] body) {
        try {
            return READER.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("the benchmark body is not JSON", e);
        }
    }
}
