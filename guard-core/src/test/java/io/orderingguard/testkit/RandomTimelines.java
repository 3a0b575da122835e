package io.orderingguard.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import io.orderingguard.timeline.ToolResult;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded generator of realistic, varied timelines and dispatches for property tests.
 *
 * <p>Shapes it produces: system, user and assistant messages (sometimes with empty content);
 * thoughts with and without vendor payloads ({@code signature}, {@code thoughtSignature}, nested
 * reasoning objects) and replay tags (mostly matching the payload, sometimes foreign, sometimes
 * missing); answered, unanswered, error-result and orphan tool calls with arguments; parallel calls
 * sharing a {@code step}; sometimes duplicate tool-call ids, ids longer than 64 characters or with
 * {@code .} and {@code :}; declared tools with schemas; unicode, control characters and line
 * separators in text; optional conversation id, provider, model, context and the turn surface.
 *
 * <p>Every JSON value uses the node type Jackson's parser would produce for it (ints as
 * {@code IntNode}, larger integers as {@code LongNode}/{@code BigIntegerNode}, fractions as finite
 * {@code DoubleNode}), so the dispatches survive a JSON round trip unchanged.
 *
 * <p>Same seed, same result. Thread-safe: stateless (the {@link Random} passed in is not).
 */
public final class RandomTimelines {

    /** The shipped replay tags (docs/dispatch-format.md, {@code replayCompatibility}). */
    public static final List<String> REPLAY_TAGS = List.of(
            "anthropic-messages-thinking-v1",
            "gemini-thought-signature-v1",
            "gemini-thought-signature-sentinel-v1",
            "openai-responses-reasoning-v1",
            "deepseek-reasoning-content-v1",
            "bedrock-converse-reasoning-v1",
            "harmony-channel-v1");

    /** The tool names calls and declarations draw from. */
    public static final List<String> TOOL_NAMES = List.of(
            "search", "fetch_url", "get_weather", "verify_identity", "delete_user", "summarize",
            "mcp.files:read", "run_sql");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final String[] PHRASES = {
        "Find X", "Done", "What's the weather in Köln?", "Grüße aus München", "日本語のテキストです",
        "emoji 🚀 and 👩‍💻 family 👨‍👩‍👧", "שלום עולם", "مرحبا بالعالم", "línea\nnueva\ttab",
        "quote \" and backslash \\ and slash /", "control \u0001 and \u001f chars",
        "line separator \u2028 paragraph \u2029 end", "<script>alert(1)</script>", "null", "{\"json\": true}",
        "   leading and trailing   ", "Let me check the database first.", "I'll call the search tool.",
        "Sure — here are the results:", "Σ ≠ ∞, x² + y² = z²", "\r\nwindows line\r\n",
        "Please delete user 42 after verifying identity.", "ok", "Thinking about the next step…",
    };

    private static final String[] PROVIDERS = {"anthropic", "openai", "google", "bedrock", "deepseek", "azure-openai"};
    private static final String[] MODELS = {
        "claude-sonnet-4-5", "claude-opus-4-1", "gpt-5", "gpt-4o-mini", "o3", "gemini-3-pro-preview",
        "gemini-2.5-flash", "deepseek-reasoner", "anthropic.claude-3-7-sonnet-20250219-v1:0", "gpt-oss-120b",
    };
    private static final String ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    private static final String BASE64 = ALNUM + "+/";

    private RandomTimelines() {}

    /**
     * Generates a dispatch from a seed: up to about 40 entries, occasionally up to 120.
     *
     * @param seed the seed
     * @return the dispatch (equal for equal seeds)
     */
    public static Dispatch dispatch(long seed) {
        Random random = new Random(seed);
        int maxEntries = random.nextInt(10) == 0 ? 120 : 40;
        return dispatch(random, maxEntries);
    }

    /**
     * Generates a dispatch: a timeline plus optional conversation id, provider, model, context and
     * surface.
     *
     * @param random the source of randomness
     * @param maxEntries the most entries
     * @return the dispatch
     */
    public static Dispatch dispatch(Random random, int maxEntries) {
        Timeline timeline = timeline(random, maxEntries);
        String conversationId = chance(random, 70) ? "conv-" + alnum(random, 4 + random.nextInt(12)) : null;
        String provider = chance(random, 60) ? pick(random, PROVIDERS) : null;
        String model = chance(random, 70) ? pick(random, MODELS) : null;
        Surface surface = chance(random, 15) ? Surface.TURN : Surface.DISPATCH;
        ObjectNode context = chance(random, 30) ? context(random) : null;
        return new Dispatch(conversationId, provider, model, surface, timeline, context, null);
    }

    /**
     * Adds the wire detail of the dispatch format (docs/dispatch-format.md) to a dispatch at random: request options, a wire message on
     * some entries and results, and provider execution on some unanswered calls. Separate from
     * {@link #dispatch(Random, int)} so that the seeds of every other property test keep their cases.
     *
     * @param random the source of randomness
     * @param dispatch the dispatch to decorate
     * @return the decorated dispatch
     */
    public static Dispatch withWireDetail(Random random, Dispatch dispatch) {
        List<Entry> entries = new ArrayList<>();
        int wire = 0;
        for (Entry e : dispatch.timeline().entries()) {
            if (chance(random, 20)) {
                wire++;
            }
            Entry next = chance(random, 60) ? e.withWireMessage("w" + wire) : e;
            if (next instanceof ToolCall c) {
                if (c.result() != null && chance(random, 50)) {
                    next = c.withResult(c.result().withWireMessage("w" + (wire + random.nextInt(2))));
                } else if (c.result() == null && c.requested() && chance(random, 30)) {
                    next = c.withProviderExecuted(true);
                }
            }
            entries.add(next);
        }
        return dispatch.withTimeline(Timeline.of(entries, dispatch.tools())).withOptions(options(random));
    }

    private static RequestOptions options(Random random) {
        if (chance(random, 25)) {
            return RequestOptions.unknown();
        }
        Reasoning reasoning = switch (random.nextInt(6)) {
            case 0 -> Reasoning.disabled();
            case 1 -> Reasoning.enabled(1 + random.nextInt(64_000));
            case 2 -> Reasoning.adaptive().withEffort(chance(random, 50) ? pick(random, EFFORTS) : null);
            case 3 -> Reasoning.effort(pick(random, EFFORTS));
            case 4 -> Reasoning.enabled();
            default -> null;
        };
        ToolChoice choice = switch (random.nextInt(5)) {
            case 0 -> ToolChoice.auto();
            case 1 -> ToolChoice.none();
            case 2 -> ToolChoice.required();
            case 3 -> ToolChoice.tool(pick(random, TOOL_NAMES));
            default -> null;
        };
        return new RequestOptions(reasoning, choice, chance(random, 50) ? random.nextBoolean() : null,
                chance(random, 40) ? 1 + random.nextInt(200_000) : null, chance(random, 30) ? random.nextBoolean() : null);
    }

    private static final String[] EFFORTS = {"minimal", "low", "medium", "high", "xhigh", "max"};

    /**
     * Generates a timeline of user turns and assistant steps (thoughts, text, parallel tool calls),
     * with declared tools.
     *
     * @param random the source of randomness
     * @param maxEntries the most entries (0 gives an empty timeline)
     * @return the timeline
     */
    public static Timeline timeline(Random random, int maxEntries) {
        int target = maxEntries <= 0 ? 0 : random.nextInt(maxEntries + 1);
        Gen gen = new Gen(random);
        if (target > 0 && chance(random, 60)) {
            gen.add(new Message(gen.messageId(), Role.SYSTEM, text(random), null, null, null, null));
        }
        while (gen.entries.size() < target) {
            int roll = random.nextInt(100);
            if (roll < 35) {
                gen.add(new Message(gen.messageId(), Role.USER, chance(random, 5) ? "" : text(random),
                        null, null, chance(random, 10) ? gen.stepId() : null, null));
            } else if (roll < 88) {
                gen.assistantStep();
            } else if (roll < 95) {
                gen.orphan();
            } else {
                gen.add(new Message(gen.messageId(), Role.SYSTEM, text(random), null, null, null, null));
            }
        }
        List<Entry> entries = gen.entries.size() > target ? gen.entries.subList(0, target) : gen.entries;
        return Timeline.of(entries, declaredTools(random));
    }

    /**
     * Generates a random JSON object whose values use the node types Jackson's parser produces.
     *
     * @param random the source of randomness
     * @param depth how many more levels of nesting are allowed
     * @return the object (possibly empty)
     */
    public static ObjectNode json(Random random, int depth) {
        ObjectNode object = NODES.objectNode();
        int fields = random.nextInt(5);
        for (int i = 0; i < fields; i++) {
            object.set(key(random), value(random, depth - 1));
        }
        return object;
    }

    /**
     * Generates text: a phrase, a combination of phrases, random unicode, or a long paragraph.
     *
     * @param random the source of randomness
     * @return the text (never {@code null}, possibly blank)
     */
    public static String text(Random random) {
        int roll = random.nextInt(100);
        if (roll < 60) {
            return pick(random, PHRASES);
        }
        if (roll < 80) {
            return pick(random, PHRASES) + " " + pick(random, PHRASES);
        }
        if (roll < 95) {
            StringBuilder sb = new StringBuilder();
            int length = 1 + random.nextInt(30);
            for (int i = 0; i < length; i++) {
                sb.appendCodePoint(codePoint(random));
            }
            return sb.toString();
        }
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 300 + random.nextInt(1500)) {
            sb.append(pick(random, PHRASES)).append(' ');
        }
        return sb.toString();
    }

    /** Mutable generation state for one timeline. */
    private static final class Gen {
        final Random random;
        final List<Entry> entries = new ArrayList<>();
        final List<String> callIds = new ArrayList<>();
        int counter;

        Gen(Random random) {
            this.random = random;
        }

        void add(Entry entry) {
            entries.add(entry);
        }

        String messageId() {
            counter++;
            return chance(random, 80) ? "m" + counter : "msg_" + alnum(random, 8 + random.nextInt(16));
        }

        String thoughtId() {
            counter++;
            return chance(random, 70) ? "t" + counter : "rs_" + hex(random, 16 + random.nextInt(32));
        }

        String stepId() {
            counter++;
            return chance(random, 80) ? "s" + counter : "resp_" + alnum(random, 10);
        }

        String callId() {
            if (!callIds.isEmpty() && chance(random, 5)) {
                return callIds.get(random.nextInt(callIds.size())); // a duplicate id
            }
            counter++;
            int roll = random.nextInt(100);
            String id;
            if (roll < 40) {
                id = "call_" + alnum(random, 24);
            } else if (roll < 60) {
                id = "toolu_01" + alnum(random, 22);
            } else if (roll < 72) {
                id = "call_" + counter;
            } else if (roll < 82) {
                id = "functions." + pick(random, TOOL_NAMES) + ":" + counter; // Kimi style
            } else if (roll < 90) {
                id = "fc_" + hex(random, 12) + "." + counter;
            } else {
                id = "call_" + alnum(random, 65 + random.nextInt(40)); // over the 64-character limit
            }
            callIds.add(id);
            return id;
        }

        void assistantStep() {
            String step = chance(random, 75) ? stepId() : null;
            int thoughts = random.nextInt(100) < 55 ? 0 : 1 + random.nextInt(2);
            for (int i = 0; i < thoughts; i++) {
                thought(step);
            }
            if (chance(random, 25)) {
                add(new Message(messageId(), Role.ASSISTANT, text(random), null, null, step, null));
            }
            int roll = random.nextInt(100);
            int calls = roll < 35 ? 0 : roll < 75 ? 1 : roll < 92 ? 2 : 3;
            boolean gemini = chance(random, 20);
            for (int i = 0; i < calls; i++) {
                toolCall(step, gemini && (i == 0 || chance(random, 20)));
            }
            if (calls == 0 || chance(random, 40)) {
                Message answer = new Message(messageId(), Role.ASSISTANT, chance(random, 10) ? "" : text(random),
                        chance(random, 5) ? harmony("final") : null,
                        null, calls == 0 ? step : null, null);
                add(answer);
            }
        }

        void thought(String step) {
            String content = chance(random, 35) ? "" : text(random);
            ObjectNode payload = null;
            String tag = null;
            int roll = random.nextInt(100);
            if (roll < 70) {
                int vendor = random.nextInt(REPLAY_TAGS.size());
                payload = vendorPayload(vendor);
                if (chance(random, 10)) {
                    payload.set("extra", json(random, 2));
                }
                int tagRoll = random.nextInt(100);
                if (tagRoll < 75) {
                    tag = REPLAY_TAGS.get(vendor);
                } else if (tagRoll < 85) {
                    tag = pick(random, REPLAY_TAGS); // possibly foreign
                }
            } else if (roll < 73) {
                tag = pick(random, REPLAY_TAGS); // a tag without a payload
            }
            add(new Thought(thoughtId(), content, payload, tag, step, null));
        }

        ObjectNode vendorPayload(int vendor) {
            ObjectNode p = NODES.objectNode();
            switch (vendor) {
                case 0:
                    if (chance(random, 15)) {
                        p.put("type", "redacted_thinking");
                        p.put("data", base64(random, 40 + random.nextInt(200)));
                    } else {
                        p.put("signature", base64(random, 40 + random.nextInt(200)));
                    }
                    break;
                case 1:
                    p.put("thoughtSignature", base64(random, 30 + random.nextInt(120)));
                    break;
                case 2:
                    p.put("thoughtSignature", "skip_thought_signature_validator");
                    break;
                case 3:
                    p.put("id", "rs_" + hex(random, 32));
                    p.put("encrypted_content", base64(random, 60 + random.nextInt(300)));
                    ArrayNode summary = p.putArray("summary");
                    for (int i = random.nextInt(3); i > 0; i--) {
                        ObjectNode part = summary.addObject();
                        part.put("type", "summary_text");
                        part.put("text", text(random));
                    }
                    break;
                case 4:
                    p.put("reasoning_content", text(random));
                    break;
                case 5:
                    ObjectNode reasoningText = p.putObject("reasoningContent").putObject("reasoningText");
                    reasoningText.put("text", text(random));
                    reasoningText.put("signature", base64(random, 40 + random.nextInt(100)));
                    break;
                default:
                    p.put("channel", chance(random, 80) ? "analysis" : "commentary");
                    break;
            }
            return p;
        }

        ObjectNode harmony(String channel) {
            ObjectNode p = NODES.objectNode();
            p.put("channel", channel);
            return p;
        }

        void toolCall(String step, boolean signed) {
            String tool = chance(random, 92) ? pick(random, TOOL_NAMES) : "unknown_" + alnum(random, 5);
            ObjectNode args = args(tool);
            int roll = random.nextInt(100);
            ToolResult result;
            if (roll < 62) {
                result = ToolResult.of(chance(random, 5) ? "" : resultText());
            } else if (roll < 78) {
                result = null; // unanswered
            } else {
                result = ToolResult.error(pick(random, new String[] {
                    "Error: timeout after 30s", "permission denied", "404 Not Found", "", text(random)}));
            }
            ObjectNode payload = null;
            String tag = null;
            if (signed) {
                payload = NODES.objectNode();
                payload.put("thoughtSignature", base64(random, 30 + random.nextInt(100)));
                tag = chance(random, 85) ? "gemini-thought-signature-v1" : null;
            } else if (chance(random, 4)) {
                payload = json(random, 3);
            }
            add(new ToolCall(callId(), tool, args, result, true, payload, tag, step, null, false));
        }

        void orphan() {
            String tool = chance(random, 50) ? "" : pick(random, TOOL_NAMES);
            ObjectNode args = chance(random, 20) ? args(tool) : null;
            ToolResult result = chance(random, 80) ? ToolResult.of(resultText()) : ToolResult.error("late failure");
            add(new ToolCall(callId(), tool, args, result, false, null, null, chance(random, 20) ? stepId() : null, null, false));
        }

        String resultText() {
            int roll = random.nextInt(100);
            if (roll < 40) {
                return (1 + random.nextInt(20)) + " hits";
            }
            if (roll < 70) {
                ObjectNode structured = json(random, 2);
                return structured.toString();
            }
            return text(random);
        }

        ObjectNode args(String tool) {
            ObjectNode a = NODES.objectNode();
            switch (tool) {
                case "search":
                    a.put("q", text(random));
                    if (chance(random, 50)) {
                        a.put("limit", 1 + random.nextInt(50));
                    }
                    break;
                case "fetch_url":
                    a.put("url", "https://example.org/" + alnum(random, 6) + "?q=" + alnum(random, 3));
                    break;
                case "get_weather":
                    a.put("city", pick(random, new String[] {"Köln", "東京", "São Paulo", "Reykjavík"}));
                    a.put("units", chance(random, 50) ? "metric" : "imperial");
                    break;
                case "verify_identity":
                    a.put("method", chance(random, 50) ? "sms" : "email");
                    a.set("user", NODES.objectNode().put("id", random.nextInt(1000)));
                    break;
                case "delete_user":
                    a.set("userId", LongNode.valueOf(Integer.MAX_VALUE + 1L + (random.nextLong() & 0xFFFFFFL)));
                    a.put("confirm", random.nextBoolean());
                    break;
                case "summarize":
                    a.put("text", text(random));
                    a.put("maxWords", 10 + random.nextInt(200));
                    a.putNull("style");
                    a.put("temperature", Math.round(random.nextDouble() * 100) / 100.0);
                    break;
                case "mcp.files:read":
                    a.put("path", "/srv/data/" + alnum(random, 5) + ".txt");
                    a.putArray("range").add(1).add(1 + random.nextInt(100));
                    break;
                default:
                    if (chance(random, 70)) {
                        a.setAll(json(random, 3));
                    }
                    break;
            }
            return a;
        }
    }

    private static List<DeclaredTool> declaredTools(Random random) {
        if (chance(random, 30)) {
            return List.of();
        }
        List<DeclaredTool> tools = new ArrayList<>();
        for (String name : TOOL_NAMES) {
            if (chance(random, 55)) {
                tools.add(new DeclaredTool(name, chance(random, 15) ? null : schema(random, name)));
            }
        }
        if (!tools.isEmpty() && chance(random, 3)) {
            tools.add(tools.get(0)); // a tool declared twice
        }
        return tools;
    }

    private static ObjectNode schema(Random random, String tool) {
        ObjectNode schema = NODES.objectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        String main = tool.equals("search") ? "q" : tool.equals("fetch_url") ? "url" : "input";
        properties.putObject(main).put("type", "string").put("description", text(random));
        if (chance(random, 50)) {
            properties.putObject("limit").put("type", "integer").put("minimum", 1).put("maximum", 100);
        }
        schema.putArray("required").add(main);
        if (chance(random, 30)) {
            schema.put("additionalProperties", false);
        }
        return schema;
    }

    private static ObjectNode context(Random random) {
        ObjectNode context = NODES.objectNode();
        ObjectNode customer = context.putObject("customer");
        customer.put("tier", pick(random, new String[] {"gold", "silver", "free"}));
        customer.put("id", random.nextInt(100_000));
        context.put("env", chance(random, 50) ? "prod" : "staging");
        context.put("verified", random.nextBoolean());
        if (chance(random, 40)) {
            context.set("extra", json(random, 3));
        }
        return context;
    }

    private static JsonNode value(Random random, int depth) {
        int roll = random.nextInt(depth <= 0 ? 75 : 100);
        if (roll < 25) {
            return TextNode.valueOf(text(random));
        }
        if (roll < 38) {
            return IntNode.valueOf(random.nextInt(5) == 0 ? random.nextInt() : random.nextInt(1000) - 100);
        }
        if (roll < 43) {
            long big = random.nextLong();
            if (big >= Integer.MIN_VALUE && big <= Integer.MAX_VALUE) {
                big += 1L << 40;
            }
            return LongNode.valueOf(big);
        }
        if (roll < 45) {
            return BigIntegerNode.valueOf(BigInteger.valueOf(Long.MAX_VALUE).multiply(BigInteger.valueOf(3 + random.nextInt(1000))));
        }
        if (roll < 55) {
            double[] specials = {0.0, -0.0, 0.1, 1.0, -2.5, 1e-7, 6.02214076e23, Double.MIN_VALUE, Double.MAX_VALUE};
            return DoubleNode.valueOf(random.nextBoolean() ? specials[random.nextInt(specials.length)]
                    : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(12)));
        }
        if (roll < 65) {
            return BooleanNode.valueOf(random.nextBoolean());
        }
        if (roll < 75) {
            return NullNode.getInstance();
        }
        if (roll < 88) {
            ArrayNode array = NODES.arrayNode();
            for (int i = random.nextInt(4); i > 0; i--) {
                array.add(value(random, depth - 1));
            }
            return array;
        }
        return json(random, depth);
    }

    private static String key(Random random) {
        int roll = random.nextInt(100);
        if (roll < 70) {
            return pick(random, new String[] {"a", "b", "id", "type", "value", "items", "meta", "signature",
                "nested", "score", "x_y", "camelCase"});
        }
        if (roll < 80) {
            return "";
        }
        if (roll < 90) {
            return pick(random, new String[] {"a.b", "with space", "ключ", "🔑", "$ref", "quote\"d"});
        }
        return alnum(random, 1 + random.nextInt(10));
    }

    private static int codePoint(Random random) {
        int roll = random.nextInt(100);
        if (roll < 50) {
            return 0x20 + random.nextInt(0x5F); // printable ASCII
        }
        if (roll < 60) {
            return random.nextInt(0x20); // control characters, incl. \n \r \t \0
        }
        if (roll < 80) {
            return 0xA0 + random.nextInt(0x2000); // Latin, Greek, Cyrillic, Hebrew, Arabic …
        }
        if (roll < 90) {
            return 0x3040 + random.nextInt(0x6000); // kana and CJK
        }
        if (roll < 97) {
            return 0x1F300 + random.nextInt(0x300); // emoji (surrogate pairs)
        }
        return pick(random, new String[] {"\u2028", "\u2029", "\uFEFF", "\u200B", "\u00AD"}).codePointAt(0);
    }

    private static boolean chance(Random random, int percent) {
        return random.nextInt(100) < percent;
    }

    private static String pick(Random random, String[] values) {
        return values[random.nextInt(values.length)];
    }

    private static String pick(Random random, List<String> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static String alnum(Random random, int length) {
        return chars(random, ALNUM, length);
    }

    private static String base64(Random random, int length) {
        return chars(random, BASE64, length) + (random.nextBoolean() ? "==" : "");
    }

    private static String hex(Random random, int length) {
        return chars(random, "0123456789abcdef", length);
    }

    private static String chars(Random random, String alphabet, int length) {
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = alphabet.charAt(random.nextInt(alphabet.length()));
        }
        return new String(out);
    }
}
