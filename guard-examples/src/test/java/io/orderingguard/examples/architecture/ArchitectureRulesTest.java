package io.orderingguard.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Proves that every rule of {@link ArchitectureRules} fires: each is evaluated against a fixture
 * (package {@code fixture}) that breaks it on purpose and must report exactly the planted breaches,
 * and against a clean part of the same fixture, where it must report nothing. A last test checks that
 * the real check sees the main classes of every module, so it cannot pass by importing nothing.
 */
class ArchitectureRulesTest {

    private static final String FIXTURE = ArchitectureRulesTest.class.getPackageName() + ".fixture";

    private static final JavaClasses BROKEN = new ClassFileImporter().importPackages(FIXTURE);

    /** In the fixture, the {@code plugin} package is a module of its own; everything else is "core". */
    private static final Function<JavaClass, String> FIXTURE_MODULES =
            c -> c.getPackageName().startsWith(FIXTURE + ".plugin") ? "plugin-module" : "core-module";

    @Test
    void should_report_each_layering_breach_of_the_fixture() {
        EvaluationResult result = ArchitectureRules.coreLayers(FIXTURE).evaluate(BROKEN);

        assertThat(result.hasViolation()).isTrue();
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertThat(report)
                .contains("Method <" + FIXTURE + ".timeline.Line.judged()> calls constructor <" + FIXTURE
                        + ".rule.Judge.<init>()>")
                .contains("Method <" + FIXTURE + ".rule.Judge.accepts(" + FIXTURE + ".timeline.Line)> calls "
                        + "constructor <" + FIXTURE + ".stash.Store.<init>()>")
                .contains("Method <" + FIXTURE + ".policy.Policy.reread()> calls method <" + FIXTURE
                        + ".json.Reader.read(java.lang.String)>")
                // allowed directions stay quiet: rule -> timeline, json -> policy
                .doesNotContain("<" + FIXTURE + ".json.Reader.read(java.lang.String)> calls")
                .doesNotContain("Parameter <" + FIXTURE + ".timeline.Line> of method <" + FIXTURE
                        + ".rule.Judge.accepts");
    }

    @Test
    void should_pass_a_fixture_that_keeps_the_layering() {
        JavaClasses clean = new ClassFileImporter().importPackages(FIXTURE + ".support", FIXTURE + ".stash",
                FIXTURE + ".internal", FIXTURE + ".json");

        EvaluationResult result = ArchitectureRules.coreLayers(FIXTURE).evaluate(clean);

        assertThat(result.getFailureReport().getDetails()).isEmpty();
    }

    @Test
    void should_report_both_package_cycles_of_the_fixture() {
        EvaluationResult result = ArchitectureRules.noPackageCycles(FIXTURE).evaluate(BROKEN);

        List<String> details = result.getFailureReport().getDetails();
        assertThat(details).hasSize(2);
        assertThat(String.join("\n", details).replaceAll("\\s+", " "))
                .contains("Cycle detected: Slice " + FIXTURE + ".json -> Slice " + FIXTURE + ".policy -> Slice "
                        + FIXTURE + ".json")
                .contains("Cycle detected: Slice " + FIXTURE + ".rule -> Slice " + FIXTURE + ".timeline -> Slice "
                        + FIXTURE + ".rule");
    }

    @Test
    void should_report_a_module_using_another_modules_internal_package() {
        EvaluationResult result =
                ArchitectureRules.noInternalAccessAcrossModules(FIXTURE, FIXTURE_MODULES).evaluate(BROKEN);

        assertThat(result.getFailureReport().getDetails()).containsExactly(
                "plugin-module uses the internal package of core-module: Method <" + FIXTURE
                        + ".plugin.Plugin.call()> calls constructor <" + FIXTURE + ".internal.Engine.<init>()> in "
                        + "(Plugin.java:10)",
                "plugin-module uses the internal package of core-module: Method <" + FIXTURE
                        + ".plugin.Plugin.call()> calls method <" + FIXTURE + ".internal.Engine.run()> in "
                        + "(Plugin.java:10)");
    }

    @Test
    void should_allow_a_module_its_own_internal_package() {
        EvaluationResult result = ArchitectureRules.noInternalAccessAcrossModules(FIXTURE, c -> "one-module")
                .evaluate(BROKEN);

        assertThat(result.hasViolation()).isFalse();
    }

    @Test
    void should_see_the_main_classes_of_every_module() {
        JavaClasses real = new ClassFileImporter().withImportOption(new ArchitectureRules.MainClassesOnly())
                .importPackages(ArchitectureRules.ROOT);

        Set<String> modules = new TreeSet<>();
        real.forEach(c -> modules.add(ArchitectureRules.moduleOf(c)));

        assertThat(modules).containsExactly("guard-adk", "guard-cli", "guard-core", "guard-examples",
                "guard-langchain4j", "guard-policy", "guard-profiles", "guard-redis", "guard-spring-ai",
                "guard-testing");
        assertThat(real.stream().map(JavaClass::getName))
                .contains("io.orderingguard.internal.Evaluator", "io.orderingguard.OrderingGuard")
                .noneMatch(n -> n.startsWith(FIXTURE));
    }
}
