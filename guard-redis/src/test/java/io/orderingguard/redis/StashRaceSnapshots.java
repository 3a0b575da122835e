package io.orderingguard.redis;

import io.orderingguard.spi.Snapshot;
import io.orderingguard.testkit.StashRace;

/** Small snapshots for tests that only care about versions. */
final class StashRaceSnapshots {

    private StashRaceSnapshots() {}

    static Snapshot of(long version) {
        return StashRace.snapshot("test", version, 0, 0);
    }
}
