package io.orderingguard.springai;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes the thinking blocks Spring AI 2.0's Anthropic module keeps on an
 * {@code AssistantMessage}: the metadata entry {@value #KEY}, a list of its package-private
 * {@code AnthropicChatModel.AnthropicThinkingContent} records ({@code thinking}, {@code signature},
 * {@code redactedData}). The module renders that list back as {@code thinking} and
 * {@code redacted_thinking} blocks, so a thought kept by the guard is sent by keeping its record, and
 * a thought the guard dropped is not sent by leaving its record out. The record type is reached by
 * reflection because it is not public; when Spring AI changes it, nothing is read (the message then
 * encodes without thoughts, as the module would send it). Spring AI 1.1's Anthropic module keeps no
 * such entry: it answers a thinking block as a separate assistant message and never sends thinking
 * back, so on that line every assistant message encodes as the text and tool calls it sends. Not
 * public API.
 *
 * <p>Thread-safe: the reflective handles are resolved once per record class.
 */
final class ThinkingContents {

    /** The {@code AssistantMessage} metadata key of Spring AI's Anthropic module. */
    static final String KEY = "anthropicThinkingContents";

    private static final ClassValue<Accessors> ACCESSORS = new ClassValue<>() {
        @Override
        protected Accessors computeValue(Class<?> type) {
            return Accessors.of(type);
        }
    };

    private ThinkingContents() {}

    /** One thinking block: a signed one ({@code data == null}) or a redacted one. */
    record Block(Object source, String thinking, String signature, String data) {
        boolean redacted() {
            return data != null;
        }
    }

    /** Returns the thinking blocks of a message's metadata, in order; empty when there are none or unreadable. */
    static List<Block> read(Map<String, Object> metadata) {
        Object value = metadata.get(KEY);
        if (!(value instanceof List<?> list) || list.isEmpty()) {
            return List.of();
        }
        Block[] blocks = new Block[list.size()];
        for (int i = 0; i < blocks.length; i++) {
            Object item = list.get(i);
            Accessors a = item == null ? null : ACCESSORS.get(item.getClass());
            if (a == null || !a.valid()) {
                return List.of();
            }
            blocks[i] = new Block(item, a.get(a.thinking, item), a.get(a.signature, item), a.get(a.data, item));
        }
        return List.of(blocks);
    }

    /**
     * Creates a record of the same type as {@code like} for a thinking block the dispatch changed.
     *
     * @return the record, or {@code null} when the type cannot be built
     */
    static Object create(Object like, String thinking, String signature, String data) {
        Accessors a = ACCESSORS.get(like.getClass());
        if (!a.valid() || a.constructor == null) {
            return null;
        }
        try {
            return a.constructor.newInstance(thinking, signature, data);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The record's accessors, or an invalid set when the type is not the expected record. */
    private static final class Accessors {
        final Method thinking;
        final Method signature;
        final Method data;
        final Constructor<?> constructor;

        private Accessors(Method thinking, Method signature, Method data, Constructor<?> constructor) {
            this.thinking = thinking;
            this.signature = signature;
            this.data = data;
            this.constructor = constructor;
        }

        static Accessors of(Class<?> type) {
            if (!type.isRecord()) {
                return new Accessors(null, null, null, null);
            }
            Method thinking = null;
            Method signature = null;
            Method data = null;
            RecordComponent[] components = type.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                RecordComponent c = components[i];
                types[i] = c.getType();
                switch (c.getName()) {
                    case "thinking" -> thinking = c.getAccessor();
                    case "signature" -> signature = c.getAccessor();
                    case "redactedData" -> data = c.getAccessor();
                    default -> {
                        return new Accessors(null, null, null, null);
                    }
                }
            }
            Constructor<?> constructor = null;
            try {
                for (Method m : new Method[] {thinking, signature, data}) {
                    if (m != null) {
                        m.setAccessible(true);
                    }
                }
                boolean canonical = components.length == 3 && components[0].getName().equals("thinking")
                        && components[1].getName().equals("signature") && components[2].getName().equals("redactedData");
                if (canonical) {
                    constructor = type.getDeclaredConstructor(types);
                    constructor.setAccessible(true);
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                return new Accessors(null, null, null, null);
            }
            return new Accessors(thinking, signature, data, constructor);
        }

        boolean valid() {
            return thinking != null && signature != null && data != null;
        }

        String get(Method m, Object item) {
            try {
                Object v = m.invoke(item);
                return v == null ? null : v.toString();
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }
    }
}
