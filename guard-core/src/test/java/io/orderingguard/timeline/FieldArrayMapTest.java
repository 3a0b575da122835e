package io.orderingguard.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An entry's payload of a few fields kept in one array ({@link FieldArrayMap}) reads, compares, hashes,
 * iterates and serialises exactly like the plain object it was copied from, and stays read-only.
 */
class FieldArrayMapTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] NAMES = {"signature", "channel", "roleTag", "thoughtSignature", "index", "a", "b.c", ""};

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void should_behave_like_the_plain_object_it_copies(long seed) throws Exception {
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            ObjectNode plain = randomObject(random, random.nextInt(FieldArrayMap.MAX_FIELDS + 3));
            ObjectNode kept = Payloads.copyPayload(plain);

            assertThat(kept).isEqualTo(plain);
            assertThat(plain).isEqualTo(kept);
            assertThat(kept.hashCode()).isEqualTo(plain.hashCode());
            assertThat(kept.size()).isEqualTo(plain.size());
            assertThat(JSON.writeValueAsString(kept)).isEqualTo(JSON.writeValueAsString(plain));
            assertThat(fieldNames(kept)).isEqualTo(fieldNames(plain));
            assertThat(Payloads.fingerprint(kept)).isEqualTo(Payloads.fingerprint(plain));
            for (String name : NAMES) {
                // a name built at run time is another String instance than the one the payload holds
                String fresh = new String(name.toCharArray());
                assertThat(kept.get(name)).isEqualTo(plain.get(name));
                assertThat(kept.get(fresh)).isEqualTo(plain.get(fresh));
                assertThat(kept.has(fresh)).isEqualTo(plain.has(fresh));
                assertThat(Payloads.read(kept, fresh)).isEqualTo(Payloads.read(plain, fresh));
            }
            assertThat(kept.deepCopy()).isEqualTo(plain);
        }
    }

    @Test
    void should_keep_field_order_and_reject_changes() {
        ObjectNode kept = Payloads.copyPayload(NODES.objectNode().put("roleTag", "granite-4.x").put("channel", "commentary")
                .put("thoughtSignature", "sig"));

        assertThat(kept.toString()).isEqualTo("{\"roleTag\":\"granite-4.x\",\"channel\":\"commentary\",\"thoughtSignature\":\"sig\"}");
        assertThat(kept.get("channel").textValue()).isEqualTo("commentary");
        assertThat(kept.get("missing")).isNull();
        assertThatThrownBy(() -> kept.put("channel", "final")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> kept.remove("channel")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(kept::removeAll).isInstanceOf(UnsupportedOperationException.class);
        Iterator<Map.Entry<String, JsonNode>> fields = kept.properties().iterator();
        fields.next();
        assertThatThrownBy(fields::remove).isInstanceOf(UnsupportedOperationException.class);
        assertThat(kept.toString()).isEqualTo("{\"roleTag\":\"granite-4.x\",\"channel\":\"commentary\",\"thoughtSignature\":\"sig\"}");
    }

    @Test
    void should_keep_a_hash_map_beyond_the_array_limit() {
        ObjectNode plain = NODES.objectNode();
        for (int i = 0; i <= FieldArrayMap.MAX_FIELDS; i++) {
            plain.put("f" + i, i);
        }
        ObjectNode kept = Payloads.copyPayload(plain);

        assertThat(kept).isEqualTo(plain);
        assertThat(kept.get("f" + FieldArrayMap.MAX_FIELDS).intValue()).isEqualTo(FieldArrayMap.MAX_FIELDS);
        assertThat(kept.toString()).isEqualTo(plain.toString());
    }

    private static List<String> fieldNames(ObjectNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static ObjectNode randomObject(Random random, int fields) {
        ObjectNode node = NODES.objectNode();
        for (int i = 0; i < fields; i++) {
            String name = random.nextInt(3) == 0 ? "f" + random.nextInt(20) : NAMES[random.nextInt(NAMES.length)];
            switch (random.nextInt(5)) {
                case 0 -> node.put(name, "v" + random.nextInt(5));
                case 1 -> node.put(name, random.nextInt(100));
                case 2 -> node.putNull(name);
                case 3 -> node.set(name, NODES.objectNode().put("nested", random.nextBoolean()));
                default -> node.set(name, NODES.arrayNode().add(random.nextInt(3)).add("x"));
            }
        }
        return node;
    }
}
