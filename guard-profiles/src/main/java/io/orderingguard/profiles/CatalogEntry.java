package io.orderingguard.profiles;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.support.Require;
import java.util.List;

/**
 * One shipped behaviour or family, with how it is composed.
 *
 * @param key the name it is requested by: a registry key or token for behaviours (e.g.
 *     {@code strict_alternation}, {@code full_history_preservation:thought}), a family key for families
 *     (e.g. {@code gemini-3}, {@code gemini-3-api})
 * @param type behaviour or family
 * @param origin the reference catalogue, or a provider-grounded extension
 * @param profile the resolved profile
 * @param behaviours for a family, the behaviour keys or tokens it is composed of (its own provider rules
 *     follow them); empty for a behaviour
 * @param gaps provider rules the family cannot model yet
 */
public record CatalogEntry(String key, Type type, Origin origin, OrderingProfile profile, List<String> behaviours,
        List<Gap> gaps) {

    /** Whether an entry is an atomic behaviour or a family. */
    public enum Type {
        /** An atomic behaviour (one concern, usually one rule). */
        BEHAVIOUR,
        /** A model or provider family composed of behaviours. */
        FAMILY
    }

    /** Where an entry comes from. */
    public enum Origin {
        /** The reference catalogue, kept with its rule ids and severities. */
        REFERENCE,
        /** A provider-grounded family: what the provider really rejects, with the error it answers. */
        PROVIDER
    }

    /** Validates and copies the fields. */
    public CatalogEntry {
        Require.nonBlank(key, "key");
        Require.nonNull(type, "type");
        Require.nonNull(origin, "origin");
        Require.nonNull(profile, "profile");
        behaviours = List.copyOf(Require.nonNull(behaviours, "behaviours"));
        gaps = List.copyOf(Require.nonNull(gaps, "gaps"));
    }

    /**
     * Returns the profile name.
     *
     * @return the name findings carry
     */
    public String name() {
        return profile.name();
    }

    /**
     * Returns the description.
     *
     * @return one or a few sentences
     */
    public String description() {
        return profile.description();
    }

    /**
     * Returns whether the vendor documents no ordering limitation.
     *
     * @return the permissive flag
     */
    public boolean permissive() {
        return profile.permissive();
    }

    /**
     * Returns the rules.
     *
     * @return the rules, in evaluation order
     */
    public List<OrderingRule> rules() {
        return profile.rules();
    }

    /**
     * Writes the entry as the {@code guard profiles --format json} document: {@code key}, {@code name},
     * {@code description}, {@code permissive}, {@code behaviours} (families only) and {@code rules}.
     *
     * @return the object
     */
    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("key", key);
        o.put("name", profile.name());
        o.put("description", profile.description());
        o.put("permissive", profile.permissive());
        if (type == Type.FAMILY) {
            ArrayNode b = o.putArray("behaviours");
            behaviours.forEach(b::add);
        }
        ArrayNode rules = o.putArray("rules");
        for (OrderingRule r : profile.rules()) {
            rules.add(RuleCodec.write(r));
        }
        return o;
    }
}
