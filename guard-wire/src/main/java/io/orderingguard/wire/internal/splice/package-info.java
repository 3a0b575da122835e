/**
 * Splicing a repaired JSON value into the bytes of the original: what both the API's default
 * {@code WireCodec.renderBytes} and the codecs' own rendering write with (a package of its own, so the
 * API package and the codecs' package do not depend on each other). Not exported.
 */
package io.orderingguard.wire.internal.splice;
