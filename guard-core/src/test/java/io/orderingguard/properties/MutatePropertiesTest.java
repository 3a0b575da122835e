package io.orderingguard.properties;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.json.ResultCodec;
import io.orderingguard.testkit.RandomTimelines;
import io.orderingguard.timeline.Dispatch;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded properties of mutate mode over random dispatches ({@link RandomTimelines}) and random
 * profiles ({@link RandomProfiles}), each case named by its seed. {@code -Dguard.properties.seed=N}
 * moves the first seed and {@code -Dguard.properties.cases=N} changes the count (default 2,000).
 *
 * <ol type="a">
 *   <li>What mutate sends passes enforce with the same profile; when mutate rejects, its
 *       {@code unrepaired} are exactly what enforce finds on the dispatch it returned.</li>
 *   <li>Mutate is idempotent: mutating its output again passes, or, when it was rejected, rejects
 *       the same dispatch with the same unrepaired findings.</li>
 *   <li>Nothing is lost ({@link Lineage}).</li>
 *   <li>The caller's dispatch and the JSON it was read from are unchanged.</li>
 *   <li>Evaluation is deterministic: two guards of the same setup give equal results.</li>
 * </ol>
 */
class MutatePropertiesTest {

    private static final DispatchCodec CODEC = DispatchCodec.defaults();
    private static final ResultCodec RESULTS = ResultCodec.of(CODEC);
    private static final long FIRST_SEED = Long.getLong("guard.properties.seed", 20_261_101L);
    private static final int CASES = Integer.getInteger("guard.properties.cases", 2_000);

    static Stream<Arguments> seeds() {
        return LongStream.range(FIRST_SEED, FIRST_SEED + CASES).mapToObj(seed -> Arguments.argumentSet("seed=" + seed, seed));
    }

    /** One random case: the caller's JSON, the dispatch read from it, and the guard setup. */
    private record Case(long seed, ObjectNode json, String jsonBefore, Dispatch input, String inputBefore,
            RandomProfiles.Setup setup) {

        static Case of(long seed) {
            ObjectNode json = CODEC.toTree(RandomTimelines.dispatch(seed));
            Dispatch input = CODEC.fromTree(json, "seed " + seed, 0);
            RandomProfiles.Setup setup = RandomProfiles.setup(new Random(seed * 0x9E3779B97F4A7C15L + 1));
            return new Case(seed, json, json.toString(), input, CODEC.write(input), setup);
        }

        GuardResult mutate() {
            return setup.guard(Mode.MUTATE).check(input);
        }

        String describe(GuardResult result) {
            return "seed " + seed + "\nrules: " + setup + "\ninput: " + inputBefore + "\nresult: "
                    + RESULTS.write(result, input.conversationId());
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void what_mutate_sends_passes_enforce_and_what_it_rejects_is_exactly_what_enforce_finds(long seed) {
        Case c = Case.of(seed);
        GuardResult mutated = c.mutate();
        GuardResult enforced = c.setup.guard(Mode.ENFORCE).check(mutated.dispatch());
        assertThat(mutated.outcome() == Outcome.REJECTED).as(() -> c.describe(mutated))
                .isEqualTo(!mutated.unrepaired().isEmpty());
        assertThat(enforced.blocking()).as(() -> c.describe(mutated)).isEqualTo(mutated.unrepaired());
        if (mutated.outcome() == Outcome.PASSED) {
            assertThat(mutated.dispatch()).as(() -> c.describe(mutated)).isSameAs(c.input);
            assertThat(mutated.repairs()).isEmpty();
        }
        if (mutated.outcome() == Outcome.REPAIRED) {
            assertThat(mutated.repairs()).as(() -> c.describe(mutated)).isNotEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void mutate_is_idempotent(long seed) {
        Case c = Case.of(seed);
        GuardResult first = c.mutate();
        GuardResult second = c.setup.guard(Mode.MUTATE).check(first.dispatch());
        String sent = CODEC.write(first.dispatch());
        assertThat(CODEC.write(second.dispatch())).as(() -> c.describe(first)).isEqualTo(sent);
        if (first.rejected()) {
            assertThat(second.outcome()).as(() -> c.describe(first)).isEqualTo(Outcome.REJECTED);
            assertThat(second.unrepaired()).as(() -> c.describe(first)).isEqualTo(first.unrepaired());
            assertThat(second.repairs()).as(() -> c.describe(first)).isEmpty();
        } else {
            assertThat(second.outcome()).as(() -> c.describe(first)).isEqualTo(Outcome.PASSED);
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void nothing_is_lost(long seed) {
        Case c = Case.of(seed);
        GuardResult result = c.mutate();
        assertThat(Lineage.problems(c.input.timeline().entries(), result)).as(() -> c.describe(result)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void the_input_is_never_changed(long seed) {
        Case c = Case.of(seed);
        GuardResult result = c.mutate();
        assertThat(CODEC.write(c.input)).as(() -> c.describe(result)).isEqualTo(c.inputBefore);
        assertThat(c.json.toString()).as(() -> c.describe(result)).isEqualTo(c.jsonBefore);
        if (!result.repairs().isEmpty()) {
            assertThat(result.dispatch()).isNotSameAs(c.input);
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void evaluation_is_deterministic(long seed) {
        Case c = Case.of(seed);
        OrderingGuard guard = c.setup.guard(Mode.MUTATE);
        GuardResult first = guard.check(c.input);
        GuardResult second = c.setup.guard(Mode.MUTATE).check(Case.of(seed).input);
        GuardResult third = guard.check(c.input);
        String expected = RESULTS.write(first, c.input.conversationId()).toString();
        assertThat(RESULTS.write(second, c.input.conversationId()).toString()).as("seed %d", seed).isEqualTo(expected);
        assertThat(third).as("seed %d", seed).isEqualTo(first);
        GuardResult enforced = c.setup.guard(Mode.ENFORCE).check(c.input);
        assertThat(c.setup.guard(Mode.ENFORCE).check(c.input)).as("seed %d", seed).isEqualTo(enforced);
        assertThat(enforced.blocking()).as("seed %d", seed).isEqualTo(first.blocking());
    }
}
