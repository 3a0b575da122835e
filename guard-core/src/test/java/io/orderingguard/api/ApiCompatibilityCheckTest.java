package io.orderingguard.api;

import static org.assertj.core.api.Assertions.assertThat;

import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.model.JApiChangeStatus;
import japicmp.model.JApiClass;
import japicmp.model.JApiCompatibilityChange;
import japicmp.model.JApiCompatibilityChangeType;
import japicmp.model.JApiMethod;
import javassist.CannotCompileException;
import javassist.ClassPool;
import javassist.CtClass;
import javassist.CtNewMethod;
import javassist.NotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API compatibility check of the build (japicmp-maven-plugin against {@code api-baseline/}, see the
 * parent pom) catches real breaks: the comparator it runs is given the committed baseline of guard-core
 * and jars broken on purpose (a public type removed, a method added to an extension point), and must
 * report each break as incompatible; the classes of this build must report none.
 */
class ApiCompatibilityCheckTest {

    private static final Path BASELINE = Path.of("..", "api-baseline", "guard-core.jar");

    @TempDir
    Path dir;

    @Test
    void should_pass_when_the_public_api_of_this_build_matches_the_baseline() throws IOException {
        // GIVEN the classes of this build, packed as the baseline is (API packages only)
        Path current = dir.resolve("current.jar");
        pack(Path.of("target", "classes"), current);

        // WHEN
        List<JApiClass> changes = compare(BASELINE, current);

        // THEN nothing that was public changed incompatibly (new types and members are compatible)
        assertThat(incompatible(changes)).as("incompatible changes against api-baseline/guard-core.jar; a "
                + "deliberate break updates the baseline (api-baseline/update.sh) and is listed in CHANGELOG.md")
                .isEmpty();
    }

    @Test
    void should_fail_when_a_public_type_is_removed() throws IOException {
        // GIVEN the baseline without io.orderingguard.Mode
        Path broken = dir.resolve("broken.jar");
        copy(BASELINE, broken, Map.of("io/orderingguard/Mode.class", new byte[0]));

        // WHEN
        List<JApiClass> changes = compare(BASELINE, broken);

        // THEN
        JApiClass mode = find(changes, "io.orderingguard.Mode");
        assertThat(mode.getChangeStatus()).isEqualTo(JApiChangeStatus.REMOVED);
        assertThat(mode.isBinaryCompatible()).isFalse();
        assertThat(mode.isSourceCompatible()).isFalse();
        assertThat(incompatible(changes)).containsExactly("io.orderingguard.Mode");
    }

    @Test
    void should_fail_when_a_method_is_added_to_an_extension_point() throws Exception {
        // GIVEN the baseline whose Stash (implemented by applications and guard-redis) gained an abstract method
        Path broken = dir.resolve("broken.jar");
        copy(BASELINE, broken, Map.of("io/orderingguard/spi/Stash.class",
                withAbstractMethod("io.orderingguard.spi.Stash", "conversations")));

        // WHEN
        List<JApiClass> changes = compare(BASELINE, broken);

        // THEN
        JApiClass stash = find(changes, "io.orderingguard.spi.Stash");
        // existing class files still link (JLS 13.5.3), but every implementation stops compiling
        assertThat(stash.isBinaryCompatible()).isTrue();
        assertThat(stash.isSourceCompatible()).isFalse();
        List<JApiCompatibilityChangeType> types = new ArrayList<>();
        for (JApiMethod m : stash.getMethods()) {
            for (JApiCompatibilityChange c : m.getCompatibilityChanges()) {
                types.add(c.getType());
            }
        }
        assertThat(types).containsExactly(JApiCompatibilityChangeType.METHOD_ADDED_TO_INTERFACE);
        // and the shipped implementation, which this jar leaves without the new method
        assertThat(incompatible(changes)).containsExactly("io.orderingguard.spi.Stash",
                "io.orderingguard.stash.InMemoryStash");
    }

    private static List<JApiClass> compare(Path oldJar, Path newJar) {
        JarArchiveComparatorOptions options = new JarArchiveComparatorOptions();
        // as the Maven check: superclasses outside the jar (Jackson, the JDK) are not compared
        options.getIgnoreMissingClasses().setIgnoreAllMissingClasses(true);
        return new JarArchiveComparator(options).compare(new JApiCmpArchive(oldJar.toFile(), "baseline"),
                new JApiCmpArchive(newJar.toFile(), "changed"));
    }

    private static List<String> incompatible(List<JApiClass> classes) {
        return classes.stream().filter(c -> !c.isBinaryCompatible() || !c.isSourceCompatible())
                .map(JApiClass::getFullyQualifiedName).sorted().collect(Collectors.toList());
    }

    private static JApiClass find(List<JApiClass> classes, String name) {
        return classes.stream().filter(c -> c.getFullyQualifiedName().equals(name)).findFirst().orElseThrow();
    }

    /** Packs the class files of the API packages below {@code classes}, as api-baseline/update.sh does. */
    private static void pack(Path classes, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                String name = classes.relativize(f).toString().replace('\\', '/');
                if (!name.endsWith(".class") || name.equals("module-info.class") || name.contains("/internal/")
                        || name.startsWith("io/orderingguard/support/")
                        || name.startsWith("io/orderingguard/json/tree/")) {
                    continue;
                }
                zip.putNextEntry(new ZipEntry(name));
                zip.write(Files.readAllBytes(f));
                zip.closeEntry();
            }
        }
    }

    /** Copies a jar, replacing the entries named in {@code replace} (an empty array removes the entry). */
    private static void copy(Path from, Path to, Map<String, byte[]> replace) throws IOException {
        assertThat(from).as("the committed baseline").exists();
        try (ZipFile in = new ZipFile(from.toFile()); OutputStream out = Files.newOutputStream(to);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Enumeration<? extends ZipEntry> e = in.entries(); e.hasMoreElements();) {
                ZipEntry entry = e.nextElement();
                byte[] bytes = replace.containsKey(entry.getName()) ? replace.get(entry.getName())
                        : in.getInputStream(entry).readAllBytes();
                if (bytes.length == 0 && !entry.isDirectory()) {
                    continue;
                }
                zip.putNextEntry(new ZipEntry(entry.getName()));
                zip.write(bytes);
                zip.closeEntry();
            }
        }
    }

    /** Returns the baseline's class file of an interface with one more abstract {@code int name()} method. */
    private static byte[] withAbstractMethod(String interfaceName, String name)
            throws NotFoundException, CannotCompileException, IOException {
        ClassPool pool = new ClassPool(true);
        pool.appendClassPath(BASELINE.toString());
        CtClass type = pool.get(interfaceName);
        type.addMethod(CtNewMethod.abstractMethod(CtClass.intType, name, new CtClass[0], new CtClass[0], type));
        return type.toBytecode();
    }
}
