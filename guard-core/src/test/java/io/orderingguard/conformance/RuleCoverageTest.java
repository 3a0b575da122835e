package io.orderingguard.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.json.PolicyFiles;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.rule.OrderingRule;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The closed world of rule types: every permitted subclass of {@link OrderingRule} must have exactly
 * one description in {@link OrderingRule#descriptions()} (which the codec reads and writes it from), a
 * JSON round trip, and conformance fixtures that pass, fail and probe an edge.
 */
class RuleCoverageTest {

    private static final Path RULES = Path.of("..", "conformance", "rules");

    @TestFactory
    Stream<DynamicTest> every_rule_type_has_json_support_and_fixtures() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Class<?> type : OrderingRule.class.getPermittedSubclasses()) {
            OrderingRule sample = sample(type);
            String name = sample.type();
            tests.add(DynamicTest.dynamicTest(type.getSimpleName(), () -> {
                assertThat(OrderingRule.descriptions()).as("descriptions of every rule type")
                        .filteredOn(d -> d.ruleClass() == type).singleElement()
                        .satisfies(d -> assertThat(d.type()).isEqualTo(name))
                        .isSameAs(sample.description());
                assertThat(RuleCodec.types()).as("RuleCodec reads type %s", name).contains(name);
                OrderingRule back = RuleCodec.fromTree(RuleCodec.write(sample), "sample");
                assertThat(back).as("JSON round trip of %s", name).isEqualTo(sample);
                Path folder = RULES.resolve(name);
                assertThat(folder).as("fixtures folder for %s", name).isDirectory();
                List<String> files = new ArrayList<>();
                try (Stream<Path> list = Files.list(folder)) {
                    list.forEach(p -> files.add(p.getFileName().toString()));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                assertThat(files).as("fixtures of %s", name)
                        .anyMatch(f -> f.startsWith("pass"))
                        .anyMatch(f -> f.startsWith("fail"))
                        .anyMatch(f -> f.startsWith("edge"));
            }));
        }
        return tests.stream();
    }

    /**
     * Builds one instance of a rule type from the static factories of {@link OrderingRule}, or for a rule
     * type that is built from a document, of its reader ({@link PolicyFiles#toolPolicy}).
     */
    private static OrderingRule sample(Class<?> type) throws Exception {
        for (Class<?> factories : List.of(OrderingRule.class, PolicyFiles.class)) {
            for (Method m : factories.getDeclaredMethods()) {
                if (java.lang.reflect.Modifier.isStatic(m.getModifiers()) && m.getReturnType() == type) {
                    return (OrderingRule) m.invoke(null, Samples.arguments(m));
                }
            }
        }
        throw new AssertionError("no static factory on OrderingRule or PolicyFiles returns " + type.getSimpleName());
    }
}
