package io.orderingguard.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Compiles every {@code ```java} block of every Markdown file in the repository against the class path
 * of the examples (which depends on every library module), so no README shows code that does not
 * compile.
 *
 * <p>How a block is compiled:
 * <ul>
 *   <li>a block declaring a top-level class, record, interface or enum is a compilation unit;</li>
 *   <li>a block declaring methods (a line at column 0 ending in {@code {} that looks like a method
 *       signature) becomes the members of a class;</li>
 *   <li>any other block is the body of a method that may throw.</li>
 * </ul>
 * The exported packages of guard-core, guard-profiles, guard-policy, guard-wire, guard-testing and
 * guard-redis, and {@code java.util}, {@code java.nio.file}, {@code java.time} and {@code java.io} are
 * imported on demand (framework adapters' types are imported explicitly); the block's own leading {@code import} lines come first
 * (write them for third-party types: a reader needs them too). Names a block uses but does not declare
 * (a model, a history) are declared in an HTML comment right above the block:
 * {@code <!-- given: List<ChatMessage> history; ChatModel model; -->} (Java member declarations;
 * imports in the comment start with {@code import}). Text that is not meant to compile belongs in a
 * {@code ```text} block.
 */
class ReadmeSnippetsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern BLOCK = Pattern.compile(
            "(?:<!--\\s*(?:given:(?<given>.*?)|checked by (?<checker>\\w+)\\s*)-->\\s*\\n)?```java\\n(?<code>.*?)^```",
            Pattern.DOTALL | Pattern.MULTILINE);
    private static final Pattern TYPE = Pattern.compile(
            "^(?:public |final |abstract |sealed |non-sealed )*(?:class|record|interface|enum) (\\w+)", Pattern.MULTILINE);
    private static final Pattern METHOD = Pattern.compile(
            "^(?!(?:try|for|if|while|do|switch|synchronized|else|return)\\b)(?:@\\w+(?:\\(.*\\))?\\s+)*(?:(?:public|protected|"
                    + "private|static|final|default)\\s+)*[\\w<>\\[\\],.? ]+\\s+\\w+\\([^=;]*\\)\\s*(?:throws [\\w., ]+)?\\{\\s*$",
            Pattern.MULTILINE);

    private static final Pattern GIVEN_IMPORT = Pattern.compile("import\\s+(?:static\\s+)?[\\w.]+(?:\\.\\*)?\\s*;");

    /**
     * Modules whose API packages every block sees without imports. Framework adapters are left out on
     * purpose: their types share names across frameworks ({@code GuardedChatModel}), and a reader
     * needs to see which one a block means.
     */
    private static final Set<String> AUTO_IMPORTED_MODULES = Set.of("guard-core", "guard-profiles", "guard-policy",
            "guard-wire", "guard-testing", "guard-redis");

    /** One block: where it is and what it says. */
    record Snippet(Path file, int line, String given, String code, String checker) {
        String name() {
            return ROOT.relativize(file) + ":" + line;
        }
    }

    @TestFactory
    Stream<DynamicTest> every_java_block_of_every_markdown_file_compiles() throws IOException {
        List<String> packages = apiPackages();
        return snippets().stream().map(s -> DynamicTest.dynamicTest(s.name(), () -> {
            String problems = compile(s, packages);
            assertThat(problems).as("%s does not compile. %s", s.name(), HOW).isEmpty();
        }));
    }

    @Test
    void finds_the_blocks_of_the_readme_and_the_module_readmes() throws IOException {
        List<Snippet> all = snippets();
        assertThat(all).anySatisfy(s -> assertThat(s.file()).isEqualTo(ROOT.resolve("README.md")));
        assertThat(all.stream().map(Snippet::file).distinct().count()).isGreaterThanOrEqualTo(6);
    }

    @Test
    void a_block_that_does_not_compile_is_reported_with_the_compiler_message() throws IOException {
        Snippet broken = new Snippet(ROOT.resolve("README.md"), 1, null, "OrderingGuard guard = OrderingGuard.nope();\n", null);
        assertThat(compile(broken, apiPackages())).contains("cannot find symbol").contains("nope()");
    }

    private static final String HOW = "Blocks compile with the core Ordering Guard packages imported (adapters' types need an import); declare what a "
            + "block uses but does not define in <!-- given: Type name; --> right above it, import third-party types in "
            + "the block, or fence text that is not Java as ```text (see ReadmeSnippetsTest).";

    static List<Snippet> snippets() throws IOException {
        List<Snippet> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path f : files.filter(ReadmeSnippetsTest::isDocument).sorted().toList()) {
                String text = Files.readString(f);
                Matcher m = BLOCK.matcher(text);
                while (m.find()) {
                    int line = 1 + (int) text.substring(0, m.start("code")).chars().filter(c -> c == '\n').count();
                    out.add(new Snippet(f, line, m.group("given"), m.group("code"), m.group("checker")));
                }
            }
        }
        return out;
    }

    private static boolean isDocument(Path p) {
        String s = ROOT.relativize(p).toString().replace('\\', '/');
        return s.endsWith(".md") && !s.contains("/target/") && !s.startsWith("target/") && !s.startsWith(".")
                && !s.contains("/.") && !s.contains("node_modules");
    }

    /** The exported packages of every library module whose classes are on this class path. */
    static List<String> apiPackages() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path info : files.filter(p -> p.endsWith("package-info.java") && p.toString().contains(
                    "src" + java.io.File.separator + "main" + java.io.File.separator + "java")
                    && AUTO_IMPORTED_MODULES.contains(ROOT.relativize(p).getName(0).toString())).sorted().toList()) {
                Matcher m = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE).matcher(Files.readString(info));
                if (m.find() && !m.group(1).contains(".internal") && !m.group(1).startsWith("io.orderingguard.examples")
                        && !m.group(1).startsWith("io.orderingguard.benchmarks") && !m.group(1).startsWith("io.orderingguard.cli")
                        && ReadmeSnippetsTest.class.getClassLoader().getResource(m.group(1).replace('.', '/')) != null) {
                    out.add(m.group(1));
                }
            }
        }
        return out;
    }

    /**
     * A block whose SDK client is not on this class path names the test of its own module that
     * compiles and runs it ({@code <!-- checked by ReadmeExampleTest -->}): every code line of the block
     * must be in that test, between its {@code README example: begin} and {@code end} markers.
     */
    static String checkedElsewhere(Snippet s) throws IOException {
        Path module = ROOT.relativize(s.file()).getNameCount() > 1 ? ROOT.resolve(ROOT.relativize(s.file()).getName(0)) : ROOT;
        Path test;
        try (Stream<Path> files = Files.walk(module.resolve("src").resolve("test"))) {
            test = files.filter(p -> p.getFileName().toString().equals(s.checker() + ".java")).findFirst().orElse(null);
        }
        if (test == null) {
            return "\n  no test " + s.checker() + ".java in " + ROOT.relativize(module);
        }
        String source = Files.readString(test);
        int begin = source.indexOf("README example: begin");
        int end = source.indexOf("README example: end");
        if (begin < 0 || end < begin) {
            return "\n  " + test.getFileName() + " has no README example: begin/end markers";
        }
        String example = source.substring(begin, end);
        StringBuilder missing = new StringBuilder();
        for (String line : s.code().split("\n")) {
            String code = line.replaceAll("\\s*//.*$", "").strip();
            if (!code.isEmpty() && !example.contains(code)) {
                missing.append("\n  not in ").append(test.getFileName()).append(": ").append(code);
            }
        }
        return missing.toString();
    }

    static String compile(Snippet s, List<String> packages) throws IOException {
        if (s.checker() != null) {
            return checkedElsewhere(s);
        }
        StringBuilder imports = new StringBuilder();
        StringBuilder rest = new StringBuilder();
        boolean leading = true;
        for (String line : s.code().split("\n", -1)) {
            if (leading && (line.startsWith("import ") || line.isBlank())) {
                imports.append(line).append('\n');
            } else {
                leading = false;
                rest.append(line).append('\n');
            }
        }
        StringBuilder given = new StringBuilder();
        if (s.given() != null) {
            Matcher imported = GIVEN_IMPORT.matcher(s.given());
            while (imported.find()) {
                imports.append(imported.group().strip()).append('\n');
            }
            given.append("    ").append(GIVEN_IMPORT.matcher(s.given()).replaceAll("").strip()).append('\n');
        }
        for (String p : packages) {
            imports.append("import ").append(p).append(".*;\n");
        }
        imports.append("import java.util.*;\nimport java.nio.file.*;\nimport java.time.*;\nimport java.io.*;\n");
        String name;
        String source;
        Matcher type = TYPE.matcher(rest);
        if (type.find()) {
            name = type.group(1);
            source = imports + "\n" + rest + (given.length() == 0 ? "" : "\nclass Given_" + name + " {\n" + given + "}\n");
        } else if (METHOD.matcher(rest).find()) {
            name = "Snippet";
            source = imports + "\n@SuppressWarnings(\"all\")\nclass Snippet {\n" + given + rest + "}\n";
        } else {
            name = "Snippet";
            source = imports + "\n@SuppressWarnings(\"all\")\nclass Snippet {\n" + given
                    + "    void snippet() throws Exception {\n" + rest + "    }\n}\n";
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path out = Files.createTempDirectory("snippet");
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        List<String> options = List.of("-classpath", System.getProperty("java.class.path"), "-d", out.toString(),
                "-proc:none", "-Xlint:none", "-nowarn");
        boolean ok = javac.getTask(null, null, diagnostics, options, null, List.of(file)).call();
        if (ok) {
            return "";
        }
        StringBuilder problems = new StringBuilder();
        String[] lines = source.split("\n", -1);
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                int at = (int) d.getLineNumber();
                problems.append("\n  ").append(String.join(" ", d.getMessage(Locale.ROOT).lines().map(String::strip).toList()))
                        .append(at > 0 && at <= lines.length ? "\n    at: " + lines[at - 1].strip() : "");
            }
        }
        return problems.toString();
    }
}
