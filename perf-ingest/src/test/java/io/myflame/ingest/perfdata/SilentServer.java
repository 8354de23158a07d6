package io.myflame.ingest.perfdata;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server that accepts connections on a loopback port and never answers: a debuginfod server
 * that hangs. It counts the connections, so a test can tell how often a client asked it.
 */
final class SilentServer implements AutoCloseable {
    private final ServerSocket socket;
    private final List<Socket> held = new ArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    final String url;

    SilentServer() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        url = "http://127.0.0.1:" + socket.getLocalPort();
        Thread t = new Thread(this::acceptForever, "silent-server");
        t.setDaemon(true);
        t.start();
    }

    private void acceptForever() {
        try {
            while (true) {
                Socket s = socket.accept();
                connections.incrementAndGet();
                // Held open, unread and unanswered, until close(): the client waits for its timeout.
                synchronized (held) {
                    held.add(s);
                }
            }
        } catch (IOException e) {
            // Closed: done.
        }
    }

    int connections() {
        return connections.get();
    }

    @Override
    public void close() throws IOException {
        socket.close();
        synchronized (held) {
            for (Socket s : held) {
                s.close();
            }
        }
    }
}
