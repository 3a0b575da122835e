package io.orderingguard.benchmarks;

import io.orderingguard.surface.ReplayTags;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;

/**
 * Generates realistic agent conversations of an exact size, deterministically (one fixed seed per
 * size and style), for the benchmarks.
 *
 * <p>A conversation is a system message, then turns: a user message, then the model's tool loop
 * (steps of a signed thought followed by one to three parallel tool calls, each with its result),
 * then a closing step of a signed thought and the assistant's answer. It ends mid-loop, as a client
 * sends it: the last user message, a signed thought and a tool call whose result is being sent back.
 * Thoughts carry an Anthropic-style {@code signature} payload (400 to 800 base64 characters) tagged
 * {@code anthropic-messages-thinking-v1}; text lengths follow what real chats look like (user
 * messages of 40 to 600 characters, answers up to 1,500, tool results up to 1,500); six tools are
 * declared with JSON schemas.
 *
 * <p>{@link Style#ANTHROPIC} passes the widest shipped family ({@code anthropic-messages-manual-thinking})
 * with no finding at all. {@link Style#UNION} also stamps what other families ask of tool calls
 * (a Gemini {@code thoughtSignature} on the first call of each step, a Harmony {@code channel}, a
 * Granite {@code roleTag}) and makes one call per step, so that it passes as much of the union of all
 * behaviours as any conversation can (the union contains contradictory behaviours, see the module
 * README).
 *
 * <p>Thread-safe: stateless.
 */
public final class Conversations {

    /** The sizes the benchmarks run at. */
    public static final int[] SIZES = {10, 100, 1_000, 10_000};

    /** The conversation id of every generated dispatch. */
    public static final String CONVERSATION_ID = "bench-conversation";

    /** The provider of every generated dispatch. */
    public static final String PROVIDER = "anthropic";

    /** The model of every generated dispatch. */
    public static final String MODEL = "claude-sonnet-4-5";

    /** The replay tag of every generated thought. */
    public static final String THINKING_TAG = ReplayTags.ANTHROPIC_THINKING;

    private static final long SEED = 0x0DE7_2026L;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] WORDS = ("the a of to and in that is for it on with as was be this by are from at "
            + "or an have not which but can all their will there one would about function request result value "
            + "file test error build service user order payment invoice customer account report search query "
            + "latency cache index table column schema migration deploy release branch commit review config "
            + "timeout retry status response header token stream model context window budget summary update "
            + "check verify compute parse render return because however therefore instead first then finally")
            .split(" ");
    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final String[] TOOLS = {"search_docs", "read_file", "write_file", "run_tests", "http_get", "sql_query"};
    private static final List<DeclaredTool> TOOLS_DECLARED = tools();

    /** What the generated conversation is shaped to pass. */
    public enum Style {
        /** Passes the widest shipped family with no finding. */
        ANTHROPIC,
        /** Also carries the tool-call metadata other families ask for, one call per step. */
        UNION
    }

    private Conversations() {}

    /**
     * Generates a passing conversation in the {@link Style#ANTHROPIC} style.
     *
     * @param size the number of entries, at least 6
     * @return the entries in wire order
     */
    public static List<Entry> passing(int size) {
        return generate(size, Style.ANTHROPIC);
    }

    /**
     * Generates a conversation of an exact size.
     *
     * @param size the number of entries, at least 6
     * @param style what it is shaped to pass
     * @return the entries in wire order
     * @throws IllegalArgumentException when the size is below 6
     */
    public static List<Entry> generate(int size, Style style) {
        return generate(size, style, 0);
    }

    /**
     * Generates one of several different conversations of the same size and style.
     *
     * @param size the number of entries, at least 6
     * @param style what it is shaped to pass
     * @param variant which conversation, from 0
     * @return the entries in wire order
     * @throws IllegalArgumentException when the size is below 6
     */
    public static List<Entry> generate(int size, Style style, int variant) {
        if (size < 6) {
            throw new IllegalArgumentException("size must be >= 6, but was " + size);
        }
        long seed = SEED ^ size ^ ((long) style.ordinal() << 40) ^ ((long) variant << 20);
        Generator g = new Generator(new Random(seed), style);
        List<Entry> out = new ArrayList<>(size);
        out.add(g.message(Role.SYSTEM, 300, 900));
        // the system message and the tail (user, thought, tool call) take 4; turns take 4 to 21 each (2 or 3
        // only when the whole conversation is that short)
        int budget = size - 4;
        while (budget > 0) {
            int turn = 4 + g.random.nextInt(14); // from 4 entries, so that every turn calls a tool
            if (budget - turn < 4) {
                turn = budget;
            }
            g.turn(out, turn);
            budget -= turn;
        }
        // the tail: the latest user message and the first step of the model's answer, whose result is being sent
        out.add(g.message(Role.USER, 40, 600));
        String step = g.nextStep();
        out.add(g.thought(step));
        out.add(g.toolCall(step, true));
        if (out.size() != size) {
            throw new IllegalStateException("generated " + out.size() + " entries instead of " + size);
        }
        return List.copyOf(out);
    }

    /**
     * Generates a conversation that the widest family rejects and mutate mode repairs: the passing
     * conversation with three blocking defects (a tool call a quarter of the way through its calls loses
     * its result, the call half-way through becomes a result whose call is gone, and the thought three
     * quarters of the way through its thoughts is replayed from a Gemini wire).
     *
     * @param size the number of entries, at least 8
     * @return the entries in wire order
     */
    public static List<Entry> failing(int size) {
        return failing(size, 0);
    }

    /**
     * Generates one of several different failing conversations of the same size (see {@link #failing(int)}).
     *
     * @param size the number of entries, at least 8
     * @param variant which conversation, from 0
     * @return the entries in wire order
     */
    public static List<Entry> failing(int size, int variant) {
        if (size < 8) {
            throw new IllegalArgumentException("size must be >= 8, but was " + size);
        }
        List<Entry> entries = new ArrayList<>(generate(size, Style.ANTHROPIC, variant));
        List<Integer> calls = new ArrayList<>();
        List<Integer> thoughts = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) instanceof ToolCall) {
                calls.add(i);
            } else if (entries.get(i) instanceof Thought) {
                thoughts.add(i);
            }
        }
        int unanswered = calls.get(calls.size() / 4);
        ToolCall call = (ToolCall) entries.get(unanswered);
        entries.set(unanswered, new ToolCall(call.id(), call.tool(), call.args(), null, true, call.payload(),
                call.replayCompatibility(), call.step(), null, false));
        int orphan = calls.get(calls.size() / 2); // a different call: there are at least two
        ToolCall kept = (ToolCall) entries.get(orphan);
        entries.set(orphan, new ToolCall(kept.id(), kept.tool(), null, kept.result(), false, null, null, kept.step(), null, false));
        // never the thought of the latest turn: Anthropic wants that turn to start with thinking, so dropping
        // it would leave a defect no repair can fix
        int foreign = thoughts.get((thoughts.size() - 1) * 3 / 4);
        Thought t = (Thought) entries.get(foreign);
        entries.set(foreign, new Thought(t.id(), t.content(), NODES.objectNode().put("thoughtSignature", "CiQB" + t.id()),
                "gemini-thought-signature-v1", t.step(), null));
        return List.copyOf(entries);
    }

    /**
     * Returns the declared tools: six tools with JSON schemas.
     *
     * @return the tools
     */
    public static List<DeclaredTool> tools() {
        List<DeclaredTool> tools = new ArrayList<>();
        for (String name : TOOLS) {
            ObjectNode schema = NODES.objectNode().put("type", "object");
            ObjectNode properties = schema.putObject("properties");
            properties.putObject("query").put("type", "string").put("description", "What to look for, in plain words");
            properties.putObject("path").put("type", "string").put("description", "A path relative to the workspace");
            properties.putObject("limit").put("type", "integer").put("minimum", 1).put("maximum", 100);
            schema.putArray("required").add("query");
            tools.add(new DeclaredTool(name, schema));
        }
        return List.copyOf(tools);
    }

    /**
     * Wraps entries in a new dispatch (a new {@link Timeline}, so nothing derived is cached yet), with the
     * declared tools, the conversation id, provider and model.
     *
     * @param entries the entries
     * @return the dispatch
     */
    public static Dispatch dispatch(List<Entry> entries) {
        return dispatch(entries, CONVERSATION_ID);
    }

    /**
     * Wraps entries in a new dispatch of a conversation (see {@link #dispatch(List)}).
     *
     * @param entries the entries
     * @param conversationId the conversation id
     * @return the dispatch
     */
    public static Dispatch dispatch(List<Entry> entries, String conversationId) {
        return Dispatch.of(conversationId, PROVIDER, MODEL, Timeline.of(entries, TOOLS_DECLARED));
    }

    /**
     * Returns how many different conversations of a size a benchmark cycles through: enough that together
     * they hold about 64,000 entries, far more than the CPU caches. A guard in a server checks a different
     * conversation on each call and never finds the last one's entries in cache; a benchmark that checked one
     * 1,000-entry conversation over and over would run from cache and flatter small sizes.
     *
     * @param size the number of entries per conversation
     * @return the number of conversations, at least 1
     */
    public static int rotation(int size) {
        return Math.max(1, (entriesInRotation + size - 1) / size);
    }

    /** The entries a rotation holds in all; lowered only by the setup test, to keep {@code mvn verify} fast. */
    static volatile int entriesInRotation = 64_000;

    /** Mutable generation state; one per conversation. */
    private static final class Generator {
        final Random random;
        final Style style;
        int messages;
        int thoughts;
        int steps;

        Generator(Random random, Style style) {
            this.random = random;
            this.style = style;
        }

        /** A user message, the tool loop and the answer, in exactly {@code size} (>= 2) entries. */
        void turn(List<Entry> out, int size) {
            out.add(message(Role.USER, 40, 600));
            if (size == 2) {
                out.add(message(Role.ASSISTANT, 100, 1_500));
                return;
            }
            int middle = size - 3; // the tool loop, between the user message and the closing thought + answer
            while (middle > 0) {
                String step = nextStep();
                if (middle >= 2) {
                    out.add(thought(step));
                    middle--;
                }
                int calls = Math.min(middle, style == Style.UNION ? 1 : 1 + random.nextInt(3));
                for (int c = 0; c < calls; c++) {
                    out.add(toolCall(step, c == 0));
                }
                middle -= calls;
            }
            String step = nextStep();
            out.add(thought(step));
            out.add(message(Role.ASSISTANT, 100, 1_500).withStep(step));
        }

        Message message(Role role, int minLength, int maxLength) {
            return new Message("msg_" + (++messages), role, text(minLength, maxLength), null, null, null, null);
        }

        Thought thought(String step) {
            ObjectNode payload = NODES.objectNode().put("signature", signature());
            return new Thought("thinking_" + (++thoughts), text(200, 1_200), payload, THINKING_TAG, step, null);
        }

        ToolCall toolCall(String step, boolean firstInStep) {
            String tool = TOOLS[random.nextInt(TOOLS.length)];
            ObjectNode args = NODES.objectNode().put("query", text(10, 80));
            if (random.nextBoolean()) {
                args.put("path", "src/main/java/com/example/" + word() + "/" + capitalised(word()) + ".java");
            }
            args.put("limit", 1 + random.nextInt(50));
            ToolResult result = random.nextInt(20) == 0 ? ToolResult.error("Error: " + text(30, 200))
                    : ToolResult.of(text(80, 1_500));
            ObjectNode payload = null;
            if (style == Style.UNION) {
                payload = NODES.objectNode().put("channel", "commentary").put("roleTag", "granite-4.x");
                if (firstInStep) {
                    payload.put("thoughtSignature", signature());
                }
            }
            return new ToolCall(toolUseId(), tool, args, result, true, payload, null, step, null, false);
        }

        String nextStep() {
            return "step_" + (++steps);
        }

        private String toolUseId() {
            StringBuilder sb = new StringBuilder("toolu_01");
            for (int i = 0; i < 22; i++) {
                sb.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
            }
            return sb.toString();
        }

        private String signature() {
            byte[] bytes = new byte[300 + random.nextInt(300)];
            random.nextBytes(bytes);
            return Base64.getEncoder().encodeToString(bytes);
        }

        private String text(int minLength, int maxLength) {
            int length = minLength + random.nextInt(maxLength - minLength + 1);
            StringBuilder sb = new StringBuilder(length + 16);
            boolean sentenceStart = true;
            while (sb.length() < length) {
                String w = word();
                sb.append(sentenceStart ? capitalised(w) : w);
                sentenceStart = random.nextInt(12) == 0;
                sb.append(sentenceStart ? ". " : " ");
            }
            sb.setLength(length);
            if (sb.charAt(length - 1) == ' ') {
                sb.setCharAt(length - 1, '.');
            }
            return sb.toString();
        }

        private String word() {
            return WORDS[random.nextInt(WORDS.length)];
        }

        private static String capitalised(String w) {
            return Character.toUpperCase(w.charAt(0)) + w.substring(1);
        }
    }
}
