package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.support.EncoderIds;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The encoder's shortcuts make what the general mapping makes. Two shortcuts are checked against a
 * reference written here from the mapping {@link ChatRequestCodec} documents, on seeded random
 * requests: a user message of one text is made without a second walk over its contents (the reference
 * joins the text parts and lists the other contents), and an {@code AiMessage}'s attribute map is looked
 * up only for what it can hold (the reference looks up every key the layout reads: the signature or
 * encrypted reasoning, then the redacted blocks).
 */
class EncoderShortcutPropertyTest {

    private static final String[] KEYS = {ChatRequestCodec.THINKING_SIGNATURE, ChatRequestCodec.REDACTED_THINKING,
        ChatRequestCodec.ENCRYPTED_REASONING, "other", "thought_signature_call-1"};

    static Stream<Arguments> seeds() {
        return LongStream.range(0, 400).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_encode_user_messages_and_thoughts_as_the_general_mapping_does(long seed) {
        // GIVEN a request of random user messages and AiMessages with random thinking and attributes
        Random random = new Random(seed);
        List<ChatMessage> messages = new ArrayList<>();
        int n = 1 + random.nextInt(12);
        for (int i = 0; i < n; i++) {
            messages.add(random.nextBoolean() ? user(random) : ai(random));
        }
        ChatRequest request = ChatRequest.builder().messages(messages).build();

        for (MetadataLayout layout : MetadataLayout.values()) {
            // WHEN it is encoded in a layout
            List<Entry> actual = ChatRequestCodec.of("anthropic", null, layout).encode(request).dispatch().timeline()
                    .entries();

            // THEN every entry is the one the reference makes
            assertThat(actual).as("layout %s, messages %s", layout, Describe.messages(messages))
                    .containsExactlyElementsOf(reference(messages, layout));
        }
    }

    private static UserMessage user(Random random) {
        int parts = 1 + (random.nextInt(4) == 0 ? random.nextInt(3) : 0);
        List<Content> contents = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            contents.add(random.nextInt(4) == 0 ? ImageContent.from("https://example.com/" + p + ".png")
                    : TextContent.from(text(random)));
        }
        return UserMessage.from(contents);
    }

    private static AiMessage ai(Random random) {
        String text = random.nextInt(3) == 0 ? null : text(random);
        String thinking = random.nextBoolean() ? null : text(random);
        Map<String, Object> attributes = new LinkedHashMap<>();
        for (String key : KEYS) {
            if (random.nextInt(3) == 0) {
                attributes.put(key, value(key, random));
            }
        }
        if (text == null && thinking == null && attributes.isEmpty()) {
            text = "";
        }
        return AiMessage.builder().text(text).thinking(thinking).attributes(attributes).build();
    }

    /** A value for an attribute: usually of the type the layout reads, sometimes of another. */
    private static Object value(String key, Random random) {
        boolean wrongType = random.nextInt(5) == 0;
        if (key.equals(ChatRequestCodec.REDACTED_THINKING)) {
            List<Object> blobs = new ArrayList<>();
            int count = random.nextInt(3);
            for (int b = 0; b < count; b++) {
                blobs.add("blob-" + random.nextInt(4));
            }
            if (wrongType) {
                blobs.add(42);
            }
            return blobs;
        }
        // a few values only, so that ids repeat within a request and get #2, #3…
        return wrongType ? (Object) random.nextInt(10) : "sig-" + random.nextInt(4) + "x".repeat(random.nextInt(40));
    }

    private static String text(Random random) {
        String[] texts = {"", " ", "hello", "Find the flights", "a\nb", "ok"};
        return texts[random.nextInt(texts.length)];
    }

    /** The entries of user messages and AiMessages (no tool calls), from the documented mapping. */
    private static List<Entry> reference(List<ChatMessage> messages, MetadataLayout layout) {
        List<Entry> out = new ArrayList<>();
        Map<String, Integer> repeats = new HashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            String id = EncoderIds.message(i);
            if (messages.get(i) instanceof UserMessage u) {
                List<String> texts = new ArrayList<>();
                ArrayNode other = JsonNodeFactory.instance.arrayNode();
                for (Content c : u.contents()) {
                    if (c instanceof TextContent t) {
                        texts.add(t.text());
                    } else {
                        other.add(c.type().name().toLowerCase(java.util.Locale.ROOT));
                    }
                }
                ObjectNode payload = other.isEmpty() ? null : JsonNodeFactory.instance.objectNode().set("nonTextContents",
                        other);
                out.add(new Message(id, Role.USER, String.join("\n", texts), payload, null, null, id));
                continue;
            }
            AiMessage a = (AiMessage) messages.get(i);
            Map<String, Object> attributes = a.attributes();
            Thought thought = null;
            String field = layout == MetadataLayout.ANTHROPIC ? "signature"
                    : layout == MetadataLayout.OPENAI_RESPONSES ? "encrypted_content" : null;
            Object blob = layout == MetadataLayout.ANTHROPIC ? attributes.get(ChatRequestCodec.THINKING_SIGNATURE)
                    : layout == MetadataLayout.OPENAI_RESPONSES ? attributes.get(ChatRequestCodec.ENCRYPTED_REASONING)
                    : null;
            String content = a.thinking() == null ? "" : a.thinking();
            if (field != null && blob instanceof String s) {
                String prefix = layout == MetadataLayout.ANTHROPIC ? "thinking-" : "reasoning-";
                String tag = layout == MetadataLayout.ANTHROPIC ? ChatRequestCodec.ANTHROPIC_THINKING_TAG
                        : ChatRequestCodec.OPENAI_REASONING_TAG;
                thought = new Thought(unique(repeats, prefix + ChatRequestCodec.digest(s)), content,
                        Payloads.of(field, s), tag, id, id);
            } else if (a.thinking() != null) {
                thought = new Thought(id + ".thinking", a.thinking(), null, null, id, id);
            }
            if (thought != null) {
                out.add(thought);
            }
            if (layout == MetadataLayout.ANTHROPIC
                    && attributes.get(ChatRequestCodec.REDACTED_THINKING) instanceof List<?> blobs
                    && blobs.stream().allMatch(String.class::isInstance)) {
                for (Object data : blobs) {
                    out.add(new Thought(unique(repeats, "redacted-thinking-" + ChatRequestCodec.digest((String) data)),
                            "", Payloads.of("data", (String) data), ChatRequestCodec.ANTHROPIC_THINKING_TAG, id, id));
                }
            }
            if (a.text() != null || thought == null) {
                out.add(new Message(id, Role.ASSISTANT, a.text() == null ? "" : a.text(), null, null, id, id));
            }
        }
        return out;
    }

    private static String unique(Map<String, Integer> repeats, String id) {
        int n = repeats.merge(id, 1, Integer::sum);
        return n == 1 ? id : id + "#" + n;
    }
}
