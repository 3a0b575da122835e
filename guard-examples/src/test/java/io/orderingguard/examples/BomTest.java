package io.orderingguard.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * guard-bom must manage every library module of the reactor, on the reactor's version — a module
 * missing from the BOM is a module consumers cannot align — and nothing else: importing it must never
 * move the version of a library the application aligns itself (Jackson, Spring, Netty).
 */
class BomTest {

    /** Reactor modules that are not libraries a consumer depends on. */
    private static final List<String> NOT_LIBRARIES = List.of("guard-bom", "guard-examples", "guard-benchmarks");

    @Test
    void should_manage_every_library_module_on_the_reactor_version() throws Exception {
        Document parent = read(Path.of("..", "pom.xml"));
        Document bom = read(Path.of("..", "guard-bom", "pom.xml"));
        String version = childText(parent.getDocumentElement(), "version");

        List<String> libraries = new ArrayList<>();
        NodeList modules = parent.getElementsByTagName("module");
        for (int i = 0; i < modules.getLength(); i++) {
            String module = modules.item(i).getTextContent().strip();
            if (!NOT_LIBRARIES.contains(module)) {
                libraries.add(module);
            }
        }
        List<String> managed = new ArrayList<>();
        NodeList dependencies = bom.getElementsByTagName("dependency");
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            if ("io.orderingguard".equals(childText(dependency, "groupId"))) {
                managed.add(childText(dependency, "artifactId"));
                assertThat(childText(dependency, "version")).isEqualTo("${project.version}");
            }
        }

        assertThat(childText(bom.getDocumentElement(), "version")).isEqualTo(version);
        assertThat(managed).containsExactlyInAnyOrderElementsOf(libraries);
    }

    @Test
    void should_manage_only_our_own_artifacts_and_import_no_other_bom() throws Exception {
        NodeList dependencies = read(Path.of("..", "guard-bom", "pom.xml")).getElementsByTagName("dependency");
        List<String> foreign = new ArrayList<>();
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            if (!"io.orderingguard".equals(childText(dependency, "groupId")) || childText(dependency, "scope") != null) {
                foreign.add(childText(dependency, "groupId") + ":" + childText(dependency, "artifactId"));
            }
        }

        assertThat(foreign).isEmpty();
    }

    private static String childText(Element element, String name) {
        NodeList children = element.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element child && child.getTagName().equals(name)) {
                return child.getTextContent().strip();
            }
        }
        return null;
    }

    private static Document read(Path pom) throws IOException, ParserConfigurationException, SAXException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(Files.newInputStream(pom));
    }
}
