package io.myflame.recorder.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * Where and as whom to connect to a server: a Unix socket, or host and port over TCP. The password
 * is kept out of {@link #toString()} and out of every command line; clients get it through their
 * environment or a private option file.
 */
public record Endpoint(String socket, String host, int port, String user, String password) {

    public static Endpoint socket(String socket, String user) {
        return new Endpoint(socket, null, 0, user, null);
    }

    public Endpoint withPassword(String pw) {
        return new Endpoint(socket, host, port, user, pw);
    }

    /** The connection options of the mysql/mariadb command-line client. */
    public List<String> clientArgs() {
        List<String> a = new ArrayList<>();
        if (socket != null) {
            a.add("--socket=" + socket);
        } else {
            a.add("--protocol=TCP");
            a.add("--host=" + host);
            a.add("--port=" + port);
        }
        a.add("--user=" + user);
        return a;
    }

    /** The connection options of sysbench's mysql driver (the password goes to its config file). */
    public List<String> sysbenchArgs() {
        List<String> a = new ArrayList<>();
        if (socket != null) {
            a.add("--mysql-socket=" + socket);
        } else {
            a.add("--mysql-host=" + host);
            a.add("--mysql-port=" + port);
        }
        a.add("--mysql-user=" + user);
        return a;
    }

    @Override
    public String toString() {
        return (socket != null ? socket : host + ":" + port) + " as " + user;
    }
}
