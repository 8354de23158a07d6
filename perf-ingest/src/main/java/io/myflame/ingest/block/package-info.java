/**
 * The parallel line-block reader: splits a text stream into blocks ending at a record boundary,
 * parses them on worker threads, merges the interned results and counts malformed lines with
 * their first location.
 */
package io.myflame.ingest.block;
