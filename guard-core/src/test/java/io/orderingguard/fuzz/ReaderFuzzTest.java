package io.orderingguard.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.json.ProfileCodec;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.testkit.InputFuzzer;
import io.orderingguard.testkit.RandomTimelines;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile input: every reader of guard-core gets at least 10,000 mutated documents per run, and
 * nothing but {@link GuardInputException} may escape — no StackOverflowError, NPE,
 * ClassCastException or parser exception.
 */
class ReaderFuzzTest {

    private static final int INPUTS = 10_000;
    private static final DispatchCodec CODEC = DispatchCodec.defaults();

    private static List<String> dispatchSeeds() {
        List<String> seeds = new ArrayList<>();
        for (long s = 1; s <= 40; s++) {
            seeds.add(CODEC.write(RandomTimelines.dispatch(new Random(s), 12)));
        }
        return seeds;
    }

    private static final List<String> PROFILE_SEEDS = List.of(
            "{\"name\": \"p\", \"description\": \"d\", \"rules\": [{\"type\": \"toolResultPairing\", \"id\": \"a\","
                    + " \"severity\": \"blocking\"}, {\"type\": \"order\", \"id\": \"o\", \"before\": \"thought\","
                    + " \"after\": \"toolCall\", \"scope\": \"entire-turn\"}, {\"type\": \"alternation\", \"id\": \"alt\","
                    + " \"roles\": [\"user\", \"assistant\"], \"maxPerGroup\": 1}]}",
            "name: y\nrules:\n  - type: requiredMetadata\n    id: sig\n    kind: toolCall\n    applyTo: first-in-step\n"
                    + "    requiredPayloadKey: thoughtSignature\n    fallbackPayloadValue: skip\n"
                    + "    fallbackRepairAuthorized: true\n  - type: identifierFormat\n    id: f\n    kind: toolCall\n"
                    + "    maxLength: 64\n    allowedPattern: '[A-Za-z0-9_-]'\noverrides: {}\n",
            "{\"name\": \"q\", \"rules\": [{\"type\": \"preservation\", \"id\": \"p\", \"kind\": \"thought\","
                    + " \"invariant\": \"payload-field-stable\", \"payloadField\": \"signature\"},"
                    + " {\"type\": \"replayCompatibility\", \"id\": \"r\", \"accepted\": [\"anthropic-messages-thinking-v1\"]}]}");

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {20261130L})
    void dispatch_documents_and_jsonl_only_ever_fail_with_guard_input_exceptions(long seed) {
        List<String> inputs = InputFuzzer.mutations(dispatchSeeds(), seed, INPUTS);
        assertThat(InputFuzzer.escapes(inputs, in -> CODEC.read(in, "fuzz.json"), GuardInputException.class)).isEmpty();
        List<String> lines = InputFuzzer.mutations(dispatchSeeds(), seed + 1, INPUTS);
        assertThat(InputFuzzer.escapes(lines, in -> CODEC.readJsonl(in + "\n" + in, "fuzz.jsonl"),
                GuardInputException.class)).isEmpty();
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {20261130L})
    void profile_files_only_ever_fail_with_guard_input_exceptions(long seed) {
        ProfileCodec profiles = ProfileCodec.of(InputLimits.defaults(), name -> Optional.empty());
        List<String> inputs = InputFuzzer.mutations(PROFILE_SEEDS, seed, INPUTS);
        assertThat(InputFuzzer.escapes(inputs, in -> profiles.fromTree(JsonInput.defaults().parseYaml(in, "p.yaml"),
                "p.yaml"), GuardInputException.class)).isEmpty();
        assertThat(InputFuzzer.escapes(inputs, in -> profiles.fromTree(JsonInput.defaults().parseJson(in, "p.json"),
                "p.json"), GuardInputException.class)).isEmpty();
    }

    @Test
    void yaml_resolves_aliases_but_never_expands_alias_bombs() {
        assertThat(JsonInput.defaults().parseYaml("a: &x [1, 2]\nb: *x\n", "ok.yaml").toString())
                .isEqualTo("{\"a\":[1,2],\"b\":[1,2]}");
        assertThatThrownBy(() -> JsonInput.defaults().parseYaml(InputFuzzer.aliasBomb(), "bomb.yaml"))
                .isInstanceOf(GuardInputException.class).hasMessageStartingWith("bomb.yaml: malformed YAML: ");
        StringBuilder doubling = new StringBuilder("a0: &a0 [x, x]\n");
        for (int i = 1; i < 25; i++) {
            doubling.append("a").append(i).append(": &a").append(i).append(" [*a").append(i - 1).append(", *a")
                    .append(i - 1).append("]\n");
        }
        assertThatThrownBy(() -> JsonInput.defaults().parseYaml(doubling.toString(), "doubling.yaml"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("doubling.yaml: YAML aliases expand to more nodes than the document has characters; "
                        + "refusing to expand them");
    }

    @Test
    void yaml_tags_never_instantiate_types() {
        String doc = "name: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL [\"http://127.0.0.1:9/x\"]]]]\n";
        try {
            JsonInput.defaults().parseYaml(doc, "tags.yaml");
        } catch (GuardInputException expected) {
            // rejecting the document is as good as reading it as plain data
        }
        ProfileCodec profiles = ProfileCodec.of(InputLimits.defaults(), name -> Optional.empty());
        assertThatThrownBy(() -> profiles.fromTree(JsonInput.defaults().parseYaml(doc, "tags.yaml"), "tags.yaml"))
                .isInstanceOf(GuardInputException.class);
    }

    @Test
    void every_limit_is_configurable_and_named_when_breached() {
        JsonInput tight = JsonInput.withLimits(InputLimits.defaults().withMaxDepth(8).withMaxStringLength(16)
                .withMaxDocumentLength(4096));
        assertThatThrownBy(() -> tight.parseJson("[[[[[[[[[[1]]]]]]]]]]", "deep.json"))
                .isInstanceOf(GuardInputException.class).hasMessageContaining("deep.json");
        assertThatThrownBy(() -> tight.parseJson("{\"a\": \"" + "x".repeat(40) + "\"}", "long.json"))
                .isInstanceOf(GuardInputException.class).hasMessageContaining("maxStringLength");
        assertThatThrownBy(() -> tight.parseJson("[" + "1,".repeat(3000) + "1]", "big.json"))
                .isInstanceOf(GuardInputException.class).hasMessageContaining("big.json");
        DispatchCodec fewEntries = DispatchCodec.withLimits(InputLimits.defaults().withMaxEntries(2));
        assertThatThrownBy(() -> fewEntries.read("{\"entries\": [{\"kind\": \"message\", \"id\": \"a\", \"role\": \"user\"},"
                + "{\"kind\": \"message\", \"id\": \"b\", \"role\": \"user\"}, {\"kind\": \"message\", \"id\": \"c\","
                + " \"role\": \"user\"}]}", "many.json"))
                .isInstanceOf(GuardInputException.class).hasMessageContaining("maxEntries");
    }
}
