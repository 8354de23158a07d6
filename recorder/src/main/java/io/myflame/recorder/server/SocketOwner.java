package io.myflame.recorder.server;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import io.myflame.recorder.workload.Endpoint;

/**
 * Finds the process listening on a Unix socket or local TCP port through /proc: the socket's
 * inode from /proc/net/unix or /proc/net/tcp, then the process holding a descriptor to it.
 */
public final class SocketOwner {
    private SocketOwner() {
    }

    static Long find(Endpoint e) {
        try {
            String inode = e.socket() != null ? unixInode(e.socket()) : tcpInode(e.port());
            return inode == null ? null : holder("socket:[" + inode + "]");
        } catch (IOException ex) {
            return null;
        }
    }

    /** {@code 0000000000000000: 00000002 00000000 00010000 0001 01 23456 /run/mysqld/mysqld.sock}. */
    private static String unixInode(String socket) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/net/unix"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 8 && f[7].equals(socket)) {
                return f[6];
            }
        }
        return null;
    }

    /** {@code 0: 00000000:0CEA 00000000:0000 0A ... 0 12345}: local address, state 0A = LISTEN, inode. */
    private static String tcpInode(int port) throws IOException {
        String hexPort = String.format(Locale.ROOT, ":%04X", port);
        for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(file);
            if (!Files.isReadable(p)) {
                continue;
            }
            for (String line : Files.readAllLines(p)) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 10 && f[1].endsWith(hexPort) && f[3].equals("0A")) {
                    return f[9];
                }
            }
        }
        return null;
    }

    private static Long holder(String link) throws IOException {
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path proc : procs) {
                if (holds(proc.resolve("fd"), link)) {
                    return Long.parseLong(proc.getFileName().toString());
                }
            }
        }
        return null;
    }

    private static boolean holds(Path fdDir, String link) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(link)) {
                        return true;
                    }
                } catch (IOException e) {
                    // descriptor closed meanwhile
                }
            }
        } catch (IOException | SecurityException e) {
            // another user's process
        }
        return false;
    }
}
