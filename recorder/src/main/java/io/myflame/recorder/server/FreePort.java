package io.myflame.recorder.server;

import io.myflame.recorder.error.RecordException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A TCP port nobody listens on right now, so several throwaway servers can run side by side. */
public final class FreePort {
    private FreePort() {
    }

    static int find() throws RecordException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new RecordException("no free TCP port for the server: " + e.getMessage());
        }
    }
}
