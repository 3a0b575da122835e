/**
 * Ordering Guard on Redis: a {@link io.orderingguard.spi.Stash} that fleets of stateless application
 * servers share, built on Lettuce.
 */
module io.orderingguard.redis {
    requires transitive io.orderingguard.core;
    // Lettuce declares this name in its manifest (Automatic-Module-Name), so it is stable
    requires transitive lettuce.core;
    requires org.slf4j;

    exports io.orderingguard.redis;
}
