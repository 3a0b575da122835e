package io.orderingguard.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.internal.splice.Splice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * Reads the request bodies of one provider surface into a {@link Dispatch} and renders a repaired
 * dispatch back into a body of that surface. Obtain one with {@link WireFormat#codec()}.
 *
 * <p>Rendering edits a deep copy of the original body only where the repaired dispatch differs from
 * what {@link #read} made of it: a dispatch that a repair did not change renders the original body
 * back, equal as JSON (unknown fields, {@code cache_control}, images and key order kept).
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface WireCodec {

    /**
     * Returns the surface this codec reads.
     *
     * @return the surface
     */
    WireFormat format();

    /**
     * Reads a body, keeping the wire position of every entry. The positions are read from the body
     * when first asked for ({@link ParsedBody#deferred}): keep the body unchanged until then.
     *
     * @param body the request body
     * @param ctx overrides and the source for error messages
     * @return the dispatch and positions
     * @throws GuardInputException when the body is not an object of this surface's shape; the
     *     message names the JSON path and what was expected
     */
    ParsedBody read(JsonNode body, WireContext ctx);

    /**
     * Reads a body straight from its bytes, in one pass of the parser, when this codec can: each
     * message (item, content) is read on its own as it passes, and the dispatch, the unknown shapes and
     * a refusal are those {@link #read} gives for the same body; the positions are read (by a second
     * pass) when first asked for. A body the pass does not take — not UTF-8 JSON that starts as an
     * object, malformed JSON, tokens after the object — gives an empty result; the caller then parses a
     * tree and calls {@link #read}, which names the problem.
     *
     * <pre>{@code
     * ParsedBody parsed = codec.readBytes(body, ctx).orElseGet(() -> codec.read(tree, ctx));
     * }</pre>
     *
     * @param body the request body as UTF-8 JSON bytes (not modified; keep it unchanged while its
     *     positions may be read)
     * @param ctx overrides and the source for error messages
     * @return the dispatch and positions, or empty when the body takes the tree read (the default:
     *     a codec without a one-pass read)
     * @throws GuardInputException when the body is an object but not of this surface's shape (the
     *     message {@link #read} gives)
     */
    default Optional<ParsedBody> readBytes(byte[] body, WireContext ctx) {
        return Optional.empty();
    }

    /**
     * Reads a body into a dispatch.
     *
     * @param body the request body
     * @param ctx overrides and the source for error messages
     * @return the dispatch
     * @throws GuardInputException when the body is not of this surface's shape
     */
    default Dispatch parse(ObjectNode body, WireContext ctx) {
        return read(body, ctx).dispatch();
    }

    /**
     * Renders a (possibly repaired) dispatch into a body of this surface.
     *
     * @param repaired the dispatch, as {@link #parse} made it or as a repair changed it
     * @param originalBody the body the dispatch was read from (not modified)
     * @return a new body: equal to the original where the dispatch is unchanged
     * @throws GuardInputException when the original body is not of this surface's shape
     */
    ObjectNode render(Dispatch repaired, ObjectNode originalBody);

    /**
     * Renders a (possibly repaired) dispatch spliced into the bytes of the original body: every value
     * the repair left equal is copied as it was written (layout, key order, number spelling, escapes,
     * unknown fields), containers that line up keep their layout, and only what changed is written
     * anew. A dispatch the repair did not change gives back bytes equal to the original.
     *
     * @param repaired the dispatch, as {@link #parse} made it or as a repair changed it
     * @param originalBody the tree read from {@code originalBytes} (not modified), or {@code null}: the
     *     codec reads what it needs from the bytes (the codecs of this module parse again only the
     *     messages the repair changed; the default parses a tree)
     * @param originalBytes the body as written, UTF-8 JSON (not modified)
     * @return the bytes to send
     * @throws GuardInputException when the original body is not of this surface's shape
     */
    default byte[] renderBytes(Dispatch repaired, ObjectNode originalBody, byte[] originalBytes) {
        ObjectNode tree = originalBody;
        if (tree == null) {
            try {
                tree = (ObjectNode) WireGuard.mapper().readTree(originalBytes);
            } catch (IOException e) {
                throw new UncheckedIOException("a body that was read once no longer parses", e);
            }
        }
        return Splice.render(originalBytes, tree, render(repaired, tree), WireGuard.mapper());
    }
}
