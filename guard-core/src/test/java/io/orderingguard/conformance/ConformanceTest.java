package io.orderingguard.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the rule and repair fixtures of {@code conformance/} as dynamic tests (each fixture asserts its
 * own expectations through {@link ConformanceFixture}), and guards against fixtures silently vanishing.
 */
class ConformanceTest {

    @TestFactory
    Stream<DynamicTest> rules() {
        List<DynamicTest> tests = ConformanceFixture.testsUnder(Path.of("..", "conformance", "rules"))
                .collect(Collectors.toList());
        assertThat(tests).as("rule fixtures").hasSizeGreaterThanOrEqualTo(150);
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> repairs() {
        List<DynamicTest> tests = ConformanceFixture.testsUnder(Path.of("..", "conformance", "repairs"))
                .collect(Collectors.toList());
        assertThat(tests).as("repair fixtures").hasSizeGreaterThanOrEqualTo(60);
        return tests.stream();
    }
}
