/**
 * Database servers to profile: a throwaway MariaDB (a release from Maven Central or the installed
 * one), an existing server, their options and the SQL client.
 */
package io.myflame.recorder.server;
