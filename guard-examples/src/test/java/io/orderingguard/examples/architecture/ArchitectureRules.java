package io.orderingguard.examples.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Arrays;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The architecture of Ordering Guard as ArchUnit rules. Every rule takes the package root it applies
 * to (and, for module rules, how to tell a class's module), so the same rules run against the real
 * modules ({@link ArchitectureTest}) and against deliberately broken fixtures
 * ({@link ArchitectureRulesTest}), which proves that each rule really catches a breach.
 *
 * <p>guard-core's layers, bottom to top: {@code support} ← {@code surface} (the provider surfaces'
 * vocabulary) ← {@code timeline} ← {@code policy} (the
 * sequence-policy model) ← {@code rule} ← {@code spi} (the extension points) ← {@code stash} ←
 * {@code internal} (the engine) ← the root package (the guard API) ← {@code json} (readers and writers).
 * A layer may use only the layers below it, so the model never imports a reader, rules never import
 * the stash or an extension point, and the engine never imports the guard API.
 */
final class ArchitectureRules {

    /** The root of every Ordering Guard package. */
    static final String ROOT = "io.orderingguard";

    private static final Pattern MODULE = Pattern.compile("/(guard-[a-z0-9-]+?)(?:/target/|-\\d[^/]*\\.jar)");

    private ArchitectureRules() {}

    /**
     * The layering of guard-core below {@code root}.
     *
     * @param root the package root ({@value #ROOT} for the real code)
     * @return the rule
     */
    static ArchRule coreLayers(String root) {
        return layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true)
                .layer("support").definedBy(root + ".support..")
                .layer("surface").definedBy(root + ".surface..")
                .layer("timeline").definedBy(root + ".timeline..")
                // the model package only: guard-policy's sub-packages form a module of their own
                .layer("policy").definedBy(root + ".policy")
                .layer("rule").definedBy(root + ".rule..")
                .layer("spi").definedBy(root + ".spi..")
                .layer("stash").definedBy(root + ".stash..")
                .layer("engine").definedBy(root + ".internal..")
                .layer("api").definedBy(root)
                .layer("json").definedBy(root + ".json..")
                .whereLayer("support").mayNotAccessAnyLayer()
                .whereLayer("surface").mayOnlyAccessLayers("support")
                .whereLayer("timeline").mayOnlyAccessLayers("support", "surface")
                .whereLayer("policy").mayOnlyAccessLayers("support", "surface", "timeline")
                .whereLayer("rule").mayOnlyAccessLayers("support", "surface", "timeline", "policy")
                .whereLayer("spi").mayOnlyAccessLayers("support", "surface", "timeline", "policy", "rule")
                .whereLayer("stash").mayOnlyAccessLayers("support", "surface", "timeline", "policy", "rule", "spi")
                .whereLayer("engine").mayOnlyAccessLayers("support", "surface", "timeline", "policy", "rule", "spi",
                        "stash")
                .whereLayer("api").mayOnlyAccessLayers("support", "surface", "timeline", "policy", "rule", "spi",
                        "stash", "engine")
                .because("guard-core's packages point one way (issue 13): readers and writers depend on the "
                        + "model, rules read the baseline through rule.Baseline, the engine sits below the API");
    }

    /**
     * No cycle between any two packages below {@code root}, in any module.
     *
     * @param root the package root
     * @return the rule
     */
    static ArchRule noPackageCycles(String root) {
        return slices().assignedFrom(packagesBelow(root)).should().beFreeOfCycles();
    }

    /**
     * No class uses an {@code internal} package of another Ordering Guard module (below {@code root}).
     *
     * @param root the package root
     * @param moduleOf the module a class belongs to
     * @return the rule
     */
    static ArchRule noInternalAccessAcrossModules(String root, Function<JavaClass, String> moduleOf) {
        return classes().that().resideInAPackage(root + "..")
                .should(new ArchCondition<JavaClass>("use only the internal packages of their own module") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass().getBaseComponentType();
                            String p = target.getPackageName();
                            if (!(p.startsWith(root + ".") && isInternal(p))) {
                                continue;
                            }
                            String from = moduleOf.apply(origin);
                            String to = moduleOf.apply(target);
                            if (!from.equals(to)) {
                                events.add(SimpleConditionEvent.violated(d, from + " uses the internal package of "
                                        + to + ": " + d.getDescription()));
                            }
                        }
                    }
                });
    }

    /**
     * The module of a class, from where it was loaded: {@code guard-core/target/classes} or
     * {@code guard-core-<version>.jar} both give {@code guard-core}.
     *
     * @param c the class
     * @return the module, or the location itself when it names none
     */
    static String moduleOf(JavaClass c) {
        String uri = c.getSource().map(s -> s.getUri().toString()).orElse("<unknown location>");
        Matcher m = MODULE.matcher(uri);
        return m.find() ? m.group(1) : uri;
    }

    private static boolean isInternal(String packageName) {
        return Arrays.asList(packageName.split("\\.")).contains("internal");
    }

    private static SliceAssignment packagesBelow(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                return p.equals(root) || p.startsWith(root + ".") ? SliceIdentifier.of(p) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "packages below " + root;
            }
        };
    }

    /** Imports main classes only: no test classes of any module and no test-jars. */
    static final class MainClassesOnly implements ImportOption {

        @Override
        public boolean includes(Location location) {
            return !location.contains("/test-classes/") && !location.matches(Pattern.compile(".*-tests\\.jar.*"));
        }
    }
}
