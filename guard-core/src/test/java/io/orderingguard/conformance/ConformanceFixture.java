package io.orderingguard.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.json.ProfileCodec;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.rule.AlternationRepair;
import io.orderingguard.rule.Composition;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.RepairFailure;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.AssertionFailedError;

/**
 * Runs language-agnostic conformance fixtures (JSON files under {@code conformance/}): a rule or
 * profile, guard options, optional previous dispatches, a dispatch, and the expected outcome,
 * findings, repairs and repaired timeline. Shared with other modules through guard-core's test jar.
 *
 * <pre>{@code
 * {"description": "...", "rule": {...} | "profile": {...},
 *  "options": {"mode": "mutate", "allowMetadataFallbackRepair": true, "disableAdvisoryRuleIds": [],
 *              "alternationRepair": "merge", "composition": "each"},
 *  "previous": [dispatch, ...], "dispatch": {...},
 *  "expect": {"outcome": "repaired",
 *             "blocking": [{"ruleId", "primitiveIds", "facet", "detail", "severity"}], "advisories": [...],
 *             "unrepaired": [...], "repairs": [{"strategy", "ruleId", "primitiveIds", "targetId", "blockerId",
 *                                              "detail", "removed": [ids], "inserted": [ids]}],
 *             "repairFailures": [{"strategy", "ruleId", "primitiveIds", "message"}],
 *             "timeline": [entries of the dispatch sent]}}
 * }</pre>
 * Fields of an expected object that are omitted are not compared; an expected {@code null} means the
 * field is absent or null (e.g. a payload removed from an entry of the timeline).
 */
public final class ConformanceFixture {

    private static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ConformanceFixture() {}

    /**
     * Creates one dynamic test per {@code .json} file under a folder (recursively), named by its path.
     *
     * @param root the folder
     * @return the tests
     */
    public static Stream<DynamicTest> testsUnder(Path root) {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new IllegalStateException("cannot list fixtures under " + root, e);
        }
        if (files.isEmpty()) {
            throw new IllegalStateException("no fixtures under " + root.toAbsolutePath());
        }
        return files.stream().map(f -> DynamicTest.dynamicTest(root.relativize(f).toString(), f.toUri(), () -> run(f)));
    }

    /**
     * Runs one fixture file.
     *
     * @param file the fixture
     */
    public static void run(Path file) {
        JsonNode doc = JsonInput.defaults().parseFile(file);
        InputNode root = InputNode.root(doc, file.toString(), 0);
        root.allowOnly("description", "rule", "profile", "options", "previous", "dispatch", "expect");
        OrderingProfile profile = root.has("rule")
                ? OrderingProfile.of("fixture", RuleCodec.fromTree(root.child("rule").raw(), file.toString()))
                : ProfileCodec.defaults().fromTree(root.required("profile").raw(), file.toString());
        InMemoryStash stash = InMemoryStash.create();
        OrderingGuard guard = options(root.child("options"), OrderingGuard.builder().profile(profile).stash(stash)).build();
        DispatchCodec codec = DispatchCodec.defaults();
        for (InputNode prev : root.optArray("previous")) {
            // a previous dispatch is one that was sent: record it whatever it holds
            options(root.child("options"), OrderingGuard.builder().profile(profile).stash(stash)).shadow(true).build()
                    .check(codec.fromTree(prev.raw(), file.toString(), 0));
        }
        Dispatch dispatch = codec.fromTree(root.required("dispatch").raw(), file.toString(), 0);
        GuardResult result = guard.check(dispatch);
        ObjectNode actual = actual(result, codec);
        JsonNode expect = root.required("expect").raw();
        List<String> mismatches = new ArrayList<>();
        compare("", expect, actual, mismatches);
        if (!mismatches.isEmpty()) {
            throw new AssertionFailedError(file + ": " + root.optText("description") + "\n  "
                    + String.join("\n  ", mismatches) + "\nexpected: " + pretty(expect) + "\nactual: " + pretty(actual),
                    pretty(expect), pretty(actual));
        }
    }

    private static OrderingGuard.Builder options(InputNode o, OrderingGuard.Builder b) {
        if (o.raw().isMissingNode()) {
            return b;
        }
        o.allowOnly("mode", "allowMetadataFallbackRepair", "disableAdvisoryRuleIds", "alternationRepair", "composition",
                "fillerText");
        if ("mutate".equals(o.optText("mode"))) {
            b.mode(Mode.MUTATE);
        }
        b.allowMetadataFallbackRepair(o.optBoolean("allowMetadataFallbackRepair", false));
        List<String> disabled = o.optTextList("disableAdvisoryRuleIds");
        if (disabled != null) {
            b.disableAdvisoryRuleIds(disabled.toArray(String[]::new));
        }
        if (o.has("alternationRepair")) {
            b.alternationRepair(AlternationRepair.fromWire(o.optText("alternationRepair")));
        }
        if (o.has("composition")) {
            b.composition(Composition.fromWire(o.optText("composition")));
        }
        if (o.has("fillerText")) {
            b.fillerText(o.optText("fillerText"));
        }
        return b;
    }

    private static ObjectNode actual(GuardResult result, DispatchCodec codec) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("outcome", result.outcome().wireName());
        o.set("blocking", findings(result.blocking()));
        o.set("advisories", findings(result.advisories()));
        o.set("unrepaired", findings(result.unrepaired()));
        ArrayNode repairs = o.putArray("repairs");
        for (Repair r : result.repairs()) {
            ObjectNode ro = repairs.addObject();
            ro.put("strategy", r.strategy().wireName());
            ro.put("ruleId", r.ruleId());
            ArrayNode ids = ro.putArray("primitiveIds");
            r.primitiveIds().forEach(ids::add);
            ro.put("targetId", r.targetId());
            ro.put("blockerId", r.blockerId());
            ro.put("detail", r.detail());
            ArrayNode removed = ro.putArray("removed");
            for (Entry e : r.removed()) {
                removed.add(e.id());
            }
            ArrayNode inserted = ro.putArray("inserted");
            for (Entry e : r.inserted()) {
                inserted.add(e.id());
            }
        }
        ArrayNode failures = o.putArray("repairFailures");
        for (RepairFailure f : result.repairFailures()) {
            ObjectNode fo = failures.addObject();
            fo.put("strategy", f.strategy().wireName());
            fo.put("ruleId", f.ruleId());
            ArrayNode ids = fo.putArray("primitiveIds");
            f.primitiveIds().forEach(ids::add);
            fo.put("message", f.message());
        }
        o.set("timeline", codec.toTree(result.dispatch()).get("entries"));
        return o;
    }

    private static ArrayNode findings(List<Finding> findings) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (Finding f : findings) {
            ObjectNode fo = a.addObject();
            fo.put("ruleId", f.ruleId());
            fo.put("ruleType", f.ruleType());
            fo.put("severity", f.severity().wireName());
            ArrayNode ids = fo.putArray("primitiveIds");
            f.primitiveIds().forEach(ids::add);
            fo.put("facet", f.facet().wireName());
            fo.put("detail", f.detail());
            fo.put("providerError", f.providerError());
        }
        return a;
    }

    /** Expected objects compare only the fields they name; arrays compare element by element and by size. */
    private static void compare(String path, JsonNode expected, JsonNode actual, List<String> mismatches) {
        if (expected.isNull()) {
            if (actual != null && !actual.isNull()) {
                mismatches.add(path + ": expected absent or null, but was " + actual);
            }
        } else if (expected.isObject()) {
            if (actual == null || !actual.isObject()) {
                mismatches.add(path + ": expected an object, but was " + actual);
                return;
            }
            expected.fields().forEachRemaining(f -> compare(path + "/" + f.getKey(), f.getValue(), actual.get(f.getKey()),
                    mismatches));
        } else if (expected.isArray()) {
            if (actual == null || !actual.isArray() || actual.size() != expected.size()) {
                mismatches.add(path + ": expected " + expected.size() + " element(s), but was "
                        + (actual == null ? "absent" : actual.size() + ": " + actual));
                return;
            }
            for (int i = 0; i < expected.size(); i++) {
                compare(path + "/" + i, expected.get(i), actual.get(i), mismatches);
            }
        } else if (!expected.equals(actual)) {
            mismatches.add(path + ": expected " + expected + ", but was " + actual);
        }
    }

    private static String pretty(JsonNode node) {
        try {
            return PRETTY.writeValueAsString(node);
        } catch (IOException e) {
            return String.valueOf(node);
        }
    }
}
