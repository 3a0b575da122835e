package io.orderingguard.benchmarks;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How much heap mutate of a large body needs: writes the generated conversation with one call's result
 * removed (mutate synthesises it) of about the given size in MB as a body of one surface, then runs
 * {@link WireGuard#inspect} in mutate mode on it and prints the verdict. A first run writes the body to a
 * file; later runs read it, so writing it does not count. The least {@code -Xmx} a run completes in, with
 * the serial collector and a tiny young generation, is about the live peak (the body's own array
 * included); search it by bisection:
 *
 * <pre>
 * J=guard-benchmarks/target/benchmarks.jar
 * java -cp $J io.orderingguard.benchmarks.MutateHeapProbe anthropic-messages 20   # writes the body
 * java -XX:+UseSerialGC -Xmn3m -Xmx80m -cp $J io.orderingguard.benchmarks.MutateHeapProbe anthropic-messages 20
 * </pre>
 *
 * <p>Prints {@code <surface> body=<bytes> verdict=<class> out=<bytes>}, or fails with an
 * {@link OutOfMemoryError}.
 */
public final class MutateHeapProbe {

    private MutateHeapProbe() {}

    /**
     * Runs the probe.
     *
     * @param args the surface and the body's size in MB
     */
    public static void main(String[] args) throws IOException {
        String surface = args.length > 0 ? args[0] : "anthropic-messages";
        int mb = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Path file = Path.of(args.length > 2 ? args[2] : System.getProperty("java.io.tmpdir"),
                "mutate-heap-" + surface + "-" + mb + ".json");
        if (!Files.exists(file)) {
            // written by a first run, so that writing it does not count in the heap of the measured one
            // (about 1.1 KB of JSON per entry)
            int entries = mb * 1024 * 1024 / 1100;
            Files.write(file, WireBodies.body(surface,
                    withoutResult(Conversations.generate(entries, Conversations.Style.ANTHROPIC, 0))));
            System.out.println(surface + " wrote " + file);
            return;
        }
        byte[] body = Files.readAllBytes(file);
        WireGuard wire = WireGuard.builder(OrderingGuard.builder()
                        .profile(Profiles.forDispatch(WireBodies.provider(surface), WireBodies.model(surface)))
                        .mode(Mode.MUTATE)
                        .build())
                .failOnUnreadableBody(true)
                .build();
        System.gc();
        WireVerdict verdict = wire.inspect(body, WireBodies.urlPath(surface), null);
        byte[] out = verdict.bodyToSend();
        System.out.println(surface + " body=" + body.length + " verdict=" + verdict.getClass().getSimpleName()
                + " out=" + out.length);
    }

    /** The conversation with the result of its call a quarter of the way through removed (mutate synthesises one). */
    private static List<Entry> withoutResult(List<Entry> conversation) {
        List<Entry> entries = new ArrayList<>(conversation);
        List<Integer> calls = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) instanceof ToolCall) {
                calls.add(i);
            }
        }
        int at = calls.get(calls.size() / 4);
        ToolCall call = (ToolCall) entries.get(at);
        entries.set(at, new ToolCall(call.id(), call.tool(), call.args(), null, true, call.payload(),
                call.replayCompatibility(), call.step(), null, false));
        return entries;
    }
}
