package io.orderingguard.examples.architecture;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Fails the build when Ordering Guard's main classes (every module on this module's test class path:
 * core, policy, profiles, testing, redis, wire, the SDK and HTTP adapters, langchain4j, spring-ai, spring-boot,
 * adk, micrometer, opentelemetry) break the architecture: a package cycle, a
 * layering breach in guard-core, or an {@code internal} package used from another module.
 */
@AnalyzeClasses(packages = ArchitectureRules.ROOT, importOptions = ArchitectureRules.MainClassesOnly.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule core_packages_are_layered = ArchitectureRules.coreLayers(ArchitectureRules.ROOT);

    @ArchTest
    static final ArchRule no_package_cycles = ArchitectureRules.noPackageCycles(ArchitectureRules.ROOT);

    @ArchTest
    static final ArchRule no_module_uses_another_modules_internal_package =
            ArchitectureRules.noInternalAccessAcrossModules(ArchitectureRules.ROOT, ArchitectureRules::moduleOf);
}
