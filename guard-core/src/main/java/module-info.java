/**
 * Ordering Guard core: the timeline model, the ordering rules and their engine, the guard, the stash
 * and sequence policies, and the readers and writers of their JSON documents.
 *
 * <p>Every package is exported except {@code io.orderingguard.internal} (the evaluation and repair
 * engine). {@code io.orderingguard.support} is exported for Ordering Guard's own modules only (see its
 * package documentation). Profiles come from {@link io.orderingguard.rule.ProfileCatalog} services
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
    exports io.orderingguard.stash;
    exports io.orderingguard.surface;
    exports io.orderingguard.support;
    exports io.orderingguard.timeline;

    uses io.orderingguard.rule.ProfileCatalog;
}
