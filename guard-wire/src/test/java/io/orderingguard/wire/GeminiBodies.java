package io.orderingguard.wire;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded generator of Gemini {@code generateContent} bodies for the round-trip and fuzz tests: every
 * shape the codec maps (thought parts, thought signatures on calls and on text, the documented dummy
 * signature, calls with and without ids, parallel and sequential steps, function responses paired by
 * id or by name, orphan responses, unanswered calls, inline and file data, options), in the JSON
 * spelling or, for a third of the seeds, the proto spelling ({@code function_call}).
 */
public final class GeminiBodies {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private GeminiBodies() {}

    /**
     * Generates a body.
     *
     * @param seed the seed
     * @return the body
     */
    public static ObjectNode gemini(long seed) {
        Random random = new Random(seed);
        boolean proto = random.nextInt(3) == 0;
        boolean ids = random.nextBoolean();
        ObjectNode body = NODES.objectNode();
        if (random.nextInt(3) == 0) {
            ObjectNode system = body.putObject(proto ? "system_instruction" : "systemInstruction");
            ArrayNode parts = system.putArray("parts");
            parts.addObject().put("text", "You are terse. " + seed);
            if (random.nextBoolean()) {
                parts.addObject().put("text", "Answer in French.");
            }
        }
        ArrayNode contents = body.putArray("contents");
        int turns = 1 + random.nextInt(7);
        List<String[]> open = new ArrayList<>();
        int counter = 0;
        for (int t = 0; t < turns; t++) {
            ObjectNode user = contents.addObject();
            if (t > 0 || random.nextInt(4) != 0) {
                user.put("role", "user");
            }
            ArrayNode parts = user.putArray("parts");
            for (String[] call : open) {
                if (random.nextInt(8) == 0) {
                    continue; // unanswered call
                }
                ObjectNode response = parts.addObject().putObject(proto ? "function_response" : "functionResponse");
                if (call[0] != null) {
                    response.put("id", call[0]);
                }
                response.put("name", call[1]);
                switch (random.nextInt(4)) {
                    case 0 -> response.putObject("response").put("output", "result of " + call[1]);
                    case 1 -> response.putObject("response").putObject("result").put("temp", 18 + t);
                    case 2 -> response.putObject("response").put("error", "timeout");
                    default -> response.putObject("response");
                }
            }
            if (random.nextInt(10) == 0) {
                ObjectNode orphan = parts.addObject().putObject(proto ? "function_response" : "functionResponse");
                if (ids) {
                    orphan.put("id", "orphan-" + seed + "-" + t);
                }
                orphan.put("name", "lookup_stale");
                orphan.putObject("response").put("output", "late");
            }
            if (random.nextInt(5) == 0) {
                parts.addObject().putObject(proto ? "inline_data" : "inlineData").put(proto ? "mime_type" : "mimeType",
                        "image/png").put("data", "iVBORw0KGgo");
            }
            if (random.nextInt(8) == 0) {
                parts.addObject().putObject(proto ? "file_data" : "fileData").put(proto ? "mime_type" : "mimeType",
                        "application/pdf").put(proto ? "file_uri" : "fileUri", "gs://bucket/doc-" + t + ".pdf");
            }
            if (parts.isEmpty() || open.isEmpty() || random.nextInt(3) == 0) {
                parts.addObject().put("text", "Question " + t + " of seed " + seed);
            }
            open.clear();
            if (t == turns - 1 && random.nextBoolean()) {
                break;
            }
            int steps = 1 + random.nextInt(3);
            for (int s = 0; s < steps; s++) {
                if (s > 0) {
                    ObjectNode responses = contents.addObject().put("role", "user");
                    ArrayNode answer = responses.putArray("parts");
                    for (String[] call : open) {
                        ObjectNode response = answer.addObject().putObject(proto ? "function_response" : "functionResponse");
                        if (call[0] != null) {
                            response.put("id", call[0]);
                        }
                        response.put("name", call[1]).putObject("response").put("output", "ok " + call[1]);
                    }
                    open.clear();
                }
                ObjectNode model = contents.addObject().put("role", "model");
                ArrayNode modelParts = model.putArray("parts");
                if (random.nextInt(3) == 0) {
                    ObjectNode thought = modelParts.addObject().put("text", "Thinking about " + t).put("thought", true);
                    if (random.nextInt(4) == 0) {
                        thought.put(proto ? "thought_signature" : "thoughtSignature", "CiQBsig" + seed + t + s);
                    }
                }
                int calls = s == steps - 1 ? random.nextInt(3) : 1 + random.nextInt(3);
                if (calls == 0 || random.nextInt(3) == 0) {
                    modelParts.addObject().put("text", "Answer " + t + "." + s);
                }
                for (int c = 0; c < calls; c++) {
                    ObjectNode part = modelParts.addObject();
                    ObjectNode call = part.putObject(proto ? "function_call" : "functionCall");
                    String id = ids ? "fc-" + seed + "-" + counter++ : null;
                    if (id != null) {
                        call.put("id", id);
                    }
                    String name = random.nextBoolean() ? "get_weather" : "search";
                    call.put("name", name);
                    if (random.nextInt(5) != 0) {
                        call.putObject("args").put("city", "Paris " + c);
                    }
                    if (c == 0 && random.nextInt(5) != 0) {
                        part.put(proto ? "thought_signature" : "thoughtSignature", random.nextInt(6) == 0
                                ? "skip_thought_signature_validator" : "EoQBsig" + seed + "x" + t + s);
                    }
                    open.add(new String[] {id, name});
                }
                if (calls == 0 && random.nextBoolean()) {
                    ((ObjectNode) modelParts.get(modelParts.size() - 1)).put(proto ? "thought_signature"
                            : "thoughtSignature", "EoQBtext" + seed + t);
                }
                if (calls == 0) {
                    break;
                }
            }
        }
        if (random.nextBoolean()) {
            ArrayNode tools = body.putArray("tools");
            ArrayNode declarations = tools.addObject().putArray(proto ? "function_declarations" : "functionDeclarations");
            ObjectNode weather = declarations.addObject().put("name", "get_weather").put("description", "Weather");
            weather.putObject("parameters").put("type", "OBJECT").putObject("properties").putObject("city")
                    .put("type", "STRING");
            declarations.addObject().put("name", "search").putObject("parametersJsonSchema").put("type", "object");
            if (random.nextBoolean()) {
                tools.addObject().putObject(proto ? "google_search" : "googleSearch");
            }
        }
        if (random.nextBoolean()) {
            ObjectNode calling = body.putObject(proto ? "tool_config" : "toolConfig")
                    .putObject(proto ? "function_calling_config" : "functionCallingConfig");
            switch (random.nextInt(4)) {
                case 0 -> calling.put("mode", "AUTO");
                case 1 -> calling.put("mode", "ANY").putArray(proto ? "allowed_function_names" : "allowedFunctionNames")
                        .add("search");
                case 2 -> calling.put("mode", "NONE");
                default -> calling.put("mode", "VALIDATED");
            }
        }
        if (random.nextBoolean()) {
            ObjectNode generation = body.putObject(proto ? "generation_config" : "generationConfig");
            generation.put("temperature", 0.7);
            if (random.nextBoolean()) {
                generation.put(proto ? "max_output_tokens" : "maxOutputTokens", 1 + random.nextInt(65_536));
            }
            ObjectNode thinking = random.nextInt(4) == 0 ? null
                    : generation.putObject(proto ? "thinking_config" : "thinkingConfig");
            if (thinking != null) {
                switch (random.nextInt(5)) {
                    case 0 -> thinking.put(proto ? "thinking_budget" : "thinkingBudget", 0);
                    case 1 -> thinking.put(proto ? "thinking_budget" : "thinkingBudget", -1);
                    case 2 -> thinking.put(proto ? "thinking_budget" : "thinkingBudget", 1 + random.nextInt(24_576));
                    case 3 -> thinking.put(proto ? "thinking_level" : "thinkingLevel", random.nextBoolean() ? "low" : "HIGH");
                    default -> { /* includeThoughts only */ }
                }
                if (random.nextBoolean()) {
                    thinking.put(proto ? "include_thoughts" : "includeThoughts", true);
                }
            }
        }
        if (random.nextInt(4) == 0) {
            body.putArray(proto ? "safety_settings" : "safetySettings").addObject()
                    .put("category", "HARM_CATEGORY_HARASSMENT").put("threshold", "BLOCK_NONE");
        }
        return body;
    }
}
