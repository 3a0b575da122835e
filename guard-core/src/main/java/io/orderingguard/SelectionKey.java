package io.orderingguard;

import io.orderingguard.rule.OrderingProfile;
import java.util.List;

/**
 * The key of a cached {@link GuardPlan}: the profiles a selection chose, compared by identity, which is
 * cheap to hash whatever the size of their rules (selectors hand out the same profile objects).
 */
final class SelectionKey {
    private final List<OrderingProfile> profiles;
    private final int hash;

    SelectionKey(List<OrderingProfile> profiles) {
        this.profiles = profiles;
        int h = 1;
        for (OrderingProfile p : profiles) {
            h = 31 * h + System.identityHashCode(p);
        }
        this.hash = h;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SelectionKey other) || other.profiles.size() != profiles.size()) {
            return false;
        }
        for (int i = 0; i < profiles.size(); i++) {
            if (profiles.get(i) != other.profiles.get(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** @return the profiles, in the order chosen */
    List<OrderingProfile> profiles() {
        return profiles;
    }
}
