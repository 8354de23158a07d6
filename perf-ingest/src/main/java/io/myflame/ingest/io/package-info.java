/**
 * File plumbing shared by readers and writers: stdin spooling, private temp files, atomic writes
 * that respect write protection, and terminal detection.
 */
package io.myflame.ingest.io;
