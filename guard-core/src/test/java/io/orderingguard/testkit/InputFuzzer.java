package io.orderingguard.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Seeded mutation fuzzing for the readers: takes valid seed documents and produces damaged variants
 * (cut, duplicated or swapped ranges, flipped characters, injected JSON/YAML tokens, deep nesting,
 * huge strings, YAML tags and alias bombs), then checks that a reader either accepts a variant or
 * rejects it with the expected exception type — nothing else may escape.
 */
public final class InputFuzzer {

    private static final String[] TOKENS = {
        "{", "}", "[", "]", "\"", ":", ",", "null", "true", "-1", "1e999", "0.0000001", "\"\"", "{}", "[]",
        "\\u0000", "\\ud800", "\u0000", "\uFFFF", "\t", "\n", "#", "&a", "*a", "!!java.io.File", "<<:", "---", "...",
        "? ", "- ", "|", ">", "%YAML 1.1", "!!binary", "!!python/object:os.system", "'", "\\", "NaN", "Infinity",
        "9223372036854775808", "\"kind\"", "\"toolCall\"", "\"entries\"", "\"id\"", "\"type\"", "\"rules\""
    };

    private InputFuzzer() {}

    /**
     * Produces {@code count} mutated variants of the seeds.
     *
     * @param seeds valid documents
     * @param seed the random seed
     * @param count how many variants
     * @return the variants
     */
    public static List<String> mutations(List<String> seeds, long seed, int count) {
        Random random = new Random(seed);
        List<String> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String doc = seeds.get(random.nextInt(seeds.size()));
            int rounds = 1 + random.nextInt(3);
            for (int r = 0; r < rounds; r++) {
                doc = mutate(doc, random);
            }
            out.add(doc);
        }
        return out;
    }

    static String mutate(String doc, Random random) {
        if (doc.isEmpty()) {
            return TOKENS[random.nextInt(TOKENS.length)];
        }
        int a = random.nextInt(doc.length());
        int b = Math.min(doc.length(), a + 1 + random.nextInt(Math.max(1, doc.length() / 4)));
        switch (random.nextInt(10)) {
            case 0:
                return doc.substring(0, a) + doc.substring(b);
            case 1:
                return doc.substring(0, b) + doc.substring(a, b) + doc.substring(b);
            case 2: {
                char[] chars = doc.toCharArray();
                chars[a] = (char) (chars[a] ^ (1 << random.nextInt(7)));
                return new String(chars);
            }
            case 3:
                return doc.substring(0, a) + TOKENS[random.nextInt(TOKENS.length)] + doc.substring(a);
            case 4:
                return doc.substring(0, a);
            case 5: {
                int depth = 50 + random.nextInt(400);
                String open = random.nextBoolean() ? "[" : "{\"a\":";
                return doc.substring(0, a) + open.repeat(depth) + doc.substring(a);
            }
            case 6:
                return doc.substring(0, a) + "\"" + "x".repeat(100 + random.nextInt(5_000)) + "\"" + doc.substring(a);
            case 7: {
                // swap two ranges
                int c = random.nextInt(doc.length());
                int d = Math.min(doc.length(), c + 1 + random.nextInt(20));
                if (c < a) {
                    return doc;
                }
                if (c < b) {
                    c = b;
                    d = Math.max(d, c);
                }
                return doc.substring(0, a) + doc.substring(c, d) + doc.substring(b, c) + doc.substring(a, b) + doc.substring(d);
            }
            case 8:
                return doc.replaceFirst("\"[a-zA-Z]+\"", random.nextBoolean() ? "123" : "[1,2]");
            default:
                return doc.replace(':', random.nextBoolean() ? ',' : ':').substring(0, Math.max(0, doc.length() - random.nextInt(3)));
        }
    }

    /**
     * Feeds every variant to a reader and collects any exception other than the allowed type.
     *
     * @param inputs the variants
     * @param reader the reader under test
     * @param allowed the one exception type readers may throw
     * @return descriptions of the escapes (empty when the reader is sound)
     */
    public static List<String> escapes(List<String> inputs, Consumer<String> reader, Class<? extends Throwable> allowed) {
        List<String> escapes = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            String input = inputs.get(i);
            try {
                reader.accept(input);
            } catch (Throwable t) {
                if (!allowed.isInstance(t)) {
                    String shown = input.length() > 300 ? input.substring(0, 300) + "…" : input;
                    escapes.add("input #" + i + " threw " + t + " for: " + shown);
                }
            }
        }
        return escapes;
    }

    /**
     * Returns a YAML document whose aliases expand exponentially ("billion laughs").
     *
     * @return the document
     */
    public static String aliasBomb() {
        StringBuilder sb = new StringBuilder("a0: &a0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n");
        for (int i = 1; i < 10; i++) {
            sb.append('a').append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                sb.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            sb.append("]\n");
        }
        return sb.toString();
    }
}
