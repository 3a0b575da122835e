package io.orderingguard.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Named groups of tools: an operand that names an alias matches exactly the alias's members.
 *
 * <p>Aliases are not recursive (a member is always a tool name), and an alias name never matches a
 * tool literally called like the alias. A member that is itself an alias name is rejected, because
 * it would silently mean the literal tool.
 *
 * <pre>{@code
 * Aliases egress = Aliases.of(Map.of("Egress", List.of("http_post", "curl")));
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 */
public final class Aliases {

    private static final Aliases NONE = new Aliases(Map.of());

    private final Map<String, List<String>> groups;

    private Aliases(Map<String, List<String>> groups) {
        this.groups = groups;
    }

    /**
     * Returns the empty alias table: every operand is a literal tool name.
     *
     * @return the empty table
     */
    public static Aliases none() {
        return NONE;
    }

    /**
     * Creates an alias table.
     *
     * @param groups alias name to member tool names, in the order to report them
     * @return the table
     * @throws IllegalArgumentException when a name or member is blank, a group is empty, or a member
     *     is itself an alias
     */
    public static Aliases of(Map<String, List<String>> groups) {
        Objects.requireNonNull(groups, "groups must not be null");
        Map<String, List<String>> copy = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> group : groups.entrySet()) {
            String name = Objects.requireNonNull(group.getKey(), "alias name must not be null");
            if (name.isBlank()) {
                throw new IllegalArgumentException("alias name must not be blank, but was '" + name + "'");
            }
            List<String> members = Objects.requireNonNull(group.getValue(), "members of alias '" + name + "'");
            if (members.isEmpty()) {
                throw new IllegalArgumentException("alias '" + name + "' must have at least one member, but has none");
            }
            Set<String> unique = new LinkedHashSet<>();
            for (String member : members) {
                Objects.requireNonNull(member, "member of alias '" + name + "' must not be null");
                if (member.isBlank()) {
                    throw new IllegalArgumentException(
                            "members of alias '" + name + "' must not be blank, but one was '" + member + "'");
                }
                unique.add(member);
            }
            copy.put(name, List.copyOf(unique));
        }
        for (Map.Entry<String, List<String>> group : copy.entrySet()) {
            for (String member : group.getValue()) {
                if (copy.containsKey(member)) {
                    throw new IllegalArgumentException("aliases are not recursive: member '" + member
                            + "' of alias '" + group.getKey() + "' is itself an alias");
                }
            }
        }
        return copy.isEmpty() ? NONE : new Aliases(Collections.unmodifiableMap(copy));
    }

    /**
     * Returns the groups.
     *
     * @return alias name to members, unmodifiable
     */
    public Map<String, List<String>> groups() {
        return groups;
    }

    /**
     * Returns whether a name is an alias.
     *
     * @param name the operand
     * @return {@code true} when it names a group
     */
    public boolean isAlias(String name) {
        return groups.containsKey(name);
    }

    /**
     * Returns whether an operand matches a tool name: an alias matches its members, any other
     * operand matches itself.
     *
     * @param operand the name written in the rule
     * @param tool the name of the called tool
     * @return {@code true} on a match
     */
    public boolean matches(String operand, String tool) {
        List<String> members = groups.get(operand);
        return members == null ? operand.equals(tool) : members.contains(tool);
    }

    /**
     * Returns the tool names an operand stands for.
     *
     * @param operand the name written in the rule
     * @return the members of the alias, or the operand itself
     */
    public List<String> resolve(String operand) {
        List<String> members = groups.get(operand);
        return members == null ? List.of(operand) : members;
    }

    /**
     * Returns the table as a plain map for serialisation.
     *
     * @return a mutable copy
     */
    public Map<String, List<String>> toMap() {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        groups.forEach((k, v) -> copy.put(k, new ArrayList<>(v)));
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Aliases other && groups.equals(other.groups));
    }

    @Override
    public int hashCode() {
        return groups.hashCode();
    }

    @Override
    public String toString() {
        return "Aliases" + groups;
    }
}
