/**
 * Profiles in the formats fleet profilers ingest: pprof (gzip'd profile.proto).
 */
package io.myflame.export;
