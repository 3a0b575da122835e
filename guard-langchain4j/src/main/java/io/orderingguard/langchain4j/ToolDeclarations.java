package io.orderingguard.langchain4j;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import io.orderingguard.support.BoundedCache;
import io.orderingguard.timeline.DeclaredTool;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns LangChain4j {@link ToolSpecification}s into the {@link DeclaredTool}s of a timeline: the
 * tool's name and its parameters as a JSON Schema object.
 *
 * <p>The schema is written by LangChain4j's own {@code JsonSchemaElementUtils.toMap} (in its
 * {@code internal} package): LangChain4j 1.19.0 has no public API that renders a
 * {@code JsonObjectSchema} as JSON, and this is the conversion its provider modules use, so the
 * declared schema is the one the provider receives.
 */
final class ToolDeclarations {

    /**
     * Declared tools by the specification they were made from (equal specifications, equal tools): an
     * application declares the same tools on every request, and rendering a schema costs several
     * kilobytes each time. {@link DeclaredTool} is immutable, so requests share one.
     */
    private static final BoundedCache<ToolSpecification, DeclaredTool> DECLARED = BoundedCache.withCapacity(1024);

    /**
     * The specifications of the latest request and their tools. An application passes the very same
     * specification objects on every request, and looking them up above hashes each one's whole schema
     * (LangChain4j keeps no hash): a check of the objects' identity is enough. A race only replaces it.
     */
    private static volatile Latest latest;

    private record Latest(ToolSpecification[] specifications, List<DeclaredTool> tools) {
    }

    private ToolDeclarations() {
    }

    /**
     * Returns the declared tools of a request's effective tool specifications, in order; a
     * specification without a name is skipped (LangChain4j refuses it itself).
     */
    static List<DeclaredTool> of(List<ToolSpecification> specifications) {
        if (specifications == null || specifications.isEmpty()) {
            return List.of();
        }
        Latest previous = latest;
        if (previous != null && sameObjects(previous.specifications(), specifications)) {
            return previous.tools();
        }
        List<DeclaredTool> tools = new ArrayList<>(specifications.size());
        for (ToolSpecification spec : specifications) {
            if (spec == null || spec.name() == null || spec.name().isBlank()) {
                continue; // LangChain4j refuses such a specification itself; nothing to check here
            }
            tools.add(DECLARED.get(spec, ToolDeclarations::declared));
        }
        List<DeclaredTool> declared = List.copyOf(tools);
        latest = new Latest(specifications.toArray(new ToolSpecification[0]), declared);
        return declared;
    }

    private static boolean sameObjects(ToolSpecification[] known, List<ToolSpecification> specifications) {
        if (known.length != specifications.size()) {
            return false;
        }
        for (int i = 0; i < known.length; i++) {
            if (known[i] != specifications.get(i)) {
                return false;
            }
        }
        return true;
    }

    private static DeclaredTool declared(ToolSpecification spec) {
        ObjectNode schema = spec.parameters() == null ? null
                : ChatRequestCodec.JSON.valueToTree(JsonSchemaElementUtils.toMap(spec.parameters()));
        return new DeclaredTool(spec.name(), schema);
    }
}
