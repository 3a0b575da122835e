package io.orderingguard.profiles;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One rule's {@code providerError}, compiled once into the patterns that recognise it in a provider's
 * error text. Not public API.
 *
 * <p>Both sides are compared in a normal form ({@link Normalized}): lower case, quote characters
 * ({@code ' " `} and their typographic variants) and backslashes removed, whitespace collapsed. In the
 * template, {@code N}, {@code M}, {@code <n>} and every run of digits stand for any number; {@code <id>},
 * {@code <name>} and any other {@code <word>} for one identifier; {@code <ids>} for a list of them;
 * {@code …} for any text (a cut in the recorded quote). {@code preceeding} and {@code preceding} are the
 * same word (OpenAI sends the first). A template of several errors separated by {@code " / "} is
 * compiled as alternatives, which share the error class of the first. The template's leading error
 * class ({@code ValidationException:}, {@code <400> InternalError.Algo.InvalidParameter:}) is optional:
 * SDKs and gateways often drop it; when present in the text it counts towards the coverage. A template
 * that ends in a cut and whose error class is missing from the text matches only partially (its first
 * words are shared with other providers' errors: DashScope's cut O2 text is OpenAI's opening).
 *
 * <p>Strength: {@link MatchStrength#WHOLE} when the template is the whole text (apart from punctuation
 * after it), {@link MatchStrength#CONTAINED} when it is found inside a longer text (an error class the
 * template does not name, a wrapper's words), {@link MatchStrength#PARTIAL} when only some of its
 * clauses (of four words or more) are.
 *
 * <p>Thread-safe: immutable.
 */
final class ErrorTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile(
            "…|<[A-Za-z_]+>|(?<![A-Za-z0-9])[NM](?![A-Za-z0-9])|[0-9]+");
    private static final Pattern ERROR_CLASS = Pattern.compile(
            "^((?:<[0-9]+>\\s+)?[A-Z][A-Za-z]+(?:\\.[A-Z][A-Za-z]+)*:)\\s+");
    private static final Pattern CLAUSE_END = Pattern.compile("(?<=[.;:,!?])\\s+");
    private static final String TRAILER = "[ .!?]*";
    private static final int CLAUSE_WORDS = 4;
    private static final int CLAUSE_CHARS = 20;

    private final String text;
    private final List<Alternative> alternatives;

    private ErrorTemplate(String text, List<Alternative> alternatives) {
        this.text = text;
        this.alternatives = alternatives;
    }

    /** What one template found in one part of a text. */
    record Hit(MatchStrength strength, int coverage, int start, int end) {}

    /**
     * Compiles a provider error text.
     *
     * @param providerError the rule's {@code providerError}
     * @return the compiled template
     */
    static ErrorTemplate compile(String providerError) {
        List<Alternative> alternatives = new ArrayList<>();
        String inherited = null;
        for (String alternative : providerError.split(" / ")) {
            if (alternative.isBlank()) {
                continue;
            }
            Matcher m = ERROR_CLASS.matcher(alternative.strip());
            if (m.find()) {
                inherited = m.group(1);
                alternatives.add(Alternative.of(m.group(1), alternative.strip().substring(m.end())));
            } else {
                // the alternatives of one template are one provider's errors: they share its error class
                alternatives.add(Alternative.of(inherited, alternative.strip()));
            }
        }
        return new ErrorTemplate(providerError, List.copyOf(alternatives));
    }

    /**
     * Returns the template text as the catalogue holds it.
     *
     * @return the {@code providerError}
     */
    String text() {
        return text;
    }

    /**
     * Finds the template in a normalised text.
     *
     * @param part the text, normalised
     * @return the best hit, or {@code null} when nothing of the template is there
     */
    Hit find(Normalized part) {
        Hit best = null;
        for (Alternative a : alternatives) {
            Hit hit = a.find(part.text());
            if (hit != null && (best == null || better(hit, best))) {
                best = hit;
            }
        }
        return best;
    }

    static boolean better(Hit a, Hit b) {
        int byStrength = a.strength().compareTo(b.strength());
        return byStrength < 0 || byStrength == 0 && a.coverage() > b.coverage();
    }

    /** One error of a template: its optional error class, its body, and its clauses for partial matches. */
    private record Alternative(Pattern whole, Pattern contained, int classChars, int bodyChars, boolean cutAtEnd,
            List<Clause> clauses) {

        static Alternative of(String errorClass, String body) {
            List<Segment> segments = segments(body);
            String classRegex = errorClass == null ? null : regex(segments(errorClass), false);
            int classChars = errorClass == null ? 0 : literalChars(segments(errorClass));
            String lead = classRegex == null ? "" : "(?:(?<cls>" + classRegex + ") ?)?";
            boolean cutAtEnd = !segments.isEmpty() && segments.get(segments.size() - 1).wildcard() == Wildcard.CUT;
            String wholeBody = cutAtEnd ? regex(segments.subList(0, segments.size() - 1), false) + "(?<rest>.*?)"
                    : regex(segments, false);
            Pattern whole = Pattern.compile("^" + lead + "(?<body>" + wholeBody + ")" + TRAILER + "$");
            Pattern contained = Pattern.compile(lead + "(?<body>" + regex(segments, true) + ")");
            return new Alternative(whole, contained, classChars, literalChars(segments), cutAtEnd, clausesOf(segments));
        }

        Hit find(String text) {
            Matcher w = whole.matcher(text);
            if (w.matches()) {
                boolean cls = classChars > 0 && w.group("cls") != null;
                if (classChars > 0 && !cls && cutAtEnd && !w.group("rest").isBlank()) {
                    // only the words before the cut, without the error class that names the provider
                    int end = w.start("rest");
                    while (end > w.start("body") && text.charAt(end - 1) == ' ') {
                        end--;
                    }
                    return new Hit(MatchStrength.PARTIAL, bodyChars, w.start("body"), end);
                }
                return new Hit(MatchStrength.WHOLE, bodyChars + (cls ? classChars : 0),
                        cls ? w.start("cls") : w.start("body"), w.end("body"));
            }
            Matcher c = contained.matcher(text);
            if (c.find()) {
                boolean cls = classChars > 0 && c.group("cls") != null;
                return new Hit(MatchStrength.CONTAINED, bodyChars + (cls ? classChars : 0),
                        cls ? c.start("cls") : c.start("body"), c.end("body"));
            }
            int coverage = 0;
            int start = Integer.MAX_VALUE;
            int end = -1;
            for (Clause clause : clauses) {
                Matcher p = clause.pattern().matcher(text);
                if (p.find()) {
                    coverage += clause.chars();
                    start = Math.min(start, p.start());
                    end = Math.max(end, p.end());
                }
            }
            return coverage == 0 ? null : new Hit(MatchStrength.PARTIAL, coverage, start, end);
        }
    }

    private record Clause(Pattern pattern, int chars) {}

    private enum Wildcard {
        // a number, or the template's own placeholder (so the catalogue's texts classify as they are written)
        NUMBER("(?:[0-9]+|[nm](?![a-z0-9])|<n>)", "(?:[0-9]+|[nm](?![a-z0-9])|<n>)"),
        ID("\\S+?", "\\S+(?:, ?\\S+)*"),
        IDS(".+?", "\\S+(?:, ?\\S+)*"),
        // found inside a longer text, a cut at the end takes nothing: the span is what the template names
        CUT(".*?", "");

        private final String inner;
        private final String last;

        Wildcard(String inner, String last) {
            this.inner = inner;
            this.last = last;
        }
    }

    /** A literal run (normalised) or a wildcard. */
    private record Segment(String literal, Wildcard wildcard) {}

    private static List<Segment> segments(String raw) {
        List<Segment> out = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(raw);
        int from = 0;
        while (m.find()) {
            addLiteral(out, raw.substring(from, m.start()));
            String p = m.group();
            Wildcard w = p.equals("…") ? Wildcard.CUT : p.equals("<ids>") ? Wildcard.IDS
                    : p.startsWith("<") && !p.equals("<n>") ? Wildcard.ID : Wildcard.NUMBER;
            out.add(new Segment(null, w));
            from = m.end();
        }
        addLiteral(out, raw.substring(from));
        return out;
    }

    private static void addLiteral(List<Segment> out, String text) {
        String raw = Normalized.withoutQuotes(text);
        if (raw.isEmpty()) {
            return;
        }
        // keep a single space where the raw text had whitespace at either end, so words stay apart
        String core = Normalized.of(raw).text();
        String lead = Character.isWhitespace(raw.charAt(0)) && !core.isEmpty() ? " " : "";
        String tail = Character.isWhitespace(raw.charAt(raw.length() - 1)) ? " " : "";
        String literal = core.isEmpty() ? (lead.isEmpty() && tail.isEmpty() ? "" : " ") : lead + core + tail;
        if (!literal.isEmpty()) {
            out.add(new Segment(literal, null));
        }
    }

    private static String regex(List<Segment> segments, boolean findMode) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            if (s.wildcard() == null) {
                sb.append(literalRegex(s.literal()));
            } else {
                boolean last = findMode && lastMeaningful(segments, i);
                sb.append("(?:").append(last ? s.wildcard().last : s.wildcard().inner).append(')');
            }
        }
        return sb.toString();
    }

    /** Whether only punctuation follows a wildcard (so it may take the rest of an id list). */
    private static boolean lastMeaningful(List<Segment> segments, int index) {
        for (int i = index + 1; i < segments.size(); i++) {
            Segment s = segments.get(i);
            if (s.wildcard() != null || !s.literal().strip().matches("[.!?]*")) {
                return false;
            }
        }
        return true;
    }

    private static String literalRegex(String literal) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < literal.length()) {
            if (literal.startsWith("preceeding", i) || literal.startsWith("preceding", i)) {
                sb.append("prece{1,2}ding");
                i += literal.startsWith("preceeding", i) ? 10 : 9;
                continue;
            }
            char c = literal.charAt(i);
            if (c == ' ') {
                sb.append(" ?");
            } else if (Character.isLetterOrDigit(c)) {
                sb.append(c);
            } else {
                sb.append('\\').append(c);
            }
            i++;
        }
        return sb.toString();
    }

    private static int literalChars(List<Segment> segments) {
        int n = 0;
        for (Segment s : segments) {
            if (s.literal() != null) {
                n += s.literal().strip().replace("preceeding", "preceding").length();
            }
        }
        return n;
    }

    /** Splits the body at clause ends and cuts; keeps clauses long enough to say something on their own. */
    private static List<Clause> clausesOf(List<Segment> segments) {
        List<List<Segment>> groups = new ArrayList<>();
        List<Segment> current = new ArrayList<>();
        for (Segment s : segments) {
            if (s.wildcard() == Wildcard.CUT) {
                groups.add(current);
                current = new ArrayList<>();
                continue;
            }
            if (s.literal() == null) {
                current.add(s);
                continue;
            }
            String[] pieces = CLAUSE_END.split(s.literal(), -1);
            for (int i = 0; i < pieces.length; i++) {
                if (i > 0) {
                    groups.add(current);
                    current = new ArrayList<>();
                }
                if (!pieces[i].isEmpty()) {
                    current.add(new Segment(pieces[i], null));
                }
            }
        }
        groups.add(current);
        if (groups.size() < 2) {
            return List.of();
        }
        List<Clause> clauses = new ArrayList<>();
        for (List<Segment> group : groups) {
            int chars = literalChars(group);
            int words = 0;
            for (Segment s : group) {
                if (s.literal() != null && !s.literal().isBlank()) {
                    words += s.literal().strip().split(" ").length;
                }
            }
            if (words >= CLAUSE_WORDS && chars >= CLAUSE_CHARS) {
                String regex = regex(trim(group), false);
                clauses.add(new Clause(Pattern.compile(regex), chars));
            }
        }
        return List.copyOf(clauses);
    }

    /** Drops leading and trailing wildcards of a clause: alone at an edge they would match one character. */
    private static List<Segment> trim(List<Segment> group) {
        int from = 0;
        int to = group.size();
        while (from < to && group.get(from).wildcard() != null) {
            from++;
        }
        while (to > from && group.get(to - 1).wildcard() != null) {
            to--;
        }
        return group.subList(from, to);
    }
}
