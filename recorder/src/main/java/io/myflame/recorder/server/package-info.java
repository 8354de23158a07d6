/**
 * Database servers to profile: a throwaway MariaDB (a release from Maven Central or the installed
 * one), an existing server, their options, and {@link io.myflame.recorder.server.Sql}: the SQL a
 * recording asks, through the command-line client ({@link io.myflame.recorder.server.SqlClient}).
 */
package io.myflame.recorder.server;
