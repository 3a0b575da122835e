package io.orderingguard.json.tree;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Everything YAML, kept apart so that guard-core runs without the optional YAML modules: the YAML
 * mapper under the input limits, and the reader of documents that use anchors and aliases —
 * SnakeYAML's safe constructor resolves them (plain maps, lists and scalars only; no tag instantiates
 * a type), and the conversion to a Jackson tree counts every node it creates, so an alias bomb that
 * would expand exponentially is rejected instead of filling the heap.
 */
final class YamlAliases {

    private YamlAliases() {}

    /** The YAML mapper: plain data, duplicate keys and recursive keys refused, aliases and size capped. */
    static ObjectMapper mapper(InputLimits limits, StreamReadConstraints constraints) {
        YAMLFactory factory = YAMLFactory.builder()
                .loaderOptions(options(limits))
                .streamReadConstraints(constraints)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        return YAMLMapper.builder(factory).build();
    }

    /** Jackson reads a YAML alias as the anchor's name; documents with aliases take the resolving path. */
    static boolean hasAliases(String body, InputLimits limits) {
        if (body.indexOf('*') < 0) {
            return false;
        }
        try {
            for (org.yaml.snakeyaml.events.Event e : new Yaml(options(limits)).parse(new java.io.StringReader(body))) {
                if (e instanceof org.yaml.snakeyaml.events.AliasEvent) {
                    return true;
                }
            }
            return false;
        } catch (RuntimeException malformed) {
            return false; // the regular path reports it with a line number
        }
    }

    static LoaderOptions options(InputLimits limits) {
        LoaderOptions loader = new LoaderOptions();
        loader.setAllowDuplicateKeys(false);
        loader.setMaxAliasesForCollections(limits.maxAliases());
        loader.setAllowRecursiveKeys(false);
        loader.setNestingDepthLimit(limits.maxDepth());
        loader.setCodePointLimit(Math.max(limits.maxDocumentLength(), 1));
        return loader;
    }

    static JsonNode load(String body, String source, int line, InputLimits limits) {
        Object data;
        try {
            data = new Yaml(new SafeConstructor(options(limits))).load(body);
        } catch (RuntimeException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            int nl = m.indexOf('\n');
            throw new GuardInputException(source, line, null, "malformed YAML: " + (nl < 0 ? m : m.substring(0, nl)));
        }
        if (data == null) {
            throw new GuardInputException(source, line, null, "expected a YAML document, but the input is empty");
        }
        // the expanded tree may hold at most as many nodes as the document has characters
        int[] budget = {Math.max(1_000, body.length())};
        return convert(data, source, line, budget, 0, limits.maxDepth());
    }

    private static JsonNode convert(Object value, String source, int line, int[] budget, int depth, int maxDepth) {
        if (--budget[0] < 0) {
            throw new GuardInputException(source, line, null,
                    "YAML aliases expand to more nodes than the document has characters; refusing to expand them");
        }
        if (depth > maxDepth) {
            throw new GuardInputException(source, line, null,
                    "input exceeds a limit: arrays and objects nest deeper than the limit of " + maxDepth + " levels (maxDepth)");
        }
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (value == null) {
            return f.nullNode();
        }
        if (value instanceof Map<?, ?> map) {
            ObjectNode o = f.objectNode();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                o.set(String.valueOf(e.getKey()), convert(e.getValue(), source, line, budget, depth + 1, maxDepth));
            }
            return o;
        }
        if (value instanceof List<?> list) {
            ArrayNode a = f.arrayNode();
            for (Object item : list) {
                a.add(convert(item, source, line, budget, depth + 1, maxDepth));
            }
            return a;
        }
        if (value instanceof String s) {
            return f.textNode(s);
        }
        if (value instanceof Boolean b) {
            return f.booleanNode(b);
        }
        if (value instanceof Integer i) {
            return f.numberNode(i);
        }
        if (value instanceof Long l) {
            return f.numberNode(l);
        }
        if (value instanceof BigInteger b) {
            return f.numberNode(b);
        }
        if (value instanceof Double d) {
            return f.numberNode(d);
        }
        // timestamps, binary and sets: keep their text form rather than guess a JSON type
        return f.textNode(String.valueOf(value));
    }
}
