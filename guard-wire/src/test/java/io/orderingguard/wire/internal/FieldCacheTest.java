package io.orderingguard.wire.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.Bodies;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cache the streaming reads take a body's declared tools from ({@link FieldCache}): bounded, keyed by
 * the exact bytes of the tools field, and a read through it gives what the tree read gives, with as many
 * tool sets as the cache holds and more, from many threads at once.
 */
class FieldCacheTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<WireFormat> SURFACES = List.of(WireFormat.ANTHROPIC_MESSAGES, WireFormat.OPENAI_CHAT,
            WireFormat.OPENAI_RESPONSES, WireFormat.GEMINI, WireFormat.BEDROCK_CONVERSE);
    /** More tool sets than a surface's cache keeps (16), so reads both find and miss them. */
    private static final int TOOL_SETS = 24;

    @Test
    void should_keep_at_most_its_capacity_replacing_the_oldest() {
        FieldCache<Integer> cache = new FieldCache<>(8);
        for (int i = 0; i < 50; i++) {
            byte[] key = bytes("[\"tool-" + i + "\"]");
            cache.put(key, 0, key.length, i);
        }
        assertThat(cache.capacity()).isEqualTo(8);
        assertThat(cache.size()).isEqualTo(8);
        for (int i = 0; i < 50; i++) {
            byte[] key = bytes("[\"tool-" + i + "\"]");
            assertThat(cache.get(key, 0, key.length)).as("tool set %d", i).isEqualTo(i >= 42 ? i : null);
        }
    }

    @Test
    void should_find_equal_bytes_anywhere_and_nothing_else() {
        FieldCache<String> cache = new FieldCache<>(4);
        String tools = "[{\"name\":\"search\"}]";
        String body = "{\"tools\":" + tools + ",\"x\":1}";
        cache.put(bytes(body), body.indexOf('['), body.indexOf('[') + tools.length(), "search");
        String other = "{\"model\":\"m\",\"tools\":" + tools + "}";
        assertThat(cache.get(bytes(other), other.indexOf('['), other.indexOf('[') + tools.length())).isEqualTo("search");
        String renamed = body.replace("search", "searcH");
        assertThat(cache.get(bytes(renamed), body.indexOf('['), body.indexOf('[') + tools.length())).isNull();
        String longer = body.replace("}]", "} ]");
        assertThat(cache.get(bytes(longer), body.indexOf('['), body.indexOf('[') + tools.length() + 1)).isNull();
    }

    @Test
    void should_not_keep_values_longer_than_the_limit() {
        FieldCache<String> cache = new FieldCache<>(4);
        byte[] large = new byte[FieldCache.MAX_KEY_BYTES + 1];
        cache.put(large, 0, large.length, "large");
        cache.put(large, 1, large.length, "at the limit");
        assertThat(cache.size()).isEqualTo(1);
        assertThat(cache.get(large, 0, large.length)).isNull();
        assertThat(cache.get(large, 1, large.length)).isEqualTo("at the limit");
    }

    @Test
    void should_fail_when_the_capacity_is_below_one() {
        assertThatThrownBy(() -> new FieldCache<String>(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("capacity must be >= 1, but was 0");
    }

    static Stream<Arguments> surfaces() {
        return SURFACES.stream().map(format -> Arguments.argumentSet(format.wireName(), format));
    }

    @ParameterizedTest
    @MethodSource("surfaces")
    void should_share_the_tools_of_bodies_whose_tools_are_the_same_bytes(WireFormat format) {
        byte[] first = body(format, 1, 3);
        byte[] second = body(format, 2, 3);
        byte[] other = body(format, 2, 4);
        Dispatch a = streamed(format, first);
        Dispatch b = streamed(format, second);
        Dispatch c = streamed(format, other);
        assertThat(a.timeline().entries()).isNotEqualTo(b.timeline().entries());
        assertThat(b.timeline().tools()).isNotEmpty().isSameAs(a.timeline().tools());
        assertThat(c.timeline().tools()).isNotEqualTo(b.timeline().tools());
        assertThat(a).isEqualTo(treeRead(format, first));
        assertThat(b).isEqualTo(treeRead(format, second));
        assertThat(c).isEqualTo(treeRead(format, other));
    }

    @ParameterizedTest
    @MethodSource("surfaces")
    void should_read_as_the_tree_read_does_from_many_threads(WireFormat format) throws Exception {
        int bodies = 48;
        byte[][] bytes = new byte[bodies][];
        Dispatch[] expected = new Dispatch[bodies];
        for (int i = 0; i < bodies; i++) {
            bytes[i] = body(format, 100 + i, i % TOOL_SETS);
            expected[i] = treeRead(format, bytes[i]);
        }
        int threads = 4;
        int reads = 300;
        Queue<String> wrong = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = 7_000L + t;
                done.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    for (int r = 0; r < reads; r++) {
                        int i = random.nextInt(bodies);
                        Dispatch read = streamed(format, bytes[i]);
                        if (!read.equals(expected[i]) || !read.timeline().tools().equals(expected[i].timeline().tools())) {
                            wrong.add("seed " + seed + ", read " + r + ": body " + i);
                        }
                    }
                    return reads;
                }));
            }
            int total = 0;
            for (Future<Integer> f : done) {
                total += f.get(60, TimeUnit.SECONDS);
            }
            assertThat(total).isEqualTo(threads * reads);
        } finally {
            pool.shutdownNow();
        }
        assertThat(wrong).isEmpty();
    }

    /** A generated body of a surface whose declared tools are renamed to tool set {@code set}. */
    private static byte[] body(WireFormat format, long seed, int set) {
        ObjectNode body = generate(format, seed);
        String field = format == WireFormat.BEDROCK_CONVERSE ? "toolConfig" : "tools";
        // the tools of one generated body, renamed per set, and never those generated with the messages
        JsonNode tools = generate(format, 0).get(field);
        body.remove(field);
        if (tools != null) {
            body.set(field, tools);
        } else {
            ObjectNode tool = JSON.createObjectNode();
            switch (format) {
                case OPENAI_CHAT -> tool.put("type", "function").putObject("function").put("name", "lookup");
                case OPENAI_RESPONSES -> tool.put("type", "function").put("name", "lookup");
                case GEMINI -> tool.putArray("functionDeclarations").addObject().put("name", "lookup");
                case BEDROCK_CONVERSE -> tool.putObject("toolSpec").put("name", "lookup");
                default -> tool.put("name", "lookup");
            }
            if (format == WireFormat.BEDROCK_CONVERSE) {
                body.putObject(field).putArray("tools").add(tool);
            } else {
                body.putArray(field).add(tool);
            }
        }
        rename(body.get(field), "_set" + set);
        try {
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode generate(WireFormat format, long seed) {
        return Bodies.of(format, seed);
    }

    /** Appends a suffix to every {@code name} of a tools value. */
    private static void rename(JsonNode node, String suffix) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("name") && field.getValue().isTextual()) {
                    field.setValue(TextNode.valueOf(field.getValue().textValue() + suffix));
                } else {
                    rename(field.getValue(), suffix);
                }
            }
        } else if (node.isArray()) {
            node.forEach(element -> rename(element, suffix));
        }
    }

    private static WireContext context(WireFormat format) {
        String path = switch (format) {
            case GEMINI -> "/v1beta/models/gemini-3-pro-preview:generateContent";
            case BEDROCK_CONVERSE -> "/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse";
            default -> "/v1/any";
        };
        return WireContext.of(path, 0).withConversationId("c-1").withUrlPath(path);
    }

    private static Dispatch streamed(WireFormat format, byte[] body) {
        return format.codec().orElseThrow().readBytes(body, context(format))
                .orElseThrow(() -> new AssertionError("the streaming read did not take the body")).dispatch();
    }

    private static Dispatch treeRead(WireFormat format, byte[] body) {
        try {
            return format.codec().orElseThrow().read(JSON.readTree(body), context(format)).dispatch();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
