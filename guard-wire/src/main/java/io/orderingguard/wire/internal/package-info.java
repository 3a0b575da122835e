/**
 * The codecs of {@link io.orderingguard.wire.WireFormat} and what they share: {@code WireParse}
 * (what a parse learned about the original body: entries, their original JSON and positions; a parse
 * for a check keeps the entries only) and
 * {@code Assembler} (lays repaired entries out into wire messages again). Not exported.
 */
package io.orderingguard.wire.internal;
