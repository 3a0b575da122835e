package io.orderingguard.testing;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Deterministic sessions for tests: a fixed clock and call ids call_1, call_2, …. */
final class Sessions {

    private Sessions() {}

    static FlowSession.Builder builder(String name, Path dir) {
        AtomicInteger ids = new AtomicInteger();
        return FlowSession.builder(name)
                .traceDir(dir)
                .clock(TestClock.at("2026-01-02T03:04:05Z"))
                .callIds(() -> "call_" + ids.incrementAndGet());
    }

    /**
     * Turn 0: search → {"hits": 3}; turn 1: summarize → "ok" and search → error "timeout";
     * turn 2: text "Done.".
     */
    static FlowSession refund(Path dir) {
        FlowSession s = builder("refund", dir).open();
        s.logLlmCall(ToolRequest.of("search", Map.of("query", "Q3 revenue")));
        s.logToolResult("search", Map.of("hits", 3));
        s.logLlmCall(ToolRequest.of("summarize", Map.of("style", "short")),
                ToolRequest.of("search", Map.of("query", "Q4")));
        s.logToolResult("summarize", "ok");
        s.logToolError("search", "timeout");
        s.logLlmCall(LlmResponse.text("Done."));
        s.close();
        return s;
    }

    static Map<String, Object> ordered(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }
}
