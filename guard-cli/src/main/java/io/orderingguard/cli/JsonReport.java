package io.orderingguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.GuardResult;
import io.orderingguard.json.ResultCodec;
import io.orderingguard.rule.Finding;
import java.util.List;
import java.util.Map;

/**
 * The JSON output of {@code guard check --format json}: one envelope for any number of files,
 *
 * <pre>{@code
 * {"mode": "enforce|mutate|shadow",
 *  "summary": {"dispatches", "sent", "rejected", "badInputs"},
 *  "results": [{"file", "line", "wire", "conversationId", "outcome", "sent", "profile", "selection",
 *               "blocking", "advisories", "repairs", "unrepaired", "repairFailures", "timeline", "output"},
 *              {"file", "line", "error"}]}
 * }</pre>
 *
 * <p>Results come in input order: one per request checked, and one per bad input ({@code error}: the
 * message printed on stderr). {@code line} is the 1-based line of a JSONL file (absent for a whole
 * file); {@code wire} the surface of a provider body ({@code --wire}; absent for a dispatch document);
 * {@code sent} whether the request goes out (a rejected request does not, except in shadow mode);
 * {@code output} where mutate's {@code --output} wrote it. A finding of a provider body carries
 * {@code wirePositions}: entry id → position in the body ({@code messages[3].content[1]}). The other
 * fields are guard-core's result object ({@code ResultCodec}, described in docs/dispatch-format.md).
 * {@code summary.rejected} counts the requests not sent. {@code DocumentedJsonShapesTest} keeps the
 * shapes the documents give equal to these.
 *
 * <p>Not thread-safe; one instance per run.
 */
final class JsonReport {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ResultCodec results;
    private final ArrayNode entries = NODES.arrayNode();

    JsonReport(ResultCodec results) {
        this.results = results;
    }

    /**
     * Adds the result of one request.
     *
     * @param input the request as read
     * @param result the verdict (conversation id as in the input)
     * @param output where the request was written, or {@code null}
     */
    void result(CheckInput input, GuardResult result, String output) {
        ObjectNode o = located(input.file().toString(), input.line());
        if (input.wire() != null) {
            o.put("wire", input.wire().codec().format().wireName());
        }
        ObjectNode written = results.write(result, input.dispatch().conversationId());
        for (Map.Entry<String, JsonNode> field : written.properties()) {
            o.set(field.getKey(), field.getValue());
            if (field.getKey().equals("outcome")) {
                o.put("sent", result.sent());
            }
        }
        if (input.wire() != null) {
            List<List<Finding>> lists = List.of(result.blocking(), result.advisories(), result.unrepaired());
            String[] names = {"blocking", "advisories", "unrepaired"};
            for (int l = 0; l < names.length; l++) {
                JsonNode findings = o.path(names[l]);
                for (int i = 0; i < findings.size() && i < lists.get(l).size(); i++) {
                    positions((ObjectNode) findings.get(i), lists.get(l).get(i), input.wire());
                }
            }
        }
        if (output != null) {
            o.put("output", output);
        }
    }

    /**
     * Adds a bad input.
     *
     * @param file the file as given
     * @param problem the problem
     */
    void bad(String file, GuardInputException problem) {
        ObjectNode o = located(file, problem.line());
        o.put("error", problem.getMessage());
    }

    /**
     * Returns the envelope.
     *
     * @param mode the mode's name
     * @param dispatches the requests checked
     * @param sent the requests sent
     * @param badInputs the bad inputs
     * @return the document
     */
    ObjectNode envelope(String mode, int dispatches, int sent, int badInputs) {
        ObjectNode doc = NODES.objectNode();
        doc.put("mode", mode);
        ObjectNode summary = doc.putObject("summary");
        summary.put("dispatches", dispatches);
        summary.put("sent", sent);
        summary.put("rejected", dispatches - sent);
        summary.put("badInputs", badInputs);
        doc.set("results", entries);
        return doc;
    }

    private ObjectNode located(String file, int line) {
        ObjectNode o = entries.addObject();
        o.put("file", file);
        if (line > 0) {
            o.put("line", line);
        }
        return o;
    }

    private static void positions(ObjectNode finding, Finding source, CheckInput.Wire wire) {
        ObjectNode positions = NODES.objectNode();
        for (JsonNode id : finding.path("primitiveIds")) {
            String at = wire.position(source, id.asText());
            if (at != null) {
                positions.put(id.asText(), at);
            }
        }
        finding.set("wirePositions", positions);
    }
}
