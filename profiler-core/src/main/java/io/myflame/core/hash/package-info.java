/**
 * Open-addressing hash slots on primitive keys, so interning a frame or a stack allocates nothing
 * per sample.
 */
package io.myflame.core.hash;
