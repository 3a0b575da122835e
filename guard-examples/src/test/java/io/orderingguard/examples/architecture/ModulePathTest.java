package io.orderingguard.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Resolves the library modules on the module path, as an application using them as modules would:
 * the descriptors must name every module they need, export the API packages and not
 * {@code internal}, and wire the shipped profile catalogue through {@code uses}/{@code provides}; the
 * adapters whose dependencies have no module names resolve beside them as automatic modules of the
 * names their manifests give. (Unit tests run on the class path, where descriptors are not used.)
 */
class ModulePathTest {

    private static final List<String> LIBRARIES = List.of("io.orderingguard.core", "io.orderingguard.profiles",
            "io.orderingguard.policy", "io.orderingguard.testing", "io.orderingguard.redis",
            "io.orderingguard.micrometer", "io.orderingguard.opentelemetry");

    /**
     * Modules with a descriptor that the first test does not inspect: resolved with the adapters. Not
     * io.orderingguard.anthropic: it requires com.anthropic.core, the module anthropic-java-core 3.x
     * declares, and this class path holds the 2.x release Spring AI is built on, which has no module
     * name (guard-anthropic-java's own build resolves it on 3.x).
     */
    private static final List<String> ADAPTERS_WITH_DESCRIPTORS = List.of("io.orderingguard.wire");

    /** The adapters whose dependencies carry no module names: automatic modules with a stable name each. */
    private static final List<String> AUTOMATIC = List.of("io.orderingguard.okhttp", "io.orderingguard.openai",
            "io.orderingguard.genai", "io.orderingguard.bedrock", "io.orderingguard.langchain4j",
            "io.orderingguard.springai", "io.orderingguard.spring.boot", "io.orderingguard.spring.boot.starter",
            "io.orderingguard.adk");

    private static ModuleLayer layer() {
        return layer(LIBRARIES);
    }

    private static ModuleLayer layer(List<String> roots) {
        List<Path> path = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            // main artifacts only: test classes and test-jars are not modules of the product
            if (!entry.contains("test-classes") && !entry.endsWith("-tests.jar") && !entry.contains("guard-examples")) {
                path.add(Path.of(entry));
            }
        }
        ModuleFinder finder = ModuleFinder.of(path.toArray(new Path[0]));
        Configuration configuration = ModuleLayer.boot().configuration().resolve(finder, ModuleFinder.of(), roots);
        return ModuleLayer.boot().defineModulesWithOneLoader(configuration, ClassLoader.getSystemClassLoader());
    }

    @Test
    void should_resolve_every_library_module_with_api_packages_exported_and_internal_hidden() {
        ModuleLayer layer = layer();

        Set<String> exported = new TreeSet<>();
        for (String name : LIBRARIES) {
            ModuleDescriptor descriptor = layer.findModule(name).orElseThrow().getDescriptor();
            assertThat(descriptor.isAutomatic()).as("%s has a module-info", name).isFalse();
            descriptor.exports().forEach(e -> exported.add(e.source()));
        }

        assertThat(exported).contains("io.orderingguard", "io.orderingguard.rule", "io.orderingguard.profiles",
                "io.orderingguard.policy.eval", "io.orderingguard.testing", "io.orderingguard.redis",
                "io.orderingguard.micrometer", "io.orderingguard.opentelemetry");
        assertThat(exported).noneMatch(p -> p.contains(".internal"));
        assertThat(layer.findModule("io.orderingguard.core").orElseThrow().getPackages())
                .contains("io.orderingguard.internal");
    }

    @Test
    void should_export_the_extension_points_to_everyone_and_support_to_our_own_modules_only() {
        ModuleLayer layer = layer();
        Module core = layer.findModule("io.orderingguard.core").orElseThrow();
        Module profiles = layer.findModule("io.orderingguard.profiles").orElseThrow();

        assertThat(core.getDescriptor().exports()).anySatisfy(e -> {
            assertThat(e.source()).isEqualTo("io.orderingguard.spi");
            assertThat(e.isQualified()).isFalse();
        });
        assertThat(core.getDescriptor().exports()).anySatisfy(e -> {
            assertThat(e.source()).isEqualTo("io.orderingguard.support");
            assertThat(e.targets()).contains("io.orderingguard.profiles", "io.orderingguard.testing",
                    "io.orderingguard.wire", "io.orderingguard.langchain4j");
        });
        assertThat(core.isExported("io.orderingguard.spi")).isTrue();
        assertThat(core.isExported("io.orderingguard.support")).as("support, to an application's module").isFalse();
        assertThat(core.isExported("io.orderingguard.support", profiles)).isTrue();
    }

    @Test
    void should_find_the_shipped_catalogue_and_build_a_guard_from_a_profile_name_on_the_module_path()
            throws Exception {
        ModuleLayer layer = layer();
        ClassLoader loader = layer.findLoader("io.orderingguard.core");
        Class<?> catalogType = loader.loadClass("io.orderingguard.spi.ProfileCatalog");

        List<String> providers = new ArrayList<>();
        ServiceLoader.load(layer, catalogType).stream().forEach(p -> providers.add(p.type().getName()));
        assertThat(providers).containsExactly("io.orderingguard.profiles.ShippedCatalog");

        Object catalog = ServiceLoader.load(layer, catalogType).findFirst().orElseThrow();
        @SuppressWarnings("unchecked")
        List<String> names = (List<String>) catalogType.getMethod("names").invoke(catalog);
        Class<?> guardType = loader.loadClass("io.orderingguard.OrderingGuard");
        Object builder = guardType.getMethod("builder").invoke(null);
        Method profile = builder.getClass().getMethod("profile", String.class);
        Object guard = builder.getClass().getMethod("build").invoke(profile.invoke(builder, names.get(0)));

        assertThat(guard.getClass().getModule().getName()).isEqualTo("io.orderingguard.core");
    }

    @Test
    void should_resolve_every_adapter_without_a_module_info_as_an_automatic_module_of_its_stable_name() {
        List<String> roots = new ArrayList<>(LIBRARIES);
        roots.addAll(ADAPTERS_WITH_DESCRIPTORS);
        roots.addAll(AUTOMATIC);

        ModuleLayer layer = layer(roots);

        for (String name : ADAPTERS_WITH_DESCRIPTORS) {
            assertThat(layer.findModule(name).orElseThrow().getDescriptor().isAutomatic()).as(name).isFalse();
        }
        for (String name : AUTOMATIC) {
            ModuleDescriptor descriptor = layer.findModule(name).orElseThrow().getDescriptor();
            assertThat(descriptor.isAutomatic()).as("%s is named by its manifest", name).isTrue();
        }
        assertThat(layer.findModule("io.orderingguard.spring.boot").orElseThrow().getPackages())
                .containsExactly("io.orderingguard.spring.boot");
        assertThat(layer.findModule("io.orderingguard.genai").orElseThrow().getDescriptor().packages())
                .contains("io.orderingguard.genai");
    }
}
