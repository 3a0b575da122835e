package io.orderingguard.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.testkit.RandomTimelines;
import io.orderingguard.timeline.Dispatch;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The two round-trip laws over random dispatches; the seed is in each case's name. */
class DispatchCodecPropertyTest {

    private static final DispatchCodec CODEC = DispatchCodec.defaults();

    static LongStream seeds() {
        return LongStream.range(0, 2_500);
    }

    static LongStream batchSeeds() {
        return LongStream.range(0, 100);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void roundTripsExactly(long seed) {
        Dispatch dispatch = RandomTimelines.dispatch(seed);
        String written = CODEC.write(dispatch);

        Dispatch read = CODEC.read(written, "seed-" + seed + ".json");

        assertThat(read).isEqualTo(dispatch);
        assertThat(CODEC.write(read)).isEqualTo(written);
        assertThat(written).doesNotContain("\n", "\r");
        assertThat(CODEC.read(CODEC.writePretty(dispatch), "pretty.json")).isEqualTo(dispatch);
        assertThat(CODEC.fromTree(CODEC.toTree(dispatch), "tree", 0)).isEqualTo(dispatch);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("batchSeeds")
    void roundTripsWireDetailAndOptionsExactly(long seed) {
        Random random = new Random(seed);
        Dispatch dispatch = RandomTimelines.withWireDetail(random, RandomTimelines.dispatch(random, 30));
        String written = CODEC.write(dispatch);

        Dispatch read = CODEC.read(written, "seed-" + seed + ".json");

        assertThat(read).isEqualTo(dispatch);
        assertThat(CODEC.write(read)).isEqualTo(written);
        assertThat(CODEC.fromTree(CODEC.toTree(dispatch), "tree", 0)).isEqualTo(dispatch);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("batchSeeds")
    void roundTripsJsonlBatches(long seed) {
        Random random = new Random(seed);
        List<Dispatch> batch = new ArrayList<>();
        for (int i = random.nextInt(12); i > 0; i--) {
            batch.add(RandomTimelines.dispatch(random, 30));
        }
        String jsonl = CODEC.writeJsonl(batch);
        List<Dispatch> streamed = new ArrayList<>();

        CODEC.forEachJsonl(new StringReader(jsonl.replace("\n", random.nextBoolean() ? "\r\n\n" : "\n")),
                "batch.jsonl", streamed::add);

        assertThat(CODEC.readJsonl(jsonl, "batch.jsonl")).isEqualTo(batch);
        assertThat(streamed).isEqualTo(batch);
        assertThat(CODEC.writeJsonl(streamed)).isEqualTo(jsonl);
    }
}
