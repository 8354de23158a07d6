package io.myflame.recorder;

import io.myflame.recorder.server.MariaDbRelease;
import io.myflame.recorder.server.MysqlReleases;
import io.myflame.recorder.server.ServerChoice;
import io.myflame.recorder.server.ServerOption;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import io.myflame.recorder.error.RecordException;

/**
 * The configurations of a sweep, from an INI-like file: one {@code [name]} section per
 * configuration, {@code key = value} lines, {@code #} comments.
 * <pre>
 * [innodb-ahi-off]
 * server-opt = innodb_adaptive_hash_index=OFF
 *
 * [myrocks]
 * server-opt = plugin_load_add=ha_rocksdb
 * server-opt = default_storage_engine=ROCKSDB
 * storage-engine = ROCKSDB
 * # basedir = /opt/mysql-8.0.36   or   mariadb = 11.4.5   or   mysql = 8.0.15   (default: the system's server)
 * </pre>
 */
public final class SweepConfigs {
    /** One configuration: a name, a server and the engine of its tables (null = server default). */
    public record Config(String name, ServerChoice server, String storageEngine) {
    }

    private SweepConfigs() {
    }

    /** A few sections of server options: anything near this size is a file named by mistake. */
    private static final int MAX_BYTES = 16 << 20;

    public static List<Config> read(Path file) throws RecordException {
        List<String> lines;
        // Read through a bound: a file named by mistake may not end (--configs /dev/zero filled the heap).
        try (java.io.InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new RecordException(file + ": more than " + (MAX_BYTES >> 20) + " MB, too large for a configurations file");
            }
            lines = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString().lines().toList();
        } catch (NoSuchFileException e) {
            throw new RecordException(file + ": no such file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new RecordException(file + ": permission denied");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new RecordException(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new RecordException(file + ": cannot read (" + e.getMessage() + ")");
        }
        return parse(lines, file.toString());
    }

    static List<Config> parse(List<String> lines, String source) throws RecordException {
        List<Config> out = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        Section s = null;
        for (int i = 0; i < lines.size(); i++) {
            String where = source + ":" + (i + 1) + ": ";
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[") && line.endsWith("]")) {
                if (s != null) {
                    out.add(s.build(where));
                }
                String name = line.substring(1, line.length() - 1).strip();
                // The name becomes a directory under --out: '..' or '.' would leave it or overwrite it.
                if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.+-]*") || !names.add(name)) {
                    throw new RecordException(where + "configuration name must be unique, start with a letter or "
                            + "digit and use letters, digits, '.', '_', '+', '-': [" + name + "]");
                }
                s = new Section(name);
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0 || s == null) {
                throw new RecordException(where + (s == null ? "expected a [name] section first" : "expected key = value"));
            }
            s.set(line.substring(0, eq).strip(), line.substring(eq + 1).strip(), where);
        }
        if (s != null) {
            out.add(s.build(source + ": "));
        }
        if (out.isEmpty()) {
            throw new RecordException(source + ": no [configuration] sections");
        }
        return out;
    }

    /** A section being read. */
    private static final class Section {
        final String name;
        final List<ServerOption> options = new ArrayList<>();
        String basedir;
        String mariadb;
        String mysql;
        String engine;

        Section(String name) {
            this.name = name;
        }

        void set(String key, String value, String where) throws RecordException {
            try {
                switch (key) {
                    case "server-opt", "server_opt" -> options.add(ServerOption.parse(value));
                    case "basedir" -> basedir = value;
                    case "mariadb" -> mariadb = version(value, MariaDbRelease.isVersion(value), MariaDbRelease.notAVersion(value), where);
                    case "mysql" -> mysql = version(value, MysqlReleases.known(value), MysqlReleases.unknown(value), where);
                    case "storage-engine", "storage_engine" -> engine = value;
                    default -> throw new RecordException(where + "unknown key '" + key
                            + "' (known: server-opt, basedir, mariadb, mysql, storage-engine)");
                }
            } catch (IllegalArgumentException e) {
                throw new RecordException(where + e.getMessage());
            }
        }

        /** A release version, refused with the file's line when it names none that can be had. */
        private static String version(String value, boolean ok, String why, String where) throws RecordException {
            if (!ok) {
                throw new RecordException(where + why);
            }
            return value;
        }

        Config build(String where) throws RecordException {
            try {
                return new Config(name, new ServerChoice(null, null, basedir == null ? null : Path.of(basedir),
                        mariadb, null, options, mysql), engine);
            } catch (IllegalArgumentException e) {
                throw new RecordException(where + "[" + name + "]: " + e.getMessage());
            }
        }
    }
}
