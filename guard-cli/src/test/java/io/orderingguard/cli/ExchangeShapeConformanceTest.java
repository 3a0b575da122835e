package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.exchange.ExchangeLog;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.Finding;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shape an exchange log keeps re-checks as the request did: for every profile conformance case
 * (every shipped family, every rule's accepted and rejected conversations, preservation sequences
 * included), the findings of the logged shape, re-checked with the same family, are exactly the
 * findings of the original request — so {@code guard report} over a log judges as the guard did.
 */
class ExchangeShapeConformanceTest {

    private static final Path PROFILES = Path.of("..", "conformance", "profiles");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> every_case_re_checks_alike_from_its_shape() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> families = Files.list(PROFILES)) {
            for (Path family : families.filter(Files::isDirectory).sorted().toList()) {
                JsonNode expect = JSON.readTree(family.resolve("expect.json").toFile());
                expect.fields().forEachRemaining(e -> {
                    if (!e.getValue().has("pending")) {
                        Path file = family.resolve(e.getKey());
                        tests.add(DynamicTest.dynamicTest(family.getFileName() + "/" + e.getKey(),
                                () -> assertShapeReChecksAlike(family.getFileName().toString(), file)));
                    }
                });
            }
        }
        assertThat(tests).hasSizeGreaterThan(100);
        return tests.stream();
    }

    private void assertShapeReChecksAlike(String family, Path file) throws Exception {
        List<Dispatch> dispatches = file.toString().endsWith(".jsonl") ? DispatchCodec.defaults().readJsonl(file)
                : List.of(DispatchCodec.defaults().read(file));
        Path log = Files.createTempFile(dir, "exchanges", ".jsonl");
        List<List<String>> original = new ArrayList<>();
        try (ExchangeLog exchanges = ExchangeLog.builder(log).build()) {
            OrderingGuard guard = guard(family).listener(exchanges).build();
            for (Dispatch d : dispatches) {
                GuardResult result = guard.check(d);
                original.add(findings(result));
                guard.answered(result, ProviderAnswer.status(200));
            }
            exchanges.flush();
        }
        OrderingGuard recheck = guard(family).build();
        List<List<String>> fromShape = new ArrayList<>();
        int line = 0;
        for (String text : Files.readAllLines(log)) {
            JsonNode shape = JSON.readTree(text).get("dispatch");
            fromShape.add(findings(recheck.check(DispatchCodec.defaults().fromTree(shape, log.toString(), ++line))));
        }
        assertThat(fromShape).isEqualTo(original);
    }

    private static OrderingGuard.Builder guard(String family) {
        return OrderingGuard.builder().profile(Profiles.profile(family)).mode(Mode.SHADOW).stash(InMemoryStash.create());
    }

    private static List<String> findings(GuardResult result) {
        List<String> ids = new ArrayList<>();
        for (Finding f : result.findings()) {
            ids.add(f.ruleId() + ":" + f.severity().wireName() + ":" + f.facet());
        }
        return ids;
    }
}
