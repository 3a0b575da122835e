package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.Repair;
import io.orderingguard.timeline.Entry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bodies from the future: every generated body of every surface, with what providers add month after
 * month injected at every level — fields on the body, on messages and items, on blocks and parts and on
 * tools; blocks, parts and items of types no codec knows; messages of roles no codec knows; option
 * values no codec knows. Over 5,000 bodies per surface (seeded) the wire guard:
 * <ul>
 *   <li>never refuses one (no {@link WireVerdict.Unguarded}) and reports each injected type, role and
 *       value as a {@code wire-unknown-shape} advisory;</li>
 *   <li>in enforce mode never changes one: it passes the very array the client wrote, or rejects it;</li>
 *   <li>in mutate mode sends every injected part it did not repair away exactly as written (the same
 *       bytes, found in the repaired body).</li>
 * </ul>
 */
class FutureBodiesTest {

    private static final int BODIES = 5_000;
    private static final int BATCH = 1_000;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final WireGuard ENFORCE = WireGuard.of(OrderingGuard.builder()
            .selectProfiles(Profiles.selector()).build());
    private static final WireGuard MUTATE = WireGuard.of(OrderingGuard.builder()
            .selectProfiles(Profiles.selector()).mode(Mode.MUTATE).build());

    static Stream<Arguments> batches() {
        return Stream.of(WireFormat.values()).flatMap(format -> IntStream.range(0, BODIES / BATCH)
                .mapToObj(b -> Arguments.argumentSet(format.wireName() + " seeds " + b * BATCH + ".."
                        + ((b + 1) * BATCH - 1), format, (long) b * BATCH)));
    }

    @ParameterizedTest
    @MethodSource("batches")
    void should_read_every_future_body_never_change_it_in_enforce_and_keep_its_unknown_parts_in_mutate(
            WireFormat format, long first) {
        int repaired = 0;
        for (long seed = first; seed < first + BATCH; seed++) {
            Future future = Future.of(format, seed);
            byte[] bytes = future.bytes();
            String path = path(format);

            WireVerdict enforce = ENFORCE.inspect(bytes, path, null);
            WireVerdict mutate = MUTATE.inspect(bytes, path, null);

            String as = format.wireName() + " seed " + seed + ": " + new String(bytes, StandardCharsets.UTF_8);
            assertThat(enforce).as(as).isNotInstanceOf(WireVerdict.Unguarded.class);
            assertThat(enforce).as(as).isNotInstanceOf(WireVerdict.Repaired.class);
            if (enforce instanceof WireVerdict.Passed passed) {
                assertThat(passed.body()).as(as).isSameAs(bytes);
            }
            List<String> reported = enforce.guardResult().orElseThrow().advisories().stream()
                    .filter(f -> f.ruleId().equals(UnknownShape.RULE_ID)).map(f -> f.detail()).toList();
            for (String marker : future.reportedMarkers()) {
                assertThat(reported).as(as).anySatisfy(detail -> assertThat(detail).contains(marker));
            }
            assertThat(mutate).as(as).isNotInstanceOf(WireVerdict.Unguarded.class);
            if (mutate instanceof WireVerdict.Passed passed) {
                assertThat(passed.body()).as(as).isSameAs(bytes);
            } else if (mutate instanceof WireVerdict.Repaired fixed) {
                repaired++;
                String sent = new String(fixed.body(), StandardCharsets.UTF_8);
                Set<String> gone = removedWireMessages(fixed);
                for (Future.Part part : future.parts()) {
                    if (part.wire() == null || !gone.contains(part.wire())) {
                        assertThat(sent).as(as + "\nrepaired: " + sent).contains(part.json());
                    }
                }
            }
        }
        // the generators break bodies on purpose (orphan results, unanswered calls), so mutate has work
        assertThat(repaired).as("bodies repaired in mutate mode").isPositive();
    }

    private static Set<String> removedWireMessages(WireVerdict.Repaired fixed) {
        Set<String> gone = new HashSet<>();
        for (Repair repair : fixed.result().repairs()) {
            for (Entry removed : repair.removed()) {
                if (removed.wireMessage() != null) {
                    gone.add(removed.wireMessage());
                }
            }
        }
        return gone;
    }

    private static String path(WireFormat format) {
        return switch (format) {
            case ANTHROPIC_MESSAGES -> "/v1/messages";
            case OPENAI_CHAT -> "/v1/chat/completions";
            case OPENAI_RESPONSES -> "/v1/responses";
            case GEMINI -> "/v1beta/models/gemini-2.5-pro:generateContent";
            default -> "/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse";
        };
    }

    /** A generated body with future shapes injected, and what was injected where. */
    private record Future(ObjectNode body, List<Part> parts, List<String> reportedMarkers) {

        /**
         * An injected part: its compact JSON (as it must reach the provider) and the wire message
         * ({@code m<i>}) that holds it, {@code null} for a part outside the message list.
         */
        record Part(String json, String wire) {}

        static Future of(WireFormat format, long seed) {
            Random random = new Random(seed * 31 + format.ordinal());
            ObjectNode body = Bodies.of(format, seed);
            List<Part> parts = new ArrayList<>();
            List<String> markers = new ArrayList<>();
            String messages = switch (format) {
                case GEMINI -> "contents";
                case OPENAI_RESPONSES -> "input";
                default -> "messages";
            };
            field(body, random, parts, null);
            JsonNode list = body.get(messages);
            if (list instanceof ArrayNode array) {
                for (int i = 0; i < array.size(); i++) {
                    if (array.get(i) instanceof ObjectNode message) {
                        if (random.nextInt(3) == 0) {
                            field(message, random, parts, "m" + i);
                        }
                        JsonNode content = message.get(format == WireFormat.GEMINI ? "parts" : "content");
                        if (content instanceof ArrayNode blocks && blocks.size() > 0 && random.nextInt(3) == 0) {
                            if (blocks.get(0) instanceof ObjectNode block && random.nextBoolean()) {
                                field(block, random, parts, "m" + i);
                            }
                            if (format != WireFormat.OPENAI_CHAT || !"tool".equals(message.path("role").asText())) {
                                String type = "future_block_" + seed + "_" + i;
                                blocks.add(unknownBlock(format, type));
                                markers.add(type);
                            }
                        }
                    }
                }
                if (random.nextInt(4) == 0 && format != WireFormat.GEMINI) {
                    // a message of a role no codec knows, at the end (transparent to alternation)
                    String role = "future_role_" + seed;
                    ObjectNode message = array.addObject().put("role", role);
                    if (format == WireFormat.BEDROCK_CONVERSE) {
                        message.putArray("content").addObject().put("text", "note " + seed);
                    } else {
                        message.put("content", "note " + seed);
                    }
                    parts.add(new Part(compact(message), null));
                    markers.add(role);
                }
            }
            if (random.nextInt(4) == 0) {
                markers.add(unknownOption(format, body, seed));
            }
            return new Future(body, parts, markers);
        }

        byte[] bytes() {
            try {
                return JSON.writeValueAsBytes(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Adds an unknown field (a scalar, an object or an array) to an object; the part is the field. */
        private static void field(ObjectNode target, Random random, List<Part> parts, String wire) {
            String name = "future_field_" + random.nextInt(1_000_000);
            JsonNode value = switch (random.nextInt(3)) {
                case 0 -> NODES.numberNode(random.nextInt(100));
                case 1 -> NODES.objectNode().put("nested", "x" + random.nextInt(9)).set("list",
                        NODES.arrayNode().add(1).add("two"));
                default -> NODES.arrayNode().add(NODES.objectNode().put("type", "future")).add(true);
            };
            target.set(name, value);
            parts.add(new Part("\"" + name + "\":" + compact(value), wire));
        }

        private static ObjectNode unknownBlock(WireFormat format, String type) {
            return switch (format) {
                case GEMINI -> NODES.objectNode().set(type, NODES.objectNode().put("data", "x"));
                case BEDROCK_CONVERSE -> NODES.objectNode().set(type, NODES.objectNode().put("data", "x"));
                default -> NODES.objectNode().put("type", type).put("data", "x");
            };
        }

        /** Sets an option to a value no codec knows; returns the marker its report names. */
        private static String unknownOption(WireFormat format, ObjectNode body, long seed) {
            String value = "future_value_" + seed;
            switch (format) {
                case ANTHROPIC_MESSAGES -> body.putObject("tool_choice").put("type", value);
                case OPENAI_CHAT, OPENAI_RESPONSES -> body.put("tool_choice", value);
                case GEMINI -> body.putObject("toolConfig").putObject("functionCallingConfig").put("mode", value);
                default -> {
                    JsonNode fields = body.get("additionalModelRequestFields");
                    ObjectNode target = fields instanceof ObjectNode own ? own
                            : body.putObject("additionalModelRequestFields");
                    target.remove("reasoning_config");
                    target.putObject("thinking").put("type", value);
                }
            }
            return value;
        }

        private static String compact(JsonNode node) {
            try {
                return JSON.writeValueAsString(node);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
