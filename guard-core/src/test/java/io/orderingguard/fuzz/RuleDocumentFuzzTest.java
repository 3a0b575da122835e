package io.orderingguard.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.RuleDescription;
import io.orderingguard.rule.RuleField;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Structured hostile input for the description-driven rule reader: every rule of the conformance
 * fixtures, with fields removed or replaced by values of every JSON type (null included) and fields of
 * other rule types added. Reading either succeeds, and then writing and reading again gives the same
 * rule, or fails with a {@link GuardInputException}; nothing else may escape.
 */
class RuleDocumentFuzzTest {

    private static final int INPUTS = 5_000;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {20261201L})
    void rule_documents_only_ever_fail_with_guard_input_exceptions(long seed) {
        // GIVEN the rule of every conformance fixture and every field name of every rule type
        List<ObjectNode> seeds = fixtureRules();
        List<String> names = new ArrayList<>(List.of("type", "id", "severity", "source", "providerError", "verifiedOn"));
        for (RuleDescription<?> d : OrderingRule.descriptions()) {
            for (RuleField<?, ?> f : d.fields()) {
                names.add(f.name());
            }
        }
        Random random = new Random(seed);
        List<String> escapes = new ArrayList<>();
        int read = 0;

        // WHEN each mutated document is read
        for (int i = 0; i < INPUTS; i++) {
            ObjectNode doc = seeds.get(random.nextInt(seeds.size())).deepCopy();
            for (int m = 1 + random.nextInt(3); m > 0; m--) {
                mutate(doc, names, random);
            }
            try {
                OrderingRule rule = RuleCodec.fromTree(doc, "fuzz");
                read++;
                OrderingRule again = RuleCodec.fromTree(RuleCodec.write(rule), "again");
                if (!again.equals(rule)) {
                    escapes.add(doc + " -> round trip changed the rule: " + rule + " vs " + again);
                }
            } catch (GuardInputException expected) {
                // the reader's only way to fail
            } catch (RuntimeException | StackOverflowError e) {
                escapes.add(doc + " -> " + e);
            }
        }

        // THEN
        assertThat(seeds).hasSizeGreaterThan(50);
        assertThat(read).as("documents read successfully").isGreaterThan(INPUTS / 20);
        assertThat(escapes).isEmpty();
    }

    private static void mutate(ObjectNode doc, List<String> names, Random random) {
        int roll = random.nextInt(4);
        if (roll == 0 && doc.size() > 0) {
            Iterator<String> fields = doc.fieldNames();
            int skip = random.nextInt(doc.size());
            String name = fields.next();
            for (int k = 0; k < skip; k++) {
                name = fields.next();
            }
            doc.remove(name);
            return;
        }
        String name = names.get(random.nextInt(names.size()));
        doc.set(name, value(random, doc.get(name)));
    }

    private static JsonNode value(Random random, JsonNode old) {
        switch (random.nextInt(10)) {
            case 0:
                return NODES.nullNode();
            case 1:
                return NODES.numberNode(random.nextInt(7) - 2);
            case 2:
                return NODES.textNode(random.nextBoolean() ? "" : "x.y");
            case 3:
                return NODES.booleanNode(random.nextBoolean());
            case 4:
                return NODES.arrayNode();
            case 5:
                return NODES.arrayNode().add(NODES.nullNode()).add("thought");
            case 6:
                return NODES.objectNode().put("name", "p");
            case 7:
                return NODES.numberNode(1.5);
            default:
                return old == null ? NODES.textNode("toolCall") : old.deepCopy();
        }
    }

    private static List<ObjectNode> fixtureRules() {
        ObjectMapper mapper = new ObjectMapper();
        List<ObjectNode> rules = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(Path.of("..", "conformance", "rules"))) {
            for (Path p : (Iterable<Path>) walk.filter(f -> f.toString().endsWith(".json")).sorted()::iterator) {
                JsonNode rule = mapper.readTree(p.toFile()).path("rule");
                if (rule.isObject()) {
                    rules.add((ObjectNode) rule);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rules;
    }
}
