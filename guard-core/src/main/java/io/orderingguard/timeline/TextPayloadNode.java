package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * An entry payload of one text field, as {@link Payloads#of} makes it for adapters: a signature, an
 * encrypted reasoning blob. Read-only (setting or removing a field throws
 * {@link UnsupportedOperationException}), so entries keep it instead of copying it, like a
 * {@link PayloadNode}; unlike one, it remembers no fingerprint: the fingerprint of one text is cheap to
 * compute again (a long text's is taken from its cached {@link String#hashCode()}), and an adapter
 * makes one such payload per signed message of every request, where the remembered fingerprints would
 * double the node's size.
 *
 * <p>Immutable and thread-safe.
 */
final class TextPayloadNode extends ObjectNode {

    private static final long serialVersionUID = 1L;

    private TextPayloadNode(String name, String value) {
        super(JsonNodeFactory.instance, Map.of(name, JsonNodeFactory.instance.textNode(value)));
    }

    /**
     * Returns the payload {@code {name: value}}.
     *
     * @param name the field name
     * @param value the text
     * @return the node
     */
    static TextPayloadNode of(String name, String value) {
        return new TextPayloadNode(name, value);
    }
}
