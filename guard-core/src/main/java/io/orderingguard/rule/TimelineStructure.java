package io.orderingguard.rule;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * The structure every rule relies on, derived once per check from the timeline's entries
 * ({@link RuleContext#structure()}): each entry's attributed role, the role groups, the latest user
 * turn and the immediate successor, as the package documentation defines them.
 *
 * <p>It also records each entry's {@link Kind}, so that a rule looking for one kind reads a byte per
 * entry instead of calling every entry (on a long conversation, mostly a cache miss each) to learn it
 * is of another kind.
 *
 * <p>Thread-safe: immutable. Backed by primitive arrays, so computing it allocates four small
 * arrays and nothing per entry (the kinds are kept in the array that holds the messages' own roles
 * while the roles are worked out).
 */
final class TimelineStructure {

    private static final byte NONE = 0;
    private static final byte USER = 1;
    private static final byte ASSISTANT = 2;
    private static final int ROLE_BITS = 3;
    private static final int KIND_SHIFT = 2;

    private static final Kind[] KINDS = Kind.values();

    private final byte[] kinds;
    private final byte[] roles;
    private final int[] groupOf;
    private final int[] groupStarts;
    private final int groupCount;
    private final int latestUserIndex;

    private TimelineStructure(byte[] kinds, byte[] roles, int[] groupOf, int[] groupStarts, int groupCount,
            int latestUser) {
        this.kinds = kinds;
        this.roles = roles;
        this.groupOf = groupOf;
        this.groupStarts = groupStarts;
        this.groupCount = groupCount;
        this.latestUserIndex = latestUser;
    }

    static TimelineStructure of(List<Entry> entries) {
        int n = entries.size();
        // per entry: the message's own role in the low two bits, the kind above them; once the roles are
        // worked out, the same array keeps the kinds alone
        byte[] own = new byte[n];
        int latestUser = -1;
        for (int i = 0; i < n; i++) {
            Entry e = entries.get(i);
            if (e instanceof Message m) {
                byte role = NONE;
                if (m.role() == Role.USER) {
                    role = USER;
                    latestUser = i;
                } else if (m.role() == Role.ASSISTANT) {
                    role = ASSISTANT;
                }
                own[i] = (byte) (Kind.MESSAGE.ordinal() << KIND_SHIFT | role);
            } else {
                own[i] = (byte) ((e instanceof ToolCall ? Kind.TOOL_CALL : Kind.THOUGHT).ordinal() << KIND_SHIFT);
            }
        }
        byte[] roles = new byte[n];
        // backward pass: role of the nearest non-system message after each entry
        byte next = NONE;
        for (int i = n - 1; i >= 0; i--) {
            byte role = (byte) (own[i] & ROLE_BITS);
            if (role != NONE) {
                roles[i] = role;
                next = role;
            } else {
                roles[i] = next;
            }
        }
        byte previous = NONE;
        for (int i = 0; i < n; i++) {
            byte role = (byte) (own[i] & ROLE_BITS);
            if (role != NONE) {
                previous = role;
                continue;
            }
            byte following = roles[i];
            if (previous == USER && following == ASSISTANT) {
                roles[i] = ASSISTANT;
            } else if (previous == NONE) {
                roles[i] = following;
            } else {
                roles[i] = previous;
            }
        }
        int[] groupOf = new int[n];
        int groups = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || roles[i] != roles[i - 1]) {
                groups++;
            }
            groupOf[i] = groups - 1;
            own[i] = (byte) (own[i] >> KIND_SHIFT);
        }
        int[] starts = new int[groups + 1];
        for (int i = n - 1; i >= 0; i--) {
            starts[groupOf[i]] = i;
        }
        starts[groups] = n;
        return new TimelineStructure(own, roles, groupOf, starts, groups, latestUser);
    }

    /**
     * Returns the number of entries.
     *
     * @return the size of the timeline
     */
    int size() {
        return roles.length;
    }

    /**
     * Returns the kind of an entry, as {@link Entry#kind()} does, from the structure's own array.
     *
     * @param index the entry position
     * @return the kind
     */
    Kind kind(int index) {
        return KINDS[kinds[index]];
    }

    /**
     * Returns the attributed role of an entry.
     *
     * @param index the entry position
     * @return USER, ASSISTANT, or {@code null} when the timeline has no non-system message
     */
    Role attributedRole(int index) {
        return toRole(roles[index]);
    }

    /**
     * Returns the role group an entry belongs to.
     *
     * @param index the entry position
     * @return the group number, from 0
     */
    int groupOf(int index) {
        return groupOf[index];
    }

    /**
     * Returns the number of role groups.
     *
     * @return 0 for an empty timeline
     */
    int groupCount() {
        return groupCount;
    }

    /**
     * Returns the first position of a group.
     *
     * @param group the group number
     * @return the inclusive start
     */
    int groupStart(int group) {
        return groupStarts[group];
    }

    /**
     * Returns the end of a group.
     *
     * @param group the group number
     * @return the exclusive end
     */
    int groupEnd(int group) {
        return groupStarts[group + 1];
    }

    /**
     * Returns the attributed role of a group.
     *
     * @param group the group number
     * @return the role, or {@code null}
     */
    Role groupRole(int group) {
        return toRole(roles[groupStarts[group]]);
    }

    /**
     * Returns the latest group.
     *
     * @return the last group number, or {@code -1} for an empty timeline
     */
    int latestGroup() {
        return groupCount - 1;
    }

    /**
     * Returns the position of the latest user turn (the last USER message).
     *
     * @return the index, or {@code -1} when there is none
     */
    int latestUserIndex() {
        return latestUserIndex;
    }

    /**
     * Returns the immediate successor of an entry.
     *
     * @param index the entry position
     * @return {@code index + 1}, or {@code -1} for the last entry
     */
    int successor(int index) {
        return index + 1 < roles.length ? index + 1 : -1;
    }

    private static Role toRole(byte role) {
        return role == USER ? Role.USER : role == ASSISTANT ? Role.ASSISTANT : null;
    }
}
