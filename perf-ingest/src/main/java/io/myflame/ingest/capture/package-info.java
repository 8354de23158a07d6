/**
 * Capture directories written by record: capture.json, the profile files beside it, and grouping
 * several inputs into labelled columns.
 */
package io.myflame.ingest.capture;
