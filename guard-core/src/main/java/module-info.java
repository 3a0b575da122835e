/**
 * Ordering Guard core: the timeline model, the ordering rules and their engine, the guard, the stash
 * and sequence policies, and the readers and writers of their JSON documents.
 *
 * <p>Every package is exported except {@code io.orderingguard.internal} (the evaluation and repair
 * engine). {@code io.orderingguard.support} and {@code io.orderingguard.json.tree} are exported to
 * Ordering Guard's own modules only (see their package documentation); {@code io.orderingguard.spi}
 * holds the extension points. Profiles come from {@link io.orderingguard.spi.ProfileCatalog} services
 * (guard-profiles provides the shipped catalogue).
 */
module io.orderingguard.core {
    // JsonNode payloads and arguments appear in the public API
    requires transitive com.fasterxml.jackson.databind;
    // YAML documents are optional: without these modules JSON works and a YAML read says what to add
    requires static com.fasterxml.jackson.dataformat.yaml;
    requires static org.yaml.snakeyaml;
    requires io.vavr;
    requires org.slf4j;
    // the io.orderingguard.Check flight-recorder event
    requires jdk.jfr;

    exports io.orderingguard;
    exports io.orderingguard.exchange;
    exports io.orderingguard.json;
    exports io.orderingguard.policy;
    exports io.orderingguard.rule;
    exports io.orderingguard.spi;
    exports io.orderingguard.stash;
    exports io.orderingguard.surface;
    exports io.orderingguard.timeline;
    // helpers of Ordering Guard's own modules (named by their module-info or Automatic-Module-Name);
    // not API: an application cannot read them on the module path
    exports io.orderingguard.support to
            io.orderingguard.adk,
            io.orderingguard.anthropic,
            io.orderingguard.bedrock,
            io.orderingguard.genai,
            io.orderingguard.langchain4j,
            io.orderingguard.micrometer,
            io.orderingguard.okhttp,
            io.orderingguard.openai,
            io.orderingguard.opentelemetry,
            io.orderingguard.policy,
            io.orderingguard.profiles,
            io.orderingguard.redis,
            io.orderingguard.springai,
            io.orderingguard.testing,
            io.orderingguard.wire;

    // JSON/YAML parsing and path-aware tree reading, for the modules that read documents of their own;
    // not API: applications read documents through io.orderingguard.json
    exports io.orderingguard.json.tree to
            io.orderingguard.policy,
            io.orderingguard.testing,
            io.orderingguard.wire;

    uses io.orderingguard.spi.ProfileCatalog;
}
