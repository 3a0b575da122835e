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
 * words are shared with other providers' errors: DashScope's cut O2 text is OpenAI's opening). A leading
 * location ({@code messages.N.content.M:}) and every id value (with the colon before it) are optional
 * when the words left say enough on their own; {@code _} and {@code -} also match a space or nothing.
 * A text that is only the start or only the end of the template matches partially when it holds at
 * least three fifths of it.
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

    /**
     * One error of a template: its optional error class, its body, a pattern for a text cut short, and
     * its clauses for partial matches.
     */
    private record Alternative(Pattern whole, Pattern contained, Pattern prefix, Pattern suffix, int classChars, int bodyChars,
            int locationChars, boolean cutAtEnd, List<Clause> clauses) {

        static Alternative of(String errorClass, String body) {
            List<Segment> segments = segments(body);
            String classRegex = errorClass == null ? null : regex(segments(errorClass), false);
            int classChars = errorClass == null ? 0 : literalChars(segments(errorClass));
            String lead = classRegex == null ? "" : "(?:(?<cls>" + classRegex + ") ?)?";
            boolean cutAtEnd = !segments.isEmpty() && segments.get(segments.size() - 1).wildcard() == Wildcard.CUT;
            Body full = Body.of(segments, false, Body.Mode.WHOLE);
            String wholeBody = cutAtEnd ? Body.of(segments.subList(0, segments.size() - 1), false, Body.Mode.WHOLE).regex()
                    + "(?<rest>.*?)" : full.regex();
            Pattern whole = Pattern.compile("^" + lead + "(?<body>" + wholeBody + ")" + TRAILER + "$");
            Pattern contained = Pattern.compile(lead + "(?<body>" + Body.of(segments, true, Body.Mode.WHOLE).regex() + ")");
            Pattern prefix = Pattern.compile("^" + lead + "(?<body>" + Body.of(segments, false, Body.Mode.PREFIX).regex()
                    + ")" + TRAILER + "$");
            Pattern suffix = Pattern.compile("^(?<body>" + Body.of(segments, false, Body.Mode.SUFFIX).regex() + ")"
                    + TRAILER + "$");
            return new Alternative(whole, contained, prefix, suffix, classChars, literalChars(segments), full.locationChars(),
                    cutAtEnd, clausesOf(segments));
        }

        /** The characters of the template a match counts: the body's, less an absent location prefix. */
        private int coverage(Matcher m, boolean cls) {
            boolean location = locationChars > 0 && m.group("loc") != null;
            return bodyChars - (locationChars > 0 && !location ? locationChars : 0) + (cls ? classChars : 0);
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
                    return new Hit(MatchStrength.PARTIAL, coverage(w, false), w.start("body"), end);
                }
                return new Hit(MatchStrength.WHOLE, coverage(w, cls), cls ? w.start("cls") : w.start("body"),
                        w.end("body"));
            }
            Matcher c = contained.matcher(text);
            if (c.find()) {
                boolean cls = classChars > 0 && c.group("cls") != null;
                return new Hit(MatchStrength.CONTAINED, coverage(c, cls), cls ? c.start("cls") : c.start("body"),
                        c.end("body"));
            }
            for (Pattern cut : List.of(prefix, suffix)) {
                // the text stops inside the template, or starts inside it (a log line or a paste cut short,
                // a wrapper's rewording of the first words): count what it holds
                Matcher p = cut.matcher(text);
                if (p.matches()) {
                    String held = p.group("body");
                    int chars = held.replaceAll("[^a-z0-9]", "").length();
                    int words = held.isBlank() ? 0 : held.strip().split(" ").length;
                    if (words >= CLAUSE_WORDS && chars >= CLAUSE_CHARS && chars * 5 >= bodyChars * 3) {
                        return new Hit(MatchStrength.PARTIAL, Math.min(chars, bodyChars), p.start("body"),
                                p.end("body"));
                    }
                }
            }
            int coverage = 0;
            int start = Integer.MAX_VALUE;
            int end = -1;
            for (Clause clause : clauses) {
                Matcher m = clause.pattern().matcher(text);
                if (m.find()) {
                    coverage += clause.chars();
                    start = Math.min(start, m.start());
                    end = Math.max(end, m.end());
                }
            }
            return coverage == 0 ? null : new Hit(MatchStrength.PARTIAL, coverage, start, end);
        }
    }

    /**
     * The regular expression of a template's body, word by word, with what real texts leave out made
     * optional: a leading location ({@code messages.N.content.M:}, named {@code loc}), which SDKs and
     * wrappers strip, and every value standing for ids ({@code : <id>}, {@code call_<id>}), which logs cut
     * and redact. Either is optional only when the words left say enough on their own. In prefix form,
     * every word after the first few is optional too, up to the first cut: the text may stop anywhere.
     *
     * @param regex the expression
     * @param locationChars the characters of the optional location, 0 when there is none
     */
    private record Body(String regex, int locationChars) {

        /** Which texts the expression accepts: the whole body, or a text cut at its end or at its start. */
        enum Mode { WHOLE, PREFIX, SUFFIX }

        /** One word of the body: its segments (no spaces inside). */
        private record Word(List<Segment> segments) {

            boolean holdsId() {
                return segments.stream().anyMatch(s -> s.wildcard() == Wildcard.ID || s.wildcard() == Wildcard.IDS);
            }

            boolean isCut() {
                return segments.size() == 1 && segments.get(0).wildcard() == Wildcard.CUT;
            }

            boolean isLocation() {
                Segment last = segments.get(segments.size() - 1);
                return last.literal() != null && last.literal().endsWith(":") && segments.stream().allMatch(
                        s -> s.wildcard() == Wildcard.NUMBER || s.literal() != null && s.literal().matches("[a-z_.\\[\\]:]+"));
            }

            String text() {
                StringBuilder sb = new StringBuilder();
                segments.forEach(s -> sb.append(s.literal() != null ? s.literal() : "x"));
                return sb.toString();
            }
        }

        static Body of(List<Segment> segments, boolean findMode, Mode mode) {
            List<Word> words = words(segments);
            String[] regexes = new String[words.size()];
            int at = 0;
            for (int w = 0; w < words.size(); w++) {
                List<Segment> own = words.get(w).segments();
                regexes[w] = regexOf(segments, at, own.size(), findMode);
                at += own.size();
            }
            int last = regexes.length - 1;
            if (last >= 0 && regexes[last].matches(".*[a-z0-9]\\\\[.!?]$")) {
                // a final full stop is optional: a text quoted in a sentence or cut at the end lacks it
                regexes[last] = regexes[last].substring(0, regexes[last].length() - 2) + "(?:"
                        + regexes[last].substring(regexes[last].length() - 2) + ")?";
            }
            int meaningful = 0;
            for (Word w : words) {
                if (!w.holdsId() && !w.isCut()) {
                    meaningful += w.text().replaceAll("[^a-z0-9]", "").isEmpty() ? 0 : 1;
                }
            }
            boolean location = words.size() > 1 && words.get(0).isLocation() && meaningful - 1 >= CLAUSE_WORDS;
            int locationChars = location ? words.get(0).text().replaceAll("[^a-z0-9]", "").length() : 0;
            List<String> pieces = new ArrayList<>();
            int firstAfterCut = 0;
            for (int w = 0; w < words.size(); w++) {
                Word word = words.get(w);
                if (word.isCut()) {
                    firstAfterCut = w + 1;
                }
                String sep = w == 0 || location && w == 1 ? "" : " ?";
                String own = regexes[w];
                boolean optionalId = word.holdsId() && meaningful >= CLAUSE_WORDS;
                boolean colonBefore = optionalId && w > 0 && !words.get(w - 1).holdsId()
                        && regexes[w - 1].endsWith("\\:");
                if (w + 1 < words.size() && words.get(w + 1).holdsId() && meaningful >= CLAUSE_WORDS
                        && own.endsWith("\\:") && !word.holdsId()) {
                    own = own.substring(0, own.length() - 2); // the colon goes with the optional id after it
                }
                if (location && w == 0) {
                    pieces.add("(?<loc>" + own + " ?)?");
                } else if (optionalId) {
                    // an id standing alone needs its separator: a colon or a space, never the next characters
                    boolean bare = word.segments().get(0).wildcard() != null;
                    String before = !bare ? (colonBefore ? ":?" : "") + sep : colonBefore ? "(?:: ?| )" : " ";
                    pieces.add("(?:" + before + own + ")?");
                } else {
                    pieces.add(sep + own);
                }
            }
            StringBuilder sb = new StringBuilder();
            if (mode == Mode.SUFFIX) {
                // the text starts inside the template (a wrapper dropped its first words): the words before
                // the last few are optional, from the last cut on
                int required = Math.max(firstAfterCut, pieces.size() - CLAUSE_WORDS);
                String optional = "";
                for (int w = firstAfterCut; w < required; w++) {
                    optional = "(?:" + optional + pieces.get(w) + ")?";
                }
                sb.append(optional);
                for (int w = required; w < pieces.size(); w++) {
                    sb.append(pieces.get(w));
                }
                return new Body(sb.toString(), locationChars);
            }
            int closes = 0;
            for (int w = 0; w < pieces.size(); w++) {
                if (mode == Mode.PREFIX && words.get(w).isCut()) {
                    break;
                }
                if (mode == Mode.PREFIX && w >= CLAUSE_WORDS) {
                    sb.append("(?:");
                    closes++;
                }
                sb.append(pieces.get(w));
            }
            sb.append(")?".repeat(closes));
            return new Body(sb.toString(), locationChars);
        }

        /** Splits segments into words at the spaces of their literals. */
        private static List<Word> words(List<Segment> segments) {
            List<Word> words = new ArrayList<>();
            List<Segment> current = new ArrayList<>();
            for (Segment s : segments) {
                if (s.literal() == null) {
                    current.add(s);
                    continue;
                }
                String[] pieces = s.literal().split(" ", -1);
                for (int i = 0; i < pieces.length; i++) {
                    if (i > 0 && !current.isEmpty()) {
                        words.add(new Word(List.copyOf(current)));
                        current = new ArrayList<>();
                    }
                    if (!pieces[i].isEmpty()) {
                        current.add(new Segment(pieces[i], null));
                    }
                }
            }
            if (!current.isEmpty()) {
                words.add(new Word(List.copyOf(current)));
            }
            return words;
        }

        /** The regular expression of one word: segments {@code from .. from + count} of the split list. */
        private static String regexOf(List<Segment> all, int from, int count, boolean findMode) {
            List<Segment> split = new ArrayList<>();
            for (Word w : words(all)) {
                split.addAll(w.segments());
            }
            StringBuilder sb = new StringBuilder();
            for (int i = from; i < from + count; i++) {
                Segment s = split.get(i);
                if (s.wildcard() == null) {
                    sb.append(literalRegex(s.literal()));
                } else {
                    boolean last = findMode && lastMeaningful(split, i);
                    sb.append("(?:").append(last ? s.wildcard().last : s.wildcard().inner).append(')');
                }
            }
            return sb.toString();
        }
    }

    private record Clause(Pattern pattern, int chars) {}

    private enum Wildcard {
        // a number, or the template's own placeholder (so the catalogue's texts classify as they are written)
        NUMBER("(?:[0-9]+|[nm](?![a-z0-9])|<n>)", "(?:[0-9]+|[nm](?![a-z0-9])|<n>)"),
        // an id has no braces or parentheses: a text inside a client's printed error body ends with them
        ID("[^\\s{}()]+?", "[^\\s{}()]+(?:, ?[^\\s{}()]+)*"),
        IDS(".+?", "[^\\s{}()]+(?:, ?[^\\s{}()]+)*"),
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
            } else if (c == '_' || c == '-') {
                sb.append("[_ -]?"); // tool_use_id, tool use id, tool-use-id; tool_result, toolResult
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
                // the punctuation ending a clause is optional: a text cut after the clause does not have it
                String regex = regex(withoutEndPunctuation(trim(group)), false) + "(?:[.;:,!?]+)?";
                clauses.add(new Clause(Pattern.compile(regex), chars));
            }
        }
        return List.copyOf(clauses);
    }

    /** Drops the punctuation that ends a clause. */
    private static List<Segment> withoutEndPunctuation(List<Segment> group) {
        if (group.isEmpty() || group.get(group.size() - 1).literal() == null) {
            return group;
        }
        List<Segment> out = new ArrayList<>(group);
        String literal = out.get(out.size() - 1).literal().replaceAll("[.;:,!?]+\\s*$", "");
        out.set(out.size() - 1, new Segment(literal, null));
        return out;
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
