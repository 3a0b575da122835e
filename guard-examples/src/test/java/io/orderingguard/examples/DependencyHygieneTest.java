package io.orderingguard.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The examples depend on every library module and on LangChain4j, so their class path is the one a
 * consumer with everything would resolve: it must hold one Jackson release (Jackson 2 under
 * {@code com.fasterxml.jackson}, and Jackson 3 under {@code tools.jackson} when a framework brings
 * it), and no library may ship a test library at compile scope.
 */
class DependencyHygieneTest {

    /** A Maven repository path: .../group/path/artifact/version/artifact-version.jar. */
    private static final Pattern JAR = Pattern.compile("(?<group>(?:com/fasterxml/jackson|tools/jackson)[\\w/.-]*)/"
            + "(?<artifact>[\\w.-]+)/(?<version>[\\w.-]+)/\\k<artifact>-\\k<version>\\.jar$");

    /** Test libraries that must never reach a consumer's compile class path. */
    private static final Set<String> TEST_LIBRARIES = Set.of("junit-jupiter", "junit-jupiter-api", "junit-jupiter-params",
            "junit-jupiter-engine", "assertj-core", "archunit-junit6", "archunit", "mockwebserver", "micrometer-test",
            "micrometer-observation-test", "opentelemetry-sdk-testing", "spring-boot-test", "spring-boot-starter-test");

    /** guard-testing is a test-support library: JUnit and AssertJ are its API (see its README). */
    private static final Set<String> TEST_SUPPORT_MODULES = Set.of("guard-testing");

    @Test
    void the_class_path_holds_one_jackson_release_per_major_version() {
        Map<String, Set<String>> releases = new TreeMap<>();
        List<String> jars = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Matcher m = JAR.matcher(entry.replace('\\', '/'));
            if (m.find()) {
                String major = m.group("group").startsWith("tools/") ? "Jackson 3" : "Jackson 2";
                // jackson-annotations is released as major.minor since 2.20: compare on major.minor
                String[] v = m.group("version").split("\\.");
                releases.computeIfAbsent(major, k -> new TreeSet<>()).add(v[0] + "." + v[1]);
                jars.add(m.group("artifact") + ":" + m.group("version"));
            }
        }
        assertThat(releases).as("Jackson jars on the class path: %s", jars).containsKey("Jackson 2");
        releases.forEach((major, versions) -> assertThat(versions)
                .as("%s releases on the class path (align them through guard-bom): %s", major, jars).hasSize(1));
    }

    @Test
    void no_library_module_has_a_test_library_at_compile_scope() throws Exception {
        Document parent = read(Path.of("..", "pom.xml"));
        NodeList modules = parent.getElementsByTagName("module");
        List<String> offenders = new ArrayList<>();
        for (int i = 0; i < modules.getLength(); i++) {
            String module = modules.item(i).getTextContent().strip();
            Path pom = Path.of("..", module, "pom.xml");
            if (TEST_SUPPORT_MODULES.contains(module) || module.equals("guard-examples") || module.equals("guard-benchmarks")
                    || !Files.exists(pom)) {
                continue;
            }
            NodeList dependencies = read(pom).getElementsByTagName("dependency");
            for (int j = 0; j < dependencies.getLength(); j++) {
                Element d = (Element) dependencies.item(j);
                if (d.getParentNode().getParentNode().getNodeName().equals("dependencyManagement")) {
                    continue;
                }
                String artifact = text(d, "artifactId");
                String scope = text(d, "scope");
                if (TEST_LIBRARIES.contains(artifact) && !"test".equals(scope)) {
                    offenders.add(module + ": " + artifact + " (" + (scope.isEmpty() ? "compile" : scope) + ")");
                }
            }
        }
        assertThat(offenders).as("test libraries outside test scope").isEmpty();
    }

    @Test
    void guard_testing_says_why_it_brings_junit_and_assertj() throws Exception {
        assertThat(Files.readString(Path.of("..", "guard-testing", "README.md")))
                .containsIgnoringCase("JUnit").containsIgnoringCase("AssertJ").contains("compile scope");
    }

    private static Document read(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    private static String text(Element e, String child) {
        NodeList n = e.getElementsByTagName(child);
        return n.getLength() == 0 ? "" : n.item(0).getTextContent().strip();
    }
}
