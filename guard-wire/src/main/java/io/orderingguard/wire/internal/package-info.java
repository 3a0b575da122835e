/**
 * The codecs of {@link io.orderingguard.wire.WireFormat} and what they share: {@code OneRead} (the one
 * read of a body: one pass of the parser over its bytes, each message read on its own by the codec's
 * own code and its byte range kept), {@code WireParse} (what a read learned about the original body:
 * entries, their original JSON and positions; a read for a check keeps the entries only),
 * {@code Assembler} (lays repaired entries out into wire messages again) and {@code Splicer} (writes a
 * repaired body into the original bytes, parsing again only the messages a repair changed). Not
 * exported.
 */
package io.orderingguard.wire.internal;
