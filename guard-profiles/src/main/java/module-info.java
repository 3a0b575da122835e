/**
 * Ordering Guard profiles: the shipped behaviours and model-family profiles, model-id selection and
 * profile files. The shipped catalogue is a {@link io.orderingguard.spi.ProfileCatalog} service, so
 * {@code OrderingGuard.builder().profiles("name")} finds it on the module path as on the class path.
 */
module io.orderingguard.profiles {
    requires transitive io.orderingguard.core;

    exports io.orderingguard.profiles;

    provides io.orderingguard.spi.ProfileCatalog with io.orderingguard.profiles.ShippedCatalog;
}
