package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireContext;
import java.util.List;

/**
 * How every codec renders: an unchanged timeline gives back a copy of the original body untouched;
 * any change lays the messages out again from the entries, reusing the original JSON of each kept entry.
 * The codecs differ only in how they read a body and lay entries out, which {@link Layout} names.
 */
final class Rendering {

    /** Reads a body into a parse ({@link WireParse#forCheck()} or {@link WireParse#forRender()}), as a codec does. */
    @FunctionalInterface
    interface Reader {
        WireParse read(JsonNode body, WireContext ctx, WireParse into);
    }

    /** Lays entries out into a copy of the original body. */
    @FunctionalInterface
    interface Rebuilder {
        ObjectNode rebuild(List<Entry> entries, WireParse original, ObjectNode body);
    }

    /** One codec's reader and layout. */
    record Layout(Reader reader, Rebuilder rebuilder) {}

    private Rendering() {}

    /**
     * Reads a body for a check: the entries only, the positions read again from the body when first
     * asked for.
     */
    static ParsedBody read(Layout layout, JsonNode body, WireContext ctx) {
        Require.nonNull(ctx, "ctx");
        WireParse checked = layout.reader().read(body, ctx, WireParse.forCheck());
        return ParsedBody.deferred(checked.dispatch, checked.unknown,
                () -> layout.reader().read(body, ctx, WireParse.forRender()).toParsedBody());
    }

    static ObjectNode render(Layout layout, Dispatch repaired, ObjectNode originalBody) {
        Require.nonNull(repaired, "repaired");
        Require.nonNull(originalBody, "originalBody");
        WireParse p = layout.reader().read(originalBody, WireContext.empty(), WireParse.forRender());
        ObjectNode body = originalBody.deepCopy();
        List<Entry> entries = repaired.timeline().entries();
        if (entries.equals(p.entries)) {
            return body;
        }
        return layout.rebuilder().rebuild(entries, p, body);
    }

    /** Lays every entry out again even when nothing changed, so tests can check the layout itself. */
    static ObjectNode rebuildAll(Layout layout, ObjectNode originalBody) {
        WireParse p = layout.reader().read(originalBody, WireContext.empty(), WireParse.forRender());
        return layout.rebuilder().rebuild(p.entries, p, originalBody.deepCopy());
    }
}
