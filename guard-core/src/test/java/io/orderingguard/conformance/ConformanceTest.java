package io.orderingguard.conformance;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Runs the rule and repair fixtures of {@code conformance/} as dynamic tests. */
class ConformanceTest {

    @TestFactory
    Stream<DynamicTest> rules() {
        return ConformanceFixture.testsUnder(Path.of("..", "conformance", "rules"));
    }

    @TestFactory
    Stream<DynamicTest> repairs() {
        return ConformanceFixture.testsUnder(Path.of("..", "conformance", "repairs"));
    }
}
