package io.orderingguard.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.tree.JsonInput;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonInputTest {

    private final JsonInput input = JsonInput.defaults();

    @Test
    void ignoresALeadingByteOrderMark() {
        int a = input.parseJson("\uFEFF{\"a\":1}", "bom.json").get("a").intValue();
        assertThat(a).isEqualTo(1);
        Boolean flag = input.readJson("\uFEFF{\n\"a\": true\n}", "bom.json", root -> root.optBoolean("a", false));
        assertThat(flag).isTrue();
    }

    @Test
    void rejectsTrailingContentInJsonAndASecondYamlDocument() {
        assertThatThrownBy(() -> input.parseJson("{\"a\":1}\n\n[2]", "x.json"))
                .hasMessage("x.json:3: malformed JSON: unexpected content after the end of the document");
        assertThatThrownBy(() -> input.parseYaml("a: 1\n---\nb: 2\n", "x.yaml"))
                .hasMessage("x.yaml:3: malformed YAML: unexpected content after the end of the document");
    }

    @Test
    void namesTheLimitThatWasExceeded() {
        assertThatThrownBy(() -> input.parseJson("{\"n\":" + "9".repeat(1001) + "}", "n.json"))
                .hasMessage("n.json:1: input exceeds a limit: a number is longer than the limit of 1000 digits");
    }

    @Test
    void locatesReaderErrorsAtTheLineOfTheirPath() {
        String json = "{\n  \"a\": {\n    \"b\": [1,\n      2,\n      \"x\"]\n  }\n}";

        assertThatThrownBy(() -> input.readJson(json, "p.json",
                        root -> root.child("a").child("b").asArray().get(2).asInt()))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("p.json:5: $.a.b[2]: expected an integer, but was a string (\"x\")");
        assertThatThrownBy(() -> input.readJson(json, "p.json", root -> root.child("a").text("missing")))
                .hasMessage("p.json:2: $.a.missing: required field is missing");
    }

    @Test
    void locatesReaderErrorsInYaml() {
        String yaml = "name: x\nrules:\n  - type: order\n  - type: 7\n";

        assertThatThrownBy(() -> input.readYaml(yaml, "p.yaml",
                        root -> root.array("rules").get(1).text("type")))
                .hasMessage("p.yaml:4: $.rules[1].type: expected a string, but was a number (7)");
    }

    @Test
    void leavesErrorsThatCannotBeLocatedAsTheyAre() {
        assertThatThrownBy(() -> input.readJson("{\"a\":\"x\"}", "one-line.json", root -> root.child("a").asInt()))
                .hasMessage("one-line.json: $.a: expected an integer, but was a string (\"x\")");
        assertThatThrownBy(() -> input.readJson("{\n\"a\": 1\n}", "p.json", root -> {
            throw new GuardInputException("other.json", 0, "$.a", "elsewhere");
        })).hasMessage("other.json: $.a: elsewhere");
        assertThatThrownBy(() -> input.readJson("{\n\"a\": 1\n}", "p.json", root -> {
            throw new GuardInputException("p.json", 0, null, "no path");
        })).hasMessage("p.json: no path");
    }

    @Test
    void readsFilesByExtension(@TempDir Path dir) throws Exception {
        Path yaml = Files.writeString(dir.resolve("p.YML"), "a:\n  b: 1\n  c: [x]\n");

        Integer b = input.readFile(yaml, root -> root.child("a").child("b").asInt());
        assertThat(b).isEqualTo(1);
        assertThatThrownBy(() -> input.readFile(yaml, root -> root.child("a").child("c").asText()))
                .hasMessage(yaml + ":3: $.a.c: expected a string, but was an array");
    }

    @Test
    void should_refuse_a_depth_limit_above_the_bound_that_keeps_tree_walks_off_the_stack_end() {
        assertThatThrownBy(() -> InputLimits.defaults().withMaxDepth(InputLimits.MAX_DEPTH + 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxDepth must be between 4 and 1000, but was 1001");
    }

    @Test
    void should_read_a_document_nested_to_the_highest_depth_limit_and_reject_one_level_more() {
        JsonInput deepest = JsonInput.withLimits(InputLimits.defaults().withMaxDepth(InputLimits.MAX_DEPTH));
        String fits = "[".repeat(InputLimits.MAX_DEPTH) + "]".repeat(InputLimits.MAX_DEPTH);
        String over = "[".repeat(InputLimits.MAX_DEPTH + 1) + "]".repeat(InputLimits.MAX_DEPTH + 1);

        assertThat(deepest.parseJson(fits, "deep.json").get(0).isArray()).isTrue();
        assertThatThrownBy(() -> deepest.parseJson(over, "deep.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("deep.json:1: input exceeds a limit: arrays and objects nest deeper than the limit of 1000"
                        + " levels (maxDepth)");
    }

    @Test
    void should_name_the_start_of_an_unclosed_object_without_jacksons_source_rendering() {
        assertThatThrownBy(() -> JsonInput.defaults().parseJson("{\"a\":\n  {\"b\": 1", "open.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("open.json:2: malformed JSON: Unexpected end-of-input: expected close marker for Object"
                        + " (start marker at line 2, column 3)");
    }
}
