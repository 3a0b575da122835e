package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON shapes the documents give for {@code guard check --format json} ({@code {"file", "line",
 * "error"}} and the like, in the root README, guard-cli's README and docs/dispatch-format.md) are the
 * shapes the command writes: every documented shape of a bad input, a result or the summary holds
 * exactly the keys written.
 */
class DocumentedJsonShapesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path ROOT = Path.of("..");
    private static final List<Path> DOCUMENTS = List.of(ROOT.resolve("README.md"), Path.of("README.md"),
            ROOT.resolve("docs/dispatch-format.md"));
    /** A flat shape as the documents write it: {@code {"a", "b", "c"}}. */
    private static final Pattern SHAPE = Pattern.compile("\\{(\"\\w+\"(?:, \"\\w+\")+)\\}");

    @TempDir
    Path dir;

    @Test
    void every_documented_shape_of_the_json_report_is_the_one_written() throws IOException {
        Path batch = dir.resolve("batch.jsonl");
        Files.writeString(batch, "{\"model\": \"gpt-4o\", \"entries\": [{\"kind\": \"message\", \"id\": \"u1\", "
                + "\"role\": \"user\", \"content\": \"hi\"}]}\n{\"entries\": 3}\n");
        Path body = dir.resolve("claude.jsonl");
        Files.writeString(body, CheckWireTest.ANTHROPIC + "\n");
        JsonNode documents = JSON.readTree(CliRun.of("check", "--format", "json", batch.toString()).out());
        JsonNode wire = JSON.readTree(CliRun.of("check", "--format", "json", "--wire", "auto", "--mode", "mutate",
                "--output", dir.resolve("out").toString(), body.toString()).out());
        Set<String> result = keys(documents.at("/results/0"));
        result.addAll(keys(wire.at("/results/0")));
        Set<String> bad = keys(documents.at("/results/1"));
        Set<String> summary = keys(documents.get("summary"));

        List<Set<String>> documented = documentedShapes();
        List<Set<String>> badShapes = documented.stream().filter(s -> s.contains("error")).toList();
        List<Set<String>> resultShapes = documented.stream().filter(s -> s.contains("outcome") && s.contains("file"))
                .toList();
        List<Set<String>> summaryShapes = documented.stream().filter(s -> s.contains("badInputs")).toList();

        assertThat(bad).containsExactly("file", "line", "error");
        assertThat(badShapes).isNotEmpty().allSatisfy(s -> assertThat(s).containsExactlyElementsOf(bad));
        assertThat(resultShapes).isNotEmpty().allSatisfy(s -> assertThat(s).containsExactlyInAnyOrderElementsOf(result));
        assertThat(summaryShapes).isNotEmpty().allSatisfy(s -> assertThat(s).containsExactlyElementsOf(summary));
    }

    private static List<Set<String>> documentedShapes() throws IOException {
        List<Set<String>> shapes = new ArrayList<>();
        for (Path doc : DOCUMENTS) {
            Matcher m = SHAPE.matcher(Files.readString(doc));
            while (m.find()) {
                Set<String> keys = new LinkedHashSet<>();
                for (String key : m.group(1).split(", ")) {
                    keys.add(key.substring(1, key.length() - 1));
                }
                shapes.add(keys);
            }
        }
        return shapes;
    }

    private static Set<String> keys(JsonNode node) {
        Set<String> keys = new LinkedHashSet<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
