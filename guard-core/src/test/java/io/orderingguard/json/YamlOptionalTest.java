package io.orderingguard.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.json.tree.JsonInput;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The YAML modules are optional dependencies of guard-core: loaded without them, JSON still reads and a
 * YAML read fails with one input error saying what to add, not a {@code NoClassDefFoundError}.
 */
class YamlOptionalTest {

    @Test
    void json_reads_and_yaml_names_the_missing_module_when_the_yaml_jars_are_absent() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.contains("jackson-dataformat-yaml") && !entry.contains("snakeyaml")) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        try (URLClassLoader withoutYaml = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            assertThat(withoutYaml.getResource("org/yaml/snakeyaml/Yaml.class")).isNull();
            Class<?> input = withoutYaml.loadClass(JsonInput.class.getName());
            Object defaults = input.getMethod("defaults").invoke(null);

            Object tree = input.getMethod("parseJson", String.class, String.class).invoke(defaults, "{\"a\": 1}", "p.json");
            assertThat(tree.toString()).isEqualTo("{\"a\":1}");

            Method parseYaml = input.getMethod("parseYaml", String.class, String.class);
            Throwable thrown = null;
            try {
                parseYaml.invoke(defaults, "a: 1\n", "profile.yaml");
            } catch (InvocationTargetException e) {
                thrown = e.getCause();
            }
            assertThat(thrown).isNotNull();
            assertThat(thrown.getClass().getName()).isEqualTo("io.orderingguard.GuardInputException");
            assertThat(thrown.getMessage()).isEqualTo("profile.yaml: " + JsonInput.YAML_MISSING);
        }
    }

    @Test
    void yaml_reads_when_the_modules_are_present() {
        assertThat(JsonInput.defaults().parseYaml("a: 1\nb: [x, y]\n", "p.yaml").toString())
                .isEqualTo("{\"a\":1,\"b\":[\"x\",\"y\"]}");
    }
}
