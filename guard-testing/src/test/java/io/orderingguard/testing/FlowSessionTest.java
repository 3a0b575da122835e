package io.orderingguard.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlowSessionTest {

    @TempDir
    Path tmp;

    @Test
    void should_return_given_and_generated_call_ids_in_order() {
        try (FlowSession s = Sessions.builder("ids", tmp).open()) {
            List<String> ids = s.logLlmCall(ToolRequest.of("a", Map.of(), "given"), ToolRequest.of("b"));

            assertThat(ids).containsExactly("given", "call_1");
            assertThat(s.trace().turns()).hasSize(1);
        }
    }

    @Test
    void should_make_every_llm_call_a_turn() {
        try (FlowSession s = Sessions.builder("turns", tmp).open()) {
            s.logLlmCall();
            s.logLlmCall(LlmResponse.text("hello"));
            s.logLlmCall(ToolRequest.of("a"));

            assertThat(s.trace().turns()).extracting(Turn::index).containsExactly(0, 1, 2);
            assertThat(s.trace().toolNames()).containsExactly("a");
        }
    }

    @Test
    void should_link_a_result_to_the_one_pending_call_of_its_tool() {
        try (FlowSession s = Sessions.builder("link", tmp).open()) {
            s.logLlmCall(ToolRequest.of("search", Map.of("q", "a")), ToolRequest.of("fetch"));
            s.logToolResult("search", "hits");

            assertThat(s.trace().turns().get(0).toolResults()).extracting(RecordedResult::callId).containsExactly("call_1");
        }
    }

    @Test
    void should_refuse_a_result_that_could_answer_several_pending_calls() {
        try (FlowSession s = Sessions.builder("ambiguous", tmp).open()) {
            List<String> ids = s.logLlmCall(ToolRequest.of("search", Map.of("q", "a")),
                    ToolRequest.of("search", Map.of("q", "b")));

            assertThatThrownBy(() -> s.logToolResult("search", "hits"))
                    .isInstanceOf(AmbiguousToolCallException.class)
                    .hasMessage("Multiple pending calls for 'search'. Provide callId to disambiguate.");

            s.logToolResult("search", ids.get(1), "b hits", null);
            s.logToolResult("search", "a hits");
            assertThat(s.trace().turns().get(0).toolResults()).extracting(RecordedResult::callId)
                    .containsExactly(ids.get(1), ids.get(0));
        }
    }

    @Test
    void should_give_an_unmatched_result_a_fresh_id() {
        try (FlowSession s = Sessions.builder("fresh", tmp).open()) {
            s.logLlmCall(ToolRequest.of("a"));
            s.logToolResult("b", "no such call");

            assertThat(s.trace().turns().get(0).toolResults().get(0).callId()).isEqualTo("call_2");
        }
    }

    @Test
    void should_refuse_a_result_before_any_llm_call() {
        try (FlowSession s = Sessions.builder("early", tmp).open()) {
            assertThatThrownBy(() -> s.logToolResult("search", "hits"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("Cannot log a result of 'search' before any LLM call: log the LLM call that requested it first.");
        }
    }

    @Test
    void should_refuse_logging_to_a_closed_session() {
        FlowSession s = Sessions.builder("closed", tmp).open();
        s.logLlmCall(ToolRequest.of("a"));
        s.close();

        assertThatThrownBy(() -> s.logLlmCall(ToolRequest.of("b")))
                .isInstanceOf(SessionClosedException.class)
                .hasMessage("Cannot log to a finalized session.");
        assertThatThrownBy(() -> s.logToolResult("a", "late"))
                .isInstanceOf(SessionClosedException.class)
                .hasMessage("Cannot log to a finalized session.");
    }

    @Test
    void should_close_once() throws Exception {
        FlowSession s = Sessions.builder("twice", tmp).open();
        s.close();
        Path first = s.traceFile().orElseThrow();
        s.close();

        assertThat(s.traceFile()).contains(first);
        try (var files = Files.list(tmp.resolve("traces"))) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    void should_not_overwrite_a_trace_of_the_same_name_and_second() {
        Sessions.builder("same", tmp).open().close();
        FlowSession second = Sessions.builder("same", tmp).open();
        second.close();
        FlowSession third = Sessions.builder("same", tmp).open();
        third.close();

        assertThat(second.traceFile().orElseThrow().getFileName()).hasToString("same_20260102_030405_1.trace.json");
        assertThat(third.traceFile().orElseThrow().getFileName()).hasToString("same_20260102_030405_2.trace.json");
    }

    @Test
    void should_keep_file_names_inside_the_trace_directory() {
        FlowSession s = Sessions.builder("../../etc/passwd", tmp).open();
        s.close();

        assertThat(s.traceFile().orElseThrow()).hasParent(tmp.resolve("traces"));
        assertThat(s.traceFile().orElseThrow().getFileName()).hasToString("etc_passwd_20260102_030405.trace.json");
        assertThat(TraceNames.sanitize("my trace")).isEqualTo("my_trace");
        assertThat(TraceNames.sanitize("..hidden..")).isEqualTo("hidden");
        assertThat(TraceNames.sanitize("überprüfung")).isEqualTo("überprüfung");
    }

    @Test
    void should_reject_a_name_without_usable_characters() {
        assertThatThrownBy(() -> FlowSession.open("///", tmp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Trace name sanitizes to empty string: '///'");
    }

    @Test
    void should_redact_recorded_data_in_the_file_only() throws Exception {
        FlowSession s = Sessions.builder("secret", tmp)
                .redactFields("api_key", "name")
                .metadata(Map.of("api_key", "m-1"))
                .open();
        s.logLlmCall(ToolRequest.of("call_api", Map.of("api_key", "k-1", "path", "/x")));
        s.logToolResult("call_api", Map.of("body", Map.of("api_key", "k-2")));
        s.close();

        String file = Files.readString(s.traceFile().orElseThrow());
        assertThat(file).doesNotContain("k-1", "k-2", "m-1")
                .contains("\"api_key\": \"[REDACTED]\"", "\"name\": \"call_api\"", "\"name\": \"secret\"");
        assertThat(s.trace().calls().get(0).argument("api_key").textValue()).isEqualTo("k-1");
    }

    @Test
    void should_bind_the_open_session_to_its_thread() {
        assertThat(FlowSession.current()).isEmpty();
        try (FlowSession outer = Sessions.builder("outer", tmp).open()) {
            assertThat(FlowSession.current()).containsSame(outer);
            try (FlowSession inner = Sessions.builder("inner", tmp).open()) {
                assertThat(FlowSession.current()).containsSame(inner);
            }
            assertThat(FlowSession.current()).containsSame(outer);
        }
        assertThat(FlowSession.current()).isEmpty();
    }

    @Test
    void should_record_results_logged_from_several_threads() throws Exception {
        try (FlowSession s = Sessions.builder("parallel", tmp).open()) {
            List<ToolRequest> requests = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                requests.add(ToolRequest.of("work", Map.of("n", i), "id-" + i));
            }
            s.logLlmCall(LlmResponse.of(requests));
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int i = 0; i < 16; i++) {
                    String id = "id-" + i;
                    futures.add(pool.submit(() -> s.logToolResult("work", id, "done", null)));
                }
                for (Future<?> f : futures) {
                    f.get(10, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdown();
            }

            FlowAssert.assertThat(s).calledTimes("work", 16).toolSucceeded("work");
        }
    }

    @Test
    void should_write_the_golden_baseline_when_recording() {
        FlowSession s = Sessions.builder("golden run", tmp).recordBaseline(true).open();
        s.logLlmCall(ToolRequest.of("a"));
        s.close();

        assertThat(s.traceFile()).contains(tmp.resolve("golden").resolve("golden_run.trace.json"));
        assertThat(Trace.read(s.traceFile().orElseThrow()).toolNames()).containsExactly("a");
        assertThat(tmp.resolve("traces")).doesNotExist();
    }

    @Test
    void should_write_nothing_in_memory() {
        FlowSession s = Sessions.builder("memory", tmp).inMemory().open();
        s.logLlmCall(ToolRequest.of("a"));
        s.close();

        assertThat(s.traceFile()).isEmpty();
        assertThat(tmp.resolve("traces")).doesNotExist();
        FlowAssert.assertThat(s).called("a");
    }

    @Test
    void should_link_a_handoff_to_its_parent() {
        FlowSession s = Sessions.builder("child", tmp).handoffFrom("parent-1", Map.of("ticket", 42)).open();
        s.close();

        Trace read = Trace.read(s.traceFile().orElseThrow());
        assertThat(read.parentTraceId()).isEqualTo("parent-1");
        assertThat(read.handoffContext().path("ticket").intValue()).isEqualTo(42);
    }

    @Test
    void should_record_values_jackson_cannot_serialise_as_text() {
        Object opaque = new Object() {
            @Override
            public String toString() {
                return "opaque-value";
            }
        };
        try (FlowSession s = Sessions.builder("opaque", tmp).open()) {
            s.logLlmCall(ToolRequest.of("a"));
            s.logToolResult("a", opaque);

            assertThat(s.trace().turns().get(0).toolResults().get(0).result().textValue()).isEqualTo("opaque-value");
        }
    }
}
